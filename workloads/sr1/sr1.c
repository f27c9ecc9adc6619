/* SR1 host driver, in the shape of Rodinia's srad_v1 host program: the image
 * (values 0..255, stored column by column) is uploaded with the neighbour
 * index arrays, sr1_extract maps it to exp(I/255), then every iteration
 * launches sr1_prepare, sr1_reduce until one CTA is left (2 launches at every
 * size here), reads the two totals back, computes q0^2 = var / mean^2 of the
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
static void cpu_reduce_level(float *v, float *v2, size_t n, size_t mul, int threads) {
  size_t blocks = (n + NT - 1) / NT;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t b = 0; b < blocks; b++) {
    float p[NT], p2[NT];
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

/* sr1_prepare and the sr1_reduce launches: the totals of the image and of
 * its square end up in s1[0] and s2[0]. */
static void cpu_totals(const float *J, float *s1, float *s2, int ne, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int i = 0; i < ne; i++) {
    s1[i] = J[i];
    s2[i] = J[i] * J[i];
  }
  for (size_t m = 1, k = (size_t)ne; ; m *= NT) {
    cpu_reduce_level(s1, s2, k, m, threads);
    if (k <= NT) {
      break;
    }
    k = (k + NT - 1) / NT;
  }
}

/* The host part of an iteration, as srad_v1's. */
static float q0sqr_of(float total, float total2, int ne) {
  float mean = total / (float)ne;
  float var = (total2 / (float)ne) - mean * mean;
  return var / (mean * mean);
}

/* sr1_srad and sr1_srad2 on the whole image (column-major, rows x cols). */
static void cpu_iteration(float *J, float *C, float *dn, float *ds, float *dw, float *de,
                          const int *in, const int *is, const int *jw, const int *je, int rows,
                          int cols, float q0sqr, float lambda, int threads) {
  int ne = rows * cols;
#pragma omp parallel for num_threads(threads) schedule(static)
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
#pragma omp parallel for num_threads(threads) schedule(static)
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

/* The neighbours' indices, clamped at the edges. */
static void make_neighbours(int *in, int *is, int *jw, int *je, int rows, int cols) {
  for (int i = 0; i < rows; i++) {
    in[i] = i == 0 ? 0 : i - 1;
    is[i] = i == rows - 1 ? rows - 1 : i + 1;
  }
  for (int j = 0; j < cols; j++) {
    jw[j] = j == 0 ? 0 : j - 1;
    je[j] = j == cols - 1 ? cols - 1 : j + 1;
  }
}

static void sr1_dims(st_wl_size size, int *rows, int *cols, int *niter) {
  *rows = size == ST_WL_PAPER ? 502 : size == ST_WL_MEDIUM ? 251 : 128;
  *cols = size == ST_WL_PAPER ? 458 : size == ST_WL_MEDIUM ? 229 : 64;
  *niter = size == ST_WL_PAPER ? 100 : size == ST_WL_MEDIUM ? 4 : 2;
}

/* The CPU version: the kernels' work in launch order (extract; per iteration
 * prepare and the reduction, q0^2 on the host, srad, srad2; compress), each
 * kernel a parallel loop over the pixels (the reduction over its CTAs). */
typedef struct sr1_cpu_args {
  const float *I;
  float *J, *C, *dn, *ds, *dw, *de, *s1, *s2;
  const int *in, *is, *jw, *je;
  int rows, cols, niter, threads;
  float lambda;
} sr1_cpu_args;

static void sr1_cpu_work(void *arg) {
  sr1_cpu_args *a = arg;
  int ne = a->rows * a->cols;
  float *J = a->J;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < ne; i++) {
    J[i] = expf(a->I[i] / 255.0f);
  }
  for (int iter = 0; iter < a->niter; iter++) {
    cpu_totals(J, a->s1, a->s2, ne, a->threads);
    float q0sqr = q0sqr_of(a->s1[0], a->s2[0], ne);
    cpu_iteration(J, a->C, a->dn, a->ds, a->dw, a->de, a->in, a->is, a->jw, a->je, a->rows,
                  a->cols, q0sqr, a->lambda, a->threads);
  }
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < ne; i++) {
    J[i] = logf(J[i]) * 255.0f;
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int rows, cols, niter;
  sr1_dims(ctx->size, &rows, &cols, &niter);
  int ne = rows * cols;
  size_t nb = (size_t)ne * 4;
  float *I = malloc(nb);
  sr1_cpu_args a = {.J = malloc(nb), .C = malloc(nb), .dn = malloc(nb), .ds = malloc(nb),
                    .dw = malloc(nb), .de = malloc(nb), .s1 = malloc(nb), .s2 = malloc(nb),
                    .in = malloc((size_t)rows * sizeof(int)),
                    .is = malloc((size_t)rows * sizeof(int)),
                    .jw = malloc((size_t)cols * sizeof(int)),
                    .je = malloc((size_t)cols * sizeof(int)),
                    .rows = rows, .cols = cols, .niter = niter, .threads = ctx->threads,
                    .lambda = 0.5f};
  st_status rc = I && a.J && a.C && a.dn && a.ds && a.dw && a.de && a.s1 && a.s2 && a.in &&
                         a.is && a.jw && a.je
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_image(I, rows, cols, ctx->seed);
    make_neighbours((int *)a.in, (int *)a.is, (int *)a.jw, (int *)a.je, rows, cols);
    a.I = I;
    rc = st_wl_cpu_time(ctx, sr1_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.J, nb);
  }
  free(I);
  free(a.J);
  free(a.C);
  free(a.dn);
  free(a.ds);
  free(a.dw);
  free(a.de);
  free(a.s1);
  free(a.s2);
  free((void *)a.in);
  free((void *)a.is);
  free((void *)a.jw);
  free((void *)a.je);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int rows, cols, niter;
  sr1_dims(ctx->size, &rows, &cols, &niter);
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
    make_neighbours(in, is, jw, je, rows, cols);
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
    cpu_totals(J, s1, s2, ne, ctx->threads);
    if (memcmp(&total, &s1[0], 4) != 0 || memcmp(&total2, &s2[0], 4) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "iteration %d: totals (sum, sum of squares) expected (%.9g, %.9g), got (%.9g, "
               "%.9g)",
               iter + 1, (double)s1[0], (double)s2[0], (double)total, (double)total2);
      rc = ST_ERR_MISMATCH;
      break;
    }
    float q0sqr = q0sqr_of(total, total2, ne);
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
    cpu_iteration(J, C, dn, ds, dw, de, in, is, jw, je, rows, cols, q0sqr, lambda,
                  ctx->threads);
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
    .medium = "251x229 image (half the paper's each way; 113 CTAs), 4 iterations, lambda 0.5",
    .run = run,
    .cpu = cpu,
};
