/* Directed vectors of fetch_rr, derived by hand from spec/baws.md §1.2 (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/fetch_rr/fetch_rr.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/fetch_rr, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/fetch_rr,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/fetch_rr/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/fetch_rr/fetch_rr.h"

/* ---- fetch_rr: spec §1.2 ([gpgpusim] scan (last_fetched+1+i) mod N;
 * last_fetched starts at 0) ------------------------------------------------ */

static void vec_fetch_rr(bv_env *e) {
  bv_unit *u = bv_open_set(e, &fetch_rr_desc, "small", NULL) /* NWS=16 */;
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  fetch_rr_in in;
  const fetch_rr_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.eligible, 1, 16);
  BV_GRANT_ORDER(u, fetch_rr_in, fetch_rr_out, &in, eligible, ord, n);
  BV_ORDER_IS(e, "RR fetch after reset", ord, n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
           0);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 1);
  memset(&in, 0, sizeof in);
  BV_SET(in.eligible, 0, 3);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);
  memset(&in, 0, sizeof in);
  BV_SET(in.eligible, 0, 2);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 0); /* wraps past w15 */
  memset(&in, 0, sizeof in);
  BV_SET(in.eligible, 0);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 0);
  memset(&in, 0, sizeof in);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 0);
  BV_EQ(e, ((const fetch_rr_state *)bv_state(u))->ptr, 0);
  BV_SET(in.eligible, 15, 1);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
}

const bv_vector ut_vectors_fetch_rr[] = {
    {"fetch_rr_order", vec_fetch_rr},
    {NULL, NULL},
};
