/* Ordered statistics sets and their text and JSON forms. */
#include "simtref/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

void st_statset_init(st_statset *s, const char *name) {
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
}

void st_statset_free(st_statset *s) {
  free(s->v);
  s->v = NULL;
  s->n = s->cap = 0;
}

static st_stat *slot(st_statset *s, const char *key) {
  for (size_t i = 0; i < s->n; i++) {
    if (strcmp(s->v[i].key, key) == 0) {
      return &s->v[i];
    }
  }
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    st_stat *p = realloc(s->v, cap * sizeof *p);
    if (p == NULL) {
      return NULL;
    }
    s->v = p;
    s->cap = cap;
  }
  st_stat *x = &s->v[s->n++];
  memset(x, 0, sizeof *x);
  snprintf(x->key, sizeof x->key, "%s", key);
  return x;
}

void st_stat_u(st_statset *s, const char *key, uint64_t v) {
  st_stat *x = slot(s, key);
  if (x != NULL) {
    x->is_real = false;
    x->u = v;
  }
}

void st_stat_d(st_statset *s, const char *key, double v) {
  st_stat *x = slot(s, key);
  if (x != NULL) {
    x->is_real = true;
    x->d = isfinite(v) ? v : 0.0;
  }
}

const st_stat *st_stat_get(const st_statset *s, const char *key) {
  for (size_t i = 0; i < s->n; i++) {
    if (strcmp(s->v[i].key, key) == 0) {
      return &s->v[i];
    }
  }
  return NULL;
}

bool st_stat_is_wall(const char *key) {
  return strcmp(key, "wall_seconds") == 0 || strcmp(key, "sim_thread_insts_per_second") == 0 ||
         strcmp(key, "sim_cycles_per_second") == 0 || strcmp(key, "host_peak_rss_bytes") == 0;
}

uint64_t st_host_peak_rss_bytes(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0 || ru.ru_maxrss <= 0) {
    return 0;
  }
#ifdef __APPLE__
  return (uint64_t)ru.ru_maxrss; /* bytes there */
#else
  return (uint64_t)ru.ru_maxrss * 1024; /* KiB on Linux */
#endif
}

static void value(const st_stat *x, FILE *f) {
  if (x->is_real) {
    fprintf(f, "%.6f", x->d);
  } else {
    fprintf(f, "%llu", (unsigned long long)x->u);
  }
}

void st_statset_write_text(const st_statset *s, const char *prefix, FILE *f) {
  for (size_t i = 0; i < s->n; i++) {
    fprintf(f, "%s%s = ", prefix, s->v[i].key);
    value(&s->v[i], f);
    fputc('\n', f);
  }
}

void st_statset_write_json(const st_statset *s, int indent, FILE *f) {
  fprintf(f, "{");
  for (size_t i = 0; i < s->n; i++) {
    fprintf(f, "%s\n%*s\"%s\": ", i ? "," : "", indent + 2, "", s->v[i].key);
    value(&s->v[i], f);
  }
  fprintf(f, "\n%*s}", indent, "");
}
