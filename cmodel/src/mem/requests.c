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
  return true;
}

st_mreq *st_mreq_alloc(st_mreq_pool *p) {
  if (p->free_list == NULL && !pool_grow(p)) {
    return NULL;
  }
  st_mreq *r = p->free_list;
  p->free_list = r->next;
  memset(r, 0, sizeof *r);
  r->id = p->next_id++;
  p->live++;
  return r;
}

void st_mreq_free(st_mreq_pool *p, st_mreq *r) {
  if (r == NULL) {
    return;
  }
  r->next = p->free_list;
  p->free_list = r;
  p->live--;
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
