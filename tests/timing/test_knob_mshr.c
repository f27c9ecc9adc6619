/* One knob, L1 MSHRs (docs/validation.md §4): fewer l1d.mshr_entries
 * (32 -> 16 -> 8 -> 4) give more reservation failures for want of an MSHR
 * (l1d.resfail.mshr_full) and, with less memory-level parallelism, more
 * cycles: on a streaming read (micro.cu: stream_read, 2 MiB) and on the
 * suite's bfs (small size, CPU check must pass). gtx480. */
#include <stdio.h>

#include "tt_common.h"

static const char *const entries[] = {"l1d.mshr_entries=32", "l1d.mshr_entries=16",
                                      "l1d.mshr_entries=8", "l1d.mshr_entries=4"};
#define N_ENTRIES (sizeof entries / sizeof entries[0])

static void stream(tt_gpu *t) {
  uint64_t bytes = 2u << 20;
  uint32_t ctas = 15 * 5, threads = 256;
  uint64_t in = tt_alloc(t, bytes), out = tt_alloc(t, 4ull * ctas * threads);
  uint64_t times = tt_alloc(t, 16ull * ctas);
  st_arg args[] = {ST_ARG_PTR(in), ST_ARG_PTR(out), ST_ARG_U32(bytes / 16), ST_ARG_PTR(times)};
  tt_run(t, "stream_read", st_dim3_make(ctas, 1, 1), st_dim3_make(threads, 1, 1), args, 4);
}

static void run_case(const char *name) {
  double resfail[N_ENTRIES], cycles[N_ENTRIES];
  for (size_t i = 0; i < N_ENTRIES; i++) {
    tt_gpu t;
    tt_open(&t, "gtx480", &entries[i], 1);
    if (name == NULL) {
      stream(&t);
    } else {
      tt_run_workload(&t, name, false);
    }
    resfail[i] = tt_runstat(&t, "l1d.resfail.mshr_full");
    cycles[i] = tt_runstat(&t, "cycles");
    tt_close(&t);
  }
  const char *label = name ? name : "stream_read";
  char what[128];
  for (size_t i = 1; i < N_ENTRIES; i++) {
    snprintf(what, sizeof what, "%s: l1d.resfail.mshr_full, %s > %s", label, entries[i] + 17,
             entries[i - 1] + 17);
    tt_expect(what, resfail[i] > resfail[i - 1], "%.0f > %.0f", resfail[i], resfail[i - 1]);
  }
  snprintf(what, sizeof what, "%s: cycles, 4 MSHRs > 32 MSHRs", label);
  tt_expect(what, cycles[N_ENTRIES - 1] > cycles[0], "%.0f > %.0f", cycles[N_ENTRIES - 1],
            cycles[0]);
}

int main(void) {
  run_case(NULL);
  run_case("bfs");
  return tt_finish("test_knob_mshr");
}
