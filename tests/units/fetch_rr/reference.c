/* fetch_rr's C model against the spec's own pseudo-code (spec/baws.md §1.2:
 * (last_fetched + 1 + i) mod N) on seeded random legal stimulus
 * (tests/units/common/world.c): it must give the unit's grant every cycle.
 * Label "unit" (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/fetch_rr/fetch_rr.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

#define NONE 0xff

/* ---- §1.2 RR fetch ------------------------------------------------------------ */

static void check_frr(const world_cfg *wc, uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  fetch_rr_params p = {.n_warps = (uint8_t)wc->nws};
  fetch_rr_state s;
  fetch_rr_reset(&p, &s);
  unsigned last_fetched = 0, n = wc->nws;
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    fetch_rr_in in;
    fetch_rr_out out;
    memset(&in, 0, sizeof in);
    memcpy(in.eligible, w.fetch_ok, n);
    fetch_rr_eval(&p, &s, &in, &out);
    unsigned want = NONE;
    for (unsigned i = 0; i < n && want == NONE; i++) {
      unsigned j = (last_fetched + 1 + i) % n;
      if (in.eligible[j]) want = j;
    }
    assert_int_equal(out.grant_valid ? out.grant : NONE, want);
    if (want != NONE) last_fetched = want;
    fetch_rr_tick(&p, &s, &in, &out);
    world_end(&w);
  }
}

static void test_fetch_rr_reference(void **state) {
  (void)state;
  check_frr(&W_S, 9);
  check_frr(&W_G, 10);
}

const ut_ctest ut_ctests_fetch_rr[] = {{"spec_reference", test_fetch_rr_reference}, {NULL, NULL}};
