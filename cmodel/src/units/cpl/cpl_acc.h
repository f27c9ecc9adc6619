/* CPL's accuracy statistic (spec/cawa-ctrlc-heteropdp.md §1.3.2, last
 * paragraph; docs/units/cpl.md): model-side bookkeeping of the binding, not
 * part of the unit or its RTL.
 *
 * At a sample, a warp of a TB is "slow" when its crit exceeds that of at
 * least half of its TB's warps (a TB of one warp: that warp). When the TB
 * retires, the warp that exited last is its actual critical warp; the
 * samples in which that warp was slow are the correct ones. */
#ifndef SIMTREF_UNITS_CPL_ACC_H
#define SIMTREF_UNITS_CPL_ACC_H

#include <stdint.h>

#include "units/unit.h"

typedef struct cpl_acc {
  uint64_t samples[ST_U_MAX_TBS]; /* per TB slot: samples taken of its block */
  uint64_t slow[ST_U_MAX_WARPS];  /* per warp slot: samples in which it was slow */
  uint64_t total, correct, tbs;   /* scored so far */
} cpl_acc;

/* The slow warps among `members` (warp slots with a warp of a sampled TB),
 * tb[w] their TB slots, crit[w] their criticality. */
uint64_t cpl_acc_slow(unsigned n_warps, uint64_t members, const uint8_t *tb, const uint32_t *crit);

/* k samples at once (skipped cycles hold the same registers): the TBs of
 * `members` count k samples, their slow warps k slow ones. */
void cpl_acc_sample(cpl_acc *a, unsigned n_warps, uint64_t members, const uint8_t *tb,
                    const uint32_t *crit, uint64_t k);

/* A new block in TB slot `tb`, its warps `warps`: its counts start at 0. */
void cpl_acc_launch(cpl_acc *a, unsigned tb, uint64_t warps);

/* The block of TB slot `tb` (warps `warps`) retired; `last` exited last. */
void cpl_acc_retire(cpl_acc *a, unsigned tb, uint64_t warps, unsigned last);

#endif
