/* Fetch arbiter, Critical-Fetch-First (sm.fetch_arbiter: cff): one per SM
 * (rtl/fetch_cff.sv; spec/baws.md §1.5, §1.6, §7 A7-A10).
 *
 * It runs after issue in the same cycle and fetches for the warp the issue
 * stage will want next: the eligible warp (I-buffer empty, no I-cache miss
 * pending, and with SKIP_BAR not waiting at a barrier) with the smallest
 * key in the order of the issue policy, SM-wide:
 *   MODE 2, 3 (mwf_lrr, mwf_gto): {~WPT count, TB slot, within-TB rank}, the
 *       rank taken from an SM-level last-issued pointer per TB (round robin
 *       after it, or it first and then the oldest);
 *   MODE 1 (gto, tls): the schedulers' greedy warps (the warps they issued
 *       last), then the others, each by age;
 *   MODE 0 (lrr): round robin after the warp the SM issued last.
 * The pointers are the post-issue ones (§7 A10): this cycle's grants bypass
 * the registers (a later scheduler overwrites an earlier one), and are
 * registered at the edge. The WPT counts are the start-of-cycle snapshot. */
#ifndef SIMTREF_UNITS_FETCH_CFF_H
#define SIMTREF_UNITS_FETCH_CFF_H

#include "units/unit.h"

enum { CFF_MODE_LRR = 0, CFF_MODE_GTO = 1, CFF_MODE_MWF_LRR = 2, CFF_MODE_MWF_GTO = 3 };

typedef struct fetch_cff_params {
  uint8_t n_warps;  /* NWS: warp slots of the SM, 1..64 */
  uint8_t n_sched;  /* NS: warp schedulers, 1..16 */
  uint8_t n_tbs;    /* NTB: TB slots, 1..64 */
  uint8_t cnt_w;    /* CNT_W: width of a WPT count */
  uint8_t age_w;    /* AGE_W: width of an age rank */
  uint8_t mode;     /* MODE: CFF_MODE_* */
  uint8_t skip_bar; /* SKIP_BAR: never fetch for a warp waiting at a barrier */
} fetch_cff_params;

typedef struct fetch_cff_state {
  uint8_t tb_last_valid[ST_U_MAX_TBS];   /* [NTB][1]     MWF modes */
  uint8_t tb_last[ST_U_MAX_TBS];         /* [NTB][IDX_W] the TB's warp the SM issued last */
  uint8_t sched_last_valid[ST_U_MAX_SCHED]; /* [NS][1]   GTO mode */
  uint8_t sched_last[ST_U_MAX_SCHED];    /* [NS][IDX_W]  each scheduler's greedy warp */
  uint8_t sm_last_valid;                 /* LRR mode */
  uint8_t sm_last;                       /* [IDX_W] the warp the SM issued last */
} fetch_cff_state;

typedef struct fetch_cff_in {
  uint8_t eligible[ST_U_MAX_WARPS];     /* [NWS][1] I-buffer empty, no miss pending, live */
  uint8_t at_bar[ST_U_MAX_WARPS];       /* [NWS][1] waiting at a barrier */
  uint8_t tb[ST_U_MAX_WARPS];           /* [NWS][TB_W] TB slot of the warp */
  uint8_t age[ST_U_MAX_WARPS];          /* [NWS][AGE_W] age rank, 0 = oldest */
  uint8_t cnt[ST_U_MAX_TBS];            /* [NTB][CNT_W] WPT counts (snapshot) */
  uint8_t issue_valid[ST_U_MAX_SCHED];  /* [NS][1] scheduler s issued this cycle */
  uint8_t issue_warp[ST_U_MAX_SCHED];   /* [NS][IDX_W] the warp slot it issued */
  uint8_t tb_launch[ST_U_MAX_TBS];      /* [NTB][1] a TB was placed in the slot */
} fetch_cff_in;

typedef struct fetch_cff_out {
  uint8_t grant_valid;
  uint8_t grant; /* [IDX_W] the warp the I-cache fetches for */
} fetch_cff_out;

void fetch_cff_reset(const fetch_cff_params *p, fetch_cff_state *s);
void fetch_cff_eval(const fetch_cff_params *p, const fetch_cff_state *s, const fetch_cff_in *in,
                    fetch_cff_out *out);
void fetch_cff_tick(const fetch_cff_params *p, fetch_cff_state *s, const fetch_cff_in *in,
                    const fetch_cff_out *out);

extern const st_unit_desc fetch_cff_desc;

#endif
