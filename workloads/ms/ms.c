/* MS host driver: n random keys below n (so about a third of them repeat)
 * with their original positions as values; one tile-sort launch, then four
 * launches per merge pass (sample ranks, split points of A's samples and of
 * B's, interval merge), ping-ponging between two key/value buffer pairs.
 * Checked bit for bit, keys and values, against a stable CPU merge sort
 * (the CPU version: the same tiles and sampled merge passes on the host
 * threads). */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define MS_THREADS 256
#define MS_TILE 512
#define MS_S 256

/* The runs of pair p: A = [a0, a0 + la), B = [a0 + w, a0 + w + lb). */
static void ms_pair(size_t n, size_t w, size_t p, size_t *a0, size_t *la, size_t *lb) {
  *a0 = p * 2 * w;
  size_t rest = n - *a0;
  *la = rest < w ? rest : w;
  *lb = rest <= w ? 0 : rest - w < w ? rest - w : w;
}

/* Elements of the sorted a[0..len) below key (incl = 0) or at most key (incl = 1). */
static size_t ms_rank(const uint32_t *a, size_t len, uint32_t key, int incl) {
  size_t lo = 0, hi = len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (incl ? a[mid] <= key : a[mid] < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/* Stable merge of (ak, av)[0..la) and (bk, bv)[0..lb) into (ok, ov); ties take A first. */
static void ms_merge(const uint32_t *ak, const uint32_t *av, size_t la, const uint32_t *bk,
                     const uint32_t *bv, size_t lb, uint32_t *ok, uint32_t *ov) {
  size_t i = 0, j = 0, o = 0;
  while (i < la && j < lb) {
    if (bk[j] < ak[i]) {
      ok[o] = bk[j];
      ov[o++] = bv[j++];
    } else {
      ok[o] = ak[i];
      ov[o++] = av[i++];
    }
  }
  for (; i < la; i++, o++) {
    ok[o] = ak[i];
    ov[o] = av[i];
  }
  for (; j < lb; j++, o++) {
    ok[o] = bk[j];
    ov[o] = bv[j];
  }
}

/* The kernels' algorithm on the host threads: every 512-element tile sorted
 * (bottom-up merges in a private buffer), then one merge pass per run width:
 * every 256th element of both runs of each pair ranked in the other run, the
 * samples placed as split points in merged order, and the intervals between
 * consecutive split points (at most 256 elements from each run) merged, each
 * step a parallel loop. Sorts k[0] / v[0] (n a multiple of 512) with k[1] /
 * v[1] as the other buffer and ranks / bound_a / bound_b of n / 256 words;
 * returns the buffer that holds the result. */
static int ms_cpu_sort(uint32_t *k[2], uint32_t *v[2], size_t n, uint32_t *ranks,
                       uint32_t *bound_a, uint32_t *bound_b, int threads) {
  size_t tiles = n / MS_TILE;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t t = 0; t < tiles; t++) {
    uint32_t bk[2][MS_TILE], bv[2][MS_TILE];
    memcpy(bk[0], k[0] + t * MS_TILE, sizeof bk[0]);
    memcpy(bv[0], v[0] + t * MS_TILE, sizeof bv[0]);
    int s = 0;
    for (size_t w = 1; w < MS_TILE; w *= 2, s = 1 - s) {
      for (size_t a0 = 0; a0 < MS_TILE; a0 += 2 * w) {
        ms_merge(bk[s] + a0, bv[s] + a0, w, bk[s] + a0 + w, bv[s] + a0 + w, w, bk[1 - s] + a0,
                 bv[1 - s] + a0);
      }
    }
    memcpy(k[0] + t * MS_TILE, bk[s], sizeof bk[0]);
    memcpy(v[0] + t * MS_TILE, bv[s], sizeof bv[0]);
  }
  int src = 0;
  for (size_t w = MS_TILE; w < n; w *= 2, src = 1 - src) {
    const uint32_t *ik = k[src], *iv = v[src];
    uint32_t *ok = k[1 - src], *ov = v[1 - src];
    size_t slots = 2 * w / MS_S, pairs = (n + 2 * w - 1) / (2 * w);
    size_t nslots = pairs * slots;
#pragma omp parallel num_threads(threads)
    {
#pragma omp for schedule(static)
      for (size_t s = 0; s < nslots; s++) { /* sample ranks */
        size_t a0, la, lb, q = s % slots;
        ms_pair(n, w, s / slots, &a0, &la, &lb);
        size_t na = la / MS_S, nb = lb / MS_S;
        if (q < na) {
          ranks[s] = (uint32_t)ms_rank(ik + a0 + w, lb, ik[a0 + q * MS_S], 0);
        } else if (q < na + nb) {
          ranks[s] = (uint32_t)ms_rank(ik + a0, la, ik[a0 + w + (q - na) * MS_S], 1);
        }
      }
#pragma omp for schedule(static)
      for (size_t s = 0; s < nslots; s++) { /* split points in merged order */
        size_t a0, la, lb, p = s / slots, q = s % slots;
        ms_pair(n, w, p, &a0, &la, &lb);
        size_t na = la / MS_S, nb = lb / MS_S;
        if (q < na + nb) {
          uint32_t r = ranks[s];
          size_t kq = q < na ? q : q - na;
          size_t at = p * slots + kq + (r + MS_S - 1) / MS_S;
          bound_a[at] = q < na ? (uint32_t)(kq * MS_S) : r;
          bound_b[at] = q < na ? r : (uint32_t)(kq * MS_S);
        }
      }
#pragma omp for schedule(static)
      for (size_t s = 0; s < nslots; s++) { /* interval merges */
        size_t a0, la, lb, q = s % slots;
        ms_pair(n, w, s / slots, &a0, &la, &lb);
        size_t cnt = (la + lb) / MS_S;
        if (q < cnt) {
          size_t sa = bound_a[s], sb = bound_b[s];
          size_t ea = q + 1 < cnt ? bound_a[s + 1] : la, eb = q + 1 < cnt ? bound_b[s + 1] : lb;
          ms_merge(ik + a0 + sa, iv + a0 + sa, ea - sa, ik + a0 + w + sb, iv + a0 + w + sb,
                   eb - sb, ok + a0 + sa + sb, ov + a0 + sa + sb);
        }
      }
    }
  }
  return src;
}

/* small: 3072 pairs (6 tiles of 512, 3 merge passes, 13 launches; the
 * passes at w = 1024 and 2048 have a pair without B and a short B);
 * medium: 2^15 = 32K pairs (6 passes, 25 launches); paper: 2^22 = 4M
 * pairs, the SDK sample's default (13 passes, 53 launches). */
static int ms_n(st_wl_size size) {
  return size == ST_WL_PAPER ? 1 << 22 : size == ST_WL_MEDIUM ? 1 << 15 : 3072;
}

/* Keys random below n, values their original positions. */
static void ms_inputs(uint64_t seed, int n, uint32_t *keys, uint32_t *vals) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    keys[i] = st_wl_rng_below(&r, (uint32_t)n);
    vals[i] = (uint32_t)i;
  }
}

/* The CPU version: the sort of a copy of the pairs. */
typedef struct ms_cpu_args {
  const uint32_t *keys, *vals;
  uint32_t *k[2], *v[2], *ranks, *bound_a, *bound_b;
  size_t n;
  int threads, result;
} ms_cpu_args;

static void ms_cpu_work(void *arg) {
  ms_cpu_args *m = arg;
  memcpy(m->k[0], m->keys, m->n * sizeof(uint32_t));
  memcpy(m->v[0], m->vals, m->n * sizeof(uint32_t));
  m->result = ms_cpu_sort(m->k, m->v, m->n, m->ranks, m->bound_a, m->bound_b, m->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = ms_n(ctx->size);
  size_t bytes = (size_t)n * 4, sbytes = (size_t)n / MS_S * 4;
  uint32_t *keys = malloc(bytes), *vals = malloc(bytes);
  ms_cpu_args m = {.keys = keys, .vals = vals, .k = {malloc(bytes), malloc(bytes)},
                   .v = {malloc(bytes), malloc(bytes)}, .ranks = malloc(sbytes),
                   .bound_a = malloc(sbytes), .bound_b = malloc(sbytes), .n = (size_t)n,
                   .threads = ctx->threads};
  st_status rc = keys && vals && m.k[0] && m.k[1] && m.v[0] && m.v[1] && m.ranks &&
                         m.bound_a && m.bound_b
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    ms_inputs(ctx->seed, n, keys, vals);
    rc = st_wl_cpu_time(ctx, ms_cpu_work, &m);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, m.k[m.result], bytes);
    st_wl_cpu_digest(ctx, m.v[m.result], bytes);
  }
  free(keys);
  free(vals);
  for (int i = 0; i < 2; i++) {
    free(m.k[i]);
    free(m.v[i]);
  }
  free(m.ranks);
  free(m.bound_a);
  free(m.bound_b);
  return rc;
}

static uint32_t blocks(uint64_t threads) {
  return (uint32_t)((threads + MS_THREADS - 1) / MS_THREADS);
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = ms_n(ctx->size);
  size_t bytes = (size_t)n * 4;
  uint32_t *keys = malloc(bytes), *vals = malloc(bytes);
  uint32_t *gk = malloc(bytes), *gv = malloc(bytes);
  uint32_t *tk = malloc(bytes), *tv = malloc(bytes);
  size_t sbytes = (size_t)n / MS_S * 4;
  uint32_t *rranks = malloc(sbytes), *rbound_a = malloc(sbytes), *rbound_b = malloc(sbytes);
  st_status rc = keys && vals && gk && gv && tk && tv && rranks && rbound_a && rbound_b
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    ms_inputs(ctx->seed, n, keys, vals);
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t dk[2] = {0, 0}, dv[2] = {0, 0}, d_ranks = 0, d_ba = 0, d_bb = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, keys, bytes, &dk[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, vals, bytes, &dv[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &dk[1], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &dv[1], err);
  /* Sample slots: 2w / MS_S per pair, n / MS_S in all (n is a multiple of 512). */
  uint64_t slots_total = (uint64_t)n / MS_S;
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_ranks, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_ba, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_bb, err);
  st_dim3 cta = st_dim3_make(MS_THREADS, 1, 1);
  int launches = 0, passes = 0, src = 0;
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(dk[0]), ST_ARG_PTR(dv[0])};
    rc = st_launch(gpu, ctx->mod, "ms_sort_tile", st_dim3_make((uint32_t)(n / MS_TILE), 1, 1),
                   cta, 0, args, 2, err);
    launches++;
  }
  for (int w = MS_TILE; rc == ST_OK && w < n; w *= 2, passes++, src = 1 - src) {
    uint64_t pairs = ((uint64_t)n + 2 * (uint64_t)w - 1) / (2 * (uint64_t)w);
    uint64_t slots = pairs * (2 * (uint64_t)w / MS_S);
    st_arg ra[] = {ST_ARG_PTR(dk[src]), ST_ARG_PTR(d_ranks), ST_ARG_S32(n), ST_ARG_S32(w)};
    rc = st_launch(gpu, ctx->mod, "ms_sample_ranks", st_dim3_make(blocks(slots), 1, 1), cta, 0,
                   ra, 4, err);
    for (int side = 0; rc == ST_OK && side < 2; side++) {
      st_arg pb[] = {ST_ARG_PTR(d_ranks), ST_ARG_PTR(d_ba), ST_ARG_PTR(d_bb),
                     ST_ARG_S32(n),       ST_ARG_S32(w),    ST_ARG_S32(side)};
      rc = st_launch(gpu, ctx->mod, "ms_place_bounds", st_dim3_make(blocks(slots / 2), 1, 1),
                     cta, 0, pb, 6, err);
    }
    st_arg mi[] = {ST_ARG_PTR(dk[src]), ST_ARG_PTR(dv[src]), ST_ARG_PTR(dk[1 - src]),
                   ST_ARG_PTR(dv[1 - src]), ST_ARG_PTR(d_ba), ST_ARG_PTR(d_bb),
                   ST_ARG_S32(n), ST_ARG_S32(w)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "ms_merge_intervals", st_dim3_make((uint32_t)slots, 1, 1),
                     cta, 0, mi, 8, err);
    }
    launches += 4;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gk, dk[src], bytes, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gv, dv[src], bytes, err);
  if (rc == ST_OK) {
    uint32_t *rk[2] = {keys, tk}, *rv[2] = {vals, tv};
    int res = ms_cpu_sort(rk, rv, (size_t)n, rranks, rbound_a, rbound_b, ctx->threads);
    rc = st_wl_check_u32(ctx, "keys", gk, rk[res], (size_t)n);
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "values (stability)", gv, rv[res], (size_t)n);
    }
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "%d keys and values match the CPU reference (stable sort)", n);
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  ms: %d pairs, %d tiles of %d, %d merge passes, %d launches\n", n,
              n / MS_TILE, MS_TILE, passes, launches);
    }
  }
  free(keys);
  free(vals);
  free(gk);
  free(gv);
  free(tk);
  free(tv);
  free(rranks);
  free(rbound_a);
  free(rbound_b);
  return rc;
}

const st_workload_desc st_wl_ms = {
    .name = "ms",
    .title = "stable merge sort of key/value pairs: shared-memory tile sort, sampled merges",
    .seeds = "BAWS MS (CUDA SDK mergeSort)",
    .category = "BAWS barrier-intensive (6 TBs/SM, 8 warps/TB)",
    .suite = "NVIDIA SDK",
    .tables = "BAWS Table 2 (CUDA SDK mergeSort, 6 TBs x 8 warps per SM; no input given)",
    .ptx = "ms.ptx",
    .small = "3072 pairs (6 tiles of 512; 3 merge passes, with short and missing B runs; "
             "13 launches)",
    .paper = "4M (2^22) pairs, the SDK sample's default (13 merge passes, 53 launches)",
    .medium = "32K (2^15) pairs (64 tiles of 512; 6 merge passes, 25 launches)",
    .run = run,
    .cpu = cpu,
};
