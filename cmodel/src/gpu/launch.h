/* The launch queue (kernel management): the launches of one synchronise,
 * each on a stream, made resident on the GPU in launch order as streams and
 * the concurrent-kernel limit (gpu.max_concurrent_kernels) allow.
 *
 * A stream runs its kernels one after another; kernels of different streams
 * may be resident at once, and an SM may hold blocks of several. A resident
 * kernel's blocks are placed by the thread-block scheduler (gpu/tbsched.h);
 * it ends when its last block has retired (and, when it is the only resident
 * kernel, once the SMs and the memory system have drained). */
#ifndef SIMTREF_GPU_LAUNCH_H
#define SIMTREF_GPU_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "core/sm.h"
#include "func/exec.h"
#include "simtref/stats.h"

typedef enum st_lk_state { LK_WAITING = 0, LK_RESIDENT, LK_DONE } st_lk_state;

/* One launch. */
typedef struct st_lkernel {
  st_rkernel rk;        /* what the SMs see of it while it is resident */
  st_kernel *k;         /* the launch (owned by the GPU's queue) */
  size_t index;         /* its position in launch order */
  st_lk_state state;
  uint64_t next_cta;    /* its next block to place */
  uint32_t occupancy;   /* blocks of it one SM holds (resources), before the TB policy */
  st_statset *stats;    /* its statistics (from when it became resident) */
  double wall0;         /* host time when it became resident */
} st_lkernel;

typedef struct st_launchq {
  st_lkernel *l;         /* every launch, in launch order */
  size_t n;
  size_t max_resident;   /* gpu.max_concurrent_kernels */
  st_lkernel **resident; /* resident kernels, the oldest first */
  size_t n_resident;
  size_t n_done;
  size_t n_unissued;     /* resident kernels with blocks left to place */
} st_launchq;

/* Makes a queue of n launches for a GPU of n_sms SMs. */
st_status st_launchq_init(st_launchq *q, st_kernel *launches, size_t n, uint32_t n_sms,
                          size_t max_resident, st_error *err);
void st_launchq_free(st_launchq *q);

/* The next waiting launch that may become resident now (the earlier
 * launches of its stream are done, a resident place is free), the earliest
 * in launch order first; NULL when none may. The caller makes it resident
 * with st_launchq_start. */
st_lkernel *st_launchq_startable(const st_launchq *q);
void st_launchq_start(st_launchq *q, st_lkernel *lk);
/* A resident kernel ended. */
void st_launchq_finish(st_launchq *q, st_lkernel *lk);

/* True if some resident kernel has blocks left to place. */
static inline bool st_launchq_unissued(const st_launchq *q) { return q->n_unissued != 0; }
/* A block of lk was placed (its next_cta moves on). */
void st_launchq_placed(st_launchq *q, st_lkernel *lk);
/* True when every launch is done. */
static inline bool st_launchq_all_done(const st_launchq *q) { return q->n_done == q->n; }

#endif
