/* A growable text buffer for dumps, reports and JSON. */
#ifndef SIMTREF_COMMON_STRBUF_H
#define SIMTREF_COMMON_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct st_strbuf {
  char *data;  /* always NUL-terminated once anything was appended */
  size_t len;
  size_t cap;
  bool failed; /* an allocation failed; contents are truncated */
} st_strbuf;

#define ST_STRBUF_INIT {NULL, 0, 0, false}

/* Appends printf-formatted text. On allocation failure sets sb->failed. */
void st_strbuf_printf(st_strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends n bytes of s. */
void st_strbuf_append(st_strbuf *sb, const char *s, size_t n);
/* Appends a NUL-terminated string. */
void st_strbuf_puts(st_strbuf *sb, const char *s);
/* The text so far ("" when empty). */
const char *st_strbuf_cstr(const st_strbuf *sb);
/* Frees the buffer and resets it to empty. */
void st_strbuf_free(st_strbuf *sb);

#endif
