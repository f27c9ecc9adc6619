/* PTH host driver: a random cost grid (0..9 per cell, as Rodinia's
 * generator), one launch per pyramid of up to 20 rows, ping-ponging the
 * best-cost row between two buffers. Checked exactly against a CPU dynamic
 * program over the same grid. */
#include <stdlib.h>

#include "workload.h"

#define THREADS 256 /* 8 warps per CTA, as Rodinia's block size */
#define PYRAMID 20  /* rows per launch (Rodinia's pyramid height) */

static void cpu_pathfinder(const int *wall, int rows, int cols, int *best, int *tmp) {
  for (int c = 0; c < cols; c++) {
    best[c] = wall[c];
  }
  for (int r = 1; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      int m = best[c];
      if (c > 0 && best[c - 1] < m) m = best[c - 1];
      if (c < cols - 1 && best[c + 1] < m) m = best[c + 1];
      tmp[c] = m + wall[(size_t)r * cols + c];
    }
    for (int c = 0; c < cols; c++) {
      best[c] = tmp[c];
    }
  }
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int paper = ctx->size == ST_WL_PAPER;
  int cols = paper ? 100000 : 2048, rows = paper ? 100 : 41;
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
  st_wl_rng r;
  st_wl_rng_seed(&r, ctx->seed);
  for (size_t i = 0; i < (size_t)rows * cols; i++) {
    wall[i] = (int)st_wl_rng_below(&r, 10);
  }
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
    cpu_pathfinder(wall, rows, cols, want, tmp);
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
    .run = run,
};
