/* Pointer chasing (micro.cu: chase, chase_cg) and the load latencies the
 * configuration implies (docs/validation.md §1 derives each formula). */
#ifndef SIMTREF_TESTS_TIMING_CHASE_H
#define SIMTREF_TESTS_TIMING_CHASE_H

#include <stdint.h>

#include "tt_common.h"

typedef struct chase_result {
  double per_load;            /* cycles per load of the last walk */
  double first_per_load;      /* cycles per load of the first walk */
  double l1_hit, l1_miss;     /* l1d.global_r.{hit,miss} of the kernel, all walks */
  double l2_hit, l2_miss;     /* l2.global_r.{hit,miss} */
  double dram_row_hit_rate;   /* dram.row_hit_rate */
} chase_result;

/* Builds a cyclic chain of n elements stride bytes apart in a fresh
 * allocation, starting at the first address that is a multiple of align
 * (element i points to element i + 1, the last to the first), then runs
 * entry ("chase", "chase_cg" or "chase_volatile") with one thread: reps walks of iters steps
 * (iters a multiple of 64), each walk going on where the last one ended. */
chase_result chase_run(tt_gpu *t, const char *entry, uint64_t n, uint64_t stride, uint64_t align,
                       unsigned iters, unsigned reps);

/* Core cycles between two dependent loads that hit the L1. */
double chase_expect_l1(const st_config *c);
/* ... that miss the L1 and hit the L2 (the reply carries an L1 line). */
double chase_expect_l2(const st_config *c);
/* ... that hit the L2 with a reply of reply_bytes (L1-bypassing loads ask
 * for 32 bytes). */
double chase_expect_l2_reply(const st_config *c, uint64_t reply_bytes);
/* ... that miss the L2; DRAM service of dram_cycles (DRAM clock) added. */
double chase_expect_dram(const st_config *c, double dram_cycles);
/* DRAM cycles an L2-line read takes in its channel when its row is open,
 * when the bank is closed, and when the bank holds another row. */
double dram_service_hit(const st_config *c);
double dram_service_closed(const st_config *c);
double dram_service_conflict(const st_config *c);

#endif
