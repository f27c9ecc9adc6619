/* Directed vectors of wsched_tls, derived by hand from spec/baws.md §4 TLS and §7 A12 (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wsched_tls/wsched_tls.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/wsched_tls, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/wsched_tls,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/wsched_tls/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/wsched_tls/wsched_tls.h"

/* ---- wsched_tls: spec §4 TLS and §7 A12 (an active pool served round
 * robin, warps waiting on a long-latency operand demoted); the refill order
 * and the order of the other warps (greedy then oldest) are the unit's
 * contract (wsched_tls.h) ---------------------------------------------------- */

/* Age ranks not in index order: w1 oldest, then w3, w5, w0, w7, w2, w6, w4. */
static const uint8_t tls_age[8] = {3, 0, 5, 1, 7, 2, 6, 4};

static void vec_tls_order(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wsched_tls_desc, "small", NULL) /* NW=8 AGE_W=4 CAP=3 */;
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  const wsched_tls_state *s = bv_state(u);
  wsched_tls_in in;
  const wsched_tls_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  memset(in.ready, 1, 8);
  memcpy(in.age, tls_age, 8);

  /* Empty set after reset: filled with the 3 oldest, w1, w3, w5, served in
   * that order; every other warp after them (key {1, not greedy, age}). */
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
  BV_EQ(e, o->key[1], 0);
  BV_EQ(e, o->key[3], 1);
  BV_EQ(e, o->key[5], 2);
  BV_EQ(e, o->key[0], 32u | 16u | tls_age[0]);
  bv_tick(u);
  BV_EQ(e, s->n_active, 3);
  BV_EQ(e, s->active[0], 1);
  BV_EQ(e, s->active[1], 3);
  BV_EQ(e, s->active[2], 5);

  /* Round robin after w1: w3, w5, w1; of {w0, w5} the set member w5. */
  memset(in.ready, 0, 8);
  BV_SET(in.ready, 0, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 5);

  /* w3 waits on a load: dropped; the free place goes to the oldest other
   * eligible warp, w0 (age 3): set [w1, w5, w0], round robin after w5. */
  memset(in.ready, 0, 8);
  in.mem_wait[3] = 1;
  BV_SET(in.ready, 1, 5, 7);
  o = bv_eval(u, &in);
  BV_EQ(e, o->key[0], 0);
  BV_EQ(e, o->key[1], 1);
  BV_EQ(e, o->key[5], 2);
  BV_EQ(e, o->key[3], 32u | 16u | tls_age[3]);
  BV_EQ(e, o->grant, 1);
  bv_tick(u);
  BV_EQ(e, s->active[0], 1);
  BV_EQ(e, s->active[1], 5);
  BV_EQ(e, s->active[2], 0);

  /* w0 exits: dropped; w3 (no longer waiting, age 1) refills: [w1, w5, w3].
   * Only w2, outside the set, is ready: it issues. */
  in.mem_wait[3] = 0;
  in.exited[0] = 1;
  memset(in.ready, 0, 8);
  BV_SET(in.ready, 2);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 2);
  BV_EQ(e, s->n_active, 3);
  BV_EQ(e, s->active[2], 3);

  /* The last issued warp (w2) is not in the set: round robin from its
   * first place; then the others greedy (w2) then oldest (w7, w6, w4). */
  memset(in.ready, 1, 8);
  in.ready[0] = 0;
  BV_GRANT_ORDER(u, wsched_tls_in, wsched_tls_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "TLS set then greedy-then-oldest", ord, n, 1, 5, 3, 2, 7, 6, 4);
}

const bv_vector ut_vectors_wsched_tls[] = {
    {"tls_order", vec_tls_order},
    {NULL, NULL},
};
