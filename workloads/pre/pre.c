/* PRE host driver: a MovieLens-like ratings set (users x items; the number
 * of items per user is power-law, at least pmin, at most pmax; each user's
 * items are drawn without repetition from a Zipf-like item popularity, item
 * ids shuffled so that popular items are spread over the id range), stored as
 * a CSR list of each user's items, sorted. The GPU records the co-occurrence
 * counts of every ordered pair of items of a user (flat: a loop per user; cdp:
 * a child kernel per user with >= 32 pairs; dtbl: a DTBL aggregated group of
 * that kernel instead), then finds each item's top
 * recommendation. The CPU reference computes both; counts and
 * recommendations must match exactly. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define THREADS 256
#define CHILD_THREADS 128
#define TOP_THREADS 128
#define POCKET 32
#define NONE 0xffffffffu

typedef struct shape {
  uint32_t users, items, pmin, pmax;
  /* items per user: pmin + floor(scale * (U^-gamma - 1)), U uniform in (0, 1], at most pmax
   * (a shifted Pareto: power-law tail of exponent 1 + 1 / gamma) */
  double scale, gamma;
  double zipf;  /* item popularity: weight of the k-th most popular (k + 1)^-zipf */
} shape;

static int u32_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* The ratings: row[users + 1], items[row[users]] (each user's items sorted). */
static st_status make_ratings(const shape *sh, uint64_t seed, uint32_t **row_out,
                              uint32_t **items_out) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  uint32_t n = sh->users, m = sh->items;
  uint32_t *row = malloc(((size_t)n + 1) * 4);
  uint32_t *perm = malloc((size_t)m * 4);
  double *cum = malloc((size_t)m * sizeof *cum);
  uint8_t *taken = calloc(m, 1);
  if (row == NULL || perm == NULL || cum == NULL || taken == NULL) {
    free(row), free(perm), free(cum), free(taken);
    return ST_ERR_NOMEM;
  }
  for (uint32_t k = 0; k < m; k++) {
    perm[k] = k;
  }
  for (uint32_t k = m - 1; k > 0; k--) {
    uint32_t j = st_wl_rng_below(&r, k + 1), t = perm[k];
    perm[k] = perm[j];
    perm[j] = t;
  }
  double total = 0.0;
  for (uint32_t k = 0; k < m; k++) {
    total += pow((double)k + 1.0, -sh->zipf);
    cum[k] = total;
  }
  row[0] = 0;
  for (uint32_t u = 0; u < n; u++) {
    double un = ((double)(st_wl_rng_next(&r) >> 11) + 1.0) / 9007199254740992.0; /* (0, 1] */
    double p = sh->pmin + floor(sh->scale * (pow(un, -sh->gamma) - 1.0));
    row[u + 1] = row[u] + (p > sh->pmax ? sh->pmax : (uint32_t)p);
  }
  uint32_t *items = malloc((size_t)row[n] * 4 + 4);
  if (items == NULL) {
    free(row), free(perm), free(cum), free(taken);
    return ST_ERR_NOMEM;
  }
  for (uint32_t u = 0; u < n; u++) {
    uint32_t *list = items + row[u], p = row[u + 1] - row[u];
    for (uint32_t a = 0; a < p; a++) {
      uint32_t k;
      do { /* a popularity rank not yet taken by this user */
        double x = (double)(st_wl_rng_next(&r) >> 11) / 9007199254740992.0 * total;
        uint32_t lo = 0, hi = m - 1;
        while (lo < hi) {
          uint32_t mid = (lo + hi) / 2;
          if (cum[mid] <= x) lo = mid + 1; else hi = mid;
        }
        k = lo;
      } while (taken[k]);
      taken[k] = 1;
      list[a] = k;
    }
    for (uint32_t a = 0; a < p; a++) {
      taken[list[a]] = 0;
      list[a] = perm[list[a]];
    }
    qsort(list, p, 4, u32_cmp);
  }
  free(perm), free(cum), free(taken);
  *row_out = row;
  *items_out = items;
  return ST_OK;
}

/* paper: MovieLens 100K's users and items, at least 20 ratings per user;
 * medium: a quarter of its users, half its items, the ratings per user halved. */
static shape pre_shape(st_wl_size size) {
  return size == ST_WL_PAPER    ? (shape){943, 1682, 20, 737, 90.0, 0.5, 0.6}
         : size == ST_WL_MEDIUM ? (shape){236, 841, 10, 368, 45.0, 0.5, 0.6}
                                : (shape){128, 512, 4, 160, 8.0, 0.5, 0.6};
}

/* The kernels' work on `threads` host threads: the co-occurrence counts (one
 * user's pairs per iteration, atomic adds as the kernels' atomicAdd: integer,
 * so the counts do not depend on the order), then each item's top
 * co-occurring item (the largest count, the smallest column at a tie). */
static void cpu_pre(const uint32_t *row, const uint32_t *items, uint32_t nusers, uint32_t m,
                    uint32_t *co, uint32_t *best, uint32_t *best_count, int threads) {
  int nu = (int)nusers, nm = (int)m;
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < nm; i++) {
      memset(co + (size_t)i * m, 0, (size_t)m * 4);
    }
#pragma omp for schedule(dynamic)
    for (int u = 0; u < nu; u++) {
      const uint32_t *list = items + row[u];
      uint32_t p = row[u + 1] - row[u];
      for (uint32_t a = 0; a < p; a++) {
        uint32_t *rowp = co + (size_t)list[a] * m;
        for (uint32_t b = 0; b < p; b++) {
          if (b != a) {
#pragma omp atomic update
            rowp[list[b]]++;
          }
        }
      }
    }
#pragma omp for schedule(static)
    for (int i = 0; i < nm; i++) {
      const uint32_t *rowp = co + (size_t)i * m;
      uint32_t bc = 0, bi = NONE;
      for (uint32_t j = 0; j < m; j++) {
        if (rowp[j] > bc) {
          bc = rowp[j];
          bi = j;
        }
      }
      best[i] = bi;
      best_count[i] = bc;
    }
  }
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  shape sh = pre_shape(ctx->size);
  uint32_t n = sh.users, m = sh.items;
  uint32_t *row, *items;
  st_status rc = make_ratings(&sh, ctx->seed, &row, &items);
  if (rc != ST_OK) return rc;
  size_t mm = (size_t)m * m;
  uint32_t *want = malloc(mm * 4), *got = malloc(mm * 4);
  uint32_t *wbest = malloc((size_t)m * 4), *wcount = malloc((size_t)m * 4);
  uint32_t *gbest = malloc((size_t)m * 4), *gcount = malloc((size_t)m * 4);
  uint32_t *per_item = calloc(m, 4);
  if (want == NULL || got == NULL || wbest == NULL || wcount == NULL || gbest == NULL ||
      gcount == NULL || per_item == NULL) {
    free(want), free(got), free(wbest), free(wcount), free(gbest), free(gcount), free(per_item);
    free(row), free(items);
    return ST_ERR_NOMEM;
  }

  /* CPU reference (the CPU version's code), and the ratings' statistics. */
  cpu_pre(row, items, n, m, want, wbest, wcount, ctx->threads);
  uint64_t pairs = 0, pockets = 0, pocket_pairs = 0;
  uint32_t pmin = UINT32_MAX, pmax = 0;
  for (uint32_t u = 0; u < n; u++) {
    const uint32_t *list = items + row[u];
    uint32_t p = row[u + 1] - row[u];
    pmin = p < pmin ? p : pmin;
    pmax = p > pmax ? p : pmax;
    uint64_t pp = (uint64_t)p * (p > 0 ? p - 1 : 0);
    pairs += pp;
    if (pp >= POCKET) {
      pockets++;
      pocket_pairs += pp;
    }
    for (uint32_t a = 0; a < p; a++) {
      per_item[list[a]]++;
    }
  }

  st_gpu *gpu = ctx->gpu;
  uint64_t d_row, d_items, d_co, d_best, d_count;
  rc = st_wl_upload(gpu, row, ((uint64_t)n + 1) * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, items, (uint64_t)row[n] * 4 + 4, &d_items, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)mm * 4, &d_co, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)m * 4, &d_best, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)m * 4, &d_count, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_row), ST_ARG_PTR(d_items), ST_ARG_U32(n), ST_ARG_U32(m),
                  ST_ARG_PTR(d_co)};
    rc = st_launch(gpu, ctx->mod,
                   dtbl ? "pre_pairs_dtbl" : cdp ? "pre_pairs_cdp" : "pre_pairs_flat",
                   st_dim3_make((n + THREADS - 1) / THREADS, 1, 1),
                   st_dim3_make(THREADS, 1, 1), 0, a, 5, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_co), ST_ARG_U32(m), ST_ARG_PTR(d_best), ST_ARG_PTR(d_count)};
    rc = st_launch(gpu, ctx->mod, "pre_top", st_dim3_make(m, 1, 1),
                   st_dim3_make(TOP_THREADS, 1, 1), 0, a, 4, err);
  }
  if (rc == ST_OK) rc = st_synchronize(gpu, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_co, (uint64_t)mm * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gbest, d_best, (uint64_t)m * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gcount, d_count, (uint64_t)m * 4, err);
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "co-occurrence counts", got, want, mm);
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "recommended item", gbest, wbest, m);
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "recommendation count", gcount, wcount, m);
  uint32_t none = 0;
  for (uint32_t i = 0; i < m; i++) {
    none += wbest[i] == NONE;
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "pre: %ux%u co-occurrence counts (%llu pairs) and %u recommendations (%u items "
             "without one) match the CPU reference",
             m, m, (unsigned long long)pairs, m, none);
  }
  if (ctx->log != NULL) {
    uint32_t imin = UINT32_MAX, imax = 0, unrated = 0;
    for (uint32_t i = 0; i < m; i++) {
      imin = per_item[i] < imin ? per_item[i] : imin;
      imax = per_item[i] > imax ? per_item[i] : imax;
      unrated += per_item[i] == 0;
    }
    fprintf(ctx->log,
            "  pre (%s): %u users, %u items, %u ratings; items per user min/mean/max "
            "%u/%.1f/%u; ratings per item min/mean/max %u/%.1f/%u (%u unrated)\n",
            vname, n, m, row[n], pmin, (double)row[n] / n, pmax, imin,
            (double)row[n] / m, imax, unrated);
    fprintf(ctx->log,
            "  pre: %llu item pairs; %llu users with >= %d pairs (%llu pairs, %.1f per user)%s\n",
            (unsigned long long)pairs, (unsigned long long)pockets, POCKET,
            (unsigned long long)pocket_pairs, pockets ? (double)pocket_pairs / pockets : 0.0,
            dtbl ? " recorded by DTBL groups" : cdp ? " recorded by child kernels" : "");
    if (cdp) {
      const st_config *cfg = st_gpu_config(gpu);
      fprintf(ctx->log, "  pre: %llu device-side %s (%d-thread CTAs)%s\n",
              (unsigned long long)pockets, dtbl ? "group launches" : "launches", CHILD_THREADS,
              pockets > (uint64_t)cfg->cdp.pending_limit
                  ? "; more than cdp.pending_limit: raise it (-s cdp.pending_limit=N) if the "
                    "run reports cudaErrorLaunchPendingCountExceeded"
                  : "");
    }
  }
  free(want), free(got), free(wbest), free(wcount), free(gbest), free(gcount), free(per_item);
  free(row), free(items);
  return rc;
}

/* The CPU version: cpu_pre on every thread. */
typedef struct pre_cpu_args {
  const uint32_t *row, *items;
  uint32_t n, m;
  uint32_t *co, *best, *count;
  int threads;
} pre_cpu_args;

static void pre_cpu_work(void *arg) {
  pre_cpu_args *a = arg;
  cpu_pre(a->row, a->items, a->n, a->m, a->co, a->best, a->count, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  shape sh = pre_shape(ctx->size);
  uint32_t *row, *items;
  st_status rc = make_ratings(&sh, ctx->seed, &row, &items);
  if (rc != ST_OK) return rc;
  size_t mm = (size_t)sh.items * sh.items;
  pre_cpu_args a = {.row = row, .items = items, .n = sh.users, .m = sh.items,
                    .co = malloc(mm * 4), .best = malloc((size_t)sh.items * 4),
                    .count = malloc((size_t)sh.items * 4), .threads = ctx->threads};
  rc = a.co != NULL && a.best != NULL && a.count != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, pre_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.co, mm * 4);
    st_wl_cpu_digest(ctx, a.best, (size_t)sh.items * 4);
    st_wl_cpu_digest(ctx, a.count, (size_t)sh.items * 4);
  }
  free(a.co), free(a.best), free(a.count);
  free(row), free(items);
  return rc;
}

const st_workload_desc st_wl_pre = {
    .name = "pre",
    .title = "product recommendation, item-based collaborative filtering (item-pair "
             "co-occurrence counts per user, then each item's top co-occurring item)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) PRE",
    .category = "dissertation: dynamic data generation (DFP: the P(P-1) item pairs of a user)",
    .suite = "other",
    .tables = "dissertation Tables 2, 6, 7 (spec §4.2): pre (MovieLens)",
    .ptx = "pre.ptx",
    .small = "128 users, 512 items, power-law ratings (at least 4 per user)",
    .paper = "943 users, 1682 items (MovieLens 100K's), power-law ratings (at least 20 per "
             "user)",
    .medium = "236 users, 841 items, power-law ratings (at least 10 per user)",
    .variants = "flat cdp dtbl",
    .inputs = NULL,
    .run = run,
    .cpu = cpu,
};
