/* FLD host driver: a random directed graph with V vertices and E distinct
 * edges (weights 1..100), as a dense V x V distance matrix (0 on the
 * diagonal, "infinity" 2^29 for no edge, so two infinities still add without
 * overflow), relaxed by V launches, one per intermediate vertex. Checked
 * exactly against the CPU triple loop, which does the same integer
 * arithmetic. */
#include <stdlib.h>

#include "workload.h"

#define THREADS 256
#define INF (1 << 29)

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int paper = ctx->size == ST_WL_PAPER;
  int n = paper ? 256 : 48;
  int edges = paper ? 16384 : 576;
  size_t nn = (size_t)n * n;
  int *d = malloc(nn * sizeof *d);
  int *want = malloc(nn * sizeof *want);
  if (d == NULL || want == NULL) {
    free(d);
    free(want);
    return ST_ERR_NOMEM;
  }
  for (size_t e = 0; e < nn; e++) {
    d[e] = e % ((size_t)n + 1) == 0 ? 0 : INF;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, ctx->seed);
  for (int placed = 0; placed < edges;) {
    int u = (int)st_wl_rng_below(&r, (uint32_t)n), v = (int)st_wl_rng_below(&r, (uint32_t)n);
    if (u != v && d[(size_t)u * n + v] == INF) {
      d[(size_t)u * n + v] = 1 + (int)st_wl_rng_below(&r, 100);
      placed++;
    }
  }
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
    for (int k = 0; k < n; k++) {
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          int via = want[i * n + k] + want[k * n + j];
          if (via < want[i * n + j]) want[i * n + j] = via;
        }
      }
    }
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
    .run = run,
};
