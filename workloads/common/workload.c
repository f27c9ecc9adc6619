/* Shared parts of the workload drivers: lookup, running by name, inputs and
 * result checks. */
#include "workload.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simtref/error.h"

const st_workload_desc *st_workload_find(const char *name) {
  for (size_t i = 0; st_workloads[i] != NULL; i++) {
    if (strcmp(st_workloads[i]->name, name) == 0) {
      return st_workloads[i];
    }
  }
  return NULL;
}

const char *st_workload_classes_of(const char *name) {
  for (size_t i = 0; st_workload_class_table[i].name != NULL; i++) {
    if (strcmp(st_workload_class_table[i].name, name) == 0) {
      return st_workload_class_table[i].classes;
    }
  }
  return NULL;
}

bool st_wl_word_in(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; p != NULL && *p != '\0';) {
    while (*p == ' ') p++;
    const char *e = p;
    while (*e != '\0' && *e != ' ') e++;
    if ((size_t)(e - p) == n && n > 0 && strncmp(p, word, n) == 0) {
      return true;
    }
    p = e;
  }
  return false;
}

/* The first word of a space-separated list, into buf (NULL for no list). */
static const char *first_word(const char *list, char *buf, size_t size) {
  if (list == NULL) {
    return NULL;
  }
  size_t n = strcspn(list, " ");
  if (n >= size) {
    n = size - 1;
  }
  memcpy(buf, list, n);
  buf[n] = '\0';
  return buf;
}

/* Checks a requested choice against the descriptor's list. */
static st_status check_choice(const st_workload_desc *wd, const char *what, const char *list,
                              const char *want, st_error *err) {
  if (want == NULL || st_wl_word_in(list, want)) {
    return ST_OK;
  }
  err->code = ST_ERR_USAGE;
  if (list == NULL) {
    snprintf(err->msg, sizeof err->msg, "workload %s has no %ss (asked for %s '%s')", wd->name,
             what, what, want);
  } else {
    snprintf(err->msg, sizeof err->msg, "workload %s has no %s '%s' (its %ss: %s)", wd->name, what,
             want, what, list);
  }
  return ST_ERR_USAGE;
}

st_status st_workload_run_named(const st_workload_desc *wd, st_gpu *gpu, st_wl_size size,
                                uint64_t seed, const char *dir, FILE *log, char *verdict,
                                size_t verdict_size, st_error *err) {
  return st_workload_run_choice(wd, gpu, size, seed, NULL, NULL, dir, log, verdict, verdict_size,
                                err);
}

st_status st_workload_run_choice(const st_workload_desc *wd, st_gpu *gpu, st_wl_size size,
                                 uint64_t seed, const char *variant, const char *input,
                                 const char *dir, FILE *log, char *verdict, size_t verdict_size,
                                 st_error *err) {
  if (check_choice(wd, "variant", wd->variants, variant, err) != ST_OK ||
      check_choice(wd, "input", wd->inputs, input, err) != ST_OK) {
    return ST_ERR_USAGE;
  }
  char vbuf[64], ibuf[64];
  if (variant == NULL) {
    variant = first_word(wd->variants, vbuf, sizeof vbuf);
  }
  if (input == NULL) {
    input = first_word(wd->inputs, ibuf, sizeof ibuf);
  }
  char path[ST_PATH_MAX];
  int n = dir != NULL ? snprintf(path, sizeof path, "%s/%s", dir, wd->ptx)
                      : snprintf(path, sizeof path, "%s/workloads/%s/%s", SIMTREF_SOURCE_DIR,
                                 wd->name, wd->ptx);
  if (n < 0 || (size_t)n >= sizeof path) {
    err->code = ST_ERR_IO;
    snprintf(err->msg, sizeof err->msg,
             "%s: the path of its PTX is longer than the limit of %d characters (PATH_MAX - 1)",
             wd->name, ST_PATH_MAX - 1);
    return ST_ERR_IO;
  }
  st_wl_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.gpu = gpu;
  ctx.size = size;
  ctx.seed = seed;
  ctx.log = log;
  ctx.variant = variant;
  ctx.input = input;
  ctx.threads = ST_WL_REFERENCE_THREADS;
  st_status rc = st_module_load_file(gpu, path, &ctx.mod, err);
  if (rc != ST_OK) {
    return rc;
  }
  rc = wd->run(&ctx, err);
  if (verdict != NULL && verdict_size > 0) {
    snprintf(verdict, verdict_size, "%s", ctx.verdict);
  }
  return rc;
}

const char *st_wl_size_name(st_wl_size size) {
  return size == ST_WL_PAPER ? "paper" : size == ST_WL_MEDIUM ? "medium" : "small";
}

bool st_wl_size_parse(const char *name, st_wl_size *size) {
  static const st_wl_size all[] = {ST_WL_SMALL, ST_WL_MEDIUM, ST_WL_PAPER};
  for (size_t i = 0; name != NULL && i < sizeof all / sizeof all[0]; i++) {
    if (strcmp(name, st_wl_size_name(all[i])) == 0) {
      *size = all[i];
      return true;
    }
  }
  return false;
}

st_status st_workload_cpu_choice(const st_workload_desc *wd, st_wl_size size, uint64_t seed,
                                 const char *input, int threads, const st_wl_cpu_timer *timer,
                                 FILE *log, double *seconds, unsigned *reps, uint64_t *digest,
                                 st_error *err) {
  if (wd->cpu == NULL) {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "workload %s has no CPU version", wd->name);
    return ST_ERR_USAGE;
  }
  char ibuf[64];
  if (check_choice(wd, "input", wd->inputs, input, err) != ST_OK) {
    return ST_ERR_USAGE;
  }
  if (input == NULL && wd->inputs != NULL) {
    input = first_word(wd->inputs, ibuf, sizeof ibuf);
  }
  st_wl_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.size = size;
  ctx.seed = seed;
  ctx.log = log;
  ctx.input = input;
  ctx.threads = threads < 1 ? 1 : threads;
  ctx.timer = timer;
  ctx.cpu_digest = UINT64_C(0xcbf29ce484222325);
  st_status rc = wd->cpu(&ctx, err);
  if (rc == ST_OK && ctx.cpu_reps == 0) {
    err->code = ST_ERR_INTERNAL;
    snprintf(err->msg, sizeof err->msg, "%s: its CPU version timed nothing", wd->name);
    rc = ST_ERR_INTERNAL;
  }
  *seconds = ctx.cpu_seconds;
  *reps = ctx.cpu_reps;
  *digest = ctx.cpu_digest;
  return rc;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

st_status st_wl_cpu_time(st_wl_ctx *ctx, void (*fn)(void *arg), void *arg) {
  enum { MAX_REPS = 1000 };
  double *t = malloc(MAX_REPS * sizeof *t);
  if (t == NULL) {
    return ST_ERR_NOMEM;
  }
  unsigned n = 0;
  double total = 0.0;
  for (;;) {
    double t0 = now_seconds();
    fn(arg);
    t[n] = now_seconds() - t0;
    total += t[n++];
    bool more = ctx->timer != NULL && ctx->timer->again != NULL
                    ? ctx->timer->again(ctx->timer->user, n, t[n - 1])
                    : (n < 3 && total < 1.0) || total < 0.3;
    if (!more || n == MAX_REPS) {
      break;
    }
  }
  qsort(t, n, sizeof *t, cmp_double);
  ctx->cpu_seconds += n % 2 == 1 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  ctx->cpu_reps += n;
  free(t);
  return ST_OK;
}

static void bitonic_order(uint64_t *a, uint64_t *b, bool up) {
  if ((*a > *b) == up) {
    uint64_t t = *a;
    *a = *b;
    *b = t;
  }
}

void st_wl_bitonic_u64_region(uint64_t *keys, uint32_t n, uint32_t tile) {
#pragma omp for schedule(static)
  for (uint32_t b = 0; b < n / tile; b++) {
    uint64_t *s = keys + (size_t)b * tile;
    for (uint32_t size = 2; size <= tile; size *= 2) {
      for (uint32_t dist = size / 2; dist > 0; dist /= 2) {
        for (uint32_t t = 0; t < tile / 2; t++) {
          uint32_t lo = 2 * t - (t & (dist - 1));
          bitonic_order(&s[lo], &s[lo + dist], ((b * tile + lo) & size) == 0);
        }
      }
    }
  }
  for (uint32_t size = 2 * tile; size <= n; size *= 2) {
    for (uint32_t dist = size / 2; dist >= tile; dist /= 2) {
#pragma omp for schedule(static)
      for (uint32_t c = 0; c < n / 2; c++) {
        uint32_t lo = 2 * c - (c & (dist - 1));
        bitonic_order(&keys[lo], &keys[lo + dist], (lo & size) == 0);
      }
    }
#pragma omp for schedule(static)
    for (uint32_t b = 0; b < n / tile; b++) {
      uint64_t *s = keys + (size_t)b * tile;
      bool up = ((b * tile) & size) == 0;
      for (uint32_t dist = tile / 2; dist > 0; dist /= 2) {
        for (uint32_t t = 0; t < tile / 2; t++) {
          uint32_t lo = 2 * t - (t & (dist - 1));
          bitonic_order(&s[lo], &s[lo + dist], up);
        }
      }
    }
  }
}

void st_wl_bitonic_u64(uint64_t *keys, uint32_t n, uint32_t tile, int threads) {
#pragma omp parallel num_threads(threads)
  st_wl_bitonic_u64_region(keys, n, tile);
}

void st_wl_cpu_digest(st_wl_ctx *ctx, const void *data, size_t bytes) {
  const unsigned char *p = data;
  uint64_t h = ctx->cpu_digest;
  for (size_t i = 0; i < bytes; i++) {
    h = (h ^ p[i]) * UINT64_C(0x100000001b3);
  }
  ctx->cpu_digest = h;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void st_wl_rng_seed(st_wl_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) {
    uint64_t z = (seed += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    r->s[i] = z ^ (z >> 31);
  }
}

uint64_t st_wl_rng_next(st_wl_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t st_wl_rng_below(st_wl_rng *r, uint32_t bound) {
  /* Lemire's multiply-shift with rejection: unbiased. */
  uint64_t m = (uint64_t)(uint32_t)st_wl_rng_next(r) * bound;
  uint32_t low = (uint32_t)m;
  if (low < bound) {
    uint32_t t = (0u - bound) % bound;
    while (low < t) {
      m = (uint64_t)(uint32_t)st_wl_rng_next(r) * bound;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

float st_wl_rng_unit(st_wl_rng *r) { return (float)(st_wl_rng_next(r) >> 40) * 0x1.0p-24f; }

st_status st_wl_upload(st_gpu *gpu, const void *host, uint64_t bytes, uint64_t *dptr,
                       st_error *err) {
  st_status rc = st_malloc(gpu, bytes, dptr, err);
  if (rc != ST_OK) {
    return rc;
  }
  if (host != NULL) {
    rc = st_memcpy_htod(gpu, *dptr, host, bytes, err);
  }
  return rc;
}

st_status st_wl_check_u32(st_wl_ctx *ctx, const char *what, const uint32_t *got,
                          const uint32_t *want, size_t n) {
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++) {
    if (got[i] != want[i]) {
      if (bad++ == 0) {
        first = i;
      }
    }
  }
  if (bad == 0) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "%s: %zu values match the CPU reference", what, n);
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "%s: %zu of %zu values differ; first at %zu: expected %u, got %u", what, bad, n, first,
           want[first], got[first]);
  return ST_ERR_MISMATCH;
}

st_status st_wl_check_f32(st_wl_ctx *ctx, const char *what, const float *got, const float *want,
                          size_t n, float rel, float abs) {
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++) {
    float g = got[i], w = want[i];
    bool ok = (isnan(g) && isnan(w)) || g == w || fabsf(g - w) <= abs ||
              fabsf(g - w) <= rel * fabsf(w);
    if (!ok && bad++ == 0) {
      first = i;
    }
  }
  if (bad == 0) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "%s: %zu values match the CPU reference (tolerance rel %g, abs %g)", what, n,
             (double)rel, (double)abs);
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "%s: %zu of %zu values differ; first at %zu: expected %.9g, got %.9g", what, bad, n,
           first, (double)want[first], (double)got[first]);
  return ST_ERR_MISMATCH;
}
