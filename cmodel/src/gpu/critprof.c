/* The criticality profile: recording, writing and reading (critprof.h;
 * the format is described in docs/latency-study.md). */
#include "gpu/critprof.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "func/exec.h"

static const char *const magic = "# simtref criticality profile v1";
static const char *const columns =
    "launch,kernel,cta,warp,sm,time,scheduling,sync,fetch,ctrl,data,data_miss,mshr,"
    "structural,exec";

void st_critprof_free(st_critprof *p) {
  for (size_t i = 0; i < p->n_launch; i++) {
    free(p->launch[i].time);
  }
  free(p->launch);
  free(p->rec);
  memset(p, 0, sizeof *p);
}

/* Launch index i, made (empty) if missing. NULL when out of memory. */
static st_critlaunch *launch_at(st_critprof *p, size_t i) {
  if (i >= p->cap_launch) {
    size_t cap = p->cap_launch ? p->cap_launch : 16;
    while (cap <= i) {
      cap *= 2;
    }
    st_critlaunch *n = realloc(p->launch, cap * sizeof *n);
    if (n == NULL) {
      return NULL;
    }
    memset(n + p->cap_launch, 0, (cap - p->cap_launch) * sizeof *n);
    p->launch = n;
    p->cap_launch = cap;
  }
  if (i >= p->n_launch) {
    p->n_launch = i + 1;
  }
  return &p->launch[i];
}

st_status st_critprof_add_launch(st_critprof *p, size_t index, const st_kernel *k,
                                 st_error *err) {
  st_critlaunch *l = launch_at(p, index);
  if (l == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  snprintf(l->kernel, sizeof l->kernel, "%s", k->name);
  l->grid = k->grid;
  l->block = k->block;
  l->warps_per_cta = k->warps_per_cta;
  l->n_ctas = k->num_ctas;
  return ST_OK;
}

bool st_critprof_add_record(void *ctx, const st_critrec *r) {
  st_critprof *p = ctx;
  if (p->n_rec == p->cap_rec) {
    size_t cap = p->cap_rec ? p->cap_rec * 2 : 1024;
    st_critrec *n = realloc(p->rec, cap * sizeof *n);
    if (n == NULL) {
      p->oom = true;
      return false;
    }
    p->rec = n;
    p->cap_rec = cap;
  }
  p->rec[p->n_rec++] = *r;
  return true;
}

static int rec_cmp(const void *a, const void *b) {
  const st_critrec *x = a, *y = b;
  if (x->launch != y->launch) {
    return x->launch < y->launch ? -1 : 1;
  }
  if (x->cta != y->cta) {
    return x->cta < y->cta ? -1 : 1;
  }
  return x->warp < y->warp ? -1 : x->warp > y->warp;
}

st_status st_critprof_write(st_critprof *p, const char *path, const char *workload,
                            const char *config, st_error *err) {
  if (p->oom) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory recording the criticality "
                        "profile; %s not written", path);
  }
  size_t tlen = strlen(path) + 5;
  char *tmp = malloc(tlen);
  if (tmp == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  snprintf(tmp, tlen, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    free(tmp);
    return st_error_set(err, ST_ERR_IO, "%s: cannot write the criticality profile: %s", path,
                        strerror(errno));
  }
  qsort(p->rec, p->n_rec, sizeof *p->rec, rec_cmp);
  fprintf(f, "%s\n# workload: %s\n# config: %s\n# launches: %zu\n", magic, workload, config,
          p->n_launch);
  for (size_t i = 0; i < p->n_launch; i++) {
    const st_critlaunch *l = &p->launch[i];
    fprintf(f, "# launch: %zu %s grid %u %u %u block %u %u %u\n", i, l->kernel, l->grid.x,
            l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z);
  }
  fprintf(f, "%s\n", columns);
  for (size_t i = 0; i < p->n_rec; i++) {
    const st_critrec *r = &p->rec[i];
    const char *kn = r->launch < p->n_launch ? p->launch[r->launch].kernel : "?";
    fprintf(f, "%" PRIu32 ",%s,%" PRIu64 ",%" PRIu32 ",%" PRIu32 ",%" PRIu64, r->launch, kn,
            r->cta, r->warp, r->sm, r->time);
    for (int k = 0; k < PROBE_KINDS; k++) {
      fprintf(f, ",%" PRIu64, r->probe[k]);
    }
    fputc('\n', f);
  }
  int bad = ferror(f);
  if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
    remove(tmp);
    free(tmp);
    return st_error_set(err, ST_ERR_IO, "%s: cannot write the criticality profile", path);
  }
  free(tmp);
  return ST_OK;
}

/* ---- reading ------------------------------------------------------------- */

typedef struct reader {
  const char *path;
  unsigned line;
  const char *text; /* the line being read */
  const char *at;   /* where parsing is */
  st_error *err;
} reader;

static st_status bad(reader *r, const char *what) {
  st_srcpos pos = {r->path, r->line, (unsigned)(r->at - r->text) + 1};
  return st_error_at(r->err, ST_ERR_USAGE, pos, "criticality profile: %s", what);
}

/* An unsigned decimal at r->at, then (unless last) the separator sep. */
static bool read_u64(reader *r, uint64_t *v, char sep) {
  const char *s = r->at;
  if (*s < '0' || *s > '9') {
    return false;
  }
  uint64_t x = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10) {
      return false;
    }
    x = x * 10 + (uint64_t)(*s - '0');
  }
  if (*s != sep) {
    r->at = s;
    return false;
  }
  r->at = sep == '\0' ? s : s + 1;
  *v = x;
  return true;
}

/* A name (no separator, no space) up to sep. */
static bool read_name(reader *r, char *out, size_t size, char sep) {
  const char *s = r->at;
  size_t n = 0;
  while (s[n] != '\0' && s[n] != sep && s[n] != ' ' && s[n] != ',') {
    n++;
  }
  if (n == 0 || n >= size || s[n] != sep) {
    r->at = s + n;
    return false;
  }
  memcpy(out, s, n);
  out[n] = '\0';
  r->at = s + n + 1;
  return true;
}

/* "# launch: I NAME grid X Y Z block X Y Z" */
static st_status read_launch(st_critprof *p, reader *r) {
  uint64_t idx, g[3], b[3];
  char name[ST_CRITPROF_NAME_MAX];
  r->at = r->text + strlen("# launch: ");
  if (!read_u64(r, &idx, ' ') || idx > 1000000) {
    return bad(r, "expected a launch index");
  }
  if (!read_name(r, name, sizeof name, ' ')) {
    return bad(r, "expected a kernel name");
  }
  if (strncmp(r->at, "grid ", 5) != 0) {
    return bad(r, "expected 'grid X Y Z'");
  }
  r->at += 5;
  for (int i = 0; i < 3; i++) {
    if (!read_u64(r, &g[i], ' ') || g[i] == 0 || g[i] > UINT32_MAX) {
      return bad(r, "expected a grid dimension");
    }
  }
  if (strncmp(r->at, "block ", 6) != 0) {
    return bad(r, "expected 'block X Y Z'");
  }
  r->at += 6;
  for (int i = 0; i < 3; i++) {
    if (!read_u64(r, &b[i], i < 2 ? ' ' : '\0') || b[i] == 0 || b[i] > 1024) {
      return bad(r, "expected a block dimension");
    }
  }
  if (idx < p->n_launch && p->launch[idx].line != 0) {
    return bad(r, "launch given twice");
  }
  st_critlaunch *l = launch_at(p, (size_t)idx);
  if (l == NULL) {
    return st_error_set(r->err, ST_ERR_NOMEM, "out of host memory");
  }
  memcpy(l->kernel, name, sizeof name);
  l->grid = (st_dim3){(uint32_t)g[0], (uint32_t)g[1], (uint32_t)g[2]};
  l->block = (st_dim3){(uint32_t)b[0], (uint32_t)b[1], (uint32_t)b[2]};
  uint64_t threads = b[0] * b[1] * b[2];
  l->warps_per_cta = (uint32_t)((threads + 31) / 32);
  l->n_ctas = g[0] * g[1] * g[2];
  if (threads > 1024 || l->n_ctas > (UINT64_C(1) << 32) ||
      l->n_ctas * l->warps_per_cta > (UINT64_C(1) << 28)) {
    return bad(r, "grid or block too large for a profile (at most 2^28 warps a launch)");
  }
  l->line = r->line;
  size_t n = (size_t)(l->n_ctas * l->warps_per_cta);
  l->time = malloc(n * sizeof *l->time);
  if (l->time == NULL) {
    return st_error_set(r->err, ST_ERR_NOMEM, "out of host memory");
  }
  for (size_t i = 0; i < n; i++) {
    l->time[i] = ST_CRITPROF_NO_TIME;
  }
  return ST_OK;
}

/* "launch,kernel,cta,warp,sm,time,<9 probe counts>" */
static st_status read_row(st_critprof *p, reader *r) {
  uint64_t launch, cta, warp, sm, time, x;
  char name[ST_CRITPROF_NAME_MAX];
  r->at = r->text;
  if (!read_u64(r, &launch, ',')) {
    return bad(r, "expected a launch index");
  }
  const char *lat = r->text;
  if (launch >= p->n_launch || p->launch[launch].line == 0) {
    r->at = lat;
    return bad(r, "a warp of a launch no '# launch:' line declares");
  }
  st_critlaunch *l = &p->launch[launch];
  const char *kat = r->at;
  if (!read_name(r, name, sizeof name, ',')) {
    return bad(r, "expected a kernel name");
  }
  if (strcmp(name, l->kernel) != 0) {
    r->at = kat;
    return bad(r, "kernel name differs from its '# launch:' line");
  }
  const char *cat = r->at;
  if (!read_u64(r, &cta, ',')) {
    return bad(r, "expected a CTA id");
  }
  if (cta >= l->n_ctas) {
    r->at = cat;
    return bad(r, "CTA id outside the launch's grid");
  }
  const char *wat = r->at;
  if (!read_u64(r, &warp, ',')) {
    return bad(r, "expected a warp index");
  }
  if (warp >= l->warps_per_cta) {
    r->at = wat;
    return bad(r, "warp index outside the launch's block");
  }
  if (!read_u64(r, &sm, ',')) {
    return bad(r, "expected an SM");
  }
  if (!read_u64(r, &time, ',') || time == ST_CRITPROF_NO_TIME) {
    return bad(r, "expected an execution time");
  }
  for (int k = 0; k < PROBE_KINDS; k++) {
    if (!read_u64(r, &x, k + 1 < PROBE_KINDS ? ',' : '\0')) {
      return bad(r, "expected a probe count (15 fields in all)");
    }
  }
  uint64_t *t = &l->time[cta * l->warps_per_cta + warp];
  if (*t != ST_CRITPROF_NO_TIME) {
    r->at = r->text;
    return bad(r, "warp given twice");
  }
  *t = time;
  return ST_OK;
}

st_status st_critprof_load(st_critprof *p, const char *path, st_error *err) {
  memset(p, 0, sizeof *p);
  if (strlen(path) >= sizeof p->path) {
    return st_error_set(err, ST_ERR_USAGE, "criticality profile path too long");
  }
  snprintf(p->path, sizeof p->path, "%s", path);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_USAGE, "%s: cannot read the criticality profile "
                        "(sm.caws_profile): %s", path, strerror(errno));
  }
  reader r = {p->path, 0, NULL, NULL, err};
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  st_status rc = ST_OK;
  bool have_columns = false, have_workload = false;
  while (rc == ST_OK && (len = getline(&buf, &cap, f)) >= 0) {
    r.line++;
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) {
      buf[--len] = '\0';
    }
    r.text = r.at = buf;
    if (r.line == 1) {
      if (strcmp(buf, magic) != 0) {
        rc = bad(&r, "not a simtref criticality profile of version 1 (first line must be "
                     "'# simtref criticality profile v1')");
      }
    } else if (strncmp(buf, "# workload: ", 12) == 0) {
      if (have_columns) {
        rc = bad(&r, "header line after the column line");
      }
      snprintf(p->workload, sizeof p->workload, "%s", buf + 12);
      have_workload = true;
    } else if (strncmp(buf, "# launch: ", 10) == 0) {
      rc = have_columns ? bad(&r, "header line after the column line") : read_launch(p, &r);
    } else if (buf[0] == '#' || len == 0) {
      continue;
    } else if (!have_columns) {
      if (strcmp(buf, columns) != 0) {
        rc = bad(&r, "expected the column line 'launch,kernel,cta,warp,sm,time,...'");
      }
      have_columns = true;
    } else {
      rc = read_row(p, &r);
    }
  }
  if (rc == ST_OK && ferror(f)) {
    rc = st_error_set(err, ST_ERR_USAGE, "%s: cannot read the criticality profile", path);
  }
  if (rc == ST_OK && (r.line == 0 || !have_workload || !have_columns)) {
    st_srcpos pos = {p->path, r.line, 0};
    rc = st_error_at(err, ST_ERR_USAGE, pos, "criticality profile: %s",
                     r.line == 0 ? "empty file"
                     : !have_workload ? "no '# workload:' line"
                                      : "no column line");
  }
  for (size_t i = 0; rc == ST_OK && i < p->n_launch; i++) {
    if (p->launch[i].line == 0) {
      st_srcpos pos = {p->path, r.line, 0};
      rc = st_error_at(err, ST_ERR_USAGE, pos,
                       "criticality profile: launch %zu has no '# launch:' line", i);
    }
  }
  free(buf);
  fclose(f);
  if (rc != ST_OK) {
    st_critprof_free(p);
  }
  return rc;
}

const st_critlaunch *st_critprof_match(const st_critprof *p, size_t index, const st_kernel *k,
                                       st_error *err) {
  if (index >= p->n_launch) {
    st_error_set(err, ST_ERR_USAGE,
                 "%s: the criticality profile has %zu launches; this run's launch %zu "
                 "(kernel %s) is not in it",
                 p->path, p->n_launch, index, k->name);
    return NULL;
  }
  const st_critlaunch *l = &p->launch[index];
  st_srcpos pos = {p->path, l->line, 0};
  if (strcmp(l->kernel, k->name) != 0) {
    st_error_at(err, ST_ERR_USAGE, pos,
                "criticality profile: launch %zu is kernel %s there, %s in this run", index,
                l->kernel, k->name);
    return NULL;
  }
  if (l->grid.x != k->grid.x || l->grid.y != k->grid.y || l->grid.z != k->grid.z ||
      l->block.x != k->block.x || l->block.y != k->block.y || l->block.z != k->block.z) {
    st_error_at(err, ST_ERR_USAGE, pos,
                "criticality profile: launch %zu (%s) has grid %u %u %u block %u %u %u there, "
                "grid %u %u %u block %u %u %u in this run",
                index, k->name, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
                l->block.z, k->grid.x, k->grid.y, k->grid.z, k->block.x, k->block.y,
                k->block.z);
    return NULL;
  }
  for (uint64_t i = 0; i < l->n_ctas * l->warps_per_cta; i++) {
    if (l->time[i] == ST_CRITPROF_NO_TIME) {
      st_error_at(err, ST_ERR_USAGE, pos,
                  "criticality profile: launch %zu (%s) lacks CTA %" PRIu64 " warp %" PRIu64
                  ", which this run has",
                  index, k->name, i / l->warps_per_cta, i % l->warps_per_cta);
      return NULL;
    }
  }
  return l;
}
