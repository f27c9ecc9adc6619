/* The L1D policy role's interface to st_cache (docs/units/README.md, "The L1D
 * policy role"): the points where the cache asks a replacement, insertion,
 * bypass and training policy. The cache names no unit: a host hands it these
 * ops and a context; the per-line metadata is an opaque word per line that the
 * cache stores (zero in an invalid line) and the policy interprets.
 *
 * Pure calls (victim, bypass) may run for an access that is then refused and
 * must change nothing. Commit calls (insert, hit, merge, evict, bypassed) run
 * only once the access (or fill, or invalidation) is certain, after every
 * resource check, so a refused access changes nothing and the cache's refusal
 * memo stays exact; every commit call happens where the cache bumps its
 * version. With no policy attached the cache behaves exactly as without the
 * role (its own LRU/FIFO order, no bypass). */
#ifndef SIMTREF_MEM_CACHE_POLICY_H
#define SIMTREF_MEM_CACHE_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/mem.h"

/* A way's state as a policy sees it. */
typedef enum st_cache_way_state {
  ST_WAY_INVALID = 0,
  ST_WAY_VALID,
  ST_WAY_RESERVED /* waiting for its fill: never a victim */
} st_cache_way_state;

typedef struct st_cache_policy_ops {
  /* Pure. The way of `set` a new line for r replaces, or -1 when none may
   * (every candidate reserved). The cache checks the answer: a reserved way,
   * or with clean_only a dirty valid way, counts as -1. r is NULL for the fill
   * of a lost reservation. May be NULL: the cache's own replacement order
   * (l1d.replacement) chooses, as for a policy that only bypasses and trains. */
  int32_t (*victim)(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r,
                    bool clean_only);
  /* Pure. Asked only for a read (op READ) on a true miss: no tag hit, no MSHR
   * to merge with. True sends r down itself with l1_bypass = 1: it holds a
   * miss-queue slot and allocates no line. May be NULL (never bypass). */
  bool (*bypass)(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r);
  /* Commit. Way `way` of `set` becomes a new line for r (reserved at a miss,
   * valid at a write-validate or a lost reservation's fill; r NULL there when
   * no request is known). *meta is the line's word (zero) to set; the policy
   * may age the other ways through st_cache_meta. Called after evict of the
   * line it replaces: replaced says a valid line was there, old_meta is its
   * word (0 otherwise). */
  void (*insert)(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                 bool replaced, uint32_t old_meta, uint32_t *meta);
  /* Commit. r hit valid way `way` (read, write or atomic). */
  void (*hit)(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
              uint32_t *meta);
  /* Commit. r merged into the MSHR of a line held reserved in way `way` (-1
   * when the reservation was lost). meta is NULL when way is -1. */
  void (*merge)(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                uint32_t *meta);
  /* Commit. A valid line leaves way `way`: replaced, write-evicted,
   * invalidated by an uncached atomic or by st_cache_invalidate. meta is its
   * word (the cache zeroes it afterwards). */
  void (*evict)(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta);
  /* Commit. r was sent down bypassing the cache. May be NULL. */
  void (*bypassed)(void *ctx, st_cache *c, uint32_t set, const st_mreq *r);
} st_cache_policy_ops;

/* Attaches a policy (ops NULL detaches). Only before the first access. */
void st_cache_set_policy(st_cache *c, const st_cache_policy_ops *ops, void *ctx);
uint32_t st_cache_ways(const st_cache *c);
uint32_t st_cache_sets(const st_cache *c);
st_cache_way_state st_cache_way(const st_cache *c, uint32_t set, int32_t way);
bool st_cache_way_dirty(const st_cache *c, uint32_t set, int32_t way);
/* The policy's word of a way (for aging inside a commit call). */
uint32_t *st_cache_meta(st_cache *c, uint32_t set, int32_t way);
uint32_t st_cache_meta_of(const st_cache *c, uint32_t set, int32_t way);

#endif
