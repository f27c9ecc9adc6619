/* Directed vectors of laperm, derived by hand from spec dtbl-laperm-dvfs.md
 * §1.3.1-§1.3.5 and §7 #14-#15 (each vector names the section it follows)
 * and, where the spec leaves a detail to the unit, from the unit's header
 * contract (cmodel/src/units/laperm/laperm.h), which is cited then. No
 * expected value was taken from a model's output: the Fig. 26 schedules
 * are the spec's text, round by round.
 *
 * They run on the C model in the cmocka test (unit/model/laperm, unit_ctests)
 * and on the Verilated RTL in lock-step with it in the bench (cosim/laperm,
 * unit_bench): there every expectation checks the RTL's own outputs. Their
 * parameters are the bench sets of verif/units/laperm/builds.cmake, by name. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "reference.h"
#include "units/laperm/laperm.h"

/* Expects the answer for in (no edge). */
static void expect_ans(bv_env *e, int line, bv_unit *u, const laperm_in *in, unsigned valid,
                       unsigned stage, unsigned qsm, unsigned lvl) {
  const laperm_out *o = bv_eval(u, in);
  bv_check(e, __FILE__, line,
           o->valid == valid && o->stage == stage && o->qsm == qsm && o->lvl == lvl, "answer",
           "SM %u: valid %u stage %u qsm %u lvl %u, want %u %u %u %u", in->smx, o->valid,
           o->stage, o->qsm, o->lvl, valid, stage, qsm, lvl);
}
#define ANS(u, in, v, st, q, l) expect_ans(e, __LINE__, (u), (in), (v), (st), (q), (l))

static const laperm_state *st_of(const bv_unit *u) { return bv_state(u); }

/* ---- §1.3.5: the Fig. 26 example schedules ----------------------------------- */

/* (a) round robin: KD FCFS (§7 #11), children after every earlier block. */
static void vec_fig26_rr(bv_env *e) {
  static const char *const want[] = {"P0 P1 P2 P3", "P4 P5 P6 P7", "C0 C1 C2 C3", "C4 C5 - -"};
  ref_schedule s;
  BV_CHECK(e, ref_run(e, NULL, &ref_fig26, &s), "the workload finishes");
  ref_expect(e, __FILE__, __LINE__, "Fig. 26 RR", &s, want, 4);
}

/* (b) TB-Pri: C0@SMX0, C1@SMX1 in R2; C2-C5 on SMX0-3 in R3 (the text's
 * "SMX0-SMX1" is the typo §1.3.5 notes); P6, P7 last. */
static void vec_fig26_tbpri(bv_env *e) {
  static const char *const want[] = {"P0 P1 P2 P3", "C0 C1 P4 P5", "C2 C3 C4 C5", "P6 P7 - -"};
  bv_unit *u = bv_open_set(e, &laperm_desc, "fig26_tbpri", NULL);
  if (u == NULL) return;
  ref_schedule s;
  BV_CHECK(e, ref_run(e, u, &ref_fig26, &s), "the workload finishes");
  ref_expect(e, __FILE__, __LINE__, "Fig. 26 TB-Pri", &s, want, 4);
  for (unsigned k = 0; k < 4; k++) BV_EQ(e, st_of(u)->bvalid[k], 0);
}

/* (c) SMX-Bind: C0-C1 bound to SMX2 (P2's), C2-C5 to SMX0 (P4's); SMX3 idle
 * in R3, and only SMX0 works in R4-R6. */
static void vec_fig26_smxbind(bv_env *e) {
  static const char *const want[] = {"P0 P1 P2 P3", "P4 P5 C0 P6", "C2 P7 C1 -",
                                     "C3 - - -",    "C4 - - -",    "C5 - - -"};
  bv_unit *u = bv_open_set(e, &laperm_desc, "fig26_smxbind", NULL);
  if (u == NULL) return;
  ref_schedule s;
  BV_CHECK(e, ref_run(e, u, &ref_fig26, &s), "the workload finishes");
  ref_expect(e, __FILE__, __LINE__, "Fig. 26 SMX-Bind", &s, want, 6);
  for (unsigned k = 0; k < 4; k++) BV_EQ(e, st_of(u)->bvalid[k], 0);
}

/* (d) Adaptive-Bind: as SMX-Bind until SMX3 in R3, which steals C3 from
 * SMX0's queue; in R4 SMX0 runs C4 and SMX1 steals C5. Both thieves keep
 * SMX0 as their backup (§1.3.3). */
static void vec_fig26_adaptive(bv_env *e) {
  static const char *const want[] = {"P0 P1 P2 P3", "P4 P5 C0 P6", "C2 P7 C1 C3", "C4 C5 - -"};
  bv_unit *u = bv_open_set(e, &laperm_desc, "fig26_adaptive", NULL);
  if (u == NULL) return;
  ref_schedule s;
  BV_CHECK(e, ref_run(e, u, &ref_fig26, &s), "the workload finishes");
  ref_expect(e, __FILE__, __LINE__, "Fig. 26 Adaptive-Bind", &s, want, 4);
  const laperm_state *st = st_of(u);
  BV_EQ(e, st->bvalid[0], 0);
  BV_EQ(e, st->bvalid[1], 1);
  BV_EQ(e, st->backup[1], 0);
  BV_EQ(e, st->bvalid[2], 0);
  BV_EQ(e, st->bvalid[3], 1);
  BV_EQ(e, st->backup[3], 0);
}

/* ---- §1.3.1: TB-Pri on the K20c (13 SMX, L = 4) ------------------------------- */

static void vec_tbpri(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "k20c_tbpri", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  laperm_in in;
  memset(&in, 0, sizeof in);
  /* Nothing queued: no answer. */
  ANS(u, &in, 0, LAPERM_STAGE_NONE, 0, 0);
  /* Levels 1 and 3 of the global set: the highest, 3, for any SM. */
  in.ne[0] = 0x5;
  in.ne0 = 1;
  in.smx = 7;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 0, 3);
  in.smx = 12;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 0, 3);
  /* Level 4 (= L) beats them. */
  in.ne[0] = 0xF;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 0, 4);
  /* Only level 1 left. */
  in.ne[0] = 0x1;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 0, 1);
  /* The global levels empty: PQ0, whatever the other rows hold (TB-Pri has
   * one set of levels, row 0). */
  in.ne[0] = 0;
  in.ne[5] = 0xF;
  in.cnt[5] = 9;
  ANS(u, &in, 1, LAPERM_STAGE_PQ0, 0, 0);
  /* And nothing at all: no stealing in TB-Pri. */
  in.ne0 = 0;
  ANS(u, &in, 0, LAPERM_STAGE_NONE, 0, 0);
  /* A take changes no register. */
  in.ne[0] = 0x2;
  in.take = 1;
  bv_step(u, &in);
  bv_expect_reset_zero(e, u);
}

/* ---- §1.3.2: SMX-Bind: own levels, then PQ0, never another SM's ------------- */

static void vec_smxbind(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "k20c_smxbind", NULL);
  if (u == NULL) return;
  laperm_in in;
  memset(&in, 0, sizeof in);
  in.ne[3] = 0x6; /* SM 3: levels 2 and 3 */
  in.ne[9] = 0x8; /* SM 9: level 4 */
  in.cnt[3] = 2;
  in.cnt[9] = 1;
  in.ne0 = 1;
  in.smx = 3;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 3, 3);
  in.smx = 9;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 9, 4);
  /* SM 0 has no bound work: PQ0, although SMs 3 and 9 hold higher levels. */
  in.smx = 0;
  ANS(u, &in, 1, LAPERM_STAGE_PQ0, 0, 0);
  /* Without PQ0 it idles (§1.3.2's load imbalance). */
  in.ne0 = 0;
  ANS(u, &in, 0, LAPERM_STAGE_NONE, 0, 0);
  in.take = 1;
  bv_step(u, &in);
  bv_expect_reset_zero(e, u);
}

/* ---- §1.3.3, §7 #14: Adaptive-Bind's backup choice and stickiness ------------ */

static void vec_adaptive_choice(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "k20c_adaptive", NULL);
  if (u == NULL) return;
  laperm_in in;
  memset(&in, 0, sizeof in);
  /* Stages 1 and 2 first, as SMX-Bind. */
  in.ne[10] = 0x1;
  in.cnt[10] = 1;
  in.ne[2] = 0x3;
  in.cnt[2] = 5;
  in.ne0 = 1;
  in.smx = 10;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 10, 1);
  in.ne[10] = 0;
  in.cnt[10] = 0;
  ANS(u, &in, 1, LAPERM_STAGE_PQ0, 0, 0);
  in.ne0 = 0;
  /* Stage 3: SM 2 has the most blocks (5 against 3). */
  in.ne[11] = 0x4;
  in.cnt[11] = 3;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 2, 2);
  /* A large count on an SM with no queued entry does not count. */
  in.cnt[7] = 60000;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 2, 2);
  in.cnt[7] = 0;
  /* Ties go to the first id after smx (10): 11, 12, 0, 1, 2, ... */
  in.cnt[11] = 5;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 11, 3);
  in.ne[11] = 0;
  in.cnt[11] = 0;
  in.ne[9] = 0x1;
  in.cnt[9] = 5; /* SMs 2 and 9 tie: 2 comes first after 10 (wrapping), 9 last */
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 2, 2);
  in.smx = 1;    /* after SM 1: 2 before 9 */
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 2, 2);
  in.smx = 5;    /* after SM 5: 9 before 2 */
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 9, 1);
  in.smx = 2;    /* SM 2 itself is not a candidate (its row is its own) */
  in.ne[2] = 0;
  in.cnt[2] = 0;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 9, 1);
  /* Nothing anywhere else: none. */
  in.ne[9] = 0;
  in.cnt[9] = 0;
  ANS(u, &in, 0, LAPERM_STAGE_NONE, 0, 0);
  /* Not taken (the block did not fit, §7 #15): nothing is remembered
   * (laperm.h). */
  in.ne[2] = 0x3;
  in.cnt[2] = 5;
  in.smx = 10;
  in.take = 0;
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[10], 0);
  bv_expect_reset_zero(e, u);
}

static void vec_adaptive_sticky(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "k20c_adaptive", NULL);
  if (u == NULL) return;
  laperm_in in;
  memset(&in, 0, sizeof in);
  /* SM 4 steals from SM 6 (the most blocks) and takes it: backup[4] = 6. */
  in.smx = 4;
  in.ne[6] = 0x2;
  in.cnt[6] = 4;
  in.ne[8] = 0x1;
  in.cnt[8] = 2;
  in.take = 1;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 6, 2);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[4], 1);
  BV_EQ(e, st_of(u)->backup[4], 6);
  /* Sticky: SM 8 now has more blocks, SM 4 still drains SM 6. */
  in.cnt[6] = 1;
  in.cnt[8] = 7;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 6, 2);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->backup[4], 6);
  /* Another SM has its own backup: SM 5 chooses SM 8 (the most now). */
  in.smx = 5;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 8, 1);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[5], 1);
  BV_EQ(e, st_of(u)->backup[5], 8);
  BV_EQ(e, st_of(u)->backup[4], 6);
  /* Own work and PQ0 come first and leave the backup alone. */
  in.smx = 4;
  in.ne[4] = 0x8;
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 4, 4);
  bv_step(u, &in);
  in.ne[4] = 0;
  in.ne0 = 1;
  ANS(u, &in, 1, LAPERM_STAGE_PQ0, 0, 0);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->backup[4], 6);
  in.ne0 = 0;
  /* SM 6's queues empty: the backup is dropped for SM 8 at the next steal;
   * not taken, it stays SM 6 (and valid). */
  in.ne[6] = 0;
  in.cnt[6] = 0;
  in.take = 0;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 8, 1);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[4], 1);
  BV_EQ(e, st_of(u)->backup[4], 6);
  in.take = 1;
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->backup[4], 8);
  /* SM 6 has work again, and the most: SM 4 stays with SM 8. */
  in.ne[6] = 0x4;
  in.cnt[6] = 9;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 8, 1);
  /* Every other queue empty: none; the registers stay. */
  in.ne[6] = 0;
  in.ne[8] = 0;
  ANS(u, &in, 0, LAPERM_STAGE_NONE, 0, 0);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[4], 1);
  BV_EQ(e, st_of(u)->backup[4], 8);
  /* rst_ni clears every backup. */
  bv_reset(u);
  bv_expect_reset_zero(e, u);
}

/* ---- laperm.h: the widest unit (32 SMs, 15 levels, 3-bit counts) ------------- */

static void vec_widest(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "max_adaptive", NULL);
  if (u == NULL) return;
  laperm_in in;
  memset(&in, 0, sizeof in);
  in.smx = 31;
  in.ne[31] = 0x4001; /* levels 1 and 15 */
  ANS(u, &in, 1, LAPERM_STAGE_OWN, 31, 15);
  in.ne[31] = 0;
  /* Counts of 3 bits: 7 is the most; SM 0 (the first after 31) wins a tie. */
  in.ne[30] = 0x100;
  in.cnt[30] = 7;
  in.ne[0] = 0x2;
  in.cnt[0] = 7;
  in.ne[16] = 0x1;
  in.cnt[16] = 6;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 0, 2);
  in.take = 1;
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[31], 1);
  BV_EQ(e, st_of(u)->backup[31], 0);
  in.smx = 29; /* after 29: 30 first */
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 30, 9);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->backup[29], 30);
}

/* ---- laperm.h: an smx that names no SM (NS = 2) ------------------------------- */

static void vec_smx_out_of_range(bv_env *e) {
  bv_unit *u = bv_open_set(e, &laperm_desc, "two_adaptive", NULL);
  if (u == NULL) return;
  laperm_in in;
  memset(&in, 0, sizeof in);
  in.smx = 5;
  in.ne[1] = 0x2;
  in.cnt[1] = 1;
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 1, 2);
  in.take = 1;
  bv_step(u, &in);
  bv_expect_reset_zero(e, u);
  in.ne0 = 1;
  ANS(u, &in, 1, LAPERM_STAGE_PQ0, 0, 0);
  /* With two SMs the other one is the only candidate. */
  in.ne0 = 0;
  in.smx = 0;
  in.cnt[1] = 3; /* CNT_W = 2: the largest count */
  ANS(u, &in, 1, LAPERM_STAGE_STEAL, 1, 2);
  bv_step(u, &in);
  BV_EQ(e, st_of(u)->bvalid[0], 1);
  BV_EQ(e, st_of(u)->backup[0], 1);
}

const bv_vector ut_vectors_laperm[] = {
    {"fig26_rr", vec_fig26_rr},
    {"fig26_tbpri", vec_fig26_tbpri},
    {"fig26_smxbind", vec_fig26_smxbind},
    {"fig26_adaptive", vec_fig26_adaptive},
    {"tbpri_levels", vec_tbpri},
    {"smxbind_stages", vec_smxbind},
    {"adaptive_choice", vec_adaptive_choice},
    {"adaptive_sticky", vec_adaptive_sticky},
    {"widest", vec_widest},
    {"smx_out_of_range", vec_smx_out_of_range},
    {NULL, NULL},
};
