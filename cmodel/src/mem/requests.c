/* Memory requests: the request pool (no malloc on the hot path once warm)
 * and the bounded FIFO used between every pair of memory components. */
#include <stdlib.h>
#include <string.h>

#include "mem/mem.h"

/* Requests per chunk: one malloc serves this many allocations. */
#define MREQ_CHUNK 256

void st_mreq_pool_init(st_mreq_pool *p) {
  memset(p, 0, sizeof *p);
}

void st_mreq_pool_destroy(st_mreq_pool *p) {
  for (uint32_t i = 0; i < p->n_chunks; i++) {
    free(p->chunks[i]);
  }
  free(p->chunks);
  memset(p, 0, sizeof *p);
}

/* Adds one chunk of requests to the free list; false when host memory ran out. */
static bool pool_grow(st_mreq_pool *p) {
  st_mreq **chunks = realloc(p->chunks, (p->n_chunks + 1) * sizeof *chunks);
  if (chunks == NULL) {
    return false;
  }
  p->chunks = chunks;
  st_mreq *c = malloc(MREQ_CHUNK * sizeof *c);
  if (c == NULL) {
    return false;
  }
  p->chunks[p->n_chunks++] = c;
  /* Pushed in reverse so the chunk is handed out in address order (cosmetic:
   * ordering never depends on addresses, ids give it). */
  for (uint32_t i = MREQ_CHUNK; i-- > 0;) {
    c[i].next = p->free_list;
    p->free_list = &c[i];
  }
  p->n_free += MREQ_CHUNK;
  return true;
}

static _Thread_local st_mreq_redirect *redirect;

static st_mreq *pool_take(st_mreq_pool *p) {
  if (p->free_list == NULL && !pool_grow(p)) {
    return NULL;
  }
  st_mreq *r = p->free_list;
  p->free_list = r->next;
  p->n_free--;
  memset(r, 0, sizeof *r);
  p->live++;
  return r;
}

st_mreq *st_mreq_alloc(st_mreq_pool *p) {
  st_mreq_redirect *d = redirect;
  if (d == NULL) {
    st_mreq *r = pool_take(p);
    if (r != NULL) {
      r->id = p->next_id++;
    }
    return r;
  }
  st_mreq_log *log = d->log;
  if (log->n == log->cap) {
    uint32_t cap = log->cap ? log->cap * 2 : 64;
    struct st_mreq_log_entry *e = realloc(log->e, cap * sizeof *e);
    if (e == NULL) {
      return NULL;
    }
    log->e = e;
    log->cap = cap;
  }
  st_mreq *r = pool_take(&d->pool);
  if (r != NULL) {
    r->id = d->next_tag++;
    log->e[log->n].r = r;
    log->e[log->n].tag = r->id;
    log->n++;
  }
  return r;
}

void st_mreq_free(st_mreq_pool *p, st_mreq *r) {
  if (r == NULL) {
    return;
  }
  if (redirect != NULL) {
    p = &redirect->pool;
  }
  r->next = p->free_list;
  p->free_list = r;
  p->n_free++;
  p->live--;
}

void st_mreq_redirect_init(st_mreq_redirect *d, uint32_t worker) {
  memset(d, 0, sizeof *d);
  st_mreq_pool_init(&d->pool);
  d->next_tag = UINT64_C(1) << 63 | (uint64_t)worker << 40;
}

void st_mreq_redirect_destroy(st_mreq_redirect *d) { st_mreq_pool_destroy(&d->pool); }

void st_mreq_redirect_set(st_mreq_redirect *d) { redirect = d; }

void st_mreq_log_number(st_mreq_pool *shared, st_mreq_log *log) {
  for (uint32_t i = 0; i < log->n; i++) {
    uint64_t id = shared->next_id++;
    if (log->e[i].r->id == log->e[i].tag) {
      log->e[i].r->id = id;
    }
  }
  log->n = 0;
}

void st_mreq_log_free(st_mreq_log *log) {
  free(log->e);
  memset(log, 0, sizeof *log);
}

void st_mreq_pool_refill(st_mreq_pool *to, st_mreq_pool *from, uint32_t want) {
  while (to->n_free < want && from->free_list != NULL) {
    st_mreq *r = from->free_list;
    from->free_list = r->next;
    from->n_free--;
    r->next = to->free_list;
    to->free_list = r;
    to->n_free++;
  }
}

void st_mqueue_init(st_mqueue *q, uint32_t cap) {
  q->head = q->tail = NULL;
  q->len = 0;
  q->cap = cap;
}

void st_mqueue_push(st_mqueue *q, st_mreq *r) {
  r->next = NULL;
  if (q->tail == NULL) {
    q->head = r;
  } else {
    q->tail->next = r;
  }
  q->tail = r;
  q->len++;
}

st_mreq *st_mqueue_pop(st_mqueue *q) {
  st_mreq *r = q->head;
  if (r == NULL) {
    return NULL;
  }
  q->head = r->next;
  if (q->head == NULL) {
    q->tail = NULL;
  }
  q->len--;
  r->next = NULL;
  return r;
}
