/* DCT host driver: a synthetic 8-bit grey image (smooth shading, a few
 * rectangles and discs, and noise), shifted by -128 on the host as the SDK
 * sample does, then forward 8x8 DCT, quantisation with the JPEG luminance
 * table, and inverse DCT, each checked bit for bit against the CPU: every
 * float step of the kernels is an explicit _rn intrinsic (fma.rn, mul.rn,
 * add.rn, div.rn, cvt.rni), repeated here in the same order. The PSNR of
 * the reconstruction is logged. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define BS 8
#define TW 32
#define TH 16

#define C4 0.353553390593273762f
#define C2 0.461939766255643378f
#define C6 0.191341716182544886f
#define K1 0.490392640201615225f
#define K3 0.415734806151272619f
#define K5 0.277785116509801112f
#define K7 0.097545161008064133f

static const float qtable[64] = {
    16, 11, 10, 16, 24,  40,  51,  61,  12, 12, 14, 19, 26,  58,  60,  55,
    14, 13, 16, 24, 40,  57,  69,  56,  14, 17, 22, 29, 51,  87,  80,  62,
    18, 22, 37, 56, 68,  109, 103, 77,  24, 35, 55, 64, 81,  104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};

/* The kernels' 8-point transforms, operation for operation. */
static void fdct8(float *v, int s) {
  float x0 = v[0], x1 = v[s], x2 = v[2 * s], x3 = v[3 * s];
  float x4 = v[4 * s], x5 = v[5 * s], x6 = v[6 * s], x7 = v[7 * s];
  float s07 = x0 + x7, d07 = x0 - x7, s16 = x1 + x6, d16 = x1 - x6;
  float s25 = x2 + x5, d25 = x2 - x5, s34 = x3 + x4, d34 = x3 - x4;
  float e0 = s07 + s34, e2 = s07 - s34, e1 = s16 + s25, e3 = s16 - s25;
  v[0] = (e0 + e1) * C4;
  v[4 * s] = (e0 - e1) * C4;
  v[2 * s] = fmaf(e3, C6, e2 * C2);
  v[6 * s] = fmaf(e3, -C2, e2 * C6);
  v[s] = fmaf(d34, K7, fmaf(d25, K5, fmaf(d16, K3, d07 * K1)));
  v[3 * s] = fmaf(d34, -K5, fmaf(d25, -K1, fmaf(d16, -K7, d07 * K3)));
  v[5 * s] = fmaf(d34, K3, fmaf(d25, K7, fmaf(d16, -K1, d07 * K5)));
  v[7 * s] = fmaf(d34, -K1, fmaf(d25, K3, fmaf(d16, -K5, d07 * K7)));
}

static void idct8(float *v, int s) {
  float X0 = v[0], X1 = v[s], X2 = v[2 * s], X3 = v[3 * s];
  float X4 = v[4 * s], X5 = v[5 * s], X6 = v[6 * s], X7 = v[7 * s];
  float a0 = X0 * C4, a4 = X4 * C4;
  float t0 = a0 + a4, t1 = a0 - a4;
  float t2 = fmaf(X6, C6, X2 * C2), t3 = fmaf(X6, -C2, X2 * C6);
  float E0 = t0 + t2, E3 = t0 - t2, E1 = t1 + t3, E2 = t1 - t3;
  float O0 = fmaf(X7, K7, fmaf(X5, K5, fmaf(X3, K3, X1 * K1)));
  float O1 = fmaf(X7, -K5, fmaf(X5, -K1, fmaf(X3, -K7, X1 * K3)));
  float O2 = fmaf(X7, K3, fmaf(X5, K7, fmaf(X3, -K1, X1 * K5)));
  float O3 = fmaf(X7, -K1, fmaf(X5, K3, fmaf(X3, -K5, X1 * K7)));
  v[0] = E0 + O0;
  v[7 * s] = E0 - O0;
  v[s] = E1 + O1;
  v[6 * s] = E1 - O1;
  v[2 * s] = E2 + O2;
  v[5 * s] = E2 - O2;
  v[3 * s] = E3 + O3;
  v[4 * s] = E3 - O3;
}

/* Rows of every 8x8 block, then columns, in place (as the kernels); a row of
 * blocks per iteration of the parallel loop. */
static void cpu_transform(float *img, int w, int h, int inverse, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int by = 0; by < h; by += BS) {
    for (int bx = 0; bx < w; bx += BS) {
      for (int k = 0; k < BS; k++) {
        float *row = img + (size_t)(by + k) * w + bx;
        if (inverse) idct8(row, 1); else fdct8(row, 1);
      }
      for (int k = 0; k < BS; k++) {
        float *col = img + (size_t)by * w + bx + k;
        if (inverse) idct8(col, w); else fdct8(col, w);
      }
    }
  }
}

/* The quantisation kernel: each coefficient rounded to a multiple of its
 * step (ties to even), a row of pixels per iteration of the parallel loop. */
static void cpu_quantize(float *coef, int w, int h, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      float q = qtable[(y % BS) * BS + x % BS];
      coef[(size_t)y * w + x] = rintf(coef[(size_t)y * w + x] / q) * q;
    }
  }
}

static void make_image(float *img, int w, int h, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  float gx = 60.0f * st_wl_rng_unit(&r) / (float)w, gy = 60.0f * st_wl_rng_unit(&r) / (float)h;
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      img[(size_t)y * w + x] = 90.0f + gx * (float)x + gy * (float)y;
    }
  }
  for (int s = 0; s < 24; s++) {
    int cx = (int)st_wl_rng_below(&r, (uint32_t)w), cy = (int)st_wl_rng_below(&r, (uint32_t)h);
    int rad = 3 + (int)st_wl_rng_below(&r, (uint32_t)(w / 6 + 1));
    float level = 255.0f * st_wl_rng_unit(&r);
    int disc = (int)st_wl_rng_below(&r, 2);
    for (int y = cy - rad; y <= cy + rad; y++) {
      for (int x = cx - rad; x <= cx + rad; x++) {
        if (y < 0 || y >= h || x < 0 || x >= w) continue;
        if (disc && (x - cx) * (x - cx) + (y - cy) * (y - cy) > rad * rad) continue;
        img[(size_t)y * w + x] = level;
      }
    }
  }
  for (size_t i = 0; i < (size_t)w * h; i++) {
    float v = img[i] + 24.0f * (st_wl_rng_unit(&r) - 0.5f);
    v = v < 0.0f ? 0.0f : v > 255.0f ? 255.0f : v;
    img[i] = floorf(v) - 128.0f; /* 8-bit pixel, shifted as the SDK does */
  }
}

static void dct_dims(st_wl_size size, int *w, int *h) {
  *w = size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 448 : 128;
  *h = size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 448 : 64;
}

/* The CPU version: the forward transform into the coefficients, their
 * quantisation in place, the inverse transform into the output. */
typedef struct dct_cpu_args {
  const float *img;
  float *coef, *out;
  int w, h, threads;
} dct_cpu_args;

static void dct_cpu_work(void *arg) {
  dct_cpu_args *a = arg;
  size_t bytes = (size_t)a->w * (size_t)a->h * sizeof(float);
  memcpy(a->coef, a->img, bytes);
  cpu_transform(a->coef, a->w, a->h, 0, a->threads);
  cpu_quantize(a->coef, a->w, a->h, a->threads);
  memcpy(a->out, a->coef, bytes);
  cpu_transform(a->out, a->w, a->h, 1, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int w, h;
  dct_dims(ctx->size, &w, &h);
  size_t bytes = (size_t)w * h * sizeof(float);
  float *img = malloc(bytes);
  dct_cpu_args a = {.coef = malloc(bytes), .out = malloc(bytes), .w = w, .h = h,
                    .threads = ctx->threads};
  st_status rc = img && a.coef && a.out ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_image(img, w, h, ctx->seed);
    a.img = img;
    rc = st_wl_cpu_time(ctx, dct_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.coef, bytes);
    st_wl_cpu_digest(ctx, a.out, bytes);
  }
  free(img);
  free(a.coef);
  free(a.out);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int w, h;
  dct_dims(ctx->size, &w, &h);
  size_t n = (size_t)w * h, bytes = n * sizeof(float);
  float *img = malloc(bytes), *ref = malloc(bytes), *got = malloc(bytes);
  st_status rc = img && ref && got ? ST_OK : ST_ERR_NOMEM;
  st_gpu *gpu = ctx->gpu;
  uint64_t d_img = 0, d_coef = 0, d_out = 0, d_q = 0, qbytes = 0;
  if (rc == ST_OK) {
    make_image(img, w, h, ctx->seed);
    rc = st_wl_upload(gpu, img, bytes, &d_img, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &d_coef, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &d_out, err);
  if (rc == ST_OK) rc = st_module_symbol(gpu, ctx->mod, "dct_qtable", &d_q, &qbytes, err);
  if (rc == ST_OK) rc = st_memcpy_htod(gpu, d_q, qtable, sizeof qtable, err);
  st_dim3 tiles = st_dim3_make((uint32_t)(w / TW), (uint32_t)(h / TH), 1);
  st_dim3 tile_threads = st_dim3_make(BS, TW / BS, TH / BS);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_coef), ST_ARG_PTR(d_img), ST_ARG_S32(w)};
    rc = st_launch(gpu, ctx->mod, "dct_forward", tiles, tile_threads, 0, args, 3, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_coef, bytes, err);
  if (rc == ST_OK) {
    memcpy(ref, img, bytes);
    cpu_transform(ref, w, h, 0, ctx->threads);
    rc = st_wl_check_u32(ctx, "forward DCT coefficients", (const uint32_t *)got,
                         (const uint32_t *)ref, n);
  }
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_coef), ST_ARG_S32(w)};
    rc = st_launch(gpu, ctx->mod, "dct_quantize", st_dim3_make((uint32_t)(w / BS), (uint32_t)(h / BS), 1),
                   st_dim3_make(BS, BS, 1), 0, args, 2, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_coef, bytes, err);
  if (rc == ST_OK) {
    cpu_quantize(ref, w, h, ctx->threads);
    rc = st_wl_check_u32(ctx, "quantised coefficients", (const uint32_t *)got,
                         (const uint32_t *)ref, n);
  }
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_out), ST_ARG_PTR(d_coef), ST_ARG_S32(w)};
    rc = st_launch(gpu, ctx->mod, "dct_inverse", tiles, tile_threads, 0, args, 3, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_out, bytes, err);
  if (rc == ST_OK) {
    cpu_transform(ref, w, h, 1, ctx->threads);
    rc = st_wl_check_u32(ctx, "reconstructed image", (const uint32_t *)got,
                         (const uint32_t *)ref, n);
  }
  if (rc == ST_OK) {
    double se = 0.0;
    for (size_t i = 0; i < n; i++) {
      double d = (double)got[i] - (double)img[i];
      se += d * d;
    }
    double psnr = se > 0.0 ? 10.0 * log10(255.0 * 255.0 * (double)n / se) : 99.0;
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "forward DCT, quantised coefficients and reconstruction (%zu values each) match the "
             "CPU reference bit for bit; PSNR %.2f dB",
             n, psnr);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  dct: %dx%d image, forward %ux%u CTAs of 8x4x2, quantise %dx%d CTAs of 8x8, "
              "inverse %ux%u CTAs; PSNR %.2f dB\n",
              w, h, tiles.x, tiles.y, w / BS, h / BS, tiles.x, tiles.y, psnr);
    }
  }
  free(img);
  free(ref);
  free(got);
  return rc;
}

const st_workload_desc st_wl_dct = {
    .name = "dct",
    .title = "8x8 block DCT, quantisation and inverse DCT of a grey image (SDK dct8x8, "
             "shared-memory kernel)",
    .seeds = "Ctrl-C DCT (NVIDIA SDK)",
    .category = "Ctrl-C: CS/NS split lost in the source (row 12), re-derive with the 1.2x rule",
    .suite = "NVIDIA SDK",
    .tables = "Ctrl-C Table 5.3 row 12 (\"10 blocks\"; read here as the SDK sample's default "
              "512x512 image)",
    .ptx = "dct.ptx",
    .small = "128x64 image (16 tiles of 32x16, 128 blocks of 8x8)",
    .paper = "512x512 image, the SDK sample's default size (512 tiles of 32x16, 4096 blocks of "
             "8x8)",
    .medium = "448x448 image (392 tiles of 32x16, 3136 blocks of 8x8)",
    .run = run,
    .cpu = cpu,
};
