/* SSSP_DP host driver: one of the named weighted graphs (graph.h's
 * nested-parallel inputs; the unweighted generators get hashed lengths in
 * [1, 1000], flight its route lengths), a source drawn among the vertices
 * with a neighbour, then one launch per iteration of sssp_dp_flat,
 * sssp_dp_cdp or sssp_dp_dtbl (ctx->variant) over the worklist; the host clears the next
 * worklist's counter before each launch, reads it back after, swaps the
 * worklists and stops when it is 0. The distances must equal CPU Dijkstra's
 * exactly (unreached vertices keep the device's infinity). The CDP and DTBL
 * variants also read back the launch counters for the log. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define BLOCK 256
#define PAR_MIN 512 /* host version: a smaller worklist stays on one thread (not worth a fork) */
#define SSSP_INF 0x3fffffff

/* The input graph: graph.h's named inputs (st_wl_graph_dp_input) at the
 * small and paper sizes; at the medium size the same generators with 24576
 * vertices (graph500: scale 14, 16384 vertices; flight: 2048 airports). The unweighted
 * ones get st_wl_graph_add_lengths, as st_wl_graph_dp_input gives them. */
static st_status dp_graph(st_wl_graph *g, const char *input, st_wl_size size, uint64_t seed,
                          st_error *err) {
  if (size != ST_WL_MEDIUM) {
    return st_wl_graph_dp_input(g, input, size == ST_WL_PAPER, 1, seed, err);
  }
  return st_wl_graph_dp_sized(g, input, 24576, 14, 2048, 1, seed, err);
}

/* Relaxing u with the candidate d, as the kernels' relax(): an atomic
 * minimum (a compare-and-swap loop); whoever lowers dist[u] queues u unless
 * this iteration queued it already (mark[u] holds the stamp of the
 * iteration that queued it last). */
static void cpu_relax(uint32_t u, int32_t d, int32_t *dist, int32_t *mark, int32_t stamp,
                      uint32_t *qout, uint32_t *qcount) {
  int32_t cur = __atomic_load_n(&dist[u], __ATOMIC_RELAXED);
  while (d < cur) {
    if (__atomic_compare_exchange_n(&dist[u], &cur, d, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
      if (__atomic_exchange_n(&mark[u], stamp, __ATOMIC_RELAXED) != stamp) {
        qout[__atomic_fetch_add(qcount, 1u, __ATOMIC_RELAXED)] = u;
      }
      return;
    }
  }
}

/* The CPU version's work: the kernels' Bellman-Ford worklist on the host
 * threads, one iteration per host launch, one loop iteration per worklist
 * vertex relaxing its whole list. As on the GPU, a vertex reads its distance
 * when its turn comes, so the iterations may vary from run to run; the
 * distances are the shortest ones whatever the order. */
typedef struct sssp_cpu_args {
  const st_wl_graph *g;
  uint32_t src;
  int32_t *dist, *mark;
  uint32_t *q0, *q1;
  int threads, iterations;
} sssp_cpu_args;

static void sssp_cpu_work(void *arg) {
  sssp_cpu_args *a = arg;
  uint32_t n = a->g->n;
  const uint32_t *row = a->g->row, *col = a->g->col, *weight = a->g->weight;
  int32_t *dist = a->dist, *mark = a->mark;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (uint32_t v = 0; v < n; v++) {
    dist[v] = v == a->src ? 0 : SSSP_INF;
    mark[v] = 0;
  }
  uint32_t *qin = a->q0, *qout = a->q1, nin = 1;
  qin[0] = a->src;
  int iterations = 0;
  while (nin > 0) {
    uint32_t count = 0;
    int32_t stamp = iterations + 1;
#pragma omp parallel for num_threads(a->threads) schedule(dynamic, 64) if (nin >= PAR_MIN)
    for (uint32_t i = 0; i < nin; i++) {
      uint32_t v = qin[i];
      int32_t d = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
      for (uint32_t e = row[v]; e < row[v + 1]; e++) {
        cpu_relax(col[e], d + (int32_t)weight[e], dist, mark, stamp, qout, &count);
      }
    }
    uint32_t *t = qin;
    qin = qout;
    qout = t;
    nin = count;
    iterations++;
  }
  a->iterations = iterations;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  const char *input = ctx->input ? ctx->input : "citation";
  st_wl_graph g;
  st_status rc = dp_graph(&g, input, ctx->size, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  size_t n = g.n;
  sssp_cpu_args a = {.g = &g, .src = st_wl_graph_dp_source(&g, ctx->seed),
                     .dist = malloc(n * sizeof(int32_t)), .mark = malloc(n * sizeof(int32_t)),
                     .q0 = malloc(n * sizeof(uint32_t)), .q1 = malloc(n * sizeof(uint32_t)),
                     .threads = ctx->threads};
  rc = a.dist && a.mark && a.q0 && a.q1 ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, sssp_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.dist, n * sizeof(int32_t));
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  sssp_dp: %s, %zu vertices, %u arcs, source %u, %d iterations (last "
                        "repetition)\n", input, n, g.m, a.src, a.iterations);
    }
  }
  free(a.dist);
  free(a.mark);
  free(a.q0);
  free(a.q1);
  st_wl_graph_free(&g);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  const char *input = ctx->input ? ctx->input : "citation";
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  st_wl_graph g;
  st_status rc = dp_graph(&g, input, ctx->size, ctx->seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  st_wl_graph_dp_log(ctx->log, input, &g);
  uint32_t n = g.n, src = st_wl_graph_dp_source(&g, ctx->seed);
  int32_t *dist = malloc((size_t)n * sizeof *dist);
  int32_t *want = malloc((size_t)n * sizeof *want);
  if (dist == NULL || want == NULL) {
    free(dist);
    free(want);
    st_wl_graph_free(&g);
    return ST_ERR_NOMEM;
  }
  for (uint32_t v = 0; v < n; v++) {
    dist[v] = SSSP_INF;
  }
  dist[src] = 0;
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_weight, d_dist, d_mark, d_q[2], d_count, d_stats;
  rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.weight, (uint64_t)g.m * 4, &d_weight, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, dist, (uint64_t)n * 4, &d_dist, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_mark, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_q[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_q[1], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_count, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 32, &d_stats, err);
  if (rc == ST_OK) rc = st_memcpy_htod(gpu, d_q[0], &src, 4, err); /* the source */
  int iterations = 0;
  uint64_t relaxed = 0, widest = 1;
  for (int32_t nin = 1, cur = 0; rc == ST_OK && nin > 0; iterations++, cur ^= 1) {
    if ((uint32_t)iterations > n + 1) { /* Bellman-Ford settles within n rounds */
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "worklist: still %d vertices after %d iterations", nin, iterations);
      rc = ST_ERR_MISMATCH;
      break;
    }
    int32_t zero = 0, stamp = iterations + 1;
    rc = st_memcpy_htod(gpu, d_count, &zero, 4, err);
    st_dim3 grid = st_dim3_make(((uint32_t)nin + BLOCK - 1) / BLOCK, 1, 1);
    st_dim3 block = st_dim3_make(BLOCK, 1, 1);
    st_arg a[] = {ST_ARG_PTR(d_row),  ST_ARG_PTR(d_col),       ST_ARG_PTR(d_weight),
                  ST_ARG_PTR(d_dist), ST_ARG_PTR(d_mark),      ST_ARG_PTR(d_q[cur]),
                  ST_ARG_S32(nin),    ST_ARG_PTR(d_q[cur ^ 1]), ST_ARG_PTR(d_count),
                  ST_ARG_S32(stamp),  ST_ARG_PTR(d_stats)};
    if (rc == ST_OK && cdp) rc = st_memcpy_htod(gpu, d_stats + 16, &zero, 4, err); /* budget */
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, dtbl ? "sssp_dp_dtbl" : cdp ? "sssp_dp_cdp" : "sssp_dp_flat",
                     grid, block, 0, a, cdp ? 11 : 10, err);
    }
    relaxed += (uint64_t)nin;
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &nin, d_count, 4, err);
    if (rc == ST_OK && (nin < 0 || (uint32_t)nin > n)) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "worklist: %d entries for %u vertices", nin,
               n);
      rc = ST_ERR_MISMATCH;
    }
    widest = (uint64_t)nin > widest ? (uint64_t)nin : widest;
  }
  uint32_t stats[8] = {0};
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, dist, d_dist, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, stats, d_stats, 32, err);
  if (rc == ST_OK) {
    if (st_wl_graph_dijkstra(&g, src, SSSP_INF, want) != 0) {
      rc = ST_ERR_NOMEM;
    } else {
      rc = st_wl_check_u32(ctx, "dist", (const uint32_t *)dist, (const uint32_t *)want, n);
    }
    if (rc == ST_OK) {
      uint32_t reached = 0;
      int32_t far = 0;
      for (uint32_t v = 0; v < n; v++) {
        if (want[v] != SSSP_INF) {
          reached++;
          far = want[v] > far ? want[v] : far;
        }
      }
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "dist: %u values match CPU Dijkstra (source %u, %u reached, farthest %d; %d "
               "iterations)",
               n, src, reached, far, iterations);
    }
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  sssp_dp %s: source %u, %d launches (iterations), %llu worklist entries, widest "
            "worklist %llu\n",
            vname, src, iterations, (unsigned long long)relaxed,
            (unsigned long long)widest);
    if (cdp) {
      fprintf(ctx->log,
              "  sssp_dp %s: %u child launches, %u threads (%.1f per child), %u neighbours "
              "(%.1f per child), %u launches refused, %u lists over the launch budget\n",
              vname, stats[0], stats[1], stats[0] ? (double)stats[1] / stats[0] : 0.0, stats[2],
              stats[0] ? (double)stats[2] / stats[0] : 0.0, stats[3], stats[5]);
    }
  }
  free(dist);
  free(want);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_sssp_dp = {
    .name = "sssp_dp",
    .title = "single-source shortest paths, Bellman-Ford worklist with atomicMin (cdp: a child "
             "grid relaxes the neighbours of a vertex of degree >= 32; dtbl: a DTBL group)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) SSSP",
    .category = "dissertation §4.1: traversal (examine neighbours in parallel, minimum by "
                "reduction)",
    .suite = "other",
    .tables = "dissertation Table 2 (citation, usa_road, flight, cage15), Table 6 (citation, "
              "flight, cage15), Table 7 (citation, graph500, cage15)",
    .ptx = "sssp_dp.ptx",
    .small = "4096-vertex weighted graphs (citation, usa_road, cage15, graph500 scale 12), "
             "flight 1024 airports",
    .paper = "65536-vertex weighted graphs (citation, usa_road, cage15, graph500 scale 16), "
             "flight 4096 airports",
    .medium = "24576-vertex weighted graphs (citation, usa_road 24649, cage15), graph500 scale "
              "14 (16384 vertices), flight 2048 airports",
    .variants = "flat cdp dtbl",
    .inputs = "citation usa_road flight cage15 graph500",
    .run = run,
    .cpu = cpu,
};
