/* SCM host driver: streamcluster's second input in CAWA, SC_mid: 64-dimensional
 * points, 8192 of them at paper size. The same kernel (sc's PTX) and the same
 * driver (sc_driver.h) as sc, which runs SC_small. */
#include "../sc/sc_driver.h"

/* small: 1024 points, 16 candidates; medium: 2048, 64; paper: 8192, 64. */
static void scm_size(st_wl_size size, int *num, int *candidates) {
  *num = size == ST_WL_PAPER ? 8192 : size == ST_WL_MEDIUM ? 2048 : 1024;
  *candidates = size == ST_WL_SMALL ? 16 : 64;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int num, candidates;
  scm_size(ctx->size, &num, &candidates);
  return sc_run_sized(ctx, "scm", num, 64, candidates, err);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int num, candidates;
  scm_size(ctx->size, &num, &candidates);
  return sc_cpu_sized(ctx, num, 64, candidates);
}

const st_workload_desc st_wl_scm = {
    .name = "scm",
    .title = "streamcluster pgain on SC_mid (64-dimensional points): sc's kernel and driver",
    .seeds = "CAWA SC_mid (Rodinia streamcluster)",
    .category = "CAWA Table 3.2 memory-intensive (M), Table 4.2 non-sensitive (Non-sens)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2, 4.2 (SC_mid, 64x8192 nodes)",
    .ptx = "../sc/sc.ptx",
    .small = "1024 points x 64 dims, 16 candidates",
    .paper = "8192 points x 64 dims (CAWA SC_mid), 64 candidates",
    .medium = "2048 points x 64 dims, 64 candidates",
    .run = run,
    .cpu = cpu,
};
