/* wsched_lrr's C model against the spec's own pseudo-code (spec/baws.md
 * §4 LRR: order_lrr from last_issued + 1), written as a list walked in order,
 * independently of the unit's composite keys (§1.6), on seeded random legal
 * stimulus (tests/units/common/world.c): it must give the unit's grant every
 * cycle. Label "unit" (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};
static const world_cfg W_64 = {64, 1, 16, 6, 16, 0};

#define NONE 0xff

/* ---- §4 LRR ------------------------------------------------------------------ */

static void check_lrr(const world_cfg *wc, unsigned nw, unsigned sched, uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  wsched_lrr_params p = {.n_warps = (uint8_t)nw};
  wsched_lrr_state s;
  wsched_lrr_reset(&p, &s);
  unsigned last = NONE;
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    wsched_lrr_in in;
    wsched_lrr_out out;
    memset(&in, 0, sizeof in);
    for (unsigned j = 0; j < nw; j++) in.ready[j] = w.ready[j * wc->ns + sched];
    wsched_lrr_eval(&p, &s, &in, &out);
    /* order_lrr: last+1, last+2, ... wrapping; from warp 0 before any issue */
    unsigned want = NONE, start = last == NONE ? 0 : last + 1;
    for (unsigned i = 0; i < nw && want == NONE; i++) {
      unsigned j = (start + i) % nw;
      if (in.ready[j]) want = j;
    }
    assert_int_equal(out.grant_valid ? out.grant : NONE, want);
    if (want != NONE) last = want;
    wsched_lrr_tick(&p, &s, &in, &out);
    world_end(&w);
  }
}

static void test_lrr_reference(void **state) {
  (void)state;
  check_lrr(&W_S, 8, 1, 1);
  check_lrr(&W_G, 24, 0, 2);
  /* the unit's ready mask, a word of eight warps at a time: one warp, part
   * of a word, whole words, every slot */
  check_lrr(&W_64, 1, 0, 3);
  check_lrr(&W_64, 13, 0, 4);
  check_lrr(&W_64, 32, 0, 5);
  check_lrr(&W_64, 64, 0, 6);
}

const ut_ctest ut_ctests_wsched_lrr[] = {{"spec_reference", test_lrr_reference}, {NULL, NULL}};
