/* Directed vectors of wpt, derived by hand from spec/baws.md §1.3, §2, §7 A1, A2, A6 (each
 * vector names the section or figure it follows) and, where the spec leaves
 * a detail to the unit, from the unit's header contract
 * (cmodel/src/units/wpt/wpt.h), which is cited then. No expected value was
 * taken from a model's output.
 *
 * They run on the C model in the cmocka test (unit/model/wpt, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/wpt,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/wpt/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "simtref/config.h"
#include "units/wpt/wpt.h"
#include "units/wsched_mwf/wsched_mwf.h"

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

/* The bench sets "small" (NTB=4 NS=2 CNT_W=3 COUNT_EXITED=0) and "small_ex"
 * (COUNT_EXITED=1). */

/* Fig. 7's arrivals (warp w belongs to scheduler w mod 2), then releases. */
static void vec_wpt_fig7_release(bv_env *e) {
  bv_unit *u = bv_open_set(e, &wpt_desc, "small", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
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
  bv_unit *u = bv_open_set(e, &wpt_desc, "small", NULL);
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
  bv_unit *u = bv_open_set(e, &wpt_desc, "small_ex", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
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

/* Fig. 7's MWF state (as wsched_mwf's directed vectors set it up): TB0 =
 * w0..w3, TB1 = w4..w7, TB2 = w8..w11, TB3 = w12..w15, one scheduler; last
 * issued w0 in TB0, w7 in TB1. */
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

/* Fig. 7 end to end: the WPT counts its arrivals, and MWF, fed the WPT's
 * registered counts, issues w8, w4, w6, w1, w3, w0. */
static void vec_wpt_mwf_fig7(bv_env *e) {
  bv_unit *w = bv_open_set(e, &wpt_desc, "small", NULL);
  /* wsched_mwf's bench set "lrr": one scheduler, NW=16 NTB=4 CNT_W=3. */
  bv_unit *m = bv_open_set(e, &wsched_mwf_desc, "lrr", NULL);
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
  BV_SET(in.ready, 0, 1, 3, 4, 6, 8);
  BV_GRANT_ORDER(m, wsched_mwf_in, wsched_mwf_out, &in, ready, ord, n);
  BV_ORDER_IS(e, "Fig. 7 through the WPT", ord, n, 8, 4, 6, 1, 3, 0);
}

const bv_vector ut_vectors_wpt[] = {
    {"wpt_fig7_release", vec_wpt_fig7_release},
    {"wpt_saturate", vec_wpt_saturate},
    {"wpt_count_exited", vec_wpt_count_exited},
    {"wpt_gtx480_width", vec_wpt_gtx480_width},
    {"wpt_mwf_fig7", vec_wpt_mwf_fig7},
    {NULL, NULL},
};
