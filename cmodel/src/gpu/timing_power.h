/* The timing machine's power model and bubble-controller host
 * (timing_power.c). Not a public interface. */
#ifndef SIMTREF_GPU_TIMING_POWER_H
#define SIMTREF_GPU_TIMING_POWER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "power/power.h"
#include "simtref/config.h"

struct st_tmachine;

/* The power model of a new machine (none when power.enabled is false). */
st_status st_tpower_create(struct st_tmachine *tm, const st_config *cfg, st_error *err);
void st_tpower_destroy(struct st_tmachine *tm);

/* Every SM's and the uncore's activity counters now. */
void st_tpower_counts(const struct st_tmachine *tm, st_power_sm_act *act, st_power_unc_act *unc);

/* Every SM's active warps now, into tm->active (which the power model and
 * the bubble controller read), once per core cycle run and once before a
 * skipped stretch. */
void st_tpower_gather(struct st_tmachine *tm);
/* sim.check_skips: the first SM whose gathered active warps differ from its
 * count now (n_sms: none). */
uint32_t st_tpower_stale(const struct st_tmachine *tm);

/* The front end ran a core cycle (before the core clock's edge): the SMs'
 * occupancy (tm->active, gathered) counted. busy: a kernel is resident. */
void st_tpower_front(struct st_tmachine *tm, bool busy);
/* After the core clock's edge: the sample it ends, if any. */
void st_tpower_after_edge(struct st_tmachine *tm);
/* A sample ending now, whatever its length (the end of a run). */
void st_tpower_sample_now(struct st_tmachine *tm);

/* Core cycles that idle-cycle skipping may jump over from the next one on
 * (a sample's last cycle is run in full). */
uint64_t st_tpower_skippable(const struct st_tmachine *tm);
/* n core cycles were skipped (the SMs' occupancy, tm->active as gathered
 * before the stretch, held). */
void st_tpower_skipped(struct st_tmachine *tm, uint64_t n, bool busy);

#endif
