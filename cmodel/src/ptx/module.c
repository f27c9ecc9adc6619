/* Module lifetime and lookup: reading a PTX file, freeing a module, finding
 * a function by name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ir.h"

/* Refuse files larger than this (PTX of real kernels is far smaller). */
#define PTX_MAX_FILE_BYTES (UINT64_C(1) << 30)

st_status st_ptx_parse_file(const char *path, st_module **out, st_error *err) {
  *out = NULL;
  if (err != NULL) {
    st_error_clear(err);
  }
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
  }
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      size_t ncap = cap ? cap * 2 : 65536;
      if (ncap > PTX_MAX_FILE_BYTES) {
        free(text);
        fclose(f);
        return st_error_set(err, ST_ERR_IO, "'%s' is too large", path);
      }
      char *q = realloc(text, ncap);
      if (q == NULL) {
        free(text);
        fclose(f);
        return st_error_set(err, ST_ERR_NOMEM, "out of memory reading '%s'", path);
      }
      text = q;
      cap = ncap;
    }
    size_t got = fread(text + len, 1, cap - len, f);
    len += got;
    if (got == 0) {
      break;
    }
  }
  bool read_error = ferror(f) != 0;
  fclose(f);
  if (read_error) {
    free(text);
    return st_error_set(err, ST_ERR_IO, "cannot read '%s'", path);
  }
  st_status s = st_ptx_parse(text, len, path, out, err);
  free(text);
  return s;
}

void st_module_free(st_module *m) {
  if (m == NULL) {
    return;
  }
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    free(m->funcs[i].params);
    free(m->funcs[i].rets);
    free(m->funcs[i].rows);
  }
  free(m->source_name);
  free(m->funcs);
  free(m->insts);
  free(m->regs);
  free(m->syms);
  free(m->vec_elems);
  free(m->call_syms);
  free(m->data);
  free(m->relocs);
  free(m->strings);
  free(m);
}

const st_function *st_module_find_func(const st_module *m, const char *name) {
  for (uint32_t i = 0; i < m->n_funcs; i++) {
    if (strcmp(st_module_str(m, m->funcs[i].name), name) == 0) {
      return &m->funcs[i];
    }
  }
  return NULL;
}
