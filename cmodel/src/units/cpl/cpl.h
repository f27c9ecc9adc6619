/* CPL, CAWA's criticality prediction logic (spec/cawa-ctrlc-heteropdp.md
 * §1.3.2, §7 B-1..B-3, B-7, B-10; docs/units/cpl.md): one per SM
 * (rtl/cpl.sv), an SM controller that publishes each warp slot's
 * criticality and the slots it judges critical.
 *
 * Per warp slot it keeps nInst (NINST_W bits, never below 0, saturating),
 * nStall and committed (CRIT_W bits, saturating), the cycles the warp was
 * launched and last issued (32-bit time stamps, differences taken mod 2^32)
 * and its criticality crit (CRIT_W bits, saturating). At the clock edge, for
 * each warp slot, in this order:
 *   launch:   nInst = kstatic (the kernel's static instruction count),
 *             nStall = committed = crit = 0, t_launch = t_last = now;
 *             nothing else happens to the slot in that cycle;
 *   commits:  committed += commit (its instructions written back this
 *             cycle), nInst -= commit (not below 0);
 *   issue:    (scheduler s issued the warp: iss_slot[s] names the slot)
 *             nStall += max(0, now - t_last - 1), t_last = now (Algorithm 6,
 *             B-10); the branch rule on the issued instruction's index c and
 *             the warp's next one n: if n <= c, nInst += c - n + 1 (a loop
 *             repeats: more work left); if n > c + 1, nInst -= n - c - 1 (a
 *             forward jump skips work; B-1's signed delta); then
 *             crit = sat(nInst * CPI >> 8 + nStall) with
 *             CPI = (min(now - t_launch, 2^CRIT_W - 1) << 8) / max(1, committed)
 *             (Q.8, Eq. 4.1, B-2), all integer.
 * crit is thus refreshed when the warp issues, the point where Algorithm 6
 * updates nStall (one divider per scheduler in hardware; B-3's "every warp
 * every cycle" would take one per warp slot).
 * Outputs (combinational from the registers and the live/tb inputs): crit per
 * slot, and critical: a live warp whose crit is the largest among the live
 * warps of its TB (ties: all of them; B-7). */
#ifndef SIMTREF_UNITS_CPL_H
#define SIMTREF_UNITS_CPL_H

#include "units/unit.h"

typedef struct cpl_params {
  uint8_t n_warps;  /* NW: warp slots of the SM, 1..64 */
  uint8_t n_sched;  /* NS: warp schedulers, 1..16 */
  uint8_t n_tbs;    /* NTB: TB slots, 1..64 */
  uint8_t ninst_w;  /* NINST_W: width of nInst and kstatic, 1..16 */
  uint8_t crit_w;   /* CRIT_W: width of nStall, committed and crit, 1..31 */
} cpl_params;

typedef struct cpl_state {
  uint16_t ninst[ST_U_MAX_WARPS];     /* [NW][NINST_W] */
  uint32_t nstall[ST_U_MAX_WARPS];    /* [NW][CRIT_W] */
  uint32_t committed[ST_U_MAX_WARPS]; /* [NW][CRIT_W] */
  uint32_t t_launch[ST_U_MAX_WARPS];  /* [NW][32] */
  uint32_t t_last[ST_U_MAX_WARPS];    /* [NW][32] */
  uint32_t crit[ST_U_MAX_WARPS];      /* [NW][CRIT_W] */
} cpl_state;

typedef struct cpl_in {
  uint32_t now;                      /* [32] the SM's core cycle, low 32 bits */
  uint8_t live[ST_U_MAX_WARPS];      /* [NW][1] the slot holds a warp that has not exited */
  uint8_t tb[ST_U_MAX_WARPS];        /* [NW][TB_W] its TB slot */
  uint8_t launch[ST_U_MAX_WARPS];    /* [NW][1] a new warp starts in the slot */
  uint16_t kstatic[ST_U_MAX_WARPS];  /* [NW][NINST_W] with launch: its kernel's instructions */
  uint8_t commit[ST_U_MAX_WARPS];    /* [NW][8] its instructions written back this cycle */
  uint8_t iss_valid[ST_U_MAX_SCHED]; /* [NS][1] scheduler s issued */
  uint8_t iss_slot[ST_U_MAX_SCHED];  /* [NS][IDX_W] the warp slot it issued */
  uint32_t iss_pc[ST_U_MAX_SCHED];   /* [NS][32] index of the instruction issued (the last, with
                                        several) */
  uint32_t iss_next[ST_U_MAX_SCHED]; /* [NS][32] index of the warp's next instruction */
} cpl_in;

typedef struct cpl_out {
  uint32_t crit[ST_U_MAX_WARPS];    /* [NW][CRIT_W] the registered criticality */
  uint8_t critical[ST_U_MAX_WARPS]; /* [NW][1] is_critical */
} cpl_out;

void cpl_reset(const cpl_params *p, cpl_state *s);
void cpl_eval(const cpl_params *p, const cpl_state *s, const cpl_in *in, cpl_out *out);
void cpl_tick(const cpl_params *p, cpl_state *s, const cpl_in *in, const cpl_out *out);

/* The criticality of Eq. 4.1 from a warp's values (exposed for the tests):
 * sat_CRIT_W(ninst * (((sat_CRIT_W(elapsed) << 8) / max(1, committed))) >> 8 + nstall). */
uint32_t cpl_criticality(const cpl_params *p, uint32_t ninst, uint32_t nstall, uint32_t committed,
                         uint32_t elapsed);

extern const st_unit_desc cpl_desc;

#endif
