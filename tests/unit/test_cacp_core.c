/* CACP (units/cacp: the unit and its binding, the L1D policy hooks) over a
 * real st_cache: Algorithms 7-9 as the spec restates them (§1.3.4,
 * B-4..B-6, B-9). One set of 4 ways, ways 0-1 the critical partition, 128 B
 * lines; expected values follow the algorithm's text, step by step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mem/cache_policy.h"
#include "mem/mem.h"
#include "simtref/stats.h"
#include "units/cacp/cacp.h"
#include "units/registry.h"
#include "units/roles.h"
#include "units/uinst.h"

extern const st_unit cacp_unit;

static st_mreq_pool pool;
static st_uinst *u;
static cacp_state *ks; /* the unit's registers */
static st_config ucfg;

static int setup(void **state) {
  (void)state;
  st_mreq_pool_init(&pool);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  int leaked = pool.live != 0;
  st_mreq_pool_destroy(&pool);
  st_uinst_destroy(u);
  u = NULL;
  return leaked ? -1 : 0;
}

/* The unit's statistic `key` (cacp.*) so far. */
static uint64_t stat(const char *key) {
  st_statset ss;
  st_statset_init(&ss, "t");
  cacp_unit.report(u->ctr, &ucfg, 1, &ss);
  const st_stat *x = st_stat_get(&ss, key);
  assert_non_null(x);
  uint64_t v = x->u;
  st_statset_free(&ss);
  return v;
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
  st_config_defaults(&ucfg);
  ucfg.l1d.ways = 4;
  ucfg.l1d.line = 128;
  ucfg.l1d.cacp_critical_ways = 2;
  ucfg.l1d.cacp_ccbp_threshold = 1;
  ucfg.l1d.cacp_signature = sig_byte ? ST_CACP_SIG_BYTE : ST_CACP_SIG_LINE;
  st_uinst_destroy(u);
  u = NULL;
  assert_int_equal(st_uinst_create(&cacp_unit, &ucfg, 0, 0, &u, &err), ST_OK);
  const cacp_params *p = u->p;
  assert_int_equal(p->ways, 4);
  assert_int_equal(p->cways, 2);
  assert_int_equal(p->sig_shift, sig_byte ? 0 : 7);
  ks = u->s;
  st_cache_set_policy(c, ((const st_l1dpol_ops *)cacp_unit.ops)->cache, u);
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

/* The signature (B-4), the threshold and the reset values, on the unit's
 * outputs. */
static void test_signature_modes(void **state) {
  (void)state;
  cacp_params pl = {.ways = 16, .cways = 8, .thr = 1, .sig_shift = 7};
  cacp_params pb = pl;
  pb.sig_shift = 0;
  cacp_state s;
  cacp_in in;
  cacp_out o;
  cacp_reset(&pl, &s);
  memset(&in, 0, sizeof in);
  in.req = 1;
  in.pc = 0xA5;
  in.addr = (uint16_t)0x12380;
  /* line mode: PC[7:0] ^ (addr >> 7)[7:0]; byte mode: PC[7:0] ^ addr[7:0] */
  cacp_eval(&pl, &s, &in, &o);
  assert_int_equal(o.sig, 0xA5 ^ 0x47);
  cacp_eval(&pb, &s, &in, &o);
  assert_int_equal(o.sig, 0xA5 ^ 0x80);
  /* no request (a lost reservation's fill): signature 0, never critical */
  in.req = 0;
  s.ccbp[0] = 3;
  cacp_eval(&pl, &s, &in, &o);
  assert_int_equal(o.sig, 0);
  assert_int_equal(o.part_crit, 0);
  /* critical when the counter is above the threshold (1): 2 and 3 only */
  in.req = 1;
  for (uint8_t v = 0; v < 4; v++) {
    s.ccbp[0xA5 ^ 0x47] = v;
    cacp_eval(&pl, &s, &in, &o);
    assert_int_equal(o.part_crit, v > 1);
  }
  cacp_reset(&pl, &s);
  for (unsigned i = 0; i < CACP_ENTRIES; i++) {
    assert_int_equal(s.ccbp[i], 0);
    assert_int_equal(s.ship[i], 1);
  }
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
  assert_int_equal(stat("cacp.inserts_noncritical"), 2);
  assert_int_equal(stat("cacp.inserts_long"), 2);
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
  assert_int_equal(ks->ccbp[5], 3); /* 4 increments from 0, saturated */
  assert_int_equal(ks->ship[5], 3); /* from 1 */
  assert_int_equal(stat("cacp.ccbp_inc"), 3);
  assert_int_equal(stat("cacp.ship_inc"), 2);
  /* the cache counts critical requests' accesses and hits */
  assert_int_equal(st_cache_get_stats(c)->crit_accesses, 4);
  assert_int_equal(st_cache_get_stats(c)->crit_hits, 4);
  /* another line with signature 5: pc 1 ^ line 4 */
  load(c, ln(4), 1, 0);
  assert_int_equal(way_of(c, 5), 0); /* the first, in way 2, and the new one in way 0 */
  assert_int_equal(stat("cacp.inserts_critical"), 1);
  /* a non-critical hit sets nc_reuse and SHiP only */
  assert_int_equal(go(c, MREQ_READ, ln(4), 1, 0), CACHE_HIT);
  m = st_cache_meta_of(c, 0, 0);
  assert_int_equal(CACP_META_NCREUSE(m), 1);
  assert_int_equal(CACP_META_CREUSE(m), 0);
  assert_int_equal(ks->ccbp[5], 3);
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
  assert_int_equal(ks->ship[2], 0); /* line 2 died unused: 1 -> 0 */
  assert_int_equal(stat("cacp.ship_dec"), 1);
  /* line 3 evicted dead by the next miss: SHiP[3] 1 -> 0 */
  load(c, ln(7), 0, 0); /* victim way 3 (RRPV 2 > 1), way 2 ages 1 -> 2 */
  assert_int_equal(way_of(c, 7), 3);
  assert_int_equal(CACP_META_RRPV(st_cache_meta_of(c, 0, 2)), 2);
  /* signature 2 again: SHiP 0 -> inserted distant (RRPV 3) */
  load(c, ln(2), 0, 0);
  int32_t w2 = way_of(c, 2);
  assert_true(w2 == 2 || w2 == 3);
  assert_int_equal(CACP_META_RRPV(st_cache_meta_of(c, 0, w2)), 3);
  assert_int_equal(stat("cacp.inserts_distant"), 1);
  /* evict it dead again: SHiP stays at 0 (saturation) */
  uint64_t dec = stat("cacp.ship_dec");
  load(c, ln(8), 0, 0); /* victim: the RRPV 3 line */
  assert_int_equal(way_of(c, 2), -1);
  assert_int_equal(ks->ship[2], 0);
  assert_int_equal(stat("cacp.ship_dec"), dec);
  st_cache_destroy(c);
}

static void test_ccbp_decrement_on_wrong_critical_prediction(void **state) {
  (void)state;
  st_cache *c = make(0);
  ks->ccbp[9] = 2;               /* predict critical */
  load(c, ln(9), 0, 0);          /* way 0 */
  assert_int_equal(way_of(c, 9), 0);
  assert_int_equal(go(c, MREQ_READ, ln(9), 0, 0), CACHE_HIT); /* nc_reuse only */
  /* a store hit under write-evict: reuse flags, then an eviction */
  assert_int_equal(go(c, MREQ_WRITE, ln(9), 0, 0), CACHE_HIT);
  assert_int_equal(way_of(c, 9), -1);
  assert_int_equal(ks->ccbp[9], 1);
  assert_int_equal(ks->ship[9], 2); /* the load hit; the store does not train */
  /* at 0 CCBP saturates */
  ks->ccbp[9] = 2;
  load(c, ln(9), 0, 0);
  ks->ccbp[9] = 0;
  assert_int_equal(go(c, MREQ_READ, ln(9), 0, 0), CACHE_HIT);
  st_cache_invalidate(c); /* an invalidation is an eviction */
  assert_int_equal(ks->ccbp[9], 0);
  st_cache_destroy(c);
}

/* A partition whose ways are all reserved refuses the miss (the cache's
 * rule), changing nothing; the other partition still allocates. */
static void test_partition_full_of_reserved(void **state) {
  (void)state;
  st_cache *c = make(0);
  assert_int_equal(go(c, MREQ_READ, ln(1), 0, 0), CACHE_MISS);
  assert_int_equal(go(c, MREQ_READ, ln(2), 0, 0), CACHE_MISS);
  uint64_t before[16];
  memcpy(before, u->ctr, cacp_unit.n_counters * sizeof before[0]);
  cacp_state sb = *ks;
  assert_int_equal(go(c, MREQ_READ, ln(3), 0, 0), CACHE_RESFAIL);
  assert_memory_equal(before, u->ctr, cacp_unit.n_counters * sizeof before[0]);
  assert_memory_equal(&sb, ks, sizeof sb);
  ks->ccbp[4] = 3;
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
