/* Directed vectors of dvfs, worked out by hand from spec dtbl-laperm-dvfs.md
 * §1.4.1-§1.4.3 (the three steps and Fig. 36's per-sample flow), §6.2 (the
 * window accumulation, the transitions: the lower frequency and the higher
 * voltage while one runs) and §7 #22 (leaving the GPU level), and, where
 * the spec leaves a detail to the unit, from its header contract
 * (cmodel/src/units/dvfs/dvfs.h), cited then. Every expected value below
 * was computed from the cycle numbers in the comments: cycle c is evaluated
 * after c clock edges, so a sample ends in cycle c with c mod S = S-1, and a
 * transition started at that edge (xcnt = P) settles at the edge of cycle
 * c + P, visible from cycle c + P + 1.
 *
 * They run on the C model in the cmocka test (unit/model/dvfs, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/dvfs,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/dvfs/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/dvfs/dvfs.h"

typedef struct vx {
  bv_env *e;
  bv_unit *u;
  dvfs_params p;
  dvfs_in in;
  unsigned long c; /* the cycle evaluated next */
} vx;

static bool vopen(vx *v, bv_env *e, const char *set) {
  memset(v, 0, sizeof *v);
  v->e = e;
  v->u = bv_open_set(e, &dvfs_desc, set, &v->p);
  return v->u != NULL;
}

static const dvfs_state *st(const vx *v) { return bv_state(v->u); }

/* This cycle's outputs for the inputs as they are (no edge). */
static const dvfs_out *peek(vx *v) { return bv_eval(v->u, &v->in); }

/* One cycle: evaluate, clock. Returns the cycle's outputs. */
static const dvfs_out *step(vx *v) {
  const dvfs_out *o = bv_step(v->u, &v->in);
  v->c++;
  return o;
}

/* n cycles with the inputs as they are; every one before a sample end must
 * say sample 0 (the sample cycles are stepped by the vectors themselves). */
static void run(vx *v, unsigned long n) {
  for (unsigned long k = 0; k < n; k++) {
    step(v);
  }
}

/* Up to the next sample cycle (not stepped). */
static void to_sample(vx *v) {
  while (st(v)->cnt + 1u != v->p.sample) {
    const dvfs_out *o = step(v);
    if (o->sample) {
      BV_CHECK(v->e, 0, "cycle %lu: sample before cnt = S-1", v->c - 1);
      return;
    }
  }
}

static void act(vx *v, unsigned i, unsigned a) { v->in.active[i] = (uint8_t)a; }
static void act_all(vx *v, unsigned a) {
  for (unsigned i = 0; i < v->p.n_sms; i++) v->in.active[i] = (uint8_t)a;
}
static void fits_all(vx *v, unsigned f) {
  for (unsigned i = 0; i < v->p.n_sms; i++) v->in.fits[i] = (uint8_t)f;
}

/* SM i's outputs. */
static void expect_sm(vx *v, int line, const dvfs_out *o, unsigned i, unsigned closed,
                      unsigned flow, unsigned vlow, unsigned dvr, unsigned drn) {
  bv_check(v->e, __FILE__, line,
           o->closed[i] == closed && o->flow[i] == flow && o->vlow[i] == vlow &&
               o->dvr[i] == dvr && o->drn[i] == drn,
           "SM outputs",
           "cycle %lu SM %u: closed %u flow %u vlow %u dvr %u drn %u, want %u %u %u %u %u", v->c,
           i, o->closed[i], o->flow[i], o->vlow[i], o->dvr[i], o->drn[i], closed, flow, vlow, dvr,
           drn);
}
#define SM(o, i, cl, fl, vl, dv, dr) expect_sm(v, __LINE__, (o), (i), (cl), (fl), (vl), (dv), (dr))

static void expect_gpu(vx *v, int line, const dvfs_out *o, unsigned gflow, unsigned gvlow,
                       uint64_t dvfs) {
  bv_check(v->e, __FILE__, line, o->gflow == gflow && o->gvlow == gvlow && o->dvfs == dvfs,
           "GPU outputs", "cycle %lu: gflow %u gvlow %u dvfs %#llx, want %u %u %#llx", v->c,
           o->gflow, o->gvlow, (unsigned long long)o->dvfs, gflow, gvlow,
           (unsigned long long)dvfs);
}
#define GPU(o, gf, gv, d) expect_gpu(v, __LINE__, (o), (gf), (gv), (d))

/* ---- §1.4.1-§1.4.3 on two SMs: drain, its completion, the low P-state, resume ---- */

/* two: NS 2, MAXW 8, S 8, THR 8, FULL 64, W 3, P 2, DRAIN 1, GLVL 0. */
static void vec_drain_low_resume(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "two")) return;
  bv_expect_reset_zero(e, v->u);
  const dvfs_out *o = peek(v);
  BV_EQ(e, o->sample, 0);
  SM(o, 0, 0, 0, 0, 0, 0);
  GPU(o, 0, 0, 0);
  /* Sample 1 (cycles 0-7): SM 0 idle but for one warp in cycle 7 (occupancy
   * 1 < 8, not zero at the instant); SM 1 at 4 warps (32: a target). */
  act(v, 1, 4);
  run(v, 7);
  act(v, 0, 1);
  v->in.fits[1] = 1;
  o = step(v); /* cycle 7 */
  BV_EQ(e, o->sample, 1);
  SM(o, 0, 0, 0, 0, 0, 0);
  BV_EQ(e, st(v)->dvr[0], 1); /* TB diversion, then draining (§1.4.1 steps 1-2) */
  BV_EQ(e, st(v)->drn[0], 1);
  BV_EQ(e, st(v)->dcnt[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 0);
  BV_EQ(e, st(v)->dvr[1], 0);
  BV_EQ(e, st(v)->acc[0], 0);
  BV_EQ(e, st(v)->acc[1], 0);
  BV_EQ(e, st(v)->cnt, 0);
  v->in.fits[1] = 0;
  o = peek(v); /* cycle 8: closed to new blocks, still at full speed (§7 #23) */
  SM(o, 0, 1, 0, 0, 1, 1);
  SM(o, 1, 0, 0, 0, 0, 0);
  GPU(o, 0, 0, 0);
  /* Sample 2: SM 0's last warp leaves in cycle 15: the drain completes,
   * the transition to low starts (DVFS[1] set). */
  to_sample(v);
  act(v, 0, 0);
  o = step(v); /* cycle 15 */
  BV_EQ(e, o->sample, 1);
  BV_EQ(e, st(v)->drn[0], 0);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->xcnt[0], 2);
  BV_EQ(e, st(v)->xtgt[0], 1);
  /* Cycles 16, 17: in transition, at the low frequency and the high voltage (§6.2). */
  o = step(v);
  SM(o, 0, 1, 1, 0, 1, 0);
  GPU(o, 0, 0, 0x2);
  o = step(v);
  SM(o, 0, 1, 1, 0, 1, 0);
  BV_EQ(e, st(v)->lvl[0], 1); /* settled at the edge of cycle 17 */
  o = peek(v);                /* cycle 18: low, both */
  SM(o, 0, 1, 1, 1, 1, 0);
  GPU(o, 0, 0, 0x2);
  /* Sample 3 (cycle 23): a block waits, but SM 1 (not diverted) can take it: no resume. */
  v->in.pending = 1;
  v->in.fits[1] = 1;
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->xcnt[0], 0);
  /* Sample 4 (cycle 31): nothing waits: no resume, whoever fits. */
  v->in.pending = 0;
  v->in.fits[1] = 0;
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  /* Sample 5 (cycle 39): a block waits and no non-diverted SM fits (SM 0's
   * own fit does not count, it is diverted): SM 0 resumes (§1.4.1 step 3). */
  v->in.pending = 1;
  v->in.fits[0] = 1;
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 2);
  BV_EQ(e, st(v)->xtgt[0], 0);
  /* Cycles 40, 41: going up: still closed (dispatch restarts only after the
   * transition, §1.4.2), low frequency, high voltage, DVFS[1] still set. */
  o = step(v);
  SM(o, 0, 1, 1, 0, 0, 0);
  GPU(o, 0, 0, 0x2);
  o = step(v);
  SM(o, 0, 1, 1, 0, 0, 0);
  o = peek(v); /* cycle 42: nominal; DVFS[1] cleared when the transition completed */
  SM(o, 0, 0, 0, 0, 0, 0);
  GPU(o, 0, 0, 0);
  BV_EQ(e, st(v)->lvl[0], 0);
  /* Sample 6 (cycle 47): SM 0 idle all sample: diverted straight to low
   * (draining skipped, occupancy 0 at the start). */
  fits_all(v, 1);
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->drn[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 2);
  BV_EQ(e, st(v)->xtgt[0], 1);
  o = peek(v);
  SM(o, 0, 1, 1, 0, 1, 0);
  GPU(o, 0, 0, 0x2);
  /* rst_ni: every register 0. */
  bv_reset(v->u);
  bv_expect_reset_zero(e, v->u);
}

/* The drain abandoned after W = 3 samples; occupancy equal to T is no bubble. */
static void vec_drain_abandoned(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "two")) return;
  act(v, 1, 4);
  run(v, 7);
  act(v, 0, 1);
  v->in.fits[1] = 1;
  step(v); /* cycle 7: draining, dcnt 0 */
  BV_EQ(e, st(v)->drn[0], 1);
  /* SM 0 keeps one warp: samples 2 and 3 count, the third abandons. */
  to_sample(v);
  step(v); /* cycle 15 */
  BV_EQ(e, st(v)->drn[0], 1);
  BV_EQ(e, st(v)->dcnt[0], 1);
  to_sample(v);
  step(v); /* cycle 23 */
  BV_EQ(e, st(v)->drn[0], 1);
  BV_EQ(e, st(v)->dcnt[0], 2);
  to_sample(v);
  const dvfs_out *o = step(v); /* cycle 31: dcnt + 1 = 3 >= W: abandon */
  SM(o, 0, 1, 0, 0, 1, 1);
  o = peek(v); /* cycle 32: SM 0 receives blocks normally again */
  SM(o, 0, 0, 0, 0, 0, 0);
  BV_EQ(e, st(v)->xcnt[0], 0);
  BV_EQ(e, st(v)->lvl[0], 0);
  /* Sample 5 (cycle 39): SM 0 at one warp every cycle: 8 = T, not below:
   * no bubble, no diversion, although SM 1 is a target. */
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 0);
  /* Sample 6 (cycle 47): 7 of 8 cycles at one warp (7 < 8): a bubble, and
   * the last cycle's warp counts in the occupancy but is not zero: drain. */
  act(v, 0, 0);
  step(v); /* cycle 40 */
  act(v, 0, 1);
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->drn[0], 1);
}

/* k20c: W = 10 samples = 5000 cycles (§1.4.1 step 2); a target must have
 * the resources for the next block (condition 3). */
static void vec_k20c_drain_timing(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "k20c")) return;
  /* Every SM but 0 at 10 warps (5000 warp-cycles per sample, >= 2000); a
   * block waits (no GPU-level DVFS). Sample 1 (cycle 499): SM 0 at one
   * warp in its last cycle (1 < 2000), but no SM has room: no diversion. */
  act_all(v, 10);
  act(v, 0, 0);
  v->in.pending = 1;
  run(v, 499);
  act(v, 0, 1);
  step(v);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* Sample 2 (cycle 999): SM 1 has room: SM 0 drains. */
  act(v, 0, 0);
  to_sample(v);
  act(v, 0, 1);
  v->in.fits[1] = 1;
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->drn[0], 1);
  for (unsigned i = 1; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* Nine more samples of draining (cycles 1499 ... 5499), the tenth abandons (5999). */
  for (unsigned k = 1; k <= 9; k++) {
    to_sample(v);
    step(v);
    BV_EQ(e, st(v)->dcnt[0], k);
    BV_EQ(e, st(v)->drn[0], 1);
  }
  BV_EQ(e, v->c, 5500);
  to_sample(v);
  BV_EQ(e, v->c, 5999);
  const dvfs_out *o = step(v);
  SM(o, 0, 1, 0, 0, 1, 1);
  o = peek(v);
  SM(o, 0, 0, 0, 0, 0, 0);
}

/* ---- §1.4.1 step 1: the four target conditions, one failing at a time ----------- */

/* mid: NS 13, MAXW 16, S 16, THR 16, FULL 256, W 4, P 40, DRAIN 1, GLVL 1. A
 * block waits throughout (no GPU-level DVFS). SM 0 is in a bubble each time. */
static void vec_no_target(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "mid")) return;
  v->in.pending = 1;
  /* (3) resources: SMs 1-12 at 2 warps (32: in range), none fits. */
  act_all(v, 2);
  act(v, 0, 0);
  to_sample(v);
  step(v); /* cycle 15 */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* (2) occupancy < 100%: SMs 1-12 full (16 x 16 = 256 = FULL), all fit. */
  act_all(v, 16);
  act(v, 0, 0);
  fits_all(v, 1);
  to_sample(v);
  step(v); /* cycle 31 */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* occ >= T (the first half of condition 1): every SM in a bubble. */
  act_all(v, 0);
  to_sample(v);
  step(v); /* cycle 47 */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* Set up condition 1's other half: SM 2 (32) is the target; SMs 0, 3-12
   * idle go straight to low, SM 1 with a warp at the instant drains. */
  fits_all(v, 0);
  v->in.fits[2] = 1;
  act(v, 2, 2);
  run(v, 15);
  act(v, 1, 1);
  step(v); /* cycle 63 */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], i != 2);
  BV_EQ(e, st(v)->drn[1], 1);
  BV_EQ(e, st(v)->xcnt[0], 40);
  /* (1) !DVR[j]: now SM 1 (draining) is the only SM in range that fits; SM 2
   * falls into a bubble: no target, SM 2 stays. */
  act(v, 1, 2);
  act(v, 2, 0);
  fits_all(v, 0);
  v->in.fits[1] = 1;
  to_sample(v);
  step(v); /* cycle 79 */
  BV_EQ(e, st(v)->dvr[2], 0);
  BV_EQ(e, st(v)->drn[1], 1);
  BV_EQ(e, st(v)->dcnt[1], 1);
  BV_EQ(e, st(v)->xcnt[0], 24); /* 40 - 16: SMs 0, 3-12 still going down (skipped) */
}

/* DRAIN 0 ("DVFS without draining"), P > S: transitions in progress skip
 * the sample; a resuming SM is no target. mid_direct: NS 13, MAXW 16, S 8,
 * THR 8, FULL 128, W 2, P 20, DRAIN 0, GLVL 0. */
static void vec_no_drain_and_skips(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "mid_direct")) return;
  /* SMs 2-12 at one warp (8 = T: no bubble, in range, but none fits); SM 1
   * at 4 (32), fits; SM 0 idle but for one warp at the instant. */
  act_all(v, 1);
  act(v, 0, 0);
  act(v, 1, 4);
  run(v, 7);
  act(v, 0, 1);
  v->in.fits[1] = 1;
  step(v); /* cycle 7: straight to low although a warp is active */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], i == 0);
  BV_EQ(e, st(v)->drn[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 20);
  BV_EQ(e, st(v)->xtgt[0], 1);
  const dvfs_out *o = peek(v);
  SM(o, 0, 1, 1, 0, 1, 0);
  GPU(o, 0, 0, 0x2);
  /* Cycle 15: a block waits, no SM fits: SM 0 would be a resume candidate,
   * but its transition (13 cycles left) skips it. */
  act(v, 0, 0);
  fits_all(v, 0);
  v->in.pending = 1;
  to_sample(v);
  BV_EQ(e, st(v)->xcnt[0], 13);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->xcnt[0], 12);
  to_sample(v);
  step(v); /* cycle 23: 5 left, skipped again */
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->xcnt[0], 4);
  run(v, 4); /* the edge of cycle 27 settles it */
  o = peek(v);
  SM(o, 0, 1, 1, 1, 1, 0);
  /* Cycle 31: SM 0 resumes. */
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 20);
  BV_EQ(e, st(v)->xtgt[0], 0);
  /* Cycle 39: SM 0 (going up, 13 left) is in range (2 warps: 16) and
   * fits, SM 1 is in a bubble: SM 0 is no target (a transition in
   * progress), SMs 2-12 do not fit: SM 1 stays; SM 0 itself is skipped. */
  act(v, 0, 2);
  act(v, 1, 0);
  v->in.fits[0] = 1;
  v->in.pending = 0;
  to_sample(v);
  step(v);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  BV_EQ(e, st(v)->xcnt[0], 12);
  /* Cycle 47: SM 0 still going up (5 left), now in a bubble with a target,
   * SM 2 (32, fits): skipped; SM 1, idle, goes straight to low. */
  act(v, 0, 0);
  act(v, 1, 0);
  act(v, 2, 4);
  fits_all(v, 0);
  v->in.fits[2] = 1;
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 0); /* skipped: its transition runs */
  BV_EQ(e, st(v)->dvr[1], 1); /* idle: straight to low */
  BV_EQ(e, st(v)->xcnt[1], 20);
}

/* ---- §1.4.1 step 3: at most one resume per sample -------------------------------- */

static void vec_one_resume_per_sample(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "mid")) return;
  v->in.pending = 1;
  /* Cycle 15: SMs 0 and 1 idle (straight to low), SM 2 the target, SMs
   * 3-12 at 4 warps (64) without room. */
  act_all(v, 4);
  act(v, 0, 0);
  act(v, 1, 0);
  act(v, 2, 2);
  v->in.fits[2] = 1;
  to_sample(v);
  step(v);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], i < 2);
  /* Low from cycle 56 (P = 40). Cycles 31 and 47 skip them. */
  fits_all(v, 0);
  to_sample(v);
  step(v);
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->xcnt[0], 8);
  run(v, 8);
  BV_EQ(e, st(v)->lvl[0], 1);
  BV_EQ(e, st(v)->lvl[1], 1);
  /* Cycle 63: both are candidates; SM 0, the lowest-numbered, resumes. */
  to_sample(v);
  BV_EQ(e, v->c, 63);
  step(v);
  BV_EQ(e, st(v)->dvr[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 40);
  BV_EQ(e, st(v)->dvr[1], 1);
  BV_EQ(e, st(v)->xcnt[1], 0);
  /* Cycle 79: SM 0, resuming, fits: a non-diverted SM can take the block,
   * SM 1 waits. */
  v->in.fits[0] = 1;
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[1], 1);
  /* Cycle 95: nothing fits: SM 1 resumes. */
  fits_all(v, 0);
  to_sample(v);
  step(v);
  BV_EQ(e, st(v)->dvr[1], 0);
  BV_EQ(e, st(v)->xcnt[1], 40);
  BV_EQ(e, st(v)->xtgt[1], 0);
  const dvfs_out *o = peek(v);
  SM(o, 0, 1, 1, 0, 0, 0); /* SM 0 going up, 8 left */
  SM(o, 1, 1, 1, 0, 0, 0);
  GPU(o, 0, 0, 0x6);
}

/* ---- GPU-level DVFS (§1.4.2, §7 #22) ---------------------------------------------- */

/* mid: the sample that takes the GPU level low runs no per-SM flow (Fig.
 * 36's `continue`), although SM 1 was in range until its last cycle. */
static void vec_gpu_entry_skips(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "mid")) return;
  act(v, 1, 4);
  run(v, 15); /* SM 1: 60 warp-cycles, >= 16 */
  act(v, 1, 0);
  fits_all(v, 1);
  step(v); /* cycle 15: every SM idle, nothing waits */
  BV_EQ(e, st(v)->gxcnt, 40);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  /* The next sample (cycle 31) is skipped too: the GPU level is moving. */
  act(v, 1, 4);
  to_sample(v);
  step(v);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  BV_EQ(e, st(v)->gxcnt, 24);
}

/* The K20c. */

static void vec_k20c_gpu_level(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "k20c")) return;
  bv_expect_reset_zero(e, v->u);
  /* Cycles 0-498: SM 1 at 10 warps (it becomes an SM in range, 4990). */
  act(v, 1, 10);
  for (unsigned k = 0; k < 499; k++) {
    const dvfs_out *o = step(v);
    if (o->sample) BV_CHECK(e, 0, "cycle %u: sample", k);
  }
  /* Cycle 499: every SM idle, nothing pending: the GPU goes low; the
   * sample's per-SM flow is skipped (SM 0 would be diverted to SM 1). */
  act(v, 1, 0);
  v->in.fits[1] = 1;
  const dvfs_out *o = step(v);
  BV_EQ(e, o->sample, 1);
  GPU(o, 0, 0, 0);
  BV_EQ(e, st(v)->gxcnt, 500);
  BV_EQ(e, st(v)->gxtgt, 1);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  v->in.fits[1] = 0;
  o = peek(v); /* cycle 500: descending: low frequency, high voltage, closed */
  GPU(o, 1, 0, 0x1);
  for (unsigned i = 0; i < 13; i++) SM(o, i, 1, 1, 0, 0, 0);
  run(v, 499);
  /* Cycle 999: a block waits, but the GPU is still descending (1 left). */
  BV_EQ(e, st(v)->gxcnt, 1);
  v->in.pending = 1;
  step(v);
  BV_EQ(e, st(v)->glvl, 1);
  BV_EQ(e, st(v)->gxcnt, 0);
  o = peek(v); /* cycle 1000: low */
  GPU(o, 1, 1, 0x1);
  for (unsigned i = 0; i < 13; i++) SM(o, i, 1, 1, 1, 0, 0);
  /* Cycle 1499: pending: back to nominal; SM 0 in a bubble with SM 1 in
   * range is left alone (the sample is still skipped). */
  act(v, 1, 10);
  to_sample(v);
  v->in.fits[1] = 1;
  step(v);
  BV_EQ(e, st(v)->gxcnt, 500);
  BV_EQ(e, st(v)->gxtgt, 0);
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  o = peek(v); /* cycle 1500: ascending: low frequency, high voltage, DVFS[0] kept */
  GPU(o, 1, 0, 0x1);
  SM(o, 0, 1, 1, 0, 0, 0);
  to_sample(v);
  step(v); /* cycle 1999: 1 left: skipped */
  for (unsigned i = 0; i < 13; i++) BV_EQ(e, st(v)->dvr[i], 0);
  o = peek(v); /* cycle 2000: nominal */
  GPU(o, 0, 0, 0);
  SM(o, 0, 0, 0, 0, 0, 0);
  /* Cycle 2499: the per-SM flow again: SM 1 (4990) is the target; SMs 0
   * and 2-12, idle, go straight to low. */
  to_sample(v);
  step(v);
  for (unsigned i = 0; i < 13; i++) {
    BV_EQ(e, st(v)->dvr[i], i != 1);
    BV_EQ(e, st(v)->xcnt[i], i != 1 ? 500 : 0);
  }
  o = peek(v);
  GPU(o, 0, 0, 0x3ffaull); /* DVFS[1] and DVFS[3..13] */
}

/* ---- edges of the parameter space --------------------------------------------- */

/* widest: NS 2, MAXW 64, S 65535, THR 262140, FULL 4194240, W 255, P 65535.
 * Only more warps than MAXW reach the 22-bit maximum; it saturates. */
static void vec_saturation(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "widest")) return;
  act(v, 0, 127);
  act(v, 1, 64);
  run(v, 33026);
  BV_EQ(e, st(v)->acc[0], 127u * 33026u); /* 4194302 */
  step(v);
  BV_EQ(e, st(v)->acc[0], DVFS_ACC_MAX); /* 4194429 would not fit */
  run(v, 1000);
  BV_EQ(e, st(v)->acc[0], DVFS_ACC_MAX);
  to_sample(v);
  BV_EQ(e, v->c, 65534);
  BV_EQ(e, st(v)->acc[1], 64u * 65534u);
  /* SM 1 reaches FULL exactly (not < FULL: no target); no bubble anyway. */
  v->in.fits[1] = 1;
  const dvfs_out *o = step(v);
  BV_EQ(e, o->sample, 1);
  BV_EQ(e, st(v)->acc[0], 0);
  BV_EQ(e, st(v)->acc[1], 0);
  BV_EQ(e, st(v)->cnt, 0);
  BV_EQ(e, st(v)->dvr[0], 0);
  BV_EQ(e, st(v)->dvr[1], 0);
}

/* s1: NS 4, MAXW 4, S 1, THR 1, FULL 4, W 2, P 1: every cycle ends a sample. */
static void vec_every_cycle(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "s1")) return;
  /* Cycle 0: SM 0 idle (bubble), SM 1 at 2 (a target), SM 2 at 4 (FULL,
   * no target), SM 3 at 1 with no room. */
  act(v, 1, 2);
  act(v, 2, 4);
  act(v, 3, 1);
  v->in.fits[1] = 1;
  v->in.fits[2] = 1;
  v->in.pending = 1;
  const dvfs_out *o = step(v);
  BV_EQ(e, o->sample, 1);
  BV_EQ(e, st(v)->dvr[0], 1);
  BV_EQ(e, st(v)->xcnt[0], 1);
  /* Cycle 1: in transition (skipped); SM 3 falls to 0 warps, but SM 1 is
   * at 4 now, full: no target. */
  act(v, 1, 4);
  act(v, 3, 0);
  o = step(v);
  BV_EQ(e, o->sample, 1);
  SM(o, 0, 1, 1, 0, 1, 0);
  BV_EQ(e, st(v)->dvr[3], 0);
  BV_EQ(e, st(v)->lvl[0], 1);
  /* Cycle 2: SM 0 low; a block waits, nothing fits: it resumes. SM 3 in a
   * bubble again, SM 1 (3) in range but without room: no target. */
  fits_all(v, 0);
  act(v, 1, 3);
  act(v, 3, 0);
  o = step(v);
  SM(o, 0, 1, 1, 1, 1, 0);
  BV_EQ(e, st(v)->dvr[0], 0);
  BV_EQ(e, st(v)->xcnt[0], 1);
  BV_EQ(e, st(v)->dvr[3], 0); /* no SM fits: no target */
  v->in.fits[1] = 1;
  act(v, 3, 0);
  act(v, 0, 1);
  o = step(v); /* cycle 3: SM 0 going up (skipped); SM 3 idle: straight to low */
  SM(o, 0, 1, 1, 0, 0, 0);
  BV_EQ(e, st(v)->dvr[3], 1);
  BV_EQ(e, st(v)->lvl[0], 0);
  /* Cycle 4: every SM idle, nothing pending: the GPU goes low (P = 1). */
  act_all(v, 0);
  fits_all(v, 0);
  v->in.pending = 0;
  step(v);
  BV_EQ(e, st(v)->gxcnt, 1);
  o = step(v); /* cycle 5: descending; skipped */
  GPU(o, 1, 0, 0x1 | 0x10);
  o = step(v); /* cycle 6: low */
  GPU(o, 1, 1, 0x1 | 0x10);
  v->in.pending = 1;
  o = step(v); /* cycle 7: a block waits: the exit starts */
  GPU(o, 1, 1, 0x11);
  BV_EQ(e, st(v)->gxcnt, 1);
  BV_EQ(e, st(v)->gxtgt, 0);
  o = step(v); /* cycle 8: ascending */
  GPU(o, 1, 0, 0x11);
  o = peek(v); /* cycle 9: nominal */
  GPU(o, 0, 0, 0x10);
}

/* one: a single SM is never diverted (no other SM can be the target);
 * GPU-level DVFS enters and leaves at the first samples that allow it. */
static void vec_one_sm(bv_env *e) {
  vx vv, *v = &vv;
  if (!vopen(v, e, "one")) return;
  v->in.pending = 1;
  v->in.fits[0] = 1;
  to_sample(v);
  step(v); /* cycle 3: a bubble, no target */
  BV_EQ(e, st(v)->dvr[0], 0);
  v->in.pending = 0;
  to_sample(v);
  step(v); /* cycle 7: idle, nothing waits: the GPU goes low, P = 3 */
  BV_EQ(e, st(v)->gxcnt, 3);
  run(v, 3); /* edges of cycles 8-10: low */
  BV_EQ(e, st(v)->glvl, 1);
  v->in.pending = 1;
  const dvfs_out *o = step(v); /* cycle 11: the exit starts */
  BV_EQ(e, o->sample, 1);
  GPU(o, 1, 1, 1);
  BV_EQ(e, st(v)->gxcnt, 3);
  BV_EQ(e, st(v)->gxtgt, 0);
  BV_EQ(e, st(v)->dvr[0], 0);
}

const bv_vector ut_vectors_dvfs[] = {
    {"drain_low_resume", vec_drain_low_resume},
    {"drain_abandoned", vec_drain_abandoned},
    {"k20c_drain_timing", vec_k20c_drain_timing},
    {"no_target", vec_no_target},
    {"no_drain_and_skips", vec_no_drain_and_skips},
    {"one_resume_per_sample", vec_one_resume_per_sample},
    {"gpu_entry_skips", vec_gpu_entry_skips},
    {"k20c_gpu_level", vec_k20c_gpu_level},
    {"saturation", vec_saturation},
    {"every_cycle", vec_every_cycle},
    {"one_sm", vec_one_sm},
    {NULL, NULL},
};
