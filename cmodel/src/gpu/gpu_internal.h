/* The GPU object behind the host API. Not a public interface. */
#ifndef SIMTREF_GPU_INTERNAL_H
#define SIMTREF_GPU_INTERNAL_H

#include <stdbool.h>

#include "common/error.h"
#include "func/exec.h"
#include "func/gmem.h"
#include "gpu/launch.h"
#include "gpu/progress.h"
#include "gpu/timing.h"
#include "simtref/simtref.h"
#include "simtref/stats.h"
#include "units/registry.h"

/* One traced unit (st_gpu_trace_unit). */
typedef struct st_unit_trace_run {
  const st_unit *unit;
  FILE *f;
  st_trace t;          /* the state of the unit's own trace hook */
  struct st_uinst **inst; /* the unit's instance on each SM once the machine exists */
} st_unit_trace_run;

struct st_gpu {
  st_config cfg;
  st_gmem gmem;
  st_kmodule *modules;
  st_kernel *queue;       /* launches waiting for st_synchronize */
  size_t n_queue, cap_queue;
  uint64_t next_launch_id;
  uint64_t host_launches; /* st_launch calls queued so far */
  uint32_t n_streams;     /* streams created (stream 0 always exists) */
  st_run_totals totals;
  bool broken;            /* a kernel faulted or deadlocked: later launches are dropped */
  st_tmachine *tm;        /* the timing model, created by the first timing-mode kernel */
  st_copy_observer observe_copy; /* called with every device-to-host copy, or NULL */
  void *observe_ctx;
  st_api_recorder record; /* called with every host API call, or NULL */
  void *record_ctx;
  const struct st_cosim_provider *cosim; /* RTL co-simulation provider, or NULL */
  struct st_unit_trace_run *traces; /* --trace UNIT: the units traced, their files */
  size_t n_traces;
  FILE *power_trace;                /* --power-trace: the file, or NULL */
  st_statset *kstats;     /* statistics of each kernel run, in launch order */
  size_t n_kstats, cap_kstats;
  struct st_critprof *crit_rec; /* --profile-criticality: the warps recorded, or NULL */
  struct st_critprof *oracle;   /* the CAWS oracle (sm.caws_profile) once read, or NULL */
  struct st_cdp *cdp;           /* the device runtime (gpu/cdp.h) */
  st_kd_stats kd;               /* the kernel distributor's occupancy (timing mode) */
  uint64_t dtbl_searches;       /* DTBL groups that searched the kernel distributor */
  uint64_t dtbl_eligible;       /* ... and found an eligible kernel (the KDE hit rate) */
  struct st_func_tree *ftree;   /* functional mode: the running grid's device launches */
  st_progress_hook progress;    /* st_gpu_set_progress */
  uint64_t func_launch;         /* functional mode: the host launch running (1-based) */
};

/* The CAWS oracle: reads cfg sm.caws_profile if a CAWS policy is selected
 * and it is not read yet (gpu/critprof.c). */
st_status st_gpu_oracle_ready(st_gpu *gpu, st_error *err);

/* Reports a host API call to the recorder, if any. */
static inline void st_gpu_record(st_gpu *gpu, const st_api_event *ev) {
  if (gpu->record != NULL) {
    gpu->record(gpu->record_ctx, ev);
  }
}

/* Frees a list of loaded modules. */
void st_kmodules_free(st_kmodule *km);

/* Frees what a queued kernel owns (its parameter buffer). */
void st_kernel_release(st_kernel *k);

/* Hands the traced units' instances their files (st_timing_prepare, once
 * the machine exists). */
st_status st_timing_attach_traces(st_gpu *gpu, st_error *err);

/* A new statistics set at the end of the GPU's kernel list (NULL when out
 * of memory). */
st_statset *st_gpu_next_kernel_stats(st_gpu *gpu, const char *name);

/* Kernel entry f of mod launched with this shape: everything but its
 * parameters (k.params NULL, k.param_size the entry's), launch id and
 * stream. A CTA that needs more shared memory than an SM has is an error. */
st_status st_kernel_make(const st_config *cfg, st_kmodule *mod, const st_function *f,
                         st_dim3 grid, st_dim3 block, uint32_t shared_bytes, st_kernel *out,
                         st_error *err);

/* Runs one kernel to completion in functional mode. */
st_status st_run_functional(st_gpu *gpu, st_kernel *k, st_error *err);

/* Parameter i of kernel `entry` in mod: its size, declared alignment and
 * name. False when there is no such kernel or parameter. */
bool st_kmodule_param(const st_kmodule *mod, const char *entry, size_t i, uint64_t *size,
                      uint32_t *align, const char **name);

/* Registers per thread of kernel k: the module's estimate, lowered by the
 * entry's .maxnreg and .minnctapersm directives, rounded to the register
 * granularity. */
uint32_t st_kernel_regs(const st_config *cfg, const st_kernel *k);

/* CTAs of kernel k one SM holds at once: CTA slots, threads, shared memory
 * and registers (k->regs_per_thread), then the CTA scheduler's static limit. */
uint32_t st_occupancy(const st_config *cfg, const st_kernel *k);

#endif
