/* Load latency by pointer chasing (docs/validation.md §1): one thread walks a
 * dependent chain of ld.global.ca loads over a footprint that fits the L1,
 * exceeds the L1 but fits the L2, or exceeds the L2, and times the walk with
 * clock64. Each measured cycles-per-load is compared with the figure derived
 * from the configuration (chase.c), and the cache statistics must show the
 * intended hits and misses.
 *
 *   test_latency [CONFIG...]     (default: gtx480 tiny k20c dyncta30) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chase.h"
#include "tt_common.h"

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b != 0) {
    uint64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

static void report(const char *config, const char *what, double measured, double expected,
                   double tol) {
  char name[128];
  snprintf(name, sizeof name, "%s: %s", config, what);
  tt_expect_near(name, measured, expected, tol);
}

static void count(const char *config, const char *what, double got, double want,
                  const char *key) {
  char name[128];
  snprintf(name, sizeof name, "%s: %s", config, what);
  tt_expect(name, got == want, "%s %.0f, expected %.0f", key, got, want);
}

/* L1 hits: a chain over half the L1, one line per step, walked twice; the
 * first walk fills the L1 and the I-cache. Tolerance: 0.25 cycles, the loop
 * overhead of dyncta30 (see docs/validation.md). */
static void l1_hit(const char *config) {
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  uint64_t line = (uint64_t)c->l1d.line;
  uint64_t n = (uint64_t)c->l1d.size / line / 2;
  unsigned iters = 1024;
  chase_result r = chase_run(&t, "chase", n, line, 1, iters, 2);
  report(config, "L1 hit: cycles per load", r.per_load, chase_expect_l1(c), 0.25);
  count(config, "L1 hit: only the first walk misses the L1", r.l1_miss, (double)n,
        "l1d.global_r.miss");
  tt_close(&t);
}

/* L2 hits: a chain over twice the L1 (a cyclic walk larger than an LRU cache
 * misses every time), but at most a quarter of the L2 (a sequential range
 * uses only part of each slice's sets: docs/validation.md, model bugs). */
static void l2_hit(const char *config) {
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  uint64_t line = (uint64_t)c->l1d.line;
  uint64_t l2_lines = (uint64_t)c->l2.size * (uint64_t)c->dram.channels *
                      (uint64_t)c->dram.subpartitions / (uint64_t)c->l2.line;
  uint64_t n = (uint64_t)c->l1d.size / line * 2;
  n = n < l2_lines / 4 ? n : l2_lines / 4;
  n = n / 64 * 64;
  chase_result r = chase_run(&t, "chase", n, line, 1, (unsigned)n, 2);
  double want = chase_expect_l2(c);
  report(config, "L2 hit: cycles per load", r.per_load, want, 0.015 * want);
  count(config, "L2 hit: every load misses the L1", r.l1_miss, (double)(2 * n),
        "l1d.global_r.miss");
  count(config, "L2 hit: only the first walk misses the L2", r.l2_miss, (double)n,
        "l2.global_r.miss");
  tt_close(&t);
}

/* L1 bypass: ld.volatile over the L1 footprint of l1_hit is served by the
 * L2 every time (32-byte requests and replies), and never counted by the L1. */
static void l1_bypass(const char *config) {
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  uint64_t line = (uint64_t)c->l1d.line;
  uint64_t n = (uint64_t)c->l1d.size / line / 2;
  chase_result r = chase_run(&t, "chase_volatile", n, line, 1, 512, 2);
  double want = chase_expect_l2_reply(c, 32);
  report(config, "ld.volatile: cycles per load (L2, 32 B)", r.per_load, want, 0.015 * want);
  count(config, "ld.volatile: no L1 access", r.l1_hit + r.l1_miss, 0.0,
        "l1d.global_r.hit + miss");
  tt_close(&t);
}

/* DRAM, rows opened once per row: the second walk reads lines no one read
 * before (so it misses the L1 and the L2), in sequence, from rows of banks
 * nothing opened: one activation of a closed bank per page_size / line
 * loads, every other load a row hit. */
static void dram_rows(const char *config) {
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  uint64_t line = (uint64_t)c->l1d.line; /* = l2.line in every config */
  uint64_t stripe = (uint64_t)c->dram.channels * (uint64_t)c->dram.page_size;
  uint64_t stripe_lines = stripe / line;
  uint64_t iters = stripe_lines / gcd(stripe_lines, 64) * 64; /* lcm(stripe_lines, 64) */
  chase_result r = chase_run(&t, "chase", 2 * iters, line, stripe, (unsigned)iters, 2);
  double service = dram_service_hit(c) +
                   (double)c->dram.tRCD * (double)line / (double)c->dram.page_size;
  double want = chase_expect_dram(c, service);
  report(config, "DRAM, open rows: cycles per load", r.per_load, want, 0.015 * want);
  count(config, "DRAM, open rows: every load misses the L2", r.l2_miss, (double)(2 * iters),
        "l2.global_r.miss");
  tt_close(&t);
}

/* DRAM, row conflicts: lines channels x page_size x banks apart share a
 * channel, a bank, an L2 slice and an L2 set, each in the next row of that
 * bank. The second walk reads lines no one read before (a footprint of 512
 * lines in one 8- or 16-way L2 set): every load misses the L1 and the L2 and
 * finds its bank holding the previous load's row. */
static void dram_conflict(const char *config) {
  tt_gpu t;
  tt_open(&t, config, NULL, 0);
  const st_config *c = t.cfg;
  uint64_t stride = (uint64_t)c->dram.channels * (uint64_t)c->dram.page_size *
                    (uint64_t)c->dram.banks;
  unsigned iters = 256;
  chase_result r = chase_run(&t, "chase", 2 * iters, stride, 1, iters, 2);
  double want = chase_expect_dram(c, dram_service_conflict(c));
  report(config, "DRAM, row conflicts: cycles per load", r.per_load, want, 0.015 * want);
  count(config, "DRAM, row conflicts: every load misses the L1", r.l1_miss, 2.0 * iters,
        "l1d.global_r.miss");
  count(config, "DRAM, row conflicts: every load misses the L2", r.l2_miss, 2.0 * iters,
        "l2.global_r.miss");
  tt_close(&t);
}

int main(int argc, char **argv) {
  const char *defaults[] = {"gtx480", "tiny", "k20c", "dyncta30"};
  const char *const *configs = argc > 1 ? (const char *const *)argv + 1 : defaults;
  int n = argc > 1 ? argc - 1 : 4;
  for (int i = 0; i < n; i++) {
    l1_hit(configs[i]);
    l2_hit(configs[i]);
    l1_bypass(configs[i]);
    dram_rows(configs[i]);
    dram_conflict(configs[i]);
  }
  return tt_finish("test_latency");
}
