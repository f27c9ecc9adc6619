/* SC host driver: SC_small (CAWA) / SC (Ctrl-C), 32-dimensional points; the
 * driver itself is in sc_driver.h, shared with scm (SC_mid). */
#include "sc_driver.h"

/* small: 1024 points, 16 candidates; medium: 2048, 64; paper: 4096, 64. */
static void sc_size(st_wl_size size, int *num, int *candidates) {
  *num = size == ST_WL_PAPER ? 4096 : size == ST_WL_MEDIUM ? 2048 : 1024;
  *candidates = size == ST_WL_SMALL ? 16 : 64;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int num, candidates;
  sc_size(ctx->size, &num, &candidates);
  return sc_run_sized(ctx, "sc", num, 32, candidates, err);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int num, candidates;
  sc_size(ctx->size, &num, &candidates);
  return sc_cpu_sized(ctx, num, 32, candidates);
}

const st_workload_desc st_wl_sc = {
    .name = "sc",
    .title = "streamcluster pgain: cost of opening a candidate facility, one launch per candidate",
    .seeds = "CAWA SC_small / SC_mid, Ctrl-C SC (Rodinia streamcluster)",
    .category = "CAWA M (SC_small Sens, SC_mid Non-sens); Ctrl-C CS/NS lost in the source "
                "(re-derive by the 1.2x rule)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Sens) as SC_small, 32x4096 nodes; Ctrl-C Table "
               "5.3 row 10, 32x4096 nodes; BAWS non-barrier set (reconstructed)",
    .ptx = "sc.ptx",
    .small = "1024 points x 32 dims, 16 candidates",
    .paper = "4096 points x 32 dims (CAWA SC_small, Ctrl-C SC), 64 candidates",
    .medium = "2048 points x 32 dims, 64 candidates",
    .run = run,
    .cpu = cpu,
};
