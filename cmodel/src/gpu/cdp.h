/* The CUDA device runtime (dynamic parallelism, CUDA 12+ model as nvcc 13
 * emits it): the provider of the built-in functions of func/devrt.h for a
 * GPU, its parameter buffers, streams, error reporting and statistics. The
 * launches it records go to whoever runs kernels: the functional run's
 * launch tree (gpu.c) or the timing model's launch queue (gpu/launch.h).
 * docs/cdp.md describes the semantics and the launch path's timing. */
#ifndef SIMTREF_GPU_CDP_H
#define SIMTREF_GPU_CDP_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "func/devrt.h"
#include "func/exec.h"
#include "simtref/stats.h"

/* The stream a device launch was made on. */
typedef enum st_cdp_kind {
  ST_CDP_HOST = 0,  /* a host launch (not a device launch) */
  ST_CDP_DEFAULT,   /* stream 0: the launching block's own stream, in order */
  ST_CDP_TAIL,      /* cudaStreamTailLaunch: after the launching grid and its descendants */
  ST_CDP_FORGET,    /* cudaStreamFireAndForget: no ordering */
  ST_CDP_CREATED,   /* a stream made with cudaStreamCreateWithFlags: in order */
  ST_CDP_GROUP,     /* cudaLaunchAggGroup: a DTBL aggregated group (no stream, no ordering) */
  ST_CDP_KINDS
} st_cdp_kind;

/* One device launch as made: the kernel (its parameters copied from the
 * buffer), its stream and where it comes from. */
typedef struct st_cdp_launch {
  st_kernel k;           /* k.launch_id is set; k.params owned */
  uint64_t parent_id;    /* launch id of the launching grid */
  uint64_t parent_cta;   /* linear id of the launching block */
  uint64_t stream;       /* ST_CDP_CREATED: the handle */
  uint8_t kind;          /* st_cdp_kind */
  uint64_t t_arrive;     /* core cycle the launch reaches the pending pool (timing mode) */
  uint32_t parent_sm;    /* SM of the launching block (timing mode) */
  uint32_t hw_tid;       /* the launching thread's hardware thread id on that SM */
} st_cdp_launch;

/* Receives each launch made (it takes over l->k.params). */
typedef st_status (*st_cdp_sink)(void *ctx, st_cdp_launch *l, st_error *err);

typedef struct st_cdp st_cdp;

st_status st_cdp_create(const st_config *cfg, struct st_gmem *gmem, st_cdp **out, st_error *err);
void st_cdp_destroy(st_cdp *rt);

/* The built-in functions' provider, for st_exec_env.devrt / devrt_ctx. */
const st_devrt_ops *st_cdp_ops(void);

/* Where launches go from now on (NULL: nowhere; a launch then faults). */
void st_cdp_set_sink(st_cdp *rt, st_cdp_sink sink, void *ctx);

/* A device launch started (left the pending pool) after waiting `waited`
 * core cycles there (timing mode; 0 in functional mode). */
void st_cdp_started(st_cdp *rt, const st_kernel *k, uint64_t waited);

/* How a DTBL group started. */
typedef enum st_group_start {
  ST_GROUP_RUN = 0,   /* functional mode: run after its launching grid */
  ST_GROUP_JOINED,    /* joined a resident kernel (timing mode) */
  ST_GROUP_AS_KERNEL  /* became a kernel of its own (timing mode) */
} st_group_start;

/* A DTBL group started after waiting `waited` core cycles. */
void st_cdp_group_started(st_cdp *rt, const st_kernel *k, uint64_t waited, st_group_start how);

/* Launches made and not yet started (what cdp.pending_limit bounds). */
uint32_t st_cdp_pending(const st_cdp *rt);

/* The first launch error not yet taken (0: none) and its report (valid
 * until the next error); taking it clears it. */
uint32_t st_cdp_take_error(st_cdp *rt, const char **report);

/* True if a kernel called the device runtime. */
bool st_cdp_used(const st_cdp *rt);

/* Adds the cdp.* statistics. */
void st_cdp_stats(const st_cdp *rt, st_statset *out);

#endif
