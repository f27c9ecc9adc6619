/* BC host driver: a uniform random graph (st_wl_graph_uniform; the paper size
 * is the seed's 1K vertices and 128K arcs), betweenness centrality by
 * Brandes' algorithm from each of the first `sources` vertices in order, as
 * Pannotia's host loop does: per source a clean launch, one forward launch per
 * level while the device flag says a new level was reached, then one backward
 * launch per level, deepest first.
 *
 * The check: the forward search's distances and shortest-path counts for the
 * last source must match the CPU exactly (the counts are small integers,
 * exact in float whatever the order of the atomic adds). The centralities are
 * compared within a tight relative tolerance: every dependency term is the
 * same float expression on both sides (div.rn, add, mul in the PTX's order),
 * but the kernel sums the terms with float atomics in the order the warps
 * reach them, the CPU in edge order, so the sums may differ in the last bits. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define THREADS 128
#define BC_REL 1e-5f
#define BC_ABS 1e-6f

typedef struct bc_ref {
  int *dist;
  float *rho, *sigma, *bc;
} bc_ref;

/* One source of Brandes' algorithm on the host threads, level by level as
 * the kernels go, each vertex's sums done by one thread in its edge order
 * (deterministic where the kernels add with float atomics). Forward, per
 * level: every vertex of the level sums the path counts of its neighbours one
 * level up (all final by then) and labels its unvisited neighbours with the
 * next level (every writer stores the same value); the search goes on while
 * a vertex was labelled. Backward, from the deepest level to the source:
 * every vertex of the level sums its neighbours' shares one level down,
 * rho[v] / rho[w] * (1 + sigma[w]) (div, add, mul as in the PTX), and adds
 * its dependency to its centrality. The sums run in increasing neighbour
 * order, the order in which a serial push over the vertices adds them.
 * Returns the deepest level. */
static int cpu_source(const st_wl_graph *g, uint32_t s, bc_ref *r, int threads) {
  int n = (int)g->n;
  const uint32_t *row = g->row, *col = g->col;
  int *dist = r->dist;
  float *rho = r->rho, *sigma = r->sigma;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < n; v++) { /* bc_clean */
    dist[v] = v == (int)s ? 0 : -1;
    rho[v] = v == (int)s ? 1.0f : 0.0f;
    sigma[v] = 0.0f;
  }
  int level = 0;
  for (int cont = 1; cont; level++) {
    cont = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 32) reduction(| : cont)
    for (int v = 0; v < n; v++) { /* bc_forward */
      if (__atomic_load_n(&dist[v], __ATOMIC_RELAXED) != level) continue;
      float sum = 0.0f;
      for (uint32_t e = row[v]; e < row[v + 1]; e++) {
        uint32_t w = col[e];
        int dw = __atomic_load_n(&dist[w], __ATOMIC_RELAXED);
        if (dw < 0) {
          __atomic_store_n(&dist[w], level + 1, __ATOMIC_RELAXED);
          cont = 1;
        } else if (level > 0 && dw == level - 1) {
          sum += rho[w];
        }
      }
      if (level > 0) rho[v] = sum;
    }
  }
  int deepest = level - 1;
  for (int d = deepest; d >= 0; d--) {
#pragma omp parallel for num_threads(threads) schedule(dynamic, 32)
    for (int v = 0; v < n; v++) { /* bc_backward */
      if (dist[v] != d) continue;
      float sum = 0.0f;
      for (uint32_t e = row[v]; e < row[v + 1]; e++) {
        uint32_t w = col[e];
        if (dist[w] == d + 1) {
          float q = rho[v] / rho[w];
          float t = 1.0f + sigma[w];
          sum += q * t;
        }
      }
      sigma[v] = sum;
      if (v != (int)s) r->bc[v] = r->bc[v] + sum;
    }
  }
  return deepest;
}

/* The sizes: vertices, undirected edges, sources (0, 1, ...). */
static void bc_size(st_wl_size size, uint32_t *nv, uint32_t *edges, uint32_t *sources) {
  int paper = size == ST_WL_PAPER, medium = size == ST_WL_MEDIUM;
  *nv = paper || medium ? 1024 : 512;
  *edges = paper || medium ? 65536 : 4096;
  *sources = paper ? 1024 : medium ? 8 : 4;
}

/* The CPU version: the clean of the centralities, then every source's
 * levels, on every thread. */
typedef struct bc_cpu_args {
  const st_wl_graph *g;
  bc_ref r;
  uint32_t sources;
  int threads, deepest;
} bc_cpu_args;

static void bc_cpu_work(void *arg) {
  bc_cpu_args *a = arg;
  int n = (int)a->g->n;
  float *bc = a->r.bc;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int v = 0; v < n; v++) { /* bc_clean_bc */
    bc[v] = 0.0f;
  }
  a->deepest = 0;
  for (uint32_t s = 0; s < a->sources; s++) {
    int d = cpu_source(a->g, s, &a->r, a->threads);
    a->deepest = d > a->deepest ? d : a->deepest;
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  uint32_t nv, edges, sources;
  bc_size(ctx->size, &nv, &edges, &sources);
  st_wl_graph g;
  st_status rc = st_wl_graph_uniform(&g, nv, edges, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  size_t n = g.n;
  bc_cpu_args a = {.g = &g, .sources = sources, .threads = ctx->threads};
  a.r.dist = malloc(n * sizeof *a.r.dist);
  a.r.rho = malloc(n * sizeof *a.r.rho);
  a.r.sigma = malloc(n * sizeof *a.r.sigma);
  a.r.bc = malloc(n * sizeof *a.r.bc);
  if (a.r.dist == NULL || a.r.rho == NULL || a.r.sigma == NULL || a.r.bc == NULL) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, bc_cpu_work, &a);
  if (rc == ST_OK) {
    /* What the GPU run reads back: the last source's distances and path
     * counts, and the centralities. */
    st_wl_cpu_digest(ctx, a.r.dist, n * sizeof *a.r.dist);
    st_wl_cpu_digest(ctx, a.r.rho, n * sizeof *a.r.rho);
    st_wl_cpu_digest(ctx, a.r.bc, n * sizeof *a.r.bc);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  bc: %zu vertices, %u arcs, %u sources, deepest level %d\n", n, g.m,
              sources, a.deepest);
    }
  }
  free(a.r.dist);
  free(a.r.rho);
  free(a.r.sigma);
  free(a.r.bc);
  st_wl_graph_free(&g);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  uint32_t nv, edges, sources;
  bc_size(ctx->size, &nv, &edges, &sources);
  st_wl_graph g;
  st_status rc = st_wl_graph_uniform(&g, nv, edges, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t n = g.n;
  bc_ref r = {0};
  r.dist = malloc((size_t)n * sizeof *r.dist);
  r.rho = malloc((size_t)n * sizeof *r.rho);
  r.sigma = malloc((size_t)n * sizeof *r.sigma);
  r.bc = calloc((size_t)n, sizeof *r.bc);
  int *dist = malloc((size_t)n * sizeof *dist);
  float *rho = malloc((size_t)n * sizeof *rho);
  float *bc = malloc((size_t)n * sizeof *bc);
  if (r.dist == NULL || r.rho == NULL || r.sigma == NULL || r.bc == NULL || dist == NULL ||
      rho == NULL || bc == NULL) {
    rc = ST_ERR_NOMEM;
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_row_t, d_col_t, d_dist, d_sigma, d_rho, d_bc, d_cont;
  /* The original keeps a transposed copy of the graph for the backward
   * phase; for an undirected graph it holds the same lists. */
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row_t, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col_t, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_dist, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_sigma, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_rho, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_bc, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_cont, err);
  st_dim3 grid = st_dim3_make((n + THREADS - 1) / THREADS, 1, 1);
  st_dim3 block = st_dim3_make(THREADS, 1, 1);
  int s32n = (int)n;
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_bc), ST_ARG_S32(s32n)};
    rc = st_launch(gpu, ctx->mod, "bc_clean_bc", grid, block, 0, a, 2, err);
  }
  int launches = 1, max_levels = 0;
  for (uint32_t s = 0; rc == ST_OK && s < sources; s++) {
    int src = (int)s;
    st_arg ac[] = {ST_ARG_S32(src), ST_ARG_PTR(d_dist), ST_ARG_PTR(d_sigma), ST_ARG_PTR(d_rho),
                   ST_ARG_S32(s32n)};
    rc = st_launch(gpu, ctx->mod, "bc_clean", grid, block, 0, ac, 5, err);
    launches++;
    int level = 0;
    for (int cont = 1; rc == ST_OK && cont; level++) {
      cont = 0;
      rc = st_memcpy_htod(gpu, d_cont, &cont, 4, err);
      st_arg af[] = {ST_ARG_PTR(d_row),  ST_ARG_PTR(d_col), ST_ARG_PTR(d_dist),
                     ST_ARG_PTR(d_rho),  ST_ARG_PTR(d_cont), ST_ARG_S32(s32n),
                     ST_ARG_S32(level)};
      if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "bc_forward", grid, block, 0, af, 7, err);
      if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &cont, d_cont, 4, err);
      launches++;
    }
    max_levels = level > max_levels ? level : max_levels;
    for (; rc == ST_OK && level > 0; level--) {
      st_arg ab[] = {ST_ARG_PTR(d_row_t), ST_ARG_PTR(d_col_t), ST_ARG_PTR(d_dist),
                     ST_ARG_PTR(d_rho),   ST_ARG_PTR(d_sigma), ST_ARG_S32(s32n),
                     ST_ARG_S32(level),   ST_ARG_S32(src),     ST_ARG_PTR(d_bc)};
      rc = st_launch(gpu, ctx->mod, "bc_backward", grid, block, 0, ab, 9, err);
      launches++;
    }
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, dist, d_dist, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, rho, d_rho, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, bc, d_bc, (uint64_t)n * 4, err);
  if (rc == ST_OK) {
    for (uint32_t s = 0; s < sources; s++) {
      cpu_source(&g, s, &r, ctx->threads);
    }
    char what[64];
    snprintf(what, sizeof what, "distances (source %u)", sources - 1);
    rc = st_wl_check_u32(ctx, what, (const uint32_t *)dist, (const uint32_t *)r.dist, n);
    if (rc == ST_OK) {
      snprintf(what, sizeof what, "path counts (source %u)", sources - 1);
      rc = st_wl_check_f32(ctx, what, rho, r.rho, n, 0.0f, 0.0f); /* exact */
    }
    if (rc == ST_OK) {
      rc = st_wl_check_f32(ctx, "centrality", bc, r.bc, n, BC_REL, BC_ABS);
    }
    if (rc == ST_OK) {
      double worst = 0.0;
      uint32_t same = 0;
      for (uint32_t v = 0; v < n; v++) {
        double d = fabs((double)bc[v] - r.bc[v]) / (fabs((double)r.bc[v]) + 1e-30);
        worst = r.bc[v] != 0.0f && d > worst ? d : worst;
        same += bc[v] == r.bc[v];
      }
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "centrality: %u values match the CPU reference within %.0e relative (%u "
               "bit-exact, largest relative difference %.2e); distances and path counts of "
               "source %u exact",
               n, (double)BC_REL, same, worst, sources - 1);
    }
  }
  if (ctx->log != NULL) {
    char desc[160];
    st_wl_graph_describe(&g, desc, sizeof desc);
    fprintf(ctx->log,
            "  bc: uniform graph: %s; %u sources, up to %d forward launches per source (%d "
            "launches)\n",
            desc, sources, max_levels, launches);
  }
  free(r.dist);
  free(r.rho);
  free(r.sigma);
  free(r.bc);
  free(dist);
  free(rho);
  free(bc);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_bc = {
    .name = "bc",
    .title = "betweenness centrality (Brandes: forward level-synchronous path counting, backward "
             "dependency accumulation, one launch per level, host loop over sources)",
    .seeds = "Ctrl-C BC (Pannotia), HeteroPDP BC (Pannotia, OpenCL)",
    .category = "Ctrl-C: CS/NS split lost in the source (row 18), re-derive with the 1.2x rule; "
                "HeteroPDP Table 6.3 memory-intensive (M)",
    .suite = "Pannotia",
    .tables = "Ctrl-C Table 5.3 row 18 (1K (V), 128K (E)); HeteroPDP Table 6.3 Pannotia BC (M; "
              "OpenCL on real hardware, no input given)",
    .ptx = "bc.ptx",
    .small = "512-vertex uniform random graph, 8192 arcs, sources 0..3",
    .paper = "1024-vertex uniform random graph, 131072 arcs (the seed's 1K (V), 128K (E)), all "
             "1024 sources",
    .medium = "the paper's 1024-vertex uniform random graph, 131072 arcs, sources 0..7",
    .run = run,
    .cpu = cpu,
};
