/* The L2 sub-partition with its DRAM channel, GTX480 values: l2.latency 120
 * and dram.latency 100 (L2 cycles), GDDR5 timing as in test_mem_dram.c.
 * Clocks are 1:1 here; one step = one sub-partition cycle, then one DRAM
 * cycle, then requests the DRAM finished are handed back. Figures are the
 * step after which the reply can be taken (1-based). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/mem.h"

enum { L2_LAT = 120, DRAM_LAT = 100, tCCDL = 3, tRCD = 12, tCL = 12, BURST = 2 };

static st_mreq_pool pool;
static st_config cfg;
static st_dram *dram;
static st_subpart *sp;

static int setup(void **state) {
  (void)state;
  st_mreq_pool_init(&pool);
  st_config_defaults(&cfg);
  assert_int_equal(cfg.l2.latency, L2_LAT);
  assert_int_equal(cfg.dram.latency, DRAM_LAT);
  assert_int_equal(cfg.dram.tCCDL, tCCDL);
  assert_int_equal(cfg.dram.tRCD, tRCD);
  assert_int_equal(cfg.dram.tCL, tCL);
  assert_int_equal(cfg.dram.burst_length / cfg.dram.data_rate, BURST);
  dram = NULL;
  sp = NULL;
  return 0;
}

static void build(void) {
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_dram_create(&cfg, 0, &dram, &err), ST_OK);
  assert_int_equal(st_subpart_create(&cfg, 0, dram, &pool, &sp, &err), ST_OK);
}

static int teardown(void **state) {
  (void)state;
  st_subpart_destroy(sp);
  st_dram_destroy(dram);
  int leaked = pool.live != 0;
  st_mreq_pool_destroy(&pool);
  return leaked ? -1 : 0;
}

static void step(void) {
  st_subpart_cycle(sp);
  st_dram_cycle(dram);
  st_mreq *r;
  while ((r = st_dram_pop_done(dram)) != NULL) {
    st_subpart_dram_done(sp, r);
  }
}

static st_mreq *mk(uint8_t op, uint64_t addr, uint32_t bytes) {
  st_mreq *r = st_mreq_alloc(&pool);
  r->op = op;
  r->kind = op == MREQ_READ ? ACC_GLOBAL_R : op == MREQ_ATOMIC ? ACC_ATOMIC : ACC_GLOBAL_W;
  r->addr = addr;
  r->bytes = bytes;
  r->wants_reply = 1;
  return r;
}

/* Pushes r and steps until its reply appears; returns the step count and
 * checks the reply is the expected kind of answer. */
static int latency_of(st_mreq *r, uint8_t reply_op) {
  assert_true(st_subpart_can_accept(sp));
  st_subpart_push(sp, r);
  for (int k = 1; k < 5000; k++) {
    step();
    st_mreq *rep = st_subpart_pop_reply(sp);
    if (rep != NULL) {
      assert_int_equal(rep->op, reply_op);
      assert_null(st_subpart_pop_reply(sp));
      st_mreq_free(&pool, rep);
      return k;
    }
  }
  fail_msg("no reply");
  return -1;
}

/* Steps until everything has drained. */
static void drain(void) {
  for (int k = 0; k < 5000 && !(st_subpart_quiet(sp) && st_dram_quiet(dram)); k++) {
    step();
    st_mreq *rep;
    while ((rep = st_subpart_pop_reply(sp)) != NULL) {
      st_mreq_free(&pool, rep);
    }
  }
  assert_true(st_subpart_quiet(sp));
  assert_true(st_dram_quiet(dram));
}

/* Miss in a closed bank:
 *  - pushed at L2 cycle 0, the ROP delay ends at 120: the L2 access is in
 *    cycle 119 (step 120); the fetch enters the DRAM path at once and may
 *    leave it at 120 + 100 = 220, so it enters the DRAM queue in cycle 219
 *    (step 220), and the DRAM cycle of that step, 219, activates;
 *  - the 128-byte line is two column commands: RD at 219 + tRCD, RD at
 *    219 + tRCD + tCCDL, data done 219 + 12 + 3 + 12 + 2 = 248 (step 248);
 *  - the next step fills the L2 and replies: step 249.
 * = l2.latency + dram.latency + tRCD + tCCDL + tCL + burst. */
static const int MISS = L2_LAT + DRAM_LAT + tRCD + tCCDL + tCL + BURST;

/* The same miss when the DRAM row is already open (open-page policy): no
 * activate, so tRCD less. */
static const int MISS_ROW_HIT = MISS - tRCD;

static void test_hit_and_miss_latency(void **state) {
  (void)state;
  build();
  assert_true(st_subpart_quiet(sp));
  assert_int_equal(latency_of(mk(MREQ_READ, 0x1000, 32), MREQ_READ), MISS);
  drain();
  /* Hit: the access at the end of the ROP delay answers at once. */
  assert_int_equal(latency_of(mk(MREQ_READ, 0x1000 + 64, 32), MREQ_READ), L2_LAT);
  const st_cache_stats *s = st_subpart_l2_stats(sp);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_MISS], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_HIT], 1);
  assert_int_equal(st_dram_get_stats(dram)->reads, 2);
  drain();
}

/* Writes are acknowledged when the L2 takes them, even on a miss; an atomic
 * is answered like a read. */
static void test_write_ack_and_atomic(void **state) {
  (void)state;
  build();
  assert_int_equal(latency_of(mk(MREQ_WRITE, 0x2000, 32), MREQ_WRITE), L2_LAT);
  drain();
  assert_int_equal(latency_of(mk(MREQ_WRITE, 0x2000, 32), MREQ_WRITE), L2_LAT); /* hit */
  /* A write that wants no reply gets none. */
  st_mreq *w = mk(MREQ_WRITE, 0x2040, 32);
  w->wants_reply = 0;
  st_subpart_push(sp, w);
  for (int k = 0; k < 300; k++) {
    step();
    assert_null(st_subpart_peek_reply(sp));
  }
  /* 0x2000: chunk 32, k = 32 / 6 = 5, local 5 * 256 = 1280: bank 0, row 0,
   * opened by the write's fetch. 0x3000: chunk 48, k = 8, local 2048: bank 0,
   * row 0 again, so its fetch is a row hit. */
  assert_int_equal(latency_of(mk(MREQ_ATOMIC, 0x3000, 4), MREQ_ATOMIC), MISS_ROW_HIT);
  drain();
  assert_int_equal(latency_of(mk(MREQ_ATOMIC, 0x3000, 4), MREQ_ATOMIC), L2_LAT);
  drain();
}

/* A dirty L2 line written back to DRAM when evicted. 4 sets x 2 ways, so
 * lines 512 bytes apart share a set. */
static void test_dirty_eviction_writes_back(void **state) {
  (void)state;
  cfg.l2.sets = 4;
  cfg.l2.ways = 2;
  cfg.l2.size = 4 * 2 * 128;
  build();
  assert_int_equal(latency_of(mk(MREQ_WRITE, 0x0, 32), MREQ_WRITE), L2_LAT);
  drain(); /* write-allocate: fetched, filled, dirty */
  /* 0x200: chunk 2, k = 0, local 0: bank 0 row 0, opened by the fetch of
   * 0x0 (local 0 too): a row hit. */
  assert_int_equal(latency_of(mk(MREQ_READ, 0x200, 32), MREQ_READ), MISS_ROW_HIT);
  drain();
  assert_int_equal(st_dram_get_stats(dram)->writes, 0);
  /* A third line in the set evicts the least recently used, the dirty one:
   * its 128 bytes go to DRAM as two write column commands. */
  latency_of(mk(MREQ_READ, 0x400, 32), MREQ_READ);
  drain();
  const st_cache_stats *s = st_subpart_l2_stats(sp);
  assert_int_equal(s->evictions, 1);
  assert_int_equal(s->writebacks, 1);
  assert_int_equal(st_dram_get_stats(dram)->writes, 128 / 64);
  /* Evicting the clean line writes nothing. */
  latency_of(mk(MREQ_READ, 0x600, 32), MREQ_READ);
  drain();
  assert_int_equal(s->writebacks, 1);
  assert_int_equal(st_dram_get_stats(dram)->writes, 128 / 64);
}

/* Without an L2 every request goes to DRAM: a 32-byte read is one column
 * command, RD at 219 + tRCD, done 219 + 12 + 12 + 2 = 245, reply step 246. */
static void test_l2_disabled(void **state) {
  (void)state;
  cfg.l2.enabled = false;
  build();
  assert_int_equal(latency_of(mk(MREQ_READ, 0x1000, 32), MREQ_READ),
                   L2_LAT + DRAM_LAT + tRCD + tCL + BURST);
  drain();
  assert_int_equal(latency_of(mk(MREQ_WRITE, 0x1000, 32), MREQ_WRITE), L2_LAT);
  drain();
}

/* Skipping the cycles of a quiet sub-partition or channel changes nothing. */
static void test_quiet_skipping_is_exact(void **state) {
  (void)state;
  cfg.l2.sets = 8;
  cfg.l2.ways = 2;
  cfg.l2.size = 8 * 2 * 128;
  enum { STEPS = 8000 };
  static int at[2][STEPS];
  for (int skip = 0; skip <= 1; skip++) {
    build();
    uint32_t x = 777;
    int skipped = 0;
    for (int s = 0; s < STEPS; s++) {
      at[skip][s] = -1;
      x = x * 1103515245u + 12345u;
      /* Bursts in the first 100 of every 1000 steps, then idle. */
      if (s % 1000 < 100 && (x >> 16) % 100 < 10 && st_subpart_can_accept(sp)) {
        uint32_t kind = (x >> 8) % 4;
        st_mreq *r = mk(kind == 0 ? MREQ_WRITE : kind == 1 ? MREQ_ATOMIC : MREQ_READ,
                        ((x >> 10) % 64) * 128 + ((x >> 4) % 4) * 32, 32);
        r->pc = (uint32_t)s;
        st_subpart_push(sp, r);
      }
      if (skip && st_subpart_quiet(sp)) {
        skipped++;
      } else {
        st_subpart_cycle(sp);
      }
      if (!(skip && st_dram_quiet(dram))) {
        st_dram_cycle(dram);
      }
      st_mreq *r;
      while ((r = st_dram_pop_done(dram)) != NULL) {
        st_subpart_dram_done(sp, r);
      }
      while ((r = st_subpart_pop_reply(sp)) != NULL) {
        at[skip][r->pc] = s;
        st_mreq_free(&pool, r);
      }
    }
    if (skip) {
      assert_true(skipped > 100);
    }
    drain();
    st_subpart_destroy(sp);
    st_dram_destroy(dram);
    sp = NULL;
    dram = NULL;
  }
  for (int s = 0; s < STEPS; s++) {
    assert_int_equal(at[0][s], at[1][s]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_hit_and_miss_latency, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_ack_and_atomic, setup, teardown),
      cmocka_unit_test_setup_teardown(test_dirty_eviction_writes_back, setup, teardown),
      cmocka_unit_test_setup_teardown(test_l2_disabled, setup, teardown),
      cmocka_unit_test_setup_teardown(test_quiet_skipping_is_exact, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
