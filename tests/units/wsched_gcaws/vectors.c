/* Directed vectors of wsched_gcaws, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.3.3
 * and §7 B-8 (each vector names the part it follows) and, where the spec leaves a detail to
 * the unit, from the unit's header contract (cmodel/src/units/wsched_gcaws/wsched_gcaws.h),
 * which is cited then. No expected value was taken from a model's output.
 *
 * They run on the C model (unit/model/wsched_gcaws) and on the Verilated RTL in lock-step
 * with it (cosim/wsched_gcaws). Their parameters are the bench set "small" of
 * verif/units/wsched_gcaws/builds.cmake: NW=8 AGE_W=4 CRIT_W=6. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_gcaws/wsched_gcaws.h"

/* Age ranks not in index order: w1 oldest, then w3, w5, w0, w7, w2, w6, w4. */
static const uint8_t age8[8] = {3, 0, 5, 1, 7, 2, 6, 4};

/* §1.3.3: "pick the ready warp with the highest criticality counter; ties go to the oldest";
 * then greedy until it cannot issue (B-8: no preemption while it is ready). */
static void vec_gcaws_order(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_gcaws_desc, "small", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  wsched_gcaws_in in;
  const wsched_gcaws_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  memset(in.ready, 1, 8);
  memcpy(in.age, age8, 8);
  /* crit: w6 = 50, w2 = w4 = 40 (tie: w2 is older, age 5 < 6), w0 = 10, the rest 0. */
  in.crit[6] = 50;
  in.crit[2] = 40;
  in.crit[4] = 40;
  in.crit[0] = 10;
  /* No greedy warp yet: most critical first, then by age among equal crit (0: w1, w3, w5,
   * w7 in age order). */
  BV_GRANT_ORDER(u, wsched_gcaws_in, wsched_gcaws_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "gCAWS order by crit, ties by age", ord, n, 6, 2, 4, 0, 1, 3, 5, 7);
  o = bv_eval(u, &in);
  /* key = {not greedy, ~crit (6 bits), age (4 bits)}: w6 = 1<<10 | (63-50)<<4 | 6. */
  BV_EQ(e, o->key[6], (1u << 10) | (13u << 4) | 6u);
  BV_EQ(e, o->key[1], (1u << 10) | (63u << 4) | 0u);
  bv_tick(u); /* w6 issued: greedy */

  /* w6 keeps issuing while it is ready, even when another warp becomes more critical. */
  in.crit[3] = 63;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 6);
  BV_EQ(e, o->key[6], (13u << 4) | 6u);
  bv_tick(u);

  /* w6 stalls: the most critical ready warp (w3, 63) takes over and becomes greedy. */
  in.ready[6] = 0;
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);
  in.ready[6] = 1;
  in.crit[3] = 0; /* its crit drops below all: it stays greedy while ready */
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);

  /* w3 leaves its slot: no greedy warp; w6 (50) first. */
  in.valid[3] = 0;
  in.ready[3] = 0;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 6);
  BV_EQ(e, o->key[3], (1u << 10) | (63u << 4) | age8[3]);
}

/* The extremes of the key: crit 0 and 2^CRIT_W - 1, age 0 and 15; no ready warp. */
static void vec_gcaws_extremes(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_gcaws_desc, "small", NULL);
  if (u == NULL) return;
  wsched_gcaws_in in;
  const wsched_gcaws_out *o;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  in.age[0] = 15;
  in.crit[0] = 63;
  in.age[7] = 0;
  in.crit[7] = 62;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant_valid, 0);
  BV_EQ(e, o->key[0], (1u << 10) | 15u);
  BV_EQ(e, o->key[7], (1u << 10) | (1u << 4));
  in.ready[0] = in.ready[7] = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 0); /* larger crit beats the older warp */
  in.crit[7] = 63;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 7); /* equal crit: the older */
}

const bv_vector ut_vectors_wsched_gcaws[] = {
    {"gcaws_order", vec_gcaws_order},
    {"gcaws_extremes", vec_gcaws_extremes},
    {NULL, NULL},
};
