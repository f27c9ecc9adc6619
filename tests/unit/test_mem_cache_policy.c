/* The L1D policy role's hooks in st_cache (mem/cache_policy.h): a scripted
 * test policy records every call; the tests check which hook runs at which
 * point, that the cache keeps its rules (reserved ways are never victims, a
 * refused access calls no commit hook), the bypass of a true miss, and the
 * per-line word. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mem/cache_policy.h"
#include "mem/mem.h"

typedef struct tpol {
  int32_t victim_way;  /* the way victim() answers; -2: the highest invalid, else way 0 */
  uint32_t bypass_pc;  /* bypass reads with this PC */
  int victims, bypass_asks, inserts, hits, merges, evicts, bypassed;
  uint32_t last_evict_meta;
  int32_t last_evict_way, last_merge_way;
  bool last_replaced;
  uint32_t last_old_meta;
} tpol;

static int32_t t_victim(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r,
                        bool clean_only) {
  (void)r;
  (void)clean_only;
  tpol *t = ctx;
  t->victims++;
  if (t->victim_way >= 0) {
    return t->victim_way;
  }
  for (int32_t w = (int32_t)st_cache_ways(c) - 1; w >= 0; w--) {
    if (st_cache_way(c, set, w) == ST_WAY_INVALID) {
      return w;
    }
  }
  return 0;
}

static bool t_bypass(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r) {
  (void)c;
  (void)set;
  tpol *t = ctx;
  t->bypass_asks++;
  return r->pc == t->bypass_pc;
}

static void t_insert(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                     bool replaced, uint32_t old_meta, uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  tpol *t = ctx;
  t->inserts++;
  t->last_replaced = replaced;
  t->last_old_meta = old_meta;
  assert_int_equal(*meta, 0);
  *meta = r != NULL ? 0x100u + r->pc : 0xFFu;
}

static void t_hit(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                  uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  (void)r;
  tpol *t = ctx;
  t->hits++;
  *meta |= 0x10000u;
}

static void t_merge(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                    uint32_t *meta) {
  (void)c;
  (void)set;
  (void)r;
  tpol *t = ctx;
  t->merges++;
  t->last_merge_way = way;
  if (meta != NULL) {
    *meta |= 0x20000u;
  }
}

static void t_evict(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta) {
  (void)c;
  (void)set;
  tpol *t = ctx;
  t->evicts++;
  t->last_evict_way = way;
  t->last_evict_meta = meta;
}

static void t_bypassed(void *ctx, st_cache *c, uint32_t set, const st_mreq *r) {
  (void)c;
  (void)set;
  (void)r;
  ((tpol *)ctx)->bypassed++;
}

static const st_cache_policy_ops t_ops = {t_victim, t_bypass, t_insert, t_hit,
                                          t_merge,  t_evict,  t_bypassed};

/* 2 sets x 4 ways x 128 B, linear, LRU, write-back, 4 MSHRs merging 4, miss queue 8. */
static st_cache_config cfg4(void) {
  st_cache_config c = {0};
  c.enabled = true;
  c.sets = 2;
  c.ways = 4;
  c.line = 128;
  c.size = 2 * 4 * 128;
  c.mshr_entries = 4;
  c.mshr_merge = 4;
  c.miss_queue = 8;
  c.latency = 1;
  c.replacement = ST_REPL_LRU;
  c.write_policy = ST_WRITE_BACK;
  c.index = ST_INDEX_LINEAR;
  return c;
}

static uint64_t la(uint32_t set, uint32_t tag) { return ((uint64_t)tag * 2 + set) * 128; }

static st_mreq_pool pool;

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

static st_cache *make(st_cache_config cfg, tpol *t) {
  st_cache *c = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_cache_create(&cfg, "pol", &pool, &c, &err), ST_OK);
  memset(t, 0, sizeof *t);
  t->victim_way = -2;
  t->bypass_pc = 0xFFFFFFFFu;
  t->last_evict_way = -9;
  t->last_merge_way = -9;
  st_cache_set_policy(c, &t_ops, t);
  return c;
}

static st_mreq *mk(uint8_t op, uint64_t addr, uint32_t pc) {
  st_mreq *r = st_mreq_alloc(&pool);
  assert_non_null(r);
  r->op = op;
  r->kind = op == MREQ_READ ? ACC_GLOBAL_R : ACC_GLOBAL_W;
  r->addr = addr;
  r->bytes = op == MREQ_READ ? 32 : 4;
  r->wants_reply = op != MREQ_WRITE;
  r->pc = pc;
  return r;
}

static st_cache_outcome acc(st_cache *c, uint8_t op, uint64_t addr, uint32_t pc) {
  st_mreq *r = mk(op, addr, pc);
  st_cache_outcome o = st_cache_access(c, r, 0, NULL);
  if (o == CACHE_HIT || o == CACHE_RESFAIL) {
    st_mreq_free(&pool, r);
  }
  return o;
}

static void service_all(st_cache *c) {
  st_mreq *m;
  while ((m = st_cache_pop_miss(c)) != NULL) {
    if (m->op == MREQ_READ && !m->l1_bypass) {
      st_cache_fill(c, m->addr, 0);
    }
    st_mreq_free(&pool, m);
  }
  while ((m = st_cache_pop_ready(c)) != NULL) {
    st_mreq_free(&pool, m);
  }
}

/* The policy's victim is taken (highest invalid way first here, where the
 * cache's own order takes the lowest); insert runs with the request, the word
 * is kept, hit and merge see it, eviction hands it back. */
static void test_hooks_in_order(void **state) {
  (void)state;
  tpol t;
  st_cache *c = make(cfg4(), &t);
  assert_int_equal(acc(c, MREQ_READ, la(0, 1), 7), CACHE_MISS);
  assert_int_equal(t.inserts, 1);
  assert_false(t.last_replaced);
  assert_int_equal(st_cache_way(c, 0, 3), ST_WAY_RESERVED);
  assert_int_equal(st_cache_meta_of(c, 0, 3), 0x107u);
  assert_int_equal(acc(c, MREQ_READ, la(0, 1) + 64, 8), CACHE_HIT_RESERVED);
  assert_int_equal(t.merges, 1);
  assert_int_equal(t.last_merge_way, 3);
  assert_int_equal(st_cache_meta_of(c, 0, 3), 0x20107u);
  service_all(c);
  assert_int_equal(st_cache_way(c, 0, 3), ST_WAY_VALID);
  assert_int_equal(acc(c, MREQ_READ, la(0, 1), 9), CACHE_HIT);
  assert_int_equal(t.hits, 1);
  assert_int_equal(st_cache_meta_of(c, 0, 3), 0x30107u);
  /* fill the set, then force way 3 out */
  for (uint32_t tag = 2; tag <= 4; tag++) {
    assert_int_equal(acc(c, MREQ_READ, la(0, tag), tag), CACHE_MISS);
  }
  service_all(c);
  assert_int_equal(t.evicts, 0);
  t.victim_way = 3;
  assert_int_equal(acc(c, MREQ_READ, la(0, 5), 5), CACHE_MISS);
  assert_int_equal(t.evicts, 1);
  assert_int_equal(t.last_evict_way, 3);
  assert_int_equal(t.last_evict_meta, 0x30107u);
  assert_true(t.last_replaced);
  assert_int_equal(t.last_old_meta, 0x30107u);
  assert_int_equal(st_cache_meta_of(c, 0, 3), 0x105u);
  service_all(c);
  st_cache_destroy(c);
}

/* A reserved way the policy names is refused (the cache's rule), and a
 * refused access calls no commit hook; the memo keys on the PC too. */
static void test_reserved_never_victim_refusal_commits_nothing(void **state) {
  (void)state;
  tpol t;
  st_cache *c = make(cfg4(), &t);
  assert_int_equal(acc(c, MREQ_READ, la(1, 1), 1), CACHE_MISS); /* way 3 reserved */
  t.victim_way = 3;
  int ins = t.inserts, ev = t.evicts, asks = t.victims;
  assert_int_equal(acc(c, MREQ_READ, la(1, 2), 2), CACHE_RESFAIL);
  assert_int_equal(t.inserts, ins);
  assert_int_equal(t.evicts, ev);
  assert_int_equal(t.victims, asks + 1);
  /* the same request again: the memo answers, the policy is not asked */
  assert_int_equal(acc(c, MREQ_READ, la(1, 2), 2), CACHE_RESFAIL);
  assert_int_equal(t.victims, asks + 1);
  /* another PC: the policy may decide otherwise, so it is asked */
  assert_int_equal(acc(c, MREQ_READ, la(1, 2), 3), CACHE_RESFAIL);
  assert_int_equal(t.victims, asks + 2);
  service_all(c);
  st_cache_destroy(c);
}

/* Bypass on a true miss: the read goes down itself with l1_bypass, holds a
 * miss-queue slot, allocates nothing; never asked on a hit or a merge. */
static void test_bypass_true_miss_only(void **state) {
  (void)state;
  tpol t;
  st_cache_config cfg = cfg4();
  cfg.miss_queue = 1;
  st_cache *c = make(cfg, &t);
  t.bypass_pc = 42;
  st_mreq *r = mk(MREQ_READ, la(0, 1), 42);
  assert_int_equal(st_cache_access(c, r, 0, NULL), CACHE_MISS);
  assert_int_equal(r->l1_bypass, 1);
  assert_int_equal(t.bypassed, 1);
  assert_int_equal(st_cache_get_stats(c)->bypasses, 1);
  assert_int_equal(t.inserts, 0);
  for (int32_t w = 0; w < 4; w++) {
    assert_int_equal(st_cache_way(c, 0, w), ST_WAY_INVALID);
  }
  /* the miss queue (1 slot) is full: a second bypass is refused, unchanged */
  st_mreq *r2 = mk(MREQ_READ, la(0, 2), 42);
  assert_int_equal(st_cache_access(c, r2, 0, NULL), CACHE_RESFAIL);
  assert_int_equal(r2->l1_bypass, 0);
  assert_int_equal(t.bypassed, 1);
  st_mreq_free(&pool, r2);
  assert_ptr_equal(st_cache_pop_miss(c), r);
  st_mreq_free(&pool, r);
  /* a resident line is a hit whatever the PC; a merge is never bypassed */
  assert_int_equal(acc(c, MREQ_READ, la(0, 3), 1), CACHE_MISS);
  int asks = t.bypass_asks;
  assert_int_equal(acc(c, MREQ_READ, la(0, 3), 42), CACHE_HIT_RESERVED);
  assert_int_equal(t.bypass_asks, asks);
  service_all(c);
  assert_int_equal(acc(c, MREQ_READ, la(0, 3), 42), CACHE_HIT);
  assert_int_equal(t.bypass_asks, asks);
  st_cache_destroy(c);
}

/* Write-evict and invalidation are evictions of valid lines. */
static void test_write_evict_and_invalidate_evict(void **state) {
  (void)state;
  tpol t;
  st_cache_config cfg = cfg4();
  cfg.write_policy = ST_WRITE_EVICT;
  st_cache *c = make(cfg, &t);
  assert_int_equal(acc(c, MREQ_READ, la(0, 1), 1), CACHE_MISS);
  assert_int_equal(acc(c, MREQ_READ, la(1, 1), 2), CACHE_MISS);
  service_all(c);
  assert_int_equal(acc(c, MREQ_WRITE, la(0, 1), 3), CACHE_HIT);
  assert_int_equal(t.hits, 1); /* a store hit trains before the line goes */
  assert_int_equal(t.evicts, 1);
  assert_int_equal(t.last_evict_meta, 0x10101u);
  assert_int_equal(st_cache_meta_of(c, 0, 3), 0);
  service_all(c);
  st_cache_invalidate(c);
  assert_int_equal(t.evicts, 2);
  assert_int_equal(t.last_evict_meta, 0x102u);
  st_cache_destroy(c);
}

/* A policy without a victim hook (Ctrl-C, pcbypass) keeps the cache's own
 * LRU order: the lowest invalid way first, then the least recently used;
 * insert and evict still run. */
static void test_no_victim_hook_keeps_lru(void **state) {
  (void)state;
  tpol t;
  st_cache *c = make(cfg4(), &t);
  static const st_cache_policy_ops no_victim = {NULL,    t_bypass, t_insert, t_hit,
                                                t_merge, t_evict,  t_bypassed};
  st_cache_set_policy(c, &no_victim, &t);
  for (uint32_t k = 1; k <= 4; k++) {
    assert_int_equal(acc(c, MREQ_READ, la(0, k), 1), CACHE_MISS);
    service_all(c);
  }
  for (int32_t w = 0; w < 4; w++) {
    assert_int_equal(st_cache_way(c, 0, w), ST_WAY_VALID);
  }
  assert_int_equal(acc(c, MREQ_READ, la(0, 1), 1), CACHE_HIT); /* line 1 becomes MRU */
  assert_int_equal(acc(c, MREQ_READ, la(0, 5), 1), CACHE_MISS); /* replaces line 2 (LRU) */
  assert_int_equal(t.victims, 0);
  assert_int_equal(t.evicts, 1);
  assert_int_equal(t.last_evict_way, 1); /* line 2 went to way 1 */
  assert_int_equal(t.inserts, 5);
  assert_int_equal(acc(c, MREQ_READ, la(0, 1), 1), CACHE_HIT);
  service_all(c);
  st_cache_destroy(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_hooks_in_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reserved_never_victim_refusal_commits_nothing, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_bypass_true_miss_only, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_evict_and_invalidate_evict, setup, teardown),
      cmocka_unit_test_setup_teardown(test_no_victim_hook_keeps_lru, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
