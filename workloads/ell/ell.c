/* ELL host driver: Pannotia's Dijkstra-ELL on a synthetic road network
 * (graph.h's road generator, positive integer lengths) from source vertex 0.
 * The host turns the CSR graph into column-major ELLPACK arrays padded to the
 * largest degree (a padding slot points at its own vertex with length
 * SSSP_INF, so it never wins). One vector_init launch, then per iteration the
 * host clears the flag, launches assign, min-plus relaxation and diff, and
 * reads the flag back, until an iteration changes nothing. Checked exactly against a CPU Dijkstra
 * (integer distances; the fixed point of the relaxation is the shortest
 * distance of every vertex). */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define THREADS 64
#define SSSP_INF 99999999

/* The degree buckets the log shows: 0-1, 2, 3, 4, 5-8, more. */
static const uint32_t degree_upper[] = {1, 2, 3, 4, 8, UINT32_MAX};

/* One launch of `entry` over grid, THREADS threads per CTA. */
static st_status launch(st_wl_ctx *ctx, const char *entry, st_dim3 grid, const st_arg *args,
                        size_t n, st_error *err) {
  return st_launch(ctx->gpu, ctx->mod, entry, grid, st_dim3_make(THREADS, 1, 1), 0, args, n, err);
}

/* The vertices asked of the road generator (it makes the nearest grid). */
static uint32_t ell_vertices(st_wl_size size) {
  return size == ST_WL_PAPER ? 264346 : size == ST_WL_MEDIUM ? 4096 : 2048;
}

/* ELLPACK, column-major: slot k of vertex v at [k * n + v], width the
 * largest degree. Out of memory: ST_ERR_NOMEM (what was allocated is in
 * *col and *len, for the caller to free). */
static st_status ell_arrays(const st_wl_graph *g, int *width_out, int32_t **col, int32_t **len) {
  int n = (int)g->n, width = 0;
  for (int v = 0; v < n; v++) {
    int d = (int)(g->row[v + 1] - g->row[v]);
    width = d > width ? d : width;
  }
  size_t slots = (size_t)width * (size_t)n;
  int32_t *ell_col = malloc((slots ? slots : 1) * sizeof *ell_col);
  int32_t *ell_len = malloc((slots ? slots : 1) * sizeof *ell_len);
  *width_out = width;
  *col = ell_col;
  *len = ell_len;
  if (ell_col == NULL || ell_len == NULL) {
    return ST_ERR_NOMEM;
  }
  for (int v = 0; v < n; v++) {
    uint32_t e = g->row[v], end = g->row[v + 1];
    for (int k = 0; k < width; k++, e++) {
      size_t at = (size_t)k * (size_t)n + (size_t)v;
      ell_col[at] = e < end ? (int32_t)g->col[e] : v;
      ell_len[at] = e < end ? (int32_t)g->weight[e] : SSSP_INF;
    }
  }
  return ST_OK;
}

/* The CPU version's work: the kernels' Bellman-Ford over the ELLPACK arrays
 * on the host threads, each iteration's three loops (assign, min-plus
 * relaxation, diff) in one parallel region, the flag an OR reduction. */
typedef struct ell_cpu_args {
  const int32_t *col, *len;
  int32_t *dist, *next;
  int n, width, threads, iterations;
} ell_cpu_args;

static void ell_cpu_work(void *arg) {
  ell_cpu_args *a = arg;
  const int32_t *col = a->col, *len = a->len;
  int n = a->n, width = a->width;
  int32_t *dist = a->dist, *next = a->next;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int v = 0; v < n; v++) { /* vector_init, source 0 */
    int32_t d = v == 0 ? 0 : SSSP_INF;
    dist[v] = d;
    next[v] = d;
  }
  int iterations = 0, changed = 1;
  for (int i = 1; changed && i < n; i++) {
    changed = 0;
#pragma omp parallel num_threads(a->threads)
    {
#pragma omp for schedule(static)
      for (int v = 0; v < n; v++) { /* vector_assign */
        dist[v] = next[v];
      }
#pragma omp for schedule(static)
      for (int v = 0; v < n; v++) { /* min_plus */
        int32_t best = dist[v];
        size_t at = (size_t)v;
        for (int k = 0; k < width; k++, at += (size_t)n) {
          int32_t via = len[at] + dist[col[at]];
          best = via < best ? via : best;
        }
        next[v] = best;
      }
#pragma omp for schedule(static) reduction(| : changed)
      for (int v = 0; v < n; v++) { /* vector_diff */
        changed |= next[v] != dist[v];
      }
    }
    iterations++;
  }
  a->iterations = iterations;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  st_wl_graph g;
  st_status rc = st_wl_graph_road(&g, ell_vertices(ctx->size), ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  int n = (int)g.n, width = 0;
  int32_t *ell_col = NULL, *ell_len = NULL;
  rc = ell_arrays(&g, &width, &ell_col, &ell_len);
  ell_cpu_args a = {.col = ell_col, .len = ell_len,
                    .dist = malloc((size_t)n * sizeof(int32_t)),
                    .next = malloc((size_t)n * sizeof(int32_t)), .n = n, .width = width,
                    .threads = ctx->threads};
  if (a.dist == NULL || a.next == NULL) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, ell_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.dist, (size_t)n * sizeof(int32_t));
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  ell: %d vertices, width %d, %d iterations\n", n, width,
              a.iterations);
    }
  }
  free(a.dist);
  free(a.next);
  free(ell_col);
  free(ell_len);
  st_wl_graph_free(&g);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  st_wl_graph g;
  st_status rc = st_wl_graph_road(&g, ell_vertices(ctx->size), ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  int n = (int)g.n;
  st_wl_graph_log_degrees(ctx->log, "ell", &g, degree_upper, 6);
  int32_t *dist = malloc((size_t)n * sizeof *dist);
  int32_t *want = malloc((size_t)n * sizeof *want);
  rc = dist && want ? ST_OK : ST_ERR_NOMEM;
  st_gpu *gpu = ctx->gpu;
  uint64_t d_col = 0, d_len = 0, d_dist = 0, d_next = 0, d_changed = 0;
  int width = 0;
  int32_t *ell_col = NULL, *ell_len = NULL;
  if (ell_arrays(&g, &width, &ell_col, &ell_len) != ST_OK) {
    rc = ST_ERR_NOMEM;
  }
  size_t slots = (size_t)width * (size_t)n;
  if (rc == ST_OK) rc = st_wl_upload(gpu, ell_col, slots * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, ell_len, slots * 4, &d_len, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_dist, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_next, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_changed, err);
  st_dim3 grid = st_dim3_make((uint32_t)((n + THREADS - 1) / THREADS), 1, 1);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_dist), ST_ARG_PTR(d_next), ST_ARG_S32(0), ST_ARG_S32(n)};
    rc = launch(ctx, "ell_vector_init", grid, a, 4, err);
  }
  st_arg assign[] = {ST_ARG_PTR(d_dist), ST_ARG_PTR(d_next), ST_ARG_S32(n)};
  st_arg relax[] = {ST_ARG_S32(n),     ST_ARG_S32(width),  ST_ARG_PTR(d_col),
                    ST_ARG_PTR(d_len), ST_ARG_PTR(d_dist), ST_ARG_PTR(d_next)};
  st_arg diff[] = {ST_ARG_PTR(d_dist), ST_ARG_PTR(d_next), ST_ARG_PTR(d_changed), ST_ARG_S32(n)};
  int iterations = 0, changed = 1;
  /* At most n - 1 rounds change anything (Bellman-Ford's bound), as in
   * Pannotia's host loop. */
  for (int i = 1; rc == ST_OK && changed && i < n; i++) {
    changed = 0;
    rc = st_memcpy_htod(gpu, d_changed, &changed, 4, err);
    if (rc == ST_OK) rc = launch(ctx, "ell_vector_assign", grid, assign, 3, err);
    if (rc == ST_OK) rc = launch(ctx, "ell_min_plus", grid, relax, 6, err);
    if (rc == ST_OK) rc = launch(ctx, "ell_vector_diff", grid, diff, 4, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &changed, d_changed, 4, err);
    iterations++;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, dist, d_dist, (uint64_t)n * 4, err);
  if (rc == ST_OK) {
    if (st_wl_graph_dijkstra(&g, 0, SSSP_INF, want) != 0) {
      rc = ST_ERR_NOMEM;
    }
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "distance", (const uint32_t *)dist, (const uint32_t *)want,
                         (size_t)n);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  ell: width %d (%zu slots, %.1f%% padding), %d iterations (%d launches), %u CTAs "
              "of %d threads each\n",
              width, slots, slots ? 100.0 * (double)(slots - g.m) / (double)slots : 0.0,
              iterations, 1 + 3 * iterations, grid.x, THREADS);
    }
  }
  free(dist);
  free(want);
  free(ell_col);
  free(ell_len);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_ell = {
    .name = "ell",
    .title = "single-source shortest paths, Bellman-Ford as min-plus SpMV over column-major "
             "ELLPACK (Dijkstra-ELL)",
    .seeds = "Ctrl-C ELL (Pannotia Dijkstra-ELL), HeteroPDP ELL (Pannotia, OpenCL)",
    .category = "Ctrl-C: CS/NS split lost in the source (row 24; probably CS from context), "
                "re-derive with the 1.2x rule; HeteroPDP Table 6.3 memory-intensive (M)",
    .suite = "Pannotia",
    .tables = "Ctrl-C Table 5.3 row 24 (USA road NY), Fig. 5.5 (ELL PC3, best insertion "
              "probability 1/8); HeteroPDP Table 6.3 Pannotia ELL (M; OpenCL on real hardware, "
              "no input given)",
    .ptx = "ell.ptx",
    .small = "2048-vertex synthetic road network (46x45 grid, 2070 vertices), width 4, source 0",
    .paper = "264710-vertex synthetic road network (515x514 grid; USA road NY has 264346), "
             "width 4, source 0",
    .medium = "4096-vertex synthetic road network (64x64 grid), width 4, source 0",
    .run = run,
    .cpu = cpu,
};
