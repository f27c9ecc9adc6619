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
 * allowed, as in random graph generators of the Rodinia kind). On failure
 * (out of memory) nothing stays allocated. */
static int make_graph(graph *g, int n, int avg, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  g->n = n;
  g->col = NULL;
  g->row = malloc(((size_t)n + 1) * sizeof *g->row);
  int *deg = malloc((size_t)n * sizeof *deg);
  if (g->row == NULL || deg == NULL) {
    free(deg);
    free(g->row);
    g->row = NULL;
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
    free(g->row);
    g->row = NULL;
    return -1;
  }
  for (int e = 0; e < g->m; e++) {
    g->col[e] = (int)st_wl_rng_below(&r, (uint32_t)n);
  }
  free(deg);
  return 0;
}

/* The kernels' level-synchronous search on the host threads: per level,
 * the frontier's nodes write the next level's cost into every unvisited
 * neighbour (the same value from every writer, so the result does not
 * depend on who writes last), then the newly reached nodes become the
 * frontier. Returns the levels (the host loop's trips). */
typedef struct bfs_cpu_args {
  const graph *g;
  int *cost;
  unsigned char *front, *next, *visit;
  int threads, levels;
} bfs_cpu_args;

static void cpu_bfs(void *arg) {
  bfs_cpu_args *a = arg;
  const graph *g = a->g;
  int n = g->n, threads = a->threads;
  int *cost = a->cost;
  unsigned char *front = a->front, *next = a->next, *visit = a->visit;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < n; v++) {
    cost[v] = v == 0 ? 0 : -1;
    front[v] = visit[v] = v == 0;
    next[v] = 0;
  }
  int levels = 0;
  for (int more = 1; more; levels++) {
    more = 0;
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(dynamic, 256)
      for (int v = 0; v < n; v++) { /* bfs_expand */
        if (!front[v]) continue;
        front[v] = 0;
        int c = cost[v] + 1;
        for (int e = g->row[v]; e < g->row[v + 1]; e++) {
          int u = g->col[e];
          if (!visit[u]) {
            __atomic_store_n(&cost[u], c, __ATOMIC_RELAXED);
            __atomic_store_n(&next[u], 1, __ATOMIC_RELAXED);
          }
        }
      }
#pragma omp for schedule(static) reduction(| : more)
      for (int v = 0; v < n; v++) { /* bfs_advance */
        if (!next[v]) continue;
        front[v] = 1;
        visit[v] = 1;
        more = 1;
        next[v] = 0;
      }
    }
  }
  a->levels = levels;
}

static int bfs_nodes(st_wl_size size) {
  return size == ST_WL_PAPER ? 65536 : size == ST_WL_MEDIUM ? 32768 : 4096;
}

/* The CPU version: the whole search (the masks' set-up, every level's two
 * loops) on every thread. */
static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = bfs_nodes(ctx->size);
  graph g;
  if (make_graph(&g, n, 8, ctx->seed) != 0) {
    return ST_ERR_NOMEM;
  }
  bfs_cpu_args a = {.g = &g, .cost = malloc((size_t)n * sizeof(int)), .front = malloc((size_t)n),
                    .next = malloc((size_t)n), .visit = malloc((size_t)n),
                    .threads = ctx->threads};
  st_status rc = a.cost && a.front && a.next && a.visit ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, cpu_bfs, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.cost, (size_t)n * sizeof(int));
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  bfs: %d nodes, %d edges, %d levels\n", n, g.m, a.levels);
    }
  }
  free(a.cost);
  free(a.front);
  free(a.next);
  free(a.visit);
  free(g.row);
  free(g.col);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = bfs_nodes(ctx->size);
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
    bfs_cpu_args ref = {.g = &g, .cost = want, .front = malloc((size_t)n),
                        .next = malloc((size_t)n), .visit = malloc((size_t)n),
                        .threads = ctx->threads};
    if (ref.front == NULL || ref.next == NULL || ref.visit == NULL) {
      rc = ST_ERR_NOMEM;
    } else {
      cpu_bfs(&ref);
    }
    free(ref.front);
    free(ref.next);
    free(ref.visit);
  }
  if (rc == ST_OK) {
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
    .medium = "32768-node uniform random graph, degree 2..14",
    .run = run,
    .cpu = cpu,
};
