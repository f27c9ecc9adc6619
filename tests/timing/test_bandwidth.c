/* Streaming bandwidth (docs/validation.md §2): one wave of CTAs (every SM
 * full) reads, or copies, a large array with 16-byte loads in a grid-stride
 * loop. Each CTA records its first and last cycle with clock64; achieved
 * bytes per core cycle = useful bytes / (last end - first start).
 *
 * Checks, per config:
 *   - the DRAM read exactly the streamed bytes (plus the few lines of the
 *     outputs, code and parameters);
 *   - achieved <= peak = chips_per_channel x bus_width x data_rate x channels
 *     bytes per DRAM cycle, converted to core cycles;
 *   - achieved / peak within 0.05 of the efficiency this model gives
 *     (a regression pin: docs/validation.md explains each figure and why it
 *     is below what a GTX480 or GPGPU-Sim reaches).
 *
 *   test_bandwidth [CONFIG...]   (default: gtx480 tiny k20c dyncta30) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_common.h"

typedef struct bw_case {
  const char *config;
  const char *entry; /* stream_read or stream_copy */
  uint64_t bytes;    /* array size */
  double efficiency; /* achieved / peak this model gives (pinned) */
} bw_case;

static const bw_case cases[] = {
    {"gtx480", "stream_read", 4u << 20, 0.52},
    {"gtx480", "stream_copy", 4u << 20, 0.775},
    {"tiny", "stream_read", 1u << 20, 0.55},
    {"tiny", "stream_copy", 1u << 20, 0.56},
    {"k20c", "stream_read", 4u << 20, 0.58},
    {"dyncta30", "stream_read", 2u << 20, 0.86},
};

/* Peak DRAM bandwidth in bytes per core cycle. */
static double peak_per_core_cycle(const st_config *c) {
  double per_dram_cycle = (double)(c->dram.chips_per_channel * c->dram.bus_width *
                                   c->dram.data_rate * c->dram.channels);
  return per_dram_cycle / tt_core_per_dram(c);
}

static void run_case(const bw_case *bc) {
  tt_gpu t;
  tt_open(&t, bc->config, NULL, 0);
  const st_config *c = t.cfg;
  bool copy = strcmp(bc->entry, "stream_copy") == 0;
  uint32_t threads = (uint32_t)(c->sm.max_threads >= 1024 ? 256 : 128);
  uint32_t per_sm = 0;
  st_error err;
  st_error_clear(&err);
  tt_ok(st_kernel_occupancy(t.gpu, t.mod, bc->entry, st_dim3_make(threads, 1, 1), 0, &per_sm,
                            &err),
        &err, "st_kernel_occupancy");
  uint32_t ctas = per_sm * (uint32_t)st_config_num_sms(c);
  uint64_t in = tt_alloc(&t, bc->bytes);
  uint64_t out_bytes = copy ? bc->bytes : 4ull * ctas * threads;
  uint64_t out = tt_alloc(&t, out_bytes);
  uint64_t times = tt_alloc(&t, 16ull * ctas);
  st_arg args[] = {ST_ARG_PTR(in), ST_ARG_PTR(out), ST_ARG_U32(bc->bytes / 16),
                   ST_ARG_PTR(times)};
  tt_run(&t, bc->entry, st_dim3_make(ctas, 1, 1), st_dim3_make(threads, 1, 1), args, 4);

  uint64_t *tm = malloc(16ull * ctas);
  if (tm == NULL) {
    abort();
  }
  tt_get(&t, tm, times, 16ull * ctas);
  uint64_t first = UINT64_MAX, last = 0;
  for (uint32_t i = 0; i < ctas; i++) {
    first = tm[2 * i] < first ? tm[2 * i] : first;
    last = tm[2 * i + 1] > last ? tm[2 * i + 1] : last;
  }
  free(tm);
  double useful = (double)bc->bytes * (copy ? 2.0 : 1.0);
  double achieved = useful / (double)(last - first);
  double peak = peak_per_core_cycle(c);
  double col_bytes = (double)(c->dram.chips_per_channel * c->dram.bus_width *
                              c->dram.burst_length);
  double dram_read = tt_kstat(&t, "dram.reads") * col_bytes;

  char what[128];
  /* Reads: the input once; a copy's stores also fetch each line into the
   * write-allocating L2 (fetch on write, docs/memory-model.md) unless the L2
   * takes full-line writes without a fetch (l2.write_validate: gtx480).
   * Extras: the outputs' and the clock array's lines, code, parameters. */
  bool fetch_on_write = copy && !c->l2.write_validate;
  double want_read = (double)bc->bytes * (fetch_on_write ? 2.0 : 1.0);
  double slack = (double)(copy ? 0 : out_bytes) + 16.0 * ctas + 16384.0;
  snprintf(what, sizeof what, "%s %s: DRAM bytes read - streamed bytes", bc->config, bc->entry);
  tt_expect(what, dram_read >= want_read && dram_read <= want_read + slack,
            "%.0f - %.0f = %.0f, in [0, %.0f]", dram_read, want_read, dram_read - want_read,
            slack);
  snprintf(what, sizeof what, "%s %s: achieved B/cycle <= peak", bc->config, bc->entry);
  tt_expect(what, achieved <= peak, "%.1f <= %.1f (%u CTAs x %u threads)", achieved, peak, ctas,
            threads);
  snprintf(what, sizeof what, "%s %s: achieved / peak", bc->config, bc->entry);
  tt_expect_near(what, achieved / peak, bc->efficiency, 0.05);
  printf("     %s %s: %.1f B/cycle of %.1f peak; DRAM bus busy %.3f, row hits %.3f, "
         "load round trip %.0f cycles\n",
         bc->config, bc->entry, achieved, peak, tt_kstat(&t, "dram.bandwidth_utilization"),
         tt_kstat(&t, "dram.row_hit_rate"), tt_kstat(&t, "mem.avg_round_trip_cycles"));
  tt_close(&t);
}

int main(int argc, char **argv) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    bool wanted = argc == 1;
    for (int a = 1; a < argc; a++) {
      wanted = wanted || strcmp(argv[a], cases[i].config) == 0;
    }
    if (wanted) {
      run_case(&cases[i]);
    }
  }
  return tt_finish("test_bandwidth");
}
