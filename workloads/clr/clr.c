/* CLR host driver: the "ecology" mesh (a rows x cols 4-neighbour grid, the
 * shape of Pannotia's ecology1 input), one distinct random value per vertex
 * (a shuffled rank / n: with ties two neighbours could stay uncoloured
 * forever), an init launch, then rounds of two launches (neighbour max/min,
 * assign) with colours c and c + 1, c = 1, 3, 5, ..., while the device flag
 * says an uncoloured vertex still has an uncoloured neighbour. The CPU
 * reference replays the same rounds on the same values, so the colours must
 * match exactly; the colouring is also checked to be complete and proper. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define THREADS 256
#define CLR_BIG 999999.0f

/* The kernels' rounds on `threads` host threads: the init, then per round the
 * bounds and the assignment, each vertex's by one thread from the previous
 * phase's state; returns the number of rounds the host loop runs. */
static int clr_rounds(const st_wl_graph *g, const float *value, int *color, float *nmax,
                      float *nmin, int threads) {
  int n = (int)g->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < n; v++) {
    color[v] = -1;
    nmax[v] = -1.0f;
    nmin[v] = CLR_BIG;
  }
  int rounds = 0;
  for (int stop = 1, c = 1; stop; rounds++, c += 2) {
    stop = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(| : stop)
    for (int v = 0; v < n; v++) {
      if (color[v] != -1) continue;
      float hi = -1.0f, lo = CLR_BIG;
      for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
        uint32_t u = g->col[e];
        if (color[u] == -1) {
          stop = 1;
          hi = value[u] > hi ? value[u] : hi;
          lo = value[u] < lo ? value[u] : lo;
        }
      }
      nmax[v] = hi;
      nmin[v] = lo;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int v = 0; v < n; v++) {
      if (color[v] != -1) continue;
      if (value[v] > nmax[v]) color[v] = c;
      if (value[v] < nmin[v]) color[v] = c + 1;
    }
  }
  return rounds;
}

/* The same as the GPU run's reference; returns the rounds, or -1 when out of
 * memory. */
static int cpu_clr(const st_wl_graph *g, const float *value, int *color, int threads) {
  float *nmax = malloc((size_t)g->n * sizeof *nmax);
  float *nmin = malloc((size_t)g->n * sizeof *nmin);
  int rounds = nmax != NULL && nmin != NULL
                   ? clr_rounds(g, value, color, nmax, nmin, threads)
                   : -1;
  free(nmax);
  free(nmin);
  return rounds;
}

static uint32_t clr_side(st_wl_size size) {
  return size == ST_WL_PAPER ? 1000 : size == ST_WL_MEDIUM ? 256 : 64;
}

/* The side x side mesh and one distinct value per vertex (a shuffled rank /
 * n); value has g->n entries. */
static st_status clr_inputs(uint64_t seed, uint32_t side, st_wl_graph *g, float **value_out,
                            st_error *err) {
  st_status rc = st_wl_graph_mesh(g, side, side, err);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t n = g->n;
  float *value = malloc((size_t)n * sizeof *value);
  uint32_t *rank = malloc((size_t)n * sizeof *rank);
  if (value == NULL || rank == NULL) {
    free(value);
    free(rank);
    st_wl_graph_free(g);
    return ST_ERR_NOMEM;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (uint32_t v = 0; v < n; v++) {
    rank[v] = v;
  }
  for (uint32_t v = n - 1; v > 0; v--) {
    uint32_t j = st_wl_rng_below(&r, v + 1), t = rank[v];
    rank[v] = rank[j];
    rank[j] = t;
  }
  for (uint32_t v = 0; v < n; v++) {
    value[v] = (float)rank[v] / (float)n;
  }
  free(rank);
  *value_out = value;
  return ST_OK;
}

/* Every vertex coloured, no edge between two vertices of one colour. */
static bool check_proper(st_wl_ctx *ctx, const st_wl_graph *g, const int *color) {
  for (uint32_t v = 0; v < g->n; v++) {
    if (color[v] < 1) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "colours: vertex %u is uncoloured (%d)", v,
               color[v]);
      return false;
    }
    for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
      if (color[g->col[e]] == color[v]) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "colours: not proper, neighbours %u and %u both have colour %d", v,
                 g->col[e], color[v]);
        return false;
      }
    }
  }
  return true;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  uint32_t side = clr_side(ctx->size);
  st_wl_graph g;
  float *value = NULL;
  st_status rc = clr_inputs(ctx->seed, side, &g, &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t n = g.n;
  int *color = malloc((size_t)n * sizeof *color);
  int *want = malloc((size_t)n * sizeof *want);
  if (color == NULL || want == NULL) {
    free(value);
    free(color);
    free(want);
    st_wl_graph_free(&g);
    return ST_ERR_NOMEM;
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_value, d_color, d_max, d_min, d_stop;
  rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, value, (uint64_t)n * 4, &d_value, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_color, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_max, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_min, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_stop, err);
  st_dim3 grid = st_dim3_make((n + THREADS - 1) / THREADS, 1, 1);
  st_dim3 block = st_dim3_make(THREADS, 1, 1);
  int s32n = (int)n;
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_color), ST_ARG_PTR(d_max), ST_ARG_PTR(d_min), ST_ARG_S32(s32n)};
    rc = st_launch(gpu, ctx->mod, "clr_init", grid, block, 0, a, 4, err);
  }
  int rounds = 0;
  for (int stop = 1, c = 1; rc == ST_OK && stop; rounds++, c += 2) {
    stop = 0;
    rc = st_memcpy_htod(gpu, d_stop, &stop, 4, err);
    st_arg a1[] = {ST_ARG_PTR(d_row),  ST_ARG_PTR(d_col), ST_ARG_PTR(d_value),
                   ST_ARG_PTR(d_color), ST_ARG_PTR(d_stop), ST_ARG_PTR(d_max),
                   ST_ARG_PTR(d_min),  ST_ARG_S32(s32n)};
    st_arg a2[] = {ST_ARG_PTR(d_value), ST_ARG_PTR(d_color), ST_ARG_PTR(d_max),
                   ST_ARG_PTR(d_min),   ST_ARG_S32(c),       ST_ARG_S32(s32n)};
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "clr_bounds", grid, block, 0, a1, 8, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "clr_assign", grid, block, 0, a2, 6, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &stop, d_stop, 4, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, color, d_color, (uint64_t)n * 4, err);
  if (rc == ST_OK) {
    int want_rounds = cpu_clr(&g, value, want, ctx->threads);
    if (want_rounds < 0) {
      rc = ST_ERR_NOMEM;
    } else {
      rc = st_wl_check_u32(ctx, "colours", (const uint32_t *)color, (const uint32_t *)want, n);
      if (rc == ST_OK && rounds != want_rounds) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "rounds: the host loop ran %d rounds, the CPU reference %d", rounds,
                 want_rounds);
        rc = ST_ERR_MISMATCH;
      }
      if (rc == ST_OK && !check_proper(ctx, &g, color)) {
        rc = ST_ERR_MISMATCH;
      }
      if (rc == ST_OK) {
        int used = 0;
        for (uint32_t v = 0; v < n; v++) {
          used = color[v] > used ? color[v] : used;
        }
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "colours: %u vertices match the CPU reference (proper, highest colour %d, %d "
                 "rounds)",
                 n, used, rounds);
      }
    }
  }
  if (ctx->log != NULL) {
    char desc[160];
    st_wl_graph_describe(&g, desc, sizeof desc);
    fprintf(ctx->log, "  clr: %ux%u mesh: %s; %d rounds (%d launches)\n", side, side, desc,
            rounds, 1 + 2 * rounds);
  }
  free(value);
  free(color);
  free(want);
  st_wl_graph_free(&g);
  return rc;
}

/* The CPU version: the kernels' rounds (clr_rounds) on every thread. */
typedef struct clr_cpu_args {
  const st_wl_graph *g;
  const float *value;
  int *color;
  float *nmax, *nmin;
  int threads, rounds;
} clr_cpu_args;

static void clr_cpu_work(void *arg) {
  clr_cpu_args *a = arg;
  a->rounds = clr_rounds(a->g, a->value, a->color, a->nmax, a->nmin, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  st_wl_graph g;
  float *value = NULL;
  st_status rc = clr_inputs(ctx->seed, clr_side(ctx->size), &g, &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  size_t n = g.n;
  clr_cpu_args a = {.g = &g, .value = value, .color = malloc(n * sizeof(int)),
                    .nmax = malloc(n * sizeof(float)), .nmin = malloc(n * sizeof(float)),
                    .threads = ctx->threads};
  rc = a.color != NULL && a.nmax != NULL && a.nmin != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, clr_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.color, n * sizeof(int));
    st_wl_cpu_digest(ctx, &a.rounds, sizeof a.rounds);
  }
  free(a.color);
  free(a.nmax);
  free(a.nmin);
  free(value);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_clr = {
    .name = "clr",
    .title = "graph colouring, max/min variant (local maximum and minimum among the uncoloured "
             "neighbours take the round's two colours)",
    .seeds = "Ctrl-C CLR (Pannotia)",
    .category = "Ctrl-C: CS/NS split lost in the source (row 15), re-derive with the 1.2x rule",
    .suite = "Pannotia",
    .tables = "Ctrl-C Table 5.3 row 15 (ecology)",
    .ptx = "clr.ptx",
    .small = "64x64 mesh (4096 vertices, 4-neighbour grid)",
    .paper = "1000x1000 mesh (1M vertices; the size and shape of ecology1)",
    .medium = "256x256 mesh (65536 vertices, 4-neighbour grid)",
    .run = run,
    .cpu = cpu,
};
