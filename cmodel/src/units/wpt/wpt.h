/* BAWS's warp priority table (spec/baws.md §1.3, §2): one per SM, shared by
 * its warp schedulers and the CFF fetch arbiter (rtl/wpt.sv).
 *
 * One CNT_W-bit counter per TB slot: the warps of the TB waiting at a
 * barrier. Events come from the issue stage, per scheduler and in scheduler
 * order, a barrier arrival before an exit: an arrival adds one; an exit adds
 * one only with COUNT_EXITED (sm.mwf_count_exited, §7 A1); an event that
 * released the TB's barrier (flag *_rel: the last arrival, or an exit that
 * left only waiting warps, §7 A2, or the TB's last exit) clears the counter
 * instead, so release wins over that event's increment, and a later event of
 * the same cycle counts from zero. A TB launch into the slot clears it
 * first. The counter saturates. The result is registered: the schedulers see
 * it in the next cycle (§7 A6). In one cycle a counter takes +0, +1 or +2
 * (two schedulers) or is cleared. Outputs are the registered counts. */
#ifndef SIMTREF_UNITS_WPT_H
#define SIMTREF_UNITS_WPT_H

#include "units/unit.h"

typedef struct wpt_params {
  uint8_t n_tbs;        /* NTB: TB slots, 1..64 */
  uint8_t n_sched;      /* NS: warp schedulers, 1..16 */
  uint8_t cnt_w;        /* CNT_W: counter width */
  uint8_t count_exited; /* COUNT_EXITED: an exit counts like an arrival */
} wpt_params;

typedef struct wpt_state {
  uint8_t cnt[ST_U_MAX_TBS]; /* [NTB][CNT_W] */
} wpt_state;

typedef struct wpt_in {
  uint8_t arr_valid[ST_U_MAX_SCHED];  /* [NS][1] scheduler s issued a waiting barrier */
  uint8_t arr_tb[ST_U_MAX_SCHED];     /* [NS][TB_W] its warp's TB slot */
  uint8_t arr_rel[ST_U_MAX_SCHED];    /* [NS][1] that arrival released the barrier */
  uint8_t exit_valid[ST_U_MAX_SCHED]; /* [NS][1] scheduler s issued a warp's exit */
  uint8_t exit_tb[ST_U_MAX_SCHED];    /* [NS][TB_W] */
  uint8_t exit_rel[ST_U_MAX_SCHED];   /* [NS][1] that exit released a barrier or ended the TB */
  uint8_t tb_launch[ST_U_MAX_TBS];    /* [NTB][1] a TB was placed in the slot */
} wpt_in;

typedef struct wpt_out {
  uint8_t cnt[ST_U_MAX_TBS]; /* [NTB][CNT_W] the registered counts */
} wpt_out;

void wpt_reset(const wpt_params *p, wpt_state *s);
void wpt_eval(const wpt_params *p, const wpt_state *s, const wpt_in *in, wpt_out *out);
void wpt_tick(const wpt_params *p, wpt_state *s, const wpt_in *in, const wpt_out *out);

extern const st_unit_desc wpt_desc;

#endif
