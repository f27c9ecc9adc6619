/* BFS host driver: a uniform random graph in CSR form, level-synchronous
 * search from node 0, checked against a CPU breadth-first search. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

typedef struct graph {
  int n, m;
  int *row, *col;
} graph;

/* Every node gets 2..2*avg-2 random neighbours (duplicates and self loops
 * allowed, as in random graph generators of the Rodinia kind). */
static int make_graph(graph *g, int n, int avg, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  g->n = n;
  g->row = malloc(((size_t)n + 1) * sizeof *g->row);
  int *deg = malloc((size_t)n * sizeof *deg);
  if (g->row == NULL || deg == NULL) {
    free(deg);
    return -1;
  }
  g->m = 0;
  for (int v = 0; v < n; v++) {
    deg[v] = 2 + (int)st_wl_rng_below(&r, (uint32_t)(2 * avg - 3));
    g->row[v] = g->m;
    g->m += deg[v];
  }
  g->row[n] = g->m;
  g->col = malloc((size_t)g->m * sizeof *g->col);
  if (g->col == NULL) {
    free(deg);
    return -1;
  }
  for (int e = 0; e < g->m; e++) {
    g->col[e] = (int)st_wl_rng_below(&r, (uint32_t)n);
  }
  free(deg);
  return 0;
}

static void cpu_bfs(const graph *g, int *cost) {
  int *queue = malloc((size_t)g->n * sizeof *queue);
  for (int v = 0; v < g->n; v++) {
    cost[v] = -1;
  }
  int head = 0, tail = 0;
  cost[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    int v = queue[head++];
    for (int e = g->row[v]; e < g->row[v + 1]; e++) {
      int u = g->col[e];
      if (cost[u] < 0) {
        cost[u] = cost[v] + 1;
        queue[tail++] = u;
      }
    }
  }
  free(queue);
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = ctx->size == ST_WL_PAPER ? 65536 : 4096;
  graph g;
  if (make_graph(&g, n, 8, ctx->seed) != 0) {
    return ST_ERR_NOMEM;
  }
  int *cost = malloc((size_t)n * sizeof *cost);
  int *want = malloc((size_t)n * sizeof *want);
  unsigned char *mask = calloc((size_t)n, 1);
  st_status rc = cost && want && mask ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_row, d_col, d_front, d_next, d_visit, d_cost, d_more;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    for (int v = 0; v < n; v++) {
      cost[v] = -1;
    }
    cost[0] = 0;
    mask[0] = 1;
    rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, mask, (uint64_t)n, &d_front, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n, &d_next, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, mask, (uint64_t)n, &d_visit, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, cost, (uint64_t)n * 4, &d_cost, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_more, err);
  st_dim3 grid = st_dim3_make((uint32_t)((n + 511) / 512), 1, 1);
  st_dim3 block = st_dim3_make(512, 1, 1);
  int levels = 0;
  for (int more = 1; rc == ST_OK && more; levels++) {
    more = 0;
    rc = st_memcpy_htod(gpu, d_more, &more, 4, err);
    st_arg a1[] = {ST_ARG_PTR(d_row),   ST_ARG_PTR(d_col),  ST_ARG_PTR(d_front), ST_ARG_PTR(d_next),
                   ST_ARG_PTR(d_visit), ST_ARG_PTR(d_cost), ST_ARG_S32(n)};
    st_arg a2[] = {ST_ARG_PTR(d_front), ST_ARG_PTR(d_next), ST_ARG_PTR(d_visit),
                   ST_ARG_PTR(d_more), ST_ARG_S32(n)};
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "bfs_expand", grid, block, 0, a1, 7, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "bfs_advance", grid, block, 0, a2, 5, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &more, d_more, 4, err);
  }
  if (rc == ST_OK) {
    rc = st_memcpy_dtoh(gpu, cost, d_cost, (uint64_t)n * 4, err);
  }
  if (rc == ST_OK) {
    cpu_bfs(&g, want);
    rc = st_wl_check_u32(ctx, "cost", (const uint32_t *)cost, (const uint32_t *)want, (size_t)n);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  bfs: %d nodes, %d edges, %d levels (%d launches)\n", n, g.m, levels,
              2 * levels);
    }
  }
  free(cost);
  free(want);
  free(mask);
  free(g.row);
  free(g.col);
  return rc;
}

const st_workload_desc st_wl_bfs = {
    .name = "bfs",
    .title = "breadth-first search, level-synchronous (two kernels per level)",
    .seeds = "CAWA/Ctrl-C BFS (Rodinia), BAWS bfs (non-barrier set), DYNCTA BFS",
    .category = "CAWA memory-intensive (M), cache-sensitive; DYNCTA Type-M",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Sens), 65536 nodes; Ctrl-C Table 5.3 row 22, "
               "65536 nodes; DYNCTA Table II row 4 (M; ISPASS-2009 BFS); BAWS non-barrier set "
               "(reconstructed)",
    .ptx = "bfs.ptx",
    .small = "4096-node uniform random graph, degree 2..14",
    .paper = "65536-node uniform random graph, degree 2..14 (the seeds' graph65536 size)",
    .run = run,
};
