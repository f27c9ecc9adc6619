/* CLR_DP host driver: one of the named graphs (graph.h's nested-parallel
 * inputs), one distinct random value per vertex (a shuffled 0..n-1, so no two
 * neighbours tie), then per iteration c = 1, 2, ... the host clears the
 * uncoloured counter, launches clr_dp_flat, or clr_dp_cdp (clr_dp_dtbl) and
 * then clr_dp_resolve (ctx->variant), and reads the counter back, stopping when
 * it is 0. The CPU reference replays the iterations on the same values, so
 * every colour must match exactly, and the host must run as many iterations;
 * the colouring is also checked to be complete and proper. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define BLOCK 256

/* The iterations on `threads` host threads, as clr_dp_flat does them: per
 * iteration c every uncoloured vertex whose value is larger than those of all
 * its uncoloured neighbours takes colour c, a neighbour that takes c in the
 * same iteration still counting as uncoloured (so the winners do not depend
 * on the order; the colours are read and written with relaxed atomics, as
 * the threads of a launch race). Returns the number of iterations (the
 * highest colour). */
static int clr_iterations(const st_wl_graph *g, const uint32_t *value, int32_t *colour,
                          int threads) {
  int n = (int)g->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < n; v++) {
    colour[v] = 0;
  }
  int c = 0;
  for (int left = 1; left > 0;) {
    c++;
    left = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 64) reduction(+ : left)
    for (int v = 0; v < n; v++) {
      int32_t cv;
#pragma omp atomic read
      cv = colour[v];
      if (cv != 0) continue;
      uint32_t mine = value[v];
      int lose = 0;
      for (uint32_t e = g->row[v]; e < g->row[v + 1] && !lose; e++) {
        uint32_t u = g->col[e];
        int32_t cu;
#pragma omp atomic read
        cu = colour[u];
        lose = (cu == 0 || cu == c) && value[u] > mine;
      }
      if (lose) {
        left++;
      } else {
#pragma omp atomic write
        colour[v] = c;
      }
    }
  }
  return c;
}

/* The number of vertices (graph500: the scale) of the medium size. */
#define MEDIUM_N 16384u
#define MEDIUM_SCALE 14u

/* The named input at the size: small and paper as every nested-parallel
 * graph workload has them, medium the same generators at MEDIUM_N vertices. */
static st_status clr_dp_graph(st_wl_graph *g, const char *input, st_wl_size size,
                              uint64_t seed, st_error *err) {
  if (size != ST_WL_MEDIUM) {
    return st_wl_graph_dp_input(g, input, size == ST_WL_PAPER, 0, seed, err);
  }
  return st_wl_graph_dp_sized(g, input, MEDIUM_N, MEDIUM_SCALE, 1024, 0, seed, err);
}

/* The graph and one distinct value per vertex (a shuffled 0..n-1). */
static st_status clr_dp_inputs(const char *input, st_wl_size size, uint64_t seed, st_wl_graph *g,
                               uint32_t **value_out, st_error *err) {
  st_status rc = clr_dp_graph(g, input, size, seed, err);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t n = g->n;
  uint32_t *value = malloc((size_t)n * sizeof *value);
  if (value == NULL) {
    st_wl_graph_free(g);
    return ST_ERR_NOMEM;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed ^ 0xc0104u);
  for (uint32_t v = 0; v < n; v++) {
    value[v] = v;
  }
  for (uint32_t v = n - 1; v > 0; v--) {
    uint32_t j = st_wl_rng_below(&r, v + 1), t = value[v];
    value[v] = value[j];
    value[j] = t;
  }
  *value_out = value;
  return ST_OK;
}

static bool check_proper(st_wl_ctx *ctx, const st_wl_graph *g, const int32_t *colour) {
  for (uint32_t v = 0; v < g->n; v++) {
    if (colour[v] < 1) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "colours: vertex %u is uncoloured (%d)", v,
               colour[v]);
      return false;
    }
    for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
      if (colour[g->col[e]] == colour[v]) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "colours: not proper, neighbours %u and %u both have colour %d", v,
                 g->col[e], colour[v]);
        return false;
      }
    }
  }
  return true;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  const char *input = ctx->input ? ctx->input : "citation";
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  st_wl_graph g;
  uint32_t *value = NULL;
  st_status rc = clr_dp_inputs(input, ctx->size, ctx->seed, &g, &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  st_wl_graph_dp_log(ctx->log, input, &g);
  uint32_t n = g.n;
  int32_t *colour = malloc((size_t)n * sizeof *colour);
  int32_t *want = malloc((size_t)n * sizeof *want);
  if (colour == NULL || want == NULL) {
    free(value);
    free(colour);
    free(want);
    st_wl_graph_free(&g);
    return ST_ERR_NOMEM;
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_value, d_colour, d_remaining, d_lose, d_pending, d_stats;
  rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, value, (uint64_t)n * 4, &d_value, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_colour, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_remaining, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_lose, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_pending, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 32, &d_stats, err);
  st_dim3 grid = st_dim3_make((n + BLOCK - 1) / BLOCK, 1, 1);
  st_dim3 block = st_dim3_make(BLOCK, 1, 1);
  int32_t s32n = (int32_t)n;
  int iterations = 0, launches = 0;
  for (int32_t left = 1, c = 1; rc == ST_OK && left > 0; c++) {
    if ((uint32_t)c > n) { /* each iteration colours at least one vertex */
      snprintf(ctx->verdict, sizeof ctx->verdict, "iterations: %d vertices left after %u", left,
               n);
      rc = ST_ERR_MISMATCH;
      break;
    }
    left = 0;
    rc = st_memcpy_htod(gpu, d_remaining, &left, 4, err);
    st_arg a[] = {ST_ARG_PTR(d_row),    ST_ARG_PTR(d_col),       ST_ARG_PTR(d_value),
                  ST_ARG_PTR(d_colour), ST_ARG_S32(c),           ST_ARG_PTR(d_remaining),
                  ST_ARG_S32(s32n),     ST_ARG_PTR(d_lose),      ST_ARG_PTR(d_pending),
                  ST_ARG_PTR(d_stats)};
    st_arg b[] = {ST_ARG_PTR(d_colour),    ST_ARG_PTR(d_lose), ST_ARG_PTR(d_pending),
                  ST_ARG_S32(c),           ST_ARG_PTR(d_remaining), ST_ARG_S32(s32n)};
    if (rc == ST_OK && cdp) rc = st_memcpy_htod(gpu, d_stats + 16, &left, 4, err); /* budget */
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, dtbl ? "clr_dp_dtbl" : cdp ? "clr_dp_cdp" : "clr_dp_flat",
                     grid, block, 0, a, cdp ? 10 : 7, err);
      launches++;
    }
    if (rc == ST_OK && cdp) {
      rc = st_launch(gpu, ctx->mod, "clr_dp_resolve", grid, block, 0, b, 6, err);
      launches++;
    }
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &left, d_remaining, 4, err);
    iterations = c;
  }
  uint32_t stats[8] = {0};
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, colour, d_colour, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, stats, d_stats, 32, err);
  if (rc == ST_OK) {
    int want_iterations = clr_iterations(&g, value, want, ctx->threads);
    rc = st_wl_check_u32(ctx, "colours", (const uint32_t *)colour, (const uint32_t *)want, n);
    if (rc == ST_OK && iterations != want_iterations) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "iterations: the host loop ran %d, the CPU reference %d", iterations,
               want_iterations);
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK && !check_proper(ctx, &g, colour)) {
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "colours: %u vertices match the CPU replay (proper, %d colours)", n,
               iterations);
    }
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log, "  clr_dp %s: %d iterations (colours), %d launches\n", vname,
            iterations, launches);
    if (cdp) {
      fprintf(ctx->log,
              "  clr_dp %s: %u child launches, %u threads (%.1f per child), %u neighbours "
              "(%.1f per child), %u launches refused, %u lists over the launch budget\n",
              vname, stats[0], stats[1], stats[0] ? (double)stats[1] / stats[0] : 0.0, stats[2],
              stats[0] ? (double)stats[2] / stats[0] : 0.0, stats[3], stats[5]);
    }
  }
  free(value);
  free(colour);
  free(want);
  st_wl_graph_free(&g);
  return rc;
}

/* The CPU version: the iterations (clr_iterations) on every thread. */
typedef struct clr_dp_cpu_args {
  const st_wl_graph *g;
  const uint32_t *value;
  int32_t *colour;
  int threads, iterations;
} clr_dp_cpu_args;

static void clr_dp_cpu_work(void *arg) {
  clr_dp_cpu_args *a = arg;
  a->iterations = clr_iterations(a->g, a->value, a->colour, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  st_wl_graph g;
  uint32_t *value = NULL;
  st_status rc = clr_dp_inputs(ctx->input ? ctx->input : "citation", ctx->size, ctx->seed, &g,
                               &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  clr_dp_cpu_args a = {.g = &g, .value = value,
                       .colour = malloc((size_t)g.n * sizeof(int32_t)),
                       .threads = ctx->threads};
  rc = a.colour != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, clr_dp_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.colour, (size_t)g.n * sizeof(int32_t));
    st_wl_cpu_digest(ctx, &a.iterations, sizeof a.iterations);
  }
  free(a.colour);
  free(value);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_clr_dp = {
    .name = "clr_dp",
    .title = "graph colouring by random-value independent sets, one colour per iteration (cdp: "
             "a child grid examines the neighbours of a vertex of degree >= 32; dtbl: a DTBL "
             "group)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) CLR",
    .category = "dissertation §4.1: traversal (examine a vertex's neighbours in parallel)",
    .suite = "other",
    .tables = "dissertation Table 2 (citation, usa_road, graph500, cage15), Table 6 and Table 7 "
              "(citation, graph500, cage15)",
    .ptx = "clr_dp.ptx",
    .small = "4096-vertex graphs (citation, usa_road, graph500 scale 12, cage15)",
    .paper = "65536-vertex graphs (citation, usa_road, graph500 scale 16, cage15)",
    .medium = "16384-vertex graphs (citation, usa_road, graph500 scale 14, cage15)",
    .variants = "flat cdp dtbl",
    .inputs = "citation usa_road graph500 cage15",
    .run = run,
    .cpu = cpu,
};
