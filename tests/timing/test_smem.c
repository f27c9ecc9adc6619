/* Shared-memory bank conflicts (docs/validation.md §3): one warp walks a
 * dependent chain of ld.shared in which lane l reads words whose bank is
 * (l * stride) mod banks (micro.cu: smem_chase). A load takes one pass per
 * distinct word in its busiest bank (P), so the time per step grows by one
 * cycle per extra pass, and a broadcast (stride 0: every lane reads one
 * word) costs one pass.
 *
 *   step = P + sm.shared_latency + 1         the load: issue, operand read,
 *                                            P passes, then the latency
 *        + 2 x (1 + int_add.latency + sm.result_latency + passes - 1)
 *                                            shl and add form the next address
 *   passes = warp_size / simd_width (an ALU op of a narrow SIMD takes longer)
 *
 * Tolerance: 0.25 cycles (the loop's own add/setp/bra per 16 steps), 1.5 on
 * a narrow SIMD where that loop overhead is 8-cycle ALU steps.
 * The statistic sm.shared_bank_conflicts must equal (P - 1) per access.
 *
 *   test_smem [CONFIG...]        (default: gtx480 tiny k20c dyncta30) */
#include <stdio.h>
#include <string.h>

#include "tt_common.h"

#define ITERS 256u

/* Passes of a warp-wide access in which lane l reads word l * stride: the
 * most distinct words any bank holds. */
static unsigned expected_passes(unsigned stride, unsigned banks) {
  unsigned worst = 1;
  for (unsigned b = 0; b < banks; b++) {
    unsigned words = 0;
    for (unsigned l = 0; l < 32; l++) {
      unsigned w = l * stride;
      bool seen = false;
      for (unsigned k = 0; k < l; k++) {
        seen = seen || k * stride == w;
      }
      words += !seen && w % banks == b;
    }
    worst = words > worst ? words : worst;
  }
  return worst;
}

static double expected_step(const st_config *c, unsigned passes) {
  double alu_passes = (double)c->sm.warp_size / (double)c->sm.simd_width;
  double alu = 1.0 + (double)c->sm.op.int_add.latency + (double)c->sm.result_latency +
               alu_passes - 1.0;
  return (double)passes + (double)c->sm.shared_latency + 1.0 + 2.0 * alu;
}

static void run_config(const char *config) {
  static const unsigned strides[] = {0, 1, 2, 4, 8, 32, 33};
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  double tol = c->sm.simd_width == c->sm.warp_size ? 0.25 : 1.5;
  double broadcast = 0.0;
  for (size_t i = 0; i < sizeof strides / sizeof strides[0]; i++) {
    unsigned stride = strides[i];
    uint64_t times = tt_alloc(&t, 16), sink = tt_alloc(&t, 128);
    st_arg args[] = {ST_ARG_U32(stride), ST_ARG_U32(ITERS), ST_ARG_PTR(times), ST_ARG_PTR(sink)};
    tt_run(&t, "smem_chase", st_dim3_make(1, 1, 1), st_dim3_make(32, 1, 1), args, 4);
    uint64_t cycles[2];
    tt_get(&t, cycles, times, sizeof cycles);
    double step = (double)cycles[1] / ITERS;
    unsigned p = expected_passes(stride, (unsigned)c->sm.shared_banks);
    char what[128];
    snprintf(what, sizeof what, "%s: stride %2u (%2u-way), cycles per load", config, stride, p);
    tt_expect_near(what, step, expected_step(c, p), tol);
    if (stride == 0) {
      broadcast = step;
    } else {
      snprintf(what, sizeof what, "%s: stride %2u, extra cycles over a broadcast", config,
               stride);
      tt_expect_near(what, step - broadcast, (double)(p - 1), tol);
    }
    /* Two walks of ITERS loads plus the two stores that set the words up. */
    double accesses = 2.0 * ITERS + 2.0;
    snprintf(what, sizeof what, "%s: stride %2u, sm.shared_bank_conflicts", config, stride);
    double got = tt_kstat(&t, "sm.shared_bank_conflicts");
    tt_expect(what, got == (double)(p - 1) * accesses, "%.0f, expected (%u - 1) x %.0f", got, p,
              accesses);
  }
  tt_close(&t);
}

int main(int argc, char **argv) {
  const char *defaults[] = {"gtx480", "tiny", "k20c", "dyncta30"};
  const char *const *configs = argc > 1 ? (const char *const *)argv + 1 : defaults;
  int n = argc > 1 ? argc - 1 : 4;
  for (int i = 0; i < n; i++) {
    run_config(configs[i]);
  }
  return tt_finish("test_smem");
}
