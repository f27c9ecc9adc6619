/* Issue scheduler, the CAWS oracle criticality-aware warp scheduler of the
 * CAWA dissertation's Ch.3 (sm.warp_scheduler: caws_blk, caws_sm, caws_avg;
 * spec/cawa-ctrlc-heteropdp.md §1.2.2, §7 C-4..C-6): one instance per warp
 * scheduler of an SM (rtl/wsched_caws.sv).
 *
 * One CNT_W-bit priority counter per warp; smaller goes first. The grant is
 * the ready warp with the smallest counter, ties to the oldest: key =
 * {counter, age}. On a cycle with a grant the granted warp's counter is set
 * to the reset value of its level (critical RST_CRIT, normal RST_NORM, fast
 * RST_FAST) and every other counter decrements, saturating at 0; without a
 * grant no counter changes (§7 C-6). A warp whose TB was placed since the
 * last edge (launch) starts from its index j in the scheduler (counters
 * 0..NW-1, as the dissertation's round robin starts from 0..47): its key
 * uses j this cycle and its counter is loaded from j at the edge (or the
 * above applies to j).
 *
 * The level is an input: the binding computes it from the oracle (the
 * criticality profile of an earlier run; wsched_caws_bind.c). */
#ifndef SIMTREF_UNITS_WSCHED_CAWS_H
#define SIMTREF_UNITS_WSCHED_CAWS_H

#include "units/unit.h"

/* The level of a warp (2 bits). 3 is read as normal. */
enum { CAWS_NORMAL = 0, CAWS_CRITICAL = 1, CAWS_FAST = 2 };

typedef struct wsched_caws_params {
  uint8_t n_warps;  /* NW: warps of the scheduler, 1..64 */
  uint8_t age_w;    /* AGE_W: width of an age rank; CNT_W + AGE_W <= 31 */
  uint8_t cnt_w;    /* CNT_W: width of a priority counter (6) */
  uint8_t rst_crit; /* RST_CRIT: a critical warp's counter after it issues (sm.caws.reset_critical) */
  uint8_t rst_norm; /* RST_NORM: a normal warp's (sm.caws.reset_normal) */
  uint8_t rst_fast; /* RST_FAST: a fast warp's (sm.caws.reset_fast) */
} wsched_caws_params;

typedef struct wsched_caws_state {
  uint8_t cnt[ST_U_MAX_WARPS]; /* [NW][CNT_W] priority counters */
} wsched_caws_state;

typedef struct wsched_caws_in {
  uint8_t valid[ST_U_MAX_WARPS];  /* [NW][1] the warp slot holds a warp */
  uint8_t ready[ST_U_MAX_WARPS];  /* [NW][1] the warp can issue this cycle */
  uint8_t launch[ST_U_MAX_WARPS]; /* [NW][1] the warp's TB was placed since the last edge */
  uint8_t level[ST_U_MAX_WARPS];  /* [NW][2] CAWS_NORMAL, CAWS_CRITICAL, CAWS_FAST */
  uint8_t age[ST_U_MAX_WARPS];    /* [NW][AGE_W] age rank, 0 = oldest */
} wsched_caws_in;

typedef struct wsched_caws_out {
  uint8_t grant_valid;
  uint8_t grant;                /* [IDX_W] */
  uint32_t key[ST_U_MAX_WARPS]; /* [NW][CNT_W+AGE_W] {counter, age} */
} wsched_caws_out;

void wsched_caws_reset(const wsched_caws_params *p, wsched_caws_state *s);
void wsched_caws_eval(const wsched_caws_params *p, const wsched_caws_state *s,
                      const wsched_caws_in *in, wsched_caws_out *out);
void wsched_caws_tick(const wsched_caws_params *p, wsched_caws_state *s,
                      const wsched_caws_in *in, const wsched_caws_out *out);

extern const st_unit_desc wsched_caws_desc;

#endif
