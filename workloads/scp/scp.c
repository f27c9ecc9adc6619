/* SCP host driver: pairs of random vectors with elements uniform in [0, 1),
 * one launch of scp_dot (128 CTAs of 512 threads, grid-stride over the
 * pairs), checked exactly against a CPU reference that sums in the kernel's
 * order (the same per-slot fused multiply-adds, the same halving tree). */
#include <math.h>
#include <stdlib.h>

#include "workload.h"

#define SLOTS 1024

static float cpu_scalar_prod(const float *a, const float *b, int n) {
  /* Slot k adds elements k, k + SLOTS, ... in that order; walking the
   * elements in memory order keeps each slot's order. */
  float slot[SLOTS] = {0};
  for (int i0 = 0; i0 < n; i0 += SLOTS) {
    int m = n - i0 < SLOTS ? n - i0 : SLOTS;
    for (int k = 0; k < m; k++) {
      /* nvcc contracts acc += a * b into fma.rn.f32 */
      slot[k] = fmaf(a[i0 + k], b[i0 + k], slot[k]);
    }
  }
  for (int half = SLOTS / 2; half >= 1; half /= 2) {
    for (int k = 0; k < half; k++) {
      slot[k] = slot[k] + slot[k + half];
    }
  }
  return slot[0];
}

/* Every pair's product, one pair per iteration of the parallel loop. */
static void cpu_products(const float *a, const float *b, float *c, int vectors, int elements,
                         int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < vectors; v++) {
    size_t base = (size_t)v * (size_t)elements;
    c[v] = cpu_scalar_prod(a + base, b + base, elements);
  }
}

static int scp_vectors(st_wl_size size) {
  return size == ST_WL_PAPER ? 256 : size == ST_WL_MEDIUM ? 192 : 48;
}

static int scp_elements(st_wl_size size) { return size == ST_WL_SMALL ? 2048 : 4096; }

static void scp_inputs(uint64_t seed, size_t total, float *a, float *b) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < total; i++) {
    a[i] = st_wl_rng_unit(&r);
    b[i] = st_wl_rng_unit(&r);
  }
}

/* The CPU version: the products of every pair (scp_dot's work). */
typedef struct scp_cpu_args {
  const float *a, *b;
  float *c;
  int vectors, elements, threads;
} scp_cpu_args;

static void scp_cpu_work(void *arg) {
  scp_cpu_args *p = arg;
  cpu_products(p->a, p->b, p->c, p->vectors, p->elements, p->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int vectors = scp_vectors(ctx->size), elements = scp_elements(ctx->size);
  size_t total = (size_t)vectors * (size_t)elements;
  float *a = malloc(total * sizeof *a);
  float *b = malloc(total * sizeof *b);
  float *c = malloc((size_t)vectors * sizeof *c);
  st_status rc = a && b && c ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    scp_inputs(ctx->seed, total, a, b);
    scp_cpu_args p = {.a = a, .b = b, .c = c, .vectors = vectors, .elements = elements,
                      .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, scp_cpu_work, &p);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, c, (size_t)vectors * sizeof *c);
  }
  free(a);
  free(b);
  free(c);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int vectors = scp_vectors(ctx->size);
  int elements = scp_elements(ctx->size);
  size_t total = (size_t)vectors * (size_t)elements;
  float *a = malloc(total * sizeof *a);
  float *b = malloc(total * sizeof *b);
  float *c = malloc((size_t)vectors * sizeof *c);
  float *want = malloc((size_t)vectors * sizeof *want);
  st_status rc = a && b && c && want ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_a = 0, d_b = 0, d_c = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    scp_inputs(ctx->seed, total, a, b);
    rc = st_wl_upload(gpu, a, total * 4, &d_a, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, b, total * 4, &d_b, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)vectors * 4, &d_c, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_c), ST_ARG_PTR(d_a), ST_ARG_PTR(d_b), ST_ARG_S32(vectors),
                     ST_ARG_S32(elements)};
    rc = st_launch(gpu, ctx->mod, "scp_dot", st_dim3_make(128, 1, 1),
                   st_dim3_make(512, 1, 1), 0, args, 5, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, c, d_c, (uint64_t)vectors * 4, err);
  if (rc == ST_OK) {
    cpu_products(a, b, want, vectors, elements, ctx->threads);
    /* The reference follows the kernel's arithmetic exactly: demand equality. */
    rc = st_wl_check_u32(ctx, "C", (const uint32_t *)c, (const uint32_t *)want, (size_t)vectors);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  scp: %d vector pairs of %d floats, 128 CTAs x 512 threads\n",
              vectors, elements);
    }
  }
  free(a);
  free(b);
  free(c);
  free(want);
  return rc;
}

const st_workload_desc st_wl_scp = {
    .name = "scp",
    .title = "scalar products of vector pairs (CUDA SDK scalar product shape)",
    .seeds = "BAWS SP (CUDA SDK), DYNCTA SCP (SDK)",
    .category = "BAWS barrier-intensive (3 TBs x 16 warps per SM); DYNCTA Type-M",
    .suite = "NVIDIA SDK",
    .tables = "BAWS Table 2 (SP, 3 TBs x 16 warps per SM; no input given); DYNCTA Table II row "
               "13 (M)",
    .ptx = "scp.ptx",
    .small = "48 pairs of 2048-float vectors",
    .paper = "256 pairs of 4096-float vectors (the SDK sample's default size)",
    .medium = "192 pairs of 4096-float vectors",
    .run = run,
    .cpu = cpu,
};
