/* BFS_DP host driver: one of the named graphs (graph.h's nested-parallel
 * inputs), a source drawn among the vertices with a neighbour, then one
 * launch per level of bfs_dp_flat, bfs_dp_cdp, bfs_dp_dtbl or bfs_dp_pt
 * (ctx->variant) over the frontier queue; the host clears the next queue's
 * counter before each launch, reads it back after, swaps the queues and stops
 * when it is 0. The distances must equal a CPU BFS's exactly. The CDP and
 * DTBL variants also read back the kernels' launch counters (child launches,
 * threads, neighbours, refused launches) for the log and the verdict; the PT
 * variant its count of lists expanded by a warp. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define BLOCK 256
#define PAR_MIN 512 /* host search: a smaller frontier stays on one thread (not worth a fork) */

/* The input graph: graph.h's named inputs (st_wl_graph_dp_input) at the
 * small and paper sizes; at the medium size the same generators with 32768
 * vertices (graph500: scale 15; flight: 2048 airports). */
static st_status dp_graph(st_wl_graph *g, const char *input, st_wl_size size, uint64_t seed,
                          st_error *err) {
  if (size != ST_WL_MEDIUM) {
    return st_wl_graph_dp_input(g, input, size == ST_WL_PAPER, 0, seed, err);
  }
  return st_wl_graph_dp_sized(g, input, 32768, 15, 2048, 0, seed, err);
}

/* The kernels' search on the host threads: level by level over the frontier
 * queue (one loop iteration per frontier vertex, its whole list), a
 * neighbour claimed by a compare-and-swap of its distance from -1 and
 * appended to the next queue by whoever wins. The queue's order varies from
 * run to run, the distances do not. Returns the levels (the host's
 * launches, the last finding nothing). */
static int cpu_bfs(const st_wl_graph *g, uint32_t src, int32_t *dist, uint32_t *q0,
                   uint32_t *q1, int threads) {
  uint32_t n = g->n;
  const uint32_t *row = g->row, *col = g->col;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (uint32_t v = 0; v < n; v++) {
    dist[v] = v == src ? 0 : -1;
  }
  uint32_t *qin = q0, *qout = q1, nin = 1;
  qin[0] = src;
  int levels = 0;
  while (nin > 0) {
    uint32_t count = 0;
    int32_t next = levels + 1;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 64) if (nin >= PAR_MIN)
    for (uint32_t i = 0; i < nin; i++) {
      uint32_t v = qin[i];
      for (uint32_t e = row[v]; e < row[v + 1]; e++) {
        uint32_t u = col[e];
        int32_t expect = -1;
        if (__atomic_load_n(&dist[u], __ATOMIC_RELAXED) == -1 &&
            __atomic_compare_exchange_n(&dist[u], &expect, next, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
          qout[__atomic_fetch_add(&count, 1u, __ATOMIC_RELAXED)] = u;
        }
      }
    }
    uint32_t *t = qin;
    qin = qout;
    qout = t;
    nin = count;
    levels++;
  }
  return levels;
}

/* The CPU version: the whole search (every level) on every thread; one
 * version for every variant. */
typedef struct bfs_dp_cpu_args {
  const st_wl_graph *g;
  uint32_t src;
  int32_t *dist;
  uint32_t *q0, *q1;
  int threads, levels;
} bfs_dp_cpu_args;

static void bfs_dp_cpu_work(void *arg) {
  bfs_dp_cpu_args *a = arg;
  a->levels = cpu_bfs(a->g, a->src, a->dist, a->q0, a->q1, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  const char *input = ctx->input ? ctx->input : "citation";
  st_wl_graph g;
  st_status rc = dp_graph(&g, input, ctx->size, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  size_t n = g.n;
  bfs_dp_cpu_args a = {.g = &g, .src = st_wl_graph_dp_source(&g, ctx->seed),
                       .dist = malloc(n * sizeof(int32_t)), .q0 = malloc(n * sizeof(uint32_t)),
                       .q1 = malloc(n * sizeof(uint32_t)), .threads = ctx->threads};
  rc = a.dist && a.q0 && a.q1 ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, bfs_dp_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.dist, n * sizeof(int32_t));
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  bfs_dp: %s, %zu vertices, %u arcs, source %u, %d levels\n", input, n,
              g.m, a.src, a.levels - 1);
    }
  }
  free(a.dist);
  free(a.q0);
  free(a.q1);
  st_wl_graph_free(&g);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  const char *input = ctx->input ? ctx->input : "citation";
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  int pt = ctx->variant != NULL && strcmp(ctx->variant, "pt") == 0;
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : pt ? "pt" : "flat";
  /* pt: persistent threads. Every level's grid is the CTAs the GPU holds at
   * once, whatever the frontier's size: the configuration's SMs times the
   * CTAs of BLOCK threads one SM holds for bfs_dp_pt (st_kernel_occupancy:
   * the simulator's occupancy rule, cuOccupancyMaxActiveBlocksPerMultiprocessor
   * on silicon), as stn sizes its grid. Its warps take the frontier's vertices
   * from a work counter (d_head, cleared before each level) until it is used
   * up; no CTA waits for another, so the grid need not all be resident. */
  uint32_t pt_ctas = 0;
  if (pt) {
    uint32_t occ = 0;
    st_status orc = st_kernel_occupancy(ctx->gpu, ctx->mod, "bfs_dp_pt",
                                        st_dim3_make(BLOCK, 1, 1), 0, &occ, err);
    if (orc != ST_OK) {
      return orc;
    }
    if (occ < 1) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "the configured SM cannot hold a CTA of %d threads", BLOCK);
      return ST_ERR_MISMATCH;
    }
    pt_ctas = (uint32_t)st_config_num_sms(st_gpu_config(ctx->gpu)) * occ;
  }
  st_wl_graph g;
  st_status rc = dp_graph(&g, input, ctx->size, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  st_wl_graph_dp_log(ctx->log, input, &g);
  uint32_t n = g.n, src = st_wl_graph_dp_source(&g, ctx->seed);
  int32_t *dist = malloc((size_t)n * sizeof *dist);
  int32_t *want = malloc((size_t)n * sizeof *want);
  uint32_t *queue = malloc((size_t)n * sizeof *queue);
  uint32_t *queue2 = malloc((size_t)n * sizeof *queue2);
  if (dist == NULL || want == NULL || queue == NULL || queue2 == NULL) {
    free(dist);
    free(want);
    free(queue);
    free(queue2);
    st_wl_graph_free(&g);
    return ST_ERR_NOMEM;
  }
  for (uint32_t v = 0; v < n; v++) {
    dist[v] = -1;
  }
  dist[src] = 0;
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_dist, d_q[2], d_count, d_stats, d_head = 0;
  rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, dist, (uint64_t)n * 4, &d_dist, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_q[1], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_count, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 32, &d_stats, err);
  if (rc == ST_OK && pt) rc = st_wl_upload(gpu, NULL, 4, &d_head, err);
  if (rc == ST_OK) { /* the first frontier: the source */
    queue[0] = src;
    rc = st_wl_upload(gpu, queue, (uint64_t)n * 4, &d_q[0], err);
  }
  int levels = 0;
  uint64_t visited = 1, widest = 1;
  for (int32_t nin = 1, cur = 0; rc == ST_OK && nin > 0; levels++, cur ^= 1) {
    int32_t zero = 0, next = levels + 1;
    rc = st_memcpy_htod(gpu, d_count, &zero, 4, err);
    st_dim3 grid = st_dim3_make(pt ? pt_ctas : ((uint32_t)nin + BLOCK - 1) / BLOCK, 1, 1);
    st_dim3 block = st_dim3_make(BLOCK, 1, 1);
    st_arg a[] = {ST_ARG_PTR(d_row),       ST_ARG_PTR(d_col),   ST_ARG_PTR(d_dist),
                  ST_ARG_PTR(d_q[cur]),    ST_ARG_S32(nin),     ST_ARG_PTR(d_q[cur ^ 1]),
                  ST_ARG_PTR(d_count),     ST_ARG_S32(next),    ST_ARG_PTR(d_stats)};
    st_arg a_pt[] = {ST_ARG_PTR(d_row),    ST_ARG_PTR(d_col),   ST_ARG_PTR(d_dist),
                     ST_ARG_PTR(d_q[cur]), ST_ARG_S32(nin),     ST_ARG_PTR(d_q[cur ^ 1]),
                     ST_ARG_PTR(d_count),  ST_ARG_S32(next),    ST_ARG_PTR(d_head),
                     ST_ARG_PTR(d_stats)};
    if (rc == ST_OK && cdp) rc = st_memcpy_htod(gpu, d_stats + 16, &zero, 4, err); /* budget */
    if (rc == ST_OK && pt) rc = st_memcpy_htod(gpu, d_head, &zero, 4, err); /* work counter */
    if (rc == ST_OK && pt) {
      rc = st_launch(gpu, ctx->mod, "bfs_dp_pt", grid, block, 0, a_pt, 10, err);
    } else if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, dtbl ? "bfs_dp_dtbl" : cdp ? "bfs_dp_cdp" : "bfs_dp_flat",
                     grid, block, 0, a, cdp ? 9 : 8, err);
    }
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &nin, d_count, 4, err);
    if (rc == ST_OK && (nin < 0 || (uint64_t)nin + visited > n)) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "queue: level %d reports %d new vertices, more than are left", next, nin);
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK) {
      visited += (uint64_t)nin;
      widest = (uint64_t)nin > widest ? (uint64_t)nin : widest;
    }
  }
  uint32_t stats[8] = {0};
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, dist, d_dist, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, stats, d_stats, 32, err);
  if (rc == ST_OK) {
    cpu_bfs(&g, src, want, queue, queue2, ctx->threads);
    rc = st_wl_check_u32(ctx, "dist", (const uint32_t *)dist, (const uint32_t *)want, n);
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "dist: %u values match the CPU BFS (source %u, %d levels, %llu reached)", n, src,
               levels - 1, (unsigned long long)visited);
    }
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  bfs_dp %s: source %u, %d launches (levels), %llu vertices reached, widest "
            "frontier %llu\n",
            vname, src, levels, (unsigned long long)visited,
            (unsigned long long)widest);
    if (cdp) {
      fprintf(ctx->log,
              "  bfs_dp %s: %u child launches, %u threads (%.1f per child), %u neighbours "
              "(%.1f per child), %u launches refused, %u lists over the launch budget\n",
              vname, stats[0], stats[1], stats[0] ? (double)stats[1] / stats[0] : 0.0, stats[2],
              stats[0] ? (double)stats[2] / stats[0] : 0.0, stats[3], stats[5]);
    }
    if (pt) {
      fprintf(ctx->log,
              "  bfs_dp pt: %u CTAs of %d threads per launch, %u lists of >= 32 expanded by a "
              "warp, %u neighbours (%.1f per list)\n",
              pt_ctas, BLOCK, stats[0], stats[2],
              stats[0] ? (double)stats[2] / stats[0] : 0.0);
    }
  }
  free(dist);
  free(want);
  free(queue);
  free(queue2);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_bfs_dp = {
    .name = "bfs_dp",
    .title = "breadth-first search, Merrill-style frontier queue (flat: CTA/warp/thread "
             "expansion; cdp: a child grid per vertex of degree >= 32; dtbl: a DTBL group "
             "instead; pt: persistent threads, a resident grid taking vertices from a work "
             "counter, warp expansion of degree >= 32)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) BFS",
    .category = "dissertation §4.1: traversal (expand a frontier vertex's neighbours)",
    .suite = "other",
    .tables = "dissertation Table 2 (citation, usa_road, cage15), Table 6 (citation, usa_road, "
              "cage15), Table 7 (citation, graph500, cage15)",
    .ptx = "bfs_dp.ptx",
    .small = "4096-vertex graphs (citation, usa_road, cage15, graph500 scale 12)",
    .paper = "65536-vertex graphs (citation, usa_road, cage15, graph500 scale 16)",
    .medium = "32768-vertex graphs (citation, usa_road 32942, cage15, graph500 scale 15)",
    .variants = "flat cdp dtbl pt",
    .inputs = "citation usa_road cage15 graph500",
    .run = run,
    .cpu = cpu,
};
