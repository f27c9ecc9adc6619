/* A pool of threads that runs the items of one step (the SMs of one core
 * cycle) in parallel, and the turn that orders what must happen in item
 * order (docs/performance.md, "Parallel simulation").
 *
 * st_par_run runs items 0..n-1 on the pool's threads, the caller's included
 * (thread w takes items w, w + threads, ..., each in increasing order), and
 * returns when every item is done. An
 * item that reaches a point where it touches state shared with other items
 * calls st_par_turn_wait: it returns once every lower item has called
 * st_par_turn_done (or finished). Because each thread runs its items in
 * increasing order and an item only ever waits for lower ones, the thread of
 * the lowest unfinished item is at that item and it never waits: no
 * deadlock, whatever the thread count.
 */
#ifndef SIMTREF_COMMON_PAR_H
#define SIMTREF_COMMON_PAR_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"

typedef struct st_par st_par;

/* fn runs item `item` on thread `worker` (0: the caller; 1..threads-1). */
typedef void (*st_par_fn)(void *ctx, uint32_t item, uint32_t worker);

/* A pool of `threads` threads (the caller counts as one: threads - 1 are
 * started) for steps of at most max_items items. */
st_status st_par_create(uint32_t threads, uint32_t max_items, st_par **out, st_error *err);
void st_par_destroy(st_par *p);

/* Runs fn on items 0..n-1 (n <= max_items); returns when all are done. */
void st_par_run(st_par *p, uint32_t n, st_par_fn fn, void *ctx);

/* Between runs: while on, the caller runs items itself, in increasing
 * order and to their end, and the turn calls return at once. */
void st_par_serial(st_par *p, bool on);

/* Within a run: item `item` has passed the last point at which it touches
 * shared state (idempotent; finishing the item implies it). */
void st_par_turn_done(st_par *p, uint32_t item);
/* Within a run: waits until every item below `item` is turn-done. */
void st_par_turn_wait(st_par *p, uint32_t item);

#endif
