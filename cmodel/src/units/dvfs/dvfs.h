/* dvfs: the SMX-occupancy-bubble controller of the dissertation's Ch.6
 * (spec dtbl-laperm-dvfs.md §1.4, §2, §6.2, §7 #20-#23): thread-block
 * diversion away from an SM whose occupancy falls below the threshold,
 * draining, the per-SM low P-state, resuming, and GPU-level DVFS. One per
 * GPU, role GPU (rtl/dvfs.sv; docs/units/dvfs.md).
 *
 * The unit is evaluated and clocked once per core cycle, every core cycle
 * of the run. Its inputs per cycle: active[i], the active warps on SM i;
 * pending, some thread block waits to be placed; fits[j], the next waiting
 * block would fit on SM j by its resources (registers, shared memory, warp
 * slots, block slots) whatever the controller says. fits[] is read only in
 * a sample cycle (below); the host fills it there and may leave it 0
 * elsewhere.
 *
 * Registers. Per SM i: acc[i] (ACC_W bits: active warps accumulated over
 * the current sample, saturating), dvr[i] (diverted: takes no new block),
 * drn[i] (draining), dcnt[i] (samples spent draining), lvl[i] (the settled
 * P-state: 0 nominal, 1 low), xcnt[i] (cycles left of a P-state
 * transition; 0 = none), xtgt[i] (the transition's target level).
 * GPU-wide: cnt (cycle within the sample, 0..S-1), and glvl, gxcnt, gxtgt
 * (the same three for the GPU-level P-state). Reset: every register 0 (all
 * SMs nominal, none diverted).
 *
 * Outputs (combinational from the registers and inputs):
 *   sample    cnt == S-1: this cycle ends a sample (registers only, so the
 *             host may evaluate, read it, fill fits[] and evaluate again)
 *   closed[i] SM i takes no new block: dvr | xcnt != 0 | the GPU level is
 *             low or in transition
 *   flow[i]   SM i runs at the low frequency: lvl | xcnt != 0 | glvl |
 *             gxcnt != 0 (during a transition the lower of the two, §6.2)
 *   vlow[i]   SM i is charged the low voltage: (lvl & xcnt == 0) |
 *             (glvl & gxcnt == 0) (during a transition the higher one)
 *   gflow     glvl | gxcnt != 0;  gvlow: glvl & gxcnt == 0
 *   dvr[i], drn[i]  the registers
 *   dvfs      the dissertation's DVFS register (NS+1 bits), derived: bit 0
 *             = glvl | (gxcnt != 0 & gxtgt), bit i+1 = lvl[i] | (xcnt[i] !=
 *             0 & xtgt[i]): set when the down transition starts, clear when
 *             the up transition completes (§1.4.4).
 *
 * The clock edge, every cycle, in this order (all registers read as they
 * were at the start of the edge):
 *  1. acc'[i] = acc[i] + active[i], saturating at 2^ACC_W - 1.
 *  2. Transitions: an SM with xcnt != 0 counts it down; when it reaches 0,
 *     lvl := xtgt. The same for gxcnt / glvl.
 *  3. In a sample cycle (cnt == S-1), the per-sample flow (§1.4.3) on acc'
 *     (this cycle's active included); every SM decides in parallel:
 *     a. GPU level (GLVL only): if every active[i] == 0, !pending, glvl ==
 *        0 and gxcnt == 0: start the GPU's transition to low (gxcnt := P,
 *        gxtgt := 1). If glvl == 1, gxcnt == 0 and pending: start it to
 *        nominal (gxcnt := P, gxtgt := 0). When the GPU level was low or in
 *        transition at the start of the edge, or goes low in this sample,
 *        step b is skipped for this sample (Fig. 36's `continue`).
 *     b. For each SM i with xcnt[i] == 0 (a transition in progress skips):
 *        - !dvr[i]: if acc'[i] < THR and some SM j is a target (!dvr[j],
 *          THR <= acc'[j] < FULL, fits[j], xcnt[j] == 0): dvr := 1; then
 *          if active[i] == 0 or !DRAIN: start the transition to low
 *          (xcnt := P, xtgt := 1); else drn := 1, dcnt := 0. (A target is
 *          never i itself: it needs acc'[j] >= THR.)
 *        - else drn[i]: if active[i] == 0: drn := 0 and start the
 *          transition to low; else if dcnt + 1 >= W: drn := 0, dvr := 0
 *          (abandoned); else dcnt := dcnt + 1.
 *        - else (diverted, low): a resume candidate if pending and no SM j
 *          has !dvr[j] && fits[j]. The lowest-numbered candidate resumes
 *          (one per sample): dvr := 0, start the transition to nominal
 *          (xcnt := P, xtgt := 0); the others wait.
 *     c. acc := 0 for every SM, cnt := 0.
 *     Otherwise acc := acc', cnt := cnt + 1.
 * A diverted SM that is not draining and has no transition in progress is
 * always low (it got there by a down transition that completed), so a
 * resume is always an up transition from lvl 1.
 *
 * Parameters: NS SMs (1..32), MAXW warp slots per SM (1..64), S cycles per
 * sample (1..65535), THR the bubble threshold in warp-cycles (1..2^22-1),
 * FULL = MAXW * S (the occupancy of 100%), W drain samples (1..255), P
 * transition cycles (1..65535), DRAIN, GLVL (0/1).
 *
 * No hidden state, no floating point, no allocation (units/unit.h). */
#ifndef SIMTREF_UNITS_DVFS_H
#define SIMTREF_UNITS_DVFS_H

#include "common/error.h"
#include "units/unit.h"

#define DVFS_MAX_SMS 32
/* Widths: an SM's active warps, an accumulator, the sample counter, a
 * drain counter, a transition counter. */
#define DVFS_ACT_W 7
#define DVFS_ACC_W 22
#define DVFS_CNT_W 16
#define DVFS_DCNT_W 8
#define DVFS_XCNT_W 16
#define DVFS_ACC_MAX ((1u << DVFS_ACC_W) - 1u)

typedef struct dvfs_params {
  uint8_t n_sms;         /* NS: SMs, 1..32 */
  uint8_t maxw;          /* MAXW: warp slots per SM, 1..64 */
  uint16_t sample;       /* S: cycles per sample, 1..65535 */
  uint32_t thr;          /* THR: bubble threshold, accumulated warp-cycles */
  uint32_t full;         /* FULL: MAXW * S, the accumulation of a full SM */
  uint8_t drain_samples; /* W: samples a drain may take, 1..255 */
  uint16_t trans;        /* P: cycles of a P-state transition, 1..65535 */
  uint8_t drain;         /* DRAIN: drain before the low P-state */
  uint8_t glvl;          /* GLVL: GPU-level DVFS */
} dvfs_params;

typedef struct dvfs_state {
  uint32_t acc[DVFS_MAX_SMS];  /* [NS][22] active warps accumulated this sample */
  uint8_t dvr[DVFS_MAX_SMS];   /* [NS][1] diverted */
  uint8_t drn[DVFS_MAX_SMS];   /* [NS][1] draining */
  uint8_t dcnt[DVFS_MAX_SMS];  /* [NS][8] samples spent draining */
  uint8_t lvl[DVFS_MAX_SMS];   /* [NS][1] settled P-state: 0 nominal, 1 low */
  uint16_t xcnt[DVFS_MAX_SMS]; /* [NS][16] cycles left of a transition */
  uint8_t xtgt[DVFS_MAX_SMS];  /* [NS][1] the transition's target level */
  uint16_t cnt;                /* [16] cycle within the sample */
  uint8_t glvl;                /* [1] GPU-level settled P-state */
  uint16_t gxcnt;              /* [16] cycles left of the GPU-level transition */
  uint8_t gxtgt;               /* [1] its target */
} dvfs_state;

typedef struct dvfs_in {
  uint8_t active[DVFS_MAX_SMS]; /* [NS][7] active warps on SM i this cycle */
  uint8_t pending;              /* [1] a thread block waits to be placed */
  uint8_t fits[DVFS_MAX_SMS];   /* [NS][1] the next waiting block fits on SM j (sample cycles) */
} dvfs_in;

typedef struct dvfs_out {
  uint8_t sample;               /* [1] this cycle ends a sample */
  uint8_t closed[DVFS_MAX_SMS]; /* [NS][1] SM i takes no new block */
  uint8_t flow[DVFS_MAX_SMS];   /* [NS][1] SM i runs at the low frequency */
  uint8_t vlow[DVFS_MAX_SMS];   /* [NS][1] SM i is charged the low voltage */
  uint8_t gflow;                /* [1] GPU level: low frequency (low or in transition) */
  uint8_t gvlow;                /* [1] GPU level: low voltage (low, settled) */
  uint8_t dvr[DVFS_MAX_SMS];    /* [NS][1] the DVR register */
  uint8_t drn[DVFS_MAX_SMS];    /* [NS][1] the DRN register */
  uint64_t dvfs;                /* [NS+1] the DVFS register: bit 0 GPU, bit i+1 SM i */
} dvfs_out;

/* What the edge of this cycle decides (for the statistics, the bench's
 * coverage and the tests; the edge itself recomputes it). */
typedef struct dvfs_decision {
  bool sample;          /* a sample cycle */
  bool skip;            /* the per-SM flow is skipped (GPU level low, in transition, entering) */
  bool gpu_enter;       /* the GPU-level transition to low starts */
  bool gpu_exit;        /* the GPU-level transition to nominal starts */
  uint32_t bubble;      /* bit i: acc'[i] < THR */
  uint32_t target;      /* bit j: SM j is a diversion target */
  uint32_t enter;       /* bit i: SM i is diverted now */
  uint32_t enter_low;   /* ... and starts its transition to low at once */
  uint32_t no_target;   /* bit i: in a bubble, not diverted, could be, but no target */
  uint32_t drain_done;  /* bit i: the drain completed; transition to low */
  uint32_t drain_abort; /* bit i: the drain abandoned (W reached) */
  uint32_t drain_step;  /* bit i: one more sample of draining */
  uint32_t candidates;  /* bit i: a resume candidate */
  uint32_t resume;      /* bit i: the one that resumes (at most one bit) */
} dvfs_decision;

/* acc'[i]: the accumulator with this cycle's active warps added. */
uint32_t dvfs_acc_next(const dvfs_state *s, const dvfs_in *in, unsigned i);

void dvfs_decide(const dvfs_params *p, const dvfs_state *s, const dvfs_in *in,
                 dvfs_decision *d);

/* The pure model. Other units name these U_eval and U_tick; here those two
 * names are the host's calls (below), so the model's evaluation and clock
 * edge are dvfs_model_eval and dvfs_model_tick (dvfs_desc is written out
 * in dvfs.c rather than by ST_UNIT_DESC). */
void dvfs_reset(const dvfs_params *p, dvfs_state *s);
void dvfs_model_eval(const dvfs_params *p, const dvfs_state *s, const dvfs_in *in,
                     dvfs_out *out);
void dvfs_model_tick(const dvfs_params *p, dvfs_state *s, const dvfs_in *in,
                     const dvfs_out *out);

/* The parameters of the GPU's instance: NS = the SMs, MAXW = sm.max_threads
 * / sm.warp_size, S = dvfs.sample_cycles, THR = floor(dvfs.threshold x MAXW
 * x S / 10^6 + 1/2) (the threshold is in millionths; at least 1), FULL =
 * MAXW x S, W = dvfs.drain_samples, P = dvfs.transition_cycles, DRAIN =
 * dvfs.drain, GLVL = dvfs.gpu_level (each clamped to its range). */
void dvfs_config_params(const st_config *cfg, dvfs_params *p);

extern const st_unit_desc dvfs_desc;

/* ---- the host's calls (dvfs_bind.c) ------------------------------------------
 * Every core cycle of the run (skipped ones included) the host fills the
 * instance's dvfs_in (u->in: active[], pending, and in a sample cycle
 * fits[]) and calls dvfs_eval, which evaluates it (with an RTL twin:
 * compares, and the outputs in u->out are the ones to use). `sample`
 * depends on the registers only, so the host may call dvfs_eval, read
 * u->out's sample, fill fits[] and call dvfs_eval again; the last call
 * before the edge counts. Then dvfs_tick: the clock edge with the inputs of
 * the last evaluation, and the unit's statistics. dvfs_tick leaves u->in
 * as it is (the host writes every input it uses each cycle). */
struct st_uinst;
st_status dvfs_eval(struct st_uinst *u, uint64_t now, st_error *err);
st_status dvfs_tick(struct st_uinst *u, uint64_t now, st_error *err);

/* The binding of the GPU role for the controller (its entry's ops). */
typedef struct dvfs_gpu_ops {
  st_status (*eval)(struct st_uinst *u, uint64_t now, st_error *err);
  st_status (*tick)(struct st_uinst *u, uint64_t now, st_error *err);
} dvfs_gpu_ops;

#endif
