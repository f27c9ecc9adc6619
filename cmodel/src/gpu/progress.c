/* The progress hook of a GPU (progress.h). */
#include "gpu/progress.h"

#include <time.h>

#include "gpu/gpu_internal.h"

static double host_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool st_progress_clock_due(st_progress_hook *h) {
  double now = host_now();
  if (now < h->next) {
    return false;
  }
  h->next = now + ST_PROGRESS_PERIOD;
  return true;
}

void st_progress_report(st_progress_hook *h, st_progress *p, double totals_wall) {
  double now = host_now();
  p->wall_seconds = totals_wall + (now - h->sync_t0);
  h->fn(h->ctx, p);
  /* The hook's own time does not shorten the period. */
  h->next = host_now() + ST_PROGRESS_PERIOD;
}

void st_gpu_set_progress(st_gpu *gpu, st_progress_fn fn, void *ctx) {
  gpu->progress.fn = fn;
  gpu->progress.ctx = ctx;
  gpu->progress.asks = 0;
  gpu->progress.next = 0.0;
}
