/* Private layout of st_cache, shared by cache.c (accesses, fills, policies),
 * cache_tags.c (tag array: set index, lookup, victim choice) and
 * cache_mshr.c (MSHR table). Not for use outside cmodel/src/mem/. */
#ifndef SIMTREF_MEM_CACHE_INTERNAL_H
#define SIMTREF_MEM_CACHE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/cache_policy.h"
#include "mem/mem.h"

typedef enum cache_line_state {
  LINE_INVALID = 0,
  LINE_VALID,
  LINE_RESERVED /* allocated at miss time, waiting for its fill */
} cache_line_state;

typedef struct cache_line {
  uint64_t tag;   /* the line number (addr >> line_log2): exact under any index function */
  uint64_t stamp; /* LRU: last use; FIFO: allocation. From the cache's own counter. */
  uint32_t meta;  /* the L1D policy's word (mem/cache_policy.h); 0 when invalid */
  uint8_t state;  /* cache_line_state */
  uint8_t dirty;
} cache_line;

/* One MSHR entry: an outstanding missed line and the requests waiting on it
 * (arrival order, linked through st_mreq.next). */
typedef struct cache_mshr {
  uint64_t line;      /* line number */
  st_mreq *head, *tail;
  uint32_t count;     /* requests held (the first miss included) */
  uint8_t dirty_on_fill; /* a write or atomic is waiting: the line is dirty once filled */
  int32_t next_free;  /* free-list link; -1 ends it */
} cache_mshr;

#define MSHR_NONE (-1)

struct st_cache {
  char name[32];
  st_mreq_pool *pool;
  int replacement;    /* st_replacement */
  int write_policy;   /* st_write_policy */
  int index;          /* st_cache_index */
  bool write_allocate;
  bool write_validate;
  bool validated; /* the access being made was a write-validate */
  uint32_t sets, ways, mshr_merge;
  uint32_t line_log2, set_log2;
  uint64_t line_bytes;
  /* A slice of an interleaved cache (the L2): the set index comes from the
   * slice-local line number, dropping the bits that chose the slice. Lines
   * per interleave chunk and slices; both 1 for a private cache. */
  uint64_t slice_chunk_lines, slices;

  cache_line *lines;  /* sets * ways, set-major */
  uint64_t stamp;     /* replacement counter: bumped at every use, never time */

  cache_mshr *mshr;   /* mshr_entries */
  uint32_t mshr_entries, mshr_used;
  int32_t mshr_free;  /* head of the free list */
  int32_t *mshr_map;  /* open addressing, line number -> entry; MSHR_NONE when empty */
  uint32_t map_mask;

  st_mqueue miss_q;   /* towards the lower level, capacity miss_queue */
  st_mqueue ready_q;  /* requests whose fill arrived, unbounded (<= MSHRs * merge) */
  st_cache_stats stats;

  /* The attached policy (mem/cache_policy.h), or NULL: the cache's own order. */
  const st_cache_policy_ops *pol;
  void *pol_ctx;

  /* What an access outcome depends on (tags, MSHRs, the miss queue's length)
   * changes only where version is bumped. A refused access changes nothing,
   * so the same request (line, operation, kind) at the same version is
   * refused again for the same reason: the last refusal is remembered. */
  uint64_t version;
  /* sim.check_skips: a refusal the memo answers is made again in full and
   * compared; the first difference is kept in check_msg. fault_stale is a
   * planted fault for the tests (SIMTREF_FAULT=stale-refusal): the memo
   * ignores the version. */
  bool check, fault_stale;
  char check_msg[256];
  struct {
    bool valid;
    uint8_t op, kind;
    uint8_t why;      /* st_resfail */
    uint64_t version, line;
    /* with a policy attached its decisions may depend on these too */
    uint32_t pc, warp;
    uint8_t crit;
  } refused;
};

/* ---- tag array (cache_tags.c) ---- */

/* The set of line number `line` under the configured index function. */
uint32_t cache_set_of(const st_cache *c, uint64_t line);
/* The way of set holding `line` (valid or reserved), or -1. */
int32_t cache_find_way(const st_cache *c, uint32_t set, uint64_t line);
/* The way a new line would replace: an invalid way (lowest first), else the
 * valid way with the smallest stamp (LRU or FIFO order). Reserved ways are
 * never chosen; -1 when every way is reserved. If clean_only, dirty valid
 * ways are skipped too. Pure: changes nothing. */
int32_t cache_pick_victim(const st_cache *c, uint32_t set, bool clean_only);
/* Whether cache_pick_victim(c, set, false) would find a way: some way is not
 * reserved. */
bool cache_has_victim(const st_cache *c, uint32_t set);
static inline cache_line *cache_line_at(st_cache *c, uint32_t set, int32_t way) {
  return &c->lines[(uint64_t)set * c->ways + (uint32_t)way];
}

/* ---- MSHR table (cache_mshr.c) ---- */

/* Allocates the table for c->mshr_entries entries; false on host OOM. */
bool cache_mshr_init(st_cache *c);
void cache_mshr_free_all(st_cache *c);
/* The entry index for `line`, or MSHR_NONE. */
int32_t cache_mshr_find(const st_cache *c, uint64_t line);
/* Takes a free entry for `line` (the caller checked mshr_used < entries). */
int32_t cache_mshr_open(st_cache *c, uint64_t line);
/* Appends r to entry e's waiting list. */
void cache_mshr_add(st_cache *c, int32_t e, st_mreq *r);
/* Releases entry e (its list was already taken). */
void cache_mshr_close(st_cache *c, int32_t e);

#endif
