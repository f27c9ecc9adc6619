/* Workload files: loading and checking (libyaml document API, so that every
 * error points at a line and column). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "common/error.h"
#include "ptx/types.h"
#include "simtref/workload.h"

typedef struct wl_parser {
  yaml_document_t doc;
  const char *file;
  char dir[ST_WL_PATH_MAX];
  const char *out_dir;
  st_error *err;
} wl_parser;

static st_srcpos node_pos(const wl_parser *p, const yaml_node_t *n) {
  st_srcpos pos = {p->file, (unsigned)n->start_mark.line + 1, (unsigned)n->start_mark.column + 1};
  return pos;
}

static st_status fail(wl_parser *p, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static st_status fail(wl_parser *p, const yaml_node_t *n, const char *fmt, ...) {
  char msg[ST_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return st_error_at(p->err, ST_ERR_WORKLOAD, node_pos(p, n), "%s", msg);
}

static const char *scalar(const yaml_node_t *n) {
  return n != NULL && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *node(wl_parser *p, int id) { return yaml_document_get_node(&p->doc, id); }

/* Iterates over a mapping's pairs. */
#define FOR_PAIRS(p, map, k_, v_)                                                           \
  for (yaml_node_pair_t *pr_##k_ = (map)->data.mapping.pairs.start;                         \
       pr_##k_ < (map)->data.mapping.pairs.top &&                                           \
       ((k_) = node(p, pr_##k_->key), (v_) = node(p, pr_##k_->value), 1);                   \
       pr_##k_++)

static bool file_size(const char *path, uint64_t *size) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
    return false;
  }
  *size = (uint64_t)st.st_size;
  return true;
}

/* Resolves rel (the value of node n) against dir into out
 * (ST_WL_PATH_MAX bytes); a path that does not fit is an error at n. */
static st_status resolve_path(wl_parser *p, const yaml_node_t *n, const char *what,
                              const char *dir, const char *rel, char *out) {
  bool joined = rel[0] != '/' && dir[0] != '\0';
  size_t len = strlen(rel) + (joined ? strlen(dir) + 1 : 0);
  if (len >= ST_WL_PATH_MAX) {
    return fail(p, n, "%s: the path%s is %zu characters, longer than the limit of %d "
                "(PATH_MAX - 1)", what, joined ? " (joined to its directory)" : "", len,
                ST_WL_PATH_MAX - 1);
  }
  char *o = out;
  if (joined) {
    size_t dlen = strlen(dir);
    memcpy(o, dir, dlen);
    o[dlen] = '/';
    o += dlen + 1;
  }
  memcpy(o, rel, strlen(rel) + 1);
  return ST_OK;
}

static int parse_u64(const char *s, uint64_t *v) {
  if (s == NULL || *s == '\0' || *s == '-') {
    return -1;
  }
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno != 0 || *end != '\0') {
    return -1;
  }
  *v = x;
  return 0;
}

static int parse_i64(const char *s, int64_t *v) {
  if (s == NULL || *s == '\0') {
    return -1;
  }
  char *end;
  errno = 0;
  long long x = strtoll(s, &end, 0);
  if (errno != 0 || *end != '\0') {
    return -1;
  }
  *v = x;
  return 0;
}

/* YAML forbids a key twice in one mapping, but libyaml does not check it:
 * an error at the second one. pair is the current pair of map. */
static st_status unique_key(wl_parser *p, const yaml_node_t *map, const yaml_node_pair_t *pair) {
  const char *key = scalar(node(p, pair->key));
  for (const yaml_node_pair_t *q = map->data.mapping.pairs.start; key != NULL && q < pair; q++) {
    const yaml_node_t *k = node(p, q->key);
    const char *other = scalar(k);
    if (other != NULL && strcmp(other, key) == 0) {
      return fail(p, node(p, pair->key), "duplicate key '%s' (first at line %u)", key,
                  (unsigned)k->start_mark.line + 1);
    }
  }
  return ST_OK;
}

/* FOR_PAIRS, failing on a duplicate key. */
#define FOR_UNIQUE_PAIRS(p, map, k_, v_)                                                    \
  FOR_PAIRS(p, map, k_, v_)                                                                 \
  if (unique_key((p), (map), pr_##k_) != ST_OK) {                                           \
    return p->err->code;                                                                    \
  } else

static st_status want_u64(wl_parser *p, const yaml_node_t *n, const char *what, uint64_t max,
                          uint64_t *v) {
  const char *s = scalar(n);
  if (s == NULL || parse_u64(s, v) != 0) {
    return fail(p, n, "%s: expected a non-negative integer", what);
  }
  if (*v > max) {
    char lim[32];
    snprintf(lim, sizeof lim, "%" PRIu64, max);
    return fail(p, n, "%s: larger than %s", what, lim);
  }
  return ST_OK;
}

static st_status parse_dim3(wl_parser *p, yaml_node_t *n, const char *what, st_dim3 *d) {
  d->x = d->y = d->z = 1;
  if (n->type == YAML_SCALAR_NODE) {
    uint64_t v = 1;
    st_status rc = want_u64(p, n, what, UINT32_MAX, &v);
    d->x = (uint32_t)v;
    return rc;
  }
  if (n->type != YAML_SEQUENCE_NODE) {
    return fail(p, n, "%s: expected [x, y, z]", what);
  }
  yaml_node_item_t *it = n->data.sequence.items.start;
  size_t count = (size_t)(n->data.sequence.items.top - it);
  if (count < 1 || count > 3) {
    return fail(p, n, "%s: expected 1 to 3 dimensions", what);
  }
  uint32_t *dims[3] = {&d->x, &d->y, &d->z};
  for (size_t i = 0; i < count; i++) {
    uint64_t v = 1;
    st_status rc = want_u64(p, node(p, it[i]), what, UINT32_MAX, &v);
    if (rc != ST_OK) {
      return rc;
    }
    *dims[i] = (uint32_t)v;
  }
  return ST_OK;
}

static st_status parse_buffer(wl_parser *p, const char *name, yaml_node_t *n, st_wl_buffer *b) {
  memset(b, 0, sizeof *b);
  snprintf(b->name, sizeof b->name, "%s", name);
  b->line = (unsigned)n->start_mark.line + 1;
  b->col = (unsigned)n->start_mark.column + 1;
  if (n->type != YAML_MAPPING_NODE) {
    return fail(p, n, "buffer '%s': expected a mapping {bytes: N, ...}", name);
  }
  bool have_bytes = false;
  yaml_node_t *k, *v;
  yaml_node_t *init_node = NULL, *expect_node = NULL;
  FOR_UNIQUE_PAIRS(p, n, k, v) {
    const char *key = scalar(k);
    if (key == NULL) {
      return fail(p, k, "buffer '%s': expected a key", name);
    }
    st_status rc = ST_OK;
    if (strcmp(key, "bytes") == 0) {
      rc = want_u64(p, v, "bytes", UINT64_C(1) << 36, &b->bytes);
      have_bytes = true;
    } else if (strcmp(key, "init") == 0) {
      const char *s = scalar(v);
      if (s == NULL || s[0] == '\0') {
        return fail(p, v, "init: expected a file name or 'zero'");
      }
      if (strcmp(s, "zero") != 0) {
        rc = resolve_path(p, v, "init", p->dir, s, b->init);
        init_node = v;
      }
    } else if (strcmp(key, "output") == 0) {
      const char *s = scalar(v);
      if (s == NULL || s[0] == '\0') {
        return fail(p, v, "output: expected a file name");
      }
      rc = resolve_path(p, v, "output", p->out_dir ? p->out_dir : p->dir, s, b->output);
    } else if (strcmp(key, "expect") == 0) {
      const char *s = scalar(v);
      if (s == NULL || s[0] == '\0') {
        return fail(p, v, "expect: expected a file name");
      }
      rc = resolve_path(p, v, "expect", p->dir, s, b->expect);
      expect_node = v;
    } else if (strcmp(key, "compare") == 0) {
      if (v->type != YAML_MAPPING_NODE) {
        return fail(p, v, "compare: expected {type: f32|f64, ulp: N}");
      }
      yaml_node_t *ck, *cv;
      FOR_UNIQUE_PAIRS(p, v, ck, cv) {
        const char *ckey = scalar(ck);
        const char *cval = scalar(cv);
        if (ckey != NULL && strcmp(ckey, "type") == 0) {
          if (cval != NULL && strcmp(cval, "f32") == 0) {
            b->compare_type = PT_F32;
          } else if (cval != NULL && strcmp(cval, "f64") == 0) {
            b->compare_type = PT_F64;
          } else {
            return fail(p, cv, "compare.type: expected f32 or f64");
          }
        } else if (ckey != NULL && strcmp(ckey, "ulp") == 0) {
          uint64_t u;
          rc = want_u64(p, cv, "compare.ulp", 1u << 30, &u);
          b->compare_ulp = (uint32_t)u;
        } else {
          return fail(p, ck, "compare: unknown key '%s' (expected type, ulp)", ckey);
        }
        if (rc != ST_OK) {
          return rc;
        }
      }
      if (b->compare_type == 0) {
        return fail(p, v, "compare: 'type' is missing");
      }
    } else {
      return fail(p, k, "buffer '%s': unknown key '%s' (expected bytes, init, output, expect, "
                  "compare)", name, key);
    }
    if (rc != ST_OK) {
      return rc;
    }
  }
  if (!have_bytes) {
    return fail(p, n, "buffer '%s': missing key 'bytes'", name);
  }
  uint64_t size;
  if (init_node != NULL) {
    if (!file_size(b->init, &size)) {
      return fail(p, init_node, "init: cannot read '%s'", b->init);
    }
    if (size != b->bytes) {
      char msg[64];
      snprintf(msg, sizeof msg, "%" PRIu64 " bytes, the buffer has %" PRIu64, size, b->bytes);
      return fail(p, init_node, "init: '%s' has %s", b->init, msg);
    }
  }
  if (expect_node != NULL) {
    if (!file_size(b->expect, &size)) {
      return fail(p, expect_node, "expect: cannot read '%s'", b->expect);
    }
    if (size != b->bytes) {
      char msg[64];
      snprintf(msg, sizeof msg, "%" PRIu64 " bytes, the buffer has %" PRIu64, size, b->bytes);
      return fail(p, expect_node, "expect: '%s' has %s", b->expect, msg);
    }
    if (b->compare_type != 0 && b->bytes % st_ptype_size((st_ptype)b->compare_type) != 0) {
      return fail(p, expect_node, "expect: size is not a whole number of elements");
    }
  }
  return ST_OK;
}

typedef struct scalar_kind {
  const char *name;
  st_ptype type;
} scalar_kind;

static const scalar_kind scalar_kinds[] = {
    {"u8", PT_U8},   {"s8", PT_S8},   {"u16", PT_U16}, {"s16", PT_S16}, {"u32", PT_U32},
    {"s32", PT_S32}, {"u64", PT_U64}, {"s64", PT_S64}, {"f32", PT_F32}, {"f64", PT_F64},
    {"b32", PT_B32}, {"b64", PT_B64}, {NULL, PT_NONE}};

static st_status parse_scalar_value(wl_parser *p, yaml_node_t *v, st_ptype t, st_arg *arg) {
  unsigned size = st_ptype_size(t);
  arg->size = size;
  if (v->type == YAML_MAPPING_NODE) {
    yaml_node_t *k, *x;
    FOR_PAIRS(p, v, k, x) {
      const char *key = scalar(k);
      if (key == NULL || strcmp(key, "bits") != 0) {
        return fail(p, k, "expected {bits: 0x...}");
      }
      uint64_t bits;
      if (parse_u64(scalar(x), &bits) != 0 || (size < 8 && bits >> (size * 8) != 0)) {
        return fail(p, x, "bits: expected an unsigned integer that fits the type");
      }
      arg->bits = bits;
      return ST_OK;
    }
    return fail(p, v, "expected {bits: 0x...}");
  }
  const char *s = scalar(v);
  if (s == NULL) {
    return fail(p, v, "expected a scalar value");
  }
  if (t == PT_F32 || t == PT_F64) {
    char *end;
    errno = 0;
    if (t == PT_F32) {
      float f = strtof(s, &end);
      if (*s == '\0' || *end != '\0') {
        return fail(p, v, "expected a floating-point number, got '%s'", s);
      }
      uint32_t b;
      memcpy(&b, &f, 4);
      arg->bits = b;
    } else {
      double d = strtod(s, &end);
      if (*s == '\0' || *end != '\0') {
        return fail(p, v, "expected a floating-point number, got '%s'", s);
      }
      memcpy(&arg->bits, &d, 8);
    }
    return ST_OK;
  }
  int64_t iv;
  uint64_t uv;
  if (st_ptype_is_signed(t)) {
    if (parse_i64(s, &iv) != 0) {
      return fail(p, v, "expected an integer, got '%s'", s);
    }
    int64_t lo = size == 8 ? INT64_MIN : -(INT64_C(1) << (size * 8 - 1));
    int64_t hi = size == 8 ? INT64_MAX : (INT64_C(1) << (size * 8 - 1)) - 1;
    if (iv < lo || iv > hi) {
      return fail(p, v, "%s does not fit the parameter type", s);
    }
    uv = (uint64_t)iv;
  } else {
    if (parse_u64(s, &uv) != 0) {
      return fail(p, v, "expected a non-negative integer, got '%s'", s);
    }
    if (size < 8 && uv >> (size * 8) != 0) {
      return fail(p, v, "%s does not fit the parameter type", s);
    }
  }
  arg->bits = size == 8 ? uv : uv & ((UINT64_C(1) << (size * 8)) - 1);
  return ST_OK;
}

/* Largest by-value parameter a file may give (the PTX parameter space of a
 * kernel is 4 KB on sm_70 and earlier, 32 KB from Volta on). */
#define WL_MAX_PARAM_BYTES 32764u

/* {bytes: "00 01 ff ..."}: hex digits in pairs; spaces, '_' and ':' between
 * pairs are ignored. */
static st_status parse_hex_bytes(wl_parser *p, yaml_node_t *v, st_wl_param *out) {
  const char *s = scalar(v);
  if (s == NULL) {
    return fail(p, v, "bytes: expected a string of hexadecimal byte pairs, e.g. \"0a 00 00 00\"");
  }
  size_t digits = 0;
  for (const char *c = s; *c; c++) {
    if (isxdigit((unsigned char)*c)) {
      digits++;
    } else if (*c != ' ' && *c != '_' && *c != ':' && *c != '\n' && *c != '\t') {
      return fail(p, v, "bytes: '%c' is not a hexadecimal digit", *c);
    }
  }
  if (digits == 0 || digits % 2 != 0) {
    return fail(p, v, "bytes: expected whole bytes (pairs of hexadecimal digits), got %zu digits",
                digits);
  }
  if (digits / 2 > WL_MAX_PARAM_BYTES) {
    return fail(p, v, "bytes: %zu bytes, more than a kernel's parameter space (%u)", digits / 2,
                WL_MAX_PARAM_BYTES);
  }
  out->bytes = malloc(digits / 2);
  if (out->bytes == NULL) {
    return fail(p, v, "out of memory");
  }
  size_t k = 0;
  int hi = -1;
  for (const char *c = s; *c; c++) {
    if (!isxdigit((unsigned char)*c)) {
      continue;
    }
    int d = isdigit((unsigned char)*c) ? *c - '0' : (tolower((unsigned char)*c) - 'a' + 10);
    if (hi < 0) {
      hi = d;
    } else {
      out->bytes[k++] = (uint8_t)(hi << 4 | d);
      hi = -1;
    }
  }
  out->arg.size = (uint32_t)k;
  return ST_OK;
}

/* {file: NAME}: the whole file (relative to the workload file) is the value. */
static st_status parse_file_bytes(wl_parser *p, yaml_node_t *v, st_wl_param *out) {
  const char *s = scalar(v);
  if (s == NULL || *s == '\0') {
    return fail(p, v, "file: expected a file name");
  }
  char path[ST_WL_PATH_MAX];
  st_status rc = resolve_path(p, v, "file", p->dir, s, path);
  if (rc != ST_OK) {
    return rc;
  }
  uint64_t size;
  if (!file_size(path, &size)) {
    return fail(p, v, "file: cannot read '%s'", path);
  }
  if (size == 0 || size > WL_MAX_PARAM_BYTES) {
    return fail(p, v, "file: '%s' has %" PRIu64 " bytes; a parameter has 1 to %u", path, size,
                WL_MAX_PARAM_BYTES);
  }
  out->bytes = malloc((size_t)size);
  FILE *f = out->bytes != NULL ? fopen(path, "rb") : NULL;
  size_t got = f != NULL ? fread(out->bytes, 1, (size_t)size, f) : 0;
  if (f != NULL) {
    fclose(f);
  }
  if (got != size) {
    return fail(p, v, "file: cannot read '%s'", path);
  }
  out->arg.size = (uint32_t)size;
  return ST_OK;
}

/* {fields: [{KIND: VALUE}, ...]}: a C struct laid out as a C compiler for
 * the GPU would: each field at the next multiple of its size, the whole
 * padded to the largest field's size. Padding bytes are zero. */
static st_status parse_fields(wl_parser *p, yaml_node_t *v, st_wl_param *out) {
  if (v->type != YAML_SEQUENCE_NODE) {
    return fail(p, v, "fields: expected a list of {KIND: VALUE}, e.g. [{s32: 4}, {f64: 0.5}]");
  }
  static uint8_t buf[WL_MAX_PARAM_BYTES];
  memset(buf, 0, sizeof buf);
  uint32_t at = 0, largest = 1;
  for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
       it++) {
    yaml_node_t *fn = yaml_document_get_node(&p->doc, *it);
    yaml_node_t *k = NULL, *x = NULL;
    if (fn == NULL || fn->type != YAML_MAPPING_NODE ||
        fn->data.mapping.pairs.top - fn->data.mapping.pairs.start != 1) {
      return fail(p, fn ? fn : v, "fields: each field is one {KIND: VALUE}");
    }
    k = yaml_document_get_node(&p->doc, fn->data.mapping.pairs.start->key);
    x = yaml_document_get_node(&p->doc, fn->data.mapping.pairs.start->value);
    const char *key = k ? scalar(k) : NULL;
    const scalar_kind *sk = scalar_kinds;
    while (key != NULL && sk->name != NULL && strcmp(sk->name, key) != 0) {
      sk++;
    }
    if (key == NULL || sk->name == NULL) {
      return fail(p, k ? k : fn, "fields: unknown field kind '%s' (expected u8 s8 u16 s16 u32 "
                  "s32 u64 s64 f32 f64 b32 b64)", key ? key : "");
    }
    st_arg a;
    memset(&a, 0, sizeof a);
    st_status rc = parse_scalar_value(p, x, sk->type, &a);
    if (rc != ST_OK) {
      return rc;
    }
    at = (at + a.size - 1) / a.size * a.size;
    if (at + a.size > sizeof buf) {
      return fail(p, fn, "fields: more than a kernel's parameter space (%u bytes)",
                  WL_MAX_PARAM_BYTES);
    }
    memcpy(buf + at, &a.bits, a.size); /* little-endian */
    at += a.size;
    largest = a.size > largest ? a.size : largest;
  }
  if (at == 0) {
    return fail(p, v, "fields: the list is empty");
  }
  uint32_t total = (at + largest - 1) / largest * largest;
  out->bytes = calloc(1, total);
  if (out->bytes == NULL) {
    return fail(p, v, "out of memory");
  }
  memcpy(out->bytes, buf, at); /* the tail padding stays zero */
  out->arg.size = total;
  return ST_OK;
}

static st_status parse_param(wl_parser *p, const st_workload *wl, yaml_node_t *n,
                             st_wl_param *out) {
  memset(out, 0, sizeof *out);
  out->line = (unsigned)n->start_mark.line + 1;
  out->col = (unsigned)n->start_mark.column + 1;
  if (n->type != YAML_MAPPING_NODE) {
    return fail(p, n, "a parameter is {buffer: NAME} or {KIND: VALUE}");
  }
  yaml_node_t *k, *v;
  bool have = false;
  FOR_UNIQUE_PAIRS(p, n, k, v) {
    const char *key = scalar(k);
    if (key == NULL) {
      return fail(p, k, "expected a key");
    }
    if (strcmp(key, "offset") == 0) {
      st_status rc = want_u64(p, v, "offset", UINT64_C(1) << 40, &out->offset);
      if (rc != ST_OK) {
        return rc;
      }
      continue;
    }
    if (strcmp(key, "align") == 0) {
      uint64_t a;
      st_status rc = want_u64(p, v, "align", 4096, &a);
      if (rc != ST_OK) {
        return rc;
      }
      if (a == 0 || (a & (a - 1)) != 0) {
        return fail(p, v, "align: expected a power of two, got %" PRIu64, a);
      }
      out->align = (uint32_t)a;
      continue;
    }
    if (have) {
      return fail(p, k, "a parameter has one kind; '%s' is a second one", key);
    }
    have = true;
    if (strcmp(key, "buffer") == 0) {
      const char *name = scalar(v);
      size_t i = 0;
      while (name != NULL && i < wl->n_buffers && strcmp(wl->buffers[i].name, name) != 0) {
        i++;
      }
      if (name == NULL || i == wl->n_buffers) {
        return fail(p, v, "unknown buffer '%s'", name ? name : "");
      }
      out->is_buffer = 1;
      out->buffer = (uint32_t)i;
      out->arg.size = 8;
      continue;
    }
    if (strcmp(key, "bytes") == 0 || strcmp(key, "file") == 0 || strcmp(key, "fields") == 0) {
      st_status rc = strcmp(key, "bytes") == 0  ? parse_hex_bytes(p, v, out)
                     : strcmp(key, "file") == 0 ? parse_file_bytes(p, v, out)
                                                : parse_fields(p, v, out);
      if (rc != ST_OK) {
        return rc;
      }
      out->arg.data = out->bytes;
      continue;
    }
    const scalar_kind *sk = scalar_kinds;
    while (sk->name != NULL && strcmp(sk->name, key) != 0) {
      sk++;
    }
    if (sk->name == NULL) {
      return fail(p, k, "unknown parameter kind '%s' (expected buffer, u8 s8 u16 s16 u32 s32 u64 "
                  "s64 f32 f64 b32 b64, or bytes, file, fields for a struct or array passed by "
                  "value)", key);
    }
    st_status rc = parse_scalar_value(p, v, sk->type, &out->arg);
    if (rc != ST_OK) {
      return rc;
    }
  }
  if (!have) {
    return fail(p, n, "a parameter needs a kind (buffer or a scalar type)");
  }
  if (out->offset != 0 && !out->is_buffer) {
    return fail(p, n, "offset applies to buffer parameters only");
  }
  if (out->align != 0 && out->bytes == NULL) {
    return fail(p, n, "align applies to parameters passed by value as bytes, file or fields");
  }
  return ST_OK;
}

static st_status parse_launch(wl_parser *p, const st_workload *wl, yaml_node_t *n,
                              st_wl_launch *l) {
  memset(l, 0, sizeof *l);
  l->line = (unsigned)n->start_mark.line + 1;
  l->col = (unsigned)n->start_mark.column + 1;
  l->grid = l->block = st_dim3_make(1, 1, 1);
  if (n->type != YAML_MAPPING_NODE) {
    return fail(p, n, "a launch is a mapping {entry: ..., grid: ..., block: ...}");
  }
  bool have_entry = false, have_grid = false, have_block = false;
  yaml_node_t *k, *v;
  FOR_UNIQUE_PAIRS(p, n, k, v) {
    const char *key = scalar(k);
    st_status rc = ST_OK;
    if (key == NULL) {
      return fail(p, k, "expected a key");
    }
    if (strcmp(key, "entry") == 0) {
      const char *s = scalar(v);
      if (s == NULL || s[0] == '\0') {
        return fail(p, v, "entry: expected a kernel name");
      }
      if (strlen(s) >= sizeof l->entry) {
        return fail(p, v, "entry: the kernel name is longer than %zu characters",
                    sizeof l->entry - 1);
      }
      snprintf(l->entry, sizeof l->entry, "%s", s);
      have_entry = true;
    } else if (strcmp(key, "grid") == 0) {
      rc = parse_dim3(p, v, "grid", &l->grid);
      have_grid = true;
    } else if (strcmp(key, "block") == 0) {
      rc = parse_dim3(p, v, "block", &l->block);
      have_block = true;
    } else if (strcmp(key, "shared_bytes") == 0) {
      uint64_t s;
      rc = want_u64(p, v, "shared_bytes", UINT32_MAX, &s);
      l->shared_bytes = (uint32_t)s;
    } else if (strcmp(key, "stream") == 0) {
      uint64_t s;
      rc = want_u64(p, v, "stream", 1023, &s);
      l->stream = (uint32_t)s;
    } else if (strcmp(key, "params") == 0) {
      if (v->type != YAML_SEQUENCE_NODE) {
        return fail(p, v, "params: expected a list");
      }
      yaml_node_item_t *it = v->data.sequence.items.start;
      size_t count = (size_t)(v->data.sequence.items.top - it);
      l->params = calloc(count ? count : 1, sizeof *l->params);
      if (l->params == NULL) {
        return st_error_set(p->err, ST_ERR_NOMEM, "out of memory");
      }
      for (size_t i = 0; i < count; i++) {
        rc = parse_param(p, wl, node(p, it[i]), &l->params[i]);
        if (rc != ST_OK) {
          free(l->params[i].bytes); /* not counted in n_params yet */
          return rc;
        }
        l->n_params++;
      }
    } else {
      return fail(p, k, "launch: unknown key '%s' (expected entry, grid, block, shared_bytes, "
                  "stream, params)", key);
    }
    if (rc != ST_OK) {
      return rc;
    }
  }
  if (!have_entry) {
    return fail(p, n, "launch: missing key 'entry'");
  }
  if (!have_grid || !have_block) {
    return fail(p, n, "launch: missing key '%s'", have_grid ? "block" : "grid");
  }
  return ST_OK;
}

static st_status parse_root(wl_parser *p, st_workload *wl) {
  yaml_node_t *root = yaml_document_get_root_node(&p->doc);
  if (root == NULL || root->type != YAML_MAPPING_NODE) {
    st_srcpos pos = {p->file, 1, 1};
    return st_error_at(p->err, ST_ERR_WORKLOAD, pos,
                       "a workload file is a mapping with keys ptx, buffers, launches");
  }
  yaml_node_t *k, *v, *buffers = NULL, *launches = NULL, *ptx = NULL;
  FOR_UNIQUE_PAIRS(p, root, k, v) {
    const char *key = scalar(k);
    if (key != NULL && strcmp(key, "ptx") == 0) {
      ptx = v;
    } else if (key != NULL && strcmp(key, "buffers") == 0) {
      buffers = v;
    } else if (key != NULL && strcmp(key, "launches") == 0) {
      launches = v;
    } else {
      return fail(p, k, "unknown key '%s' (expected ptx, buffers, launches)", key ? key : "");
    }
  }
  if (ptx == NULL || scalar(ptx) == NULL || scalar(ptx)[0] == '\0') {
    return fail(p, ptx ? ptx : root, "missing key 'ptx' (the PTX file to load)");
  }
  st_status prc = resolve_path(p, ptx, "ptx", p->dir, scalar(ptx), wl->ptx);
  if (prc != ST_OK) {
    return prc;
  }
  uint64_t size;
  if (!file_size(wl->ptx, &size)) {
    return fail(p, ptx, "ptx: cannot read '%s'", wl->ptx);
  }
  if (buffers != NULL) {
    if (buffers->type != YAML_MAPPING_NODE) {
      return fail(p, buffers, "buffers: expected a mapping of names to buffers");
    }
    size_t count = (size_t)(buffers->data.mapping.pairs.top - buffers->data.mapping.pairs.start);
    wl->buffers = calloc(count ? count : 1, sizeof *wl->buffers);
    if (wl->buffers == NULL) {
      return st_error_set(p->err, ST_ERR_NOMEM, "out of memory");
    }
    FOR_PAIRS(p, buffers, k, v) {
      const char *name = scalar(k);
      if (name == NULL || name[0] == '\0') {
        return fail(p, k, "expected a buffer name");
      }
      if (strlen(name) >= ST_WL_NAME_MAX) {
        return fail(p, k, "the buffer name is longer than %d characters", ST_WL_NAME_MAX - 1);
      }
      for (size_t i = 0; i < wl->n_buffers; i++) {
        if (strcmp(wl->buffers[i].name, name) == 0) {
          return fail(p, k, "duplicate buffer '%s'", name);
        }
      }
      st_status rc = parse_buffer(p, name, v, &wl->buffers[wl->n_buffers]);
      wl->n_buffers++;
      if (rc != ST_OK) {
        return rc;
      }
    }
  }
  if (launches == NULL || launches->type != YAML_SEQUENCE_NODE) {
    return fail(p, launches ? launches : root, "launches: expected a list of launches");
  }
  yaml_node_item_t *it = launches->data.sequence.items.start;
  size_t count = (size_t)(launches->data.sequence.items.top - it);
  if (count == 0) {
    return fail(p, launches, "launches: the list is empty");
  }
  wl->launches = calloc(count, sizeof *wl->launches);
  if (wl->launches == NULL) {
    return st_error_set(p->err, ST_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < count; i++) {
    st_status rc = parse_launch(p, wl, node(p, it[i]), &wl->launches[i]);
    wl->n_launches++;
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}

void st_workload_free(st_workload *wl) {
  if (wl == NULL) {
    return;
  }
  for (size_t i = 0; i < wl->n_launches; i++) {
    for (size_t j = 0; j < wl->launches[i].n_params; j++) {
      free(wl->launches[i].params[j].bytes);
    }
    free(wl->launches[i].params);
  }
  free(wl->launches);
  free(wl->buffers);
  free(wl);
}

st_status st_workload_load(const char *path, const char *out_dir, st_workload **out,
                           st_error *err) {
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: error: cannot open workload file: %s", path,
                        strerror(errno));
  }
  st_workload *wl = calloc(1, sizeof *wl);
  if (wl == NULL) {
    fclose(f);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  if (strlen(path) >= sizeof wl->path) {
    fclose(f);
    free(wl);
    return st_error_set(err, ST_ERR_WORKLOAD,
                        "%s: error: the path is %zu characters, longer than the limit of %d "
                        "(PATH_MAX - 1)", path, strlen(path), ST_WL_PATH_MAX - 1);
  }
  memcpy(wl->path, path, strlen(path) + 1);
  wl_parser p;
  memset(&p, 0, sizeof p);
  p.file = wl->path;
  p.out_dir = out_dir;
  p.err = err;
  const char *slash = strrchr(path, '/');
  if (slash != NULL) {
    snprintf(p.dir, sizeof p.dir, "%.*s", (int)(slash - path), path);
    if (p.dir[0] == '\0') {
      snprintf(p.dir, sizeof p.dir, "/");
    }
  }
  yaml_parser_t parser;
  st_status rc = ST_OK;
  if (!yaml_parser_initialize(&parser)) {
    rc = st_error_set(err, ST_ERR_NOMEM, "out of memory");
  } else {
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &p.doc)) {
      st_srcpos pos = {p.file, (unsigned)parser.problem_mark.line + 1,
                       (unsigned)parser.problem_mark.column + 1};
      rc = st_error_at(err, ST_ERR_WORKLOAD, pos, "YAML: %s",
                       parser.problem ? parser.problem : "syntax error");
    } else {
      rc = parse_root(&p, wl);
      yaml_document_delete(&p.doc);
    }
    yaml_parser_delete(&parser);
  }
  fclose(f);
  if (rc != ST_OK) {
    st_workload_free(wl);
    return rc;
  }
  *out = wl;
  return ST_OK;
}
