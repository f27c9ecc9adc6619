/* The unit contract's generic helpers (unit.h): parameters as RTL overrides. */
#include "units/unit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t param_get(const st_uparam *q, const void *params) {
  const uint8_t *p = (const uint8_t *)params + q->offset;
  switch (q->bytes) {
  case 1: return *p;
  case 2: return *(const uint16_t *)(const void *)p;
  case 4: return *(const uint32_t *)(const void *)p;
  default: return *(const uint64_t *)(const void *)p;
  }
}

static bool param_set(const st_uparam *q, void *params, uint64_t v) {
  uint8_t *p = (uint8_t *)params + q->offset;
  if (q->bytes < 8 && v >> (8 * q->bytes) != 0) {
    return false;
  }
  switch (q->bytes) {
  case 1: *p = (uint8_t)v; break;
  case 2: *(uint16_t *)(void *)p = (uint16_t)v; break;
  case 4: *(uint32_t *)(void *)p = (uint32_t)v; break;
  default: *(uint64_t *)(void *)p = v; break;
  }
  return true;
}

bool st_unit_rtl_params(const st_unit_desc *d, const void *params, char *buf, size_t size) {
  size_t o = 0;
  if (size == 0) {
    return false;
  }
  buf[0] = '\0';
  for (unsigned i = 0; i < d->n_params; i++) {
    int w = snprintf(buf + o, size - o, "%s%s=%llu", i ? " " : "", d->params[i].name,
                     (unsigned long long)param_get(&d->params[i], params));
    if (w < 0 || (size_t)w >= size - o) {
      return false;
    }
    o += (size_t)w;
  }
  return true;
}

bool st_unit_parse_params(const st_unit_desc *d, const char *text, void *params, char *why,
                          size_t why_size) {
  bool seen[ST_UNIT_MAX_FIELDS] = {false};
  const char *p = text;
  for (;;) {
    while (*p == ' ') {
      p++;
    }
    if (*p == '\0') {
      break;
    }
    size_t len = strcspn(p, " ");
    const char *eq = memchr(p, '=', len);
    if (eq == NULL) {
      snprintf(why, why_size, "'%.*s' is not NAME=VALUE", (int)len, p);
      return false;
    }
    size_t nlen = (size_t)(eq - p);
    unsigned k = 0;
    while (k < d->n_params && !(strlen(d->params[k].name) == nlen &&
                                memcmp(d->params[k].name, p, nlen) == 0)) {
      k++;
    }
    if (k == d->n_params || k >= ST_UNIT_MAX_FIELDS) {
      snprintf(why, why_size, "%s has no parameter %.*s", d->name, (int)nlen, p);
      return false;
    }
    if (seen[k]) {
      snprintf(why, why_size, "parameter %s given twice", d->params[k].name);
      return false;
    }
    char num[32];
    size_t vlen = len - nlen - 1;
    if (vlen == 0 || vlen >= sizeof num) {
      snprintf(why, why_size, "parameter %s: bad value '%.*s'", d->params[k].name, (int)vlen,
               eq + 1);
      return false;
    }
    memcpy(num, eq + 1, vlen);
    num[vlen] = '\0';
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(num, &end, 10);
    if (*end != '\0' || errno != 0 || num[0] == '-' || !param_set(&d->params[k], params, v)) {
      snprintf(why, why_size, "parameter %s: bad value '%s'", d->params[k].name, num);
      return false;
    }
    seen[k] = true;
    p += len;
  }
  for (unsigned k = 0; k < d->n_params && k < ST_UNIT_MAX_FIELDS; k++) {
    if (!seen[k]) {
      snprintf(why, why_size, "parameter %s of %s is missing", d->params[k].name, d->name);
      return false;
    }
  }
  return true;
}
