/* SS host driver: D documents as feature vectors of F term weights (half of
 * them zero, the rest uniform in [0, 1); the first is always positive so no
 * norm is zero), and the input records of the map phase: every pair (i, j),
 * i < j. ss_map scores all pairs, then the bitonic sort orders them by score,
 * best first. Checked exactly: the CPU computes every score with the same
 * arithmetic (the fused multiply-adds of the PTX, correctly rounded sqrt and
 * divide), builds the same keys and sorts them; the sorted key lists (scores
 * and pair ids) must be identical. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define TILE 512
#define CTA 256

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint64_t cpu_key(const float *a, const float *b, int features, uint32_t index) {
  float dot = 0.0f, na = 0.0f, nb = 0.0f;
  for (int f = 0; f < features; f++) {
    dot = fmaf(a[f], b[f], dot); /* nvcc contracts each += x * y into fma.rn.f32 */
    na = fmaf(a[f], a[f], na);
    nb = fmaf(b[f], b[f], nb);
  }
  float score = dot / (sqrtf(na) * sqrtf(nb));
  uint32_t bits;
  memcpy(&bits, &score, 4);
  return (uint64_t)~bits << 32 | index;
}

static int ss_docs(st_wl_size size) {
  return size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 181 : 80;
}

static int ss_features(st_wl_size size) { return size == ST_WL_SMALL ? 64 : 256; }

/* The documents' feature vectors and the map phase's input records, every
 * pair (i, j), i < j. */
static void make_inputs(float *doc, int32_t *pair, int docs, int features, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int d = 0; d < docs; d++) {
    float *v = doc + (size_t)d * (size_t)features;
    for (int f = 0; f < features; f++) {
      v[f] = st_wl_rng_below(&r, 2) == 0 ? 0.0f : st_wl_rng_unit(&r);
    }
    v[0] = 0.5f + 0.5f * st_wl_rng_unit(&r);
  }
  int k = 0;
  for (int i = 0; i < docs; i++) {
    for (int j = i + 1; j < docs; j++, k++) {
      pair[2 * k] = i;
      pair[2 * k + 1] = j;
    }
  }
}

/* ss_map: every record's key, one record per iteration of the parallel
 * loop; the padding keys after them. */
static void cpu_map(const float *doc, const int32_t *pair, int records, int features,
                    uint64_t *keys, uint32_t n, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int k = 0; k < records; k++) {
    keys[k] = cpu_key(doc + (size_t)pair[2 * k] * (size_t)features,
                      doc + (size_t)pair[2 * k + 1] * (size_t)features, features, (uint32_t)k);
  }
  for (uint32_t k = (uint32_t)records; k < n; k++) {
    keys[k] = UINT64_MAX;
  }
}

/* The keys, padded to a power of two (at least TILE). */
static uint32_t padded(int records) {
  uint32_t n = TILE;
  while (n < (uint32_t)records) {
    n *= 2;
  }
  return n;
}

/* The CPU version: the map, then the sort. */
typedef struct ss_cpu_args {
  const float *doc;
  const int32_t *pair;
  uint64_t *keys;
  int records, features, threads;
  uint32_t n;
} ss_cpu_args;

static void ss_cpu_work(void *arg) {
  ss_cpu_args *a = arg;
  cpu_map(a->doc, a->pair, a->records, a->features, a->keys, a->n, a->threads);
  st_wl_bitonic_u64(a->keys, a->n, TILE, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int docs = ss_docs(ctx->size), features = ss_features(ctx->size);
  int records = docs * (docs - 1) / 2;
  uint32_t n = padded(records);
  float *doc = malloc((size_t)docs * (size_t)features * sizeof *doc);
  int32_t *pair = malloc((size_t)records * 2 * sizeof *pair);
  uint64_t *keys = malloc((size_t)n * sizeof *keys);
  st_status rc = doc && pair && keys ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_inputs(doc, pair, docs, features, ctx->seed);
    ss_cpu_args a = {.doc = doc, .pair = pair, .keys = keys, .records = records,
                     .features = features, .threads = ctx->threads, .n = n};
    rc = st_wl_cpu_time(ctx, ss_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, keys, (size_t)n * sizeof *keys);
  }
  free(doc);
  free(pair);
  free(keys);
  return rc;
}

static st_status launch(st_wl_ctx *ctx, const char *entry, uint32_t ctas, const st_arg *args,
                        size_t n, int *count, st_error *err) {
  (*count)++;
  return st_launch(ctx->gpu, ctx->mod, entry, st_dim3_make(ctas, 1, 1), st_dim3_make(CTA, 1, 1),
                   0, args, n, err);
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int docs = ss_docs(ctx->size);
  int features = ss_features(ctx->size);
  int records = docs * (docs - 1) / 2;
  uint32_t n = padded(records);
  float *doc = malloc((size_t)docs * (size_t)features * sizeof *doc);
  int32_t *pair = malloc((size_t)records * 2 * sizeof *pair);
  uint64_t *got = malloc((size_t)n * sizeof *got);
  uint64_t *want = malloc((size_t)n * sizeof *want);
  st_status rc = doc && pair && got && want ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_doc = 0, d_pair = 0, d_keys = 0;
  st_gpu *gpu = ctx->gpu;
  int launches = 0;
  if (rc == ST_OK) {
    make_inputs(doc, pair, docs, features, ctx->seed);
    rc = st_wl_upload(gpu, doc, (uint64_t)docs * (uint64_t)features * 4, &d_doc, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, pair, (uint64_t)records * 8, &d_pair, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 8, &d_keys, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_doc), ST_ARG_PTR(d_pair), ST_ARG_S32(records),
                  ST_ARG_S32(features), ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "ss_map", n / CTA, a, 5, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "ss_sort_tile", n / TILE, a, 1, &launches, err);
  }
  for (uint32_t size = 2 * TILE; rc == ST_OK && size <= n; size *= 2) {
    for (uint32_t dist = size / 2; rc == ST_OK && dist >= TILE; dist /= 2) {
      st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size), ST_ARG_U32(dist)};
      rc = launch(ctx, "ss_merge_global", n / 2 / CTA, a, 3, &launches, err);
    }
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size)};
    if (rc == ST_OK) rc = launch(ctx, "ss_merge_tile", n / TILE, a, 2, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_keys, (uint64_t)n * 8, err);
  if (rc == ST_OK) {
    cpu_map(doc, pair, records, features, want, n, ctx->threads);
    qsort(want, (size_t)records, sizeof *want, cmp_u64);
    size_t bad = 0, first = 0;
    for (uint32_t k = 0; k < n; k++) {
      if (got[k] != want[k] && bad++ == 0) {
        first = k;
      }
    }
    if (bad != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "sorted (score, pair) keys: %zu of %u differ; first at rank %zu: expected "
               "0x%016llx, got 0x%016llx",
               bad, n, first, (unsigned long long)want[first], (unsigned long long)got[first]);
      rc = ST_ERR_MISMATCH;
    } else {
      uint32_t top = ~(uint32_t)(want[0] >> 32);
      float best;
      memcpy(&best, &top, 4);
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "%d pair scores, sorted, match the CPU reference exactly (best %.6f, pair %u)",
               records, (double)best, (uint32_t)want[0]);
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  ss: %d documents x %d features, %d pairs (%u keys sorted); %d launches of "
              "256-thread CTAs\n",
              docs, features, records, n, launches);
    }
  }
  free(doc);
  free(pair);
  free(got);
  free(want);
  return rc;
}

const st_workload_desc st_wl_ss = {
    .name = "ss",
    .title = "pairwise cosine similarity of documents, MapReduce-style (map, bitonic sort)",
    .seeds = "BAWS SS (Mars), DYNCTA SSC (MapReduce), Ctrl-C SS (Mars)",
    .category = "BAWS barrier-intensive (6 TBs x 8 warps per SM); DYNCTA Type-M; Ctrl-C: "
                "cache sensitivity not recoverable from the seed's table (spec §5.3)",
    .suite = "Mars",
    .tables = "Ctrl-C Table 5.3 row 21, 1024x256 points; BAWS Table 2 (6 TBs x 8 warps per SM); "
               "DYNCTA Table II row 2 (SSC, M)",
    .ptx = "ss.ptx",
    .small = "80 documents x 64 features (3160 pairs)",
    .paper = "1024 documents x 256 features (523776 pairs; the seeds' 1024x256 points)",
    .medium = "181 documents x 256 features (16290 pairs)",
    .run = run,
    .cpu = cpu,
};
