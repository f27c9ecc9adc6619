/* NW host driver: two random sequences over a 24-letter alphabet, a random
 * symmetric substitution table (matches 4..11, mismatches -4..2, the range of
 * BLOSUM62), gap penalty 10. One launch per 16x16-block anti-diagonal:
 * n/16 launches of nw_upper, n/16 - 1 of nw_lower. Checked bit for bit
 * against a CPU fill of the whole score matrix. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NW_B 16
#define NW_LETTERS 24

static int max3(int a, int b, int c) {
  int m = a > b ? a : b;
  return m > c ? m : c;
}

/* The whole score matrix, filled in place from its preset row 0 and column 0,
 * tile anti-diagonal by tile anti-diagonal as the launches go, the tiles of a
 * diagonal on every thread (one tile per iteration of the parallel loop, each
 * filled row by row). The host's tiles are 64x64, not the kernels' 16x16, so
 * that a tile is worth a thread's time between two barriers. Every cell has
 * the one value the recurrence gives it, whatever the order, so this equals a
 * row-by-row fill. */
#define NW_CPU_TILE 64

static void cpu_nw(const int *ref, int *score, int n, int penalty, int threads) {
  int s = n + 1, nt = (n + NW_CPU_TILE - 1) / NW_CPU_TILE;
#pragma omp parallel num_threads(threads)
  for (int d = 0; d < 2 * nt - 1; d++) {
    int t0 = d < nt ? 0 : d - nt + 1, t1 = d < nt ? d : nt - 1; /* tile columns */
#pragma omp for schedule(static)
    for (int tj = t0; tj <= t1; tj++) {
      int ti = d - tj;
      int i1 = (ti + 1) * NW_CPU_TILE < n ? (ti + 1) * NW_CPU_TILE : n;
      int j1 = (tj + 1) * NW_CPU_TILE < n ? (tj + 1) * NW_CPU_TILE : n;
      for (int i = ti * NW_CPU_TILE + 1; i <= i1; i++) {
        for (int j = tj * NW_CPU_TILE + 1; j <= j1; j++) {
          score[i * s + j] =
              max3(score[(i - 1) * s + j - 1] + ref[i * s + j], score[i * s + j - 1] - penalty,
                   score[(i - 1) * s + j] - penalty);
        }
      }
    }
  }
}

/* small: 256x256 (16 blocks a side, 31 launches); medium: 768x768 (48 blocks,
 * 95 launches); paper: 1024x1024 (the seeds' dataset: 64 blocks a side, 127
 * launches). */
static int nw_size(st_wl_size size) {
  return size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 768 : 256;
}

/* Two random sequences' substitution scores in ref ((n+1)^2, row 0 and column
 * 0 zero) and the score matrix's preset row 0 and column 0 (the rest of score
 * zero, as calloc leaves it). */
static void nw_inputs(uint64_t seed, int n, int penalty, int *ref, int *score, int *seq_a,
                      int *seq_b) {
  int s = n + 1;
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  int sub[NW_LETTERS][NW_LETTERS];
  for (int a = 0; a < NW_LETTERS; a++) {
    sub[a][a] = 4 + (int)st_wl_rng_below(&r, 8);
    for (int b = 0; b < a; b++) {
      sub[a][b] = sub[b][a] = -4 + (int)st_wl_rng_below(&r, 7);
    }
  }
  for (int i = 1; i <= n; i++) {
    seq_a[i] = (int)st_wl_rng_below(&r, NW_LETTERS);
    seq_b[i] = (int)st_wl_rng_below(&r, NW_LETTERS);
  }
  for (int i = 1; i <= n; i++) {
    for (int j = 1; j <= n; j++) {
      ref[i * s + j] = sub[seq_a[i]][seq_b[j]];
    }
  }
  for (int i = 0; i <= n; i++) {
    score[i * s] = -i * penalty;
    score[i] = -i * penalty;
  }
}

/* The CPU version: the score matrix copied from its preset borders (the
 * kernels fill it in place), then filled by anti-diagonals of tiles. */
typedef struct nw_cpu_args {
  const int *ref, *score0;
  int *score;
  size_t cells;
  int n, penalty, threads;
} nw_cpu_args;

static void nw_cpu_work(void *arg) {
  nw_cpu_args *a = arg;
  memcpy(a->score, a->score0, a->cells * sizeof(int));
  cpu_nw(a->ref, a->score, a->n, a->penalty, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = nw_size(ctx->size), penalty = 10;
  int s = n + 1;
  size_t cells = (size_t)s * s;
  int *ref = calloc(cells, sizeof *ref);
  int *score0 = calloc(cells, sizeof *score0);
  int *score = malloc(cells * sizeof *score);
  int *seq_a = malloc((size_t)s * sizeof *seq_a);
  int *seq_b = malloc((size_t)s * sizeof *seq_b);
  st_status rc = ref && score0 && score && seq_a && seq_b ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    nw_inputs(ctx->seed, n, penalty, ref, score0, seq_a, seq_b);
    nw_cpu_args a = {.ref = ref, .score0 = score0, .score = score, .cells = cells, .n = n,
                     .penalty = penalty, .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, nw_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, score, cells * sizeof(int));
  }
  free(ref);
  free(score0);
  free(score);
  free(seq_a);
  free(seq_b);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = nw_size(ctx->size), penalty = 10;
  int s = n + 1, nb = n / NW_B;
  size_t cells = (size_t)s * s;
  int *ref = calloc(cells, sizeof *ref);
  int *score = calloc(cells, sizeof *score);
  int *want = calloc(cells, sizeof *want);
  int *got = malloc(cells * sizeof *got);
  int *seq_a = malloc((size_t)s * sizeof *seq_a);
  int *seq_b = malloc((size_t)s * sizeof *seq_b);
  st_status rc = ref && score && want && got && seq_a && seq_b ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    nw_inputs(ctx->seed, n, penalty, ref, score, seq_a, seq_b);
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_ref = 0, d_score = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, ref, cells * 4, &d_ref, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, score, cells * 4, &d_score, err);
  int launches = 0;
  for (int d = 0; rc == ST_OK && d < nb; d++, launches++) {
    st_arg args[] = {ST_ARG_PTR(d_ref), ST_ARG_PTR(d_score), ST_ARG_S32(n), ST_ARG_S32(penalty),
                     ST_ARG_S32(d)};
    rc = st_launch(gpu, ctx->mod, "nw_upper", st_dim3_make((uint32_t)(d + 1), 1, 1),
                   st_dim3_make(NW_B, 1, 1), 0, args, 5, err);
  }
  for (int d = 1; rc == ST_OK && d < nb; d++, launches++) {
    st_arg args[] = {ST_ARG_PTR(d_ref), ST_ARG_PTR(d_score), ST_ARG_S32(n), ST_ARG_S32(penalty),
                     ST_ARG_S32(d)};
    rc = st_launch(gpu, ctx->mod, "nw_lower", st_dim3_make((uint32_t)(nb - d), 1, 1),
                   st_dim3_make(NW_B, 1, 1), 0, args, 5, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_score, cells * 4, err);
  if (rc == ST_OK) {
    for (size_t i = 0; i < cells; i++) {
      want[i] = score[i];
    }
    cpu_nw(ref, want, n, penalty, ctx->threads);
    rc = st_wl_check_u32(ctx, "score", (const uint32_t *)got, (const uint32_t *)want, cells);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  nw: %dx%d, %dx%d blocks of 16x16, %d launches (%d nw_upper, %d nw_lower), "
              "final score %d\n",
              n, n, nb, nb, launches, nb, nb - 1, want[cells - 1]);
    }
  }
  free(ref);
  free(score);
  free(want);
  free(got);
  free(seq_a);
  free(seq_b);
  return rc;
}

const st_workload_desc st_wl_nw = {
    .name = "nw",
    .title = "Needleman-Wunsch alignment, one launch per 16x16-block anti-diagonal",
    .seeds = "CAWA/Ctrl-C NW (Rodinia), DYNCTA NW (Rodinia), BAWS nw (reconstructed "
             "non-barrier set)",
    .category = "CAWA memory-intensive (M), criticality-sensitive; Ctrl-C CS/NS not recoverable; "
                "DYNCTA Type-X",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Sens), 1024x1024 nodes; Ctrl-C Table 5.3 row "
               "8, 1024x1024 nodes; DYNCTA Table II row 9 (X); BAWS non-barrier set "
               "(reconstructed)",
    .ptx = "nw.ptx",
    .small = "256x256 (16x16 blocks; 31 launches, 1..16 CTAs of 16 threads)",
    .paper = "1024x1024 (the seeds' dataset; 127 launches, 1..64 CTAs of 16 threads)",
    .medium = "768x768 (48x48 blocks; 95 launches, 1..48 CTAs of 16 threads)",
    .run = run,
    .cpu = cpu,
};
