/* PTH host driver: a random cost grid (0..9 per cell, as Rodinia's
 * generator), one launch per pyramid of up to 20 rows, ping-ponging the
 * best-cost row between two buffers. Checked exactly against a CPU dynamic
 * program over the same grid. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define THREADS 256 /* 8 warps per CTA, as Rodinia's block size */
#define PYRAMID 20  /* rows per launch (Rodinia's pyramid height) */

/* Best path costs to every column of the last row, in the kernel's pyramids:
 * per PYRAMID rows, the columns cut into chunks of PTH_CHUNK, one chunk per
 * iteration of a parallel loop (OpenMP); a chunk starts from the previous
 * row's costs over its columns plus a halo of PYRAMID on each side and
 * computes the pyramid's rows over a range that shrinks by one column on
 * each side per row (the grid's edges excepted), so its own columns are exact
 * at the end (the halo is the kernels' redundant work; one barrier per
 * pyramid, not per row). best and tmp ping-pong between pyramids; the result
 * ends in best. */
#define PTH_CHUNK 1024

static void cpu_pathfinder(const int *wall, int rows, int cols, int *best, int *tmp,
                           int threads) {
  int nchunks = (cols + PTH_CHUNK - 1) / PTH_CHUNK;
  int *src = best, *dst = tmp;
  memcpy(best, wall, (size_t)cols * sizeof *best);
  for (int row = 0; row < rows - 1; row += PYRAMID) {
    int steps = rows - 1 - row < PYRAMID ? rows - 1 - row : PYRAMID;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int k = 0; k < nchunks; k++) {
      int buf[2][PTH_CHUNK + 2 * PYRAMID];
      int c0 = k * PTH_CHUNK, c1 = c0 + PTH_CHUNK < cols ? c0 + PTH_CHUNK : cols;
      int lo = c0 - steps > 0 ? c0 - steps : 0;              /* buf[.][0] is column lo */
      int hi = c1 - 1 + steps < cols - 1 ? c1 - 1 + steps : cols - 1;
      int *prev = buf[0], *cur = buf[1];
      memcpy(prev, src + lo, (size_t)(hi - lo + 1) * sizeof *prev);
      for (int i = 1; i <= steps; i++) {
        int a = lo == 0 ? 0 : lo + i, b = hi == cols - 1 ? cols - 1 : hi - i;
        const int *w = wall + (size_t)(row + i) * cols;
        for (int c = a; c <= b; c++) {
          int m = prev[c - lo];
          if (c > 0 && prev[c - 1 - lo] < m) m = prev[c - 1 - lo];
          if (c < cols - 1 && prev[c + 1 - lo] < m) m = prev[c + 1 - lo];
          cur[c - lo] = m + w[c];
        }
        int *t = prev;
        prev = cur;
        cur = t;
      }
      memcpy(dst + c0, prev + (c0 - lo), (size_t)(c1 - c0) * sizeof *dst);
    }
    int *t = src;
    src = dst;
    dst = t;
  }
  if (src != best) {
    memcpy(best, src, (size_t)cols * sizeof *best);
  }
}

/* small: 2048 columns x 41 rows; medium: 10000 x 100; paper: 100000 x 100. */
static void pth_size(st_wl_size size, int *cols, int *rows) {
  *cols = size == ST_WL_PAPER ? 100000 : size == ST_WL_MEDIUM ? 10000 : 2048;
  *rows = size == ST_WL_SMALL ? 41 : 100;
}

/* Random costs 0..9 per cell, as Rodinia's generator. */
static void pth_inputs(uint64_t seed, int rows, int cols, int *wall) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < (size_t)rows * cols; i++) {
    wall[i] = (int)st_wl_rng_below(&r, 10);
  }
}

/* The CPU version: the whole dynamic program (every pyramid's rows). */
typedef struct pth_cpu_args {
  const int *wall;
  int *best, *tmp;
  int rows, cols, threads;
} pth_cpu_args;

static void pth_cpu_work(void *arg) {
  pth_cpu_args *a = arg;
  cpu_pathfinder(a->wall, a->rows, a->cols, a->best, a->tmp, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int cols, rows;
  pth_size(ctx->size, &cols, &rows);
  int *wall = malloc((size_t)rows * cols * sizeof *wall);
  pth_cpu_args a = {.best = malloc((size_t)cols * sizeof(int)),
                    .tmp = malloc((size_t)cols * sizeof(int)), .rows = rows, .cols = cols,
                    .threads = ctx->threads};
  st_status rc = wall != NULL && a.best != NULL && a.tmp != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    pth_inputs(ctx->seed, rows, cols, wall);
    a.wall = wall;
    rc = st_wl_cpu_time(ctx, pth_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.best, (size_t)cols * sizeof(int));
  }
  free(wall);
  free(a.best);
  free(a.tmp);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int cols, rows;
  pth_size(ctx->size, &cols, &rows);
  int *wall = malloc((size_t)rows * cols * sizeof *wall);
  int *got = malloc((size_t)cols * sizeof *got);
  int *want = malloc((size_t)cols * sizeof *want);
  int *tmp = malloc((size_t)cols * sizeof *tmp);
  if (wall == NULL || got == NULL || want == NULL || tmp == NULL) {
    free(wall);
    free(got);
    free(want);
    free(tmp);
    return ST_ERR_NOMEM;
  }
  pth_inputs(ctx->seed, rows, cols, wall);
  st_gpu *gpu = ctx->gpu;
  uint64_t d_wall = 0, d_buf[2] = {0, 0};
  st_status rc = st_wl_upload(gpu, wall, (uint64_t)rows * cols * 4, &d_wall, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, wall, (uint64_t)cols * 4, &d_buf[0], err); /* row 0 */
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)cols * 4, &d_buf[1], err);
  int tile = THREADS - 2 * PYRAMID;
  uint32_t ctas = (uint32_t)((cols + tile - 1) / tile);
  int launches = 0, cur = 0;
  for (int row = 0; rc == ST_OK && row < rows - 1; row += PYRAMID) {
    int steps = rows - 1 - row < PYRAMID ? rows - 1 - row : PYRAMID;
    st_arg a[] = {ST_ARG_PTR(d_wall), ST_ARG_PTR(d_buf[cur]), ST_ARG_PTR(d_buf[1 - cur]),
                  ST_ARG_S32(cols),   ST_ARG_S32(row),        ST_ARG_S32(steps),
                  ST_ARG_S32(PYRAMID)};
    rc = st_launch(gpu, ctx->mod, "pth_pyramid", st_dim3_make(ctas, 1, 1),
                   st_dim3_make(THREADS, 1, 1), 0, a, 7, err);
    cur = 1 - cur;
    launches++;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_buf[cur], (uint64_t)cols * 4, err);
  if (rc == ST_OK) {
    cpu_pathfinder(wall, rows, cols, want, tmp, ctx->threads);
    rc = st_wl_check_u32(ctx, "best path costs", (const uint32_t *)got,
                         (const uint32_t *)want, (size_t)cols);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log, "  pth: %d columns x %d rows, pyramid %d, %u CTAs (%d launches)\n", cols,
            rows, PYRAMID, ctas, launches);
  }
  free(wall);
  free(got);
  free(want);
  free(tmp);
  return rc;
}

const st_workload_desc st_wl_pth = {
    .name = "pth",
    .title = "pathfinder: row-by-row dynamic programming in shared-memory pyramids",
    .seeds = "CAWA PTH, Ctrl-C PTH (Rodinia pathfinder)",
    .category = "CAWA C, Non-sens; Ctrl-C CS/NS lost in the source (re-derive by the 1.2x "
                "rule)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (C) and Table 4.2 (Non-sens), 100000 nodes; Ctrl-C Table 5.3 row "
               "2, 100k nodes; BAWS non-barrier set (reconstructed)",
    .ptx = "pth.ptx",
    .small = "2048 columns x 41 rows (2 launches)",
    .paper = "100000 columns x 100 rows, pyramid 20 (the seeds' 100k nodes; 5 launches)",
    .medium = "10000 columns x 100 rows, pyramid 20 (5 launches)",
    .run = run,
    .cpu = cpu,
};
