/* The power and energy model (docs/power.md).
 *
 * Energy is counted from activity, in the manner of GPUWattch and
 * AccelWattch: every event the timing model counts (a warp instruction, its
 * active lanes by execution unit, register operands read and written, an
 * operand collector, a shared-memory pass, a cache access by outcome, an
 * interconnect flit, a DRAM command) costs a fixed energy at the nominal
 * voltage V0, scaled by (V/V0)^2 at the voltage the part runs at; a clocked
 * SM draws its idle power scaled by (V/V0)^2 (f/f0) all the time, and leaks
 * (V/V0)^2 times its nominal leakage; the uncore (L2, interconnect, memory
 * controllers) likewise; the rest of the board draws a constant. DRAM is
 * never scaled; its refresh is charged per tREFI per channel.
 *
 * The model samples every power.sample_cycles core cycles: the activity of
 * each SM and of the uncore since the last sample is priced at the mean
 * (V/V0)^2 of the sample (exact while the operating point holds through the
 * sample, which the bubble controller's changes at sample boundaries keep),
 * and the time-based parts are integrated over the operating points each
 * part had (st_power_set_sm, st_power_set_uncore). Each sample can be
 * written as a row of a CSV trace (--power-trace).
 *
 * Bubbles (spec dtbl-laperm-dvfs.md §1.4, §6.1): an SM whose mean occupancy
 * (active warps / warp slots) over a sample is below dvfs.threshold while a
 * kernel runs is in a bubble for that sample; the model counts those
 * (SM, sample) pairs and the energy the SM drew in them (the saving of
 * ideal power gating: a bubble SM switched off for the whole sample).
 *
 * Deterministic: only integer counts and the configuration's constants
 * enter, summed in a fixed order. */
#ifndef SIMTREF_POWER_POWER_H
#define SIMTREF_POWER_POWER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/error.h"
#include "simtref/stats.h"
#include "simtref/config.h"

/* One SM's activity counters (cumulative). */
typedef struct st_power_sm_act {
  uint64_t unit_insts[4], unit_lanes[4]; /* by st_unit_kind: SP, SFU, DP, MEM */
  uint64_t rf_reads, rf_writes, collectors, shared_passes;
  uint64_t l1i_hit, l1i_miss, l1d_hit, l1d_miss, l1c_hit, l1c_miss;
} st_power_sm_act;

/* The uncore's activity counters (cumulative, summed over slices and
 * channels). */
typedef struct st_power_unc_act {
  uint64_t l2_hit, l2_miss, flits, dram_act, dram_rd, dram_wr;
} st_power_unc_act;

/* The parts energy is reported by. Per SM: */
enum {
  PW_SM_FRONT = 0, /* per-instruction: fetch is the L1I's; decode, scoreboard, issue */
  PW_SM_EXEC,      /* the execution units' lanes */
  PW_SM_RF,        /* register file reads and writes */
  PW_SM_OC,        /* operand collectors */
  PW_SM_SHARED,    /* shared memory */
  PW_SM_L1I,
  PW_SM_L1D,
  PW_SM_L1C,
  PW_SM_IDLE,      /* the clocked SM's base power */
  PW_SM_LEAK,      /* leakage */
  PW_SM_PARTS
};
/* The uncore and the board: */
enum {
  PW_UNC_L2 = 0,
  PW_UNC_NOC,
  PW_UNC_DRAM,     /* activates, reads, writes */
  PW_UNC_REFRESH,  /* DRAM refresh */
  PW_UNC_IDLE,     /* clocked L2, interconnect, memory controllers */
  PW_UNC_LEAK,
  PW_UNC_CONST,    /* the rest of the board */
  PW_UNC_PARTS
};

typedef struct st_power st_power;

/* A model for n_sms SMs and n_channels DRAM channels under cfg (whose
 * power.* keys were validated: the P-state table parsed). */
st_status st_power_create(const st_config *cfg, uint32_t n_sms, uint32_t n_channels,
                          st_power **out, st_error *err);
void st_power_destroy(st_power *pw);

/* Writes a row per sample to f from now on (the header at once); NULL
 * stops. The caller owns f. */
void st_power_set_trace(st_power *pw, FILE *f);

/* SM i runs from time t_ps on at P-state fstate's frequency and is charged
 * P-state vstate's voltage (during a transition the two differ: the lower
 * frequency, the higher voltage). */
void st_power_set_sm(st_power *pw, uint32_t i, uint64_t t_ps, unsigned fstate, unsigned vstate);
/* The uncore (L2, interconnect; not DRAM) likewise (GPU-level DVFS). */
void st_power_set_uncore(st_power *pw, uint64_t t_ps, unsigned fstate, unsigned vstate);

/* The P-state an SM's frequency state names, for the timing model. */
int64_t st_power_pstate_hz(const st_power *pw, unsigned state);

/* SM i has `active` active warps from the current core cycle on (until
 * set again). */
void st_power_set_active(st_power *pw, uint32_t i, uint32_t active);
/* n core cycles ended (n > 1: skipped idle cycles) in which each SM had the
 * active warps last set; busy: a kernel was resident. */
void st_power_occupancy(st_power *pw, uint64_t n, bool busy);

/* Whether `cycle` core cycles (edges) end a sample. */
bool st_power_sample_due(const st_power *pw, uint64_t cycle);
/* Core cycles from `cycle` edges on before the current sample ends. */
uint64_t st_power_cycles_to_sample(const st_power *pw, uint64_t cycle);

/* Ends the sample at core cycle `cycle` (time t_ps): prices the activity
 * since the last sample (act: per SM, unc: the uncore), integrates the
 * time-based parts, counts bubbles, writes
 * the trace row (a sample counts bubbles if a kernel was resident in some
 * cycle of it). Also called at the end of a run with a partial sample. */
void st_power_sample(st_power *pw, uint64_t cycle, uint64_t t_ps, const st_power_sm_act *act,
                     const st_power_unc_act *unc);

/* The power.* statistics of everything sampled so far. */
void st_power_stats(const st_power *pw, st_statset *out);

/* Total energy so far, joules. */
double st_power_energy(const st_power *pw);

#endif
