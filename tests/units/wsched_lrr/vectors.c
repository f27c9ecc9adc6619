/* Directed vectors of wsched_lrr, derived by hand from spec/baws.md §4 LRR (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wsched_lrr/wsched_lrr.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/wsched_lrr, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/wsched_lrr,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/wsched_lrr/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_lrr/wsched_lrr.h"

/* ---- wsched_lrr: spec §4 LRR ([gpgpusim] order_lrr over the scheduler's
 * warps, starting at last_issued+1; before any issue, at the first warp) -- */

static void vec_lrr_order(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_lrr_desc, "small", NULL) /* NW=8 */;
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  wsched_lrr_in in;
  const wsched_lrr_out *o;
  uint8_t ord[64];
  unsigned n;

  /* No warp issued yet: the order is w0..w7. */
  memset(&in, 0, sizeof in);
  memset(in.ready, 1, 8);
  BV_GRANT_ORDER(u, wsched_lrr_in, wsched_lrr_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "LRR order after reset", ord, n, 0, 1, 2, 3, 4, 5, 6, 7);
  o = bv_eval(u, &in);
  for (unsigned j = 0; j < 8; j++) BV_EQ(e, o->key[j], j);
  bv_tick(u); /* w0 issued */
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last_valid, 1);
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last, 0);

  /* After w0: w1 first, w0 last. */
  BV_GRANT_ORDER(u, wsched_lrr_in, wsched_lrr_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "LRR order after w0", ord, n, 1, 2, 3, 4, 5, 6, 7, 0);

  /* ready {2,5}: w2; then {1,5}: w5; then {1,3}: w1 (wraps past w7). */
  memset(&in, 0, sizeof in);
  BV_SET(in.ready, 2, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 2);
  memset(&in, 0, sizeof in);
  BV_SET(in.ready, 1, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 5);
  memset(&in, 0, sizeof in);
  BV_SET(in.ready, 1, 3);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
  BV_EQ(e, o->key[6], 0); /* the order starts after w5 */
  BV_EQ(e, o->key[5], 7); /* and ends with it */
  BV_EQ(e, o->key[1], 3);
  bv_tick(u);

  /* Only the warp issued last is ready: it issues again. */
  memset(&in, 0, sizeof in);
  BV_SET(in.ready, 1);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 1);

  /* Nothing ready: no grant, the pointer holds. */
  memset(&in, 0, sizeof in);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 0);
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last, 1);
  BV_SET(in.ready, 0, 1);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 0); /* after w1: w2..w7, w0, w1 */
}

const bv_vector ut_vectors_wsched_lrr[] = {
    {"lrr_order", vec_lrr_order},
    {NULL, NULL},
};
