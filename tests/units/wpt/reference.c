/* wpt's C model against the spec (spec/baws.md §1.3): on seeded random legal
 * stimulus (tests/units/common/world.c) the invariant
 * wpt_cnt[b] == popcount(at_bar[b]) holds every cycle. Label "unit"
 * (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/wpt/wpt.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

#define NONE 0xff

/* ---- §1.3 WPT invariant ------------------------------------------------------- */

static void check_wpt(const world_cfg *wc, unsigned cnt_w, uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  wpt_params p = {.n_tbs = (uint8_t)wc->ntb, .n_sched = (uint8_t)wc->ns, .cnt_w = (uint8_t)cnt_w,
                  .count_exited = 0};
  wpt_state s;
  wpt_reset(&p, &s);
  unsigned releases = 0;
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    wpt_in in;
    wpt_out out;
    world_wpt_in(&w, &in);
    wpt_eval(&p, &s, &in, &out);
    for (unsigned b = 0; b < wc->ntb; b++) {
      if (out.cnt[b] != world_waiting(&w, b)) {
        fail_msg("WPT cycle %u TB%u: count %u, %u warps waiting", c, b, out.cnt[b],
                 world_waiting(&w, b));
      }
    }
    for (unsigned k = 0; k < wc->ns; k++) releases += in.arr_rel[k] + in.exit_rel[k];
    wpt_tick(&p, &s, &in, &out);
    world_end(&w);
  }
  assert_true(releases > 100);
}

static void test_wpt_invariant(void **state) {
  (void)state;
  check_wpt(&W_S, 3, 41); /* TBs of at most 8 warps: counts <= 7 fit 3 bits */
  check_wpt(&W_G, 6, 42);
}

const ut_ctest ut_ctests_wpt[] = {{"spec_reference", test_wpt_invariant}, {NULL, NULL}};
