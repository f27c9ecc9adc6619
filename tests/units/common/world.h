/* Seeded random stimulus for the benches of the SM's scheduling units (the
 * issue schedulers, the fetch arbiters, the WPT): a small SM around the
 * units, so that every input is legal (spec/baws.md §1.2, §1.3):
 *
 * - NTB thread-block slots; a TB is launched into a free slot with 1 to
 *   max_tb_warps warps taken from free warp slots (mostly a contiguous run,
 *   as GPGPU-Sim places them, sometimes scattered), and frees its slot when
 *   its last warp exits. Warp slot i belongs to scheduler i mod NS.
 * - Every cycle each scheduler may issue one of its ready warps (resident,
 *   not exited, not waiting at a barrier): a plain instruction, a bar.sync
 *   (the warp waits; the last arrival of the TB releases the barrier) or the
 *   warp's exit (which may release a barrier of warps all waiting, or end
 *   the TB). Events are applied in scheduler order, as §1.3's pseudo-code.
 * - The world's own WPT (the C model) gives the registered counts the
 *   schedulers and the fetch arbiter read (the start-of-cycle snapshot, A6).
 * - Age ranks follow launch order (0 = oldest resident warp); slots without
 *   a warp get arbitrary values in range for tb and age (they are never
 *   candidates, but both models must agree on them too).
 * Only the world's state drives the stimulus, never a unit's outputs. */
#ifndef SIMTREF_TESTS_UNITS_WORLD_H
#define SIMTREF_TESTS_UNITS_WORLD_H

#include <stdint.h>

#include "units/wpt/wpt.h"

typedef struct world_cfg {
  unsigned nws;          /* warp slots, <= 64 */
  unsigned ns;           /* schedulers, <= 16 */
  unsigned ntb;          /* TB slots, <= 64 */
  unsigned cnt_w;        /* WPT counter width */
  unsigned max_tb_warps; /* the largest TB */
  unsigned count_exited; /* the world's WPT counts exits */
} world_cfg;

enum { EV_NONE = 0, EV_PLAIN, EV_BAR, EV_EXIT };

typedef struct world {
  world_cfg c;
  uint64_t rng;
  uint64_t cycle;
  /* per warp slot, at the start of the cycle */
  uint8_t resident[64];   /* holds a warp of a live TB (exited or not) */
  uint8_t exited[64];
  uint8_t at_bar[64];
  uint8_t tb[64];         /* its TB slot (arbitrary when not resident) */
  uint8_t age[64];        /* age rank (arbitrary when not resident) */
  uint64_t seq[64];       /* launch sequence number */
  /* drawn for this cycle */
  uint8_t ready[64];      /* can issue: live, not at a barrier, and drawn */
  uint8_t mem_wait[64];   /* waits on a load (live warps only) */
  uint8_t fetch_ok[64];   /* I-buffer empty and no I-miss pending (live only) */
  uint8_t launch[64];     /* TB slot b gets a new TB at this cycle's edge */
  uint8_t ev[16];         /* scheduler s's issue event: EV_* */
  uint8_t ev_warp[16];
  uint8_t ev_rel[16];     /* that bar.sync or exit released a barrier / ended the TB */
  /* per TB slot */
  uint8_t busy[64];
  uint64_t live[64];      /* warps not exited */
  uint64_t bar[64];       /* warps waiting at the barrier */
  uint64_t warps[64];     /* all its warps */
  uint64_t nlive[64], nbar[64]; /* after this cycle's events */
  uint64_t next_seq;
  /* the world's WPT: counts[] is its registered output this cycle */
  wpt_params wp;
  wpt_state ws;
  uint8_t counts[64];
  /* rates, out of 256 */
  unsigned p_ready, p_issue, p_bar, p_exit, p_launch, p_mem, p_fetch;
  unsigned phase_left;    /* cycles until the rates are drawn again */
} world;

uint64_t world_rand(uint64_t *x); /* splitmix64 */

void world_init(world *w, const world_cfg *c, uint64_t seed);
/* Draws this cycle: launches, readiness, issue events and their releases. */
void world_begin(world *w);
/* The clock edge: applies the events and launches, steps the WPT. */
void world_end(world *w);
/* The WPT's inputs for this cycle's events and launches. */
void world_wpt_in(const world *w, wpt_in *in);
/* popcount of TB b's waiting warps (the WPT invariant of §1.3). */
unsigned world_waiting(const world *w, unsigned b);

/* A world around a per-scheduler unit of nw warps whose age ranks have
 * age_w bits: two schedulers (2 nw warp slots) where the slots fit in 64 and
 * their age ranks in age_w bits, else one; up to 16 slots 4 TB slots of up
 * to 8 warps and 3-bit counts, else 8 TB slots of up to 16 warps and 6-bit
 * counts; exits not counted. */
void world_cfg_sched(world_cfg *wc, unsigned nw, unsigned age_w);
/* The same around an SM-wide unit of nws warp slots and ns schedulers. */
void world_cfg_sm(world_cfg *wc, unsigned nws, unsigned ns);

/* A unit bench's stimulus from the world (unit_test.h): the world and the
 * scheduler whose warps a per-scheduler unit sees (warp j of scheduler s is
 * warp slot j * ns + s). */
typedef struct world_stim {
  world w;
  unsigned sched;
  int reset_seen; /* the unit was reset in mid-run */
} world_stim;

/* Starts a world_stim; the scheduler is chosen from the seed. */
void world_stim_init(world_stim *ws, const world_cfg *c, uint64_t seed);
/* ut_bench hooks: the edge (world_end), the mid-run reset, the description. */
void world_stim_edge(void *stim);
void world_stim_reset(void *stim);
void world_stim_describe(const void *stim, char *buf, size_t size);
/* The warp slot of warp j of the stimulus's scheduler. */
unsigned world_slot(const world_stim *ws, unsigned j);

#endif
