/* The MSHR table of st_cache: entries on a free list, found by line number
 * through a small open-addressing map (linear probing, deletion by backward
 * shift). The map is only ever looked up, never iterated, so its layout
 * cannot influence any ordering. */
#include <stdlib.h>

#include "mem/cache_internal.h"

static uint32_t map_slot(const st_cache *c, uint64_t line) {
  return (uint32_t)((line * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & c->map_mask;
}

bool cache_mshr_init(st_cache *c) {
  uint32_t size = 4;
  while (size < 2u * c->mshr_entries) {
    size <<= 1;
  }
  c->mshr = calloc(c->mshr_entries, sizeof *c->mshr);
  c->mshr_map = malloc(size * sizeof *c->mshr_map);
  if (c->mshr == NULL || c->mshr_map == NULL) {
    return false;
  }
  c->map_mask = size - 1;
  for (uint32_t i = 0; i < size; i++) {
    c->mshr_map[i] = MSHR_NONE;
  }
  c->mshr_free = MSHR_NONE;
  for (uint32_t i = c->mshr_entries; i-- > 0;) {
    c->mshr[i].next_free = c->mshr_free;
    c->mshr_free = (int32_t)i;
  }
  c->mshr_used = 0;
  return true;
}

void cache_mshr_free_all(st_cache *c) {
  free(c->mshr);
  free(c->mshr_map);
  c->mshr = NULL;
  c->mshr_map = NULL;
}

int32_t cache_mshr_find(const st_cache *c, uint64_t line) {
  if (c->mshr_used == 0) {
    return MSHR_NONE;
  }
  for (uint32_t s = map_slot(c, line);; s = (s + 1) & c->map_mask) {
    int32_t e = c->mshr_map[s];
    if (e == MSHR_NONE || c->mshr[e].line == line) {
      return e;
    }
  }
}

int32_t cache_mshr_open(st_cache *c, uint64_t line) {
  int32_t e = c->mshr_free;
  cache_mshr *m = &c->mshr[e];
  c->mshr_free = m->next_free;
  m->line = line;
  m->head = m->tail = NULL;
  m->count = 0;
  m->dirty_on_fill = 0;
  m->next_free = MSHR_NONE;
  c->mshr_used++;
  uint32_t s = map_slot(c, line);
  while (c->mshr_map[s] != MSHR_NONE) {
    s = (s + 1) & c->map_mask;
  }
  c->mshr_map[s] = e;
  return e;
}

void cache_mshr_add(st_cache *c, int32_t e, st_mreq *r) {
  cache_mshr *m = &c->mshr[e];
  r->next = NULL;
  if (m->tail == NULL) {
    m->head = r;
  } else {
    m->tail->next = r;
  }
  m->tail = r;
  m->count++;
}

void cache_mshr_close(st_cache *c, int32_t e) {
  cache_mshr *m = &c->mshr[e];
  /* Remove e from the map: find its slot, then shift later members of the
   * probe run back so every lookup still finds its entry. */
  uint32_t s = map_slot(c, m->line);
  while (c->mshr_map[s] != e) {
    s = (s + 1) & c->map_mask;
  }
  uint32_t hole = s;
  for (uint32_t j = (hole + 1) & c->map_mask; c->mshr_map[j] != MSHR_NONE;
       j = (j + 1) & c->map_mask) {
    uint32_t home = map_slot(c, c->mshr[c->mshr_map[j]].line);
    /* Entry at j may move to the hole if its home is not in (hole, j]. */
    bool stays = (hole <= j) ? (home > hole && home <= j) : (home > hole || home <= j);
    if (!stays) {
      c->mshr_map[hole] = c->mshr_map[j];
      hole = j;
    }
  }
  c->mshr_map[hole] = MSHR_NONE;
  m->head = m->tail = NULL;
  m->count = 0;
  m->next_free = c->mshr_free;
  c->mshr_free = e;
  c->mshr_used--;
}
