/* Issue scheduler, Most-Waiting-First (sm.warp_scheduler: mwf_lrr, mwf_gto):
 * BAWS's issue policy, one instance per warp scheduler of an SM
 * (rtl/wsched_mwf.sv; spec/baws.md §1.4 and the composite key of §1.6).
 *
 * Thread blocks (TB slots) are ranked by their warp priority table count
 * (more warps waiting at a barrier first), ties by the smaller slot index
 * (§7 A3). Within a TB: round robin after the TB's warp issued last
 * (VARIANT 0, MWF(LRR)) or that warp first, then the others oldest
 * (smallest index) first (VARIANT 1, MWF(GTO)). The last-issued pointers
 * are per TB and per scheduler (§7 A4) and cleared when a TB launches into
 * the slot. The counts are the WPT's registered values: the snapshot at the
 * start of the cycle (§7 A6). The grant is the ready warp with the smallest
 * key {~count, tb, within-TB rank}. */
#ifndef SIMTREF_UNITS_WSCHED_MWF_H
#define SIMTREF_UNITS_WSCHED_MWF_H

#include "units/unit.h"

enum { MWF_VARIANT_LRR = 0, MWF_VARIANT_GTO = 1 };

typedef struct wsched_mwf_params {
  uint8_t n_warps; /* NW: warps of the scheduler, 1..64 */
  uint8_t n_tbs;   /* NTB: TB slots of the SM, 1..64 */
  uint8_t cnt_w;   /* CNT_W: width of a WPT count (6) */
  uint8_t variant; /* VARIANT: MWF_VARIANT_LRR or MWF_VARIANT_GTO */
} wsched_mwf_params;

typedef struct wsched_mwf_state {
  uint8_t last_valid[ST_U_MAX_TBS]; /* [NTB][1] */
  uint8_t last[ST_U_MAX_TBS];       /* [NTB][IDX_W] the TB's warp this scheduler issued last */
} wsched_mwf_state;

typedef struct wsched_mwf_in {
  uint8_t ready[ST_U_MAX_WARPS];    /* [NW][1] the warp can issue */
  uint8_t tb[ST_U_MAX_WARPS];       /* [NW][TB_W] TB slot of the warp */
  uint8_t cnt[ST_U_MAX_TBS];        /* [NTB][CNT_W] the WPT counts (start-of-cycle snapshot) */
  uint8_t tb_launch[ST_U_MAX_TBS];  /* [NTB][1] a TB was placed in the slot: forget its pointer */
} wsched_mwf_in;

typedef struct wsched_mwf_out {
  uint8_t grant_valid;
  uint8_t grant;                /* [IDX_W] */
  uint32_t key[ST_U_MAX_WARPS];; /* [NW][KEY_W] {~cnt[tb], tb, within-TB rank}: smallest wins */
} wsched_mwf_out;

/* Width of the within-TB rank (IDX_W, +1 for MWF(GTO)) and of a key. */
unsigned wsched_mwf_rank_bits(const wsched_mwf_params *p);
unsigned wsched_mwf_key_bits(const wsched_mwf_params *p);

void wsched_mwf_reset(const wsched_mwf_params *p, wsched_mwf_state *s);
void wsched_mwf_eval(const wsched_mwf_params *p, const wsched_mwf_state *s,
                     const wsched_mwf_in *in, wsched_mwf_out *out);
void wsched_mwf_tick(const wsched_mwf_params *p, wsched_mwf_state *s, const wsched_mwf_in *in,
                     const wsched_mwf_out *out);

extern const st_unit_desc wsched_mwf_desc;

#endif
