/* Stimulus for the DYNCTA unit: the same input vectors drive the C model's
 * cmocka test (test_dyncta.c) and the unit bench (bench.c, vectors.c).
 *
 * Two sources:
 * - the derived trace of spec/dyncta.md §1.5(e), cycle by cycle;
 * - a seeded random core: windows whose C_idle and C_mem totals are drawn
 *   from the threshold boundaries (t-1, t, t+1), saturation (2^CNT_W - 1,
 *   2^CNT_W, the whole window) and random values; cycle flags drawn at
 *   random for the wanted class; CTAs that launch when the unit accepts
 *   them and exit at random (sometimes two at once, sometimes from a slot
 *   refilled in the same cycle); kernels that drain and restart with a new
 *   N; starvation phases; and, where enabled, protocol violations the unit
 *   must ignore the same way in C and RTL (an exit from a free slot, a
 *   launch into a busy one or past the limit).
 * A generator reads only the C model's state and outputs, never the RTL's. */
#ifndef SIMTREF_TESTS_DYNCTA_STIM_H
#define SIMTREF_TESTS_DYNCTA_STIM_H

#include <stdint.h>

#include "units/dyncta/dyncta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* splitmix64: the bench's only source of randomness. */
uint64_t dyncta_stim_rand(uint64_t *x);

typedef struct dyncta_stim {
  const dyncta_params *p;
  uint64_t rng;
  int illegal;          /* also drive protocol violations */
  unsigned plan_idle;   /* idle cycles still to place in this window */
  unsigned plan_mem;    /* memory-wait cycles still to place */
  unsigned ctas_left;   /* unissued CTAs of the running kernel */
  unsigned gap;         /* cycles until the next kernel starts, once drained */
  unsigned exit_rate;   /* 1/exit_rate: chance per cycle of an exit event */
  unsigned starve_left; /* cycles left in a starvation phase */
  uint64_t cycle;
} dyncta_stim;

void dyncta_stim_init(dyncta_stim *g, const dyncta_params *p, uint64_t seed, int illegal);

/* The inputs of the next cycle, from the C model's state and outputs. */
void dyncta_stim_next(dyncta_stim *g, const dyncta_state *s, const dyncta_out *out, dyncta_in *in);

/* Random flags of one cycle that dyncta_classify() puts in class c. */
void dyncta_stim_flags(const dyncta_params *p, uint64_t *rng, dyncta_cycle c, dyncta_in *in);

/* ---- the derived trace of spec §1.5(e) ----------------------------------
 * Defaults of the spec (dyncta_default_params(p, 8)), N = 8 so n0 = 4.
 * Cycle 0 starts the kernel; CTAs A, B, C, D launch into slots 0..3 in
 * cycles 1..4; window w (1..7) covers cycles 1 + (w-1)*2048 .. w*2048 and
 * opens with its C_idle idle cycles, then its C_mem memory-wait cycles, the
 * rest active; A exits in the middle of window 5; E launches into the lowest
 * free slot as soon as the unit accepts a CTA. */
#define DYNCTA_TRACE_WINDOWS 7
#define DYNCTA_TRACE_CYCLES (1 + DYNCTA_TRACE_WINDOWS * 2048)
typedef struct dyncta_trace_window {
  uint16_t c_idle, c_mem;
  uint8_t n_after;      /* n after the window's decision */
  uint8_t decision;     /* DYNCTA_* */
  uint8_t paused_after; /* paused slots after the decision (bit per slot) */
} dyncta_trace_window;
extern const dyncta_trace_window dyncta_trace_e[DYNCTA_TRACE_WINDOWS];

void dyncta_trace_next(uint64_t cycle, const dyncta_state *s, const dyncta_out *out, dyncta_in *in);

#ifdef __cplusplus
}
#endif

#endif
