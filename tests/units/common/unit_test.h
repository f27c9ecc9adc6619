/* What the shared test programs of tests/units/ know about one unit: each
 * unit's tests/units/U/bench.c defines `const ut_unit ut_unit_U`, found by
 * CMake (a generated table, ut_units). Nothing shared names a unit.
 *
 * - Its directed vectors (tests/units/U/vectors.c): run on the C model by
 *   unit_ctests (label "unit") and on the RTL by unit_bench (label "cosim").
 * - Its C-model tests beyond the vectors (e.g. the spec's pseudo-code as a
 *   reference), cmocka functions run by unit_ctests.
 * - Its random bench: the stimulus of one seeded run for given parameters,
 *   and the coverage bins the run must hit. unit_bench runs it on every RTL
 *   build of the unit (the parameter sets of the configurations and of the
 *   unit's builds.cmake), with the RTL in lock-step, and on every planted
 *   fault, which must be caught. */
#ifndef SIMTREF_TESTS_UNITS_UNIT_TEST_H
#define SIMTREF_TESTS_UNITS_UNIT_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bv.h"
#include "cover.h"

typedef struct ut_bench {
  unsigned variants; /* random runs per RTL build (e.g. with and without protocol violations) */
  bool reset_mid;    /* rst_ni in the middle of each run */
  size_t stim_size;  /* bytes of the stimulus state (at most UT_STIM_MAX) */
  /* Starts the stimulus of a run (stim zeroed) for the unit's parameters. */
  void (*stim_init)(void *stim, const void *params, unsigned variant, uint64_t seed);
  /* This cycle's inputs (in zeroed), from the stimulus and the C model's
   * state and the outputs it gives for that state with all inputs 0. */
  void (*stim_next)(void *stim, const void *params, const void *state, const void *out0,
                    void *in);
  /* The clock edge (NULL: nothing to do). */
  void (*stim_edge)(void *stim);
  /* The unit was reset in mid-run (NULL: nothing to do). */
  void (*stim_reset)(void *stim);
  /* The bins of a run; cov counts one cycle: the state before and after the
   * edge, the inputs and the outputs. */
  void (*cov_init)(cov_set *c, const void *params, const void *stim);
  void (*cov)(cov_set *c, const void *params, const void *s0, const void *s1, const void *in,
              const void *out);
  /* Checks of a cycle beyond C = RTL, before the edge (NULL: none). */
  void (*check)(bv_env *e, const void *stim, const void *params, const void *s0, uint64_t cycle);
  /* One line about the run's stimulus for the report (NULL: none). */
  void (*describe)(const void *stim, char *buf, size_t size);
} ut_bench;

#define UT_STIM_MAX 8192

/* A C-model test (a cmocka test function). */
typedef struct ut_ctest {
  const char *name;
  void (*run)(void **state);
} ut_ctest;

typedef struct ut_unit {
  const char *name;         /* the unit (st_unit_desc name) */
  const bv_vector *vectors; /* ends with an entry whose name is NULL */
  const ut_ctest *ctests;   /* ends with an entry whose name is NULL; NULL: none */
  ut_bench bench;
} ut_unit;

/* The counts of a unit's vectors and C-model tests. */
size_t ut_n_vectors(const ut_unit *t);
size_t ut_n_ctests(const ut_unit *t);

/* Every unit with tests (generated from tests/units/U/bench.c), and their count. */
extern const ut_unit *const ut_units[];
extern const size_t ut_n_units;

const ut_unit *ut_unit_find(const char *name);

#endif
