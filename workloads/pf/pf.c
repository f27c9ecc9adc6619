/* PF host driver, in the shape of Rodinia's particlefilter (float version):
 * the host makes the video (a disk of intensity 228 on a background of 100,
 * moving by +1 in x and -2 in y per frame, plus Gaussian noise of deviation 5,
 * as Rodinia's videoSequence), the disk-shaped neighbourhood of the particles
 * (radius 5: 69 offsets, Rodinia's countOnes) and the particles' seeds, starts
 * every particle at the object's first position, and launches pf_likelihood,
 * pf_sum, pf_normalize and pf_find_index for every frame after the first.
 * At the end it estimates the object's position from the particles and their
 * weights, as Rodinia's host does.
 *
 * The check runs every frame, on the state the GPU read back (the host copies
 * the weights back after pf_likelihood and everything after pf_find_index):
 * the moves (the per-particle generator and the sum of 12 uniforms are
 * integer and exact float operations), the video indices, the likelihoods,
 * the partial sums, the cumulative distribution, the resampling points, the
 * normalised weights and the resampled positions are compared bit for bit
 * with a CPU reference that repeats the kernels' float operations in the
 * PTX's order; the only tolerance is on the weights (1/N) exp(likelihood),
 * because expf is ex2.approx on the GPU (relative 1e-5; the exact checks after
 * it start from the GPU's weights). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NT 512
#define LCG_A 1103515245u
#define LCG_C 12345u
#define RADIUS 5

static float cpu_randu(uint32_t *s) {
  *s = *s * LCG_A + LCG_C;
  return (float)(*s >> 8) * (1.0f / 16777216.0f);
}

static float cpu_randn(uint32_t *s) {
  float r = 0.0f;
  for (int k = 0; k < 12; k++) {
    r = r + cpu_randu(s);
  }
  return r - 6.0f;
}

static double host_normal(st_wl_rng *r) {
  double u1 = 1.0 - (double)st_wl_rng_unit(r), u2 = st_wl_rng_unit(r);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static st_status diff_f(st_wl_ctx *ctx, int frame, const char *what, const float *got,
                        const float *want, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&got[i], &want[i], 4) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "frame %d, %s: first difference at %zu of %zu: expected %.9g, got %.9g", frame,
               what, i, n, (double)want[i], (double)got[i]);
      return ST_ERR_MISMATCH;
    }
  }
  return ST_OK;
}

static st_status diff_u(st_wl_ctx *ctx, int frame, const char *what, const uint32_t *got,
                        const uint32_t *want, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (got[i] != want[i]) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "frame %d, %s: first difference at %zu of %zu: expected %u, got %u", frame, what,
               i, n, want[i], got[i]);
      return ST_ERR_MISMATCH;
    }
  }
  return ST_OK;
}

/* small: 48x48x3 video, 600 particles; medium: 96x96x8, 800; paper: Rodinia's
 * run, 128x128x10, 1000. */
static void pf_size(st_wl_size size, int *isz, int *nfr, int *n) {
  *isz = size == ST_WL_PAPER ? 128 : size == ST_WL_MEDIUM ? 96 : 48;
  *nfr = size == ST_WL_PAPER ? 10 : size == ST_WL_MEDIUM ? 8 : 3;
  *n = size == ST_WL_PAPER ? 1000 : size == ST_WL_MEDIUM ? 800 : 600;
}

/* The offsets of the disk of radius RADIUS around a particle (Rodinia's
 * countOnes), (y, x) pairs; returns their count. */
static int pf_disk(int objxy[2 * 81]) {
  int ones = 0;
  for (int x = -(RADIUS - 1); x <= RADIUS - 1; x++) {
    for (int y = -(RADIUS - 1); y <= RADIUS - 1; y++) {
      if (x * x + y * y < RADIUS * RADIUS) {
        objxy[2 * ones] = y;
        objxy[2 * ones + 1] = x;
        ones++;
      }
    }
  }
  return ones;
}

/* The video (a disk of 228 on 100 moving +1 in x and -2 in y per frame, plus
 * noise), every particle at the object's first position (x0, y0) and the
 * particles' generator seeds. */
static void pf_inputs(uint64_t seed, int isz, int nfr, int n, int x0, int y0,
                      unsigned char *video, float *xj, float *yj, uint32_t *seeds) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int x = 0; x < isz; x++) {
    for (int y = 0; y < isz; y++) {
      for (int k = 0; k < nfr; k++) {
        int ox = x0 + k, oy = y0 - 2 * k;
        double v = (x - ox) * (x - ox) + (y - oy) * (y - oy) <= RADIUS * RADIUS ? 228.0 : 100.0;
        v += 5.0 * host_normal(&r);
        v = v < 0.0 ? 0.0 : (v > 255.0 ? 255.0 : v);
        video[(size_t)x * isz * nfr + (size_t)y * nfr + (size_t)k] = (unsigned char)lrint(v);
      }
    }
  }
  for (int i = 0; i < n; i++) {
    xj[i] = (float)x0;
    yj[i] = (float)y0;
    seeds[i] = (uint32_t)st_wl_rng_next(&r);
  }
}

/* What the frame's video reads: isz x isz x nfr, max_size bytes. */
typedef struct pf_video {
  const unsigned char *video;
  const int *objxy;
  int ones, isz, nfr, max_size;
} pf_video;

/* pf_likelihood's per-particle part in frame k: particle i moved from its
 * resampled position (xj, yj) with its generator (seed advanced), the video
 * indices of the disk around its rounded position and its likelihood, in the
 * PTX's float operations. */
static void pf_move_one(const pf_video *v, int k, int i, const float *xj, const float *yj,
                        uint32_t *seed, float *ax, float *ay, int *ind, float *lik) {
  ax[i] = xj[i] + fmaf(cpu_randn(&seed[i]), 5.0f, 1.0f);
  ay[i] = yj[i] + fmaf(cpu_randn(&seed[i]), 2.0f, -2.0f);
  int rx = (int)floorf(ax[i] + 0.5f), ry = (int)floorf(ay[i] + 0.5f);
  float sum = 0.0f;
  for (int j = 0; j < v->ones; j++) {
    int x = rx + v->objxy[2 * j + 1], y = ry + v->objxy[2 * j];
    int id = abs(x * v->isz * v->nfr + y * v->nfr + k);
    id = id >= v->max_size ? 0 : id;
    ind[(size_t)i * v->ones + j] = id;
    float p = (float)v->video[id];
    float a = (p - 100.0f) * (p - 100.0f), b = (p - 228.0f) * (p - 228.0f);
    sum = sum + (a - b) / 400.0f;
  }
  lik[i] = sum / (float)v->ones;
}

/* pf_likelihood's CTA sums: block b's weights summed by the halving tree. */
static float pf_block_sum(const float *w, int n, int b) {
  float buf[NT];
  for (int t = 0; t < NT; t++) {
    int i = b * NT + t;
    buf[t] = i < n ? w[i] : 0.0f;
  }
  for (int s = NT / 2; s > 0; s >>= 1) {
    for (int t = 0; t < s; t++) {
      buf[t] = buf[t] + buf[t + s];
    }
  }
  return buf[0];
}

/* pf_find_index for particle i: the first entry of the distribution at or
 * above u[i] (the last when none), whose moved position it takes. */
static void pf_find_one(int i, int n, const float *cdf, const float *u, const float *ax,
                        const float *ay, float *xj, float *yj) {
  int index = -1;
  for (int x = 0; x < n; x++) {
    if (cdf[x] >= u[i]) {
      index = x;
      break;
    }
  }
  index = index == -1 ? n - 1 : index;
  xj[i] = ax[index];
  yj[i] = ay[index];
}

/* The CPU version: every frame's four kernels, in one parallel region (the
 * per-particle kernels one particle per iteration of a parallel loop, the
 * CTA sums one block per iteration, pf_sum's serial sum, distribution and
 * first point on one thread), from the initial positions and seeds. */
typedef struct pf_cpu_args {
  pf_video v;
  const float *x0, *y0;
  const uint32_t *seed0;
  float *ax, *ay, *xj, *yj, *lik, *w, *cdf, *u, *partial;
  float u1;
  uint32_t *seed;
  int *ind;
  int n, nb, nfr, threads;
} pf_cpu_args;

static void pf_cpu_work(void *arg) {
  pf_cpu_args *a = arg;
  int n = a->n, nb = a->nb;
  size_t fn = (size_t)n * sizeof(float);
  memcpy(a->xj, a->x0, fn);
  memcpy(a->yj, a->y0, fn);
  memcpy(a->seed, a->seed0, (size_t)n * sizeof(uint32_t));
  const float invn = 1.0f / (float)n;
#pragma omp parallel num_threads(a->threads)
  for (int k = 1; k < a->nfr; k++) {
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      pf_move_one(&a->v, k, i, a->xj, a->yj, a->seed, a->ax, a->ay, a->ind, a->lik);
      a->w[i] = invn * expf(a->lik[i]);
    }
#pragma omp for schedule(static)
    for (int b = 0; b < nb; b++) {
      a->partial[b] = pf_block_sum(a->w, n, b);
    }
#pragma omp single
    {
      float total = 0.0f;
      for (int b = 0; b < nb; b++) {
        total = total + a->partial[b];
      }
      a->partial[0] = total;
      float acc = a->w[0] / total;
      a->cdf[0] = acc;
      for (int j = 1; j < n; j++) {
        acc = acc + a->w[j] / total;
        a->cdf[j] = acc;
      }
      a->u1 = invn * cpu_randu(&a->seed[0]);
    }
    float u1 = a->u1, total = a->partial[0];
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      a->w[i] = a->w[i] / total;
      a->u[i] = (float)i / (float)n + u1;
    }
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      pf_find_one(i, n, a->cdf, a->u, a->ax, a->ay, a->xj, a->yj);
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int isz, nfr, n;
  pf_size(ctx->size, &isz, &nfr, &n);
  int nb = (n + NT - 1) / NT, max_size = isz * isz * nfr;
  size_t fn = (size_t)n * sizeof(float);
  int objxy[2 * 81];
  int ones = pf_disk(objxy);
  pf_cpu_args a = {.v = {.objxy = objxy, .ones = ones, .isz = isz, .nfr = nfr,
                         .max_size = max_size},
                   .n = n, .nb = nb, .nfr = nfr, .threads = ctx->threads};
  float *x0 = malloc(fn), *y0 = malloc(fn);
  uint32_t *seed0 = malloc((size_t)n * sizeof *seed0);
  unsigned char *video = malloc((size_t)max_size);
  float **fl[] = {&a.ax, &a.ay, &a.xj, &a.yj, &a.lik, &a.w, &a.cdf, &a.u};
  int ok = x0 && y0 && seed0 && video;
  for (size_t q = 0; q < sizeof fl / sizeof fl[0]; q++) {
    *fl[q] = malloc(fn);
    ok = ok && *fl[q] != NULL;
  }
  a.partial = malloc((size_t)nb * sizeof(float));
  a.seed = malloc((size_t)n * sizeof(uint32_t));
  a.ind = malloc((size_t)n * (size_t)ones * sizeof(int));
  st_status rc = ok && a.partial && a.seed && a.ind ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    pf_inputs(ctx->seed, isz, nfr, n, isz / 2, isz / 2, video, x0, y0, seed0);
    a.v.video = video;
    a.x0 = x0;
    a.y0 = y0;
    a.seed0 = seed0;
    rc = st_wl_cpu_time(ctx, pf_cpu_work, &a);
  }
  if (rc == ST_OK) {
    float *out[] = {a.ax, a.ay, a.lik, a.w, a.cdf, a.u, a.xj, a.yj};
    for (size_t q = 0; q < sizeof out / sizeof out[0]; q++) {
      st_wl_cpu_digest(ctx, out[q], fn);
    }
    st_wl_cpu_digest(ctx, a.partial, (size_t)nb * sizeof(float));
    st_wl_cpu_digest(ctx, a.seed, (size_t)n * sizeof(uint32_t));
    st_wl_cpu_digest(ctx, a.ind, (size_t)n * (size_t)ones * sizeof(int));
  }
  for (size_t q = 0; q < sizeof fl / sizeof fl[0]; q++) {
    free(*fl[q]);
  }
  free(a.partial);
  free(a.seed);
  free(a.ind);
  free(x0);
  free(y0);
  free(seed0);
  free(video);
  return rc;
}

typedef struct pf_host {
  float *ax, *ay, *xj, *yj, *lik, *w, *wn, *cdf, *u, *partial;
  float *rax, *ray, *rlik, *rw, *rcdf, *ru, *rpartial, *rxj, *ryj, *rwn;
  uint32_t *seed, *rseed;
  int *ind, *rind;
} pf_host;

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int isz, nfr, n;
  pf_size(ctx->size, &isz, &nfr, &n);
  int nb = (n + NT - 1) / NT;
  int max_size = isz * isz * nfr;
  size_t fn = (size_t)n * 4;
  int objxy[2 * 81];
  int ones = pf_disk(objxy);
  pf_host h;
  float **fl[] = {&h.ax, &h.ay, &h.xj, &h.yj, &h.lik, &h.w, &h.wn, &h.cdf, &h.u,
                  &h.rax, &h.ray, &h.rlik, &h.rw, &h.rcdf, &h.ru, &h.rxj, &h.ryj, &h.rwn};
  size_t nfl = sizeof fl / sizeof fl[0];
  int ok = 1;
  for (size_t k = 0; k < nfl; k++) {
    *fl[k] = malloc(fn);
    ok = ok && *fl[k] != NULL;
  }
  h.partial = malloc((size_t)nb * 4);
  h.rpartial = malloc((size_t)nb * 4);
  h.seed = malloc(fn);
  h.rseed = malloc(fn);
  h.ind = malloc(fn * (size_t)ones);
  h.rind = malloc(fn * (size_t)ones);
  unsigned char *video = malloc((size_t)max_size);
  st_status rc = ok && h.partial && h.rpartial && h.seed && h.rseed && h.ind && h.rind && video
                     ? ST_OK
                     : ST_ERR_NOMEM;
  uint64_t d_ax = 0, d_ay = 0, d_xj = 0, d_yj = 0, d_ind = 0, d_obj = 0, d_lik = 0, d_video = 0;
  uint64_t d_w = 0, d_seed = 0, d_partial = 0, d_cdf = 0, d_u = 0, d_u1 = 0;
  st_gpu *gpu = ctx->gpu;
  int x0 = isz / 2, y0 = isz / 2, launches = 0;
  if (rc == ST_OK) {
    pf_inputs(ctx->seed, isz, nfr, n, x0, y0, video, h.xj, h.yj, h.seed);
    rc = st_wl_upload(gpu, NULL, fn, &d_ax, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn, &d_ay, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.xj, fn, &d_xj, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.yj, fn, &d_yj, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn * (size_t)ones, &d_ind, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, objxy, (size_t)ones * 8, &d_obj, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn, &d_lik, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, video, (size_t)max_size, &d_video, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn, &d_w, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.seed, fn, &d_seed, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (size_t)nb * 4, &d_partial, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn, &d_cdf, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, fn, &d_u, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_u1, err);
  st_dim3 grid = st_dim3_make((uint32_t)nb, 1, 1), block = st_dim3_make(NT, 1, 1);
  const float invn = 1.0f / (float)n;
  int k = 1;
  for (; rc == ST_OK && k < nfr; k++) {
    st_arg al[] = {ST_ARG_PTR(d_ax),      ST_ARG_PTR(d_ay),    ST_ARG_PTR(d_xj),
                   ST_ARG_PTR(d_yj),      ST_ARG_PTR(d_ind),   ST_ARG_PTR(d_obj),
                   ST_ARG_PTR(d_lik),     ST_ARG_PTR(d_video), ST_ARG_PTR(d_w),
                   ST_ARG_S32(n),         ST_ARG_S32(ones),    ST_ARG_S32(max_size),
                   ST_ARG_S32(k),         ST_ARG_S32(isz),     ST_ARG_S32(nfr),
                   ST_ARG_PTR(d_seed),    ST_ARG_PTR(d_partial)};
    st_arg as[] = {ST_ARG_PTR(d_partial), ST_ARG_S32(nb), ST_ARG_PTR(d_w), ST_ARG_PTR(d_cdf),
                   ST_ARG_PTR(d_u1),      ST_ARG_S32(n),  ST_ARG_PTR(d_seed)};
    st_arg an[] = {ST_ARG_PTR(d_w), ST_ARG_S32(n), ST_ARG_PTR(d_partial), ST_ARG_PTR(d_u),
                   ST_ARG_PTR(d_u1)};
    st_arg af[] = {ST_ARG_PTR(d_ax), ST_ARG_PTR(d_ay), ST_ARG_PTR(d_cdf), ST_ARG_PTR(d_u),
                   ST_ARG_PTR(d_xj), ST_ARG_PTR(d_yj), ST_ARG_S32(n)};
    /* The reference's moves, from the previous frame's (checked) state. */
    memcpy(h.rseed, h.seed, fn);
    rc = st_launch(gpu, ctx->mod, "pf_likelihood", grid, block, 0, al, 17, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.w, d_w, fn, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "pf_sum", grid, block, 0, as, 7, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "pf_normalize", grid, block, 0, an, 5, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "pf_find_index", grid, block, 0, af, 7, err);
    launches += 4;
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.ax, d_ax, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.ay, d_ay, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.ind, d_ind, fn * (size_t)ones, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.lik, d_lik, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.partial, d_partial, (size_t)nb * 4, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.cdf, d_cdf, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.u, d_u, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.wn, d_w, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.seed, d_seed, fn, err);
    if (rc != ST_OK) {
      break;
    }
    /* pf_likelihood: moves, indices, likelihoods (exact); weights (tolerance). */
    pf_video v = {video, objxy, ones, isz, nfr, max_size};
#pragma omp parallel for num_threads(ctx->threads) schedule(static)
    for (int i = 0; i < n; i++) {
      pf_move_one(&v, k, i, h.xj, h.yj, h.rseed, h.rax, h.ray, h.rind, h.rlik);
      h.rw[i] = invn * expf(h.lik[i]);
    }
    rc = diff_f(ctx, k, "moved x", h.ax, h.rax, (size_t)n);
    if (rc == ST_OK) rc = diff_f(ctx, k, "moved y", h.ay, h.ray, (size_t)n);
    if (rc == ST_OK) {
      rc = diff_u(ctx, k, "video indices", (const uint32_t *)h.ind, (const uint32_t *)h.rind,
                  (size_t)n * ones);
    }
    if (rc == ST_OK) rc = diff_f(ctx, k, "likelihood", h.lik, h.rlik, (size_t)n);
    if (rc == ST_OK) {
      rc = st_wl_check_f32(ctx, "weights", h.w, h.rw, (size_t)n, 1e-5f, 1e-37f);
      if (rc != ST_OK) {
        char tmp[400];
        memcpy(tmp, ctx->verdict, sizeof tmp - 1);
        tmp[sizeof tmp - 1] = '\0';
        snprintf(ctx->verdict, sizeof ctx->verdict, "frame %d, %s", k, tmp);
      }
    }
    if (rc != ST_OK) {
      break;
    }
    /* The rest, exact, from the GPU's weights. */
    float total = 0.0f;
    for (int b = 0; b < nb; b++) {
      h.rpartial[b] = pf_block_sum(h.w, n, b);
    }
    for (int b = 0; b < nb; b++) {
      total = total + h.rpartial[b];
    }
    h.rpartial[0] = total;
    float acc = h.w[0] / total;
    h.rcdf[0] = acc;
    for (int j = 1; j < n; j++) {
      acc = acc + h.w[j] / total;
      h.rcdf[j] = acc;
    }
    float u1 = invn * cpu_randu(&h.rseed[0]);
    for (int i = 0; i < n; i++) {
      h.rwn[i] = h.w[i] / total;
      h.ru[i] = (float)i / (float)n + u1;
    }
    rc = diff_f(ctx, k, "partial sums (sum first)", h.partial, h.rpartial, (size_t)nb);
    if (rc == ST_OK) rc = diff_f(ctx, k, "cumulative distribution", h.cdf, h.rcdf, (size_t)n);
    if (rc == ST_OK) rc = diff_u(ctx, k, "generator states", h.seed, h.rseed, (size_t)n);
    if (rc == ST_OK) rc = diff_f(ctx, k, "normalised weights", h.wn, h.rwn, (size_t)n);
    if (rc == ST_OK) rc = diff_f(ctx, k, "resampling points", h.u, h.ru, (size_t)n);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.xj, d_xj, fn, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h.yj, d_yj, fn, err);
    if (rc != ST_OK) {
      break;
    }
#pragma omp parallel for num_threads(ctx->threads) schedule(static)
    for (int i = 0; i < n; i++) {
      pf_find_one(i, n, h.cdf, h.u, h.ax, h.ay, h.rxj, h.ryj);
    }
    rc = diff_f(ctx, k, "resampled x", h.xj, h.rxj, (size_t)n);
    if (rc == ST_OK) rc = diff_f(ctx, k, "resampled y", h.yj, h.ryj, (size_t)n);
  }
  if (rc == ST_OK) {
    double xe = 0, ye = 0;
    for (int i = 0; i < n; i++) {
      xe += (double)h.ax[i] * h.wn[i];
      ye += (double)h.ay[i] * h.wn[i];
    }
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "%d frames x %d particles match the CPU reference (bit for bit; the weights "
             "within rel 1e-5)",
             nfr - 1, n);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  pf: %dx%dx%d video, %d particles (%d CTAs x 512), %d offsets, %d launches; "
              "estimate (%.2f, %.2f), object at (%d, %d)\n",
              isz, isz, nfr, n, nb, ones, launches, xe, ye, x0 + nfr - 1, y0 - 2 * (nfr - 1));
    }
  }
  for (size_t q = 0; q < nfl; q++) {
    free(*fl[q]);
  }
  free(h.partial);
  free(h.rpartial);
  free(h.seed);
  free(h.rseed);
  free(h.ind);
  free(h.rind);
  free(video);
  return rc;
}

const st_workload_desc st_wl_pf = {
    .name = "pf",
    .title = "particle filter tracking a disk in a noisy video (Rodinia particlefilter, float "
             "version: likelihood, sum, normalise, find index per frame)",
    .seeds = "CAWA/Ctrl-C PF (Rodinia particlefilter)",
    .category = "CAWA Table 3.2 compute-intensive (C), Table 4.2 not sensitive (Non-sens); "
                "Ctrl-C: CS/NS split lost in the source (row 16), re-derive with the 1.2x rule",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (128x128x10), Table 4.2 (Non-sens, 128x128x10); Ctrl-C Table 5.3 "
              "row 16 (printed 28x128x10; 128x128x10); DYNCTA Table II row 6 (PFF, M); BAWS "
              "non-barrier set (particlefilter, 5% barrier stalls)",
    .ptx = "pf.ptx",
    .small = "48x48x3 video, 600 particles (2 CTAs), 2 frames tracked",
    .paper = "128x128x10 video, 1000 particles (Rodinia's run: -x 128 -y 128 -z 10 -np 1000), "
             "9 frames tracked",
    .medium = "96x96x8 video, 800 particles (2 CTAs), 7 frames tracked",
    .run = run,
    .cpu = cpu,
};
