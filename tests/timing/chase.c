/* Pointer chasing and the latencies the configuration implies (chase.h). */
#include "chase.h"

#include <stdlib.h>

chase_result chase_run(tt_gpu *t, const char *entry, uint64_t n, uint64_t stride, uint64_t align,
                       unsigned iters, unsigned reps) {
  uint64_t buf = tt_alloc(t, n * stride + align);
  if (align > 1) {
    buf = (buf + align - 1) / align * align;
  }
  for (uint64_t i = 0; i < n; i++) {
    uint64_t next = buf + (i + 1 == n ? 0 : i + 1) * stride;
    tt_put(t, buf + i * stride, &next, sizeof next);
  }
  uint64_t out = tt_alloc(t, 8 * (reps + 1));
  st_arg args[] = {ST_ARG_PTR(buf), ST_ARG_U32(iters), ST_ARG_U32(reps), ST_ARG_PTR(out)};
  tt_run(t, entry, st_dim3_make(1, 1, 1), st_dim3_make(1, 1, 1), args, 4);
  uint64_t *cycles = calloc(reps + 1, sizeof *cycles);
  if (cycles == NULL) {
    abort();
  }
  tt_get(t, cycles, out, 8 * (reps + 1));
  chase_result r;
  r.per_load = (double)cycles[reps - 1] / iters;
  r.first_per_load = (double)cycles[0] / iters;
  free(cycles);
  r.l1_hit = tt_kstat(t, "l1d.global_r.hit");
  r.l1_miss = tt_kstat(t, "l1d.global_r.miss");
  r.l2_hit = tt_kstat(t, "l2.global_r.hit");
  r.l2_miss = tt_kstat(t, "l2.global_r.miss");
  r.dram_row_hit_rate = tt_kstat(t, "dram.row_hit_rate");
  return r;
}

double chase_expect_l1(const st_config *c) { return (double)c->l1d.latency + 2.0; }

static uint64_t div_up(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

double chase_expect_l2(const st_config *c) {
  return chase_expect_l2_reply(c, (uint64_t)c->l1d.line);
}

double chase_expect_l2_reply(const st_config *c, uint64_t reply_bytes) {
  double req_flits = 1.0; /* a read request is an address */
  double reply_flits = (double)div_up(reply_bytes, (uint64_t)c->icnt.flit_size);
  double net = req_flits + reply_flits + 2.0 * (double)c->icnt.latency;
  return 2.0 + (double)c->l1d.miss_latency + (net + (double)c->l2.latency - 2.0) * tt_core_per_l2(c) +
         1.0;
}

double chase_expect_dram(const st_config *c, double dram_cycles) {
  return chase_expect_l2(c) + (double)c->dram.latency * tt_core_per_l2(c) +
         dram_cycles * tt_core_per_dram(c);
}

double dram_service_hit(const st_config *c) {
  uint64_t col_bytes = (uint64_t)(c->dram.chips_per_channel * c->dram.bus_width *
                                  c->dram.burst_length);
  uint64_t cmds = div_up((uint64_t)c->l2.line, col_bytes);
  uint64_t burst = div_up((uint64_t)c->dram.burst_length, (uint64_t)c->dram.data_rate);
  uint64_t gap = (uint64_t)(c->dram.tCCD > c->dram.tCCDL ? c->dram.tCCD : c->dram.tCCDL);
  gap = gap > burst ? gap : burst;
  return (double)((uint64_t)c->dram.tCL + (cmds - 1) * gap + burst);
}

double dram_service_closed(const st_config *c) {
  return dram_service_hit(c) + (double)c->dram.tRCD;
}

double dram_service_conflict(const st_config *c) {
  return dram_service_closed(c) + (double)c->dram.tRP;
}
