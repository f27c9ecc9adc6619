/* The progress hook of a GPU (st_gpu_set_progress): the run loops ask
 * st_progress_due at a cheap point of each step; it reads the host clock only
 * every `every` asks and says yes at most every ST_PROGRESS_PERIOD seconds.
 * The loop then fills an st_progress and hands it to st_progress_report.
 * Nothing here touches simulated state: a run gives the same results and
 * statistics with a hook or without. */
#ifndef SIMTREF_GPU_PROGRESS_H
#define SIMTREF_GPU_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "simtref/simtref.h"

/* Seconds between two calls of the hook, at least. */
#define ST_PROGRESS_PERIOD 0.25
/* Asks between two reads of the host clock: the timing loop (one ask per
 * clock edge) and the functional loop (one ask per CTA turn). */
#define ST_PROGRESS_EVERY_EDGES 4096u
#define ST_PROGRESS_EVERY_TURNS 64u

typedef struct st_progress_hook {
  st_progress_fn fn; /* NULL: no hook */
  void *ctx;
  uint32_t asks;       /* asks since the hook was set */
  double next;         /* host time (CLOCK_MONOTONIC seconds) of the next call, at least */
  double sync_t0;      /* host time the running st_synchronize began */
  uint64_t first_launch; /* host launch number of the first launch it runs (1-based) */
} st_progress_hook;

/* The host clock's time is read and compared (a call of the hook is due). */
bool st_progress_clock_due(st_progress_hook *h);

/* True when the hook should be called now. `every` is a power of two. */
static inline bool st_progress_due(st_progress_hook *h, uint32_t every) {
  return h->fn != NULL && (++h->asks & (every - 1)) == 0 && st_progress_clock_due(h);
}

/* Calls the hook with p, its wall_seconds filled in from totals_wall (the
 * host time of the GPU's earlier synchronizations) and the running one. */
void st_progress_report(st_progress_hook *h, st_progress *p, double totals_wall);

#endif
