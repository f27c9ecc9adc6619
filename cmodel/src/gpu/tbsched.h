/* The thread-block (CTA) scheduler: which resident kernel's next block goes
 * to which SM, each core cycle, and what happens when a block exits. One
 * policy per value of cta_scheduler.policy, behind one interface:
 *
 *   rr      load-balanced round robin: each cycle, SMs scanned from a
 *           rotating pointer, each SM with room gets one block of the oldest
 *           resident kernel that has blocks left and fits there
 *   static  rr, with at most cta_scheduler.limit blocks of a kernel per SM
 *   dyncta  rr, where each SM's DYNCTA controller (an SM controller unit)
 *           closes the SM to new blocks while it holds n of them
 *           (st_sm_signals.admit_closed)
 *   laperm_tbpri, laperm_smxbind, laperm_adaptive
 *           LaPerm (docs/units/laperm.md): kernels and DTBL groups queued by
 *           priority level (a launch's level is its parent block's + 1, at
 *           most laperm.levels; host kernels 0) and, for SMX-Bind and
 *           Adaptive-Bind, by the SM of the parent block; each cycle each
 *           SM, in round-robin order, takes one block from the queue the
 *           LaPerm decision names (strict: a head that does not fit makes
 *           the SM wait)
 *
 * Kernels and groups come from the launch queue (gpu/launch.h) in its
 * scheduling order (FCFS). */
#ifndef SIMTREF_GPU_TBSCHED_H
#define SIMTREF_GPU_TBSCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "core/sm.h"
#include "gpu/launch.h"
#include "simtref/config.h"

/* What a policy sees and does (gpu/timing.c fills it). */
typedef struct st_tbs_host {
  const st_config *cfg;
  st_sm **sms;
  uint32_t n_sms;
  st_launchq *q;
  /* Places block lk->next_cta of lk on SM sm (and counts it). */
  st_status (*place)(void *ctx, uint32_t sm, st_lkernel *lk, uint64_t now, st_error *err);
  void *ctx;
  /* The unit of role thread-block scheduler the configuration selects (its
   * instance, with its RTL twin under co-simulation), or NULL. */
  struct st_uinst *unit;
  /* Counts the changes of what decides whether a block fits an SM (blocks
   * placed and retired, an SM closed or opened: st_sm_set_fit_epoch), or
   * NULL (no memo). */
  const uint64_t *fit_epoch;
  bool check_skips;     /* sim.check_skips: a memo's answer is checked by a scan */
  bool fault_stale_fit; /* planted fault (SIMTREF_FAULT=stale-fit): the memo ignores the epoch */
} st_tbs_host;

typedef struct st_tbs_policy {
  const char *name; /* the value of cta_scheduler.policy */
  /* Blocks of a kernel one SM may hold, given what its resources allow. */
  uint32_t (*limit)(const st_config *cfg, uint32_t occupancy);
  /* Blocks per SM the policy guarantees to run at once (what a kernel that
   * needs co-resident blocks may count on: st_kernel_occupancy). */
  uint32_t (*guaranteed)(const st_config *cfg, uint32_t limit);
  /* This core cycle's placements. */
  st_status (*dispatch)(void *state, const st_tbs_host *h, uint64_t now, st_error *err);
  /* A block of rk left SM sm (NULL: nothing to do). */
  void (*block_exit)(void *state, uint32_t sm, const st_rkernel *rk);
  /* A run begins on h (its launch queue new); NULL: nothing to do. */
  void (*run_begin)(void *state, const st_tbs_host *h);
  size_t state_size; /* the policy's own state (zeroed) */
  /* dispatch examines the SMs, and counts its examinations, in cycles in
   * which no block can be placed: idle-cycle skipping steps it through the
   * cycles it jumps over (it places nothing there), so that its statistics
   * are those of a run without skipping. */
  bool examines_idle;
} st_tbs_policy;

/* The policy of cta_scheduler.policy. */
const st_tbs_policy *st_tbs_policy_of(const st_config *cfg);

/* True if some block of a resident kernel could be placed on some SM now. */
bool st_tbs_placeable(const st_tbs_host *h);

#endif
