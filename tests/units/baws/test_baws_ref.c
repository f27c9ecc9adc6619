/* The BAWS units' C models against the spec's own pseudo-code, on seeded
 * random legal stimulus (world.c): each reference below is written from the
 * text of spec/baws.md (the section is named) as a sorted list walked in
 * order, independently of the units' composite keys (§1.6), and must give
 * the unit's grant every cycle.
 *   wsched_lrr  §4 LRR: order_lrr from last_issued + 1
 *   wsched_gto  §4 GTO: the greedy warp, then the oldest ready
 *   wsched_mwf  §1.4 order_mwf (both variants)
 *   fetch_rr    §1.2: (last_fetched + 1 + i) mod N
 *   fetch_cff   §1.5 cff_fetch (MWF modes) and its GTO+CFF / LRR variants
 *   wpt         §1.3: the invariant wpt_cnt[b] == popcount(at_bar[b]) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "units/fetch_cff/fetch_cff.h"
#include "units/fetch_rr/fetch_rr.h"
#include "units/wpt/wpt.h"
#include "units/wsched_gto/wsched_gto.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "units/wsched_mwf/wsched_mwf.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_S1 = {16, 1, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

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
}

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

/* ---- §1.5 cff_fetch ------------------------------------------------------------ */

static void check_cff(const world_cfg *wc, unsigned ntb, unsigned cnt_w, unsigned age_w,
                      unsigned mode, unsigned skip, uint64_t seed) {
  world w;
  world_init(&w, wc, seed);
  unsigned n = wc->nws, ns = wc->ns;
  fetch_cff_params p = {.n_warps = (uint8_t)n, .n_sched = (uint8_t)ns, .n_tbs = (uint8_t)ntb,
                        .cnt_w = (uint8_t)cnt_w, .age_w = (uint8_t)age_w, .mode = (uint8_t)mode,
                        .skip_bar = (uint8_t)skip};
  fetch_cff_state s;
  fetch_cff_reset(&p, &s);
  uint8_t tb_last[64], sched_last[16];
  unsigned sm_last = NONE;
  memset(tb_last, NONE, sizeof tb_last);
  memset(sched_last, NONE, sizeof sched_last);
  for (unsigned c = 0; c < CYCLES; c++) {
    world_begin(&w);
    fetch_cff_in in;
    fetch_cff_out out;
    memset(&in, 0, sizeof in);
    for (unsigned i = 0; i < n; i++) {
      in.eligible[i] = w.fetch_ok[i];
      in.at_bar[i] = (uint8_t)(w.resident[i] && !w.exited[i] && w.at_bar[i]);
      in.tb[i] = w.tb[i];
      in.age[i] = w.age[i];
    }
    for (unsigned b = 0; b < ntb; b++) {
      in.cnt[b] = w.counts[b];
      in.tb_launch[b] = w.launch[b];
    }
    for (unsigned k = 0; k < ns; k++) {
      in.issue_valid[k] = w.ev[k] != EV_NONE;
      in.issue_warp[k] = in.issue_valid[k] ? w.ev_warp[k] : 0;
    }
    fetch_cff_eval(&p, &s, &in, &out);
    /* This cycle's issue first (fetch runs after issue, A10); scheduler 1
     * overwrites scheduler 0 (A7); a launch forgets the slot's pointer. */
    for (unsigned b = 0; b < ntb; b++) {
      if (in.tb_launch[b]) tb_last[b] = NONE;
    }
    for (unsigned k = 0; k < ns; k++) {
      if (!in.issue_valid[k]) continue;
      unsigned iw = in.issue_warp[k];
      tb_last[in.tb[iw]] = (uint8_t)iw;
      sched_last[k] = (uint8_t)iw;
      sm_last = iw;
    }
    uint8_t L[64];
    unsigned nl = 0;
    if (mode == CFF_MODE_MWF_LRR || mode == CFF_MODE_MWF_GTO) {
      uint8_t tbs[64];
      rank_tbs(ntb, in.cnt, tbs);
      for (unsigned k = 0; k < ntb; k++) {
        nl += order_within(n, in.tb, tbs[k], mode == CFF_MODE_MWF_GTO, tb_last[tbs[k]], L + nl);
      }
    } else if (mode == CFF_MODE_GTO) {
      /* the greedy warps by age, then every other warp by age */
      for (unsigned pass = 0; pass < 2; pass++) {
        for (unsigned a = 0; a < (1u << age_w); a++) {
          for (unsigned i = 0; i < n; i++) {
            int greedy = 0;
            for (unsigned k = 0; k < ns; k++) greedy |= sched_last[k] == i;
            if (in.age[i] == a && greedy == (pass == 0)) L[nl++] = (uint8_t)i;
          }
        }
      }
    } else {
      unsigned start = sm_last == NONE ? 0 : sm_last + 1;
      for (unsigned i = 0; i < n; i++) L[nl++] = (uint8_t)((start + i) % n);
    }
    unsigned want = NONE;
    for (unsigned i = 0; i < nl && want == NONE; i++) {
      unsigned x = L[i];
      if (in.eligible[x] && !(skip && in.at_bar[x])) want = x;
    }
    if ((out.grant_valid ? out.grant : NONE) != want) {
      fail_msg("CFF mode %u skip %u cycle %u: unit w%d, §1.5 w%u", mode, skip, c,
               out.grant_valid ? out.grant : -1, want);
    }
    fetch_cff_tick(&p, &s, &in, &out);
    world_end(&w);
  }
}

static void test_cff_reference(void **state) {
  (void)state;
  for (unsigned mode = 0; mode < 4; mode++) {
    check_cff(&W_S, 4, 3, 4, mode, 1, 11 + mode);
    check_cff(&W_G, 8, 6, 6, mode, 1, 21 + mode);
  }
  check_cff(&W_S, 4, 3, 4, CFF_MODE_MWF_LRR, 0, 31);
  check_cff(&W_S, 4, 3, 4, CFF_MODE_MWF_GTO, 0, 32);
}

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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lrr_reference),       cmocka_unit_test(test_gto_reference),
      cmocka_unit_test(test_mwf_reference),       cmocka_unit_test(test_fetch_rr_reference),
      cmocka_unit_test(test_cff_reference),       cmocka_unit_test(test_wpt_invariant),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
