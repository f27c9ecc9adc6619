/* KMN host driver: points scattered around 8 hidden centres, 34 features in
 * [0, 1] (the width of the seeds' kdd_cup input), 5 clusters started from
 * random points. One kmn_transpose launch (its output checked exactly), then
 * per iteration: the centres go to constant memory, kmn_assign labels every
 * point, the labels are checked against a CPU assignment from the same
 * centres (same arithmetic, so they must be identical), and the host
 * recomputes the centres from the labels as the seed's host loop does. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NFEATURES 34
#define NCLUSTERS 5

static void cpu_assign(const float *feat, int npoints, const float *clusters, int *member,
                       int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int p = 0; p < npoints; p++) {
    float min_dist = FLT_MAX;
    int index = -1;
    for (int i = 0; i < NCLUSTERS; i++) {
      float ans = 0.0f;
      for (int j = 0; j < NFEATURES; j++) {
        float diff = feat[(size_t)p * NFEATURES + (size_t)j] - clusters[i * NFEATURES + j];
        ans = fmaf(diff, diff, ans); /* nvcc contracts dist += d * d into fma.rn.f32 */
      }
      if (ans < min_dist) {
        min_dist = ans;
        index = i;
      }
    }
    member[p] = index;
  }
}

static int kmn_points(st_wl_size size) {
  return size == ST_WL_PAPER ? 494020 : size == ST_WL_MEDIUM ? 49152 : 1536;
}

static int kmn_iterations(st_wl_size size) { return size == ST_WL_SMALL ? 2 : 3; }

/* Points scattered around 8 hidden centres; the first centres are random
 * points. */
static void kmn_inputs(uint64_t seed, int npoints, float *feat, float *clusters) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  float centre[8][NFEATURES];
  for (int c = 0; c < 8; c++) {
    for (int j = 0; j < NFEATURES; j++) {
      centre[c][j] = st_wl_rng_unit(&r);
    }
  }
  for (int p = 0; p < npoints; p++) {
    int c = (int)st_wl_rng_below(&r, 8);
    for (int j = 0; j < NFEATURES; j++) {
      float v = centre[c][j] + (st_wl_rng_unit(&r) - 0.5f) * 0.4f;
      feat[(size_t)p * NFEATURES + (size_t)j] = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
    }
  }
  for (int i = 0; i < NCLUSTERS; i++) {
    int p = (int)st_wl_rng_below(&r, (uint32_t)npoints);
    memcpy(clusters + i * NFEATURES, feat + (size_t)p * NFEATURES, sizeof(float) * NFEATURES);
  }
}

/* The host's part of an iteration: new centres from the labels. */
static void kmn_centres(const float *feat, int npoints, const int *member, float *clusters) {
  double sum[NCLUSTERS][NFEATURES] = {{0}};
  int count[NCLUSTERS] = {0};
  for (int p = 0; p < npoints; p++) {
    int c = member[p];
    count[c]++;
    for (int j = 0; j < NFEATURES; j++) {
      sum[c][j] += feat[(size_t)p * NFEATURES + (size_t)j];
    }
  }
  for (int c = 0; c < NCLUSTERS; c++) {
    for (int j = 0; count[c] > 0 && j < NFEATURES; j++) {
      clusters[c * NFEATURES + j] = (float)(sum[c][j] / count[c]);
    }
  }
}

/* The CPU version: the transpose, then per iteration the assignment (the
 * kernels' work, on every thread) and the centres. */
typedef struct kmn_cpu_args {
  const float *feat;
  float *ft, *clusters;
  const float *clusters0;
  int *member;
  int npoints, iterations, threads;
} kmn_cpu_args;

static void kmn_cpu_work(void *arg) {
  kmn_cpu_args *a = arg;
  int n = a->npoints;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int p = 0; p < n; p++) {
    for (int j = 0; j < NFEATURES; j++) {
      a->ft[(size_t)j * (size_t)n + (size_t)p] = a->feat[(size_t)p * NFEATURES + (size_t)j];
    }
  }
  memcpy(a->clusters, a->clusters0, sizeof(float) * NCLUSTERS * NFEATURES);
  for (int it = 0; it < a->iterations; it++) {
    cpu_assign(a->feat, n, a->clusters, a->member, a->threads);
    if (it + 1 < a->iterations) {
      kmn_centres(a->feat, n, a->member, a->clusters);
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int npoints = kmn_points(ctx->size);
  size_t nf = (size_t)npoints * NFEATURES;
  float clusters0[NCLUSTERS * NFEATURES], clusters[NCLUSTERS * NFEATURES];
  kmn_cpu_args a = {.ft = malloc(nf * sizeof(float)), .clusters = clusters,
                    .clusters0 = clusters0, .member = malloc((size_t)npoints * sizeof(int)),
                    .npoints = npoints, .iterations = kmn_iterations(ctx->size),
                    .threads = ctx->threads};
  float *feat = malloc(nf * sizeof *feat);
  st_status rc = feat != NULL && a.ft != NULL && a.member != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    kmn_inputs(ctx->seed, npoints, feat, clusters0);
    a.feat = feat;
    rc = st_wl_cpu_time(ctx, kmn_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.ft, nf * sizeof(float));
    st_wl_cpu_digest(ctx, a.member, (size_t)npoints * sizeof(int));
  }
  free(feat);
  free(a.ft);
  free(a.member);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int npoints = kmn_points(ctx->size);
  int iterations = kmn_iterations(ctx->size);
  size_t nf = (size_t)npoints * NFEATURES;
  float *feat = malloc(nf * sizeof *feat);
  float *ft = malloc(nf * sizeof *ft);
  int *member = malloc((size_t)npoints * sizeof *member);
  int *want = malloc((size_t)npoints * sizeof *want);
  int *prev = malloc((size_t)npoints * sizeof *prev);
  float clusters[NCLUSTERS * NFEATURES];
  st_status rc = feat && ft && member && want && prev ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_in = 0, d_ft = 0, d_member = 0, d_clusters = 0, sym_bytes = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    kmn_inputs(ctx->seed, npoints, feat, clusters);
    for (int p = 0; p < npoints; p++) {
      prev[p] = -1;
    }
    rc = st_wl_upload(gpu, feat, nf * 4, &d_in, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nf * 4, &d_ft, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)npoints * 4, &d_member, err);
  if (rc == ST_OK) {
    rc = st_module_symbol(gpu, ctx->mod, "kmn_centres", &d_clusters, &sym_bytes, err);
  }
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_in), ST_ARG_PTR(d_ft), ST_ARG_S32(npoints),
                     ST_ARG_S32(NFEATURES)};
    rc = st_launch(gpu, ctx->mod, "kmn_transpose",
                   st_dim3_make((uint32_t)(npoints + 255) / 256, 1, 1), st_dim3_make(256, 1, 1),
                   0, args, 4, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, ft, d_ft, nf * 4, err);
  if (rc == ST_OK) {
    size_t bad = 0;
    for (int p = 0; p < npoints; p++) {
      for (int j = 0; j < NFEATURES; j++) {
        bad += memcmp(&ft[(size_t)j * (size_t)npoints + (size_t)p],
                      &feat[(size_t)p * NFEATURES + (size_t)j], 4) != 0;
      }
    }
    if (bad != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "kmn_transpose: %zu of %zu transposed features differ", bad, nf);
      rc = ST_ERR_MISMATCH;
    }
  }
  /* As the seed's host: npoints / 256 + 1 CTAs, laid out on a square grid. */
  uint32_t blocks = (uint32_t)npoints / 256 + 1;
  uint32_t per_dim = (uint32_t)sqrt((double)blocks) + 1;
  int it = 0, changed = npoints;
  for (; rc == ST_OK && it < iterations; it++) {
    rc = st_memcpy_htod(gpu, d_clusters, clusters, sizeof clusters, err);
    st_arg args[] = {ST_ARG_PTR(d_ft), ST_ARG_S32(NFEATURES), ST_ARG_S32(npoints),
                     ST_ARG_S32(NCLUSTERS), ST_ARG_PTR(d_member)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "kmn_assign", st_dim3_make(per_dim, per_dim, 1),
                     st_dim3_make(256, 1, 1), 0, args, 5, err);
    }
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, member, d_member, (uint64_t)npoints * 4, err);
    if (rc != ST_OK) {
      break;
    }
    cpu_assign(feat, npoints, clusters, want, ctx->threads);
    char what[64];
    snprintf(what, sizeof what, "membership (iteration %d)", it + 1);
    rc = st_wl_check_u32(ctx, what, (const uint32_t *)member, (const uint32_t *)want,
                         (size_t)npoints);
    if (rc != ST_OK) {
      break;
    }
    /* The host's part of the loop: count moved points, recompute the centres. */
    changed = 0;
    for (int p = 0; p < npoints; p++) {
      changed += member[p] != prev[p];
      prev[p] = member[p];
    }
    kmn_centres(feat, npoints, member, clusters);
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "features transposed exactly; %d x %d memberships match the CPU reference", it,
             npoints);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  kmn: %d points x %d features, %d clusters, %d iterations (%d points moved in the "
            "last), grid %ux%u x 256 threads\n",
            npoints, NFEATURES, NCLUSTERS, it, changed, per_dim, per_dim);
  }
  free(feat);
  free(ft);
  free(member);
  free(want);
  free(prev);
  return rc;
}

const st_workload_desc st_wl_kmn = {
    .name = "kmn",
    .title = "k-means clustering (Rodinia kmeans shape: transpose once, assign per iteration)",
    .seeds = "CAWA/Ctrl-C KMN (Rodinia), DYNCTA KM (Rodinia)",
    .category = "CAWA memory-intensive (M), cache-sensitive; Ctrl-C cache-sensitive (CS); "
                "DYNCTA Type-M",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Sens), 494020 nodes; Ctrl-C Table 5.3 row 27, "
               "494020 objects; DYNCTA Table II row 11 (KM, M)",
    .ptx = "kmn.ptx",
    .small = "1536 points x 34 features, 5 clusters, 2 iterations",
    .paper = "494020 points x 34 features (the kdd_cup size), 5 clusters, 3 iterations",
    .medium = "49152 points x 34 features, 5 clusters, 3 iterations",
    .run = run,
    .cpu = cpu,
};
