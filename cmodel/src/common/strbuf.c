#include "common/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool st_strbuf_reserve(st_strbuf *sb, size_t extra) {
  if (sb->failed) {
    return false;
  }
  size_t need = sb->len + extra + 1;
  if (need <= sb->cap) {
    return true;
  }
  size_t cap = sb->cap ? sb->cap : 256;
  while (cap < need) {
    cap *= 2;
  }
  char *p = realloc(sb->data, cap);
  if (p == NULL) {
    sb->failed = true;
    return false;
  }
  sb->data = p;
  sb->cap = cap;
  return true;
}

void st_strbuf_append(st_strbuf *sb, const char *s, size_t n) {
  if (!st_strbuf_reserve(sb, n)) {
    return;
  }
  memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void st_strbuf_puts(st_strbuf *sb, const char *s) { st_strbuf_append(sb, s, strlen(s)); }

void st_strbuf_printf(st_strbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !st_strbuf_reserve(sb, (size_t)n)) {
    return;
  }
  va_start(ap, fmt);
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb->len += (size_t)n;
}

const char *st_strbuf_cstr(const st_strbuf *sb) { return sb->data ? sb->data : ""; }

void st_strbuf_free(st_strbuf *sb) {
  free(sb->data);
  sb->data = NULL;
  sb->len = sb->cap = 0;
  sb->failed = false;
}
