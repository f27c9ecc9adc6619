/* st_cache: the one cache model used for L1I, L1D, the constant cache and
 * every L2 slice (docs/memory-model.md, "Caches").
 *
 * Accesses never wait inside the cache: an access either completes at once
 * (HIT), parks the request in an MSHR (HIT_RESERVED, MISS of an allocating
 * access), sends it down (MISS of a non-allocating write), or changes nothing
 * (RESFAIL). Every resource an outcome needs is checked before anything
 * changes, so RESFAIL has no side effect except its statistics.
 *
 * Requests the cache sends down (st_cache_pop_miss):
 *   - line fetches: a new request, op READ, addr = line address, bytes = line
 *     size, wants_reply = 1, l1_bypass = 0, cookie = NULL, other fields from
 *     the first missing request. The receiver answers it; the owner of the
 *     cache calls st_cache_fill(addr) and frees it.
 *   - write-through and write-evict copies of write hits: a new request, a
 *     field-for-field copy of the write (cookie and wants_reply included)
 *     with a fresh id. The write is acknowledged through the copy.
 *   - non-allocating writes and atomics that are not cached: the request
 *     itself.
 *   - write-backs of dirty victims: a new request, op MREQ_WRITEBACK, kind
 *     ACC_WRITEBACK, addr = victim line, bytes = line size, wants_reply = 0,
 *     requester fields from the access that evicted it (so `subpart` must be
 *     recomputed with st_addrmap by a cache whose victims map elsewhere).
 * No timing state lives here: the replacement order uses a use counter, so
 * an idle cache is the same at any later time. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/cache_internal.h"

typedef enum eff_write { EFF_WB, EFF_WT, EFF_WE } eff_write;

static bool is_pow2_u64(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

static uint32_t log2_u64(uint64_t v) {
  uint32_t n = 0;
  while (v > 1) {
    v >>= 1;
    n++;
  }
  return n;
}

st_status st_cache_create(const st_cache_config *cfg, const char *name, st_mreq_pool *pool,
                          st_cache **out, st_error *err) {
  *out = NULL;
  int64_t sets = cfg->sets;
  if (sets == 0 && cfg->ways > 0 && cfg->line > 0) {
    sets = cfg->size / (cfg->ways * cfg->line);
  }
  if (!is_pow2_u64((uint64_t)cfg->line) || !is_pow2_u64((uint64_t)sets) || cfg->ways < 1 ||
      cfg->ways > 65536 || sets > (INT64_C(1) << 24) || cfg->mshr_entries < 1 ||
      cfg->mshr_entries > (INT64_C(1) << 20) || cfg->mshr_merge < 1 || cfg->miss_queue < 1 ||
      cfg->miss_queue > (INT64_C(1) << 20)) {
    return st_error_set(err, ST_ERR_CONFIG,
                        "cache %s: bad geometry (sets %lld, ways %lld, line %lld, mshr %lld:%lld, "
                        "miss queue %lld)",
                        name, (long long)sets, (long long)cfg->ways, (long long)cfg->line,
                        (long long)cfg->mshr_entries, (long long)cfg->mshr_merge,
                        (long long)cfg->miss_queue);
  }
  st_cache *c = calloc(1, sizeof *c);
  if (c == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "cache %s: out of memory", name);
  }
  snprintf(c->name, sizeof c->name, "%s", name);
  c->pool = pool;
  c->replacement = cfg->replacement;
  c->write_policy = cfg->write_policy;
  c->index = cfg->index;
  c->write_allocate = cfg->write_allocate;
  c->write_validate = cfg->write_validate;
  c->sets = (uint32_t)sets;
  c->ways = (uint32_t)cfg->ways;
  c->mshr_merge = cfg->mshr_merge > UINT32_MAX ? UINT32_MAX : (uint32_t)cfg->mshr_merge;
  c->line_bytes = (uint64_t)cfg->line;
  c->slice_chunk_lines = 1;
  c->slices = 1;
  c->line_log2 = log2_u64((uint64_t)cfg->line);
  c->set_log2 = log2_u64((uint64_t)sets);
  c->mshr_entries = (uint32_t)cfg->mshr_entries;
  c->lines = calloc((size_t)c->sets * c->ways, sizeof *c->lines);
  if (c->lines == NULL || !cache_mshr_init(c)) {
    st_cache_destroy(c);
    return st_error_set(err, ST_ERR_NOMEM, "cache %s: out of memory", name);
  }
  st_mqueue_init(&c->miss_q, (uint32_t)cfg->miss_queue);
  st_mqueue_init(&c->ready_q, 0);
  *out = c;
  return ST_OK;
}

/* Frees every request still held (MSHR lists, queues) back to the pool. */
static void drain_queue(st_cache *c, st_mqueue *q) {
  st_mreq *r;
  while ((r = st_mqueue_pop(q)) != NULL) {
    st_mreq_free(c->pool, r);
  }
}

void st_cache_set_slicing(st_cache *c, uint64_t chunk_bytes, uint64_t slices) {
  c->slice_chunk_lines = chunk_bytes >= c->line_bytes ? chunk_bytes / c->line_bytes : 1;
  c->slices = slices > 0 ? slices : 1;
}

void st_cache_destroy(st_cache *c) {
  if (c == NULL) {
    return;
  }
  if (c->mshr != NULL) {
    for (uint32_t e = 0; e < c->mshr_entries; e++) {
      st_mreq *r = c->mshr[e].head;
      while (r != NULL) {
        st_mreq *next = r->next;
        st_mreq_free(c->pool, r);
        r = next;
      }
    }
  }
  drain_queue(c, &c->miss_q);
  drain_queue(c, &c->ready_q);
  cache_mshr_free_all(c);
  free(c->lines);
  free(c);
}

/* ---- policy helpers ---- */

static eff_write effective_write(const st_cache *c, const st_mreq *r) {
  switch (c->write_policy) {
  case ST_WRITE_BACK:
    return EFF_WB;
  case ST_WRITE_THROUGH:
    return EFF_WT;
  case ST_WRITE_EVICT:
    return EFF_WE;
  default: /* ST_WRITE_LOCAL_WB_GLOBAL_WT */
    return r->kind == ACC_LOCAL_W ? EFF_WB : EFF_WT;
  }
}

/* Whether a write miss of r allocates a line. Global writes under
 * local_wb_global_wt never do; write-evict never does. */
static bool write_allocates(const st_cache *c, const st_mreq *r) {
  if (c->write_policy == ST_WRITE_LOCAL_WB_GLOBAL_WT && r->kind != ACC_LOCAL_W) {
    return false;
  }
  return c->write_allocate && effective_write(c, r) != EFF_WE;
}

static bool miss_room(const st_cache *c, uint32_t n) {
  return c->miss_q.len + n <= c->miss_q.cap;
}

static void touch(st_cache *c, cache_line *l) {
  if (c->replacement == ST_REPL_LRU) {
    l->stamp = ++c->stamp;
  }
}

/* A copy of r for the lower level: every field, a fresh id. NULL on OOM. */
static st_mreq *copy_down(st_cache *c, const st_mreq *r) {
  st_mreq *d = st_mreq_alloc(c->pool);
  if (d != NULL) {
    uint64_t id = d->id;
    *d = *r;
    d->id = id;
    d->next = NULL;
  }
  return d;
}

/* ---- the L1D policy role (mem/cache_policy.h) ---- */

/* The way of set `set` that line l is. */
static int32_t way_of(const st_cache *c, uint32_t set, const cache_line *l) {
  return (int32_t)(l - &c->lines[(uint64_t)set * c->ways]);
}

/* The victim: the policy's, checked against the cache's rule (reserved ways,
 * and dirty ones with clean_only, are never victims), else the cache's own. */
static int32_t pick_victim(const st_cache *c, uint32_t set, const st_mreq *r, bool clean_only) {
  if (c->pol == NULL || c->pol->victim == NULL) {
    return cache_pick_victim(c, set, clean_only);
  }
  int32_t v = c->pol->victim(c->pol_ctx, c, set, r, clean_only);
  if (v < 0 || (uint32_t)v >= c->ways) {
    return -1;
  }
  const cache_line *l = &c->lines[(uint64_t)set * c->ways + (uint32_t)v];
  if (l->state == LINE_RESERVED || (clean_only && l->state == LINE_VALID && l->dirty)) {
    return -1;
  }
  return v;
}

/* A valid line of `set` leaves way l: the policy trains on it. */
static void line_leaves(st_cache *c, uint32_t set, cache_line *l) {
  if (c->pol != NULL && l->state == LINE_VALID) {
    c->pol->evict(c->pol_ctx, c, set, way_of(c, set, l), l->meta);
  }
  l->meta = 0;
}

static void line_hit(st_cache *c, uint32_t set, cache_line *l, const st_mreq *r) {
  if (c->pol != NULL) {
    c->pol->hit(c->pol_ctx, c, set, way_of(c, set, l), r, &l->meta);
  }
}

static void line_merge(st_cache *c, uint32_t set, uint64_t line, const st_mreq *r) {
  if (c->pol != NULL && c->pol->merge != NULL) {
    int32_t way = cache_find_way(c, set, line);
    c->pol->merge(c->pol_ctx, c, set, way, r,
                  way >= 0 ? &cache_line_at(c, set, way)->meta : NULL);
  }
}

/* ---- misses ---- */

static st_cache_outcome fail(st_resfail reason, st_resfail *why) {
  *why = reason;
  return CACHE_RESFAIL;
}

/* Fills wb (fresh from the pool) as the write-back of the dirty victim vl,
 * requester fields from `fields`, and queues it (the caller checked room). */
static void queue_writeback(st_cache *c, st_mreq *wb, const st_mreq *fields,
                            const cache_line *vl) {
  uint64_t wb_id = wb->id;
  *wb = *fields;
  wb->id = wb_id;
  wb->next = NULL;
  wb->op = MREQ_WRITEBACK;
  wb->kind = ACC_WRITEBACK;
  wb->addr = vl->tag << c->line_log2;
  wb->bytes = (uint32_t)c->line_bytes;
  wb->wants_reply = 0;
  wb->l1_bypass = 0;
  wb->cookie = NULL;
  st_mqueue_push(&c->miss_q, wb);
  c->stats.writebacks++;
}

/* Makes way l the line `line` in `state` (RESERVED or VALID), counting the
 * eviction of a valid line it replaces; a fresh LRU/FIFO stamp. */
static void take_line(st_cache *c, uint32_t set, cache_line *l, uint64_t line, uint8_t state,
                      bool dirty, const st_mreq *r) {
  const bool replaced = l->state == LINE_VALID;
  const uint32_t old_meta = replaced ? l->meta : 0;
  if (replaced) {
    c->stats.evictions++;
  }
  line_leaves(c, set, l);
  l->state = state;
  l->tag = line;
  l->dirty = dirty;
  l->stamp = ++c->stamp;
  if (c->pol != NULL) {
    c->pol->insert(c->pol_ctx, c, set, way_of(c, set, l), r, replaced, old_meta, &l->meta);
  }
}

/* Reserves a line, an MSHR and miss-queue slots for a missing line, queues
 * the fetch (and the victim's write-back), parks req (if not NULL) in the
 * MSHR. extra_slots: further miss-queue slots the caller will use. */
static st_cache_outcome miss_allocate(st_cache *c, st_mreq *req, const st_mreq *fields,
                                      uint32_t set, uint64_t line, bool make_dirty,
                                      uint32_t extra_slots, st_resfail *why) {
  if (c->mshr_used >= c->mshr_entries && (c->pol == NULL || c->pol->victim == NULL)) {
    /* Refused either way; which reason is told by whether the set has a line to
     * give (the least recently used one need not be found: the default choice
     * has no side effect). A policy's own choice is asked for as below. */
    return fail(cache_has_victim(c, set) ? RESFAIL_MSHR_FULL : RESFAIL_NO_LINE, why);
  }
  int32_t v = pick_victim(c, set, fields, false);
  if (v < 0) {
    return fail(RESFAIL_NO_LINE, why);
  }
  if (c->mshr_used >= c->mshr_entries) {
    return fail(RESFAIL_MSHR_FULL, why);
  }
  cache_line *vl = cache_line_at(c, set, v);
  bool dirty_victim = vl->state == LINE_VALID && vl->dirty;
  if (!miss_room(c, 1u + (dirty_victim ? 1u : 0u) + extra_slots)) {
    return fail(RESFAIL_MISS_QUEUE, why);
  }
  st_mreq *fetch = st_mreq_alloc(c->pool);
  st_mreq *wb = dirty_victim ? st_mreq_alloc(c->pool) : NULL;
  if (fetch == NULL || (dirty_victim && wb == NULL)) {
    st_mreq_free(c->pool, fetch); /* host memory ran out: treated as no room */
    st_mreq_free(c->pool, wb);
    return fail(RESFAIL_MISS_QUEUE, why);
  }
  uint64_t fetch_id = fetch->id;
  *fetch = *fields;
  fetch->id = fetch_id;
  fetch->next = NULL;
  fetch->op = MREQ_READ;
  fetch->addr = line << c->line_log2;
  fetch->bytes = (uint32_t)c->line_bytes;
  fetch->wants_reply = 1;
  fetch->l1_bypass = 0;
  fetch->cookie = NULL;
  st_mqueue_push(&c->miss_q, fetch);

  if (dirty_victim) {
    queue_writeback(c, wb, fields, vl);
  }
  take_line(c, set, vl, line, LINE_RESERVED, false, fields);

  int32_t e = cache_mshr_open(c, line);
  c->mshr[e].dirty_on_fill = make_dirty;
  if (req != NULL) {
    cache_mshr_add(c, e, req);
  }
  return CACHE_MISS;
}

/* Reads, and atomics in a write-back cache (make_dirty: the atomic modifies
 * the line). */
static st_cache_outcome read_access(st_cache *c, st_mreq *req, uint32_t set, int32_t way,
                                    uint64_t line, bool make_dirty, st_resfail *why) {
  if (way >= 0 && cache_line_at(c, set, way)->state == LINE_VALID) {
    cache_line *l = cache_line_at(c, set, way);
    touch(c, l);
    if (make_dirty) {
      l->dirty = 1;
    }
    line_hit(c, set, l, req);
    return CACHE_HIT;
  }
  int32_t e = cache_mshr_find(c, line);
  if (e != MSHR_NONE) {
    if (c->mshr[e].count >= c->mshr_merge) {
      return fail(RESFAIL_MERGE_FULL, why);
    }
    cache_mshr_add(c, e, req);
    if (make_dirty) {
      c->mshr[e].dirty_on_fill = 1;
    }
    line_merge(c, set, line, req);
    return CACHE_HIT_RESERVED;
  }
  if (c->pol != NULL && c->pol->bypass != NULL && req->op == MREQ_READ &&
      c->pol->bypass(c->pol_ctx, c, set, req)) {
    /* a true miss the policy bypasses: the read itself goes down */
    if (!miss_room(c, 1)) {
      return fail(RESFAIL_MISS_QUEUE, why);
    }
    req->l1_bypass = 1;
    st_mqueue_push(&c->miss_q, req);
    c->stats.bypasses++;
    if (c->pol->bypassed != NULL) {
      c->pol->bypassed(c->pol_ctx, c, set, req);
    }
    return CACHE_MISS;
  }
  return miss_allocate(c, req, req, set, line, make_dirty, 0, why);
}

/* Sends req itself down (non-allocating write, uncached atomic). */
static st_cache_outcome send_down(st_cache *c, st_mreq *req, st_resfail *why) {
  if (!miss_room(c, 1)) {
    return fail(RESFAIL_MISS_QUEUE, why);
  }
  st_mqueue_push(&c->miss_q, req);
  return CACHE_MISS;
}

/* write_validate: a write-back write miss that covers the whole line takes a
 * victim and becomes the line, valid and dirty, with no fetch; the write is
 * done at once (the caller sees a hit, the statistics a miss: the tags
 * missed). A dirty victim's write-back needs a miss-queue slot. */
static st_cache_outcome write_validate(st_cache *c, uint32_t set, uint64_t line,
                                       const st_mreq *fields, st_resfail *why) {
  int32_t v = pick_victim(c, set, fields, false);
  if (v < 0) {
    return fail(RESFAIL_NO_LINE, why);
  }
  cache_line *vl = cache_line_at(c, set, v);
  bool dirty_victim = vl->state == LINE_VALID && vl->dirty;
  if (dirty_victim) {
    if (!miss_room(c, 1)) {
      return fail(RESFAIL_MISS_QUEUE, why);
    }
    st_mreq *wb = st_mreq_alloc(c->pool);
    if (wb == NULL) {
      return fail(RESFAIL_MISS_QUEUE, why);
    }
    queue_writeback(c, wb, fields, vl);
  }
  take_line(c, set, vl, line, LINE_VALID, true, fields);
  c->stats.write_validates++;
  c->validated = true;
  return CACHE_HIT;
}

static st_cache_outcome write_access(st_cache *c, st_mreq *req, uint32_t set, int32_t way,
                                     uint64_t line, st_resfail *why) {
  const eff_write pol = effective_write(c, req);
  if (way >= 0 && cache_line_at(c, set, way)->state == LINE_VALID) {
    cache_line *l = cache_line_at(c, set, way);
    if (pol == EFF_WB) {
      touch(c, l);
      l->dirty = 1;
      line_hit(c, set, l, req);
      return CACHE_HIT;
    }
    if (!miss_room(c, 1)) {
      return fail(RESFAIL_MISS_QUEUE, why);
    }
    st_mreq *copy = copy_down(c, req);
    if (copy == NULL) {
      return fail(RESFAIL_MISS_QUEUE, why);
    }
    st_mqueue_push(&c->miss_q, copy);
    line_hit(c, set, l, req);
    if (pol == EFF_WT) {
      touch(c, l);
    } else { /* write-evict: the line goes, the data goes down */
      line_leaves(c, set, l);
      l->state = LINE_INVALID;
      l->dirty = 0;
    }
    return CACHE_HIT;
  }
  if (!write_allocates(c, req)) {
    return send_down(c, req, why);
  }
  int32_t e = cache_mshr_find(c, line);
  if (pol == EFF_WB && e == MSHR_NONE && c->write_validate && req->bytes >= c->line_bytes &&
      (req->addr & (c->line_bytes - 1)) == 0) {
    return write_validate(c, set, line, req, why);
  }
  if (pol == EFF_WB) { /* fetch on write; the write waits for the line */
    if (e != MSHR_NONE) {
      if (c->mshr[e].count >= c->mshr_merge) {
        return fail(RESFAIL_MERGE_FULL, why);
      }
      cache_mshr_add(c, e, req);
      c->mshr[e].dirty_on_fill = 1;
      line_merge(c, set, line, req);
      return CACHE_HIT_RESERVED;
    }
    return miss_allocate(c, req, req, set, line, true, 0, why);
  }
  /* write-through with write-allocate: the write goes down now, the line is
   * fetched (clean) unless a fetch is already pending. */
  if (e != MSHR_NONE) {
    return send_down(c, req, why);
  }
  st_cache_outcome o = miss_allocate(c, NULL, req, set, line, false, 1, why);
  if (o == CACHE_MISS) {
    st_mqueue_push(&c->miss_q, req); /* the slot was reserved by extra_slots */
  }
  return o;
}

/* An atomic in a cache that is not write-back: the line (if present) is
 * invalidated and the atomic goes down to be performed below. */
static st_cache_outcome uncached_atomic(st_cache *c, st_mreq *req, uint32_t set, int32_t way,
                                        st_resfail *why) {
  if (!miss_room(c, 1)) {
    return fail(RESFAIL_MISS_QUEUE, why);
  }
  if (way >= 0 && cache_line_at(c, set, way)->state == LINE_VALID) {
    cache_line *l = cache_line_at(c, set, way);
    line_leaves(c, set, l);
    l->state = LINE_INVALID;
    l->dirty = 0;
  }
  return send_down(c, req, why);
}

/* The access itself: the lookup, the outcome's bookkeeping, and a refusal
 * remembered. */
static st_cache_outcome access_in_full(st_cache *c, st_mreq *req, uint64_t line,
                                       st_resfail *why) {
  unsigned kind = req->kind < ACC_KINDS ? req->kind : ACC_GLOBAL_R;
  const uint32_t set = cache_set_of(c, line);
  const int32_t way = cache_find_way(c, set, line);
  st_cache_outcome o;
  c->validated = false;
  switch (req->op) {
  case MREQ_WRITE:
  case MREQ_WRITEBACK:
    o = write_access(c, req, set, way, line, why);
    break;
  case MREQ_ATOMIC:
    o = effective_write(c, req) == EFF_WB ? read_access(c, req, set, way, line, true, why)
                                          : uncached_atomic(c, req, set, way, why);
    break;
  default:
    o = read_access(c, req, set, way, line, false, why);
    break;
  }
  c->stats.outcome[kind][c->validated ? CACHE_MISS : o]++;
  if (o != CACHE_RESFAIL && req->crit) {
    c->stats.crit_accesses++;
    c->stats.crit_hits += o == CACHE_HIT && !c->validated;
  }
  if (o == CACHE_RESFAIL) {
    c->stats.resfail[*why]++;
    c->refused.valid = true;
    c->refused.version = c->version;
    c->refused.line = line;
    c->refused.op = req->op;
    c->refused.kind = req->kind;
    c->refused.why = (uint8_t)*why;
    c->refused.pc = req->pc;
    c->refused.warp = req->warp;
    c->refused.crit = req->crit;
  } else {
    c->version++;
  }
  return o;
}

/* sim.check_skips: the memo would refuse req; the access is made in full
 * anyway and must be refused for the same reason, changing nothing. */
static st_cache_outcome checked_refusal(st_cache *c, st_mreq *req, uint64_t now,
                                        st_resfail *why) {
  (void)now;
  const uint64_t line = req->addr >> c->line_log2;
  uint64_t version_before = c->version;
  st_resfail memo_why = (st_resfail)c->refused.why;
  st_cache_outcome o = access_in_full(c, req, line, why);
  if (c->check_msg[0] == '\0' &&
      (o != CACHE_RESFAIL || *why != memo_why || c->version != version_before)) {
    snprintf(c->check_msg, sizeof c->check_msg,
             "cache %s: the refusal memo answered a repeated request to line %#" PRIx64
             " 'refused (%d)', but made in full it is %s (outcome %d, reason %d)",
             c->name, line, (int)memo_why,
             o != CACHE_RESFAIL ? "not refused" : "refused otherwise or it changed the cache",
             (int)o, (int)*why);
  }
  return o;
}

/* The remembered refusal answers req: the same request, nothing changed
 * since (or the planted fault's stale memo). */
static bool memo_refuses(const st_cache *c, const st_mreq *req, uint64_t line) {
  return c->refused.valid && (c->refused.version == c->version || c->fault_stale) &&
         c->refused.line == line && c->refused.op == req->op && c->refused.kind == req->kind &&
         (c->pol == NULL || (c->refused.pc == req->pc && c->refused.warp == req->warp &&
                             c->refused.crit == req->crit));
}

void st_cache_refusal_counters(st_cache *c, const st_mreq *req, uint64_t *ctr[2]) {
  unsigned kind = req->kind < ACC_KINDS ? req->kind : ACC_GLOBAL_R;
  ctr[0] = &c->stats.outcome[kind][CACHE_RESFAIL];
  ctr[1] = &c->stats.resfail[c->refused.why];
}

bool st_cache_would_refuse(const st_cache *c, const st_mreq *req) {
  return memo_refuses(c, req, req->addr >> c->line_log2);
}

void st_cache_count_refusals(st_cache *c, const st_mreq *req, uint64_t n, st_cache_stats *into) {
  unsigned kind = req->kind < ACC_KINDS ? req->kind : ACC_GLOBAL_R;
  st_cache_stats *st = into != NULL ? into : &c->stats;
  st->outcome[kind][CACHE_RESFAIL] += n;
  st->resfail[c->refused.why] += n;
}

st_cache_outcome st_cache_access(st_cache *c, st_mreq *req, uint64_t now, st_resfail *why) {
  (void)now; /* no timing state: see the file comment */
  st_resfail dummy;
  if (why == NULL) {
    why = &dummy;
  }
  *why = RESFAIL_NONE;
  const uint64_t line = req->addr >> c->line_log2;
  unsigned kind = req->kind < ACC_KINDS ? req->kind : ACC_GLOBAL_R;
  if (memo_refuses(c, req, line)) {
    if (__builtin_expect(c->check, 0)) {
      return checked_refusal(c, req, now, why);
    }
    /* Refused again: the same request, nothing changed since. */
    *why = (st_resfail)c->refused.why;
    c->stats.outcome[kind][CACHE_RESFAIL]++;
    c->stats.resfail[*why]++;
    return CACHE_RESFAIL;
  }
  return access_in_full(c, req, line, why);
}

void st_cache_set_check(st_cache *c, bool check, bool fault_stale) {
  c->check = check;
  c->fault_stale = fault_stale;
}

const char *st_cache_check_failure(const st_cache *c) {
  return c != NULL && c->check_msg[0] != '\0' ? c->check_msg : NULL;
}

st_mreq *st_cache_peek_miss(const st_cache *c) { return st_mqueue_peek(&c->miss_q); }

st_mreq *st_cache_pop_miss(st_cache *c) {
  st_mreq *r = st_mqueue_pop(&c->miss_q);
  c->version += r != NULL; /* the miss queue has room again */
  return r;
}

void st_cache_fill(st_cache *c, uint64_t addr, uint64_t now) {
  const uint64_t line = addr >> c->line_log2;
  int32_t e = cache_mshr_find(c, line);
  if (e == MSHR_NONE) {
    return; /* nothing waits for this line */
  }
  c->stats.fills++;
  c->version++;
  const uint32_t set = cache_set_of(c, line);
  int32_t way = cache_find_way(c, set, line);
  cache_line *l = NULL;
  if (way >= 0) {
    l = cache_line_at(c, set, way);
    l->state = LINE_VALID;
    touch(c, l);
  } else {
    /* The reservation was lost (st_cache_invalidate): allocate on fill, but
     * only over an invalid or clean line, since a fill cannot be refused for
     * lack of miss-queue room. */
    way = pick_victim(c, set, c->mshr[e].head, true);
    if (way >= 0) {
      l = cache_line_at(c, set, way);
      take_line(c, set, l, line, LINE_VALID, false, c->mshr[e].head);
    }
  }
  if (l != NULL && c->mshr[e].dirty_on_fill) {
    l->dirty = 1;
  }
  st_mreq *r = c->mshr[e].head;
  while (r != NULL) {
    st_mreq *next = r->next;
    r->t_ready = now;
    st_mqueue_push(&c->ready_q, r);
    r = next;
  }
  cache_mshr_close(c, e);
}

st_mreq *st_cache_pop_ready(st_cache *c) { return st_mqueue_pop(&c->ready_q); }

void st_cache_invalidate(st_cache *c) {
  c->version++;
  const uint64_t n = (uint64_t)c->sets * c->ways;
  for (uint64_t i = 0; i < n; i++) {
    line_leaves(c, (uint32_t)(i / c->ways), &c->lines[i]);
    c->lines[i].state = LINE_INVALID;
    c->lines[i].dirty = 0;
  }
}

bool st_cache_quiet(const st_cache *c) {
  return c->mshr_used == 0 && st_mqueue_empty(&c->miss_q) && st_mqueue_empty(&c->ready_q);
}

const st_cache_stats *st_cache_get_stats(const st_cache *c) { return &c->stats; }

uint64_t st_cache_line_size(const st_cache *c) { return c->line_bytes; }

uint64_t st_cache_line_of(const st_cache *c, uint64_t addr) {
  return addr >> c->line_log2 << c->line_log2;
}

/* ---- the L1D policy role's accessors (mem/cache_policy.h) ---- */

void st_cache_set_policy(st_cache *c, const st_cache_policy_ops *ops, void *ctx) {
  c->pol = ops;
  c->pol_ctx = ops != NULL ? ctx : NULL;
  c->refused.valid = false;
  c->version++;
}

uint32_t st_cache_ways(const st_cache *c) { return c->ways; }

uint32_t st_cache_sets(const st_cache *c) { return c->sets; }

st_cache_way_state st_cache_way(const st_cache *c, uint32_t set, int32_t way) {
  const cache_line *l = &c->lines[(uint64_t)set * c->ways + (uint32_t)way];
  return l->state == LINE_VALID      ? ST_WAY_VALID
         : l->state == LINE_RESERVED ? ST_WAY_RESERVED
                                     : ST_WAY_INVALID;
}

bool st_cache_way_dirty(const st_cache *c, uint32_t set, int32_t way) {
  return c->lines[(uint64_t)set * c->ways + (uint32_t)way].dirty != 0;
}

uint32_t *st_cache_meta(st_cache *c, uint32_t set, int32_t way) {
  return &c->lines[(uint64_t)set * c->ways + (uint32_t)way].meta;
}

uint32_t st_cache_meta_of(const st_cache *c, uint32_t set, int32_t way) {
  return c->lines[(uint64_t)set * c->ways + (uint32_t)way].meta;
}
