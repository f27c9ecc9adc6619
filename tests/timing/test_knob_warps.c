/* One knob, warps per SM (docs/validation.md §4): cta_scheduler.policy=static
 * with cta_scheduler.limit = 1, 2, 4, 6, 8 CTAs of 6 warps per SM (the
 * register limit stops at 7). micro.cu's latency_mix reads 8 words per
 * thread, spaced a grid apart, with `alu` dependent multiply-adds on each:
 *   - alu 0 (memory-bound): IPC rises by at least 10% at each step up to 6
 *     CTAs; then memory saturates: 8 CTAs (7 fit) within 15% of 6, with
 *     the DRAM bus at least 40% busy: three quarters of the 0.53 that
 *     stream_read keeps it busy at best (docs/validation.md §2); the
 *     full-line stores of the outputs add no fetches on gtx480
 *     (l2.write_validate);
 *   - alu 8: IPC rises by at least 10% at each step up to 6 CTAs (the 8
 *     dependent multiply-adds of a load take 8 x 12 cycles on gtx480, so
 *     more warps are needed to cover them), then within 15% as the DRAM
 *     bus fills.
 * gtx480; tiny (2 CTAs of 192 threads fit its 512) for limits 1, 2. */
#include <stdio.h>

#include "tt_common.h"

typedef struct warp_point {
  double ipc, dram_busy, ctas_per_sm;
} warp_point;

static warp_point run_point(const char *config, unsigned limit, unsigned alu) {
  char lim[64];
  snprintf(lim, sizeof lim, "cta_scheduler.limit=%u", limit);
  const char *ov[] = {"cta_scheduler.policy=static", lim};
  tt_gpu t;
  tt_open(&t, config, ov, 2);
  uint32_t ctas = 16 * (uint32_t)st_config_num_sms(t.cfg), threads = 192, per_thread = 8;
  uint64_t in = tt_alloc(&t, 4ull * ctas * threads * per_thread);
  uint64_t out = tt_alloc(&t, 4ull * ctas * threads);
  st_arg args[] = {ST_ARG_PTR(in), ST_ARG_PTR(out), ST_ARG_U32(per_thread), ST_ARG_U32(alu)};
  tt_run(&t, "latency_mix", st_dim3_make(ctas, 1, 1), st_dim3_make(threads, 1, 1), args, 4);
  warp_point p = {tt_kstat(&t, "ipc"), tt_kstat(&t, "dram.bandwidth_utilization"),
                  tt_kstat(&t, "ctas_per_sm")};
  tt_close(&t);
  printf("     %s alu %u limit %u: %.0f CTAs per SM, IPC %.1f, DRAM bus busy %.3f\n", config,
         alu, limit, p.ctas_per_sm, p.ipc, p.dram_busy);
  return p;
}

static void sweep(const char *config, const unsigned *limits, size_t n, unsigned alu,
                  size_t rising) {
  warp_point p[8];
  for (size_t i = 0; i < n; i++) {
    p[i] = run_point(config, limits[i], alu);
  }
  char what[128];
  for (size_t i = 1; i < n; i++) {
    if (i < rising) {
      snprintf(what, sizeof what, "%s alu %u: IPC, %u CTAs >= 1.1 x %u CTAs", config, alu,
               limits[i], limits[i - 1]);
      tt_expect(what, p[i].ipc >= 1.1 * p[i - 1].ipc, "%.1f vs %.1f", p[i].ipc, p[i - 1].ipc);
    } else {
      snprintf(what, sizeof what, "%s alu %u: IPC, %u CTAs within 15%% of %u (saturated)",
               config, alu, limits[i], limits[i - 1]);
      double r = p[i].ipc / p[i - 1].ipc;
      tt_expect(what, r >= 0.85 && r <= 1.15, "%.1f vs %.1f, DRAM bus busy %.3f", p[i].ipc,
                p[i - 1].ipc, p[i].dram_busy);
    }
  }
  if (rising < n) {
    snprintf(what, sizeof what, "%s alu %u: memory saturated at %u CTAs", config, alu,
             limits[n - 1]);
    tt_expect(what, p[n - 1].dram_busy >= 0.40, "DRAM bus busy %.3f >= 0.40", p[n - 1].dram_busy);
  }
}

int main(void) {
  static const unsigned gtx_limits[] = {1, 2, 4, 6, 8};
  static const unsigned tiny_limits[] = {1, 2};
  sweep("gtx480", gtx_limits, 5, 0, 4);
  sweep("gtx480", gtx_limits, 5, 8, 4);
  sweep("tiny", tiny_limits, 2, 0, 2);
  return tt_finish("test_knob_warps");
}
