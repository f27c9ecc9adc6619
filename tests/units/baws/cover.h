/* The RTL-vs-C bench's view of each unit: how the random world (world.h)
 * drives its inputs, and the functional coverage bins its cycles must hit.
 * A bin is counted from the C model's state before and after the edge, the
 * inputs and the outputs of a cycle (they equal the RTL's: the bench has
 * compared them); some bins ask the C model a counterfactual ("would the
 * grant differ without the barrier skip?"). */
#ifndef SIMTREF_TESTS_BAWS_COVER_H
#define SIMTREF_TESTS_BAWS_COVER_H

#include <stdbool.h>

#include "units/unit.h"
#include "world.h"

#define COV_MAX_BINS 24

typedef struct cov_bin {
  const char *name;
  const char *what; /* one line: what hitting it means */
  unsigned long hits;
  bool required;
} cov_bin;

typedef struct cov_set {
  cov_bin bins[COV_MAX_BINS];
  unsigned n;
} cov_set;

/* Adds a bin when it applies to these parameters; the run fails if a bin
 * it added stays empty. */
void cov_add(cov_set *c, const char *name, const char *what, bool applicable);
void cov_hit(cov_set *c, const char *name);

typedef struct unit_bench {
  const char *unit; /* st_unit_desc name */
  /* The unit's inputs this cycle (sched: the scheduler whose warps a
   * per-scheduler unit sees). */
  void (*adapt)(const world *w, const void *params, unsigned sched, void *in);
  void (*cov_init)(cov_set *c, const void *params, const world_cfg *wc);
  void (*cov)(cov_set *c, const void *params, const void *s_before, const void *s_after,
              const void *in, const void *out);
} unit_bench;

const unit_bench *unit_bench_find(const char *unit);

#endif
