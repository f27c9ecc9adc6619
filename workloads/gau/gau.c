/* GAU host driver: Gaussian elimination of an n x n system A x = b without
 * pivoting, as Rodinia's gaussian runs it: for every pivot t = 0 .. n-2 one
 * launch of gau_fan1 (the multipliers of column t) and one of gau_fan2 (the
 * update of the rows below the pivot and of b), 2(n-1) launches in all.
 *
 * The matrix has the shape of the one Rodinia's gaussian generates for a
 * given size (a[i][j] = 10 exp(-0.01 |i - j|), symmetric positive definite,
 * so elimination without pivoting is stable); here every diagonal element
 * gets a random boost in [0, 5) and b is random in [1, 2), from the seed. The
 * CPU reference performs the same float operations in the same order (one
 * division per multiplier, then a[row][col] - m * a[t][col] as a separate
 * mul.f32 and sub.f32, as the PTX has them, no fma), so the final matrix, the
 * multipliers and b must match bit for bit. The host then solves the
 * triangular system (as Rodinia's BackSub does) and logs the residual. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

/* Per pivot, a row below it per iteration of the parallel loop: its
 * multiplier (fan1), then its update and b's (fan2); a barrier between
 * pivots. A row's multiplier reads only its own row and the pivot row, which
 * no thread writes during the pivot. */
static void cpu_gauss(float *a, float *m, float *b, int n, int threads) {
#pragma omp parallel num_threads(threads)
  for (int t = 0; t < n - 1; t++) {
#pragma omp for schedule(static)
    for (int row = t + 1; row < n; row++) {
      m[(size_t)n * row + t] = a[(size_t)n * row + t] / a[(size_t)n * t + t];
      float mult = m[(size_t)n * row + t];
      for (int col = t; col < n; col++) {
        float p = mult * a[(size_t)n * t + col];
        a[(size_t)n * row + col] = a[(size_t)n * row + col] - p;
      }
      float q = mult * b[t];
      b[row] = b[row] - q;
    }
  }
}

static int gau_n(st_wl_size size) {
  return size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 128 : 64;
}

/* Rodinia's matrix shape, a random boost on the diagonal, b random in [1, 2). */
static void gau_inputs(uint64_t seed, int n, float *a, float *b) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      a[(size_t)n * i + j] = (float)(10.0 * exp(-0.01 * fabs((double)(i - j))));
    }
  }
  for (int i = 0; i < n; i++) {
    a[(size_t)n * i + i] += 5.0f * st_wl_rng_unit(&r);
    b[i] = 1.0f + st_wl_rng_unit(&r);
  }
}

/* The CPU version: copies of a and b (the elimination works in place), then
 * every pivot; m's entries above the diagonal stay zero, as the GPU's. */
typedef struct gau_cpu_args {
  const float *a0, *b0;
  float *a, *m, *b;
  int n, threads;
} gau_cpu_args;

static void gau_cpu_work(void *arg) {
  gau_cpu_args *g = arg;
  memcpy(g->a, g->a0, (size_t)g->n * (size_t)g->n * sizeof *g->a);
  memcpy(g->b, g->b0, (size_t)g->n * sizeof *g->b);
  cpu_gauss(g->a, g->m, g->b, g->n, g->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = gau_n(ctx->size);
  size_t nn = (size_t)n * (size_t)n;
  float *a0 = malloc(nn * sizeof *a0), *b0 = malloc((size_t)n * sizeof *b0);
  gau_cpu_args g = {.a = malloc(nn * sizeof(float)), .m = calloc(nn, sizeof(float)),
                    .b = malloc((size_t)n * sizeof(float)), .n = n, .threads = ctx->threads};
  st_status rc = a0 && b0 && g.a && g.m && g.b ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    gau_inputs(ctx->seed, n, a0, b0);
    g.a0 = a0;
    g.b0 = b0;
    rc = st_wl_cpu_time(ctx, gau_cpu_work, &g);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, g.a, nn * sizeof(float));
    st_wl_cpu_digest(ctx, g.m, nn * sizeof(float));
    st_wl_cpu_digest(ctx, g.b, (size_t)n * sizeof(float));
  }
  free(a0);
  free(b0);
  free(g.a);
  free(g.m);
  free(g.b);
  return rc;
}

static st_status first_diff(st_wl_ctx *ctx, const char *what, const float *got,
                            const float *want, size_t n, int cols) {
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&got[i], &want[i], 4) != 0 && bad++ == 0) {
      first = i;
    }
  }
  if (bad == 0) {
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "%s: %zu of %zu values differ; first at (%zu, %zu): expected %.9g, got %.9g", what,
           bad, n, first / (size_t)cols, first % (size_t)cols, (double)want[first],
           (double)got[first]);
  return ST_ERR_MISMATCH;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = gau_n(ctx->size);
  size_t nn = (size_t)n * (size_t)n;
  float *a = malloc(nn * sizeof *a), *ra = malloc(nn * sizeof *ra);
  float *m = calloc(nn, sizeof *m), *rm = calloc(nn, sizeof *rm);
  float *b = malloc((size_t)n * sizeof *b), *rb = malloc((size_t)n * sizeof *rb);
  double *x = malloc((size_t)n * sizeof *x);
  st_status rc = a && ra && m && rm && b && rb && x ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_a = 0, d_m = 0, d_b = 0;
  st_gpu *gpu = ctx->gpu;
  int launches = 0;
  if (rc == ST_OK) {
    gau_inputs(ctx->seed, n, a, b);
    memcpy(ra, a, nn * sizeof *a);
    memcpy(rb, b, (size_t)n * sizeof *b);
    rc = st_wl_upload(gpu, a, nn * 4, &d_a, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nn * 4, &d_m, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, b, (size_t)n * 4, &d_b, err);
  st_dim3 grid1 = st_dim3_make((uint32_t)(n + 511) / 512, 1, 1), block1 = st_dim3_make(512, 1, 1);
  st_dim3 grid2 = st_dim3_make((uint32_t)(n + 3) / 4, (uint32_t)(n + 3) / 4, 1);
  st_dim3 block2 = st_dim3_make(4, 4, 1);
  for (int t = 0; rc == ST_OK && t < n - 1; t++) {
    st_arg a1[] = {ST_ARG_PTR(d_a), ST_ARG_PTR(d_m), ST_ARG_S32(n), ST_ARG_S32(t)};
    st_arg a2[] = {ST_ARG_PTR(d_a), ST_ARG_PTR(d_b), ST_ARG_PTR(d_m), ST_ARG_S32(n),
                   ST_ARG_S32(t)};
    rc = st_launch(gpu, ctx->mod, "gau_fan1", grid1, block1, 0, a1, 4, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "gau_fan2", grid2, block2, 0, a2, 5, err);
    launches += 2;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, a, d_a, nn * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, m, d_m, nn * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, b, d_b, (size_t)n * 4, err);
  if (rc == ST_OK) {
    cpu_gauss(ra, rm, rb, n, ctx->threads);
    rc = first_diff(ctx, "matrix a", a, ra, nn, n);
    if (rc == ST_OK) rc = first_diff(ctx, "multipliers m", m, rm, nn, n);
    if (rc == ST_OK) rc = first_diff(ctx, "right-hand side b", b, rb, (size_t)n, n);
  }
  if (rc == ST_OK) {
    /* Back substitution on the host, as Rodinia's BackSub, for the log. */
    for (int i = n - 1; i >= 0; i--) {
      double s = b[i];
      for (int j = i + 1; j < n; j++) {
        s -= (double)a[(size_t)n * i + j] * x[j];
      }
      x[i] = s / (double)a[(size_t)n * i + i];
    }
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "a, m and b after %d pivots (%dx%d) match the CPU reference bit for bit", n - 1, n,
             n);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  gau: %dx%d matrix, %d launches (fan1 %u CTAs x 512, fan2 %ux%u CTAs x 4x4), "
              "x[0] = %.6g, x[n-1] = %.6g\n",
              n, n, launches, grid1.x, grid2.x, grid2.y, x[0], x[n - 1]);
    }
  }
  free(a);
  free(ra);
  free(m);
  free(rm);
  free(b);
  free(rb);
  free(x);
  return rc;
}

const st_workload_desc st_wl_gau = {
    .name = "gau",
    .title = "Gaussian elimination (Rodinia gaussian shape: Fan1 and Fan2 per pivot)",
    .seeds = "CAWA GAU (Rodinia), HeteroPDP GAU (Rodinia, OpenCL)",
    .category = "CAWA Table 3.2 compute-intensive (C); HeteroPDP Table 6.3 memory-intensive (M)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (1024x1024 matrix); HeteroPDP Table 6.3 Rodinia GAU (M; OpenCL, no "
              "input given); BAWS non-barrier set (reconstructed)",
    .ptx = "gau.ptx",
    .small = "64x64 matrix, 63 pivots (126 launches; fan2 16x16 CTAs of 4x4)",
    .paper = "1024x1024 matrix (the seed's dataset), 1023 pivots (2046 launches; fan2 256x256 "
             "CTAs of 4x4)",
    .medium = "128x128 matrix, 127 pivots (254 launches; fan2 32x32 CTAs of 4x4)",
    .run = run,
    .cpu = cpu,
};
