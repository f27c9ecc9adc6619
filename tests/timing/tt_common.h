/* Helpers shared by the timing-model validation tests (tests/timing/,
 * docs/validation.md): open a GPU from a named config with overrides, load
 * the microbenchmark PTX, read statistics, and compare a measurement with
 * the figure the configuration implies. Not part of libsimtref. */
#ifndef SIMTREF_TESTS_TIMING_TT_COMMON_H
#define SIMTREF_TESTS_TIMING_TT_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/simtref.h"

/* A GPU with the microbenchmark module (tests/timing/micro.ptx) loaded. */
typedef struct tt_gpu {
  st_gpu *gpu;
  st_kmodule *mod;
  const st_config *cfg;
  char config[64];
} tt_gpu;

/* Loads config NAME (configs/NAME.yaml) with "key=value" overrides, creates a
 * GPU and loads micro.ptx. Exits the test with a message on any error. */
void tt_open(tt_gpu *t, const char *config, const char *const *overrides, size_t n_overrides);
void tt_close(tt_gpu *t);
/* Loads tests/timing/NAME (another PTX module) on the GPU. */
st_kmodule *tt_load_module(tt_gpu *t, const char *name);

/* Host-API calls that must succeed: exit with the error message otherwise. */
void tt_ok(st_status rc, const st_error *err, const char *what);
uint64_t tt_alloc(tt_gpu *t, uint64_t bytes); /* zero-filled */
void tt_put(tt_gpu *t, uint64_t dst, const void *src, uint64_t bytes);
void tt_get(tt_gpu *t, void *dst, uint64_t src, uint64_t bytes);
/* Launches entry and runs it to completion. */
void tt_run(tt_gpu *t, const char *entry, st_dim3 grid, st_dim3 block, const st_arg *args,
            size_t n_args);

/* Runs a benchmark of the workload suite (workloads/NAME) on the GPU, seed
 * 1, and requires its CPU check to pass. */
void tt_run_workload(tt_gpu *t, const char *name, bool paper_size);

/* A statistic of the last kernel run, or of everything run so far, as a
 * double. Counters that stayed zero are not written by the model: absent
 * keys read 0. */
double tt_kstat(const tt_gpu *t, const char *key);
double tt_runstat(tt_gpu *t, const char *key);

/* Configuration helpers. */
double tt_core_per_dram(const st_config *cfg); /* core cycles per DRAM cycle */
double tt_core_per_l2(const st_config *cfg);   /* core cycles per L2 cycle */

/* Records one check: |measured - expected| <= tol. Prints a line either way;
 * tt_failures() counts the failed ones. */
bool tt_expect_near(const char *what, double measured, double expected, double tol);
/* Records a check of a condition, with a line saying what was compared. */
bool tt_expect(const char *what, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int tt_failures(void);
/* Prints the summary and returns the process exit status. */
int tt_finish(const char *test);

#endif
