/* The roles' bindings: what a unit of each role gives its host (st_unit.ops)
 * and the common headers of its structs, checked at compile time.
 *
 * A binding reads the model's state only through core/unit_host.h (the SM)
 * and writes only its own instance, its counters and the signals its role
 * publishes. docs/units/README.md says which signals exist and when each
 * hook runs; docs/timing.md lists the invariants a binding must keep for
 * idle-cycle skipping. */
#ifndef SIMTREF_UNITS_ROLES_H
#define SIMTREF_UNITS_ROLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "units/unit.h"

struct st_sm;
struct st_uinst;
struct st_cache_policy_ops;

/* ---- warp issue (ST_ROLE_WARP_ISSUE): one per warp scheduler ------------- */

/* The common head of an issue scheduler's outputs: the grant and each
 * warp's position in the policy's order (smaller goes first). */
typedef struct st_issue_out {
  uint8_t grant_valid;          /* some warp is ready */
  uint8_t grant;                /* the warp (index within the scheduler) that issues */
  uint32_t key[ST_U_MAX_WARPS]; /* per warp: its key in the order */
} st_issue_out;

typedef struct st_issue_ops {
  /* offsetof(U_in, ready): uint8_t ready[ST_U_MAX_WARPS], written by the
   * host (warp j of the scheduler can issue) for every evaluation. */
  size_t ready_off;
  /* Fills the rest of u->in (zeroed by the host) for warp scheduler sched:
   * was_mem holds the warp slots whose stall cause in the previous cycle was
   * a load's result. NULL when the unit reads nothing but ready. */
  void (*gather)(struct st_uinst *u, const struct st_sm *sm, unsigned sched, uint64_t was_mem);
} st_issue_ops;

/* In U_bind.c of an issue unit: U_out begins with st_issue_out's fields
 * and U_in has the ready vector. */
#define ST_ISSUE_UNIT_CHECK(U)                                                                \
  _Static_assert(offsetof(U##_out, grant_valid) == offsetof(st_issue_out, grant_valid) &&     \
                     offsetof(U##_out, grant) == offsetof(st_issue_out, grant) &&             \
                     offsetof(U##_out, key) == offsetof(st_issue_out, key) &&                 \
                     sizeof(((U##_out *)0)->grant_valid) == 1 &&                              \
                     sizeof(((U##_out *)0)->grant) == 1 &&                                    \
                     sizeof(((U##_out *)0)->key) == sizeof(((st_issue_out *)0)->key),         \
                 #U "_out must begin with the issue role's header (st_issue_out)");           \
  _Static_assert(sizeof(((U##_in *)0)->ready) == ST_U_MAX_WARPS &&                            \
                     sizeof(((U##_in *)0)->ready[0]) == 1,                                    \
                 #U "_in must have uint8_t ready[ST_U_MAX_WARPS]")

/* ---- fetch (ST_ROLE_FETCH): one per SM ------------------------------------ */

/* The common head of a fetch arbiter's outputs. */
typedef struct st_fetch_out {
  uint8_t grant_valid; /* some warp may fetch */
  uint8_t grant;       /* the warp slot the I-cache serves this cycle */
} st_fetch_out;

typedef struct st_fetch_ops {
  /* offsetof(U_in, eligible): uint8_t eligible[ST_U_MAX_WARPS], written by
   * the host (the warp slot's I-buffer is empty, no I-cache miss pending). */
  size_t eligible_off;
  /* Fills the rest of u->in (zeroed by the host). NULL: nothing else. */
  void (*gather)(struct st_uinst *u, const struct st_sm *sm);
} st_fetch_ops;

#define ST_FETCH_UNIT_CHECK(U)                                                                \
  _Static_assert(offsetof(U##_out, grant_valid) == offsetof(st_fetch_out, grant_valid) &&     \
                     offsetof(U##_out, grant) == offsetof(st_fetch_out, grant) &&             \
                     sizeof(((U##_out *)0)->grant_valid) == 1 &&                              \
                     sizeof(((U##_out *)0)->grant) == 1,                                      \
                 #U "_out must begin with the fetch role's header (st_fetch_out)");           \
  _Static_assert(sizeof(((U##_in *)0)->eligible) == ST_U_MAX_WARPS &&                         \
                     sizeof(((U##_in *)0)->eligible[0]) == 1,                                 \
                 #U "_in must have uint8_t eligible[ST_U_MAX_WARPS]")

/* ---- SM controller (ST_ROLE_SM_CTRL): per SM ------------------------------ */

/* Hooks at fixed points of the core cycle (docs/timing.md "Order of work"),
 * each optional. An SM controller reads the SM's events and cycle flags
 * (unit_host.h) and publishes signals (st_sm_signals) that the SM, the
 * issue and fetch units and the thread-block scheduler read. */
typedef struct st_smctl_ops {
  /* The instance was created (or its RTL twin attached) and reset: publish
   * the signals of its reset state. */
  void (*reset)(struct st_uinst *u, struct st_sm *sm);
  /* A kernel begins on the GPU; ctas_per_sm is its occupancy limit N. */
  void (*kernel_begin)(struct st_uinst *u, struct st_sm *sm, unsigned ctas_per_sm);
  /* The start of the SM's cycle, before replies and stages. */
  st_status (*begin_cycle)(struct st_uinst *u, struct st_sm *sm, uint64_t now, st_error *err);
  /* The start of the issue stage (registered outputs the schedulers read). */
  st_status (*issue_begin)(struct st_uinst *u, struct st_sm *sm, uint64_t now, st_error *err);
  /* The end of the SM's stages (after fetch), before the thread-block scheduler. */
  st_status (*sm_end)(struct st_uinst *u, struct st_sm *sm, uint64_t now, st_error *err);
  /* The end of the core cycle, after the thread-block scheduler placed this
   * cycle's blocks. drained: no block of any resident kernel is left. Also
   * called for every skipped cycle when steps_when_idle. */
  st_status (*end_cycle)(struct st_uinst *u, struct st_sm *sm, uint64_t now, bool drained,
                         st_error *err);
  /* Core cycles from the next one on that may be skipped (stepped by
   * end_cycle as idle) before one that must run in full. NULL: any. */
  uint64_t (*skippable)(const struct st_uinst *u, const struct st_sm *sm);
  bool steps_when_idle;
} st_smctl_ops;

/* ---- L1D policy (ST_ROLE_L1D_POLICY): one per L1 data cache --------------- */

/* The cache asks its policy at fixed points of an access, a fill and an
 * eviction (mem/cache_policy.h): the binding is those hooks, called with the
 * instance (st_uinst) as their context. Each hook is one evaluation of the
 * unit (a commit hook also its clock edge): the unit sees the request and
 * the set it touches, the cache keeps each line's policy word. */
typedef struct st_l1dpol_ops {
  const struct st_cache_policy_ops *cache;
  /* The instance was created for this SM (NULL: the binding keeps nothing).
   * A binding reports a C/RTL difference as the SM's run error
   * (st_uh_error), which the SM returns after its LD/ST stage. */
  void (*bind)(struct st_uinst *u, struct st_sm *sm);
} st_l1dpol_ops;

#endif
