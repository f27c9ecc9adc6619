/* The occupancy calculator against spec/baws.md §5.1 (BAWS Table 2, "TBs per
 * SM" on the GTX480): docs/validation.md §6. The suite's counterparts of the
 * seeds' kernels run (small size, CPU check must pass) on gtx480, and the
 * statistics' ctas_per_sm of the kernels whose figure matches the table are
 * pinned. Kernels that do not match are printed with their figures; the
 * document says why each differs (our kernels are not the SDK's, and the
 * registers are estimated from the PTX). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tt_common.h"

typedef struct occ_pin {
  const char *workload;
  const char *kernel;
  unsigned ctas_per_sm; /* BAWS Table 2 "TBs per SM" */
} occ_pin;

/* Rows of BAWS Table 2 the suite reproduces. */
static const occ_pin pins[] = {
    {"fwt", "fwt_block_shared", 3},  /* FWT: 3 TBs x 16 warps */
    {"stn", "stn_jacobi", 2},        /* STN: 2 x 16 */
    {"histo", "histo_main", 3},      /* HISTO: 3 x 16 */
    {"pvc", "pvc_map", 6},           /* PVC: 6 x 8 */
    {"pvc", "pvc_merge_tile", 6},
    {"pvc", "pvc_group_scan", 6},
    {"ss", "ss_merge_global", 6},    /* SS: 6 x 8 */
    {"ss", "ss_merge_tile", 6},
    {"ms", "ms_sample_ranks", 6},    /* MS: 6 x 8 */
    {"ms", "ms_place_bounds", 6},
};

/* The other kernels of those workloads and of SP, MM, BT and SRAD2, printed
 * for the table in docs/validation.md. */
static const char *const workloads[] = {"scp", "ms", "fwt", "mm", "stn",
                                        "bt",  "pvc", "ss", "histo", "srad2"};

int main(void) {
  for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
    tt_gpu t;
    tt_open(&t, "gtx480", NULL, 0);
    size_t before = st_gpu_kernel_count(t.gpu);
    tt_run_workload(&t, workloads[w], false);
    size_t n = st_gpu_kernel_count(t.gpu);
    for (size_t k = before; k < n; k++) {
      const st_statset *s = st_gpu_kernel_stats(t.gpu, k);
      bool first = true;
      for (size_t j = before; j < k; j++) {
        first = first && strcmp(st_gpu_kernel_stats(t.gpu, j)->name, s->name) != 0;
      }
      if (!first) {
        continue;
      }
      const st_stat *ctas = st_stat_get(s, "ctas_per_sm");
      const st_stat *regs = st_stat_get(s, "regs_per_thread");
      if (ctas == NULL || regs == NULL) {
        tt_expect(s->name, false, "no ctas_per_sm / regs_per_thread statistic");
        continue;
      }
      bool pinned = false;
      for (size_t p = 0; p < sizeof pins / sizeof pins[0]; p++) {
        if (strcmp(pins[p].workload, workloads[w]) == 0 && strcmp(pins[p].kernel, s->name) == 0) {
          char what[256];
          snprintf(what, sizeof what, "%s %s: CTAs per SM (BAWS Table 2)", workloads[w],
                   s->name);
          tt_expect(what, ctas->u == pins[p].ctas_per_sm, "%" PRIu64 ", expected %u (%" PRIu64
                    " registers per thread)", ctas->u, pins[p].ctas_per_sm, regs->u);
          pinned = true;
        }
      }
      if (!pinned) {
        printf("     %s %s: %" PRIu64 " CTAs per SM, %" PRIu64 " registers per thread\n",
               workloads[w], s->name, ctas->u, regs->u);
      }
    }
    tt_close(&t);
  }
  return tt_finish("test_occupancy");
}
