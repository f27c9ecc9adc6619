/* Directed vectors of wsched_mwf, derived by hand from spec/baws.md §1.4, §1.7, §7 A4, Fig. 7 / Table 1 (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wsched_mwf/wsched_mwf.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/wsched_mwf, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/wsched_mwf,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/wsched_mwf/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_mwf/wsched_mwf.h"

/* ---- wsched_mwf: spec §1.4 (rules 1-4), Fig. 7 / Table 1 ------------------ */

/* The bench sets "lrr" and "gto": NW=16 NTB=4 CNT_W=3, VARIANT 0 and 1. */
static const char *mwf_set(unsigned variant) {
  return variant == MWF_VARIANT_LRR ? "lrr" : "gto";
}

/* Fig. 7: TB0 = w0..w3, TB1 = w4..w7, TB2 = w8..w11 (and TB3 = w12..w15 for
 * the tie variant), one scheduler. Last issued: w0 in TB0, w7 in TB1. */
static void mwf_fig7_setup(bv_env *e, bv_unit *u, wsched_mwf_in *in) {
  const wsched_mwf_out *o;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < 16; j++) in->tb[j] = (uint8_t)(j / 4);
  in->ready[0] = 1;
  o = bv_step(u, in);
  BV_EQ(e, o->grant, 0);
  in->ready[0] = 0;
  in->ready[7] = 1;
  o = bv_step(u, in);
  BV_EQ(e, o->grant, 7);
  in->ready[7] = 0;
}

static void vec_mwf_fig7(bv_env *e, unsigned variant) {
  bv_unit *u = bv_open_set(e, &wsched_mwf_desc, mwf_set(variant), NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  wsched_mwf_in in;
  uint8_t ord[64];
  unsigned n;
  mwf_fig7_setup(e, u, &in);
  const wsched_mwf_state *s = bv_state(u);
  BV_EQ(e, s->last_valid[0], 1);
  BV_EQ(e, s->last[0], 0);
  BV_EQ(e, s->last_valid[1], 1);
  BV_EQ(e, s->last[1], 7);
  BV_EQ(e, s->last_valid[2], 0);

  /* WPT = {TB0: 1 (w2), TB1: 2 (w5, w7), TB2: 3 (w9, w10, w11)}; the six
   * runnable warps w0, w1, w3, w4, w6, w8. */
  in.cnt[0] = 1;
  in.cnt[1] = 2;
  in.cnt[2] = 3;
  BV_SET(in.ready, 0, 1, 3, 4, 6, 8);
  BV_GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  if (variant == MWF_VARIANT_LRR) {
    /* Fig. 7: w8, w4, w6, w1, w3, w0. */
    BV_ORDER_IS(e, "Fig. 7 MWF(LRR) issue order", ord, n, 8, 4, 6, 1, 3, 0);
  } else {
    /* §1.4 rule 3 MWF(GTO): TB1's last issued w7 waits, so TB1 oldest
     * first (w4, w6); TB0's last issued w0 first, then w1, w3. */
    BV_ORDER_IS(e, "Fig. 7 MWF(GTO) issue order", ord, n, 8, 4, 6, 0, 1, 3);
  }
  /* key = {CMAX - cnt, tb, rank}: w8 has cnt 3 (7-3 = 4), tb 2, and TB2 no
   * last issued warp (rank = its index 8 in either variant, +1 for GTO). */
  const wsched_mwf_out *o = bv_eval(u, &in);
  unsigned rw = variant == MWF_VARIANT_LRR ? 4 : 5;
  BV_EQ(e, o->key[8], ((((7u - 3u) << 2) | 2u) << rw) | (variant == MWF_VARIANT_LRR ? 8u : 9u));

  /* Tie variant: TB3 also has 2 waiting (w14, w15): TB1 before TB3 (rule 2,
   * smaller TB id); TB3 has no last issued warp, so w12 then w13. */
  in.cnt[3] = 2;
  BV_SET(in.ready, 12, 13);
  BV_GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  if (variant == MWF_VARIANT_LRR) {
    BV_ORDER_IS(e, "Fig. 7 tie variant, MWF(LRR)", ord, n, 8, 4, 6, 12, 13, 1, 3, 0);
  } else {
    BV_ORDER_IS(e, "Fig. 7 tie variant, MWF(GTO)", ord, n, 8, 4, 6, 12, 13, 0, 1, 3);
  }
  /* Issuing the head moves only TB2's pointer. */
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 8);
  BV_EQ(e, s->last_valid[2], 1);
  BV_EQ(e, s->last[2], 8);
  BV_EQ(e, s->last[1], 7);
  BV_EQ(e, s->last[0], 0);
}

static void vec_mwf_fig7_lrr(bv_env *e) { vec_mwf_fig7(e, MWF_VARIANT_LRR); }
static void vec_mwf_fig7_gto(bv_env *e) { vec_mwf_fig7(e, MWF_VARIANT_GTO); }

/* §1.7: no warp waiting anywhere (all counts 0): smallest TB id first. §7
 * A4: a TB launched into a slot starts with no last-issued warp. */
static void vec_mwf_no_barrier_and_launch(bv_env *e) {
  for (unsigned variant = 0; variant < 2; variant++) {
    bv_unit *u = bv_open_set(e, &wsched_mwf_desc, mwf_set(variant), NULL);
    if (u == NULL) return;
    wsched_mwf_in in;
    const wsched_mwf_out *o;
    uint8_t ord[64];
    unsigned n;
    memset(&in, 0, sizeof in);
    for (unsigned j = 0; j < 16; j++) in.tb[j] = (uint8_t)(j / 4);
    BV_SET(in.ready, 14, 9, 5);
    BV_GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
    BV_ORDER_IS(e, "no barrier: TB id order", ord, n, 5, 9, 14);

    /* w5 issues: TB1's pointer is w5. */
    o = bv_step(u, &in);
    BV_EQ(e, o->grant, 5);
    memset(in.ready, 0, 16);
    BV_SET(in.ready, 4, 6);
    o = bv_eval(u, &in);
    /* LRR: after w5 comes w6; GTO: w5 stalled, the oldest, w4. */
    BV_EQ(e, o->grant, variant == MWF_VARIANT_LRR ? 6 : 4);
    /* A new TB is placed in slot 1 (nothing issues this cycle). */
    memset(in.ready, 0, 16);
    in.tb_launch[1] = 1;
    o = bv_step(u, &in);
    BV_EQ(e, o->grant_valid, 0);
    BV_EQ(e, ((const wsched_mwf_state *)bv_state(u))->last_valid[1], 0);
    in.tb_launch[1] = 0;
    BV_SET(in.ready, 4, 6);
    o = bv_eval(u, &in);
    BV_EQ(e, o->grant, 4); /* no last issued warp: from the lowest */
    bv_close(u);
  }
}

const bv_vector ut_vectors_wsched_mwf[] = {
    {"mwf_fig7_lrr", vec_mwf_fig7_lrr},
    {"mwf_fig7_gto", vec_mwf_fig7_gto},
    {"mwf_no_barrier_launch", vec_mwf_no_barrier_and_launch},
    {NULL, NULL},
};
