/* Concurrent kernels (docs/timing.md "Kernels, streams and the launch
 * queue"): two launches on two streams are resident at once and an SM holds
 * blocks of both; on one stream, or with gpu.max_concurrent_kernels = 1,
 * they run one after the other. Every run's results match the CPU; the
 * functional mode runs both launches too. Where each block ran and when
 * comes from the kernels themselves (%smid, %clock64: platform.cu). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_common.h"

#define THREADS 64
#define LONG_BLOCKS 15  /* one per SM of gtx480: each SM keeps room for more */
#define SHORT_BLOCKS 45
#define LONG_ITERS 3000
#define SHORT_ITERS 100

typedef struct rec {
  unsigned sm, t0, t1;
} rec;

static unsigned lcg(unsigned x, int iters) {
  for (int k = 0; k < iters; k++) {
    x = x * 1664525u + 1013904223u;
  }
  return x;
}

typedef struct run_result {
  rec a[LONG_BLOCKS], b[SHORT_BLOCKS];
  bool outputs_ok;
  uint64_t cycles;
} run_result;

/* Launches the long kernel (stream sa) then the short one (stream sb; 0 is
 * the default stream, -1 a new stream) and runs both. */
static void run_pair(const char *const *ovr, size_t n_ovr, int sa, int sb, run_result *r) {
  tt_gpu t;
  tt_open(&t, "gtx480", ovr, n_ovr);
  st_error err;
  st_error_clear(&err);
  st_kmodule *m = tt_load_module(&t, "platform.ptx");
  uint32_t s[2] = {0, 0};
  int want[2] = {sa, sb};
  for (int i = 0; i < 2; i++) {
    if (want[i] < 0) {
      tt_ok(st_stream_create(t.gpu, &s[i], &err), &err, "st_stream_create");
    } else {
      s[i] = (uint32_t)want[i];
    }
  }
  uint64_t rec_a = tt_alloc(&t, sizeof r->a), rec_b = tt_alloc(&t, sizeof r->b);
  uint64_t out_a = tt_alloc(&t, LONG_BLOCKS * THREADS * 4);
  uint64_t out_b = tt_alloc(&t, SHORT_BLOCKS * THREADS * 4);
  st_arg aa[] = {ST_ARG_PTR(rec_a), ST_ARG_PTR(out_a), ST_ARG_S32(LONG_ITERS)};
  st_arg ab[] = {ST_ARG_PTR(rec_b), ST_ARG_PTR(out_b), ST_ARG_S32(SHORT_ITERS)};
  tt_ok(st_launch_on(t.gpu, s[0], m, "plat_work", st_dim3_make(LONG_BLOCKS, 1, 1),
                     st_dim3_make(THREADS, 1, 1), 0, aa, 3, &err),
        &err, "launch of the long kernel");
  tt_ok(st_launch_on(t.gpu, s[1], m, "plat_work", st_dim3_make(SHORT_BLOCKS, 1, 1),
                     st_dim3_make(THREADS, 1, 1), 0, ab, 3, &err),
        &err, "launch of the short kernel");
  tt_ok(st_synchronize(t.gpu, &err), &err, "st_synchronize");
  tt_get(&t, r->a, rec_a, sizeof r->a);
  tt_get(&t, r->b, rec_b, sizeof r->b);
  unsigned *oa = malloc(LONG_BLOCKS * THREADS * 4), *ob = malloc(SHORT_BLOCKS * THREADS * 4);
  tt_get(&t, oa, out_a, LONG_BLOCKS * THREADS * 4);
  tt_get(&t, ob, out_b, SHORT_BLOCKS * THREADS * 4);
  r->outputs_ok = true;
  for (unsigned i = 0; i < LONG_BLOCKS * THREADS; i++) {
    r->outputs_ok = r->outputs_ok && oa[i] == lcg(i, LONG_ITERS);
  }
  for (unsigned i = 0; i < SHORT_BLOCKS * THREADS; i++) {
    r->outputs_ok = r->outputs_ok && ob[i] == lcg(i, SHORT_ITERS);
  }
  free(oa);
  free(ob);
  r->cycles = st_gpu_totals(t.gpu).cycles;
  tt_close(&t);
}

/* Blocks of the short kernel whose run on an SM overlapped a block of the
 * long kernel there (the SM clocks are one clock here). */
static unsigned overlapping(const run_result *r) {
  unsigned n = 0;
  for (unsigned b = 0; b < SHORT_BLOCKS; b++) {
    for (unsigned a = 0; a < LONG_BLOCKS; a++) {
      if (r->a[a].sm == r->b[b].sm && r->b[b].t0 <= r->a[a].t1 && r->a[a].t0 <= r->b[b].t1) {
        n++;
        break;
      }
    }
  }
  return n;
}

/* Every short block started after every long block ended. */
static bool serial(const run_result *r) {
  unsigned last_a = 0, first_b = UINT32_MAX;
  for (unsigned a = 0; a < LONG_BLOCKS; a++) {
    last_a = r->a[a].t1 > last_a ? r->a[a].t1 : last_a;
  }
  for (unsigned b = 0; b < SHORT_BLOCKS; b++) {
    first_b = r->b[b].t0 < first_b ? r->b[b].t0 : first_b;
  }
  return first_b > last_a;
}

int main(void) {
  run_result conc, same, one;
  run_pair(NULL, 0, -1, -1, &conc);
  tt_expect("two streams: results", conc.outputs_ok, "every output matches the CPU");
  unsigned n = overlapping(&conc);
  if (getenv("TT_VERBOSE") != NULL) {
    for (unsigned a = 0; a < LONG_BLOCKS; a++) {
      printf("long %u: sm %u %u..%u\n", a, conc.a[a].sm, conc.a[a].t0, conc.a[a].t1);
    }
    for (unsigned b = 0; b < SHORT_BLOCKS; b++) {
      printf("short %u: sm %u %u..%u\n", b, conc.b[b].sm, conc.b[b].t0, conc.b[b].t1);
    }
  }
  tt_expect("two streams: an SM holds blocks of both kernels", n > 0,
            "%u of %d short blocks ran on an SM beside a long block", n, SHORT_BLOCKS);

  run_pair(NULL, 0, 0, 0, &same);
  tt_expect("one stream: results", same.outputs_ok, "every output matches the CPU");
  tt_expect("one stream: the second kernel starts after the first ends", serial(&same),
            "%u short blocks overlapped", overlapping(&same));

  const char *one_kernel[] = {"gpu.max_concurrent_kernels=1"};
  run_pair(one_kernel, 1, -1, -1, &one);
  tt_expect("max_concurrent_kernels=1: results", one.outputs_ok, "every output matches the CPU");
  tt_expect("max_concurrent_kernels=1: the kernels run one after the other", serial(&one),
            "%u short blocks overlapped", overlapping(&one));
  tt_expect("two streams take fewer cycles than one", conc.cycles < same.cycles,
            "%" PRIu64 " cycles on two streams, %" PRIu64 " on one", conc.cycles, same.cycles);
  tt_expect("the limit of one kernel takes as long as one stream", one.cycles == same.cycles,
            "%" PRIu64 " and %" PRIu64 " cycles", one.cycles, same.cycles);

  const char *func[] = {"sim.mode=functional"};
  run_result f;
  run_pair(func, 1, -1, -1, &f);
  tt_expect("functional mode, two streams: results", f.outputs_ok,
            "every output matches the CPU");

  /* A stream that was never created is refused. */
  tt_gpu t;
  tt_open(&t, "gtx480", NULL, 0);
  st_error err;
  st_error_clear(&err);
  st_kmodule *m = tt_load_module(&t, "platform.ptx");
  st_arg args[] = {ST_ARG_PTR(0), ST_ARG_PTR(0), ST_ARG_S32(1)};
  st_status rc = st_launch_on(t.gpu, 7, m, "plat_work", st_dim3_make(1, 1, 1),
                              st_dim3_make(32, 1, 1), 0, args, 3, &err);
  tt_expect("a launch on an unknown stream is refused",
            rc == ST_ERR_USAGE && strstr(err.msg, "stream 7") != NULL, "%s", err.msg);
  tt_close(&t);
  return tt_finish("timing/concurrent");
}
