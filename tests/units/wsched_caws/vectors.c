/* Directed vectors of wsched_caws, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.2.2,
 * §7 C-4..C-6 and §8 item 5 (each vector names the part it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wsched_caws/wsched_caws.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model (unit/model/wsched_caws) and on the Verilated RTL in lock-step with
 * it (cosim/wsched_caws). Their parameters are the bench sets of
 * verif/units/wsched_caws/builds.cmake: "small" NW=8 AGE_W=4 CNT_W=6, resets 40/48/60;
 * "pool48" the same resets over 48 warps; "rr8" every reset 7. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_caws/wsched_caws.h"

/* Age ranks not in index order: w1 oldest, then w3, w5, w0, w7, w2, w6, w4. */
static const uint8_t age8[8] = {3, 0, 5, 1, 7, 2, 6, 4};

/* The header contract: at a launch a warp's counter is its index j (the dissertation's RR
 * starts its counters at 0..47, §1.2.2); its key already uses j in the launch cycle. */
static void launch_all(bv_env *e, bv_unit *u, wsched_caws_in *in, unsigned nw, unsigned age_w) {
  const wsched_caws_out *o;
  memset(in, 0, sizeof *in);
  memset(in->valid, 1, nw);
  memset(in->launch, 1, nw);
  o = bv_eval(u, in);
  BV_EQ(e, o->grant_valid, 0); /* nothing ready yet */
  for (unsigned j = 0; j < nw; j++) {
    BV_EQ(e, o->key[j] >> age_w, j & 63);
  }
  bv_tick(u);
  const wsched_caws_state *s = bv_state(u);
  for (unsigned j = 0; j < nw; j++) {
    BV_EQ(e, s->cnt[j], j);
  }
  memset(in->launch, 0, nw);
}

/* §1.2.2: the warp at the smallest counter issues and takes its level's reset value (40
 * critical, 48 normal, 60 fast [suggest]); every other counter decrements by one. */
static void vec_caws_reset_values(bv_env *e) {
  static const struct {
    uint8_t level;
    uint8_t want;
  } lv[4] = {{CAWS_NORMAL, 48}, {CAWS_CRITICAL, 40}, {CAWS_FAST, 60}, {3, 48}};
  for (unsigned k = 0; k < 4; k++) {
    bv_unit *u = bv_open_set(e, &wsched_caws_desc, "small", NULL);
    if (u == NULL) return;
    wsched_caws_in in;
    launch_all(e, u, &in, 8, 4);
    memcpy(in.age, age8, 8);
    memset(in.ready, 1, 8);
    in.level[0] = lv[k].level;
    const wsched_caws_out *o = bv_step(u, &in);
    BV_EQ(e, o->grant_valid, 1);
    BV_EQ(e, o->grant, 0); /* counter 0, although w1 is older */
    const wsched_caws_state *s = bv_state(u);
    BV_EQ(e, s->cnt[0], lv[k].want);
    for (unsigned j = 1; j < 8; j++) {
      BV_EQ(e, s->cnt[j], j - 1);
    }
    bv_close(u);
  }
}

/* §7 C-6: when the smallest counter's warp is not ready, the ready warp with the smallest
 * counter issues; ties (equal counters) go to the oldest (age rank 0); counters saturate at
 * 0 (§1.2.2 "max(0, cnt - 1)"). */
static void vec_caws_ties_and_saturation(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_caws_desc, "small", NULL);
  if (u == NULL) return;
  wsched_caws_in in;
  const wsched_caws_out *o;
  launch_all(e, u, &in, 8, 4);
  memcpy(in.age, age8, 8);
  /* Only w6 (counter 6) is ready for 7 cycles: it issues every cycle, the others count down
   * to 0 and stay there: w1 reaches 0 after one issue, w7 after seven. */
  in.ready[6] = 1;
  for (unsigned c = 0; c < 7; c++) {
    o = bv_step(u, &in);
    BV_EQ(e, o->grant, 6);
  }
  const wsched_caws_state *s = bv_state(u);
  for (unsigned j = 0; j < 8; j++) {
    BV_EQ(e, s->cnt[j], j == 6 ? 48 : 0);
  }
  /* Two more issues of w6: every other counter stays at 0 (saturation, no wrap to 63). */
  o = bv_step(u, &in);
  o = bv_step(u, &in);
  s = bv_state(u);
  BV_EQ(e, s->cnt[0], 0);
  BV_EQ(e, s->cnt[7], 0);
  BV_EQ(e, s->cnt[6], 48);
  /* All ready, all but w6 at 0: the oldest (w1, age 0) first, then w3, w5, w0, w7, w2, w4
   * (age order; w6 is at 48). */
  memset(in.ready, 1, 8);
  uint8_t ord[64];
  unsigned n;
  BV_GRANT_ORDER(u, wsched_caws_in, wsched_caws_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "equal counters: oldest first", ord, n, 1, 3, 5, 0, 7, 2, 4, 6);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 1);
  s = bv_state(u);
  BV_EQ(e, s->cnt[1], 48);
  BV_EQ(e, s->cnt[6], 47);
  BV_EQ(e, s->cnt[3], 0);
  /* The extremes of the key: counter 48 with age 15 and 0 with age 0. */
  in.age[6] = 15;
  o = bv_eval(u, &in);
  BV_EQ(e, o->key[6], (47u << 4) | 15u);
  BV_EQ(e, o->key[3], 0u << 4 | age8[3]);
}

/* §7 C-6: no counter changes on a cycle without an issue. */
static void vec_caws_idle_cycle(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_caws_desc, "small", NULL);
  if (u == NULL) return;
  wsched_caws_in in;
  launch_all(e, u, &in, 8, 4);
  memcpy(in.age, age8, 8);
  in.ready[2] = 1;
  bv_step(u, &in); /* w2 issues: 48; w0 0, w1 0, w3 2 ... */
  memset(in.ready, 0, 8);
  wsched_caws_state before;
  memcpy(&before, bv_state(u), sizeof before);
  for (unsigned c = 0; c < 5; c++) {
    const wsched_caws_out *o = bv_step(u, &in);
    BV_EQ(e, o->grant_valid, 0);
  }
  const wsched_caws_state *s = bv_state(u);
  BV_EQ(e, s->cnt[2], 48);
  for (unsigned j = 0; j < 8; j++) {
    BV_EQ(e, s->cnt[j], before.cnt[j]);
  }
  /* A TB placed again in slots 4..7 (launch): their counters restart from 4..7, the key of
   * the launch cycle shows them already. */
  in.launch[4] = in.launch[5] = in.launch[6] = in.launch[7] = 1;
  const wsched_caws_out *o = bv_eval(u, &in);
  BV_EQ(e, o->key[5], (5u << 4) | age8[5]);
  bv_tick(u);
  s = bv_state(u);
  BV_EQ(e, s->cnt[4], 4);
  BV_EQ(e, s->cnt[7], 7);
  BV_EQ(e, s->cnt[2], 48);
}

/* §1.2.2, §7 C-5: with every reset value NW - 1 the counters are a round robin: all warps
 * always ready, the grants go 0, 1, ..., 7, 0, 1, ... whatever the ages. */
static void vec_caws_rr_emulation(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_caws_desc, "rr8", NULL);
  if (u == NULL) return;
  wsched_caws_in in;
  launch_all(e, u, &in, 8, 4);
  memcpy(in.age, age8, 8);
  memset(in.ready, 1, 8);
  for (unsigned c = 0; c < 40; c++) {
    const wsched_caws_out *o = bv_step(u, &in);
    BV_EQ(e, o->grant, c % 8);
  }
}

/* §8 item 5 and §1.2.2: in the dissertation's pool of 48 warps, all always ready, a boosted
 * warp (reset 40) gets 48 / 40 = 1.2x the issue slots of a normal warp (reset 48). */
static void vec_caws_boost_share(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_caws_desc, "pool48", NULL);
  if (u == NULL) return;
  wsched_caws_in in;
  launch_all(e, u, &in, 48, 6);
  for (unsigned j = 0; j < 48; j++) {
    in.age[j] = (uint8_t)j;
  }
  memset(in.ready, 1, 48);
  in.level[5] = CAWS_CRITICAL;
  unsigned issued[48] = {0};
  const unsigned cycles = 48 * 40 * 20;
  for (unsigned c = 0; c < cycles; c++) {
    const wsched_caws_out *o = bv_step(u, &in);
    if (o->grant_valid && o->grant < 48) issued[o->grant]++;
  }
  unsigned normal = 0;
  for (unsigned j = 0; j < 48; j++) {
    normal += j != 5 ? issued[j] : 0;
  }
  /* issued[5] / (normal / 47) within 1.2 +- 0.01 */
  unsigned long lhs = 1000ul * issued[5] * 47;
  BV_CHECK(e, lhs >= 1190ul * normal && lhs <= 1210ul * normal,
           "boosted warp %u issues, normal warps %u in all (47 warps): share %.3f, want 1.2",
           issued[5], normal, (double)issued[5] * 47.0 / (double)normal);
}

const bv_vector ut_vectors_wsched_caws[] = {
    {"caws_reset_values", vec_caws_reset_values},
    {"caws_ties_and_saturation", vec_caws_ties_and_saturation},
    {"caws_idle_cycle", vec_caws_idle_cycle},
    {"caws_rr_emulation", vec_caws_rr_emulation},
    {"caws_boost_share", vec_caws_boost_share},
    {NULL, NULL},
};
