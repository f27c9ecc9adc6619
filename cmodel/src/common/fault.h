/* Planted faults for the tests of the model's own checks: SIMTREF_FAULT=NAME
 * in the environment turns one on (docs/timing.md "Checking the
 * shortcuts"). Read when a part is created. */
#ifndef SIMTREF_COMMON_FAULT_H
#define SIMTREF_COMMON_FAULT_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static inline bool st_fault_planted(const char *name) {
  const char *f = getenv("SIMTREF_FAULT");
  return f != NULL && strcmp(f, name) == 0;
}

#endif
