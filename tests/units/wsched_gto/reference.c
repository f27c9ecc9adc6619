/* wsched_gto's C model against the spec's own pseudo-code (spec/baws.md
 * §4 GTO: the greedy warp, then the oldest ready), written as a list walked
 * in order, independently of the unit's composite keys (§1.6), on seeded
 * random legal stimulus (tests/units/common/world.c): it must give the unit's
 * grant every cycle. Label "unit" (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/wsched_gto/wsched_gto.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

#define NONE 0xff

/* ---- §4 GTO ------------------------------------------------------------------ */

static void check_gto(const world_cfg *wc, unsigned nw, unsigned age_w, unsigned sched,
                      uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  wsched_gto_params p = {.n_warps = (uint8_t)nw, .age_w = (uint8_t)age_w};
  wsched_gto_state s;
  wsched_gto_reset(&p, &s);
  unsigned greedy = NONE;
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    wsched_gto_in in;
    wsched_gto_out out;
    memset(&in, 0, sizeof in);
    for (unsigned j = 0; j < nw; j++) {
      unsigned i = j * wc->ns + sched;
      in.valid[j] = w.resident[i];
      in.ready[j] = w.ready[i];
      in.age[j] = w.age[i];
    }
    wsched_gto_eval(&p, &s, &in, &out);
    /* keep issuing the greedy warp while it is ready, else the oldest */
    unsigned want = NONE;
    if (greedy != NONE && in.valid[greedy] && in.ready[greedy]) {
      want = greedy;
    } else {
      for (unsigned j = 0; j < nw; j++) {
        if (in.ready[j] && (want == NONE || in.age[j] < in.age[want])) want = j;
      }
    }
    assert_int_equal(out.grant_valid ? out.grant : NONE, want);
    if (want != NONE) greedy = want;
    wsched_gto_tick(&p, &s, &in, &out);
    world_end(&w);
  }
}

static void test_gto_reference(void **state) {
  (void)state;
  check_gto(&W_S, 8, 4, 0, 3);
  check_gto(&W_G, 24, 6, 1, 4);
}

const ut_ctest ut_ctests_wsched_gto[] = {{"spec_reference", test_gto_reference}, {NULL, NULL}};
