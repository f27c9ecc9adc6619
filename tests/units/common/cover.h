/* Functional coverage of the unit benches: the bins a random run of a unit
 * must hit (each unit's tests/units/U/bench.c adds and counts them). A bin
 * is counted from the C model's state before and after the edge, the inputs
 * and the outputs of a cycle (they equal the RTL's: the bench has compared
 * them); a bin may also ask the C model a counterfactual ("would the grant
 * differ without the barrier skip?"). */
#ifndef SIMTREF_TESTS_UNITS_COVER_H
#define SIMTREF_TESTS_UNITS_COVER_H

#include <stdbool.h>

#define COV_MAX_BINS 32

typedef struct cov_bin {
  const char *name;
  const char *what; /* one line: what hitting it means */
  unsigned long hits;
  bool required; /* every run must hit it */
  bool any;      /* some run of the unit must hit it (rare events) */
} cov_bin;

typedef struct cov_set {
  cov_bin bins[COV_MAX_BINS];
  unsigned n;
} cov_set;

/* Adds a bin when it applies to these parameters; the run fails if a bin
 * it added stays empty. */
void cov_add(cov_set *c, const char *name, const char *what, bool applicable);
/* Adds a bin of a rare event: the bench fails when no run of the unit (on
 * any of its builds) hits it, a run alone does not. */
void cov_add_any(cov_set *c, const char *name, const char *what, bool applicable);
/* Counts a hit of the bin `name` (a name no bin has is ignored: the bin
 * does not apply to this run). */
void cov_hit(cov_set *c, const char *name);
/* The required bins still empty. */
unsigned cov_missing(const cov_set *c);

#endif
