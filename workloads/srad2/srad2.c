/* SRAD2 host driver: a random image J = exp(I), I uniform in [0, 1), region
 * of interest rows 0..127 x cols 0..127 (clipped to the image), lambda 0.5,
 * as the seed's benchmark is run. Each iteration, as its host loop does: the
 * host computes q0sqr from the region of interest of the current image,
 * uploads the image, launches srad2_coeff and srad2_update on a grid of 16x16
 * tiles, and reads the image back. The driver checks the
 * diffusion coefficients and the updated image of every iteration against a
 * CPU reference that starts from the same image and performs the kernels'
 * arithmetic in the same order (nvcc's contractions included), so they must
 * be identical. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

static float at(const float *a, int cols, int r, int c) {
  return a[(size_t)r * (size_t)cols + (size_t)c];
}

/* Both kernels for one iteration: J in, C, the four differences and the
 * new J out; one image row per iteration of each parallel loop. */
static void cpu_srad(const float *J, float *C, float *Jout, float *dn, float *ds, float *dw,
                     float *de, int rows, int cols, float q0sqr, float lambda, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      size_t i = (size_t)r * (size_t)cols + (size_t)c;
      float jc = J[i];
      float nn = at(J, cols, r > 0 ? r - 1 : 0, c) - jc;
      float ss = at(J, cols, r < rows - 1 ? r + 1 : r, c) - jc;
      float ww = at(J, cols, r, c > 0 ? c - 1 : 0) - jc;
      float ee = at(J, cols, r, c < cols - 1 ? c + 1 : c) - jc;
      float g2 = fmaf(ee, ee, fmaf(ww, ww, fmaf(nn, nn, ss * ss))) / (jc * jc);
      float l = (nn + ss + ww + ee) / jc;
      float num = (float)fma((double)g2, 0.5, (double)(l * l) * -0.0625);
      float den = (float)fma((double)l, 0.25, 1.0);
      float qsqr = num / (den * den);
      den = (qsqr - q0sqr) / ((q0sqr + 1.0f) * q0sqr);
      float cf = (float)(1.0 / ((double)den + 1.0));
      C[i] = cf < 0 ? 0.0f : cf > 1 ? 1.0f : cf;
      dn[i] = nn;
      ds[i] = ss;
      dw[i] = ww;
      de[i] = ee;
    }
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      size_t i = (size_t)r * (size_t)cols + (size_t)c;
      float cc = C[i];
      float cs = at(C, cols, r < rows - 1 ? r + 1 : r, c);
      float ce = at(C, cols, r, c < cols - 1 ? c + 1 : c);
      float d_sum = fmaf(ce, de[i], fmaf(cc, dw[i], fmaf(cc, dn[i], cs * ds[i])));
      Jout[i] = (float)fma(0.25 * (double)lambda, (double)d_sum, (double)J[i]);
    }
  }
}

static size_t count_diff(const float *a, const float *b, size_t n, size_t *first) {
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&a[i], &b[i], 4) != 0 && bad++ == 0) {
      *first = i;
    }
  }
  return bad;
}

static int srad2_rows(st_wl_size size) {
  return size == ST_WL_PAPER ? 2048 : size == ST_WL_MEDIUM ? 384 : 96;
}

/* J = exp(I), I uniform in [0, 1). */
static void make_image(float *J, size_t n, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < n; i++) {
    J[i] = (float)exp((double)st_wl_rng_unit(&r));
  }
}

/* The host part of an iteration: q0sqr from the region of interest rows
 * 0..r2 x cols 0..c2. */
static float roi_q0sqr(const float *J, int cols, int r2, int c2) {
  float sum = 0, sum2 = 0;
  for (int i = 0; i <= r2; i++) {
    for (int j = 0; j <= c2; j++) {
      float tmp = J[(size_t)i * (size_t)cols + (size_t)j];
      sum += tmp;
      sum2 += tmp * tmp;
    }
  }
  int size_r = (r2 + 1) * (c2 + 1);
  float mean = sum / (float)size_r;
  float var = (sum2 / (float)size_r) - mean * mean;
  return var / (mean * mean);
}

/* The CPU version: per iteration q0sqr on one thread, then both kernels'
 * work; the image alternates between two buffers (the input stays). */
typedef struct srad2_cpu_args {
  const float *J0;
  float *J[2], *C, *dn, *ds, *dw, *de;
  const float *out; /* the image after the last iteration */
  int rows, cols, niter, threads;
  float lambda;
} srad2_cpu_args;

static void srad2_cpu_work(void *arg) {
  srad2_cpu_args *a = arg;
  const float *J = a->J0;
  int r2 = a->rows < 128 ? a->rows - 1 : 127, c2 = a->cols < 128 ? a->cols - 1 : 127;
  for (int iter = 0; iter < a->niter; iter++) {
    float q0sqr = roi_q0sqr(J, a->cols, r2, c2);
    float *next = a->J[iter % 2];
    cpu_srad(J, a->C, next, a->dn, a->ds, a->dw, a->de, a->rows, a->cols, q0sqr, a->lambda,
             a->threads);
    J = next;
  }
  a->out = J;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int rows = srad2_rows(ctx->size), cols = rows;
  size_t n = (size_t)rows * (size_t)cols;
  float *J0 = malloc(n * sizeof *J0);
  srad2_cpu_args a = {.J = {malloc(n * sizeof(float)), malloc(n * sizeof(float))},
                      .C = malloc(n * sizeof(float)), .dn = malloc(n * sizeof(float)),
                      .ds = malloc(n * sizeof(float)), .dw = malloc(n * sizeof(float)),
                      .de = malloc(n * sizeof(float)), .rows = rows, .cols = cols,
                      .niter = 2, .threads = ctx->threads, .lambda = 0.5f};
  st_status rc = J0 && a.J[0] && a.J[1] && a.C && a.dn && a.ds && a.dw && a.de ? ST_OK
                                                                                : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_image(J0, n, ctx->seed);
    a.J0 = J0;
    rc = st_wl_cpu_time(ctx, srad2_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.C, n * sizeof(float));
    st_wl_cpu_digest(ctx, a.out, n * sizeof(float));
  }
  free(J0);
  free(a.J[0]);
  free(a.J[1]);
  free(a.C);
  free(a.dn);
  free(a.ds);
  free(a.dw);
  free(a.de);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int rows = srad2_rows(ctx->size), cols = rows;
  int niter = 2;
  const int r2 = rows < 128 ? rows - 1 : 127, c2 = cols < 128 ? cols - 1 : 127;
  const float lambda = 0.5f;
  size_t n = (size_t)rows * (size_t)cols;
  float *J = malloc(n * sizeof *J), *C = malloc(n * sizeof *C);
  float *Jref = malloc(n * sizeof *Jref), *Cref = malloc(n * sizeof *Cref);
  float *dn = malloc(n * sizeof *dn), *ds = malloc(n * sizeof *ds);
  float *dw = malloc(n * sizeof *dw), *de = malloc(n * sizeof *de);
  st_status rc = J && C && Jref && Cref && dn && ds && dw && de ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_e = 0, d_w = 0, d_n = 0, d_s = 0, d_j = 0, d_c = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    make_image(J, n, ctx->seed);
    rc = st_wl_upload(gpu, NULL, n * 4, &d_e, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, n * 4, &d_w, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, n * 4, &d_n, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, n * 4, &d_s, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, n * 4, &d_j, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, n * 4, &d_c, err);
  st_dim3 grid = st_dim3_make((uint32_t)cols / 16, (uint32_t)rows / 16, 1);
  st_dim3 block = st_dim3_make(16, 16, 1);
  int iter = 0;
  for (; rc == ST_OK && iter < niter; iter++) {
    /* The host part: q0sqr from the region of interest. */
    float q0sqr = roi_q0sqr(J, cols, r2, c2);
    rc = st_memcpy_htod(gpu, d_j, J, n * 4, err);
    st_arg a1[] = {ST_ARG_PTR(d_j), ST_ARG_PTR(d_c), ST_ARG_PTR(d_n),  ST_ARG_PTR(d_s),
                   ST_ARG_PTR(d_w), ST_ARG_PTR(d_e), ST_ARG_S32(cols), ST_ARG_S32(rows),
                   st_arg_f32(q0sqr)};
    st_arg a2[] = {ST_ARG_PTR(d_j), ST_ARG_PTR(d_c), ST_ARG_PTR(d_n),  ST_ARG_PTR(d_s),
                   ST_ARG_PTR(d_w), ST_ARG_PTR(d_e), ST_ARG_S32(cols), ST_ARG_S32(rows),
                   st_arg_f32(lambda)};
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "srad2_coeff", grid, block, 0, a1, 9, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "srad2_update", grid, block, 0, a2, 9, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, C, d_c, n * 4, err);
    if (rc != ST_OK) {
      break;
    }
    cpu_srad(J, Cref, Jref, dn, ds, dw, de, rows, cols, q0sqr, lambda, ctx->threads);
    rc = st_memcpy_dtoh(gpu, J, d_j, n * 4, err);
    size_t first = 0, bad;
    if (rc != ST_OK) {
      break;
    }
    if ((bad = count_diff(C, Cref, n, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "iteration %d, coefficient C: %zu of %zu differ; first at (%zu, %zu): expected "
               "%.9g, got %.9g",
               iter + 1, bad, n, first / (size_t)cols, first % (size_t)cols,
               (double)Cref[first], (double)C[first]);
      rc = ST_ERR_MISMATCH;
    } else if ((bad = count_diff(J, Jref, n, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "iteration %d, image J: %zu of %zu differ; first at (%zu, %zu): expected %.9g, "
               "got %.9g",
               iter + 1, bad, n, first / (size_t)cols, first % (size_t)cols,
               (double)Jref[first], (double)J[first]);
      rc = ST_ERR_MISMATCH;
    }
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "C and J of %d iterations (%zu pixels) match the CPU reference bit for bit", iter, n);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log, "  srad2: %dx%d image, %d iterations, grid %ux%u of 16x16 threads\n", rows,
            cols, niter, grid.x, grid.y);
  }
  free(J);
  free(C);
  free(Jref);
  free(Cref);
  free(dn);
  free(ds);
  free(dw);
  free(de);
  return rc;
}

const st_workload_desc st_wl_srad2 = {
    .name = "srad2",
    .title = "speckle-reducing anisotropic diffusion (Rodinia srad_v2 shape, two kernels per "
             "iteration)",
    .seeds = "BAWS SRAD2 (Rodinia), CAWA/Ctrl-C SR2, DYNCTA SD2",
    .category = "BAWS barrier-intensive (6 TBs x 8 warps per SM); CAWA memory-intensive (M); "
                "DYNCTA Type-M",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (SR2, M), 2048x2048 nodes; Ctrl-C Table 5.3 row 9, 2048x2048 "
               "nodes; BAWS Table 2 (6 TBs x 8 warps per SM); DYNCTA Table II row 19 (SD2, M)",
    .ptx = "srad2.ptx",
    .small = "96x96 image (region of interest the whole image), 2 iterations",
    .paper = "2048x2048 image, region of interest 128x128, 2 iterations (the seeds' 2048x2048)",
    .medium = "384x384 image, region of interest 128x128, 2 iterations",
    .run = run,
    .cpu = cpu,
};
