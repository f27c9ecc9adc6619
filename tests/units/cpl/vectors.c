/* Directed vectors of cpl, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.3.2 (Eq. 4.1,
 * Algorithms 5 and 6) and §7 B-1, B-2, B-7, B-10 (each vector names the part it follows) and,
 * where the spec leaves a detail to the unit, from the unit's header contract
 * (cmodel/src/units/cpl/cpl.h), which is cited then. No expected value was taken from a
 * model's output: each is worked out in the comment beside it.
 *
 * They run on the C model (unit/model/cpl) and on the Verilated RTL in lock-step with it
 * (cosim/cpl). Parameters: the bench sets of verif/units/cpl/builds.cmake, "wide" (NW=8 NS=2
 * NTB=4 NINST_W=16 CRIT_W=24) and "small" (NINST_W=6 CRIT_W=12). */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/cpl/cpl.h"

typedef struct cev {
  uint32_t now;
  int launch[4]; /* warp slots launched (-1 ends) */
  unsigned kstatic;
  int commit_w, commit_n; /* one warp's write-backs */
  int iss_w[2];           /* per scheduler: the warp issued, or -1 */
  uint32_t pc[2], next[2];
} cev;

/* Warps 0..7 in TB w / 2; all live unless dead says otherwise. */
static void cpl_fill(cpl_in *in, uint8_t dead) {
  memset(in, 0, sizeof *in);
  for (unsigned w = 0; w < 8; w++) {
    in->tb[w] = (uint8_t)(w / 2);
    in->live[w] = !(dead >> w & 1);
  }
}

static void cpl_apply(bv_unit *u, const cev *ev, uint8_t dead) {
  cpl_in in;
  cpl_fill(&in, dead);
  in.now = ev->now;
  for (unsigned k = 0; k < 4 && ev->launch[k] >= 0; k++) {
    in.launch[ev->launch[k]] = 1;
    in.kstatic[ev->launch[k]] = (uint16_t)ev->kstatic;
  }
  if (ev->commit_w >= 0) in.commit[ev->commit_w] = (uint8_t)ev->commit_n;
  for (unsigned k = 0; k < 2; k++) {
    if (ev->iss_w[k] >= 0) {
      in.iss_valid[k] = 1;
      in.iss_slot[k] = (uint8_t)ev->iss_w[k];
      in.iss_pc[k] = ev->pc[k];
      in.iss_next[k] = ev->next[k];
    }
  }
  bv_step(u, &in);
}

#define NOL {-1, -1, -1, -1}

static const cpl_state *cs(bv_unit *u) { return bv_state(u); }

static const cpl_out *cpl_look(bv_unit *u, uint8_t dead) {
  cpl_in in;
  cpl_fill(&in, dead);
  return bv_eval(u, &in);
}

/* Algorithm 5 (PC1: @p0 bra L2 -> PC4; PC2 add; PC3 bra L3 -> PC5; PC4 sub; PC5 mov) with
 * the signed-delta rule of B-1: a taken forward jump skips n - c - 1 instructions. Three warps
 * of a kernel of 5 instructions start with nInst = 5: w0 takes the branch (PC1 -> PC4), w2
 * falls through and jumps at PC3 (PC3 -> PC5), w4 diverges (PC1, 2, 3, 4, 5 in a row: no
 * discontinuity, it runs m + n instructions). */
static void vec_cpl_alg5(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cpl_desc, "wide", NULL);
  if (u == NULL) return;
  bv_expect_reset_zero(e, u);
  cpl_apply(u, &(cev){100, {0, 2, 4, -1}, 5, -1, 0, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->ninst[0], 5);
  BV_EQ(e, cs(u)->ninst[4], 5);
  BV_EQ(e, cs(u)->t_launch[2], 100);
  /* PC1 -> PC4 (w0, scheduler 0) and PC1 -> PC2 (w2... on scheduler 0 too, so next cycle). */
  cpl_apply(u, &(cev){101, NOL, 0, -1, 0, {0, -1}, {1, 0}, {4, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[0], 3); /* 5 - (4 - 1 - 1) */
  cpl_apply(u, &(cev){102, NOL, 0, -1, 0, {2, -1}, {1, 0}, {2, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[2], 5); /* fall-through: no discontinuity */
  cpl_apply(u, &(cev){103, NOL, 0, -1, 0, {2, -1}, {2, 0}, {3, 0}}, 0);
  cpl_apply(u, &(cev){104, NOL, 0, -1, 0, {2, -1}, {3, 0}, {5, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[2], 4); /* PC3 -> PC5 skips PC4 */
  for (uint32_t pc = 1; pc <= 5; pc++) {
    cpl_apply(u, &(cev){104 + pc, NOL, 0, -1, 0, {4, -1}, {pc, 0}, {pc + 1, 0}}, 0);
  }
  BV_EQ(e, cs(u)->ninst[4], 5); /* divergent: the whole path, nothing skipped */
  /* A loop: PC5 -> PC2 adds the 4 instructions PC2..PC5 again (5 - 2 + 1). */
  cpl_apply(u, &(cev){110, NOL, 0, -1, 0, {4, -1}, {5, 0}, {2, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[4], 9);
  /* A branch to itself (n == c) adds 1. */
  cpl_apply(u, &(cev){111, NOL, 0, -1, 0, {4, -1}, {7, 0}, {7, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[4], 10);
  /* Commits lower nInst one each (the commit decrement). */
  cpl_apply(u, &(cev){112, NOL, 0, 4, 3, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->ninst[4], 7);
  BV_EQ(e, cs(u)->committed[4], 3);
}

/* Eq. 4.1 with Algorithm 6's nStall (B-10: the first gap counts from the launch, minus 1)
 * and B-2's CPI = ((now - launch) << 8) / max(1, committed), Q.8. */
static void vec_cpl_criticality(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cpl_desc, "wide", NULL);
  if (u == NULL) return;
  cpl_apply(u, &(cev){100, {0, 1, -1, -1}, 5, -1, 0, {-1, -1}, {0}, {0}}, 0);
  /* now 110: w0 issues PC1 -> PC4: nStall = 110 - 100 - 1 = 9, nInst = 3, committed = 0:
   * CPI = (10 << 8) / 1 = 2560, crit = 3 * 2560 >> 8 + 9 = 39. */
  cpl_apply(u, &(cev){110, NOL, 0, -1, 0, {0, -1}, {1, 0}, {4, 0}}, 0);
  BV_EQ(e, cs(u)->nstall[0], 9);
  BV_EQ(e, cs(u)->crit[0], 39);
  const cpl_out *o = cpl_look(u, 0);
  BV_EQ(e, o->crit[0], 39);
  BV_EQ(e, o->critical[0], 1); /* 39 > w1's 0 in TB 0 */
  BV_EQ(e, o->critical[1], 0);
  BV_EQ(e, o->critical[2], 1); /* TB 1: w2, w3 tie at 0: both (B-7) */
  BV_EQ(e, o->critical[3], 1);
  /* now 111: w0 commits one; w1 issues PC1 -> PC2 on scheduler 1: nStall = 10, nInst 5,
   * CPI = 11 << 8, crit = 55 + 10 = 65. */
  cpl_apply(u, &(cev){111, NOL, 0, 0, 1, {-1, 1}, {0, 1}, {0, 2}}, 0);
  BV_EQ(e, cs(u)->crit[1], 65);
  BV_EQ(e, cs(u)->ninst[0], 2);
  o = cpl_look(u, 0);
  BV_EQ(e, o->critical[0], 0);
  BV_EQ(e, o->critical[1], 1);
  /* now 120: w0 commits one more and issues PC4 -> PC5 in the same cycle: nInst 1 (the commit
   * first), committed 2, nStall 9 + (120 - 110 - 1) = 18, CPI = (20 << 8) / 2 = 2560,
   * crit = 1 * 2560 >> 8 + 18 = 28. */
  cpl_apply(u, &(cev){120, NOL, 0, 0, 1, {0, -1}, {4, 0}, {5, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[0], 1);
  BV_EQ(e, cs(u)->committed[0], 2);
  BV_EQ(e, cs(u)->nstall[0], 18);
  BV_EQ(e, cs(u)->crit[0], 28);
  BV_EQ(e, cs(u)->t_last[0], 120);
  /* A commit alone does not refresh crit (it is refreshed when the warp issues). */
  cpl_apply(u, &(cev){121, NOL, 0, 1, 1, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->crit[1], 65);
  /* Both schedulers in one cycle: w0 (s0) and w1 (s1). w0: gap 2 -> nStall 19, committed 2,
   * CPI = (22 << 8) / 2 = 2816, nInst 1 -> 2816 >> 8 = 11, crit 30. w1: nStall 10 + 10 = 20,
   * nInst 5 - 1 = 4, committed 1: CPI = 22 << 8, 4 * 22 = 88, crit 108. */
  cpl_apply(u, &(cev){122, NOL, 0, -1, 0, {0, 1}, {5, 2}, {6, 3}}, 0);
  BV_EQ(e, cs(u)->crit[0], 30);
  BV_EQ(e, cs(u)->crit[1], 108);
  /* A finished warp does not count: w1 dead, w0 is TB 0's critical warp. */
  o = cpl_look(u, 1u << 1);
  BV_EQ(e, o->critical[0], 1);
  BV_EQ(e, o->critical[1], 0);
  /* A launch resets the slot. */
  cpl_apply(u, &(cev){130, {1, -1, -1, -1}, 9, -1, 0, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->crit[1], 0);
  BV_EQ(e, cs(u)->nstall[1], 0);
  BV_EQ(e, cs(u)->committed[1], 0);
  BV_EQ(e, cs(u)->ninst[1], 9);
  BV_EQ(e, cs(u)->t_last[1], 130);
}

/* Every bound of the "small" set (NINST_W = 6: 63; CRIT_W = 12: 4095): nInst saturates at 63
 * and stops at 0 (a commit or a forward skip larger than it), nStall, committed and crit
 * saturate at 4095, the time stamps wrap mod 2^32, an issue in the launch cycle's successor
 * counts no stall. */
static void vec_cpl_bounds(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cpl_desc, "small", NULL);
  if (u == NULL) return;
  const uint32_t t0 = 0xfffffff0u;
  cpl_apply(u, &(cev){t0, {0, 1, -1, -1}, 60, -1, 0, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->ninst[0], 60);
  /* now t0 + 1: no stall (gap 1); backward 10 -> 0 adds 11: 71 saturates at 63. */
  cpl_apply(u, &(cev){t0 + 1, NOL, 0, -1, 0, {0, -1}, {10, 0}, {0, 0}}, 0);
  BV_EQ(e, cs(u)->nstall[0], 0);
  BV_EQ(e, cs(u)->ninst[0], 63);
  /* crit = 63 * ((1 << 8) / 1) >> 8 + 0 = 63 */
  BV_EQ(e, cs(u)->crit[0], 63);
  /* a forward skip of 100 > 63: 0 */
  cpl_apply(u, &(cev){t0 + 2, NOL, 0, -1, 0, {0, -1}, {0, 0}, {101, 0}}, 0);
  BV_EQ(e, cs(u)->ninst[0], 0);
  /* the clock wraps: now = 0x10 is 0x20 cycles after t0; gap from t0 + 2 is 30: nStall 29 */
  cpl_apply(u, &(cev){0x10, NOL, 0, -1, 0, {0, -1}, {101, 0}, {102, 0}}, 0);
  BV_EQ(e, cs(u)->nstall[0], 29);
  BV_EQ(e, cs(u)->crit[0], 29); /* nInst 0 */
  /* a gap of 5000: nStall saturates at 4095, so does crit */
  cpl_apply(u, &(cev){0x10 + 5000, NOL, 0, -1, 0, {0, -1}, {102, 0}, {103, 0}}, 0);
  BV_EQ(e, cs(u)->nstall[0], 4095);
  BV_EQ(e, cs(u)->crit[0], 4095);
  /* commits: 255 at a time, committed saturates at 4095; nInst stays 0 */
  for (unsigned k = 0; k < 17; k++) {
    cpl_apply(u, &(cev){0x2000 + k, NOL, 0, 1, 255, {-1, -1}, {0}, {0}}, 0);
  }
  BV_EQ(e, cs(u)->committed[1], 4095);
  /* w1 issues: kstatic 60 - 4335 commits = 0, gap from t0 huge mod 2^32 -> nStall 4095 */
  cpl_apply(u, &(cev){0x2100, NOL, 0, -1, 0, {-1, 1}, {0, 3}, {0, 4}}, 0);
  BV_EQ(e, cs(u)->ninst[1], 0);
  BV_EQ(e, cs(u)->nstall[1], 4095);
  BV_EQ(e, cs(u)->crit[1], 4095);
  /* crit from the product alone saturates: w2 with nInst 63, 1 committed after 4000 cycles:
   * 63 * 4000 = 252000 > 4095. */
  cpl_apply(u, &(cev){0x3000, {2, -1, -1, -1}, 63, -1, 0, {-1, -1}, {0}, {0}}, 0);
  cpl_apply(u, &(cev){0x3001, NOL, 0, 2, 1, {-1, -1}, {0}, {0}}, 0);
  BV_EQ(e, cs(u)->ninst[2], 62);
  cpl_apply(u, &(cev){0x3000 + 4000, NOL, 0, -1, 0, {2, -1}, {0, 0}, {1, 0}}, 0);
  BV_EQ(e, cs(u)->nstall[2], 3999);
  BV_EQ(e, cs(u)->crit[2], 4095);
  BV_EQ(e, cpl_criticality((const cpl_params *)u->p, 62, 3999, 1, 4000), 4095);
  BV_EQ(e, cpl_criticality((const cpl_params *)u->p, 0, 7, 0, 4000), 7);
  BV_EQ(e, cpl_criticality((const cpl_params *)u->p, 2, 0, 3, 7), 4); /* (7 << 8) / 3 = 597; 2 * 597 >> 8 = 4 */
}

const bv_vector ut_vectors_cpl[] = {
    {"cpl_alg5", vec_cpl_alg5},
    {"cpl_criticality", vec_cpl_criticality},
    {"cpl_bounds", vec_cpl_bounds},
    {NULL, NULL},
};
