/* What a unit's binding (units/U/U_bind.c) may read of the SM and write to
 * it: the only SM interface a unit uses. Everything here is a plain load or
 * store; the SM keeps each value current at the points docs/units/README.md
 * names. A binding that needs something the SM does not offer here adds it
 * here, for every unit, rather than reading the SM's internals. */
#ifndef SIMTREF_CORE_UNIT_HOST_H
#define SIMTREF_CORE_UNIT_HOST_H

#include "core/sm_internal.h"

/* ---- the SM's shape ----------------------------------------------------- */

static inline unsigned st_uh_sched_count(const st_sm *sm) { return sm->n_sched; }
/* Warps of warp scheduler s (its warp j is warp slot j * sched_count + s). */
static inline unsigned st_uh_sched_warps(const st_sm *sm, unsigned s) {
  return sm->sched[s].n_warps;
}
static inline unsigned st_uh_tb_slots(const st_sm *sm) { return sm->n_cta_slots; }
/* The configuration the SM runs. */
static inline const st_config *st_uh_config(const st_sm *sm) { return sm->cfg; }

/* ---- warp slots (valid while the slot is occupied) ------------------------- */

/* The warp slots that hold a warp (bit i: slot i). */
static inline uint64_t st_uh_occupied(const st_sm *sm) { return sm->occ; }
/* The TB slot of the warp's block. */
static inline unsigned st_uh_warp_tb(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].cta_slot;
}
/* Rank of the warp's launch order among the SM's warps (0: oldest). */
static inline unsigned st_uh_warp_age(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].age_rank;
}
static inline bool st_uh_warp_finished(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].finished != 0;
}
static inline bool st_uh_warp_at_barrier(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].at_bar != 0;
}

/* The CAWS oracle (sm.caws_profile, docs/units/wsched_caws.md): the
 * warp's execution time in the profiled run (0 without an oracle); for its
 * TB slot, the sum over the block's warps, their number, and the warp slot
 * of the one the profile has slowest. */
static inline uint64_t st_uh_warp_oracle(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].oracle_t;
}
static inline uint64_t st_uh_tb_oracle_sum(const st_sm *sm, unsigned tb) {
  return sm->ctas[tb].oracle_sum;
}
static inline unsigned st_uh_tb_warps(const st_sm *sm, unsigned tb) {
  return sm->ctas[tb].cta != NULL ? sm->ctas[tb].cta->nwarps : 0;
}
static inline unsigned st_uh_tb_oracle_crit_slot(const st_sm *sm, unsigned tb) {
  return sm->ctas[tb].first_warp + sm->ctas[tb].oracle_crit;
}
/* The blocks resident on the SM. */
static inline unsigned st_uh_tb_resident(const st_sm *sm) { return sm->resident; }

/* The static instruction count of the warp's kernel (its entry function). */
static inline uint32_t st_uh_warp_kernel_insts(const st_sm *sm, unsigned slot) {
  return sm->warps[slot].rk->k->entry->n_insts;
}

/* ---- this cycle ---------------------------------------------------------- */

/* Whether warp scheduler s issued this cycle (valid after the issue stage),
 * and the warp slot it issued. */
static inline bool st_uh_issued(const st_sm *sm, unsigned s, unsigned *slot) {
  *slot = sm->issued_slot[s];
  return sm->issued_valid[s] != 0;
}
/* The events of the cycle (core/sm_internal.h: st_sm_events). */
static inline const st_sm_events *st_uh_events(const st_sm *sm) { return &sm->ev; }
/* The classification of the cycle (valid at end_cycle; during skipped
 * cycles, that of the last cycle that ran). */
static inline const st_cycle_flags *st_uh_flags(const st_sm *sm) { return &sm->flags; }

/* The issued instruction's index (the last, with several) and the warp's
 * next one, for a scheduler that issued this cycle (valid after the issue
 * stage). */
static inline void st_uh_issued_pcs(const st_sm *sm, unsigned s, uint32_t *pc, uint32_t *next) {
  *pc = sm->ev.iss_pc[s];
  *next = sm->ev.iss_next[s];
}
/* Instructions of warp slot `slot` written back this cycle (at sm_end). */
static inline unsigned st_uh_commits(const st_sm *sm, unsigned slot) {
  return sm->ev.commit[slot];
}
static inline uint64_t st_uh_commit_mask(const st_sm *sm) { return sm->ev.commit_mask; }

/* ---- what controllers publish ------------------------------------------- */

static inline st_sm_signals *st_uh_signals(st_sm *sm) { return &sm->sig; }
/* A published value that decides whether a block fits the SM changed
 * (st_sm_signals.admit_closed): the thread-block scheduler looks again. */
static inline void st_uh_fit_changed(st_sm *sm) { st_sm_fit_changed(sm); }
static inline const st_sm_signals *st_uh_signals_c(const st_sm *sm) { return &sm->sig; }

/* A published value that a warp's readiness or fetch eligibility depends on
 * changed: every warp is looked at again (idle-cycle skipping's wake-up
 * rule, docs/timing.md). */
static inline void st_uh_wake_all(st_sm *sm) { st_sm_wake_all(sm); }
/* The same for some warp slots only (bit i: slot i). */
static inline void st_uh_wake(st_sm *sm, uint64_t slots) {
  sm->wake |= slots;
  st_sm_doze_stop(sm);
}

/* ---- statistics that units share with the SM -------------------------------- */

/* The SM's cycles so far (its clock: the cycle a report names). */
static inline uint64_t st_uh_cycles(const st_sm *sm) {
  /* with the cycles slept, not accounted yet */
  return sm->stats.cycles + sm->sleep.pending + (sm->doze != NULL ? st_sm_doze_count(sm->doze) : 0);
}
/* The error of the run in progress (ST_OK while none): a binding that finds a
 * C/RTL difference outside a hook that returns a status writes it here. */
static inline st_error *st_uh_error(st_sm *sm) { return sm->err; }

/* The thread instructions the SM issued so far. */
static inline uint64_t st_uh_thread_insts(const st_sm *sm) { return sm->stats.thread_insts; }

#endif
