/* The tag array of st_cache: set index functions, lookup, victim choice. */
#include "mem/cache_internal.h"

/* Linear: the low set_log2 bits of the line number.
 * Hashed: those bits XORed with every higher set_log2-bit field of the line
 * number (an XOR fold of the whole line number down to set_log2 bits), so a
 * stride of sets * line bytes, which a linear index sends to one set, visits
 * every set. */
uint32_t cache_set_of(const st_cache *c, uint64_t line) {
  if (c->set_log2 == 0) {
    return 0;
  }
  const uint64_t mask = c->sets - 1u;
  if (c->slices > 1) {
    /* chunk = line / L goes to slice chunk mod N: keep the other bits */
    const uint64_t l = c->slice_chunk_lines;
    line = line / l / c->slices * l + line % l;
  }
  if (c->index == ST_INDEX_LINEAR) {
    return (uint32_t)(line & mask);
  }
  uint64_t set = 0;
  for (uint64_t rest = line; rest != 0; rest >>= c->set_log2) {
    set ^= rest & mask;
  }
  return (uint32_t)set;
}

int32_t cache_find_way(const st_cache *c, uint32_t set, uint64_t line) {
  const cache_line *l = &c->lines[(uint64_t)set * c->ways];
  for (uint32_t w = 0; w < c->ways; w++) {
    if (l[w].state != LINE_INVALID && l[w].tag == line) {
      return (int32_t)w;
    }
  }
  return -1;
}

bool cache_has_victim(const st_cache *c, uint32_t set) {
  const cache_line *l = &c->lines[(uint64_t)set * c->ways];
  for (uint32_t w = 0; w < c->ways; w++) {
    if (l[w].state != LINE_RESERVED) {
      return true;
    }
  }
  return false;
}

int32_t cache_pick_victim(const st_cache *c, uint32_t set, bool clean_only) {
  const cache_line *l = &c->lines[(uint64_t)set * c->ways];
  int32_t best = -1;
  for (uint32_t w = 0; w < c->ways; w++) {
    if (l[w].state == LINE_INVALID) {
      return (int32_t)w;
    }
    if (l[w].state != LINE_VALID || (clean_only && l[w].dirty)) {
      continue;
    }
    if (best < 0 || l[w].stamp < l[best].stamp) {
      best = (int32_t)w;
    }
  }
  return best;
}
