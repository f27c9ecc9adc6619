/* LUD host driver: a random diagonally dominant matrix (entries in [-1, 1),
 * n added to the diagonal, so no pivoting is needed), factored in place by
 * 3 launches per 16-wide block step plus a final diagonal launch. The CPU
 * reference runs the same blocked algorithm with the same arithmetic in the
 * same order (div.rn, fma.rn with a negated factor, and the internal
 * kernel's 16-term fma chain subtracted at the end), so the check is bit for
 * bit; for n <= 256 it also checks that L * U reproduces A. cpu_diagonal is
 * written right-looking while the kernel is left-looking: each element still
 * sees the same fma chain (j ascending) and then the same division. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define LU_B 16

static float *at(float *a, int n, int r, int c) { return &a[(size_t)r * n + c]; }

static void cpu_diagonal(float *a, int n, int k) {
  int o = k * LU_B;
  for (int p = 0; p < LU_B - 1; p++) {
    for (int t = p + 1; t < LU_B; t++) {
      float l = *at(a, n, o + t, o + p) / *at(a, n, o + p, o + p);
      *at(a, n, o + t, o + p) = l;
      for (int j = p + 1; j < LU_B; j++) {
        *at(a, n, o + t, o + j) = fmaf(-l, *at(a, n, o + p, o + j), *at(a, n, o + t, o + j));
      }
    }
  }
}

static void cpu_perimeter(float *a, int n, int k, int j) {
  int o = k * LU_B, oj = j * LU_B;
  for (int c = 0; c < LU_B; c++) { /* column c of U_kj */
    for (int p = 0; p < LU_B - 1; p++) {
      float u = *at(a, n, o + p, oj + c);
      for (int i = p + 1; i < LU_B; i++) {
        *at(a, n, o + i, oj + c) = fmaf(-*at(a, n, o + i, o + p), u, *at(a, n, o + i, oj + c));
      }
    }
  }
  for (int c = 0; c < LU_B; c++) { /* row c of L_jk */
    for (int p = 0; p < LU_B; p++) {
      float l = *at(a, n, oj + c, o + p) / *at(a, n, o + p, o + p);
      *at(a, n, oj + c, o + p) = l;
      for (int q = p + 1; q < LU_B; q++) {
        *at(a, n, oj + c, o + q) = fmaf(-l, *at(a, n, o + p, o + q), *at(a, n, oj + c, o + q));
      }
    }
  }
}

static void cpu_internal(float *a, int n, int k, int bi, int bj) {
  int o = k * LU_B;
  for (int y = 0; y < LU_B; y++) {
    for (int x = 0; x < LU_B; x++) {
      float sum = 0.0f;
      for (int p = 0; p < LU_B; p++) {
        sum = fmaf(*at(a, n, bi * LU_B + y, o + p), *at(a, n, o + p, bj * LU_B + x), sum);
      }
      float *e = at(a, n, bi * LU_B + y, bj * LU_B + x);
      *e = *e - sum;
    }
  }
}

/* Per block step: the diagonal block on one thread, then the perimeter
 * blocks and then the trailing blocks on every thread (each block is
 * computed by one thread from blocks the previous phase finished). */
static void cpu_lud(float *a, int n, int threads) {
  int nb = n / LU_B;
  for (int k = 0; k < nb; k++) {
    cpu_diagonal(a, n, k);
    int m = nb - 1 - k;
    if (m == 0) {
      break;
    }
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
      for (int j = k + 1; j < nb; j++) {
        cpu_perimeter(a, n, k, j);
      }
#pragma omp for schedule(static)
      for (int q = 0; q < m * m; q++) {
        cpu_internal(a, n, k, k + 1 + q / m, k + 1 + q % m);
      }
    }
  }
}

/* small: 128x128 (8 block steps, 22 launches); medium: 256x256 (16 block
 * steps, 46 launches); paper: 2048x2048 (the CAWA dataset: 128 block steps,
 * 382 launches). */
static int lud_n(st_wl_size size) {
  return size == ST_WL_PAPER ? 2048 : size == ST_WL_MEDIUM ? 256 : 128;
}

/* A random diagonally dominant matrix. */
static void lud_inputs(uint64_t seed, int n, float *a) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < (size_t)n * n; i++) {
    a[i] = 2.0f * st_wl_rng_unit(&r) - 1.0f;
  }
  for (int i = 0; i < n; i++) {
    a[(size_t)i * n + i] += (float)n;
  }
}

/* The CPU version: the blocked factorisation in place on a copy of A. */
typedef struct lud_cpu_args {
  const float *a;
  float *lu;
  int n, threads;
} lud_cpu_args;

static void lud_cpu_work(void *arg) {
  lud_cpu_args *l = arg;
  memcpy(l->lu, l->a, (size_t)l->n * l->n * sizeof(float));
  cpu_lud(l->lu, l->n, l->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = lud_n(ctx->size);
  size_t cells = (size_t)n * n;
  float *a = malloc(cells * sizeof *a);
  float *lu = malloc(cells * sizeof *lu);
  st_status rc = a && lu ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    lud_inputs(ctx->seed, n, a);
    lud_cpu_args l = {a, lu, n, ctx->threads};
    rc = st_wl_cpu_time(ctx, lud_cpu_work, &l);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, lu, cells * sizeof *lu);
  }
  free(a);
  free(lu);
  return rc;
}

/* Largest |(L U)_ij - A_ij| relative to the largest |A_ij|. */
static double residual(const float *lu, const float *a, int n) {
  double worst = 0.0, amax = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      int m = i < j ? i : j;
      for (int p = 0; p < m; p++) {
        s += (double)lu[(size_t)i * n + p] * lu[(size_t)p * n + j];
      }
      double e = lu[(size_t)i * n + j];
      s += i <= j ? e : e * lu[(size_t)j * n + j]; /* U's diagonal, L's unit diagonal */
      double d = fabs(s - a[(size_t)i * n + j]);
      worst = d > worst ? d : worst;
      amax = fabs(a[(size_t)i * n + j]) > amax ? fabs(a[(size_t)i * n + j]) : amax;
    }
  }
  return worst / amax;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = lud_n(ctx->size), nb = n / LU_B;
  size_t cells = (size_t)n * n;
  float *a = malloc(cells * sizeof *a);
  float *want = malloc(cells * sizeof *want);
  float *got = malloc(cells * sizeof *got);
  st_status rc = a && want && got ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    lud_inputs(ctx->seed, n, a);
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_a = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, a, cells * 4, &d_a, err);
  int launches = 0;
  for (int k = 0; rc == ST_OK && k < nb; k++) {
    st_arg args[] = {ST_ARG_PTR(d_a), ST_ARG_S32(n), ST_ARG_S32(k)};
    uint32_t m = (uint32_t)(nb - 1 - k);
    rc = st_launch(gpu, ctx->mod, "lud_diagonal", st_dim3_make(1, 1, 1),
                   st_dim3_make(LU_B, 1, 1), 0, args, 3, err);
    launches++;
    if (rc != ST_OK || m == 0) {
      break;
    }
    rc = st_launch(gpu, ctx->mod, "lud_perimeter", st_dim3_make(m, 1, 1),
                   st_dim3_make(2 * LU_B, 1, 1), 0, args, 3, err);
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "lud_internal", st_dim3_make(m, m, 1),
                     st_dim3_make(LU_B, LU_B, 1), 0, args, 3, err);
    }
    launches += 2;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_a, cells * 4, err);
  if (rc == ST_OK) {
    memcpy(want, a, cells * sizeof *want);
    cpu_lud(want, n, ctx->threads);
    rc = st_wl_check_u32(ctx, "LU", (const uint32_t *)got, (const uint32_t *)want, cells);
    double res = n <= 256 ? residual(got, a, n) : 0.0;
    if (rc == ST_OK && n <= 256) {
      /* Rounding leaves a few units of 2^-24 of max |A| (about 3e-7 here); a
       * wrong factor would leave errors of order one. */
      if (!(res < 1e-5)) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "LU: matches the CPU reference but L*U differs from A by %.3g (relative)", res);
        rc = ST_ERR_MISMATCH;
      }
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  lud: %dx%d, %d block steps, %d launches", n, n, nb, launches);
      if (n <= 256) {
        fprintf(ctx->log, ", max |LU - A| / max |A| = %.2g", res);
      }
      fprintf(ctx->log, "\n");
    }
  }
  free(a);
  free(want);
  free(got);
  return rc;
}

const st_workload_desc st_wl_lud = {
    .name = "lud",
    .title = "blocked LU decomposition: diagonal, perimeter and internal kernels per step",
    .seeds = "CAWA LUD (Rodinia, Table 3.2), DYNCTA LUD (Rodinia), BAWS lud (non-barrier set)",
    .category = "CAWA compute-intensive (C; the text calls it memory-bandwidth intensive); "
                "DYNCTA Type-X; BAWS non-barrier-intensive (barrier stalls 14-14.8%)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (C), 2048x2048 matrix; DYNCTA Table II row 7 (X); BAWS "
               "non-barrier set (14% barrier stalls)",
    .ptx = "lud.ptx",
    .small = "128x128 (8 block steps, 22 launches)",
    .paper = "2048x2048 (the CAWA dataset; 128 block steps, 382 launches)",
    .medium = "256x256 (16 block steps, 46 launches)",
    .run = run,
    .cpu = cpu,
};
