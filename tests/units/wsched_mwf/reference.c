/* wsched_mwf's C model against the spec's own pseudo-code (spec/baws.md
 * §1.4 order_mwf, both variants), written as a sorted list walked in order,
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
#include "units/wsched_mwf/wsched_mwf.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S1 = {16, 1, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

#define NONE 0xff

/* ---- §1.4 order_mwf ---------------------------------------------------------- */

/* The TB ranking of §1.4: count descending, then TB id ascending. */
static void rank_tbs(unsigned ntb, const uint8_t *cnt, uint8_t *order) {
  for (unsigned b = 0; b < ntb; b++) order[b] = (uint8_t)b;
  for (unsigned i = 1; i < ntb; i++) { /* insertion sort, stable */
    uint8_t x = order[i];
    unsigned k = i;
    while (k > 0 && cnt[order[k - 1]] < cnt[x]) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = x;
  }
}

/* The warps W of TB b (ascending ids, among n with tb[]), ordered by the
 * within-TB variant with last-issued pointer p (NONE after launch). */
static unsigned order_within(unsigned n, const uint8_t *tb, unsigned b, unsigned gto, unsigned p,
                             uint8_t *out) {
  uint8_t wl[64];
  unsigned nw = 0;
  for (unsigned j = 0; j < n; j++) {
    if (tb[j] == b) wl[nw++] = (uint8_t)j;
  }
  unsigned k = 0;
  if (gto) {
    /* [p] ++ (W \ {p}), rest oldest (smallest id) first */
    int in_w = 0;
    for (unsigned i = 0; i < nw; i++) in_w |= wl[i] == p;
    if (p != NONE && in_w) out[k++] = (uint8_t)p;
    for (unsigned i = 0; i < nw; i++) {
      if (!(p != NONE && in_w && wl[i] == p)) out[k++] = wl[i];
    }
  } else {
    /* rotate W to start at the successor of p in W (wrapping), or W[0] */
    unsigned start = 0;
    if (p != NONE) {
      start = nw;
      for (unsigned i = 0; i < nw; i++) {
        if (wl[i] > p) {
          start = i;
          break;
        }
      }
      if (start == nw) start = 0;
    }
    for (unsigned i = 0; i < nw; i++) out[k++] = wl[(start + i) % nw];
  }
  return k;
}

static void check_mwf(const world_cfg *wc, unsigned nw, unsigned ntb, unsigned cnt_w,
                      unsigned variant, unsigned sched, uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  wsched_mwf_params p = {.n_warps = (uint8_t)nw, .n_tbs = (uint8_t)ntb, .cnt_w = (uint8_t)cnt_w,
                         .variant = (uint8_t)variant};
  wsched_mwf_state s;
  wsched_mwf_reset(&p, &s);
  uint8_t last[64];
  memset(last, NONE, sizeof last);
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    wsched_mwf_in in;
    wsched_mwf_out out;
    memset(&in, 0, sizeof in);
    for (unsigned j = 0; j < nw; j++) {
      unsigned i = j * wc->ns + sched;
      in.ready[j] = w.ready[i];
      in.tb[j] = w.tb[i];
    }
    for (unsigned b = 0; b < ntb; b++) {
      in.cnt[b] = w.counts[b];
      in.tb_launch[b] = w.launch[b];
    }
    wsched_mwf_eval(&p, &s, &in, &out);
    uint8_t tbs[64], L[64];
    rank_tbs(ntb, in.cnt, tbs);
    unsigned want = NONE;
    for (unsigned k = 0; k < ntb && want == NONE; k++) {
      unsigned n = order_within(nw, in.tb, tbs[k], variant, last[tbs[k]], L);
      for (unsigned i = 0; i < n && want == NONE; i++) {
        if (in.ready[L[i]]) want = L[i];
      }
    }
    if ((out.grant_valid ? out.grant : NONE) != want) {
      fail_msg("MWF variant %u cycle %u: unit w%d, §1.4 w%u", variant, c,
               out.grant_valid ? out.grant : -1, want);
    }
    for (unsigned b = 0; b < ntb; b++) {
      if (in.tb_launch[b]) last[b] = NONE;
    }
    if (want != NONE) last[in.tb[want]] = (uint8_t)want;
    wsched_mwf_tick(&p, &s, &in, &out);
    world_end(&w);
  }
}

static void test_mwf_reference(void **state) {
  (void)state;
  check_mwf(&W_S1, 16, 4, 3, MWF_VARIANT_LRR, 0, 5);
  check_mwf(&W_S1, 16, 4, 3, MWF_VARIANT_GTO, 0, 6);
  check_mwf(&W_G, 24, 8, 6, MWF_VARIANT_LRR, 0, 7);
  check_mwf(&W_G, 24, 8, 6, MWF_VARIANT_GTO, 1, 8);
}

const ut_ctest ut_ctests_wsched_mwf[] = {{"spec_reference", test_mwf_reference}, {NULL, NULL}};
