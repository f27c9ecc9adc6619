/* The host side of streamcluster's pgain, shared by the drivers of sc
 * (SC_small) and scm (SC_mid), which differ only in the number of points,
 * dimensions and candidates: sc_run_sized below runs one such input.
 *
 * The facility-location step of streamcluster. Points are drawn around 16
 * random cluster centres; a few random points open as the initial centres;
 * then, for a sequence of random candidate facilities, the pgain kernel fills
 * the work matrix and the host (as Rodinia's host code does) sums it, decides
 * whether opening the candidate and closing some centres lowers the total
 * cost, and applies the change before the next launch. Every launch's work
 * matrix and switch flags are checked bit for bit against a CPU pgain that
 * mirrors the PTX (squared distance accumulated with fma in dimension order),
 * and the final cost and centres are compared with a run driven by the CPU
 * pgain alone. */
#ifndef SIMTREF_WORKLOADS_SC_DRIVER_H
#define SIMTREF_WORKLOADS_SC_DRIVER_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define THREADS 512
#define CLUSTERS 16
#define INITIAL_CENTRES 4

typedef struct sc_point {
  float weight;
  int32_t assign;
  float cost;
  int32_t pad;
} sc_point;

typedef struct sc_state {
  int num, dim;
  const float *coord; /* dim x num, dimension-major */
  sc_point *p;
  char *is_center;
  int *center_table;
  float z; /* facility cost */
} sc_state;

static float dist(const sc_state *s, int a, int b) {
  float d = 0.0f;
  for (int i = 0; i < s->dim; i++) {
    float t = s->coord[(size_t)i * s->num + a] - s->coord[(size_t)i * s->num + b];
    d = fmaf(t, t, d);
  }
  return d;
}

/* Dense indices of the open centres; returns their count k. */
static int number_centres(sc_state *s) {
  int k = 0;
  for (int i = 0; i < s->num; i++) {
    s->center_table[i] = s->is_center[i] ? k++ : -1;
  }
  return k;
}

/* The kernel's work, on the CPU: work is num x (k + 1); each point's row is
 * zeroed (as the host clears the matrix before a launch) and filled, and its
 * switch flag set, by one iteration of the parallel loop. */
static void cpu_pgain(const sc_state *s, int x, int k, float *work, int32_t *sw, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int t = 0; t < s->num; t++) {
    float x_cost = dist(s, t, x) * s->p[t].weight;
    float cur = s->p[t].cost;
    float *row = work + (size_t)t * (k + 1);
    for (int c = 0; c <= k; c++) {
      row[c] = 0.0f;
    }
    if (x_cost < cur) {
      sw[t] = 1;
      row[k] += x_cost - cur;
    } else {
      sw[t] = 0;
      row[s->center_table[s->p[t].assign]] += cur - x_cost;
    }
  }
}

/* The host half of pgain: open x if that lowers the total cost, closing every
 * centre whose closure (saving z, moving its points to x) pays. Returns 1
 * when x opened; *closed counts the centres it closed. low has k + 1 entries.
 * Each column of the work matrix is summed by one thread, over the points in
 * order (column k into low[k], the gain of opening x), so the sums do not
 * depend on the thread count; the points' moves and the closures are spread
 * over the threads too. */
static int decide(sc_state *s, int x, int k, const float *work, const int32_t *sw, float *low,
                  int *closed, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int c = 0; c <= k; c++) {
    float sum = s->z;
    for (int t = 0; t < s->num; t++) {
      sum += work[(size_t)t * (k + 1) + c];
    }
    low[c] = sum;
  }
  float delta = low[k];
  *closed = 0;
  for (int c = 0; c < k; c++) {
    if (low[c] > 0.0f) {
      delta -= low[c];
    }
  }
  if (!(delta < 0.0f)) {
    return 0;
  }
  int n_closed = 0;
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static)
    for (int t = 0; t < s->num; t++) {
      if (sw[t] || low[s->center_table[s->p[t].assign]] > 0.0f) {
        s->p[t].assign = x;
        s->p[t].cost = dist(s, t, x) * s->p[t].weight;
      }
    }
#pragma omp for schedule(static) reduction(+ : n_closed)
    for (int i = 0; i < s->num; i++) {
      if (s->is_center[i] && low[s->center_table[i]] > 0.0f) {
        s->is_center[i] = 0;
        n_closed++;
      }
    }
  }
  *closed = n_closed;
  s->is_center[x] = 1;
  return 1;
}

static double total_cost(const sc_state *s, int k) {
  double c = (double)s->z * k;
  for (int t = 0; t < s->num; t++) {
    c += s->p[t].cost;
  }
  return c;
}

/* Random clustered points and an initial solution: INITIAL_CENTRES random
 * centres, every point on its nearest. z is a quarter of the mean cost of a
 * cluster's worth of points under that solution, so that opening centres
 * in uncovered clusters pays and some later closures do too. */
static void init_state(sc_state *s, float *coord, st_wl_rng *r) {
  float centre[CLUSTERS][128];
  for (int c = 0; c < CLUSTERS; c++) {
    for (int i = 0; i < s->dim; i++) {
      centre[c][i] = st_wl_rng_unit(r);
    }
  }
  for (int t = 0; t < s->num; t++) {
    int c = (int)st_wl_rng_below(r, CLUSTERS);
    for (int i = 0; i < s->dim; i++) {
      coord[(size_t)i * s->num + t] = centre[c][i] + 0.2f * st_wl_rng_unit(r) - 0.1f;
    }
    s->p[t].weight = 1.0f;
    s->p[t].pad = 0;
  }
  memset(s->is_center, 0, (size_t)s->num);
  for (int n = 0; n < INITIAL_CENTRES;) {
    int x = (int)st_wl_rng_below(r, (uint32_t)s->num);
    if (!s->is_center[x]) {
      s->is_center[x] = 1;
      n++;
    }
  }
  double sum = 0.0;
  for (int t = 0; t < s->num; t++) {
    s->p[t].cost = INFINITY;
    for (int x = 0; x < s->num; x++) {
      if (s->is_center[x]) {
        float d = dist(s, t, x) * s->p[t].weight;
        if (d < s->p[t].cost) {
          s->p[t].cost = d;
          s->p[t].assign = x;
        }
      }
    }
    sum += s->p[t].cost;
  }
  s->z = (float)(sum / CLUSTERS / 4.0);
}

typedef struct sc_run {
  int launches, opened, closed;
  double cost;
  int k;
} sc_run;

/* The host buffers of a run of rounds. */
typedef struct sc_scratch {
  float *work, *want, *low;
  int32_t *sw, *sw_want;
} sc_scratch;

static void sc_scratch_free(sc_scratch *b) {
  free(b->work);
  free(b->want);
  free(b->low);
  free(b->sw);
  free(b->sw_want);
}

/* Returns -1 when out of memory (b freed). want and sw_want only with_check. */
static int sc_scratch_alloc(sc_scratch *b, int num, int with_check) {
  size_t n = (size_t)num;
  memset(b, 0, sizeof *b);
  b->work = malloc(n * 129 * sizeof(float)); /* up to 128 centres + x */
  b->low = malloc(129 * sizeof(float));
  b->sw = malloc(n * sizeof(int32_t));
  if (with_check) {
    b->want = malloc(n * 129 * sizeof(float));
    b->sw_want = malloc(n * sizeof(int32_t));
  }
  if (b->work == NULL || b->low == NULL || b->sw == NULL ||
      (with_check && (b->want == NULL || b->sw_want == NULL))) {
    sc_scratch_free(b);
    return -1;
  }
  return 0;
}

/* Runs `candidates` pgain rounds on state s, with the host's work on
 * `threads` threads. With a GPU (ctx non-NULL), the kernel computes each work
 * matrix and the CPU pgain checks it (b from sc_scratch_alloc with_check);
 * without, the CPU pgain computes it. */
static st_status run_rounds(st_wl_ctx *ctx, sc_state *s, const uint32_t *cand, int candidates,
                            sc_run *out, sc_scratch *b, int threads, st_error *err) {
  size_t num = (size_t)s->num;
  float *work = b->work, *want = b->want, *low = b->low;
  int32_t *sw = b->sw, *sw_want = b->sw_want;
  st_status rc = ST_OK;
  uint64_t d_coord = 0, d_p = 0, d_table = 0, d_work = 0, d_sw = 0;
  st_gpu *gpu = ctx != NULL ? ctx->gpu : NULL;
  if (gpu != NULL) {
    if (rc == ST_OK) rc = st_wl_upload(gpu, s->coord, num * s->dim * 4, &d_coord, err);
    if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, num * sizeof(sc_point), &d_p, err);
    if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, num * 4, &d_table, err);
    if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, num * 129 * 4, &d_work, err);
    if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, num * 4, &d_sw, err);
  }
  memset(out, 0, sizeof *out);
  int k = number_centres(s);
  for (int c = 0; rc == ST_OK && c < candidates; c++) {
    int x = (int)(cand[c] % (uint32_t)s->num);
    if (s->is_center[x]) {
      continue;
    }
    if (k + 1 > 128) {
      break; /* the work matrix holds at most 128 centres + 1 */
    }
    size_t wbytes = num * (size_t)(k + 1) * 4;
    if (gpu != NULL) {
      cpu_pgain(s, x, k, want, sw_want, threads);
      rc = st_memcpy_htod(gpu, d_p, s->p, num * sizeof(sc_point), err);
      if (rc == ST_OK) rc = st_memcpy_htod(gpu, d_table, s->center_table, num * 4, err);
      if (rc == ST_OK) rc = st_memset(gpu, d_work, 0, wbytes, err);
      if (rc == ST_OK) rc = st_memset(gpu, d_sw, 0, num * 4, err);
      if (rc == ST_OK) {
        st_arg a[] = {ST_ARG_PTR(d_coord), ST_ARG_PTR(d_p),  ST_ARG_PTR(d_table),
                      ST_ARG_PTR(d_work),  ST_ARG_PTR(d_sw), ST_ARG_S32(s->num),
                      ST_ARG_S32(s->dim),  ST_ARG_S32(x),    ST_ARG_S32(k)};
        rc = st_launch(gpu, ctx->mod, "sc_pgain",
                       st_dim3_make((uint32_t)((num + THREADS - 1) / THREADS), 1, 1),
                       st_dim3_make(THREADS, 1, 1), 0, a, 9, err);
      }
      if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, work, d_work, wbytes, err);
      if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, sw, d_sw, num * 4, err);
      char what[64];
      snprintf(what, sizeof what, "work matrix of launch %d", out->launches);
      if (rc == ST_OK) {
        rc = st_wl_check_u32(ctx, what, (const uint32_t *)work, (const uint32_t *)want,
                             num * (size_t)(k + 1));
      }
      snprintf(what, sizeof what, "switch flags of launch %d", out->launches);
      if (rc == ST_OK) {
        rc = st_wl_check_u32(ctx, what, (const uint32_t *)sw, (const uint32_t *)sw_want, num);
      }
    } else {
      cpu_pgain(s, x, k, work, sw, threads);
    }
    if (rc == ST_OK) {
      int closed = 0;
      if (decide(s, x, k, work, sw, low, &closed, threads)) {
        out->opened++;
        out->closed += closed;
      }
      out->launches++;
      k = number_centres(s);
    }
  }
  out->k = k;
  out->cost = total_cost(s, k);
  return rc;
}

/* The inputs of num random points of dim dimensions: s's points and initial
 * solution (init_state) and `candidates` random candidates. */
static void sc_inputs(uint64_t seed, sc_state *s, float *coord, uint32_t *cand, int candidates) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  init_state(s, coord, &r);
  for (int c = 0; c < candidates; c++) {
    cand[c] = (uint32_t)st_wl_rng_next(&r);
  }
}

/* Runs the pgain rounds on num random points of dim dimensions (at most
 * 128) with `candidates` random candidates, checks them, and logs a line
 * starting with name. */
static st_status sc_run_sized(st_wl_ctx *ctx, const char *name, int num, int dim,
                              int candidates, st_error *err) {
  float *coord = malloc((size_t)num * dim * sizeof *coord);
  sc_point *p[2] = {malloc((size_t)num * sizeof(sc_point)), malloc((size_t)num * sizeof(sc_point))};
  char *is_center[2] = {malloc((size_t)num), malloc((size_t)num)};
  int *table[2] = {malloc((size_t)num * sizeof(int)), malloc((size_t)num * sizeof(int))};
  uint32_t *cand = malloc((size_t)candidates * sizeof *cand);
  st_status rc = coord && p[0] && p[1] && is_center[0] && is_center[1] && table[0] && table[1] &&
                         cand
                     ? ST_OK
                     : ST_ERR_NOMEM;
  sc_run gpu_run, cpu_run;
  sc_scratch b;
  if (rc == ST_OK && sc_scratch_alloc(&b, num, 1) != 0) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) {
    sc_state s = {num, dim, coord, p[0], is_center[0], table[0], 0.0f};
    sc_inputs(ctx->seed, &s, coord, cand, candidates);
    sc_state ref = s;
    ref.p = p[1];
    ref.is_center = is_center[1];
    ref.center_table = table[1];
    memcpy(ref.p, s.p, (size_t)num * sizeof(sc_point));
    memcpy(ref.is_center, s.is_center, (size_t)num);
    rc = run_rounds(ctx, &s, cand, candidates, &gpu_run, &b, ctx->threads, err);
    if (rc == ST_OK) {
      rc = run_rounds(NULL, &ref, cand, candidates, &cpu_run, &b, ctx->threads, err);
    }
    if (rc == ST_OK) {
      /* The final assignment and costs of both runs, compared as words. */
      rc = st_wl_check_u32(ctx, "final points (weight, centre, cost)", (const uint32_t *)s.p,
                           (const uint32_t *)ref.p, (size_t)num * 4);
    }
    sc_scratch_free(&b);
  }
  if (rc == ST_OK && ctx->log != NULL) {
    fprintf(ctx->log,
            "  %s: %d points x %d dims, %d candidates: %d launches, %d opened, %d closed, "
            "%d centres, cost %.3f\n",
            name, num, dim, candidates, gpu_run.launches, gpu_run.opened, gpu_run.closed,
            gpu_run.k, gpu_run.cost);
  }
  free(coord);
  for (int i = 0; i < 2; i++) {
    free(p[i]);
    free(is_center[i]);
    free(table[i]);
  }
  free(cand);
  return rc;
}

/* The CPU version of a run of sc_run_sized's shape: the rounds driven by the
 * CPU pgain alone, on ctx->threads threads, each call from the initial
 * solution; digests the final points, the centres and the run's counts. */
typedef struct sc_cpu_args {
  sc_state s;
  const sc_point *p0;
  const char *is_center0;
  const uint32_t *cand;
  int candidates, threads;
  sc_scratch b;
  sc_run out;
} sc_cpu_args;

static void sc_cpu_work(void *arg) {
  sc_cpu_args *a = arg;
  memcpy(a->s.p, a->p0, (size_t)a->s.num * sizeof(sc_point));
  memcpy(a->s.is_center, a->is_center0, (size_t)a->s.num);
  run_rounds(NULL, &a->s, a->cand, a->candidates, &a->out, &a->b, a->threads, NULL);
}

static st_status sc_cpu_sized(st_wl_ctx *ctx, int num, int dim, int candidates) {
  float *coord = malloc((size_t)num * dim * sizeof *coord);
  sc_point *p[2] = {malloc((size_t)num * sizeof(sc_point)), malloc((size_t)num * sizeof(sc_point))};
  char *is_center[2] = {malloc((size_t)num), malloc((size_t)num)};
  int *table = malloc((size_t)num * sizeof(int));
  uint32_t *cand = malloc((size_t)candidates * sizeof *cand);
  st_status rc = coord && p[0] && p[1] && is_center[0] && is_center[1] && table && cand
                     ? ST_OK
                     : ST_ERR_NOMEM;
  sc_cpu_args a = {.s = {num, dim, coord, p[0], is_center[0], table, 0.0f},
                   .p0 = p[1], .is_center0 = is_center[1], .cand = cand,
                   .candidates = candidates, .threads = ctx->threads};
  if (rc == ST_OK && sc_scratch_alloc(&a.b, num, 0) != 0) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) {
    sc_inputs(ctx->seed, &a.s, coord, cand, candidates);
    memcpy(p[1], p[0], (size_t)num * sizeof(sc_point));
    memcpy(is_center[1], is_center[0], (size_t)num);
    rc = st_wl_cpu_time(ctx, sc_cpu_work, &a);
    sc_scratch_free(&a.b);
  }
  if (rc == ST_OK) {
    int32_t counts[4] = {a.out.launches, a.out.opened, a.out.closed, a.out.k};
    st_wl_cpu_digest(ctx, a.s.p, (size_t)num * sizeof(sc_point));
    st_wl_cpu_digest(ctx, a.s.is_center, (size_t)num);
    st_wl_cpu_digest(ctx, counts, sizeof counts);
    st_wl_cpu_digest(ctx, &a.out.cost, sizeof a.out.cost);
  }
  free(coord);
  for (int i = 0; i < 2; i++) {
    free(p[i]);
    free(is_center[i]);
  }
  free(table);
  free(cand);
  return rc;
}

#endif
