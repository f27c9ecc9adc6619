/* One knob, L1 capacity (docs/validation.md §4): a bigger L1 (l1d.size with
 * l1d.sets, 16 -> 32 -> 64 KiB at 4 ways) gives fewer L1 misses, on a
 * pointer chase over 24 KiB (misses every time in 16 KiB, only the cold
 * misses once the L1 holds it) and on the suite's cache-sensitive bfs and kmn
 * (small size; each must still pass its CPU check). gtx480. */
#include <stdio.h>

#include "chase.h"
#include "tt_common.h"

static const char *const sizes[][2] = {
    {"l1d.size=16KiB", "l1d.sets=32"},
    {"l1d.size=32KiB", "l1d.sets=64"},
    {"l1d.size=64KiB", "l1d.sets=128"},
};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static void chase_case(void) {
  double miss[N_SIZES];
  for (size_t i = 0; i < N_SIZES; i++) {
    tt_gpu t;
    tt_open(&t, "gtx480", sizes[i], 2);
    uint64_t line = (uint64_t)t.cfg->l1d.line;
    uint64_t n = 24 * 1024 / line; /* 192 lines */
    chase_result r = chase_run(&t, "chase", n, line, 1, (unsigned)n, 2);
    miss[i] = r.l1_miss;
    tt_close(&t);
  }
  tt_expect("chase 24 KiB: 16 KiB L1 misses every load", miss[0] == 384.0,
            "l1d.global_r.miss %.0f, expected 2 x 192", miss[0]);
  tt_expect("chase 24 KiB: 32 KiB L1 misses less", miss[1] < miss[0], "%.0f < %.0f", miss[1],
            miss[0]);
  tt_expect("chase 24 KiB: 64 KiB L1 misses only the cold lines", miss[2] == 192.0,
            "l1d.global_r.miss %.0f, expected 192", miss[2]);
}

static void workload_case(const char *name) {
  double miss[N_SIZES], cycles[N_SIZES];
  for (size_t i = 0; i < N_SIZES; i++) {
    tt_gpu t;
    tt_open(&t, "gtx480", sizes[i], 2);
    tt_run_workload(&t, name, false);
    miss[i] = tt_runstat(&t, "l1d.misses");
    cycles[i] = tt_runstat(&t, "cycles");
    tt_close(&t);
  }
  char what[128];
  for (size_t i = 1; i < N_SIZES; i++) {
    snprintf(what, sizeof what, "%s: l1d.misses, %s < %s", name, sizes[i][0] + 9,
             sizes[i - 1][0] + 9);
    tt_expect(what, miss[i] < miss[i - 1], "%.0f < %.0f (cycles %.0f, %.0f)", miss[i],
              miss[i - 1], cycles[i], cycles[i - 1]);
  }
}

int main(void) {
  chase_case();
  workload_case("bfs");
  workload_case("kmn");
  return tt_finish("test_knob_l1");
}
