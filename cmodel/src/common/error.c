#include "common/error.h"

#include <stdio.h>
#include <string.h>

void st_error_clear(st_error *err) {
  err->code = ST_OK;
  err->msg[0] = '\0';
}

/* Appends to err->msg at *n; the message is cut short only if it exceeds
 * ST_ERROR_MSG_MAX, which holds two full-length paths and their text. */
static void msg_vappend(st_error *err, size_t *n, const char *fmt, va_list ap) {
  if (*n >= sizeof err->msg - 1) {
    return;
  }
  int w = vsnprintf(err->msg + *n, sizeof err->msg - *n, fmt, ap);
  if (w > 0) {
    *n += (size_t)w < sizeof err->msg - *n ? (size_t)w : sizeof err->msg - 1 - *n;
  }
}

static void msg_append(st_error *err, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void msg_append(st_error *err, size_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  msg_vappend(err, n, fmt, ap);
  va_end(ap);
}

st_status st_error_set(st_error *err, st_status code, const char *fmt, ...) {
  if (err == NULL || err->code != ST_OK) {
    return code;
  }
  err->code = code;
  err->msg[0] = '\0';
  size_t n = 0;
  va_list ap;
  va_start(ap, fmt);
  msg_vappend(err, &n, fmt, ap);
  va_end(ap);
  return code;
}

void st_srcpos_format(st_srcpos pos, char *buf, size_t size) {
  const char *file = pos.file != NULL ? pos.file : "<input>";
  if (pos.line == 0) {
    snprintf(buf, size, "%s", file);
  } else if (pos.col == 0) {
    snprintf(buf, size, "%s:%u", file, pos.line);
  } else {
    snprintf(buf, size, "%s:%u:%u", file, pos.line, pos.col);
  }
}

st_status st_error_at(st_error *err, st_status code, st_srcpos pos, const char *fmt, ...) {
  if (err == NULL || err->code != ST_OK) {
    return code;
  }
  err->code = code;
  err->msg[0] = '\0';
  size_t n = 0;
  /* Formatted in place: a long file name never pushes line:col out. */
  const char *file = pos.file != NULL ? pos.file : "<input>";
  if (pos.line == 0) {
    msg_append(err, &n, "%s: error: ", file);
  } else if (pos.col == 0) {
    msg_append(err, &n, "%s:%u: error: ", file, pos.line);
  } else {
    msg_append(err, &n, "%s:%u:%u: error: ", file, pos.line, pos.col);
  }
  va_list ap;
  va_start(ap, fmt);
  msg_vappend(err, &n, fmt, ap);
  va_end(ap);
  return code;
}
