/* The error record every fallible simtref call fills in. */
#ifndef SIMTREF_ERROR_H
#define SIMTREF_ERROR_H

#include "simtref/status.h"

/* Bytes of an error message: room for two paths of PATH_MAX (a file:line:col
 * and a file it names) and the text about them. */
#define ST_ERROR_MSG_MAX (3 * 4096)

/* The first error of an operation: a status and a message such as
 * "k.ptx:12:5: error: unknown opcode 'foo'". code is ST_OK while nothing failed. */
typedef struct st_error {
  st_status code;
  char msg[ST_ERROR_MSG_MAX];
} st_error;

/* Clears err to ST_OK with an empty message. */
void st_error_clear(st_error *err);

#endif
