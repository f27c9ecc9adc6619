/* One DRAM channel with the GTX480 GDDR5 timing:
 *   tCCD 2, tCCDL 3, tRRD 6, tRCD 12, tRAS 28, tRP 12, tRC 40, tCL 12,
 *   tWL 4, tWTR 5, tWR 12, tRTPL 2 (DRAM cycles);
 *   burst 8 at 4 transfers per cycle: a burst holds the bus 8 / 4 = 2 cycles;
 *   one column command moves 2 chips x 4 B x 8 = 64 B.
 * A command issued in cycle c (the first st_dram_cycle after a push is cycle
 * 0) is done when its data has crossed: a read may be popped after
 * c + tCL + 2 cycles, a write after c + tWL + 2. The figures below are the
 * cycle counts, 1-based, after which st_dram_pop_done returns each request. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/mem.h"

static st_mreq_pool pool;
static st_config cfg;

enum { tCCD = 2, tCCDL = 3, tRRD = 6, tRCD = 12, tRAS = 28, tRP = 12, tRC = 40, tCL = 12,
       tWL = 4, tWTR = 5, tWR = 12, tRTPL = 2, BURST = 8 / 4 };

static int setup(void **state) {
  (void)state;
  st_mreq_pool_init(&pool);
  st_config_defaults(&cfg);
  assert_int_equal(cfg.dram.tCCD, tCCD);
  assert_int_equal(cfg.dram.tCCDL, tCCDL);
  assert_int_equal(cfg.dram.tRRD, tRRD);
  assert_int_equal(cfg.dram.tRCD, tRCD);
  assert_int_equal(cfg.dram.tRAS, tRAS);
  assert_int_equal(cfg.dram.tRP, tRP);
  assert_int_equal(cfg.dram.tRC, tRC);
  assert_int_equal(cfg.dram.tCL, tCL);
  assert_int_equal(cfg.dram.tWL, tWL);
  assert_int_equal(cfg.dram.tWTR, tWTR);
  assert_int_equal(cfg.dram.tWR, tWR);
  assert_int_equal(cfg.dram.tRTPL, tRTPL);
  assert_int_equal(cfg.dram.burst_length / cfg.dram.data_rate, BURST);
  assert_int_equal(cfg.dram.chips_per_channel * cfg.dram.bus_width * cfg.dram.burst_length, 64);
  assert_int_equal(cfg.dram.bank_groups, 4); /* bank b is in group b mod 4 */
  return 0;
}

static int teardown(void **state) {
  (void)state;
  int leaked = pool.live != 0;
  st_mreq_pool_destroy(&pool);
  return leaked ? -1 : 0;
}

static st_dram *make(void) {
  st_dram *d = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_dram_create(&cfg, 0, &d, &err), ST_OK);
  return d;
}

/* The channel-0 address of (bank, row, byte col): the inverse of st_addrmap. */
static uint64_t addr_of(uint32_t bank, uint32_t row, uint32_t col) {
  const uint64_t I = (uint64_t)cfg.dram.partition_interleave, C = (uint64_t)cfg.dram.channels;
  uint64_t local = ((uint64_t)row * (uint64_t)cfg.dram.banks + bank) *
                       (uint64_t)cfg.dram.page_size + col;
  return (local / I) * C * I + local % I;
}

static st_mreq *mk(uint8_t op, uint32_t bank, uint32_t row, uint32_t col, uint32_t bytes) {
  st_mreq *r = st_mreq_alloc(&pool);
  r->op = op;
  r->addr = addr_of(bank, row, col);
  r->bytes = bytes;
  st_dram_addr a = st_addrmap(&cfg, r->addr);
  assert_int_equal(a.channel, 0);
  assert_int_equal(a.bank, bank);
  assert_int_equal(a.row, row);
  return r;
}

/* Runs until the n requests are done; at[i] = cycles after which reqs[i]
 * was popped. */
static void run(st_dram *d, st_mreq **reqs, int n, int *at) {
  for (int i = 0; i < n; i++) {
    st_dram_push(d, reqs[i]);
    at[i] = 0;
  }
  int left = n;
  for (int k = 1; left > 0 && k < 10000; k++) {
    st_dram_cycle(d);
    st_mreq *r;
    while ((r = st_dram_pop_done(d)) != NULL) {
      for (int i = 0; i < n; i++) {
        if (reqs[i] == r) {
          at[i] = k;
        }
      }
      st_mreq_free(&pool, r);
      left--;
    }
  }
  assert_int_equal(left, 0);
}

static int run1(st_dram *d, st_mreq *r) {
  int at;
  run(d, &r, 1, &at);
  return at;
}

/* Cycles until every timing constraint has expired. */
static void settle(st_dram *d) {
  for (int k = 0; k < 1000 && !st_dram_quiet(d); k++) {
    st_dram_cycle(d);
  }
  assert_true(st_dram_quiet(d));
}

/* Opens (bank, row) and lets every constraint expire. */
static void open_row(st_dram *d, uint32_t bank, uint32_t row) {
  run1(d, mk(MREQ_READ, bank, row, 0, 64));
  settle(d);
}

static void test_row_hit_and_misses(void **state) {
  (void)state;
  st_dram *d = make();
  assert_true(st_dram_quiet(d));
  /* Closed bank: ACT at 0, RD at tRCD, data done tCL + burst later. */
  assert_int_equal(run1(d, mk(MREQ_READ, 0, 0, 0, 64)), tRCD + tCL + BURST);
  settle(d);
  /* Row hit: RD at 0. */
  assert_int_equal(run1(d, mk(MREQ_READ, 0, 0, 64, 64)), tCL + BURST);
  settle(d);
  /* Row conflict: PRE at 0, ACT at tRP, RD at tRP + tRCD. */
  assert_int_equal(run1(d, mk(MREQ_READ, 0, 1, 0, 64)), tRP + tRCD + tCL + BURST);
  settle(d);
  /* A 128-byte request is two column commands to one bank (one group):
   * RD at 0 and at tCCDL; done after the second. */
  assert_int_equal(run1(d, mk(MREQ_READ, 0, 1, 128, 128)), tCCDL + tCL + BURST);
  const st_dram_stats *s = st_dram_get_stats(d);
  assert_int_equal(s->activates, 2);
  assert_int_equal(s->precharges, 1);
  assert_int_equal(s->row_misses, 2);
  assert_int_equal(s->row_hits, 2);
  assert_int_equal(s->reads, 5);
  assert_int_equal(s->data_busy, 5 * BURST);
  st_dram_destroy(d);
}

/* A conflict right after an activate waits for tRAS, then tRP, and the next
 * activate of the bank for tRC. */
static void test_tras_trc(void **state) {
  (void)state;
  st_dram *d = make();
  st_mreq *r[2] = {mk(MREQ_READ, 0, 0, 0, 64), mk(MREQ_READ, 0, 1, 0, 64)};
  int at[2];
  run(d, r, 2, at);
  /* ACT 0, RD 12: done 26. PRE at max(tRAS = 28, RD 12 + tRTPL = 14) = 28;
   * ACT at max(28 + tRP = 40, 0 + tRC = 40) = 40; RD 52; done 52 + 14. */
  assert_int_equal(at[0], tRCD + tCL + BURST);
  assert_int_equal(at[1], tRC + tRCD + tCL + BURST);
  st_dram_destroy(d);
}

static void test_frfcfs_prefers_row_hit(void **state) {
  (void)state;
  st_dram *d = make();
  open_row(d, 0, 0);
  /* Older: row 1 (a conflict); younger: row 0 (a hit). */
  st_mreq *r[2] = {mk(MREQ_READ, 0, 1, 0, 64), mk(MREQ_READ, 0, 0, 64, 64)};
  int at[2];
  run(d, r, 2, at);
  /* The hit goes first: RD at 0, done 14. Then the conflict: PRE at
   * 0 + tRTPL = 2, ACT at 14, RD at 26, done 40. */
  assert_int_equal(at[1], tCL + BURST);
  assert_int_equal(at[0], tRTPL + tRP + tRCD + tCL + BURST);
  st_dram_destroy(d);

  cfg.dram.scheduler = ST_DRAM_FCFS;
  d = make();
  open_row(d, 0, 0);
  r[0] = mk(MREQ_READ, 0, 1, 0, 64);
  r[1] = mk(MREQ_READ, 0, 0, 64, 64);
  run(d, r, 2, at);
  /* FCFS: the older conflict first: PRE 0, ACT 12, RD 24, done 38. Then the
   * hit has become a conflict: PRE at max(ACT 12 + tRAS = 40, 24 + tRTPL),
   * ACT at max(40 + tRP, 12 + tRC) = 52, RD 64, done 78. */
  assert_int_equal(at[0], tRP + tRCD + tCL + BURST);
  assert_int_equal(at[1], tRP + tRAS + tRP + tRCD + tCL + BURST);
  st_dram_destroy(d);
}

static void test_trrd_tccd_spacing(void **state) {
  (void)state;
  int at[2];
  /* Two closed banks: ACTs tRRD apart, so the second RD comes tRRD later. */
  st_dram *d = make();
  st_mreq *r[2] = {mk(MREQ_READ, 0, 0, 0, 64), mk(MREQ_READ, 1, 0, 0, 64)};
  run(d, r, 2, at);
  assert_int_equal(at[0], tRCD + tCL + BURST);
  assert_int_equal(at[1], tRRD + tRCD + tCL + BURST);
  st_dram_destroy(d);

  /* Row hits in banks of different groups (0, 1): RDs tCCD apart. */
  d = make();
  open_row(d, 0, 0);
  open_row(d, 1, 0);
  r[0] = mk(MREQ_READ, 0, 0, 64, 64);
  r[1] = mk(MREQ_READ, 1, 0, 64, 64);
  run(d, r, 2, at);
  assert_int_equal(at[0], tCL + BURST);
  assert_int_equal(at[1], tCCD + tCL + BURST);
  st_dram_destroy(d);

  /* Row hits in banks of one group (0, 4): RDs tCCDL apart. */
  d = make();
  open_row(d, 0, 0);
  open_row(d, 4, 0);
  r[0] = mk(MREQ_READ, 0, 0, 64, 64);
  r[1] = mk(MREQ_READ, 4, 0, 64, 64);
  run(d, r, 2, at);
  assert_int_equal(at[0], tCL + BURST);
  assert_int_equal(at[1], tCCDL + tCL + BURST);
  st_dram_destroy(d);
}

static void test_write_timing(void **state) {
  (void)state;
  int at[2];
  st_dram *d = make();
  open_row(d, 0, 0);
  open_row(d, 1, 0);
  /* A write hit: WR at 0, data from tWL, done tWL + burst. A read after it
   * (another bank, open row) waits for the write data to end (6) plus tWTR:
   * RD at 11, done 25. */
  st_mreq *r[2] = {mk(MREQ_WRITE, 0, 0, 64, 64), mk(MREQ_READ, 1, 0, 64, 64)};
  run(d, r, 2, at);
  assert_int_equal(at[0], tWL + BURST);
  assert_int_equal(at[1], tWL + BURST + tWTR + tCL + BURST);
  settle(d);
  /* Write recovery: a conflict in the written bank precharges at write data
   * end + tWR = 18, ACT 30, RD 42, done 56. */
  r[0] = mk(MREQ_WRITE, 0, 0, 128 + 64, 64);
  r[1] = mk(MREQ_READ, 0, 1, 0, 64);
  run(d, r, 2, at);
  assert_int_equal(at[0], tWL + BURST);
  assert_int_equal(at[1], tWL + BURST + tWR + tRP + tRCD + tCL + BURST);
  const st_dram_stats *s = st_dram_get_stats(d);
  assert_int_equal(s->writes, 2);
  st_dram_destroy(d);
}

/* 4096 reads of 64 B spread over all 16 banks (request i: bank i mod 16,
 * one row per bank, columns advancing): after the rows open every request is
 * a row hit and consecutive requests are in different bank groups, so the
 * bus limit (one burst per 2 cycles) binds: 4096 * 2 = 8192 cycles, plus
 * the start-up (opening 16 rows tRRD apart) which must stay within 5%. */
static void test_streaming_bandwidth(void **state) {
  (void)state;
  st_dram *d = make();
  const int N = 4096;
  int pushed = 0, done = 0, k = 0;
  while (done < N && k < 100000) {
    while (pushed < N && st_dram_can_accept(d)) {
      uint32_t i = (uint32_t)pushed++;
      st_mreq *r = mk(MREQ_READ, i % 16, 0, ((i / 16) % 64) * 64, 64);
      st_dram_push(d, r);
    }
    st_dram_cycle(d);
    k++;
    st_mreq *r;
    while ((r = st_dram_pop_done(d)) != NULL) {
      st_mreq_free(&pool, r);
      done++;
    }
  }
  const int ideal = N * BURST;
  assert_int_equal(done, N);
  assert_true(k >= ideal);
  assert_true(k * 100 <= ideal * 105);
  const st_dram_stats *s = st_dram_get_stats(d);
  assert_int_equal(s->data_busy, (uint64_t)ideal);
  assert_int_equal(s->activates, 16);
  assert_int_equal(s->row_hits, N - 16);
  assert_true(s->queue_full_cycles > 0);
  st_dram_destroy(d);
}

/* Skipping cycles while st_dram_quiet gives the same completion times. */
static void test_quiet_skipping_is_exact(void **state) {
  (void)state;
  enum { STEPS = 6000 };
  static int at[2][STEPS];
  for (int skip = 0; skip <= 1; skip++) {
    st_dram *d = make();
    uint32_t x = 12345;
    int skipped = 0;
    for (int s = 0; s < STEPS; s++) {
      at[skip][s] = -1;
      x = x * 1103515245u + 12345u;
      uint32_t roll = (x >> 16) % 64;
      /* Bursts of requests in the first 100 of every 400 steps, then idle. */
      if (s % 400 < 100 && roll < 12 && st_dram_can_accept(d)) {
        st_mreq *r = mk((x >> 8) % 3 == 0 ? MREQ_WRITE : MREQ_READ, (x >> 4) % 16, (x >> 12) % 4,
                        ((x >> 20) % 32) * 64, (x >> 9) % 2 ? 128 : 64);
        r->pc = (uint32_t)s; /* remembers its push step */
        st_dram_push(d, r);
      }
      if (skip && st_dram_quiet(d)) {
        skipped++;
      } else {
        st_dram_cycle(d);
      }
      st_mreq *r;
      while ((r = st_dram_pop_done(d)) != NULL) {
        at[skip][r->pc] = s;
        st_mreq_free(&pool, r);
      }
    }
    if (skip) {
      assert_true(skipped > 100);
    }
    for (int k = 0; k < 2000 && !st_dram_quiet(d); k++) {
      st_dram_cycle(d);
      st_mreq *r;
      while ((r = st_dram_pop_done(d)) != NULL) {
        st_mreq_free(&pool, r);
      }
    }
    st_dram_destroy(d);
  }
  for (int s = 0; s < STEPS; s++) {
    assert_int_equal(at[0][s], at[1][s]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_row_hit_and_misses, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tras_trc, setup, teardown),
      cmocka_unit_test_setup_teardown(test_frfcfs_prefers_row_hit, setup, teardown),
      cmocka_unit_test_setup_teardown(test_trrd_tccd_spacing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_timing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_streaming_bandwidth, setup, teardown),
      cmocka_unit_test_setup_teardown(test_quiet_skipping_is_exact, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
