/* NQU host driver: enumerates every legal placement of the first 5 rows (the
 * prefixes, in lexicographic order), one per thread, launches the solver
 * once, and checks each thread's count and each CTA's total bit for bit
 * against a recursive CPU solver, and the sum against the known number of
 * solutions. The problem has no random input; the seed shuffles the order
 * of the prefixes, which changes which threads share a warp and a CTA (and
 * so the divergence and the load balance) but not the answer. */
#include <stdlib.h>

#include "workload.h"

#define NQ_THREADS 96
#define NQ_PREFIX 5 /* rows placed by the host: 41 CTAs for n = 10, 176 for n = 12 */

typedef struct nq_prefix {
  uint32_t cols, ld, rd;
} nq_prefix;

/* Known totals (OEIS A000170) for n = 0..16. */
static const uint32_t nq_known[17] = {1,   1,    0,     0,     2,      10,     4,
                                      40,  92,   352,   724,   2680,   14200,  73712,
                                      365596, 2279184, 14772512};

static int enum_prefixes(nq_prefix *out, int n, int row, uint32_t cols, uint32_t ld,
                         uint32_t rd, int count) {
  if (row == NQ_PREFIX) {
    if (out != NULL) {
      out[count].cols = cols;
      out[count].ld = ld;
      out[count].rd = rd;
    }
    return count + 1;
  }
  uint32_t avail = ((1u << n) - 1u) & ~(cols | ld | rd);
  while (avail != 0) {
    uint32_t bit = avail & (0u - avail);
    avail ^= bit;
    count = enum_prefixes(out, n, row + 1, cols | bit, (ld | bit) << 1, (rd | bit) >> 1, count);
  }
  return count;
}

static uint32_t cpu_count(uint32_t full, uint32_t cols, uint32_t ld, uint32_t rd) {
  if (cols == full) {
    return 1;
  }
  uint32_t n = 0, avail = full & ~(cols | ld | rd);
  while (avail != 0) {
    uint32_t bit = avail & (0u - avail);
    avail ^= bit;
    n += cpu_count(full, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
  }
  return n;
}

/* small: 10 queens; medium: 11; paper: 12. */
static int nq_size(st_wl_size size) {
  return size == ST_WL_PAPER ? 12 : size == ST_WL_MEDIUM ? 11 : 10;
}

/* Every legal placement of the first NQ_PREFIX rows (np of them, in
 * lexicographic order), shuffled by the seed. */
static void nq_inputs(uint64_t seed, int n, int np, nq_prefix *pre) {
  enum_prefixes(pre, n, 0, 0, 0, 0, 0);
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = np - 1; i > 0; i--) { /* Fisher-Yates */
    int j = (int)st_wl_rng_below(&r, (uint32_t)i + 1);
    nq_prefix tmp = pre[i];
    pre[i] = pre[j];
    pre[j] = tmp;
  }
}

/* Each prefix's count of completions (the kernel's per-thread counts), on
 * every thread; the subtrees differ wildly in size, hence the dynamic
 * schedule. */
static void cpu_counts(const nq_prefix *pre, int np, int n, uint32_t *counts, int threads) {
  uint32_t full = (1u << n) - 1u;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
  for (int i = 0; i < np; i++) {
    counts[i] = cpu_count(full, pre[i].cols, pre[i].ld, pre[i].rd);
  }
}

/* The CPU version: the per-prefix counts, then each CTA's total (the kernel's
 * reduction) and the grand total. */
typedef struct nq_cpu_args {
  const nq_prefix *pre;
  uint32_t *counts, *cta, total;
  int np, nctas, n, threads;
} nq_cpu_args;

static void nq_cpu_work(void *arg) {
  nq_cpu_args *a = arg;
  cpu_counts(a->pre, a->np, a->n, a->counts, a->threads);
  a->total = 0;
  for (int b = 0; b < a->nctas; b++) {
    uint32_t sum = 0;
    for (int i = b * NQ_THREADS; i < (b + 1) * NQ_THREADS && i < a->np; i++) {
      sum += a->counts[i];
    }
    a->cta[b] = sum;
    a->total += sum;
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = nq_size(ctx->size);
  int np = enum_prefixes(NULL, n, 0, 0, 0, 0, 0);
  int nctas = (np + NQ_THREADS - 1) / NQ_THREADS;
  nq_prefix *pre = malloc((size_t)np * sizeof *pre);
  nq_cpu_args a = {.pre = pre, .counts = malloc((size_t)np * sizeof(uint32_t)),
                   .cta = malloc((size_t)nctas * sizeof(uint32_t)), .np = np, .nctas = nctas,
                   .n = n, .threads = ctx->threads};
  st_status rc = pre != NULL && a.counts != NULL && a.cta != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    nq_inputs(ctx->seed, n, np, pre);
    rc = st_wl_cpu_time(ctx, nq_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.counts, (size_t)np * sizeof(uint32_t));
    st_wl_cpu_digest(ctx, a.cta, (size_t)nctas * sizeof(uint32_t));
    st_wl_cpu_digest(ctx, &a.total, sizeof a.total);
  }
  free(pre);
  free(a.counts);
  free(a.cta);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = nq_size(ctx->size);
  int np = enum_prefixes(NULL, n, 0, 0, 0, 0, 0);
  int nctas = (np + NQ_THREADS - 1) / NQ_THREADS;
  nq_prefix *pre = malloc((size_t)np * sizeof *pre);
  uint32_t *pcols = malloc((size_t)np * sizeof *pcols);
  uint32_t *pld = malloc((size_t)np * sizeof *pld);
  uint32_t *prd = malloc((size_t)np * sizeof *prd);
  uint32_t *got = malloc((size_t)np * sizeof *got);
  uint32_t *want = malloc((size_t)np * sizeof *want);
  uint32_t *got_cta = malloc((size_t)nctas * sizeof *got_cta);
  uint32_t *want_cta = calloc((size_t)nctas, sizeof *want_cta);
  st_status rc = pre && pcols && pld && prd && got && want && got_cta && want_cta
                     ? ST_OK
                     : ST_ERR_NOMEM;
  uint32_t total = 0;
  if (rc == ST_OK) {
    nq_inputs(ctx->seed, n, np, pre);
    cpu_counts(pre, np, n, want, ctx->threads);
    for (int i = 0; i < np; i++) {
      pcols[i] = pre[i].cols;
      pld[i] = pre[i].ld;
      prd[i] = pre[i].rd;
      want_cta[i / NQ_THREADS] += want[i];
      total += want[i];
    }
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_cols = 0, d_ld = 0, d_rd = 0, d_counts = 0, d_cta = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, pcols, (uint64_t)np * 4, &d_cols, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, pld, (uint64_t)np * 4, &d_ld, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, prd, (uint64_t)np * 4, &d_rd, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)np * 4, &d_counts, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nctas * 4, &d_cta, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_cols), ST_ARG_PTR(d_ld),     ST_ARG_PTR(d_rd),
                     ST_ARG_S32(np),     ST_ARG_S32(n),        ST_ARG_S32(n - NQ_PREFIX),
                     ST_ARG_PTR(d_counts), ST_ARG_PTR(d_cta)};
    rc = st_launch(gpu, ctx->mod, "nqueens_count", st_dim3_make((uint32_t)nctas, 1, 1),
                   st_dim3_make(NQ_THREADS, 1, 1), 0, args, 8, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_counts, (uint64_t)np * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got_cta, d_cta, (uint64_t)nctas * 4, err);
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "per-thread counts", got, want, (size_t)np);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "per-CTA totals", got_cta, want_cta, (size_t)nctas);
  }
  if (rc == ST_OK && total != nq_known[n]) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "total: %u solutions, expected %u", total,
             nq_known[n]);
    rc = ST_ERR_MISMATCH;
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "%d per-thread counts and %d per-CTA totals match the CPU reference; %u "
             "solutions",
             np, nctas, total);
  }
  if (ctx->log != NULL && rc != ST_ERR_NOMEM) {
    fprintf(ctx->log, "  nqu: %d queens, %d prefixes of %d rows, 1 launch of %d CTAs of %d\n", n,
            np, NQ_PREFIX, nctas, NQ_THREADS);
  }
  free(pre);
  free(pcols);
  free(pld);
  free(prd);
  free(got);
  free(want);
  free(got_cta);
  free(want_cta);
  return rc;
}

const st_workload_desc st_wl_nqu = {
    .name = "nqu",
    .title = "n-queens solution count, per-thread backtracking with a shared-memory stack",
    .seeds = "DYNCTA NQU (GPGPU-Sim ISPASS-2009 set)",
    .category = "DYNCTA Type-X (low parallelism, idle time over 20%)",
    .suite = "GPGPU-Sim ISPASS-2009",
    .tables = "DYNCTA Table II row 17 (X; \"SDK\" in the paper)",
    .ptx = "nqu.ptx",
    .small = "10 queens, one thread per legal 5-row prefix (3916 threads, 41 CTAs)",
    .paper = "12 queens, one thread per legal 5-row prefix (16852 threads, 176 CTAs)",
    .medium = "11 queens, one thread per legal 5-row prefix (8492 threads, 89 CTAs)",
    .run = run,
    .cpu = cpu,
};
