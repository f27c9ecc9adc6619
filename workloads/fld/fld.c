/* FLD host driver: a random directed graph with V vertices and E distinct
 * edges (weights 1..100), as a dense V x V distance matrix (0 on the
 * diagonal, "infinity" 2^29 for no edge, so two infinities still add without
 * overflow), relaxed by V launches, one per intermediate vertex. Checked
 * exactly against the CPU triple loop, which does the same integer
 * arithmetic. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define THREADS 256
#define INF (1 << 29)

static void fld_dims(st_wl_size size, int *n, int *edges) {
  *n = size == ST_WL_PAPER ? 256 : size == ST_WL_MEDIUM ? 128 : 48;
  *edges = size == ST_WL_PAPER ? 16384 : size == ST_WL_MEDIUM ? 4096 : 576;
}

/* The distance matrix: 0 on the diagonal, edges distinct random pairs with
 * weights 1..100, INF elsewhere. */
static void fld_inputs(uint64_t seed, int n, int edges, int *d) {
  size_t nn = (size_t)n * n;
  for (size_t e = 0; e < nn; e++) {
    d[e] = e % ((size_t)n + 1) == 0 ? 0 : INF;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int placed = 0; placed < edges;) {
    int u = (int)st_wl_rng_below(&r, (uint32_t)n), v = (int)st_wl_rng_below(&r, (uint32_t)n);
    if (u != v && d[(size_t)u * n + v] == INF) {
      d[(size_t)u * n + v] = 1 + (int)st_wl_rng_below(&r, 100);
      placed++;
    }
  }
}

/* The n relaxations in order, in place; in each, a row per iteration of the
 * parallel loop (row k and column k do not change during step k, so the
 * rows are independent). */
static void fld_cpu(int *d, int n, int threads) {
#pragma omp parallel num_threads(threads)
  for (int k = 0; k < n; k++) {
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      int dik = d[i * n + k];
      const int *dk = d + (size_t)k * n;
      int *di = d + (size_t)i * n;
      for (int j = 0; j < n; j++) {
        int via = dik + dk[j];
        if (via < di[j]) di[j] = via;
      }
    }
  }
}

/* The CPU version: a copy of the matrix (the relaxation works in place),
 * then every step. */
typedef struct fld_cpu_args {
  const int *d0;
  int *d;
  int n, threads;
} fld_cpu_args;

static void fld_cpu_work(void *arg) {
  fld_cpu_args *a = arg;
  memcpy(a->d, a->d0, (size_t)a->n * (size_t)a->n * sizeof *a->d);
  fld_cpu(a->d, a->n, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n, edges;
  fld_dims(ctx->size, &n, &edges);
  size_t nn = (size_t)n * n;
  int *d0 = malloc(nn * sizeof *d0);
  fld_cpu_args a = {.d = malloc(nn * sizeof(int)), .n = n, .threads = ctx->threads};
  st_status rc = d0 && a.d ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    fld_inputs(ctx->seed, n, edges, d0);
    a.d0 = d0;
    rc = st_wl_cpu_time(ctx, fld_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.d, nn * sizeof(int));
  }
  free(d0);
  free(a.d);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n, edges;
  fld_dims(ctx->size, &n, &edges);
  size_t nn = (size_t)n * n;
  int *d = malloc(nn * sizeof *d);
  int *want = malloc(nn * sizeof *want);
  if (d == NULL || want == NULL) {
    free(d);
    free(want);
    return ST_ERR_NOMEM;
  }
  fld_inputs(ctx->seed, n, edges, d);
  for (size_t e = 0; e < nn; e++) {
    want[e] = d[e];
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_dist = 0;
  st_status rc = st_wl_upload(gpu, d, nn * 4, &d_dist, err);
  uint32_t ctas = (uint32_t)((nn + THREADS - 1) / THREADS);
  for (int k = 0; rc == ST_OK && k < n; k++) {
    st_arg a[] = {ST_ARG_PTR(d_dist), ST_ARG_S32(k), ST_ARG_S32(n)};
    rc = st_launch(gpu, ctx->mod, "fld_relax", st_dim3_make(ctas, 1, 1),
                   st_dim3_make(THREADS, 1, 1), 0, a, 3, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, d, d_dist, nn * 4, err);
  if (rc == ST_OK) {
    fld_cpu(want, n, ctx->threads);
    rc = st_wl_check_u32(ctx, "distances", (const uint32_t *)d, (const uint32_t *)want, nn);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log, "  fld: %d vertices, %d edges, %u CTAs per launch (%d launches)\n", n,
            edges, ctas, n);
  }
  free(d);
  free(want);
  return rc;
}

const st_workload_desc st_wl_fld = {
    .name = "fld",
    .title = "Floyd-Warshall all-pairs shortest paths, one launch per intermediate vertex",
    .seeds = "Ctrl-C FLD (Pannotia)",
    .category = "Ctrl-C cache-sensitive (CS, confirmed)",
    .suite = "Pannotia",
    .tables = "Ctrl-C Table 5.3 row 20, 256 (V) 16K (E)",
    .ptx = "fld.ptx",
    .small = "48 vertices, 576 edges (48 launches; the paper density, 1 in 4 pairs)",
    .paper = "256 vertices, 16384 edges (Ctrl-C's 256 (V), 16K (E); 256 launches)",
    .medium = "128 vertices, 4096 edges (128 launches; the paper density)",
    .run = run,
    .cpu = cpu,
};
