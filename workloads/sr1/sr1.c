/* SR1 host driver, in the shape of Rodinia's srad_v1 host program: the image
 * (values 0..255, stored column by column) is uploaded with the neighbour
 * index arrays, sr1_extract maps it to exp(I/255), then every iteration
 * launches sr1_prepare, sr1_reduce until one CTA is left (2 launches at both
 * sizes here), reads the two totals back, computes q0^2 = var / mean^2 of the
 * whole image on the host, and launches sr1_srad and sr1_srad2; sr1_compress
 * maps the result back to 255 log(J) at the end.
 *
 * The input is a synthetic speckled image (Rodinia reads an ultrasound
 * picture): a background, an ellipse and a disc of different brightness,
 * times Rayleigh-distributed speckle, clamped and rounded to 0..255.
 *
 * The check: exp and log are not exact on the GPU (expf uses ex2.approx; logf
 * is nvcc's polynomial), so the extracted image is compared with expf of the
 * input within a tolerance, and the compressed result with 255 logf of the
 * GPU's last image within a tolerance. Everything in between is exact: the
 * totals of every iteration and the image after the last iteration are
 * compared bit for bit with a CPU reference that starts from the GPU's
 * extracted image and repeats the kernels' float operations in the PTX's
 * order (the reduction tree, the fma contractions nvcc makes). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NT 512

/* One level of sr1_reduce over v[0], v[mul], v[2 mul], ... (n elements). */
static void cpu_reduce_level(float *v, float *v2, size_t n, size_t mul) {
  float p[NT], p2[NT];
  size_t blocks = (n + NT - 1) / NT;
  for (size_t b = 0; b < blocks; b++) {
    for (size_t t = 0; t < NT; t++) {
      size_t i = b * NT + t;
      p[t] = i < n ? v[i * mul] : 0.0f;
      p2[t] = i < n ? v2[i * mul] : 0.0f;
    }
    for (size_t s = NT / 2; s > 0; s >>= 1) {
      for (size_t t = 0; t < s; t++) {
        p[t] = p[t] + p[t + s];
        p2[t] = p2[t] + p2[t + s];
      }
    }
    v[b * NT * mul] = p[0];
    v2[b * NT * mul] = p2[0];
  }
}

/* sr1_srad and sr1_srad2 on the whole image (column-major, rows x cols). */
static void cpu_iteration(float *J, float *C, float *dn, float *ds, float *dw, float *de,
                          const int *in, const int *is, const int *jw, const int *je, int rows,
                          int cols, float q0sqr, float lambda) {
  int ne = rows * cols;
  for (int i = 0; i < ne; i++) {
    int row = i % rows, col = i / rows;
    float jc = J[i];
    float n = J[in[row] + rows * col] - jc;
    float s = J[is[row] + rows * col] - jc;
    float w = J[row + rows * jw[col]] - jc;
    float e = J[row + rows * je[col]] - jc;
    float g2 = fmaf(e, e, fmaf(w, w, fmaf(n, n, s * s))) / (jc * jc);
    float l = (((n + s) + w) + e) / jc;
    float num = fmaf(g2, 0.5f, (l * l) * -0.0625f);
    float den = fmaf(l, 0.25f, 1.0f);
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / ((q0sqr + 1.0f) * q0sqr);
    float c = 1.0f / (den + 1.0f);
    c = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);
    dn[i] = n;
    ds[i] = s;
    dw[i] = w;
    de[i] = e;
    C[i] = c;
  }
  for (int i = 0; i < ne; i++) {
    int row = i % rows, col = i / rows;
    float cc = C[i];
    float cs = C[is[row] + rows * col];
    float ce = C[row + rows * je[col]];
    float d = fmaf(ce, de[i], fmaf(cc, dw[i], fmaf(cc, dn[i], cs * ds[i])));
    J[i] = fmaf(lambda * 0.25f, d, J[i]);
  }
}

static st_status mismatch(st_wl_ctx *ctx, const char *what, const float *got, const float *want,
                          size_t n, int rows) {
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
           "%s: %zu of %zu values differ; first at row %zu, column %zu: expected %.9g, got %.9g",
           what, bad, n, first % (size_t)rows, first / (size_t)rows, (double)want[first],
           (double)got[first]);
  return ST_ERR_MISMATCH;
}

static void make_image(float *img, int rows, int cols, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int col = 0; col < cols; col++) {
    for (int row = 0; row < rows; row++) {
      double y = (double)row / rows - 0.5, x = (double)col / cols - 0.5;
      double base = 60.0 + 30.0 * ((double)row / rows);
      if ((x * x) / 0.12 + (y + 0.05) * (y + 0.05) / 0.05 < 1.0) {
        base = 150.0;
      }
      if ((x - 0.15) * (x - 0.15) + (y - 0.1) * (y - 0.1) < 0.01) {
        base = 210.0;
      }
      double u = st_wl_rng_unit(&r);
      double v = base * sqrt(-log(1.0 - u)) / 0.886226925;
      img[(size_t)col * (size_t)rows + (size_t)row] = (float)floor(v < 255.0 ? v : 255.0);
    }
  }
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int paper = ctx->size == ST_WL_PAPER;
  int rows = paper ? 502 : 128, cols = paper ? 458 : 64, niter = paper ? 100 : 2;
  const float lambda = 0.5f;
  int ne = rows * cols;
  size_t nb = (size_t)ne * 4;
  uint32_t blocks = (uint32_t)((ne + NT - 1) / NT);
  float *I = malloc(nb), *J = malloc(nb), *got = malloc(nb), *C = malloc(nb);
  float *dn = malloc(nb), *ds = malloc(nb), *dw = malloc(nb), *de = malloc(nb);
  float *s1 = malloc(nb), *s2 = malloc(nb);
  int *in = malloc((size_t)rows * sizeof *in), *is = malloc((size_t)rows * sizeof *is);
  int *jw = malloc((size_t)cols * sizeof *jw), *je = malloc((size_t)cols * sizeof *je);
  st_status rc = I && J && got && C && dn && ds && dw && de && s1 && s2 && in && is && jw && je
                     ? ST_OK
                     : ST_ERR_NOMEM;
  uint64_t d_i = 0, d_c = 0, d_n = 0, d_s = 0, d_w = 0, d_e = 0, d_s1 = 0, d_s2 = 0;
  uint64_t d_in = 0, d_is = 0, d_jw = 0, d_je = 0;
  st_gpu *gpu = ctx->gpu;
  int launches = 0, reduce_launches = 0;
  if (rc == ST_OK) {
    make_image(I, rows, cols, ctx->seed);
    for (int i = 0; i < rows; i++) {
      in[i] = i == 0 ? 0 : i - 1;
      is[i] = i == rows - 1 ? rows - 1 : i + 1;
    }
    for (int j = 0; j < cols; j++) {
      jw[j] = j == 0 ? 0 : j - 1;
      je[j] = j == cols - 1 ? cols - 1 : j + 1;
    }
    rc = st_wl_upload(gpu, I, nb, &d_i, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_c, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_n, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_s, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_w, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_e, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_s1, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nb, &d_s2, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, in, (size_t)rows * 4, &d_in, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, is, (size_t)rows * 4, &d_is, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, jw, (size_t)cols * 4, &d_jw, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, je, (size_t)cols * 4, &d_je, err);
  st_dim3 grid = st_dim3_make(blocks, 1, 1), block = st_dim3_make(NT, 1, 1);
  /* Extract, and the exp check. */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_i), ST_ARG_S32(ne)};
    rc = st_launch(gpu, ctx->mod, "sr1_extract", grid, block, 0, a, 2, err);
    launches++;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, J, d_i, nb, err);
  if (rc == ST_OK) {
    for (int i = 0; i < ne; i++) {
      got[i] = expf(I[i] / 255.0f);
    }
    rc = st_wl_check_f32(ctx, "extracted image exp(I/255)", J, got, (size_t)ne, 4e-6f, 0.0f);
  }
  int iter = 0;
  for (; rc == ST_OK && iter < niter; iter++) {
    st_arg ap[] = {ST_ARG_PTR(d_i), ST_ARG_PTR(d_s1), ST_ARG_PTR(d_s2), ST_ARG_S32(ne)};
    rc = st_launch(gpu, ctx->mod, "sr1_prepare", grid, block, 0, ap, 4, err);
    launches++;
    /* The reduction, in place, until one CTA is left. */
    int n = ne, mul = 1;
    while (rc == ST_OK) {
      int nblk = (n + NT - 1) / NT;
      st_arg ar[] = {ST_ARG_PTR(d_s1), ST_ARG_PTR(d_s2), ST_ARG_S32(n), ST_ARG_S32(mul)};
      rc = st_launch(gpu, ctx->mod, "sr1_reduce", st_dim3_make((uint32_t)nblk, 1, 1), block, 0,
                     ar, 4, err);
      launches++;
      reduce_launches++;
      if (nblk == 1) {
        break;
      }
      n = nblk;
      mul *= NT;
    }
    float total = 0, total2 = 0;
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &total, d_s1, 4, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &total2, d_s2, 4, err);
    if (rc != ST_OK) {
      break;
    }
    /* The reference's totals from its own image. */
    for (int i = 0; i < ne; i++) {
      s1[i] = J[i];
      s2[i] = J[i] * J[i];
    }
    for (size_t m = 1, k = (size_t)ne; ; m *= NT) {
      cpu_reduce_level(s1, s2, k, m);
      if (k <= NT) {
        break;
      }
      k = (k + NT - 1) / NT;
    }
    if (memcmp(&total, &s1[0], 4) != 0 || memcmp(&total2, &s2[0], 4) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "iteration %d: totals (sum, sum of squares) expected (%.9g, %.9g), got (%.9g, "
               "%.9g)",
               iter + 1, (double)s1[0], (double)s2[0], (double)total, (double)total2);
      rc = ST_ERR_MISMATCH;
      break;
    }
    /* The host part of the iteration, as srad_v1's. */
    float mean = total / (float)ne;
    float var = (total2 / (float)ne) - mean * mean;
    float q0sqr = var / (mean * mean);
    st_arg as[] = {ST_ARG_PTR(d_i),  ST_ARG_PTR(d_in), ST_ARG_PTR(d_is), ST_ARG_PTR(d_jw),
                   ST_ARG_PTR(d_je), ST_ARG_PTR(d_n),  ST_ARG_PTR(d_s),  ST_ARG_PTR(d_w),
                   ST_ARG_PTR(d_e),  ST_ARG_PTR(d_c),  ST_ARG_S32(rows), ST_ARG_S32(ne),
                   st_arg_f32(q0sqr)};
    st_arg a2[] = {ST_ARG_PTR(d_i), ST_ARG_PTR(d_is), ST_ARG_PTR(d_je), ST_ARG_PTR(d_n),
                   ST_ARG_PTR(d_s), ST_ARG_PTR(d_w),  ST_ARG_PTR(d_e),  ST_ARG_PTR(d_c),
                   ST_ARG_S32(rows), ST_ARG_S32(ne),  st_arg_f32(lambda)};
    rc = st_launch(gpu, ctx->mod, "sr1_srad", grid, block, 0, as, 13, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "sr1_srad2", grid, block, 0, a2, 11, err);
    launches += 2;
    cpu_iteration(J, C, dn, ds, dw, de, in, is, jw, je, rows, cols, q0sqr, lambda);
  }
  /* The image after the last iteration, bit for bit. */
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_i, nb, err);
  if (rc == ST_OK) {
    rc = mismatch(ctx, "image after the last iteration", got, J, (size_t)ne, rows);
  }
  /* Compress, and the log check against the GPU's last image. */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_i), ST_ARG_S32(ne)};
    rc = st_launch(gpu, ctx->mod, "sr1_compress", grid, block, 0, a, 2, err);
    launches++;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, C, d_i, nb, err);
  if (rc == ST_OK) {
    for (int i = 0; i < ne; i++) {
      J[i] = logf(got[i]) * 255.0f;
    }
    rc = st_wl_check_f32(ctx, "compressed image 255 log(J)", C, J, (size_t)ne, 4e-6f, 1e-4f);
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "totals of %d iterations and the image after them (%d pixels) match the CPU "
             "reference bit for bit; exp and log within rel 4e-6",
             iter, ne);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  sr1: %d rows x %d cols, %d iterations, %u CTAs x 512 threads, %d launches (%d of "
            "sr1_reduce)\n",
            rows, cols, niter, blocks, launches, reduce_launches);
  }
  free(I);
  free(J);
  free(got);
  free(C);
  free(dn);
  free(ds);
  free(dw);
  free(de);
  free(s1);
  free(s2);
  free(in);
  free(is);
  free(jw);
  free(je);
  return rc;
}

const st_workload_desc st_wl_sr1 = {
    .name = "sr1",
    .title = "speckle-reducing anisotropic diffusion (Rodinia srad_v1 shape: extract, reduce, "
             "srad, srad2, compress)",
    .seeds = "CAWA/Ctrl-C SR1 (Rodinia srad_v1)",
    .category = "CAWA Table 3.2 compute-intensive (C), Table 4.2 sensitive (Sens); Ctrl-C: CS/NS "
                "split lost in the source (row 7), re-derive with the 1.2x rule",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (502x458), Table 4.2 (Sens, 502x458); Ctrl-C Table 5.3 row 7 "
              "(502x458); DYNCTA Table II row 24 (SD1, C)",
    .ptx = "sr1.ptx",
    .small = "128x64 image (16 CTAs), 2 iterations",
    .paper = "502x458 synthetic speckled image (the seeds' size; 450 CTAs), 100 iterations, "
             "lambda 0.5 (Rodinia's run)",
    .run = run,
};
