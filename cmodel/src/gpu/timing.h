/* The timing model's GPU: every SM, the interconnect, the L2 sub-partitions
 * and the DRAM channels, and the run loop that drives them. */
#ifndef SIMTREF_GPU_TIMING_H
#define SIMTREF_GPU_TIMING_H

#include "common/error.h"
#include "func/exec.h"
#include "simtref/stats.h"

typedef struct st_tmachine st_tmachine;
struct st_gpu;

/* Runs the n launches (launch order, each on its stream) to completion in
 * timing mode through the launch queue (gpu/launch.h), appending each
 * kernel's statistics to the GPU's list as it becomes resident and
 * bringing the run totals up to date. The machine is created on first use
 * and keeps its caches and clocks from one run to the next. */
st_status st_run_timing(struct st_gpu *gpu, st_kernel *launches, size_t n, st_error *err);

/* Sets SM sm's clock to hz from its next cycle boundary on (the other SMs,
 * the front end and the memory system keep theirs). */
st_status st_timing_set_sm_clock(struct st_gpu *gpu, uint32_t sm, int64_t hz, st_error *err);

/* Creates the timing machine (and attaches co-simulated units) if it does
 * not exist yet. */
st_status st_timing_prepare(struct st_gpu *gpu, st_error *err);

/* Statistics of everything the GPU ran so far (timing mode), or the
 * functional totals when nothing ran in timing mode. */
void st_timing_run_stats(struct st_gpu *gpu, st_statset *out);

void st_tmachine_destroy(st_tmachine *tm);

#endif
