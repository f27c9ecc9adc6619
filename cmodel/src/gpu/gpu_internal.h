/* The GPU object behind the host API. Not a public interface. */
#ifndef SIMTREF_GPU_INTERNAL_H
#define SIMTREF_GPU_INTERNAL_H

#include <stdbool.h>

#include "common/error.h"
#include "func/exec.h"
#include "func/gmem.h"
#include "simtref/simtref.h"

struct st_gpu {
  st_config cfg;
  st_gmem gmem;
  st_kmodule *modules;
  st_kernel *queue;       /* launches waiting for st_synchronize */
  size_t n_queue, cap_queue;
  uint64_t next_launch_id;
  st_run_totals totals;
  bool broken;            /* a kernel faulted or deadlocked: later launches are dropped */
};

/* Frees a list of loaded modules. */
void st_kmodules_free(st_kmodule *km);

/* Frees what a queued kernel owns (its parameter buffer). */
void st_kernel_release(st_kernel *k);

/* Runs one kernel to completion in functional mode. */
st_status st_run_functional(st_gpu *gpu, st_kernel *k, st_error *err);

/* CTAs of kernel k one SM can hold at once, by threads, CTA slots and shared
 * memory (registers are not known from PTX and are not counted here). */
uint32_t st_ctas_per_sm(const st_config *cfg, const st_kernel *k);

#endif
