/* CACP (units/cacp/cacp_core.h) over a real st_cache: Algorithms 7-9 as the
 * spec restates them (§1.3.4, B-4..B-6, B-9). One set of 4 ways, ways 0-1
 * the critical partition, 128 B lines; expected values follow the
 * algorithm's text, step by step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mem/cache_policy.h"
#include "mem/mem.h"
#include "units/cacp/cacp_core.h"

static st_mreq_pool pool;
static cacp k;

static int setup(void **state) {
  (void)state;
  st_mreq_pool_init(&pool);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  int leaked = pool.live != 0;
  st_mreq_pool_destroy(&pool);
  return leaked ? -1 : 0;
}

static st_cache *make(uint8_t sig_byte) {
  st_cache_config cfg = {0};
  cfg.enabled = true;
  cfg.sets = 1;
  cfg.ways = 4;
  cfg.line = 128;
  cfg.size = 4 * 128;
  cfg.mshr_entries = 8;
  cfg.mshr_merge = 4;
  cfg.miss_queue = 16;
  cfg.latency = 1;
  cfg.replacement = ST_REPL_LRU;
  cfg.write_policy = ST_WRITE_EVICT;
  cfg.index = ST_INDEX_LINEAR;
  st_cache *c = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_cache_create(&cfg, "l1d", &pool, &c, &err), ST_OK);
  cacp_params p = {.ways = 4, .critical_ways = 2, .ccbp_threshold = 1, .sig_byte = sig_byte,
                   .line_log2 = 7};
  const char *why = NULL;
  assert_true(cacp_params_ok(&p, &why));
  cacp_reset(&k, &p);
  st_cache_set_policy(c, &cacp_ops, &k);
  return c;
}

/* Line n's address: pc 0 and line n give signature n (line mode). */
static uint64_t ln(uint32_t n) { return (uint64_t)n << 7; }

static st_cache_outcome go(st_cache *c, uint8_t op, uint64_t addr, uint32_t pc, uint8_t crit) {
  st_mreq *r = st_mreq_alloc(&pool);
  assert_non_null(r);
  r->op = op;
  r->kind = op == MREQ_READ ? ACC_GLOBAL_R : ACC_GLOBAL_W;
  r->addr = addr;
  r->bytes = 4;
  r->wants_reply = op == MREQ_READ;
  r->pc = pc;
  r->crit = crit;
  st_cache_outcome o = st_cache_access(c, r, 0, NULL);
  if (o == CACHE_HIT || o == CACHE_RESFAIL) {
    st_mreq_free(&pool, r);
  }
  return o;
}

static void drain(st_cache *c) {
  st_mreq *m;
  while ((m = st_cache_pop_miss(c)) != NULL) {
    if (m->op == MREQ_READ) {
      st_cache_fill(c, m->addr, 0);
    }
    st_mreq_free(&pool, m);
  }
  while ((m = st_cache_pop_ready(c)) != NULL) {
    st_mreq_free(&pool, m);
  }
}

static void load(st_cache *c, uint64_t addr, uint32_t pc, uint8_t crit) {
  go(c, MREQ_READ, addr, pc, crit);
  drain(c);
}

static int32_t way_of(const st_cache *c, uint32_t sig) {
  for (int32_t w = 0; w < 4; w++) {
    if (st_cache_way(c, 0, w) != ST_WAY_INVALID && CACP_META_SIG(st_cache_meta_of(c, 0, w)) == sig) {
      return w;
    }
  }
  return -1;
}

static void test_signature_modes(void **state) {
  (void)state;
  cacp_params pl = {.ways = 16, .critical_ways = 8, .ccbp_threshold = 1, .sig_byte = 0,
                    .line_log2 = 7};
  cacp_params pb = pl;
  pb.sig_byte = 1;
  /* line mode: PC[7:0] ^ (addr >> 7)[7:0]; byte mode: PC[7:0] ^ addr[7:0] */
  assert_int_equal(cacp_signature(&pl, 0x1A5, 0x12380), 0xA5 ^ 0x47);
  assert_int_equal(cacp_signature(&pb, 0x1A5, 0x12380), 0xA5 ^ 0x80);
  const char *why = NULL;
  pl.critical_ways = 16;
  assert_false(cacp_params_ok(&pl, &why));
  assert_non_null(strstr(why, "l1d.cacp.critical_ways"));
  pl.critical_ways = 0;
  assert_false(cacp_params_ok(&pl, &why));
  pl.critical_ways = 8;
  pl.ccbp_threshold = 4;
  assert_false(cacp_params_ok(&pl, &why));
  /* critical when the counter is above the threshold (1): 2 and 3 only */
  pl.ccbp_threshold = 1;
  cacp_reset(&k, &pl);
  for (uint8_t v = 0; v < 4; v++) {
    k.s.ccbp[7] = v;
    assert_int_equal(cacp_predict_critical(&k, 7), v > 1);
  }
  assert_int_equal(k.s.ccbp[8], 0);
  assert_int_equal(k.s.ship[8], 1);
}

/* Alg.7: CCBP 0 -> non-critical ways; SHiP starts at 1 -> RRPV 2; invalid
 * ways first, lowest first. */
static void test_insert_noncritical_long(void **state) {
  (void)state;
  st_cache *c = make(0);
  load(c, ln(5), 0, 0);
  assert_int_equal(way_of(c, 5), 2);
  uint32_t m = st_cache_meta_of(c, 0, 2);
  assert_int_equal(CACP_META_RRPV(m), 2);
  assert_int_equal(CACP_META_CREUSE(m), 0);
  assert_int_equal(CACP_META_NCREUSE(m), 0);
  load(c, ln(6), 0, 0);
  assert_int_equal(way_of(c, 6), 3);
  assert_int_equal(k.n.pred_noncritical, 2);
  assert_int_equal(k.n.pred_long, 2);
  st_cache_destroy(c);
}

/* Alg.8: a critical hit sets c_reuse, RRPV 0, CCBP and SHiP up, saturating
 * at 3; CCBP > 1 sends the next line of that signature to the critical ways. */
static void test_hit_training_and_critical_insert(void **state) {
  (void)state;
  st_cache *c = make(0);
  load(c, ln(5), 0, 0);
  for (int i = 0; i < 4; i++) {
    assert_int_equal(go(c, MREQ_READ, ln(5), 0, 1), CACHE_HIT);
  }
  uint32_t m = st_cache_meta_of(c, 0, 2);
  assert_int_equal(CACP_META_RRPV(m), 0);
  assert_int_equal(CACP_META_CREUSE(m), 1);
  assert_int_equal(k.s.ccbp[5], 3); /* 4 increments from 0, saturated */
  assert_int_equal(k.s.ship[5], 3); /* from 1 */
  assert_int_equal(k.n.ccbp_inc, 3);
  assert_int_equal(k.n.ship_inc, 2);
  /* the cache counts critical requests' accesses and hits */
  assert_int_equal(st_cache_get_stats(c)->crit_accesses, 4);
  assert_int_equal(st_cache_get_stats(c)->crit_hits, 4);
  /* another line with signature 5: pc 1 ^ line 4 */
  load(c, ln(4), 1, 0);
  assert_int_equal(way_of(c, 5), 0); /* the first, in way 2, and the new one in way 0 */
  assert_int_equal(k.n.critical_inserts, 1);
  /* a non-critical hit sets nc_reuse and SHiP only */
  assert_int_equal(go(c, MREQ_READ, ln(4), 1, 0), CACHE_HIT);
  m = st_cache_meta_of(c, 0, 0);
  assert_int_equal(CACP_META_NCREUSE(m), 1);
  assert_int_equal(CACP_META_CREUSE(m), 0);
  assert_int_equal(k.s.ccbp[5], 3);
  st_cache_destroy(c);
}

/* Alg.9: a dead line (no reuse) lowers SHiP, saturating at 0, and then lines
 * insert at RRPV 3; a critical-partition line reused by non-critical warps
 * only lowers CCBP. RRIP victim with aging. */
static void test_evict_training_and_aging(void **state) {
  (void)state;
  st_cache *c = make(0);
  /* non-critical partition: ways 2, 3 */
  load(c, ln(1), 0, 0); /* way 2, RRPV 2 */
  load(c, ln(2), 0, 0); /* way 3, RRPV 2 */
  assert_int_equal(go(c, MREQ_READ, ln(1), 0, 0), CACHE_HIT); /* way 2 RRPV 0 */
  load(c, ln(3), 0, 0); /* victim: way 3 (RRPV 2 > 0); age 1: way 2 -> 1 */
  assert_int_equal(way_of(c, 3), 3);
  assert_int_equal(CACP_META_RRPV(st_cache_meta_of(c, 0, 2)), 1);
  assert_int_equal(k.s.ship[2], 0); /* line 2 died unused: 1 -> 0 */
  assert_int_equal(k.n.ship_dec, 1);
  /* line 3 evicted dead by the next miss: SHiP[3] 1 -> 0 */
  load(c, ln(7), 0, 0); /* victim way 3 (RRPV 2 > 1), way 2 ages 1 -> 2 */
  assert_int_equal(way_of(c, 7), 3);
  assert_int_equal(CACP_META_RRPV(st_cache_meta_of(c, 0, 2)), 2);
  /* signature 2 again: SHiP 0 -> inserted distant (RRPV 3) */
  load(c, ln(2), 0, 0);
  int32_t w2 = way_of(c, 2);
  assert_true(w2 == 2 || w2 == 3);
  assert_int_equal(CACP_META_RRPV(st_cache_meta_of(c, 0, w2)), 3);
  assert_int_equal(k.n.pred_distant, 1);
  /* evict it dead again: SHiP stays at 0 (saturation) */
  uint64_t dec = k.n.ship_dec;
  load(c, ln(8), 0, 0); /* victim: the RRPV 3 line */
  assert_int_equal(way_of(c, 2), -1);
  assert_int_equal(k.s.ship[2], 0);
  assert_int_equal(k.n.ship_dec, dec);
  st_cache_destroy(c);
}

static void test_ccbp_decrement_on_wrong_critical_prediction(void **state) {
  (void)state;
  st_cache *c = make(0);
  k.s.ccbp[9] = 2;               /* predict critical */
  load(c, ln(9), 0, 0);          /* way 0 */
  assert_int_equal(way_of(c, 9), 0);
  assert_int_equal(go(c, MREQ_READ, ln(9), 0, 0), CACHE_HIT); /* nc_reuse only */
  /* a store hit under write-evict: reuse flags, then an eviction */
  assert_int_equal(go(c, MREQ_WRITE, ln(9), 0, 0), CACHE_HIT);
  assert_int_equal(way_of(c, 9), -1);
  assert_int_equal(k.s.ccbp[9], 1);
  assert_int_equal(k.s.ship[9], 2); /* the load hit; the store does not train */
  /* at 0 CCBP saturates */
  k.s.ccbp[9] = 2;
  load(c, ln(9), 0, 0);
  k.s.ccbp[9] = 0;
  assert_int_equal(go(c, MREQ_READ, ln(9), 0, 0), CACHE_HIT);
  st_cache_invalidate(c); /* an invalidation is an eviction */
  assert_int_equal(k.s.ccbp[9], 0);
  st_cache_destroy(c);
}

/* A partition whose ways are all reserved refuses the miss (the cache's
 * rule), changing nothing; the other partition still allocates. */
static void test_partition_full_of_reserved(void **state) {
  (void)state;
  st_cache *c = make(0);
  assert_int_equal(go(c, MREQ_READ, ln(1), 0, 0), CACHE_MISS);
  assert_int_equal(go(c, MREQ_READ, ln(2), 0, 0), CACHE_MISS);
  cacp_counters before = k.n;
  assert_int_equal(go(c, MREQ_READ, ln(3), 0, 0), CACHE_RESFAIL);
  assert_memory_equal(&before, &k.n, sizeof before);
  k.s.ccbp[4] = 3;
  assert_int_equal(go(c, MREQ_READ, ln(4), 0, 0), CACHE_MISS);
  assert_int_equal(st_cache_way(c, 0, 0), ST_WAY_RESERVED);
  drain(c);
  st_cache_destroy(c);
}

/* Byte mode: the signature takes the byte address's low 8 bits. */
static void test_byte_signature_in_cache(void **state) {
  (void)state;
  st_cache *c = make(1);
  load(c, ln(3) + 0x24, 0x10, 0);
  assert_int_equal(way_of(c, 0x24 ^ 0x10 ^ 0x80), 2);
  st_cache_destroy(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signature_modes),
      cmocka_unit_test_setup_teardown(test_insert_noncritical_long, setup, teardown),
      cmocka_unit_test_setup_teardown(test_hit_training_and_critical_insert, setup, teardown),
      cmocka_unit_test_setup_teardown(test_evict_training_and_aging, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ccbp_decrement_on_wrong_critical_prediction, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_partition_full_of_reserved, setup, teardown),
      cmocka_unit_test_setup_teardown(test_byte_signature_in_cache, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
