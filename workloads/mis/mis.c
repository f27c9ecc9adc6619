/* MIS host driver: the "ecology" mesh (a rows x cols 4-neighbour grid, the
 * shape of Pannotia's ecology1 input), one distinct random value per vertex
 * (a shuffled rank / n, so no two neighbours tie: with ties a pair of vertices
 * that are each other's minimum would never be decided), then rounds of three
 * launches (find the neighbours' minimum, select, fold the updates) while the
 * device flag says a vertex is still undecided. The CPU reference replays the
 * same rounds on the same values, so the set must match exactly; it is also
 * checked to be independent and maximal. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "workload.h"

#define THREADS 128
#define MIS_BIG 99999999.0f

/* The kernels' rounds on `threads` host threads: the init, then per round
 * find-min, select and update, each vertex's part by one thread from the
 * previous phase's state (a selected vertex's undecided neighbours are not
 * selected in its round, so its writes race with no reader; the marks in
 * update all store the same value). Returns the number of rounds the host
 * loop runs (the last one finds nothing undecided). */
static int mis_rounds(const st_wl_graph *g, const float *value, int *set, int *status,
                      int *update, float *nmin, int threads) {
  int n = (int)g->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int v = 0; v < n; v++) {
    status[v] = update[v] = -1;
    set[v] = 0;
  }
  int rounds = 0;
  for (int stop = 1; stop; rounds++) {
    stop = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(| : stop)
    for (int v = 0; v < n; v++) {
      if (status[v] != -1) continue;
      stop = 1;
      float m = MIS_BIG;
      for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
        uint32_t u = g->col[e];
        if (status[u] == -1 && value[u] < m) m = value[u];
      }
      nmin[v] = m;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int v = 0; v < n; v++) {
      if (status[v] != -1 || !(value[v] < nmin[v])) continue;
      set[v] = 2;
      status[v] = -2;
      for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
        uint32_t u = g->col[e];
        if (status[u] == -1) {
#pragma omp atomic write
          update[u] = -2;
        }
      }
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int v = 0; v < n; v++) {
      if (update[v] == -2) status[v] = -2;
    }
  }
  return rounds;
}

/* The same as the GPU run's reference; returns the rounds, or -1 when out of
 * memory. */
static int cpu_mis(const st_wl_graph *g, const float *value, int *set, int threads) {
  size_t n = g->n;
  int *status = malloc(n * sizeof *status), *update = malloc(n * sizeof *update);
  float *nmin = malloc(n * sizeof *nmin);
  int rounds = status != NULL && update != NULL && nmin != NULL
                   ? mis_rounds(g, value, set, status, update, nmin, threads)
                   : -1;
  free(status);
  free(update);
  free(nmin);
  return rounds;
}

static uint32_t mis_side(st_wl_size size) {
  return size == ST_WL_PAPER ? 1000 : size == ST_WL_MEDIUM ? 256 : 64;
}

/* The side x side mesh and one distinct value per vertex (a shuffled rank /
 * n); value has g->n entries. */
static st_status mis_inputs(uint64_t seed, uint32_t side, st_wl_graph *g, float **value_out,
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

/* Independent: no edge joins two members. Maximal: every non-member has a
 * member neighbour. Fills the verdict and returns false on the first fault. */
static bool check_mis(st_wl_ctx *ctx, const st_wl_graph *g, const int *set) {
  for (uint32_t v = 0; v < g->n; v++) {
    if (set[v] != 0 && set[v] != 2) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "set: vertex %u has flag %d (not 0 or 2)", v,
               set[v]);
      return false;
    }
    bool covered = set[v] == 2;
    for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
      uint32_t u = g->col[e];
      if (set[v] == 2 && set[u] == 2) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "set: not independent, neighbours %u and %u are both in it", v, u);
        return false;
      }
      covered = covered || set[u] == 2;
    }
    if (!covered) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "set: not maximal, vertex %u and all its neighbours are outside it", v);
      return false;
    }
  }
  return true;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  uint32_t side = mis_side(ctx->size);
  st_wl_graph g;
  float *value = NULL;
  st_status rc = mis_inputs(ctx->seed, side, &g, &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t n = g.n;
  int *set = malloc((size_t)n * sizeof *set);
  int *want = malloc((size_t)n * sizeof *want);
  if (set == NULL || want == NULL) {
    free(value);
    free(set);
    free(want);
    st_wl_graph_free(&g);
    return ST_ERR_NOMEM;
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_col, d_value, d_set, d_status, d_update, d_min, d_stop;
  rc = st_wl_upload(gpu, g.row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, g.col, (uint64_t)g.m * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, value, (uint64_t)n * 4, &d_value, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_set, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_status, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_update, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_min, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_stop, err);
  st_dim3 grid = st_dim3_make((n + THREADS - 1) / THREADS, 1, 1);
  st_dim3 block = st_dim3_make(THREADS, 1, 1);
  int s32n = (int)n;
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_set), ST_ARG_PTR(d_status), ST_ARG_PTR(d_update),
                  ST_ARG_S32(s32n)};
    rc = st_launch(gpu, ctx->mod, "mis_init", grid, block, 0, a, 4, err);
  }
  int rounds = 0;
  for (int stop = 1; rc == ST_OK && stop; rounds++) {
    stop = 0;
    rc = st_memcpy_htod(gpu, d_stop, &stop, 4, err);
    st_arg a1[] = {ST_ARG_PTR(d_row),    ST_ARG_PTR(d_col), ST_ARG_PTR(d_value),
                   ST_ARG_PTR(d_status), ST_ARG_PTR(d_min), ST_ARG_PTR(d_stop),
                   ST_ARG_S32(s32n)};
    st_arg a2[] = {ST_ARG_PTR(d_row),    ST_ARG_PTR(d_col),    ST_ARG_PTR(d_value),
                   ST_ARG_PTR(d_set),    ST_ARG_PTR(d_status), ST_ARG_PTR(d_update),
                   ST_ARG_PTR(d_min),    ST_ARG_S32(s32n)};
    st_arg a3[] = {ST_ARG_PTR(d_update), ST_ARG_PTR(d_status), ST_ARG_S32(s32n)};
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "mis_find_min", grid, block, 0, a1, 7, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "mis_select", grid, block, 0, a2, 8, err);
    if (rc == ST_OK) rc = st_launch(gpu, ctx->mod, "mis_update", grid, block, 0, a3, 3, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &stop, d_stop, 4, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, set, d_set, (uint64_t)n * 4, err);
  if (rc == ST_OK) {
    int want_rounds = cpu_mis(&g, value, want, ctx->threads);
    if (want_rounds < 0) {
      rc = ST_ERR_NOMEM;
    } else {
      rc = st_wl_check_u32(ctx, "set", (const uint32_t *)set, (const uint32_t *)want, n);
      if (rc == ST_OK && rounds != want_rounds) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "rounds: the host loop ran %d rounds, the CPU reference %d", rounds,
                 want_rounds);
        rc = ST_ERR_MISMATCH;
      }
      if (rc == ST_OK && !check_mis(ctx, &g, set)) {
        rc = ST_ERR_MISMATCH;
      }
      if (rc == ST_OK) {
        uint32_t members = 0;
        for (uint32_t v = 0; v < n; v++) {
          members += set[v] == 2;
        }
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "set: %u vertices match the CPU reference (%u members, independent and "
                 "maximal, %d rounds)",
                 n, members, rounds);
      }
    }
  }
  if (ctx->log != NULL) {
    char desc[160];
    st_wl_graph_describe(&g, desc, sizeof desc);
    fprintf(ctx->log, "  mis: %ux%u mesh: %s; %d rounds (%d launches)\n", side, side, desc,
            rounds, 1 + 3 * rounds);
  }
  free(value);
  free(set);
  free(want);
  st_wl_graph_free(&g);
  return rc;
}

/* The CPU version: the kernels' rounds (mis_rounds) on every thread. */
typedef struct mis_cpu_args {
  const st_wl_graph *g;
  const float *value;
  int *set, *status, *update;
  float *nmin;
  int threads, rounds;
} mis_cpu_args;

static void mis_cpu_work(void *arg) {
  mis_cpu_args *a = arg;
  a->rounds = mis_rounds(a->g, a->value, a->set, a->status, a->update, a->nmin, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  st_wl_graph g;
  float *value = NULL;
  st_status rc = mis_inputs(ctx->seed, mis_side(ctx->size), &g, &value, err);
  if (rc != ST_OK) {
    return rc;
  }
  size_t n = g.n;
  mis_cpu_args a = {.g = &g, .value = value, .set = malloc(n * sizeof(int)),
                    .status = malloc(n * sizeof(int)), .update = malloc(n * sizeof(int)),
                    .nmin = malloc(n * sizeof(float)), .threads = ctx->threads};
  rc = a.set != NULL && a.status != NULL && a.update != NULL && a.nmin != NULL ? ST_OK
                                                                               : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, mis_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.set, n * sizeof(int));
    st_wl_cpu_digest(ctx, &a.rounds, sizeof a.rounds);
  }
  free(a.set);
  free(a.status);
  free(a.update);
  free(a.nmin);
  free(value);
  st_wl_graph_free(&g);
  return rc;
}

const st_workload_desc st_wl_mis = {
    .name = "mis",
    .title = "maximal independent set (random values, local minimum joins the set, rounds "
             "until no vertex is undecided)",
    .seeds = "Ctrl-C MIS (Pannotia)",
    .category = "Ctrl-C: CS/NS split lost in the source (row 14), re-derive with the 1.2x rule",
    .suite = "Pannotia",
    .tables = "Ctrl-C Table 5.3 row 14 (ecology)",
    .ptx = "mis.ptx",
    .small = "64x64 mesh (4096 vertices, 4-neighbour grid)",
    .paper = "1000x1000 mesh (1M vertices; the size and shape of ecology1)",
    .medium = "256x256 mesh (65536 vertices, 4-neighbour grid)",
    .run = run,
    .cpu = cpu,
};
