/* Error reporting: one error record carried through every fallible call. */
#ifndef SIMTREF_COMMON_ERROR_H
#define SIMTREF_COMMON_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "simtref/error.h"
#include "simtref/status.h"

/* A place in an input text. line and col count from 1; 0 means "unknown". */
typedef struct st_srcpos {
  const char *file; /* not owned; NULL when there is no file */
  unsigned line;
  unsigned col;
} st_srcpos;

/* Records an error with no source position. Keeps the first error: a second
 * call on an err that already holds one is ignored. Returns code. */
st_status st_error_set(st_error *err, st_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records an error at pos, formatted "file:line:col: error: msg". Keeps the
 * first error. Returns code. */
st_status st_error_at(st_error *err, st_status code, st_srcpos pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Formats "file:line:col" (omitting what is unknown) into buf. */
void st_srcpos_format(st_srcpos pos, char *buf, size_t size);

#endif
