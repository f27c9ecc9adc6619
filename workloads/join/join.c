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

/* First index in s[from, n) with key > k (ge = 0) or >= k (ge = 1). */
static uint32_t bound(const rec *s, uint32_t from, uint32_t n, uint32_t k, int ge) {
  uint32_t lo = from, hi = n;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (ge ? s[mid].key < k : s[mid].key <= k) lo = mid + 1; else hi = mid;
  }
  return lo;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int paper = ctx->size == ST_WL_PAPER;
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  int gauss = ctx->input != NULL && strcmp(ctx->input, "gaussian") == 0;
  uint32_t n = paper ? 65536 : 2048;
  uint32_t domain = n / 32;
  uint32_t nblk = (n + THREADS - 1) / THREADS;

  rec *r = malloc((size_t)n * sizeof *r), *s = malloc((size_t)n * sizeof *s);
  uint32_t *rk = malloc((size_t)n * 4), *rv = malloc((size_t)n * 4);
  uint32_t *sk = malloc((size_t)n * 4), *sv = malloc((size_t)n * 4);
  uint32_t *first = malloc((size_t)n * 4), *cnt = malloc((size_t)n * 4);
  if (r == NULL || s == NULL || rk == NULL || rv == NULL || sk == NULL || sv == NULL ||
      first == NULL || cnt == NULL) {
    free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
    return ST_ERR_NOMEM;
  }
  st_wl_rng g;
  st_wl_rng_seed(&g, ctx->seed);
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

  /* CPU reference: matches per R record, and the output layout. */
  uint64_t total = 0, pocket_total = 0, pockets = 0;
  uint32_t maxc = 0, zero = 0;
  for (uint32_t i = 0; i < n; i++) {
    first[i] = bound(s, 0, n, r[i].key, 1);
    cnt[i] = bound(s, first[i], n, r[i].key, 0) - first[i];
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
    snprintf(ctx->verdict, sizeof ctx->verdict, "join: output too large");
    return ST_ERR_MISMATCH;
  }
  uint32_t nout = (uint32_t)total;
  uint32_t alloc = nout > 0 ? nout : 1;
  uint32_t *want = malloc((size_t)alloc * 3 * 4), *got = malloc((size_t)alloc * 3 * 4);
  if (want == NULL || got == NULL) {
    free(want), free(got);
    free(r), free(s), free(rk), free(rv), free(sk), free(sv), free(first), free(cnt);
    return ST_ERR_NOMEM;
  }
  {
    uint64_t o1 = 0, o2 = cdp ? pocket_total : 0;
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
    .variants = "flat cdp dtbl",
    .inputs = "uniform gaussian",
    .run = run,
};
