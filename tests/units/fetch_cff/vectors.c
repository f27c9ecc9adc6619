/* Directed vectors of fetch_cff, derived by hand from spec/baws.md §1.5, §1.6, §7 A7-A10 (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/fetch_cff/fetch_cff.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/fetch_cff, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/fetch_cff,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/fetch_cff/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/fetch_cff/fetch_cff.h"
#include "units/wsched_mwf/wsched_mwf.h"

/* ---- fetch_cff: spec §1.5, §1.6, §7 A7-A10 -------------------------------- */

/* The bench sets: NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 in every MODE, and MWF(LRR)
 * without the barrier skip. */
static const char *cff_set(unsigned mode, unsigned skip) {
  switch (mode) {
  case CFF_MODE_LRR: return "lrr";
  case CFF_MODE_GTO: return "gto";
  case CFF_MODE_MWF_LRR: return skip ? "mwf_lrr" : "mwf_lrr_noskip";
  default: return "mwf_gto";
  }
}

static void cff_clear_issue(fetch_cff_in *in) {
  memset(in->issue_valid, 0, sizeof in->issue_valid);
  memset(in->issue_warp, 0, sizeof in->issue_warp);
}

static void cff_issue(fetch_cff_in *in, unsigned sched, unsigned warp) {
  in->issue_valid[sched] = 1;
  in->issue_warp[sched] = (uint8_t)warp;
}

/* The Fig. 7 state seen by the fetch arbiter: TB0 = w0..w3, ..., pointers
 * TB0 = w0, TB1 = w7, TB2 = w9 (w9 issued before it reached the barrier),
 * WPT {1, 2, 3, 0}, waiting w2, w5, w7, w9, w10, w11; every I-buffer of
 * w0..w11 empty. */
static void cff_fig7_setup(bv_env *e, bv_unit *u, fetch_cff_in *in) {
  const fetch_cff_out *o;
  memset(in, 0, sizeof *in);
  for (unsigned i = 0; i < 16; i++) in->tb[i] = (uint8_t)(i / 4);
  cff_issue(in, 0, 0);
  cff_issue(in, 1, 9);
  o = bv_step(u, in);
  BV_EQ(e, o->grant_valid, 0);
  cff_clear_issue(in);
  cff_issue(in, 1, 7);
  bv_step(u, in);
  cff_clear_issue(in);
  const fetch_cff_state *s = bv_state(u);
  BV_EQ(e, s->tb_last[0], 0);
  BV_EQ(e, s->tb_last[1], 7);
  BV_EQ(e, s->tb_last[2], 9);
  BV_EQ(e, s->tb_last_valid[3], 0);
  in->cnt[0] = 1;
  in->cnt[1] = 2;
  in->cnt[2] = 3;
  BV_SET(in->at_bar, 2, 5, 7, 9, 10, 11);
  memset(in->eligible, 1, 12);
}

/* CFF fetches in the order MWF issues (§1.5), skipping the warps that wait
 * at a barrier (A8): the Fig. 7 order w8, w4, w6, w1, w3, w0 (TB2 after w9:
 * w10, w11 wait, so w8). Without the skip (SKIP_BAR=0) the top TB's waiting
 * warps come first. */
static void vec_cff_fig7(bv_env *e) {
  for (unsigned skip = 0; skip < 2; skip++) {
    bv_unit *u = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_MWF_LRR, skip), NULL);
    if (u == NULL) return;
    bv_expect_reset_zero(e, u);
    fetch_cff_in in;
    uint8_t ord[64];
    unsigned n;
    cff_fig7_setup(e, u, &in);
    BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
    if (skip) {
      BV_ORDER_IS(e, "CFF fetch order = Fig. 7 issue order", ord, n, 8, 4, 6, 1, 3, 0);
    } else {
      BV_ORDER_IS(e, "CFF without the barrier skip", ord, n, 10, 11, 8, 9, 4, 5, 6, 7, 1, 2, 3, 0);
    }
    bv_close(u);
  }
}

/* A10: fetch runs after issue and uses this cycle's pointers: s0 issuing
 * w4 makes TB1's order w5 (waits), w6, w7 (waits), w4, so CFF fetches for w6
 * in the same cycle (the registered pointer, w7, would give w4). A7: when
 * both schedulers issue warps of one TB in a cycle, the later one (s1)
 * sets the SM-level pointer. */
static void vec_cff_post_issue(bv_env *e) {
  bv_unit *u = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_MWF_LRR, 1), NULL);
  if (u == NULL) return;
  fetch_cff_in in;
  const fetch_cff_out *o;
  cff_fig7_setup(e, u, &in);
  memset(in.eligible, 0, 16);
  BV_SET(in.eligible, 4, 6);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 4); /* no issue this cycle: after w7 comes w4 */
  cff_issue(&in, 0, 4);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 6);
  BV_EQ(e, ((const fetch_cff_state *)bv_state(u))->tb_last[1], 4);

  /* TB0 (count 1) alone eligible: s0 issues w0 and s1 issues w1. */
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  BV_SET(in.eligible, 0, 1, 3);
  cff_issue(&in, 0, 0);
  cff_issue(&in, 1, 1);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3); /* after w1: w2 waits, w3 */
  BV_EQ(e, ((const fetch_cff_state *)bv_state(u))->tb_last[0], 1);
}

/* §1.5: CFF fetches for the warp that MWF will issue next. The issue policy
 * is a wsched_mwf (one scheduler over the 16 warps); its grant of cycle t
 * is CFF's issue input in cycle t, CFF's candidates are the warps ready in
 * cycle t+1, and CFF's grant in t must be MWF's grant in t+1. WPT counts
 * {0, 2, 1, 0} throughout. */
static void vec_cff_follows_mwf(bv_env *e) {
  /* wsched_mwf's bench set "lrr": one scheduler, NW=16 NTB=4 CNT_W=3. */
  bv_unit *m = bv_open_set(e, &wsched_mwf_desc, "lrr", NULL);
  bv_unit *c = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_MWF_LRR, 1), NULL);
  if (m == NULL || c == NULL) return;
  static const uint8_t ready[6][16] = {
      {[0] = 1},
      {[5] = 1, [6] = 1, [9] = 1},
      {[1] = 1, [5] = 1, [6] = 1, [9] = 1},
      {[4] = 1, [6] = 1, [8] = 1},
      {[1] = 1, [4] = 1, [8] = 1},
      {[2] = 1, [8] = 1},
  };
  /* By hand (§1.4): TB1 (count 2) first, round robin in it from the lowest
   * (no last issued), then TB2 (count 1), then TB0/TB3. */
  static const uint8_t want_issue[6] = {0, 5, 6, 4, 4, 8};
  wsched_mwf_in mi;
  fetch_cff_in ci;
  memset(&mi, 0, sizeof mi);
  memset(&ci, 0, sizeof ci);
  for (unsigned j = 0; j < 16; j++) {
    mi.tb[j] = (uint8_t)(j / 4);
    ci.tb[j] = (uint8_t)(j / 4);
  }
  mi.cnt[1] = ci.cnt[1] = 2;
  mi.cnt[2] = ci.cnt[2] = 1;
  for (unsigned t = 0; t < 6; t++) {
    memcpy(mi.ready, ready[t], 16);
    const wsched_mwf_out *mo = bv_eval(m, &mi);
    unsigned g = mo->grant_valid ? mo->grant : 99;
    BV_EQ(e, g, want_issue[t]);
    bv_tick(m);
    if (t + 1 < 6) {
      cff_clear_issue(&ci);
      cff_issue(&ci, 0, g);
      memcpy(ci.eligible, ready[t + 1], 16);
      const fetch_cff_out *co = bv_step(c, &ci);
      BV_EQ(e, co->grant_valid, 1);
      bv_check(e, __FILE__, __LINE__, co->grant == want_issue[t + 1],
               "CFF fetches MWF's next warp", "cycle %u: CFF w%u, MWF next w%u", t, co->grant,
               want_issue[t + 1]);
    }
  }
}

/* §1.4 MWF(GTO) in CFF (MODE 3): the TB's last issued warp first, then the
 * oldest (smallest id). A4: a TB launch forgets the slot's pointer, in the
 * launch cycle already. */
static void vec_cff_mwf_gto_launch(bv_env *e) {
  bv_unit *u = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_MWF_GTO, 1), NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  fetch_cff_in in;
  const fetch_cff_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  for (unsigned i = 0; i < 16; i++) in.tb[i] = (uint8_t)(i / 4);
  in.cnt[1] = 1;
  cff_issue(&in, 1, 7);
  bv_step(u, &in);
  cff_clear_issue(&in);
  cff_issue(&in, 0, 6);
  BV_SET(in.eligible, 4, 6, 7, 0);
  BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "CFF MWF(GTO): greedy w6, then oldest of TB1, then TB0", ord, n, 6, 4, 7, 0);
  bv_step(u, &in);
  cff_clear_issue(&in);
  /* Slot 1 gets a new TB: no greedy warp, from the smallest id. */
  in.tb_launch[1] = 1;
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 4);
  BV_EQ(e, ((const fetch_cff_state *)bv_state(u))->tb_last_valid[1], 0);
}

/* §1.5 [suggest] GTO+CFF (MODE 1): the schedulers' greedy warps by age,
 * then every other warp by age. */
static void vec_cff_gto(bv_env *e) {
  bv_unit *u = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_GTO, 1), NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  fetch_cff_in in;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  for (unsigned i = 0; i < 16; i++) in.age[i] = (uint8_t)((i * 5) % 16); /* w0 oldest, w13 next */
  cff_issue(&in, 0, 4); /* age 4 */
  cff_issue(&in, 1, 9); /* age 13 */
  BV_SET(in.eligible, 4, 9, 0, 13);
  BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "GTO+CFF: greedy w4, w9, then w0, w13 by age", ord, n, 4, 9, 0, 13);
  bv_step(u, &in);
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  BV_SET(in.eligible, 9, 13);
  BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "GTO+CFF: the greedy warps stay greedy", ord, n, 9, 13);
  cff_issue(&in, 1, 13); /* s1's greedy warp becomes w13 */
  BV_SET(in.eligible, 0);
  BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "GTO+CFF: greedy w13 (age 1), then w0, w9", ord, n, 13, 0, 9);
}

/* LRR+CFF (MODE 0, §1.5 [suggest] the issue policy's own order): round
 * robin after the warp the SM issued last (a later scheduler's issue wins
 * in a cycle, A7). */
static void vec_cff_lrr(bv_env *e) {
  bv_unit *u = bv_open_set(e, &fetch_cff_desc, cff_set(CFF_MODE_LRR, 1), NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  fetch_cff_in in;
  const fetch_cff_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  BV_SET(in.eligible, 3, 7);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 3); /* nothing issued yet: from w0 */
  memset(in.eligible, 0, 16);
  BV_SET(in.eligible, 2, 5, 7);
  cff_issue(&in, 0, 3);
  cff_issue(&in, 1, 6);
  BV_GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "LRR+CFF after w6", ord, n, 7, 2, 5);
  bv_step(u, &in);
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  BV_SET(in.eligible, 2, 5);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 2); /* after w6: w7..w15, w0, w1, w2 */
  /* A warp waiting at a barrier is never fetched for (A8). */
  in.at_bar[2] = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 5);
}

const bv_vector ut_vectors_fetch_cff[] = {
    {"cff_fig7_skip_barrier", vec_cff_fig7},
    {"cff_post_issue", vec_cff_post_issue},
    {"cff_follows_mwf", vec_cff_follows_mwf},
    {"cff_mwf_gto_launch", vec_cff_mwf_gto_launch},
    {"cff_gto", vec_cff_gto},
    {"cff_lrr", vec_cff_lrr},
    {NULL, NULL},
};
