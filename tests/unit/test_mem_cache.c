/* The cache model: outcomes, every reservation failure, MSHR merging,
 * replacement order, write policies, write allocation, index functions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mem/mem.h"

/* 4 sets x 2 ways x 128 B, linear index, LRU, write-back, no write-allocate,
 * 4 MSHRs merging 4, miss queue 8. Tests change what they exercise. */
static st_cache_config small_cfg(void) {
  st_cache_config c = {0};
  c.enabled = true;
  c.sets = 4;
  c.ways = 2;
  c.line = 128;
  c.size = 4 * 2 * 128;
  c.mshr_entries = 4;
  c.mshr_merge = 4;
  c.miss_queue = 8;
  c.latency = 1;
  c.replacement = ST_REPL_LRU;
  c.write_policy = ST_WRITE_BACK;
  c.write_allocate = false;
  c.index = ST_INDEX_LINEAR;
  return c;
}

/* The address of the line with `tag` in `set` under the linear index. */
static uint64_t line_addr(uint32_t set, uint32_t tag) { return ((uint64_t)tag * 4 + set) * 128; }

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

static st_cache *make(st_cache_config cfg) {
  st_cache *c = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_cache_create(&cfg, "test", &pool, &c, &err), ST_OK);
  return c;
}

static st_mreq *req(uint8_t op, uint8_t kind, uint64_t addr) {
  st_mreq *r = st_mreq_alloc(&pool);
  assert_non_null(r);
  r->op = op;
  r->kind = kind;
  r->addr = addr;
  r->bytes = op == MREQ_READ ? 32 : 4;
  r->wants_reply = op != MREQ_WRITE;
  return r;
}

/* Accesses a fresh request; frees it again if the caller owns it. */
static st_cache_outcome access_op(st_cache *c, uint8_t op, uint8_t kind, uint64_t addr,
                                  st_resfail *why) {
  st_mreq *r = req(op, kind, addr);
  st_resfail w = RESFAIL_NONE;
  st_cache_outcome o = st_cache_access(c, r, 0, &w);
  if (o == CACHE_HIT || o == CACHE_RESFAIL) {
    st_mreq_free(&pool, r);
  }
  if (why != NULL) {
    *why = w;
  }
  return o;
}

static st_cache_outcome rd(st_cache *c, uint64_t addr) {
  return access_op(c, MREQ_READ, ACC_GLOBAL_R, addr, NULL);
}

/* Pops every queued miss; fills read fetches; frees everything popped and
 * every request made ready. Returns the number of misses popped. */
static int service_all(st_cache *c) {
  int n = 0;
  st_mreq *m;
  while ((m = st_cache_pop_miss(c)) != NULL) {
    if (m->op == MREQ_READ) {
      st_cache_fill(c, m->addr, 0);
    }
    st_mreq_free(&pool, m);
    n++;
  }
  while ((m = st_cache_pop_ready(c)) != NULL) {
    st_mreq_free(&pool, m);
  }
  return n;
}

/* Brings a line in with a read miss and its fill. */
static void warm(st_cache *c, uint64_t addr) {
  assert_int_equal(rd(c, addr), CACHE_MISS);
  service_all(c);
}

static void test_hit_miss_hit_reserved(void **state) {
  (void)state;
  st_cache *c = make(small_cfg());
  st_mreq *a = req(MREQ_READ, ACC_GLOBAL_R, line_addr(1, 0) + 40);
  st_mreq *b = req(MREQ_READ, ACC_GLOBAL_R, line_addr(1, 0) + 96);
  a->cookie = &a;
  assert_int_equal(st_cache_access(c, a, 0, NULL), CACHE_MISS);
  assert_int_equal(st_cache_access(c, b, 0, NULL), CACHE_HIT_RESERVED);
  assert_false(st_cache_quiet(c));
  /* One fetch for the line, of the whole line, with no requester handle. */
  st_mreq *m = st_cache_pop_miss(c);
  assert_non_null(m);
  assert_null(st_cache_pop_miss(c));
  assert_int_equal(m->op, MREQ_READ);
  assert_int_equal(m->addr, line_addr(1, 0));
  assert_int_equal(m->bytes, 128);
  assert_int_equal(m->wants_reply, 1);
  assert_null(m->cookie);
  assert_true(m->id != a->id && m->id != b->id);
  assert_null(st_cache_pop_ready(c));
  st_cache_fill(c, m->addr, 7);
  st_mreq_free(&pool, m);
  /* Both waiting requests become ready, in arrival order. */
  assert_ptr_equal(st_cache_pop_ready(c), a);
  assert_ptr_equal(st_cache_pop_ready(c), b);
  assert_null(st_cache_pop_ready(c));
  assert_int_equal(a->t_ready, 7);
  st_mreq_free(&pool, a);
  st_mreq_free(&pool, b);
  assert_true(st_cache_quiet(c));
  assert_int_equal(rd(c, line_addr(1, 0) + 4), CACHE_HIT);
  const st_cache_stats *s = st_cache_get_stats(c);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_MISS], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_HIT_RESERVED], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_HIT], 1);
  assert_int_equal(s->fills, 1);
  assert_int_equal(st_cache_line_size(c), 128);
  st_cache_destroy(c);
}

static void test_resfail_mshr_full(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.mshr_entries = 2;
  st_cache *c = make(cfg);
  assert_int_equal(rd(c, line_addr(0, 0)), CACHE_MISS);
  assert_int_equal(rd(c, line_addr(1, 0)), CACHE_MISS);
  st_resfail why;
  assert_int_equal(access_op(c, MREQ_READ, ACC_GLOBAL_R, line_addr(2, 0), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_MSHR_FULL);
  /* Nothing changed: still two fetches queued, and a merge still works. */
  assert_int_equal(rd(c, line_addr(0, 0)), CACHE_HIT_RESERVED);
  const st_cache_stats *s = st_cache_get_stats(c);
  assert_int_equal(s->resfail[RESFAIL_MSHR_FULL], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_R][CACHE_RESFAIL], 1);
  assert_int_equal(service_all(c), 2);
  assert_int_equal(rd(c, line_addr(2, 0)), CACHE_MISS); /* retry succeeds */
  service_all(c);
  st_cache_destroy(c);
}

static void test_resfail_merge_limit(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.mshr_merge = 8; /* the L1D's A:32:8 */
  st_cache *c = make(cfg);
  st_mreq *held[8];
  for (int i = 0; i < 8; i++) {
    held[i] = req(MREQ_READ, ACC_GLOBAL_R, line_addr(3, 1) + (uint64_t)i * 4);
    assert_int_equal(st_cache_access(c, held[i], 0, NULL),
                     i == 0 ? CACHE_MISS : CACHE_HIT_RESERVED);
  }
  /* The entry holds mshr_merge = 8 requests, the first miss included. */
  st_resfail why;
  assert_int_equal(access_op(c, MREQ_READ, ACC_GLOBAL_R, line_addr(3, 1), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_MERGE_FULL);
  st_mreq *m = st_cache_pop_miss(c);
  st_cache_fill(c, m->addr, 0);
  st_mreq_free(&pool, m);
  for (int i = 0; i < 8; i++) {
    assert_ptr_equal(st_cache_pop_ready(c), held[i]);
    st_mreq_free(&pool, held[i]);
  }
  assert_null(st_cache_pop_ready(c));
  st_cache_destroy(c);
}

static void test_resfail_miss_queue(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.miss_queue = 1;
  st_cache *c = make(cfg);
  assert_int_equal(rd(c, line_addr(0, 0)), CACHE_MISS);
  st_resfail why;
  assert_int_equal(access_op(c, MREQ_READ, ACC_GLOBAL_R, line_addr(1, 0), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_MISS_QUEUE);
  /* A non-allocating write needs a slot too. */
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, line_addr(2, 0), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_MISS_QUEUE);
  assert_int_equal(service_all(c), 1);
  assert_int_equal(rd(c, line_addr(1, 0)), CACHE_MISS);
  service_all(c);
  assert_int_equal(st_cache_get_stats(c)->resfail[RESFAIL_MISS_QUEUE], 2);
  st_cache_destroy(c);
}

static void test_resfail_no_line(void **state) {
  (void)state;
  st_cache *c = make(small_cfg()); /* 2 ways */
  assert_int_equal(rd(c, line_addr(2, 0)), CACHE_MISS);
  assert_int_equal(rd(c, line_addr(2, 1)), CACHE_MISS);
  st_resfail why;
  /* Both ways of set 2 are reserved for pending fills. */
  assert_int_equal(access_op(c, MREQ_READ, ACC_GLOBAL_R, line_addr(2, 2), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_NO_LINE);
  /* Another set is unaffected. */
  assert_int_equal(rd(c, line_addr(3, 2)), CACHE_MISS);
  service_all(c);
  assert_int_equal(rd(c, line_addr(2, 2)), CACHE_MISS);
  service_all(c);
  st_cache_destroy(c);
}

/* LRU: a hit refreshes a line; FIFO: it does not. */
static void replacement_order(int policy, bool expect_x_survives) {
  st_cache_config cfg = small_cfg();
  cfg.replacement = policy;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(0, 0), y = line_addr(0, 1), z = line_addr(0, 2);
  warm(c, x);
  warm(c, y);
  assert_int_equal(rd(c, x), CACHE_HIT); /* x used after y */
  warm(c, z);                            /* evicts LRU y, or first-in x */
  assert_int_equal(st_cache_get_stats(c)->evictions, 1);
  assert_int_equal(rd(c, z), CACHE_HIT);
  if (expect_x_survives) {
    assert_int_equal(rd(c, x), CACHE_HIT);
    assert_int_equal(rd(c, y), CACHE_MISS);
  } else {
    assert_int_equal(rd(c, y), CACHE_HIT);
    assert_int_equal(rd(c, x), CACHE_MISS);
  }
  service_all(c);
  st_cache_destroy(c);
}

static void test_lru_order(void **state) {
  (void)state;
  replacement_order(ST_REPL_LRU, true);
}

static void test_fifo_order(void **state) {
  (void)state;
  replacement_order(ST_REPL_FIFO, false);
}

static void test_write_back_eviction(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.write_allocate = true;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(1, 0), y = line_addr(1, 1), z = line_addr(1, 2);
  warm(c, x);
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, x + 8, NULL), CACHE_HIT);
  assert_null(st_cache_peek_miss(c)); /* a write-back hit sends nothing */
  warm(c, y);                         /* clean */
  st_mreq *r = req(MREQ_READ, ACC_GLOBAL_R, z);
  r->sm = 3;
  assert_int_equal(st_cache_access(c, r, 0, NULL), CACHE_MISS); /* evicts x, the LRU, dirty */
  st_mreq *fetch = st_cache_pop_miss(c);
  st_mreq *wb = st_cache_pop_miss(c);
  assert_null(st_cache_pop_miss(c));
  assert_int_equal(fetch->op, MREQ_READ);
  assert_int_equal(fetch->addr, z);
  assert_int_equal(wb->op, MREQ_WRITEBACK);
  assert_int_equal(wb->kind, ACC_WRITEBACK);
  assert_int_equal(wb->addr, x);
  assert_int_equal(wb->bytes, 128);
  assert_int_equal(wb->wants_reply, 0);
  assert_int_equal(wb->sm, 3);
  st_cache_fill(c, fetch->addr, 0);
  st_mreq_free(&pool, fetch);
  st_mreq_free(&pool, wb);
  st_mreq_free(&pool, st_cache_pop_ready(c));
  /* Evicting the clean y sends no write-back. */
  warm(c, line_addr(1, 3));
  const st_cache_stats *s = st_cache_get_stats(c);
  assert_int_equal(s->evictions, 2);
  assert_int_equal(s->writebacks, 1);
  st_cache_destroy(c);
}

/* A dirty victim needs two miss-queue slots: the fetch and its write-back. */
static void test_write_back_needs_two_slots(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.ways = 1;
  cfg.size = 4 * 128;
  cfg.miss_queue = 2;
  cfg.write_allocate = true;
  st_cache *c = make(cfg);
  warm(c, line_addr(0, 0));
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, line_addr(0, 0), NULL), CACHE_HIT);
  assert_int_equal(rd(c, line_addr(1, 0)), CACHE_MISS); /* one slot used */
  st_resfail why;
  assert_int_equal(access_op(c, MREQ_READ, ACC_GLOBAL_R, line_addr(0, 1), &why), CACHE_RESFAIL);
  assert_int_equal(why, RESFAIL_MISS_QUEUE);
  service_all(c);
  assert_int_equal(rd(c, line_addr(0, 1)), CACHE_MISS);
  assert_int_equal(service_all(c), 2);
  st_cache_destroy(c);
}

static void test_write_through(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.write_policy = ST_WRITE_THROUGH;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(2, 0);
  warm(c, x);
  st_mreq *w = req(MREQ_WRITE, ACC_GLOBAL_W, x + 16);
  w->cookie = &w;
  w->wants_reply = 1;
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_HIT);
  st_mreq *copy = st_cache_pop_miss(c);
  assert_non_null(copy);
  assert_true(copy != w && copy->id != w->id);
  assert_int_equal(copy->op, MREQ_WRITE);
  assert_int_equal(copy->addr, x + 16);
  assert_int_equal(copy->bytes, 4);
  assert_ptr_equal(copy->cookie, &w);
  assert_int_equal(copy->wants_reply, 1);
  st_mreq_free(&pool, copy);
  st_mreq_free(&pool, w);
  assert_int_equal(rd(c, x), CACHE_HIT); /* the line stays */
  /* No write-allocate: a write miss sends the write itself, takes no MSHR
   * and allocates nothing. */
  st_mreq *m = req(MREQ_WRITE, ACC_GLOBAL_W, line_addr(3, 0));
  assert_int_equal(st_cache_access(c, m, 0, NULL), CACHE_MISS);
  assert_ptr_equal(st_cache_pop_miss(c), m);
  st_mreq_free(&pool, m);
  assert_true(st_cache_quiet(c));
  assert_int_equal(rd(c, line_addr(3, 0)), CACHE_MISS);
  service_all(c);
  assert_int_equal(st_cache_get_stats(c)->writebacks, 0);
  st_cache_destroy(c);
}

static void test_write_evict(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.write_policy = ST_WRITE_EVICT;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(0, 3);
  warm(c, x);
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, x, NULL), CACHE_HIT);
  st_mreq *copy = st_cache_pop_miss(c);
  assert_non_null(copy);
  assert_int_equal(copy->op, MREQ_WRITE);
  st_mreq_free(&pool, copy);
  assert_int_equal(rd(c, x), CACHE_MISS); /* the write hit invalidated the line */
  service_all(c);
  st_cache_destroy(c);
}

/* The Fermi L1D: local writes write back, global writes write through and
 * never allocate. */
static void test_local_wb_global_wt(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.write_policy = ST_WRITE_LOCAL_WB_GLOBAL_WT;
  cfg.write_allocate = false;
  st_cache *c = make(cfg);
  uint64_t lx = line_addr(1, 0), gx = line_addr(2, 0);
  warm(c, lx);
  warm(c, gx);
  /* Local write hit: the line becomes dirty, nothing goes down. */
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_LOCAL_W, lx, NULL), CACHE_HIT);
  assert_null(st_cache_peek_miss(c));
  /* Global write hit: a copy goes down, the line stays. */
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, gx, NULL), CACHE_HIT);
  assert_int_equal(service_all(c), 1);
  assert_int_equal(rd(c, gx), CACHE_HIT);
  /* Global write miss: down, no allocation. */
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_GLOBAL_W, line_addr(3, 0), NULL), CACHE_MISS);
  assert_int_equal(service_all(c), 1);
  assert_int_equal(rd(c, line_addr(3, 0)), CACHE_MISS);
  service_all(c);
  /* Local write miss with write_allocate off: down too. */
  assert_int_equal(access_op(c, MREQ_WRITE, ACC_LOCAL_W, line_addr(0, 0), NULL), CACHE_MISS);
  assert_int_equal(service_all(c), 1);
  /* Evicting the dirty local line writes it back; the global line is clean. */
  warm(c, line_addr(1, 1));
  warm(c, line_addr(1, 2)); /* evicts lx, the least recently used of set 1 */
  assert_int_equal(st_cache_get_stats(c)->writebacks, 1);
  warm(c, line_addr(2, 1));
  warm(c, line_addr(2, 2)); /* evicts gx, clean */
  assert_int_equal(st_cache_get_stats(c)->writebacks, 1);
  const st_cache_stats *s = st_cache_get_stats(c);
  assert_int_equal(s->outcome[ACC_LOCAL_W][CACHE_HIT], 1);
  assert_int_equal(s->outcome[ACC_LOCAL_W][CACHE_MISS], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_W][CACHE_HIT], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_W][CACHE_MISS], 1);
  st_cache_destroy(c);
}

/* Write-back with write-allocate: a write miss fetches the line and waits;
 * the filled line is dirty. Without write-allocate the write goes down. */
static void test_write_allocate(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.write_allocate = true;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(3, 0);
  st_mreq *w = req(MREQ_WRITE, ACC_GLOBAL_W, x + 4);
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_MISS);
  st_mreq *w2 = req(MREQ_WRITE, ACC_GLOBAL_W, x + 8);
  assert_int_equal(st_cache_access(c, w2, 0, NULL), CACHE_HIT_RESERVED);
  st_mreq *f = st_cache_pop_miss(c);
  assert_int_equal(f->op, MREQ_READ); /* fetch on write */
  assert_int_equal(f->bytes, 128);
  assert_null(st_cache_pop_miss(c));
  st_cache_fill(c, f->addr, 0);
  st_mreq_free(&pool, f);
  assert_ptr_equal(st_cache_pop_ready(c), w);
  assert_ptr_equal(st_cache_pop_ready(c), w2);
  st_mreq_free(&pool, w);
  st_mreq_free(&pool, w2);
  /* The line is dirty: evicting it writes it back. */
  warm(c, line_addr(3, 1));
  warm(c, line_addr(3, 2));
  assert_int_equal(st_cache_get_stats(c)->writebacks, 1);
  st_cache_destroy(c);

  cfg.write_allocate = false;
  c = make(cfg);
  w = req(MREQ_WRITE, ACC_GLOBAL_W, x);
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_MISS);
  assert_ptr_equal(st_cache_pop_miss(c), w);
  st_mreq_free(&pool, w);
  assert_true(st_cache_quiet(c));
  /* A write to a line being filled does not merge either: it goes down. */
  assert_int_equal(rd(c, x), CACHE_MISS);
  w = req(MREQ_WRITE, ACC_GLOBAL_W, x);
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_MISS);
  assert_int_equal(service_all(c), 2);
  st_cache_destroy(c);
}

/* write_validate: a full-line write miss becomes the line (valid, dirty) with
 * no fetch and is done at once (a hit to the caller, a miss in the
 * statistics); a partial write, or a full one to a line being fetched,
 * still takes the fetch-on-write path; a dirty victim is written back. */
static void test_write_validate(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.ways = 1;
  cfg.size = 4 * 128;
  cfg.write_allocate = true;
  cfg.write_validate = true;
  st_cache *c = make(cfg);
  uint64_t x = line_addr(2, 0), y = line_addr(2, 1);
  st_mreq *w = req(MREQ_WRITE, ACC_GLOBAL_W, x);
  w->bytes = 128;
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_HIT);
  st_mreq_free(&pool, w);
  assert_null(st_cache_peek_miss(c)); /* no fetch */
  assert_true(st_cache_quiet(c));
  const st_cache_stats *s = st_cache_get_stats(c);
  assert_int_equal(s->outcome[ACC_GLOBAL_W][CACHE_MISS], 1);
  assert_int_equal(s->outcome[ACC_GLOBAL_W][CACHE_HIT], 0);
  assert_int_equal(s->write_validates, 1);
  assert_int_equal(rd(c, x + 64), CACHE_HIT); /* the line is there */
  /* A full-line write to y evicts the dirty x: its write-back, no fetch. */
  w = req(MREQ_WRITE, ACC_GLOBAL_W, y);
  w->bytes = 128;
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_HIT);
  st_mreq_free(&pool, w);
  st_mreq *wb = st_cache_pop_miss(c);
  assert_non_null(wb);
  assert_int_equal(wb->op, MREQ_WRITEBACK);
  assert_int_equal(wb->addr, x);
  st_mreq_free(&pool, wb);
  assert_null(st_cache_pop_miss(c));
  assert_int_equal(s->writebacks, 1);
  assert_int_equal(s->write_validates, 2);
  /* A partial write misses and fetches (the dirty y is written back). */
  w = req(MREQ_WRITE, ACC_GLOBAL_W, x + 4);
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_MISS);
  /* A full-line write to the line being fetched merges with the fetch. */
  st_mreq *w2 = req(MREQ_WRITE, ACC_GLOBAL_W, x);
  w2->bytes = 128;
  assert_int_equal(st_cache_access(c, w2, 0, NULL), CACHE_HIT_RESERVED);
  assert_int_equal(service_all(c), 2); /* the fetch and y's write-back */
  assert_int_equal(s->write_validates, 2);
  st_cache_destroy(c);

  /* Off (the default): the full-line write fetches. */
  cfg.write_validate = false;
  c = make(cfg);
  w = req(MREQ_WRITE, ACC_GLOBAL_W, x);
  w->bytes = 128;
  assert_int_equal(st_cache_access(c, w, 0, NULL), CACHE_MISS);
  assert_int_equal(service_all(c), 1);
  assert_int_equal(st_cache_get_stats(c)->write_validates, 0);
  st_cache_destroy(c);
}

/* An atomic in a write-back cache is a read that dirties the line. */
static void test_atomic_in_write_back_cache(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.ways = 1;
  cfg.size = 4 * 128;
  st_cache *c = make(cfg);
  assert_int_equal(access_op(c, MREQ_ATOMIC, ACC_ATOMIC, line_addr(0, 0), NULL), CACHE_MISS);
  service_all(c);
  assert_int_equal(access_op(c, MREQ_ATOMIC, ACC_ATOMIC, line_addr(0, 0), NULL), CACHE_HIT);
  warm(c, line_addr(0, 1));
  assert_int_equal(st_cache_get_stats(c)->writebacks, 1);
  st_cache_destroy(c);
}

/* Lines a stride of sets * line apart: a linear index puts them all in set 0
 * of a direct-mapped cache, so re-reading them in order misses every time
 * (each read replaces the line the next one wants); the XOR fold puts line
 * number i * 8 in set (i * 8) mod 8 ^ (i * 8 / 8) mod 8 = i, so all 8 stay
 * and all 8 re-reads hit. */
static void test_hashed_index_spreads_strides(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.sets = 8;
  cfg.ways = 1;
  cfg.size = 8 * 128;
  cfg.mshr_entries = 8;
  for (int hashed = 0; hashed <= 1; hashed++) {
    cfg.index = hashed ? ST_INDEX_HASHED : ST_INDEX_LINEAR;
    st_cache *c = make(cfg);
    for (uint64_t i = 0; i < 8; i++) {
      warm(c, i * 8 * 128);
    }
    int hits = 0;
    for (uint64_t i = 0; i < 8; i++) {
      hits += rd(c, i * 8 * 128) == CACHE_HIT;
    }
    service_all(c);
    assert_int_equal(hits, hashed ? 8 : 0);
    st_cache_destroy(c);
  }
}

/* Invalidation drops every line; a fill whose reservation was dropped still
 * wakes its requests and allocates on fill. */
static void test_invalidate(void **state) {
  (void)state;
  st_cache *c = make(small_cfg());
  warm(c, line_addr(0, 0));
  st_mreq *r = req(MREQ_READ, ACC_GLOBAL_R, line_addr(1, 0));
  assert_int_equal(st_cache_access(c, r, 0, NULL), CACHE_MISS);
  st_cache_invalidate(c);
  assert_int_equal(rd(c, line_addr(0, 0)), CACHE_MISS);
  /* The pending line still merges into its MSHR. */
  assert_int_equal(rd(c, line_addr(1, 0)), CACHE_HIT_RESERVED);
  assert_int_equal(service_all(c), 2);
  assert_int_equal(rd(c, line_addr(1, 0)), CACHE_HIT);
  assert_true(st_cache_quiet(c));
  st_cache_destroy(c);
}

static void test_bad_geometry_is_an_error(void **state) {
  (void)state;
  st_cache_config cfg = small_cfg();
  cfg.sets = 3;
  st_cache *c = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_cache_create(&cfg, "bad", &pool, &c, &err), ST_ERR_CONFIG);
  assert_null(c);
  assert_non_null(strstr(err.msg, "bad"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_hit_miss_hit_reserved, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resfail_mshr_full, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resfail_merge_limit, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resfail_miss_queue, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resfail_no_line, setup, teardown),
      cmocka_unit_test_setup_teardown(test_lru_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_fifo_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_back_eviction, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_back_needs_two_slots, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_through, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_evict, setup, teardown),
      cmocka_unit_test_setup_teardown(test_local_wb_global_wt, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_allocate, setup, teardown),
      cmocka_unit_test_setup_teardown(test_write_validate, setup, teardown),
      cmocka_unit_test_setup_teardown(test_atomic_in_write_back_cache, setup, teardown),
      cmocka_unit_test_setup_teardown(test_hashed_index_spreads_strides, setup, teardown),
      cmocka_unit_test_setup_teardown(test_invalidate, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_geometry_is_an_error, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
