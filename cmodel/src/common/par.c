/* The thread pool of parallel simulation (common/par.h).
 *
 * A run is published by bumping `run` after the item count and function are
 * written; each thread takes a fixed share of the items. Every wait (a
 * thread for the next run, an item for its turn, the caller for the end of
 * the run) spins a few microseconds, then sleeps: on Linux on a futex, the
 * word `events`, which a turn, an item's end or a new run bumps (and wakes
 * on) when some thread sleeps; elsewhere it spins on. A pool that is not
 * stepping costs no CPU, and more threads than cores slow a run down but
 * never hang it. */
#define _DEFAULT_SOURCE /* syscall (futex) */
#include "common/par.h"

#include "common/fault.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#else
#define CPU_RELAX() ((void)0)
#endif

/* Spin this long before sleeping (a serial stretch between steps is a few
 * microseconds; a futex wake-up costs tens). */
#define SPIN_NS 50000

/* One cache line per item: each is written by its own thread. */
struct turn {
  _Atomic uint32_t run;
  char pad[64 - sizeof(uint32_t)];
};

struct st_par {
  uint32_t threads;
  pthread_t *th;
  uint32_t n;
  st_par_fn fn;
  void *ctx;
  _Atomic uint32_t run;       /* number of the run in progress (or last) */
  _Atomic int stop;
  bool serial;                /* st_par_serial: items run on the caller, in order */
  bool reverse;               /* planted fault (SIMTREF_FAULT=par-reverse): each thread runs
                                 its items from the highest down and an item waits for the
                                 items above it: shared state is touched in reverse order */
  struct turn *turn;          /* per item: the run in which it became turn-done */
  struct turn *done;          /* per thread: the last run whose items it finished */
  _Alignas(64) _Atomic uint32_t events;  /* bumped by every event a sleeper may wait for */
  _Atomic uint32_t sleepers;  /* threads asleep (or about to be) on events */
};

static void futex_wait(_Atomic uint32_t *w, uint32_t expect) {
#ifdef __linux__
  syscall(SYS_futex, (uint32_t *)w, FUTEX_WAIT_PRIVATE, expect, NULL, NULL, 0);
#else
  (void)w;
  (void)expect; /* spins on */
#endif
}

static void futex_wake_all(_Atomic uint32_t *w) {
#ifdef __linux__
  syscall(SYS_futex, (uint32_t *)w, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL, NULL, 0);
#else
  (void)w;
#endif
}

/* After any event a sleeper may wait for: the event's store comes first,
 * sequentially consistent, and pairs with the sleeper's registration in
 * wait_until (either the sleeper sees the event, or this sees the sleeper). */
static void signal_event(st_par *p) {
  if (atomic_load(&p->sleepers) != 0) {
    atomic_fetch_add(&p->events, 1);
    futex_wake_all(&p->events);
  }
}

typedef bool (*cond_fn)(st_par *p, uint32_t a, uint32_t b);

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Returns once cond holds: spins up to SPIN_NS, then sleeps until an event.
 * (Never sched_yield: with a low-priority job on the host, a yield hands it
 * the core for its whole time slice.) */
static void wait_until(st_par *p, cond_fn cond, uint32_t a, uint32_t b) {
  uint64_t start = 0;
  for (unsigned i = 0;; i++) {
    if (cond(p, a, b)) {
      return;
    }
    CPU_RELAX();
    if ((i & 63) == 63) {
      uint64_t t = now_ns();
      if (start == 0) {
        start = t;
      } else if (t - start >= SPIN_NS) {
        break;
      }
    }
  }
  for (;;) {
    atomic_fetch_add(&p->sleepers, 1);
    uint32_t e = atomic_load(&p->events);
    bool done = cond(p, a, b);
    if (!done) {
      futex_wait(&p->events, e); /* returns at once if events moved on */
    }
    atomic_fetch_sub(&p->sleepers, 1);
    if (done) {
      return;
    }
  }
}

static bool new_run(st_par *p, uint32_t seen, uint32_t unused) {
  (void)unused;
  return atomic_load(&p->run) != seen || atomic_load(&p->stop);
}

static bool all_finished(st_par *p, uint32_t r, uint32_t unused) {
  (void)unused;
  for (uint32_t w = 1; w < p->threads; w++) {
    if (atomic_load(&p->done[w].run) != r) {
      return false;
    }
  }
  return true;
}

static bool turn_is(st_par *p, uint32_t item, uint32_t r) {
  return atomic_load(&p->turn[item].run) == r;
}

/* Thread `worker` runs items worker, worker + threads, ... in increasing
 * order: an SM stays on one thread (its state in that core's caches). */
static void work(st_par *p, uint32_t r, uint32_t worker) {
  uint32_t n = p->n; /* read before the last item: the next run may change it */
  uint32_t mine = n > worker ? (n - worker + p->threads - 1) / p->threads : 0;
  for (uint32_t k = 0; k < mine; k++) {
    uint32_t i = worker + (p->reverse ? mine - 1 - k : k) * p->threads;
    p->fn(p->ctx, i, worker);
    atomic_store(&p->turn[i].run, r);
    signal_event(p);
  }
  atomic_store(&p->done[worker].run, r);
  signal_event(p);
}

typedef struct {
  st_par *p;
  uint32_t worker;
} worker_arg;

static void *worker_main(void *arg) {
  worker_arg a = *(worker_arg *)arg;
  free(arg);
  st_par *p = a.p;
  uint32_t seen = 0; /* runs are numbered from 1: the first is new to every thread */
  for (;;) {
    wait_until(p, new_run, seen, 0);
    if (atomic_load_explicit(&p->stop, memory_order_acquire)) {
      return NULL;
    }
    seen = atomic_load_explicit(&p->run, memory_order_acquire);
    work(p, seen, a.worker);
  }
}

st_status st_par_create(uint32_t threads, uint32_t max_items, st_par **out, st_error *err) {
  *out = NULL;
  st_par *p = calloc(1, sizeof *p);
  if (p == NULL || (p->turn = calloc(max_items ? max_items : 1, sizeof *p->turn)) == NULL ||
      (p->done = calloc(threads, sizeof *p->done)) == NULL ||
      (p->th = calloc(threads, sizeof *p->th)) == NULL) {
    if (p != NULL) {
      free(p->turn);
      free(p->done);
    }
    free(p);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  p->threads = threads;
  p->reverse = st_fault_planted("par-reverse");
  for (uint32_t t = 1; t < threads; t++) {
    worker_arg *a = malloc(sizeof *a);
    int rc = a == NULL ? -1 : 0;
    if (a != NULL) {
      a->p = p;
      a->worker = t;
      rc = pthread_create(&p->th[t], NULL, worker_main, a);
      if (rc != 0) {
        free(a);
      }
    }
    if (rc != 0) {
      p->threads = t; /* the ones started are joined */
      st_par_destroy(p);
      return st_error_set(err, ST_ERR_NOMEM,
                          "sim.threads: could not start thread %u of %u", t + 1, threads);
    }
  }
  *out = p;
  return ST_OK;
}

void st_par_destroy(st_par *p) {
  if (p == NULL) {
    return;
  }
  atomic_store(&p->stop, 1);
  signal_event(p);
  for (uint32_t t = 1; t < p->threads; t++) {
    pthread_join(p->th[t], NULL);
  }
  free(p->turn);
  free(p->done);
  free(p->th);
  free(p);
}

void st_par_run(st_par *p, uint32_t n, st_par_fn fn, void *ctx) {
  uint32_t r = atomic_load_explicit(&p->run, memory_order_relaxed) + 1;
  if (r == 0) {
    r = 1; /* turn[] starts at 0: run 0 never happens */
  }
  p->n = n;
  p->fn = fn;
  p->ctx = ctx;
  atomic_store(&p->run, r);
  signal_event(p);
  work(p, r, 0);
  wait_until(p, all_finished, r, 0);
}

void st_par_serial(st_par *p, bool on) { p->serial = on; }

void st_par_turn_done(st_par *p, uint32_t item) {
  if (p->serial) {
    return;
  }
  atomic_store(&p->turn[item].run, atomic_load_explicit(&p->run, memory_order_relaxed));
  signal_event(p);
}

void st_par_turn_wait(st_par *p, uint32_t item) {
  if (p->serial) {
    return; /* the items before ran to their end */
  }
  uint32_t r = atomic_load_explicit(&p->run, memory_order_relaxed);
  uint32_t lo = p->reverse ? item + 1 : 0, hi = p->reverse ? p->n : item;
  for (uint32_t j = lo; j < hi; j++) {
    if (!turn_is(p, j, r)) {
      wait_until(p, turn_is, j, r);
    }
  }
}
