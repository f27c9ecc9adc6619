/* st_subpart: one memory sub-partition (docs/memory-model.md,
 * "Sub-partitions"): the ROP pipeline, an L2 slice, the path to and from the
 * shared DRAM channel, and the reply queue towards the interconnect.
 *
 * One L2 cycle c (= s->now, cycles completed before it; "end of c" is c + 1)
 * runs these stages in order, each moving at most one request, so a request
 * may pass several stages in one cycle when their delays allow:
 *   1. ROP -> L2: the oldest request whose ROP delay (l2.latency) has passed
 *      accesses the L2, if the reply queue has room for whatever it may
 *      answer now. HIT: reads and atomics are answered at once; writes too
 *      (an acknowledgement when wants_reply). MISS / HIT_RESERVED: the L2
 *      keeps reads and atomics until their fill; a write is acknowledged at
 *      once (a new request is the acknowledgement, the write itself goes on
 *      inside the L2). RESFAIL: it retries next cycle.
 *   2. L2 miss queue -> DRAM delay line (dram.latency L2 cycles).
 *   3. DRAM delay line -> the DRAM channel, when its queue has room.
 *   4. One request back from DRAM: a line fetch fills the L2 (and is freed);
 *      a write (write-back, write-through copy, uncached write) is freed; an
 *      uncached read or atomic (L2 disabled, or an atomic the L2 does not
 *      perform) is answered.
 *   5. Requests made ready by fills move to the reply queue (writes among
 *      them were acknowledged already and are freed).
 * With l2.enabled false there is no slice: stage 1 sends every request down
 * the DRAM path (acknowledging writes as it does). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fault.h"
#include "mem/mem.h"

/* Queue depth between stages: GPGPU-Sim's -gpgpu_dram_partition_queues
 * 8:8:8:8 (icnt->L2, L2->DRAM, DRAM->L2, L2->icnt). [gpgpusim] */
#define SUBPART_QUEUE 8

struct st_subpart {
  uint32_t index;
  st_dram *dram;
  st_mreq_pool *pool;
  st_cache *l2;            /* NULL when l2.enabled is false */
  uint64_t latency, dram_latency;
  st_mqueue rop;           /* t_ready = arrival + l2.latency; cap latency + 8 */
  st_mqueue to_dram;       /* t_ready = entry + dram.latency; cap dram.latency + 8 */
  st_mqueue fills;         /* back from DRAM (bounded by what was sent) */
  st_mqueue replies;       /* cap 8 */
  uint64_t now;
  st_cache_stats no_stats; /* all zero, for a sub-partition without L2 */
};

st_status st_subpart_create(const st_config *cfg, uint32_t index, st_dram *dram,
                            st_mreq_pool *pool, st_subpart **out, st_error *err) {
  *out = NULL;
  st_subpart *s = calloc(1, sizeof *s);
  if (s == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "l2.%u: out of memory", index);
  }
  s->index = index;
  s->dram = dram;
  s->pool = pool;
  s->latency = cfg->l2.latency < 0 ? 0u : (uint64_t)cfg->l2.latency;
  s->dram_latency = cfg->dram.latency < 0 ? 0u : (uint64_t)cfg->dram.latency;
  if (cfg->l2.enabled) {
    char name[32];
    snprintf(name, sizeof name, "l2.%u", index);
    st_status rc = st_cache_create(&cfg->l2, name, pool, &s->l2, err);
    if (rc != ST_OK) {
      free(s);
      return rc;
    }
    st_cache_set_slicing(s->l2, (uint64_t)cfg->dram.partition_interleave,
                         (uint64_t)(cfg->dram.channels * cfg->dram.subpartitions));
    st_cache_set_check(s->l2, cfg->sim.check_skips, st_fault_planted("stale-refusal"));
  }
  st_mqueue_init(&s->rop, (uint32_t)(s->latency + SUBPART_QUEUE));
  st_mqueue_init(&s->to_dram, (uint32_t)(s->dram_latency + SUBPART_QUEUE));
  st_mqueue_init(&s->fills, 0);
  st_mqueue_init(&s->replies, SUBPART_QUEUE);
  *out = s;
  return ST_OK;
}

static void free_queue(st_subpart *s, st_mqueue *q) {
  st_mreq *r;
  while ((r = st_mqueue_pop(q)) != NULL) {
    st_mreq_free(s->pool, r);
  }
}

void st_subpart_destroy(st_subpart *s) {
  if (s == NULL) {
    return;
  }
  st_cache_destroy(s->l2);
  free_queue(s, &s->rop);
  free_queue(s, &s->to_dram);
  free_queue(s, &s->fills);
  free_queue(s, &s->replies);
  free(s);
}

bool st_subpart_can_accept(const st_subpart *s) { return !st_mqueue_full(&s->rop); }

void st_subpart_push(st_subpart *s, st_mreq *r) {
  r->t_ready = s->now + s->latency;
  st_mqueue_push(&s->rop, r);
}

static bool is_write(const st_mreq *r) { return r->op == MREQ_WRITE || r->op == MREQ_WRITEBACK; }

/* The acknowledgement of write w, a new request. NULL on host OOM. */
static st_mreq *make_ack(st_subpart *s, const st_mreq *w) {
  st_mreq *a = st_mreq_alloc(s->pool);
  if (a != NULL) {
    uint64_t id = a->id;
    *a = *w;
    a->id = id;
    a->next = NULL;
    a->op = MREQ_WRITE;
  }
  return a;
}

/* Puts r back at the head of q (it was popped from there). */
static void unpop(st_mqueue *q, st_mreq *r) {
  r->next = q->head;
  q->head = r;
  if (q->tail == NULL) {
    q->tail = r;
  }
  q->len++;
}

/* Stage 1. end = c + 1. */
static void rop_to_l2(st_subpart *s, uint64_t end) {
  st_mreq *r = st_mqueue_peek(&s->rop);
  if (r == NULL || r->t_ready > end || (r->wants_reply && st_mqueue_full(&s->replies))) {
    return;
  }
  const bool acked_write = is_write(r) && r->wants_reply;
  st_mreq *ack = NULL;
  if (s->l2 == NULL) {
    if (st_mqueue_full(&s->to_dram)) {
      return;
    }
    if (acked_write && (ack = make_ack(s, r)) == NULL) {
      return; /* host memory ran out: retry */
    }
    st_mqueue_pop(&s->rop);
    if (ack != NULL) {
      ack->t_ready = end;
      st_mqueue_push(&s->replies, ack);
    }
    r->t_ready = end + s->dram_latency;
    r->subpart = s->index;
    st_mqueue_push(&s->to_dram, r);
    return;
  }
  if (acked_write && (ack = make_ack(s, r)) == NULL) {
    return;
  }
  /* Off the queue before the access: the cache links what it keeps through
   * r->next. */
  st_mqueue_pop(&s->rop);
  st_resfail why;
  st_cache_outcome o = st_cache_access(s->l2, r, end, &why);
  if (o == CACHE_RESFAIL) {
    st_mreq_free(s->pool, ack);
    unpop(&s->rop, r);
    return;
  }
  if (o == CACHE_HIT) {
    st_mreq_free(s->pool, ack); /* r itself answers, or is done */
    if (r->wants_reply) {
      r->t_ready = end;
      st_mqueue_push(&s->replies, r);
    } else {
      st_mreq_free(s->pool, r);
    }
  } else if (ack != NULL) {
    ack->t_ready = end;
    st_mqueue_push(&s->replies, ack);
  }
}

/* Stages 2 and 3. */
static void l2_to_dram(st_subpart *s, uint64_t end) {
  if (s->l2 != NULL && st_cache_peek_miss(s->l2) != NULL && !st_mqueue_full(&s->to_dram)) {
    st_mreq *m = st_cache_pop_miss(s->l2);
    m->t_ready = end + s->dram_latency;
    m->subpart = s->index;
    st_mqueue_push(&s->to_dram, m);
  }
  st_mreq *r = st_mqueue_peek(&s->to_dram);
  if (r != NULL && r->t_ready <= end && st_dram_can_accept(s->dram)) {
    st_dram_push(s->dram, st_mqueue_pop(&s->to_dram));
  }
}

/* Stage 4. */
static void dram_to_l2(st_subpart *s, uint64_t end) {
  st_mreq *r = st_mqueue_peek(&s->fills);
  if (r == NULL) {
    return;
  }
  if (s->l2 != NULL && r->op == MREQ_READ) {
    st_mqueue_pop(&s->fills);
    st_cache_fill(s->l2, r->addr, end);
    st_mreq_free(s->pool, r);
  } else if (is_write(r)) {
    st_mqueue_pop(&s->fills);
    st_mreq_free(s->pool, r);
  } else if (!st_mqueue_full(&s->replies)) {
    st_mqueue_pop(&s->fills);
    r->t_ready = end;
    st_mqueue_push(&s->replies, r);
  }
}

/* Stage 5. */
static void ready_to_replies(st_subpart *s, uint64_t end) {
  if (s->l2 == NULL) {
    return;
  }
  while (!st_mqueue_full(&s->replies)) {
    st_mreq *r = st_cache_pop_ready(s->l2);
    if (r == NULL) {
      return;
    }
    if (is_write(r) || !r->wants_reply) {
      st_mreq_free(s->pool, r);
      continue;
    }
    r->t_ready = end;
    st_mqueue_push(&s->replies, r);
  }
}

void st_subpart_cycle(st_subpart *s) {
  const uint64_t end = s->now + 1;
  rop_to_l2(s, end);
  l2_to_dram(s, end);
  dram_to_l2(s, end);
  ready_to_replies(s, end);
  s->now = end;
}

st_mreq *st_subpart_peek_reply(const st_subpart *s) { return st_mqueue_peek(&s->replies); }

st_mreq *st_subpart_pop_reply(st_subpart *s) { return st_mqueue_pop(&s->replies); }

void st_subpart_dram_done(st_subpart *s, st_mreq *r) { st_mqueue_push(&s->fills, r); }

bool st_subpart_quiet(const st_subpart *s) {
  return st_mqueue_empty(&s->rop) && st_mqueue_empty(&s->to_dram) &&
         st_mqueue_empty(&s->fills) && st_mqueue_empty(&s->replies) &&
         (s->l2 == NULL || st_cache_quiet(s->l2));
}

const char *st_subpart_check_failure(const st_subpart *s) {
  return st_cache_check_failure(s->l2);
}

const st_cache_stats *st_subpart_l2_stats(const st_subpart *s) {
  return s->l2 != NULL ? st_cache_get_stats(s->l2) : &s->no_stats;
}
