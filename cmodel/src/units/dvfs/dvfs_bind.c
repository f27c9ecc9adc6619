/* dvfs in the model: the occupancy-bubble controller (thread-block
 * diversion, draining, per-SM and GPU-level DVFS), one per GPU, selected by
 * dvfs.enable (docs/units/dvfs.md).
 *
 * The host drives the instance every core cycle of the run: it fills the
 * inputs (the SMs' active warps, whether a block waits and, in a sample
 * cycle, where the next block would fit), calls dvfs_eval and applies the
 * outputs (no new block on a closed SM; each SM's frequency and voltage),
 * and calls dvfs_tick for the clock edge. The statistics count the
 * samples, the bubbles, each branch of the per-sample flow taken, and the
 * SM-cycles spent at the low frequency and voltage. */
#include <stdio.h>
#include <string.h>

#include "units/dvfs/dvfs.h"
#include "units/registry.h"
#include "units/uinst.h"

/* The statistics counters (summed over the run). */
enum {
  C_CYCLES = 0,     /* clock edges (core cycles) */
  C_SAMPLES,        /* samples ended */
  C_SM_SAMPLES,     /* (SM, sample) pairs */
  C_BUBBLES,        /* ... with the occupancy below the threshold */
  C_SKIPPED,        /* samples whose per-SM flow the GPU level skipped */
  C_DIVERSIONS,     /* diversions started */
  C_DIV_DRAIN,      /* ... that began draining */
  C_DIV_LOW,        /* ... that went to the low P-state at once */
  C_NO_TARGET,      /* bubbles of a non-diverted SM left alone: no target SM */
  C_DRAIN_DONE,     /* drains completed (the SM went low) */
  C_DRAIN_ABORT,    /* drains abandoned after W samples */
  C_RESUMES,        /* diverted SMs resumed */
  C_REFUSED,        /* resume candidates held back by the one-per-sample rule */
  C_GPU_ENTRIES,    /* GPU-level transitions to low started */
  C_GPU_EXITS,      /* GPU-level transitions to nominal started */
  C_SM_FLOW,        /* SM-cycles at the low frequency (flow) */
  C_SM_VLOW,        /* SM-cycles charged the low voltage (vlow) */
  C_SM_CLOSED,      /* SM-cycles closed to new blocks */
  C_GPU_FLOW,       /* cycles of the GPU level at the low frequency (gflow) */
  C_COUNT
};

static unsigned popcount32(uint32_t v) {
  unsigned n = 0;
  for (; v != 0; v &= v - 1) {
    n++;
  }
  return n;
}

st_status dvfs_eval(st_uinst *u, uint64_t now, st_error *err) {
  return st_uinst_eval(u, now, err);
}

st_status dvfs_tick(st_uinst *u, uint64_t now, st_error *err) {
  (void)now;
  (void)err;
  const dvfs_params *p = u->p;
  const dvfs_out *o = u->out;
  uint64_t *c = u->ctr;
  dvfs_decision d;
  dvfs_decide(p, u->s, u->in, &d);
  c[C_CYCLES]++;
  for (unsigned i = 0; i < p->n_sms; i++) {
    c[C_SM_FLOW] += o->flow[i] & 1u;
    c[C_SM_VLOW] += o->vlow[i] & 1u;
    c[C_SM_CLOSED] += o->closed[i] & 1u;
  }
  c[C_GPU_FLOW] += o->gflow & 1u;
  if (d.sample) {
    c[C_SAMPLES]++;
    c[C_SM_SAMPLES] += p->n_sms;
    c[C_BUBBLES] += popcount32(d.bubble);
    c[C_SKIPPED] += d.skip;
    c[C_DIVERSIONS] += popcount32(d.enter);
    c[C_DIV_LOW] += popcount32(d.enter_low);
    c[C_DIV_DRAIN] += popcount32(d.enter & ~d.enter_low);
    c[C_NO_TARGET] += popcount32(d.no_target);
    c[C_DRAIN_DONE] += popcount32(d.drain_done);
    c[C_DRAIN_ABORT] += popcount32(d.drain_abort);
    c[C_RESUMES] += popcount32(d.resume);
    c[C_REFUSED] += popcount32(d.candidates & ~d.resume);
    c[C_GPU_ENTRIES] += d.gpu_enter;
    c[C_GPU_EXITS] += d.gpu_exit;
  }
  st_uinst_tick(u);
  return ST_OK;
}

static const dvfs_gpu_ops ops = {dvfs_eval, dvfs_tick};

/* ---- statistics --------------------------------------------------------------- */

/* dvfs.samples: samples ended; dvfs.bubble_samples of dvfs.sm_samples (SM,
 * sample) pairs had an occupancy below the threshold (dvfs.bubble_fraction,
 * the dissertation's occurrence percentage over the whole run);
 * dvfs.gpu_skipped_samples: samples whose per-SM flow the GPU level skipped;
 * dvfs.diversions: diversions started, dvfs.diversions_drain of them began
 * draining, dvfs.diversions_direct went to the low P-state at once (no
 * active warp, or dvfs.drain false); dvfs.no_target: an SM in a bubble
 * stayed undiverted for want of a target; dvfs.drains_completed,
 * dvfs.drains_abandoned (W samples reached); dvfs.resumes;
 * dvfs.resumes_refused: resume candidates held back by the one-per-sample
 * rule; dvfs.gpu_entries, dvfs.gpu_exits: GPU-level transitions to low and
 * back started; dvfs.sm_low_freq_cycles, dvfs.sm_low_volt_cycles,
 * dvfs.sm_closed_cycles: SM-cycles at the low frequency, at the low voltage,
 * closed to new blocks; dvfs.gpu_low_freq_cycles: cycles of the GPU level
 * at the low frequency; dvfs.cycles: core cycles the controller ran. */
static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  st_stat_u(out, "dvfs.cycles", c[C_CYCLES]);
  st_stat_u(out, "dvfs.samples", c[C_SAMPLES]);
  st_stat_u(out, "dvfs.sm_samples", c[C_SM_SAMPLES]);
  st_stat_u(out, "dvfs.bubble_samples", c[C_BUBBLES]);
  st_stat_d(out, "dvfs.bubble_fraction",
            c[C_SM_SAMPLES] ? (double)c[C_BUBBLES] / (double)c[C_SM_SAMPLES] : 0.0);
  st_stat_u(out, "dvfs.gpu_skipped_samples", c[C_SKIPPED]);
  st_stat_u(out, "dvfs.diversions", c[C_DIVERSIONS]);
  st_stat_u(out, "dvfs.diversions_drain", c[C_DIV_DRAIN]);
  st_stat_u(out, "dvfs.diversions_direct", c[C_DIV_LOW]);
  st_stat_u(out, "dvfs.no_target", c[C_NO_TARGET]);
  st_stat_u(out, "dvfs.drains_completed", c[C_DRAIN_DONE]);
  st_stat_u(out, "dvfs.drains_abandoned", c[C_DRAIN_ABORT]);
  st_stat_u(out, "dvfs.resumes", c[C_RESUMES]);
  st_stat_u(out, "dvfs.resumes_refused", c[C_REFUSED]);
  st_stat_u(out, "dvfs.gpu_entries", c[C_GPU_ENTRIES]);
  st_stat_u(out, "dvfs.gpu_exits", c[C_GPU_EXITS]);
  st_stat_u(out, "dvfs.sm_low_freq_cycles", c[C_SM_FLOW]);
  st_stat_u(out, "dvfs.sm_low_volt_cycles", c[C_SM_VLOW]);
  st_stat_u(out, "dvfs.sm_closed_cycles", c[C_SM_CLOSED]);
  st_stat_u(out, "dvfs.gpu_low_freq_cycles", c[C_GPU_FLOW]);
}

/* spec §1.4.4 and §2: the Diversion Control Registers, DVR 13 + DRN 13 +
 * DVFS 14 bits = 40 bits, kept as 3 x 16-bit registers = 6 B on the
 * 13-SMX K20c; the monitoring FSM, "the main area", is not quantified. */
static const st_unit_seed_cost seed_cost = {
    "SMX-occupancy-bubble DVFS (dissertation Ch.6): Diversion Control Registers DVR + DRN + "
    "DVFS, 6 B on the 13-SMX K20c (3 x 16-bit registers; the FSM not quantified)",
    0.0, 48u, NULL, {NULL}};

const st_unit dvfs_unit = {
    .desc = &dvfs_desc,
    .role = ST_ROLE_GPU,
    .select = "dvfs.enable=true",
    .summary = "occupancy-bubble controller: thread-block diversion from SMs below the "
               "threshold, draining, per-SM and GPU-level low P-state, one resume per sample",
    .ops = &ops,
    .priv_size = 0,
    .n_counters = C_COUNT,
    .report = report,
    .trace = NULL,
    .seed_cost = &seed_cost,
};
