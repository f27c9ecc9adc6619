/* Directed vectors of the BAWS scheduler units, derived by hand from
 * spec/baws.md (each vector names the section or figure it follows) and,
 * where the spec leaves a detail to the unit, from the unit's header
 * contract (cmodel/src/units/U.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka tests (test_baws_*.c) and, in the
 * RTL-vs-C bench (baws_cosim.c), on the Verilated RTL in lock-step with it:
 * there every expectation checks the RTL's own outputs.
 *
 * Small parameters (builds.cmake builds the RTL for each):
 *   wsched_lrr NW=8; wsched_gto NW=8 AGE_W=4; wsched_tls NW=8 AGE_W=4 CAP=3;
 *   wsched_mwf NW=16 NTB=4 CNT_W=3 (one scheduler holding the 16 warps of
 *   the Fig. 7 example); fetch_rr NWS=16; fetch_cff NWS=16 NS=2 NTB=4
 *   CNT_W=3 AGE_W=4; wpt NTB=4 NS=2 CNT_W=3; and the gtx480 wpt (NTB=8
 *   CNT_W=6) for the counter width of spec §2. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "simtref/config.h"
#include "units/fetch_cff/fetch_cff.h"
#include "units/fetch_rr/fetch_rr.h"
#include "units/wpt/wpt.h"
#include "units/wsched_gto/wsched_gto.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "units/wsched_mwf/wsched_mwf.h"
#include "units/wsched_tls/wsched_tls.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers --------------------------------------------------------------- */

/* Every register of u is 0 (the reset values: rst_ni of each RTL unit loads
 * '0 into every register). */
static void expect_reset_state(bv_env *e, bv_unit *u) {
  for (unsigned i = 0; i < u->l.n_state; i++) {
    const st_ufield *f = &u->l.state[i];
    for (unsigned k = 0; k < f->count; k++) {
      uint64_t v = st_ufield_get(f, bv_state(u), k);
      bv_check(e, __FILE__, __LINE__, v == 0, "reset value 0", "%s %s[%u] = %lu",
               u->desc->name, f->name, k, (unsigned long)v);
    }
  }
}

static void expect_order(bv_env *e, int line, const char *what, const uint8_t *got, unsigned n,
                         const uint8_t *want, unsigned wn) {
  char g[200] = "", w[200] = "";
  size_t og = 0, ow = 0;
  for (unsigned i = 0; i < n && og + 8 < sizeof g; i++) {
    og += (size_t)snprintf(g + og, sizeof g - og, "%sw%u", i ? "," : "", got[i]);
  }
  for (unsigned i = 0; i < wn && ow + 8 < sizeof w; i++) {
    ow += (size_t)snprintf(w + ow, sizeof w - ow, "%sw%u", i ? "," : "", want[i]);
  }
  bv_check(e, __FILE__, line, n == wn && memcmp(got, want, n) == 0, what, "order %s, want %s", g,
           w);
}

/* The order in which a unit grants: evaluate, take the grant out of the
 * candidate mask, evaluate again (no clock edge), until nothing is granted.
 * `cand` points into the unit's in struct copy. */
#define GRANT_ORDER(u, in_type, out_type, in0, cand_field, order, n)                          \
  do {                                                                                      \
    in_type tmp_ = *(in0);                                                                  \
    (n) = 0;                                                                                \
    for (;;) {                                                                              \
      const out_type *o_ = bv_eval((u), &tmp_);                                             \
      if (!o_->grant_valid || (n) >= 64) {                                                  \
        break;                                                                              \
      }                                                                                     \
      (order)[(n)++] = o_->grant;                                                           \
      tmp_.cand_field[o_->grant] = 0;                                                       \
    }                                                                                       \
  } while (0)

static void set_bits(uint8_t *a, const uint8_t *idx, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    a[idx[i]] = 1;
  }
}
#define SET(a, ...)                                                                           \
  do {                                                                                      \
    static const uint8_t ix_[] = {__VA_ARGS__};                                             \
    set_bits((a), ix_, N_OF(ix_));                                                          \
  } while (0)
#define ORDER_IS(e, what, got, n, ...)                                                        \
  do {                                                                                      \
    static const uint8_t w_[] = {__VA_ARGS__};                                              \
    expect_order((e), __LINE__, (what), (got), (n), w_, N_OF(w_));                                    \
  } while (0)

/* ---- wsched_lrr: spec §4 LRR ([gpgpusim] order_lrr over the scheduler's
 * warps, starting at last_issued+1; before any issue, at the first warp) -- */

static const wsched_lrr_params lrr_p = {.n_warps = 8};

static void vec_lrr_order(bv_env *e) {
  bv_unit *u = bv_open(e, &wsched_lrr_desc, &lrr_p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  wsched_lrr_in in;
  const wsched_lrr_out *o;
  uint8_t ord[64];
  unsigned n;

  /* No warp issued yet: the order is w0..w7. */
  memset(&in, 0, sizeof in);
  memset(in.ready, 1, 8);
  GRANT_ORDER(u, wsched_lrr_in, wsched_lrr_out, &in, ready, ord, n);
  ORDER_IS(e, "LRR order after reset", ord, n, 0, 1, 2, 3, 4, 5, 6, 7);
  o = bv_eval(u, &in);
  for (unsigned j = 0; j < 8; j++) BV_EQ(e, o->key[j], j);
  bv_tick(u); /* w0 issued */
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last_valid, 1);
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last, 0);

  /* After w0: w1 first, w0 last. */
  GRANT_ORDER(u, wsched_lrr_in, wsched_lrr_out, &in, ready, ord, n);
  ORDER_IS(e, "LRR order after w0", ord, n, 1, 2, 3, 4, 5, 6, 7, 0);

  /* ready {2,5}: w2; then {1,5}: w5; then {1,3}: w1 (wraps past w7). */
  memset(&in, 0, sizeof in);
  SET(in.ready, 2, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 2);
  memset(&in, 0, sizeof in);
  SET(in.ready, 1, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 5);
  memset(&in, 0, sizeof in);
  SET(in.ready, 1, 3);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
  BV_EQ(e, o->key[6], 0); /* the order starts after w5 */
  BV_EQ(e, o->key[5], 7); /* and ends with it */
  BV_EQ(e, o->key[1], 3);
  bv_tick(u);

  /* Only the warp issued last is ready: it issues again. */
  memset(&in, 0, sizeof in);
  SET(in.ready, 1);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 1);

  /* Nothing ready: no grant, the pointer holds. */
  memset(&in, 0, sizeof in);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 0);
  BV_EQ(e, ((const wsched_lrr_state *)bv_state(u))->last, 1);
  SET(in.ready, 0, 1);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 0); /* after w1: w2..w7, w0, w1 */
}

/* ---- wsched_gto: spec §4 GTO (keep issuing the same warp until it stalls,
 * then the oldest ready warp; [gpgpusim] the greedy warp is the last
 * issued) ---------------------------------------------------------------- */

static const wsched_gto_params gto_p = {.n_warps = 8, .age_w = 4};
/* Age ranks not in index order: w1 oldest, then w3, w5, w0, w7, w2, w6, w4. */
static const uint8_t gto_age[8] = {3, 0, 5, 1, 7, 2, 6, 4};

static void vec_gto_order(bv_env *e) {
  bv_unit *u = bv_open(e, &wsched_gto_desc, &gto_p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  wsched_gto_in in;
  const wsched_gto_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  memset(in.ready, 1, 8);
  memcpy(in.age, gto_age, 8);

  /* No greedy warp yet: oldest first. */
  GRANT_ORDER(u, wsched_gto_in, wsched_gto_out, &in, ready, ord, n);
  ORDER_IS(e, "GTO order by age", ord, n, 1, 3, 5, 0, 7, 2, 6, 4);
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
  SET(in.ready, 1, 3);
  GRANT_ORDER(u, wsched_gto_in, wsched_gto_out, &in, ready, ord, n);
  ORDER_IS(e, "GTO greedy w3 before the older w1", ord, n, 3, 1);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);

  /* w3 stalls: the oldest of {w0, w5, w7} is w5 (age 2). */
  memset(in.ready, 0, 8);
  SET(in.ready, 0, 5, 7);
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

/* ---- wsched_tls: spec §4 TLS and §7 A12 (an active pool served round
 * robin, warps waiting on a long-latency operand demoted); the refill order
 * and the order of the other warps (greedy then oldest) are the unit's
 * contract (wsched_tls.h) ---------------------------------------------------- */

static const wsched_tls_params tls_p = {.n_warps = 8, .age_w = 4, .cap = 3};

static void vec_tls_order(bv_env *e) {
  bv_unit *u = bv_open(e, &wsched_tls_desc, &tls_p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  const wsched_tls_state *s = bv_state(u);
  wsched_tls_in in;
  const wsched_tls_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.valid, 1, 8);
  memset(in.ready, 1, 8);
  memcpy(in.age, gto_age, 8);

  /* Empty set after reset: filled with the 3 oldest, w1, w3, w5, served in
   * that order; every other warp after them (key {1, not greedy, age}). */
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
  BV_EQ(e, o->key[1], 0);
  BV_EQ(e, o->key[3], 1);
  BV_EQ(e, o->key[5], 2);
  BV_EQ(e, o->key[0], 32u | 16u | gto_age[0]);
  bv_tick(u);
  BV_EQ(e, s->n_active, 3);
  BV_EQ(e, s->active[0], 1);
  BV_EQ(e, s->active[1], 3);
  BV_EQ(e, s->active[2], 5);

  /* Round robin after w1: w3, w5, w1; of {w0, w5} the set member w5. */
  memset(in.ready, 0, 8);
  SET(in.ready, 0, 5);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 5);

  /* w3 waits on a load: dropped; the free place goes to the oldest other
   * eligible warp, w0 (age 3): set [w1, w5, w0], round robin after w5. */
  memset(in.ready, 0, 8);
  in.mem_wait[3] = 1;
  SET(in.ready, 1, 5, 7);
  o = bv_eval(u, &in);
  BV_EQ(e, o->key[0], 0);
  BV_EQ(e, o->key[1], 1);
  BV_EQ(e, o->key[5], 2);
  BV_EQ(e, o->key[3], 32u | 16u | gto_age[3]);
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
  SET(in.ready, 2);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 2);
  BV_EQ(e, s->n_active, 3);
  BV_EQ(e, s->active[2], 3);

  /* The last issued warp (w2) is not in the set: round robin from its
   * first place; then the others greedy (w2) then oldest (w7, w6, w4). */
  memset(in.ready, 1, 8);
  in.ready[0] = 0;
  GRANT_ORDER(u, wsched_tls_in, wsched_tls_out, &in, ready, ord, n);
  ORDER_IS(e, "TLS set then greedy-then-oldest", ord, n, 1, 5, 3, 2, 7, 6, 4);
}

/* ---- wsched_mwf: spec §1.4 (rules 1-4), Fig. 7 / Table 1 ------------------ */

static wsched_mwf_params mwf_params(unsigned variant) {
  wsched_mwf_params p = {.n_warps = 16, .n_tbs = 4, .cnt_w = 3, .variant = (uint8_t)variant};
  return p;
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
  wsched_mwf_params p = mwf_params(variant);
  bv_unit *u = bv_open(e, &wsched_mwf_desc, &p);
  if (u == NULL) return;
  expect_reset_state(e, u);
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
  SET(in.ready, 0, 1, 3, 4, 6, 8);
  GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  if (variant == MWF_VARIANT_LRR) {
    /* Fig. 7: w8, w4, w6, w1, w3, w0. */
    ORDER_IS(e, "Fig. 7 MWF(LRR) issue order", ord, n, 8, 4, 6, 1, 3, 0);
  } else {
    /* §1.4 rule 3 MWF(GTO): TB1's last issued w7 waits, so TB1 oldest
     * first (w4, w6); TB0's last issued w0 first, then w1, w3. */
    ORDER_IS(e, "Fig. 7 MWF(GTO) issue order", ord, n, 8, 4, 6, 0, 1, 3);
  }
  /* key = {CMAX - cnt, tb, rank}: w8 has cnt 3 (7-3 = 4), tb 2, and TB2 no
   * last issued warp (rank = its index 8 in either variant, +1 for GTO). */
  const wsched_mwf_out *o = bv_eval(u, &in);
  unsigned rw = variant == MWF_VARIANT_LRR ? 4 : 5;
  BV_EQ(e, o->key[8], ((((7u - 3u) << 2) | 2u) << rw) | (variant == MWF_VARIANT_LRR ? 8u : 9u));

  /* Tie variant: TB3 also has 2 waiting (w14, w15): TB1 before TB3 (rule 2,
   * smaller TB id); TB3 has no last issued warp, so w12 then w13. */
  in.cnt[3] = 2;
  SET(in.ready, 12, 13);
  GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  if (variant == MWF_VARIANT_LRR) {
    ORDER_IS(e, "Fig. 7 tie variant, MWF(LRR)", ord, n, 8, 4, 6, 12, 13, 1, 3, 0);
  } else {
    ORDER_IS(e, "Fig. 7 tie variant, MWF(GTO)", ord, n, 8, 4, 6, 12, 13, 0, 1, 3);
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
    wsched_mwf_params p = mwf_params(variant);
    bv_unit *u = bv_open(e, &wsched_mwf_desc, &p);
    if (u == NULL) return;
    wsched_mwf_in in;
    const wsched_mwf_out *o;
    uint8_t ord[64];
    unsigned n;
    memset(&in, 0, sizeof in);
    for (unsigned j = 0; j < 16; j++) in.tb[j] = (uint8_t)(j / 4);
    SET(in.ready, 14, 9, 5);
    GRANT_ORDER(u, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
    ORDER_IS(e, "no barrier: TB id order", ord, n, 5, 9, 14);

    /* w5 issues: TB1's pointer is w5. */
    o = bv_step(u, &in);
    BV_EQ(e, o->grant, 5);
    memset(in.ready, 0, 16);
    SET(in.ready, 4, 6);
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
    SET(in.ready, 4, 6);
    o = bv_eval(u, &in);
    BV_EQ(e, o->grant, 4); /* no last issued warp: from the lowest */
    bv_close(u);
  }
}

/* ---- fetch_rr: spec §1.2 ([gpgpusim] scan (last_fetched+1+i) mod N;
 * last_fetched starts at 0) ------------------------------------------------ */

static const fetch_rr_params frr_p = {.n_warps = 16};

static void vec_fetch_rr(bv_env *e) {
  bv_unit *u = bv_open(e, &fetch_rr_desc, &frr_p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  fetch_rr_in in;
  const fetch_rr_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  memset(in.eligible, 1, 16);
  GRANT_ORDER(u, fetch_rr_in, fetch_rr_out, &in, eligible, ord, n);
  ORDER_IS(e, "RR fetch after reset", ord, n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
           0);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 1);
  memset(&in, 0, sizeof in);
  SET(in.eligible, 0, 3);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 3);
  memset(&in, 0, sizeof in);
  SET(in.eligible, 0, 2);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 0); /* wraps past w15 */
  memset(&in, 0, sizeof in);
  SET(in.eligible, 0);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 1);
  BV_EQ(e, o->grant, 0);
  memset(&in, 0, sizeof in);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant_valid, 0);
  BV_EQ(e, ((const fetch_rr_state *)bv_state(u))->ptr, 0);
  SET(in.eligible, 15, 1);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 1);
}

/* ---- fetch_cff: spec §1.5, §1.6, §7 A7-A10 -------------------------------- */

static fetch_cff_params cff_params(unsigned mode, unsigned skip) {
  fetch_cff_params p = {.n_warps = 16, .n_sched = 2, .n_tbs = 4, .cnt_w = 3, .age_w = 4,
                        .mode = (uint8_t)mode, .skip_bar = (uint8_t)skip};
  return p;
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
  SET(in->at_bar, 2, 5, 7, 9, 10, 11);
  memset(in->eligible, 1, 12);
}

/* CFF fetches in the order MWF issues (§1.5), skipping the warps that wait
 * at a barrier (A8): the Fig. 7 order w8, w4, w6, w1, w3, w0 (TB2 after w9:
 * w10, w11 wait, so w8). Without the skip (SKIP_BAR=0) the top TB's waiting
 * warps come first. */
static void vec_cff_fig7(bv_env *e) {
  for (unsigned skip = 0; skip < 2; skip++) {
    fetch_cff_params p = cff_params(CFF_MODE_MWF_LRR, skip);
    bv_unit *u = bv_open(e, &fetch_cff_desc, &p);
    if (u == NULL) return;
    expect_reset_state(e, u);
    fetch_cff_in in;
    uint8_t ord[64];
    unsigned n;
    cff_fig7_setup(e, u, &in);
    GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
    if (skip) {
      ORDER_IS(e, "CFF fetch order = Fig. 7 issue order", ord, n, 8, 4, 6, 1, 3, 0);
    } else {
      ORDER_IS(e, "CFF without the barrier skip", ord, n, 10, 11, 8, 9, 4, 5, 6, 7, 1, 2, 3, 0);
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
  fetch_cff_params p = cff_params(CFF_MODE_MWF_LRR, 1);
  bv_unit *u = bv_open(e, &fetch_cff_desc, &p);
  if (u == NULL) return;
  fetch_cff_in in;
  const fetch_cff_out *o;
  cff_fig7_setup(e, u, &in);
  memset(in.eligible, 0, 16);
  SET(in.eligible, 4, 6);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 4); /* no issue this cycle: after w7 comes w4 */
  cff_issue(&in, 0, 4);
  o = bv_step(u, &in);
  BV_EQ(e, o->grant, 6);
  BV_EQ(e, ((const fetch_cff_state *)bv_state(u))->tb_last[1], 4);

  /* TB0 (count 1) alone eligible: s0 issues w0 and s1 issues w1. */
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  SET(in.eligible, 0, 1, 3);
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
  wsched_mwf_params mp = mwf_params(MWF_VARIANT_LRR);
  fetch_cff_params cp = cff_params(CFF_MODE_MWF_LRR, 1);
  bv_unit *m = bv_open(e, &wsched_mwf_desc, &mp);
  bv_unit *c = bv_open(e, &fetch_cff_desc, &cp);
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
  fetch_cff_params p = cff_params(CFF_MODE_MWF_GTO, 1);
  bv_unit *u = bv_open(e, &fetch_cff_desc, &p);
  if (u == NULL) return;
  expect_reset_state(e, u);
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
  SET(in.eligible, 4, 6, 7, 0);
  GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  ORDER_IS(e, "CFF MWF(GTO): greedy w6, then oldest of TB1, then TB0", ord, n, 6, 4, 7, 0);
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
  fetch_cff_params p = cff_params(CFF_MODE_GTO, 1);
  bv_unit *u = bv_open(e, &fetch_cff_desc, &p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  fetch_cff_in in;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  for (unsigned i = 0; i < 16; i++) in.age[i] = (uint8_t)((i * 5) % 16); /* w0 oldest, w13 next */
  cff_issue(&in, 0, 4); /* age 4 */
  cff_issue(&in, 1, 9); /* age 13 */
  SET(in.eligible, 4, 9, 0, 13);
  GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  ORDER_IS(e, "GTO+CFF: greedy w4, w9, then w0, w13 by age", ord, n, 4, 9, 0, 13);
  bv_step(u, &in);
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  SET(in.eligible, 9, 13);
  GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  ORDER_IS(e, "GTO+CFF: the greedy warps stay greedy", ord, n, 9, 13);
  cff_issue(&in, 1, 13); /* s1's greedy warp becomes w13 */
  SET(in.eligible, 0);
  GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  ORDER_IS(e, "GTO+CFF: greedy w13 (age 1), then w0, w9", ord, n, 13, 0, 9);
}

/* LRR+CFF (MODE 0, §1.5 [suggest] the issue policy's own order): round
 * robin after the warp the SM issued last (a later scheduler's issue wins
 * in a cycle, A7). */
static void vec_cff_lrr(bv_env *e) {
  fetch_cff_params p = cff_params(CFF_MODE_LRR, 1);
  bv_unit *u = bv_open(e, &fetch_cff_desc, &p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  fetch_cff_in in;
  const fetch_cff_out *o;
  uint8_t ord[64];
  unsigned n;
  memset(&in, 0, sizeof in);
  SET(in.eligible, 3, 7);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 3); /* nothing issued yet: from w0 */
  memset(in.eligible, 0, 16);
  SET(in.eligible, 2, 5, 7);
  cff_issue(&in, 0, 3);
  cff_issue(&in, 1, 6);
  GRANT_ORDER(u, fetch_cff_in, fetch_cff_out, &in, eligible, ord, n);
  ORDER_IS(e, "LRR+CFF after w6", ord, n, 7, 2, 5);
  bv_step(u, &in);
  cff_clear_issue(&in);
  memset(in.eligible, 0, 16);
  SET(in.eligible, 2, 5);
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 2); /* after w6: w7..w15, w0, w1, w2 */
  /* A warp waiting at a barrier is never fetched for (A8). */
  in.at_bar[2] = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->grant, 5);
}

/* ---- wpt: spec §1.3 (increment on arrival, reset on release, release
 * wins, +0/+1/+2 per cycle with two schedulers, registered), §2 (6-bit
 * counters, 8 rows), §7 A1 (exits not counted), A2 (exit-triggered release),
 * A6 (the next cycle sees the update) ------------------------------------- */

typedef struct wpt_ev {
  int arr[2];  /* TB of scheduler s's arrival, or -1 */
  int arel[2]; /* it released */
  int ex[2];   /* TB of scheduler s's exit, or -1 */
  int erel[2];
  int launch;  /* TB slot launched, or -1 */
} wpt_ev;

#define NOEV {{-1, -1}, {0, 0}, {-1, -1}, {0, 0}, -1}

static void wpt_apply(bv_env *e, bv_unit *u, const wpt_ev *ev, const uint8_t *before) {
  wpt_in in;
  memset(&in, 0, sizeof in);
  for (unsigned s = 0; s < 2; s++) {
    if (ev->arr[s] >= 0) {
      in.arr_valid[s] = 1;
      in.arr_tb[s] = (uint8_t)ev->arr[s];
      in.arr_rel[s] = (uint8_t)ev->arel[s];
    }
    if (ev->ex[s] >= 0) {
      in.exit_valid[s] = 1;
      in.exit_tb[s] = (uint8_t)ev->ex[s];
      in.exit_rel[s] = (uint8_t)ev->erel[s];
    }
  }
  if (ev->launch >= 0) in.tb_launch[ev->launch] = 1;
  const wpt_out *o = bv_step(u, &in);
  /* The outputs in the event's cycle are still the old counts (A6). */
  unsigned ntb = ((const wpt_params *)u->p)->n_tbs;
  for (unsigned b = 0; b < ntb && before != NULL; b++) BV_EQ(e, o->cnt[b], before[b]);
}

static void wpt_expect(bv_env *e, bv_unit *u, const uint8_t *want) {
  wpt_in in;
  memset(&in, 0, sizeof in);
  const wpt_out *o = bv_eval(u, &in);
  unsigned ntb = ((const wpt_params *)u->p)->n_tbs;
  for (unsigned b = 0; b < ntb; b++) {
    bv_check(e, __FILE__, __LINE__, o->cnt[b] == want[b], "WPT count", "TB%u: %u, want %u", b,
             o->cnt[b], want[b]);
  }
}

static const wpt_params wpt_p = {.n_tbs = 4, .n_sched = 2, .cnt_w = 3, .count_exited = 0};
static const wpt_params wpt_px = {.n_tbs = 4, .n_sched = 2, .cnt_w = 3, .count_exited = 1};

/* Fig. 7's arrivals (warp w belongs to scheduler w mod 2), then releases. */
static void vec_wpt_fig7_release(bv_env *e) {
  bv_unit *u = bv_open(e, &wpt_desc, &wpt_p);
  if (u == NULL) return;
  expect_reset_state(e, u);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 0});
  /* w2 (s0, TB0) and w5 (s1, TB1): +1 each. */
  wpt_apply(e, u, &(wpt_ev){{0, 1}, {0, 0}, {-1, -1}, {0, 0}, -1}, (const uint8_t[]){0, 0, 0, 0});
  wpt_expect(e, u, (const uint8_t[]){1, 1, 0, 0});
  /* w10 (s0) and w9 (s1), both TB2: +2 in one cycle. */
  wpt_apply(e, u, &(wpt_ev){{2, 2}, {0, 0}, {-1, -1}, {0, 0}, -1}, (const uint8_t[]){1, 1, 0, 0});
  wpt_expect(e, u, (const uint8_t[]){1, 1, 2, 0});
  /* w11 (s1, TB2). */
  wpt_apply(e, u, &(wpt_ev){{-1, 2}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){1, 1, 3, 0});
  /* w7 (s1, TB1) "arrives in the current cycle". */
  wpt_apply(e, u, &(wpt_ev){{-1, 1}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){1, 2, 3, 0}); /* Fig. 7's WPT */
  /* A cycle without events: +0. */
  wpt_apply(e, u, &(wpt_ev)NOEV, (const uint8_t[]){1, 2, 3, 0});
  wpt_expect(e, u, (const uint8_t[]){1, 2, 3, 0});
  /* TB1: w4 (s0) arrives and w6 (s1), the last, releases in the same
   * cycle: release wins, 0 (not 3, not 4). */
  wpt_apply(e, u, &(wpt_ev){{1, 1}, {0, 1}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){1, 0, 3, 0});
  /* TB0: w0 and w1 arrive (+2: 3 of 4 waiting). */
  wpt_apply(e, u, &(wpt_ev){{0, 0}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){3, 0, 3, 0});
  /* TB0: w3 (s1) releases; TB2: w8 (s0) exits and leaves only waiting
   * warps: that exit releases (A2). */
  wpt_apply(e, u, &(wpt_ev){{-1, 0}, {0, 1}, {2, -1}, {1, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 0});
  /* TB2 again (w9, w10, w11 live): w9 waits; w10 exits without a release:
   * not counted (A1). */
  wpt_apply(e, u, &(wpt_ev){{-1, 2}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_apply(e, u, &(wpt_ev){{-1, -1}, {0, 0}, {2, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 1, 0});
  /* An arrival and an exit without release of one TB (one with more live
   * warps) in one cycle: +1. */
  wpt_apply(e, u, &(wpt_ev){{2, -1}, {0, 0}, {-1, 2}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 2, 0});
  /* A new TB in slot 2 starts from 0. */
  wpt_apply(e, u, &(wpt_ev){{-1, -1}, {0, 0}, {-1, -1}, {0, 0}, 2}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 0});
}

/* Saturation at 2^CNT_W - 1 (CNT_W = 3: 7) for a TB with more warps than
 * the counter holds (a deliberately narrow build: §7 A18 sizes the counter
 * so that legal counts never reach it). */
static void vec_wpt_saturate(bv_env *e) {
  bv_unit *u = bv_open(e, &wpt_desc, &wpt_p);
  if (u == NULL) return;
  BV_EQ(e, u->l.out[0].bits, 3);
  for (unsigned k = 1; k <= 3; k++) {
    wpt_apply(e, u, &(wpt_ev){{3, 3}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
    wpt_expect(e, u, (const uint8_t[]){0, 0, 0, (uint8_t)(2 * k)});
  }
  /* 6 + 2 saturates at 7 (the first +1 reaches 7, the second holds). */
  wpt_apply(e, u, &(wpt_ev){{3, 3}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 7});
  wpt_apply(e, u, &(wpt_ev){{-1, 3}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 7});
  /* A release still clears a saturated counter. */
  wpt_apply(e, u, &(wpt_ev){{3, -1}, {1, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 0});
}

/* mwf_count_exited = 1 (§1.3 knob, §7 A1): an exit counts like an arrival;
 * an exit that releases still clears. */
static void vec_wpt_count_exited(bv_env *e) {
  bv_unit *u = bv_open(e, &wpt_desc, &wpt_px);
  if (u == NULL) return;
  expect_reset_state(e, u);
  wpt_apply(e, u, &(wpt_ev){{-1, -1}, {0, 0}, {1, -1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 1, 0, 0});
  wpt_apply(e, u, &(wpt_ev){{1, -1}, {0, 0}, {-1, 1}, {0, 0}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 3, 0, 0});
  wpt_apply(e, u, &(wpt_ev){{-1, -1}, {0, 0}, {-1, 1}, {0, 1}, -1}, NULL);
  wpt_expect(e, u, (const uint8_t[]){0, 0, 0, 0});
}

/* §2: in the gtx480 configuration the WPT is 8 rows of 6-bit counters
 * (48 bits, 6 bytes per SM); a 48-warp TB with 47 warps waiting counts 47
 * (never more than warps per TB - 1, so it never saturates). */
static void vec_wpt_gtx480_width(bv_env *e) {
  char path[1024], err[2048] = "";
  st_config cfg;
  if (!BV_CHECK(e, st_config_find("gtx480", path, sizeof path), "gtx480 config")) return;
  if (!BV_CHECK(e, st_config_load(&cfg, path, NULL, 0, err, sizeof err) == ST_OK, "%s", err)) {
    return;
  }
  wpt_params p;
  wpt_desc.config_params(&cfg, &p);
  BV_EQ(e, p.n_tbs, 8);
  BV_EQ(e, p.n_sched, 2);
  BV_EQ(e, p.cnt_w, 6);
  bv_unit *u = bv_open(e, &wpt_desc, &p);
  if (u == NULL) return;
  BV_EQ(e, u->l.out[0].bits * u->l.out[0].count, 48);
  BV_EQ(e, u->l.state[0].bits * u->l.state[0].count, 48);
  uint8_t want[8] = {0};
  for (unsigned k = 0; k < 23; k++) { /* 46 arrivals, two per cycle, in TB 7 */
    wpt_apply(e, u, &(wpt_ev){{7, 7}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  }
  wpt_apply(e, u, &(wpt_ev){{-1, 7}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);
  want[7] = 47;
  wpt_expect(e, u, want);
  wpt_apply(e, u, &(wpt_ev){{7, -1}, {1, 0}, {-1, -1}, {0, 0}, -1}, NULL); /* the 48th */
  want[7] = 0;
  wpt_expect(e, u, want);
}

/* Fig. 7 end to end: the WPT counts its arrivals, and MWF, fed the WPT's
 * registered counts, issues w8, w4, w6, w1, w3, w0. */
static void vec_wpt_mwf_fig7(bv_env *e) {
  wsched_mwf_params mp = mwf_params(MWF_VARIANT_LRR);
  bv_unit *w = bv_open(e, &wpt_desc, &wpt_p);
  bv_unit *m = bv_open(e, &wsched_mwf_desc, &mp);
  if (w == NULL || m == NULL) return;
  wsched_mwf_in in;
  uint8_t ord[64];
  unsigned n;
  mwf_fig7_setup(e, m, &in);
  wpt_apply(e, w, &(wpt_ev){{0, 1}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);  /* w2, w5 */
  wpt_apply(e, w, &(wpt_ev){{2, 2}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL);  /* w10, w9 */
  wpt_apply(e, w, &(wpt_ev){{-1, 2}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL); /* w11 */
  wpt_apply(e, w, &(wpt_ev){{-1, 1}, {0, 0}, {-1, -1}, {0, 0}, -1}, NULL); /* w7 */
  wpt_in wi;
  memset(&wi, 0, sizeof wi);
  const wpt_out *wo = bv_eval(w, &wi);
  memcpy(in.cnt, wo->cnt, 4);
  SET(in.ready, 0, 1, 3, 4, 6, 8);
  GRANT_ORDER(m, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  ORDER_IS(e, "Fig. 7 through the WPT", ord, n, 8, 4, 6, 1, 3, 0);
}

const bv_vector bv_vectors[] = {
    {"lrr_order", "wsched_lrr", vec_lrr_order},
    {"gto_order", "wsched_gto", vec_gto_order},
    {"tls_order", "wsched_tls", vec_tls_order},
    {"mwf_fig7_lrr", "wsched_mwf", vec_mwf_fig7_lrr},
    {"mwf_fig7_gto", "wsched_mwf", vec_mwf_fig7_gto},
    {"mwf_no_barrier_launch", "wsched_mwf", vec_mwf_no_barrier_and_launch},
    {"fetch_rr_order", "fetch_rr", vec_fetch_rr},
    {"cff_fig7_skip_barrier", "fetch_cff", vec_cff_fig7},
    {"cff_post_issue", "fetch_cff", vec_cff_post_issue},
    {"cff_follows_mwf", "fetch_cff", vec_cff_follows_mwf},
    {"cff_mwf_gto_launch", "fetch_cff", vec_cff_mwf_gto_launch},
    {"cff_gto", "fetch_cff", vec_cff_gto},
    {"cff_lrr", "fetch_cff", vec_cff_lrr},
    {"wpt_fig7_release", "wpt", vec_wpt_fig7_release},
    {"wpt_saturate", "wpt", vec_wpt_saturate},
    {"wpt_count_exited", "wpt", vec_wpt_count_exited},
    {"wpt_gtx480_width", "wpt", vec_wpt_gtx480_width},
    {"wpt_mwf_fig7", "wpt", vec_wpt_mwf_fig7},
};
const size_t bv_n_vectors = N_OF(bv_vectors);
