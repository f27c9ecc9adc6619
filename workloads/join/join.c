/* JOIN host driver: two tables R and S of n (key, value) records each, keys
 * over a domain of n / 32 values (uniform: both tables uniform over it;
 * gaussian: R uniform, S gaussian around the middle with sigma domain / 16,
 * so a few keys are very frequent in S and most R records match nothing).
 * S is sorted by (key, value) on the host. The GPU probes (binary search),
 * scans the block sums (flat: one prefix sum; cdp: two, pockets of >= 32
 * matches and leftovers), then gathers (cdp: a child kernel per pocket;
 * dtbl: a DTBL aggregated group per pocket, the rest as cdp). The
 * CPU reference joins the same tables into the same layout, which must match
 * exactly, record by record. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define THREADS 256
#define POCKET 32
#define CHILD_THREADS 64

typedef struct rec {
  uint32_t key, val;
} rec;

static int rec_cmp(const void *a, const void *b) {
  const rec *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (x->val > y->val) - (x->val < y->val);
}

/* A standard normal deviate (Box-Muller on two uniforms of the generator). */
static double rng_normal(st_wl_rng *r) {
  double u1 = ((double)(st_wl_rng_next(r) >> 11) + 1.0) / 9007199254740993.0; /* (0, 1] */
  double u2 = (double)(st_wl_rng_next(r) >> 11) / 9007199254740992.0;        /* [0, 1) */
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* First index in sk[from, n) with key > k (ge = 0) or >= k (ge = 1). */
static uint32_t bound(const uint32_t *sk, uint32_t from, uint32_t n, uint32_t k, int ge) {
  uint32_t lo = from, hi = n;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (ge ? sk[mid] < k : sk[mid] <= k) lo = mid + 1; else hi = mid;
  }
  return lo;
}

static uint32_t join_records(st_wl_size size) {
  return size == ST_WL_PAPER ? 65536 : size == ST_WL_MEDIUM ? 3072 : 2048;
}

/* The tables as columns: R's keys and values in generation order, S's sorted
 * by (key, value); each array has n entries. */
static void join_inputs(uint64_t seed, uint32_t n, int gauss, rec *r, rec *s, uint32_t *rk,
                        uint32_t *rv, uint32_t *sk, uint32_t *sv) {
  uint32_t domain = n / 32;
  st_wl_rng g;
  st_wl_rng_seed(&g, seed);
  for (uint32_t i = 0; i < n; i++) {
    r[i].key = st_wl_rng_below(&g, domain);
    r[i].val = (uint32_t)st_wl_rng_next(&g);
  }
  for (uint32_t i = 0; i < n; i++) {
    if (gauss) {
      double sigma = domain / 16.0, x;
      do {
        x = floor(domain / 2.0 + sigma * rng_normal(&g));
      } while (x < 0.0 || x >= (double)domain);
      s[i].key = (uint32_t)x;
    } else {
      s[i].key = st_wl_rng_below(&g, domain);
    }
    s[i].val = (uint32_t)st_wl_rng_next(&g);
  }
  qsort(s, n, sizeof *s, rec_cmp);
  for (uint32_t i = 0; i < n; i++) {
    rk[i] = r[i].key, rv[i] = r[i].val, sk[i] = s[i].key, sv[i] = s[i].val;
  }
}

/* join_probe on `threads` host threads: per R record its first match and
 * match count, per block of THREADS records the sum of the counts. */
static void cpu_probe(const uint32_t *rk, uint32_t n, const uint32_t *sk, uint32_t *first,
                      uint32_t *cnt, uint32_t *bsum, int threads) {
  int nblk = (int)((n + THREADS - 1) / THREADS);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int b = 0; b < nblk; b++) {
    uint32_t sum = 0, end = (uint32_t)b * THREADS + THREADS < n ? (uint32_t)b * THREADS + THREADS
                                                                : n;
    for (uint32_t i = (uint32_t)b * THREADS; i < end; i++) {
      first[i] = bound(sk, 0, n, rk[i], 1);
      cnt[i] = bound(sk, first[i], n, rk[i], 0) - first[i];
      sum += cnt[i];
    }
    bsum[b] = sum;
  }
}

/* The blocks' exclusive offsets from their sums (join_scan_blocks), in place;
 * returns the total. */
static uint64_t scan_blocks(uint32_t *bsum, uint32_t nblk) {
  uint64_t carry = 0;
  for (uint32_t b = 0; b < nblk; b++) {
    uint32_t x = bsum[b];
    bsum[b] = (uint32_t)carry;
    carry += x;
  }
  return carry;
}

/* join_gather_flat on `threads` host threads: each block of THREADS records
 * from its offset, each record's matches in R order. */
static void cpu_gather(const uint32_t *rk, const uint32_t *rv, uint32_t n, const uint32_t *sv,
                       const uint32_t *first, const uint32_t *cnt, const uint32_t *boff,
                       uint32_t *ok, uint32_t *orv, uint32_t *osv, int threads) {
  int nblk = (int)((n + THREADS - 1) / THREADS);
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (int b = 0; b < nblk; b++) {
    uint32_t off = boff[b], end = (uint32_t)b * THREADS + THREADS < n
                                      ? (uint32_t)b * THREADS + THREADS
                                      : n;
    for (uint32_t i = (uint32_t)b * THREADS; i < end; i++) {
      uint32_t key = rk[i], val = rv[i], f = first[i];
      for (uint32_t j = 0; j < cnt[i]; j++, off++) {
        ok[off] = key;
        orv[off] = val;
        osv[off] = sv[f + j];
      }
    }
  }
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  int gauss = ctx->input != NULL && strcmp(ctx->input, "gaussian") == 0;
  uint32_t n = join_records(ctx->size);
  uint32_t domain = n / 32;
  uint32_t nblk = (n + THREADS - 1) / THREADS;

  rec *r = malloc((size_t)n * sizeof *r), *s = malloc((size_t)n * sizeof *s);
  uint32_t *rk = malloc((size_t)n * 4), *rv = malloc((size_t)n * 4);
  uint32_t *sk = malloc((size_t)n * 4), *sv = malloc((size_t)n * 4);
  uint32_t *first = malloc((size_t)n * 4), *cnt = malloc((size_t)n * 4);
  uint32_t *bsum = malloc((size_t)nblk * 4);
  if (r == NULL || s == NULL || rk == NULL || rv == NULL || sk == NULL || sv == NULL ||
      first == NULL || cnt == NULL || bsum == NULL) {
    free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
    free(bsum);
    return ST_ERR_NOMEM;
  }
  join_inputs(ctx->seed, n, gauss, r, s, rk, rv, sk, sv);

  /* CPU reference: matches per R record, and the output layout. */
  cpu_probe(rk, n, sk, first, cnt, bsum, ctx->threads);
  uint64_t total = 0, pocket_total = 0, pockets = 0;
  uint32_t maxc = 0, zero = 0;
  for (uint32_t i = 0; i < n; i++) {
    total += cnt[i];
    maxc = cnt[i] > maxc ? cnt[i] : maxc;
    zero += cnt[i] == 0;
    if (cnt[i] >= POCKET) {
      pockets++;
      pocket_total += cnt[i];
    }
  }
  if (total > 0x7fffffffu) {
    free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
    free(bsum);
    snprintf(ctx->verdict, sizeof ctx->verdict, "join: output too large");
    return ST_ERR_MISMATCH;
  }
  uint32_t nout = (uint32_t)total;
  uint32_t alloc = nout > 0 ? nout : 1;
  uint32_t *want = malloc((size_t)alloc * 3 * 4), *got = malloc((size_t)alloc * 3 * 4);
  if (want == NULL || got == NULL) {
    free(want), free(got);
    free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
    free(bsum);
    return ST_ERR_NOMEM;
  }
  if (!cdp) { /* R order: the CPU version's scan and gather */
    scan_blocks(bsum, nblk);
    cpu_gather(rk, rv, n, sv, first, cnt, bsum, want, want + nout, want + 2 * (size_t)nout,
               ctx->threads);
  } else {
    uint64_t o1 = 0, o2 = pocket_total;
    for (uint32_t i = 0; i < n; i++) {
      uint64_t *o = cdp && cnt[i] < POCKET ? &o2 : &o1;
      for (uint32_t j = 0; j < cnt[i]; j++, (*o)++) {
        want[*o] = r[i].key;
        want[nout + *o] = r[i].val;
        want[2 * (size_t)nout + *o] = s[first[i] + j].val;
      }
    }
  }

  st_gpu *gpu = ctx->gpu;
  st_status rc;
  uint64_t d_rk, d_rv, d_sk, d_sv, d_lo, d_cnt, d_b1, d_b2, d_ok, d_orv, d_osv;
  rc = st_wl_upload(gpu, rk, (uint64_t)n * 4, &d_rk, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, rv, (uint64_t)n * 4, &d_rv, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, sk, (uint64_t)n * 4, &d_sk, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, sv, (uint64_t)n * 4, &d_sv, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_lo, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_cnt, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)nblk + 1) * 4, &d_b1, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)nblk + 1) * 4, &d_b2, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)alloc * 4, &d_ok, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)alloc * 4, &d_orv, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)alloc * 4, &d_osv, err);
  st_dim3 grid = st_dim3_make(nblk, 1, 1), block = st_dim3_make(THREADS, 1, 1);
  st_dim3 one = st_dim3_make(1, 1, 1);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_rk),  ST_ARG_U32(n),     ST_ARG_PTR(d_sk),
                  ST_ARG_U32(n),     ST_ARG_PTR(d_lo),  ST_ARG_PTR(d_cnt),
                  ST_ARG_PTR(d_b1),  ST_ARG_PTR(d_b2),  ST_ARG_S32(cdp)};
    rc = st_launch(gpu, ctx->mod, "join_probe", grid, block, 0, a, 9, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_b1), ST_ARG_U32(nblk)};
    rc = st_launch(gpu, ctx->mod, "join_scan_blocks", one, block, 0, a, 2, err);
  }
  if (rc == ST_OK && cdp) {
    st_arg a[] = {ST_ARG_PTR(d_b2), ST_ARG_U32(nblk)};
    rc = st_launch(gpu, ctx->mod, "join_scan_blocks", one, block, 0, a, 2, err);
  }
  if (rc == ST_OK && !cdp) {
    st_arg a[] = {ST_ARG_PTR(d_rk),  ST_ARG_PTR(d_rv), ST_ARG_U32(n),     ST_ARG_PTR(d_sv),
                  ST_ARG_PTR(d_lo),  ST_ARG_PTR(d_cnt), ST_ARG_PTR(d_b1), ST_ARG_PTR(d_ok),
                  ST_ARG_PTR(d_orv), ST_ARG_PTR(d_osv)};
    rc = st_launch(gpu, ctx->mod, "join_gather_flat", grid, block, 0, a, 10, err);
  }
  if (rc == ST_OK && cdp) {
    st_arg a[] = {ST_ARG_PTR(d_rk),  ST_ARG_PTR(d_rv),  ST_ARG_U32(n),    ST_ARG_PTR(d_sv),
                  ST_ARG_PTR(d_lo),  ST_ARG_PTR(d_cnt), ST_ARG_PTR(d_b1), ST_ARG_PTR(d_b2),
                  ST_ARG_PTR(d_ok),  ST_ARG_PTR(d_orv), ST_ARG_PTR(d_osv)};
    rc = st_launch(gpu, ctx->mod, dtbl ? "join_gather_dtbl" : "join_gather_cdp", grid, block, 0,
                   a, 11, err);
  }
  if (rc == ST_OK) rc = st_synchronize(gpu, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_ok, (uint64_t)nout * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got + nout, d_orv, (uint64_t)nout * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got + 2 * (size_t)nout, d_osv, (uint64_t)nout * 4, err);
  if (rc == ST_OK) {
    /* Lengths first: the GPU's total is the last entry of the scanned block sums. */
    uint32_t t1 = 0, t2 = 0;
    rc = st_memcpy_dtoh(gpu, &t1, d_b1 + (uint64_t)nblk * 4, 4, err);
    if (rc == ST_OK && cdp) rc = st_memcpy_dtoh(gpu, &t2, d_b2 + (uint64_t)nblk * 4, 4, err);
    if (rc == ST_OK && (uint64_t)t1 + t2 != total) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "join: the GPU's prefix sums give %llu output records, the CPU join %llu",
               (unsigned long long)t1 + t2, (unsigned long long)total);
      rc = ST_ERR_MISMATCH;
    }
  }
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "rkey", got, want, nout);
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "rval", got + nout, want + nout, nout);
  if (rc == ST_OK)
    rc = st_wl_check_u32(ctx, "sval", got + 2 * (size_t)nout, want + 2 * (size_t)nout, nout);
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "join: %u output records (rkey, rval, sval) match the CPU join in order", nout);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  join (%s, %s): |R| = |S| = %u, key domain %u; matches per R record mean %.2f, "
            "max %u, %u with none; %u output records\n",
            vname, gauss ? "gaussian" : "uniform", n, domain,
            (double)total / n, maxc, zero, nout);
    fprintf(ctx->log,
            "  join: %llu pockets of >= %d matches (%llu records, %.1f per pocket); "
            "%d host launches\n",
            (unsigned long long)pockets, POCKET, (unsigned long long)pocket_total,
            pockets ? (double)pocket_total / pockets : 0.0, cdp ? 4 : 3);
    if (cdp) {
      const st_config *cfg = st_gpu_config(gpu);
      fprintf(ctx->log, "  join: %llu device-side %s (%d-thread CTAs)%s\n",
              (unsigned long long)pockets, dtbl ? "group launches" : "launches", CHILD_THREADS,
              pockets > (uint64_t)cfg->cdp.pending_limit
                  ? "; more than cdp.pending_limit: raise it (-s cdp.pending_limit=N, "
                    "cudaDeviceSetLimit's cudaLimitDevRuntimePendingLaunchCount) if the run "
                    "reports cudaErrorLaunchPendingCountExceeded"
                  : "");
    }
  }
  free(want), free(got);
  free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
  free(bsum);
  return rc;
}

/* The CPU version: the probe, the scan of the block sums and the gather in R
 * order (the flat layout), the probe and the gather on every thread. The
 * output arrays grow to the join's size on the first run. */
typedef struct join_cpu_args {
  const uint32_t *rk, *rv, *sk, *sv;
  uint32_t n, nout;
  uint32_t *first, *cnt, *boff, *ok, *orv, *osv;
  size_t cap;
  int threads, nomem;
} join_cpu_args;

static void join_cpu_work(void *arg) {
  join_cpu_args *a = arg;
  uint32_t nblk = (a->n + THREADS - 1) / THREADS;
  cpu_probe(a->rk, a->n, a->sk, a->first, a->cnt, a->boff, a->threads);
  uint64_t total = scan_blocks(a->boff, nblk);
  if (total > a->cap) {
    free(a->ok), free(a->orv), free(a->osv);
    a->ok = malloc((size_t)total * 4), a->orv = malloc((size_t)total * 4);
    a->osv = malloc((size_t)total * 4);
    a->cap = a->ok != NULL && a->orv != NULL && a->osv != NULL ? (size_t)total : 0;
    if (a->cap == 0) {
      a->nomem = 1;
      return;
    }
  }
  a->nout = (uint32_t)total;
  cpu_gather(a->rk, a->rv, a->n, a->sv, a->first, a->cnt, a->boff, a->ok, a->orv, a->osv,
             a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  uint32_t n = join_records(ctx->size), nblk = (n + THREADS - 1) / THREADS;
  int gauss = ctx->input != NULL && strcmp(ctx->input, "gaussian") == 0;
  rec *r = malloc((size_t)n * sizeof *r), *s = malloc((size_t)n * sizeof *s);
  uint32_t *rk = malloc((size_t)n * 4), *rv = malloc((size_t)n * 4);
  uint32_t *sk = malloc((size_t)n * 4), *sv = malloc((size_t)n * 4);
  join_cpu_args a = {.rk = rk, .rv = rv, .sk = sk, .sv = sv, .n = n,
                     .first = malloc((size_t)n * 4), .cnt = malloc((size_t)n * 4),
                     .boff = malloc((size_t)nblk * 4), .threads = ctx->threads};
  st_status rc = r != NULL && s != NULL && rk != NULL && rv != NULL && sk != NULL &&
                         sv != NULL && a.first != NULL && a.cnt != NULL && a.boff != NULL
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    join_inputs(ctx->seed, n, gauss, r, s, rk, rv, sk, sv);
    rc = st_wl_cpu_time(ctx, join_cpu_work, &a);
  }
  if (rc == ST_OK && a.nomem) rc = ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, &a.nout, sizeof a.nout);
    st_wl_cpu_digest(ctx, a.ok, (size_t)a.nout * 4);
    st_wl_cpu_digest(ctx, a.orv, (size_t)a.nout * 4);
    st_wl_cpu_digest(ctx, a.osv, (size_t)a.nout * 4);
  }
  free(a.ok), free(a.orv), free(a.osv), free(a.first), free(a.cnt), free(a.boff);
  free(r), free(s), free(rk), free(rv), free(sk), free(sv);
  return rc;
}

const st_workload_desc st_wl_join = {
    .name = "join",
    .title = "relational inner join (binary search of the sorted table, prefix sums of the "
             "match counts, gather)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) JOIN",
    .category = "dissertation: dynamic data generation (DFP: the matches of one record)",
    .suite = "other",
    .tables = "dissertation Tables 2, 6, 7 (spec §4.2): join_uniform, join_gaussian",
    .ptx = "join.ptx",
    .small = "|R| = |S| = 2048 records, key domain 64 (about 65K output records)",
    .paper = "|R| = |S| = 65536 records, key domain 2048 (about 2.1M output records)",
    .medium = "|R| = |S| = 3072 records, key domain 96 (about 98K output records)",
    .variants = "flat cdp dtbl",
    .inputs = "uniform gaussian",
    .run = run,
    .cpu = cpu,
};
