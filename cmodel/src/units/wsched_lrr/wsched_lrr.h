/* Issue scheduler, loose round robin (sm.warp_scheduler: lrr): one instance
 * per warp scheduler of an SM (rtl/wsched_lrr.sv).
 *
 * Warps are numbered 0..n_warps-1 within the scheduler (warp slot s*i + sched
 * of the SM is warp i of scheduler `sched`). The order starts after the warp
 * issued last and wraps; the grant is the first ready warp in that order. */
#ifndef SIMTREF_UNITS_WSCHED_LRR_H
#define SIMTREF_UNITS_WSCHED_LRR_H

#include "units/unit.h"

typedef struct wsched_lrr_params {
  uint8_t n_warps; /* NW: warps of the scheduler, 1..64 */
} wsched_lrr_params;

typedef struct wsched_lrr_state {
  uint8_t last_valid; /* a warp has issued since reset */
  uint8_t last;       /* [IDX_W] the warp issued last */
} wsched_lrr_state;

typedef struct wsched_lrr_in {
  uint8_t ready[ST_U_MAX_WARPS]; /* [NW][1] the warp can issue this cycle */
} wsched_lrr_in;

typedef struct wsched_lrr_out {
  uint8_t grant_valid;         /* some warp is ready */
  uint8_t grant;               /* [IDX_W] the warp to issue */
  uint32_t key[ST_U_MAX_WARPS]; /* [NW][IDX_W] position of each warp in the order (0 first) */
} wsched_lrr_out;

void wsched_lrr_reset(const wsched_lrr_params *p, wsched_lrr_state *s);
void wsched_lrr_eval(const wsched_lrr_params *p, const wsched_lrr_state *s,
                     const wsched_lrr_in *in, wsched_lrr_out *out);
void wsched_lrr_tick(const wsched_lrr_params *p, wsched_lrr_state *s, const wsched_lrr_in *in,
                     const wsched_lrr_out *out);

extern const st_unit_desc wsched_lrr_desc;

#endif
