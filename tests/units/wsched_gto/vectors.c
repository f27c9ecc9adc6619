/* Directed vectors of wsched_gto, derived by hand from spec/baws.md §4 GTO (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wsched_gto/wsched_gto.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/wsched_gto, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/wsched_gto,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/wsched_gto/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_gto/wsched_gto.h"

/* ---- wsched_gto: spec §4 GTO (keep issuing the same warp until it stalls,
 * then the oldest ready warp; [gpgpusim] the greedy warp is the last
 * issued) ---------------------------------------------------------------- */

/* Age ranks not in index order: w1 oldest, then w3, w5, w0, w7, w2, w6, w4. */
static const uint8_t gto_age[8] = {3, 0, 5, 1, 7, 2, 6, 4};

static void vec_gto_order(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_gto_desc, "small", NULL) /* NW=8 AGE_W=4 */;
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  wsched_gto_in in;
  const wsched_gto_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  memset(in.ready, 1, 8);
  memcpy(in.age, gto_age, 8);

  /* No greedy warp yet: oldest first. */
  BV_GRANT_ORDER(u, wsched_gto_in, wsched_gto_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "GTO order by age", ord, n, 1, 3, 5, 0, 7, 2, 6, 4);
  o = bv_eval(u, &in);
  for (unsigned j = 0; j < 8; j++) BV_EQ(e, o->key[j], 16u | gto_age[j]); /* {not greedy, age} */
  bv_tick(u); /* w1 issued */

  /* w1 is greedy: first while ready, though all others are ready too. */
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
  BV_EQ(e, o->key[1], 0);
  bv_tick(u);

  /* w1 stalls: the oldest ready warp, w3, issues and becomes greedy. */
  in.ready[1] = 0;
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);
  memset(in.ready, 0, 8);
  BV_SET(in.ready, 1, 3);
  BV_GRANT_ORDER(u, wsched_gto_in, wsched_gto_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "GTO greedy w3 before the older w1", ord, n, 3, 1);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);

  /* w3 stalls: the oldest of {w0, w5, w7} is w5 (age 2). */
  memset(in.ready, 0, 8);
  BV_SET(in.ready, 0, 5, 7);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 5);

  /* w5 leaves its slot: it is no longer greedy (its key is by age only). */
  in.valid[5] = 0;
  in.ready[5] = 0;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 0);
  BV_EQ(e, o->key[5], 16u | gto_age[5]);
  BV_EQ(e, o->key[0], 16u | gto_age[0]);
}

const bv_vector ut_vectors_wsched_gto[] = {
    {"gto_order", vec_gto_order},
    {NULL, NULL},
};
