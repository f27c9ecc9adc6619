/* fetch_cff's C model against the spec's own pseudo-code (spec/baws.md §1.5
 * cff_fetch in the MWF modes, and its GTO+CFF and LRR variants), written as a
 * sorted list walked in order, independently of the unit's composite keys
 * (§1.6), on seeded random legal stimulus (tests/units/common/world.c): it
 * must give the unit's grant every cycle. Label "unit" (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/fetch_cff/fetch_cff.h"
#include "world.h"

#define CYCLES 10000

static const world_cfg W_S = {16, 2, 4, 3, 8, 0};
static const world_cfg W_G = {48, 2, 8, 6, 16, 0};

#define NONE 0xff

/* ---- §1.5 cff_fetch ------------------------------------------------------------ */

/* §1.5 fetches in MWF's issue order (§1.4), restated as in wsched_mwf's
 * reference. */
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

const ut_ctest ut_ctests_fetch_cff[] = {{"spec_reference", test_cff_reference}, {NULL, NULL}};
