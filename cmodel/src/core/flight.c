/* In-flight instruction records and the write-back heap. */
#include <stdlib.h>
#include <string.h>

#include "core/sm_internal.h"

st_flight *st_flight_alloc(st_sm *sm) {
  st_flight *f = sm->free_flights;
  if (f != NULL) {
    sm->free_flights = f->next;
  } else {
    f = malloc(sizeof *f);
    if (f == NULL) {
      return NULL;
    }
    f->all_next = sm->all_flights;
    sm->all_flights = f;
  }
  memset(f, 0, offsetof(st_flight, next));
  f->next = NULL;
  f->t_issue = 0;
  f->n_lines = f->next_line = f->lines_waiting = f->passes_left = 0;
  f->acc.space = SP_NONE;
  f->seq = sm->seq++;
  return f;
}

void st_flight_free(st_sm *sm, st_flight *f) {
  f->next = sm->free_flights;
  sm->free_flights = f;
}

/* (ready, seq) order; the flight's fields are copied into its entry when it
 * is pushed, and neither changes while it waits. */
static inline bool before(const st_wb_entry *a, const st_wb_entry *b) {
  return a->ready < b->ready || (a->ready == b->ready && a->seq < b->seq);
}

bool st_wb_push_keyed(st_wb_heap *h, st_flight *f, uint64_t ready, uint64_t seq) {
  if (h->n == h->cap) {
    uint32_t cap = h->cap ? h->cap * 2 : 64;
    st_wb_entry *a = realloc(h->a, cap * sizeof *a);
    if (a == NULL) {
      return false;
    }
    h->a = a;
    h->cap = cap;
  }
  const st_wb_entry e = {ready, seq, f};
  uint32_t i = h->n++;
  while (i > 0) {
    uint32_t p = (i - 1) / 2;
    if (!before(&e, &h->a[p])) {
      break;
    }
    h->a[i] = h->a[p];
    i = p;
  }
  h->a[i] = e;
  return true;
}

st_flight *st_wb_peek(const st_wb_heap *h) { return h->n ? h->a[0].f : NULL; }

st_flight *st_wb_pop(st_wb_heap *h) {
  if (h->n == 0) {
    return NULL;
  }
  st_flight *top = h->a[0].f;
  const st_wb_entry last = h->a[--h->n];
  uint32_t i = 0;
  for (;;) {
    uint32_t l = 2 * i + 1, r = l + 1, m = i;
    const st_wb_entry *best = &last;
    if (l < h->n && before(&h->a[l], best)) {
      m = l;
      best = &h->a[l];
    }
    if (r < h->n && before(&h->a[r], best)) {
      m = r;
    }
    if (m == i) {
      break;
    }
    h->a[i] = h->a[m];
    i = m;
  }
  if (h->n > 0) {
    h->a[i] = last;
  }
  return top;
}
