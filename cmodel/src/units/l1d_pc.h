/* What the PC-indexed L1D policies (ctrlc: Ctrl-C; pcbypass: PC-based
 * adaptive bypassing) share: their inputs and outputs, the per-line word,
 * and their binding to the cache's hooks (units/l1d_pc_bind.c).
 *
 * Each line's word is {reuse[PC_BITS], ins_pc[PC_BITS-1:0]}: the line was
 * re-referenced (a hit or an MSHR merge) since it was inserted, and the low
 * PC bits of the instruction that inserted it. Each call of the cache's
 * hooks is one evaluation (op); a commit call is also the clock edge. The
 * victim is the cache's own (l1d.replacement): these policies bypass and
 * train, they do not reorder. */
#ifndef SIMTREF_UNITS_L1D_PC_H
#define SIMTREF_UNITS_L1D_PC_H

#include <stdint.h>

#include "units/registry.h"

struct st_sm;
struct st_uinst;
struct st_cache_policy_ops;

enum {
  L1DPC_OP_NONE = 0,
  L1DPC_OP_BYPASS = 1,   /* pure: a global-load true miss asks bypass_o */
  L1DPC_OP_BYPASSED = 2, /* the miss was bypassed */
  L1DPC_OP_INSERT = 3,   /* a line was inserted (meta_o is its word) */
  L1DPC_OP_HIT = 4,      /* a line (meta_i) was hit */
  L1DPC_OP_MERGE = 5,    /* a request merged into a reserved line's MSHR (meta_i) */
  L1DPC_OP_EVICT = 6     /* a valid line (meta_i) left */
};

/* The inputs and outputs both units have (their U_in / U_out). */
#define L1DPC_IN_FIELDS                                                                     \
  uint8_t op;    /* [3] L1DPC_OP_* */                                                       \
  uint8_t pc;    /* [PC_BITS] the request's instruction index, low bits */                  \
  uint8_t load;  /* [1] the request is a global load (the only accesses bypassed) */        \
  uint16_t meta  /* [PC_BITS+1] the line's word (hit, merge, evict) */
#define L1DPC_OUT_FIELDS                                                                    \
  uint8_t bypass; /* [1] a global-load miss goes to the L2 without a line */                \
  uint16_t meta   /* [PC_BITS+1] the line's word after the op */

typedef struct l1dpc_in {
  L1DPC_IN_FIELDS;
} l1dpc_in;
typedef struct l1dpc_out {
  L1DPC_OUT_FIELDS;
} l1dpc_out;

#define L1DPC_WORD(pc_bits, reuse, pc)                                                      \
  ((uint16_t)(((uint32_t)(reuse) & 1u) << (pc_bits) | ((uint32_t)(pc) & ((1u << (pc_bits)) - 1u))))

/* The binding's statistics counters (the first L1DPC_CTR of the unit's). */
enum {
  L1DPC_C_BYPASSES = 0, /* misses bypassed */
  L1DPC_C_INSERTS,      /* lines inserted by global loads */
  L1DPC_C_EVICT_ZERO,   /* valid lines evicted without reuse */
  L1DPC_C_EVICT_REUSED, /* ... with reuse */
  L1DPC_CTR
};

/* The cache hooks of both units (victim NULL: the cache's own); ctx is the
 * instance. The unit's own counting after each clock edge: `after_tick`
 * with the state before it (NULL: none). */
extern const struct st_cache_policy_ops l1dpc_cache_ops;
void l1dpc_bind(struct st_uinst *u, struct st_sm *sm);

typedef struct l1dpc_bind_state {
  struct st_sm *sm;
  void (*after_tick)(struct st_uinst *u, const void *s_before);
} l1dpc_bind_state;

/* Writes the shared statistics (prefix "ctrlc" or "pcbypass"). */
void l1dpc_report(const char *prefix, const uint64_t *c, st_statset *out);

#endif
