/* SCM host driver: streamcluster's second input in CAWA, SC_mid: 64-dimensional
 * points, 8192 of them at paper size. The same kernel (sc's PTX) and the same
 * driver (sc_driver.h) as sc, which runs SC_small. */
#include "../sc/sc_driver.h"

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int paper = ctx->size == ST_WL_PAPER;
  return sc_run_sized(ctx, "scm", paper ? 8192 : 1024, 64, paper ? 64 : 16, err);
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
    .run = run,
};
