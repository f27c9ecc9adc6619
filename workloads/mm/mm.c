/* MM host driver: C = A * B with random floats in [-1, 1), one launch of the
 * tiled kernel, checked bit for bit against a CPU product that accumulates
 * in the kernel's order with fmaf (the PTX's k-loop is a chain of fma.rn.f32
 * from k = 0 upwards, starting from 0). */
#include <math.h>
#include <stdlib.h>

#include "workload.h"

#define MM_TILE 16

/* Row i of C on one thread: the k-loop outermost over the row, so each
 * element still gets its fma chain from k = 0 upwards (the kernel's order)
 * while B is read along its rows. */
static void cpu_mm(const float *a, const float *b, float *c, int ha, int wa, int wb,
                   int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int i = 0; i < ha; i++) {
    float *ci = c + (size_t)i * wb;
    for (int j = 0; j < wb; j++) {
      ci[j] = 0.0f;
    }
    for (int k = 0; k < wa; k++) {
      float aik = a[(size_t)i * wa + k];
      const float *bk = b + (size_t)k * wb;
      for (int j = 0; j < wb; j++) {
        ci[j] = fmaf(aik, bk[j], ci[j]);
      }
    }
  }
}

/* small: A 128x64, B 64x128 (64 CTAs, 4 phases); medium: 256x256 squared
 * (256 CTAs, 16 phases); paper: 1024x1024 squared. */
static void mm_dims(st_wl_size size, int *ha, int *wa, int *wb) {
  *ha = size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 256 : 128;
  *wa = size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 256 : 64;
  *wb = size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 256 : 128;
}

static void mm_inputs(uint64_t seed, float *a, size_t na, float *b, size_t nb) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < na; i++) {
    a[i] = 2.0f * st_wl_rng_unit(&r) - 1.0f;
  }
  for (size_t i = 0; i < nb; i++) {
    b[i] = 2.0f * st_wl_rng_unit(&r) - 1.0f;
  }
}

/* The CPU version: the product, rows of C on every thread. */
typedef struct mm_cpu_args {
  const float *a, *b;
  float *c;
  int ha, wa, wb, threads;
} mm_cpu_args;

static void mm_cpu_work(void *arg) {
  mm_cpu_args *m = arg;
  cpu_mm(m->a, m->b, m->c, m->ha, m->wa, m->wb, m->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int ha, wa, wb;
  mm_dims(ctx->size, &ha, &wa, &wb);
  size_t na = (size_t)ha * wa, nb = (size_t)wa * wb, nc = (size_t)ha * wb;
  float *a = malloc(na * sizeof *a);
  float *b = malloc(nb * sizeof *b);
  float *c = malloc(nc * sizeof *c);
  st_status rc = a && b && c ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    mm_inputs(ctx->seed, a, na, b, nb);
    mm_cpu_args m = {a, b, c, ha, wa, wb, ctx->threads};
    rc = st_wl_cpu_time(ctx, mm_cpu_work, &m);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, c, nc * sizeof *c);
  }
  free(a);
  free(b);
  free(c);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int ha, wa, wb;
  mm_dims(ctx->size, &ha, &wa, &wb);
  size_t na = (size_t)ha * wa, nb = (size_t)wa * wb, nc = (size_t)ha * wb;
  float *a = malloc(na * sizeof *a);
  float *b = malloc(nb * sizeof *b);
  float *c = malloc(nc * sizeof *c);
  float *want = malloc(nc * sizeof *want);
  st_status rc = a && b && c && want ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    mm_inputs(ctx->seed, a, na, b, nb);
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_a = 0, d_b = 0, d_c = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, a, na * 4, &d_a, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, b, nb * 4, &d_b, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nc * 4, &d_c, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_a), ST_ARG_PTR(d_b), ST_ARG_PTR(d_c), ST_ARG_S32(wa),
                     ST_ARG_S32(wb)};
    rc = st_launch(gpu, ctx->mod, "mm_tiled",
                   st_dim3_make((uint32_t)(wb / MM_TILE), (uint32_t)(ha / MM_TILE), 1),
                   st_dim3_make(MM_TILE, MM_TILE, 1), 0, args, 5, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, c, d_c, nc * 4, err);
  if (rc == ST_OK) {
    cpu_mm(a, b, want, ha, wa, wb, ctx->threads);
    rc = st_wl_check_u32(ctx, "C", (const uint32_t *)c, (const uint32_t *)want, nc);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  mm: A %dx%d times B %dx%d, %dx%d CTAs of 16x16, %d phases, 1 launch\n",
              ha, wa, wa, wb, wb / MM_TILE, ha / MM_TILE, wa / MM_TILE);
    }
  }
  free(a);
  free(b);
  free(c);
  free(want);
  return rc;
}

const st_workload_desc st_wl_mm = {
    .name = "mm",
    .title = "dense matrix multiply, 16x16 shared-memory tiles, two barriers per phase",
    .seeds = "BAWS MM (CUDA SDK), DYNCTA MM (Parboil), Ctrl-C MM (Mars)",
    .category = "BAWS barrier-intensive (6 TBs/SM, 8 warps/TB); DYNCTA Type-C; Ctrl-C CS/NS "
                "not recoverable (probably CS)",
    .suite = "NVIDIA SDK",
    .tables = "Ctrl-C Table 5.3 row 26 (Mars MM), 1024x1024; BAWS Table 2 (CUDA SDK, 6 TBs x 8 "
               "warps per SM); DYNCTA Table II row 29 (Parboil MM, C)",
    .ptx = "mm.ptx",
    .small = "A 128x64 times B 64x128 (64 CTAs, 4 tile phases)",
    .paper = "1024x1024 times 1024x1024 (4096 CTAs, 64 tile phases; the Ctrl-C dataset)",
    .medium = "256x256 times 256x256 (256 CTAs, 16 tile phases)",
    .run = run,
    .cpu = cpu,
};
