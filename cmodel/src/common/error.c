#include "common/error.h"

#include <stdio.h>
#include <string.h>

void st_error_clear(st_error *err) {
  err->code = ST_OK;
  err->msg[0] = '\0';
}

static st_status st_error_vset(st_error *err, st_status code, const char *prefix,
                               const char *fmt, va_list ap) {
  if (err == NULL || err->code != ST_OK) {
    return code;
  }
  err->code = code;
  size_t n = 0;
  if (prefix != NULL && prefix[0] != '\0') {
    int w = snprintf(err->msg, sizeof err->msg, "%s: ", prefix);
    n = w < 0 ? 0 : (size_t)w;
    if (n >= sizeof err->msg) {
      n = sizeof err->msg - 1;
    }
  }
  vsnprintf(err->msg + n, sizeof err->msg - n, fmt, ap);
  return code;
}

st_status st_error_set(st_error *err, st_status code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  st_error_vset(err, code, NULL, fmt, ap);
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
  char where[600];
  st_srcpos_format(pos, where, sizeof where);
  char prefix[640];
  snprintf(prefix, sizeof prefix, "%s: error", where);
  va_list ap;
  va_start(ap, fmt);
  st_error_vset(err, code, prefix, fmt, ap);
  va_end(ap);
  return code;
}
