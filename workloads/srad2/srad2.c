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

/* Both kernels for one iteration: J in, C and the new J out. */
static void cpu_srad(const float *J, float *C, float *Jout, int rows, int cols, float q0sqr,
                     float lambda) {
  size_t n = (size_t)rows * (size_t)cols;
  float *dn = malloc(n * sizeof *dn), *ds = malloc(n * sizeof *ds);
  float *dw = malloc(n * sizeof *dw), *de = malloc(n * sizeof *de);
  if (dn == NULL || ds == NULL || dw == NULL || de == NULL) {
    free(dn);
    free(ds);
    free(dw);
    free(de);
    memset(C, 0xff, n * sizeof *C); /* shows as a mismatch */
    return;
  }
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
  free(dn);
  free(ds);
  free(dw);
  free(de);
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

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int rows = ctx->size == ST_WL_PAPER ? 2048 : 96, cols = rows;
  int niter = 2;
  const int r1 = 0, r2 = rows < 128 ? rows - 1 : 127, c1 = 0, c2 = cols < 128 ? cols - 1 : 127;
  const float lambda = 0.5f;
  size_t n = (size_t)rows * (size_t)cols;
  float *J = malloc(n * sizeof *J), *C = malloc(n * sizeof *C);
  float *Jref = malloc(n * sizeof *Jref), *Cref = malloc(n * sizeof *Cref);
  st_status rc = J && C && Jref && Cref ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_e = 0, d_w = 0, d_n = 0, d_s = 0, d_j = 0, d_c = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    for (size_t i = 0; i < n; i++) {
      J[i] = (float)exp((double)st_wl_rng_unit(&r));
    }
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
    float sum = 0, sum2 = 0;
    for (int i = r1; i <= r2; i++) {
      for (int j = c1; j <= c2; j++) {
        float tmp = J[(size_t)i * (size_t)cols + (size_t)j];
        sum += tmp;
        sum2 += tmp * tmp;
      }
    }
    int size_r = (r2 - r1 + 1) * (c2 - c1 + 1);
    float mean = sum / (float)size_r;
    float var = (sum2 / (float)size_r) - mean * mean;
    float q0sqr = var / (mean * mean);
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
    cpu_srad(J, Cref, Jref, rows, cols, q0sqr, lambda);
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
    .run = run,
};
