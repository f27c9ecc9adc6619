/* CACP, criticality-aware cache prioritization (docs/units/README.md, "The
 * L1D policy role"; the design: spec §1.3.4, Algorithms 7-9, §7 B-4..B-6,
 * B-9): the algorithm as an L1D policy over st_cache's hooks. Fixed-width
 * state, no allocation, no floating point.
 *
 * Ways [0, critical_ways) are the critical partition, the rest the
 * non-critical one. Per-line word (12 bits): sig[7:0], c_reuse[8],
 * nc_reuse[9], rrpv[11:10]. Tables: CCBP 256 x 2 bits (start 0, predict
 * critical when > threshold), SHiP 256 x 2 bits (start 1, insert RRPV 3 when
 * 0, else 2). */
#ifndef SIMTREF_UNITS_CACP_CORE_H
#define SIMTREF_UNITS_CACP_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/cache_policy.h"

#define CACP_SIG_ENTRIES 256u

typedef struct cacp_params {
  uint32_t ways;          /* the L1D's associativity */
  uint32_t critical_ways; /* 1 .. ways-1 */
  uint8_t ccbp_threshold; /* 0..3 */
  uint8_t sig_byte;       /* 0: line address bits [7:0]; 1: byte address bits [7:0] */
  uint8_t line_log2;      /* the L1D's line size, log2 */
} cacp_params;

typedef struct cacp_state {
  uint8_t ccbp[CACP_SIG_ENTRIES]; /* 2 bits each */
  uint8_t ship[CACP_SIG_ENTRIES]; /* 2 bits each */
} cacp_state;

/* The policy's counters (statistics). */
typedef struct cacp_counters {
  uint64_t pred_critical, pred_noncritical; /* CCBP predictions at insertion */
  uint64_t pred_distant, pred_long;         /* SHiP predictions at insertion */
  uint64_t critical_inserts;                /* lines placed in the critical ways */
  uint64_t ccbp_inc, ccbp_dec, ship_inc, ship_dec;
} cacp_counters;

typedef struct cacp {
  cacp_params p;
  cacp_state s;
  cacp_counters n;
} cacp;

/* Field access of the per-line word. */
#define CACP_META_SIG(m) ((uint8_t)((m) & 0xFFu))
#define CACP_META_CREUSE(m) (((m) >> 8) & 1u)
#define CACP_META_NCREUSE(m) (((m) >> 9) & 1u)
#define CACP_META_RRPV(m) (((m) >> 10) & 3u)
static inline uint32_t cacp_meta(uint8_t sig, uint32_t c_reuse, uint32_t nc_reuse,
                                 uint32_t rrpv) {
  return (uint32_t)sig | (c_reuse & 1u) << 8 | (nc_reuse & 1u) << 9 | (rrpv & 3u) << 10;
}

/* False (and a message) when the parameters cannot split the ways. */
bool cacp_params_ok(const cacp_params *p, const char **why);
/* Reset: CCBP 0, SHiP 1, counters 0. */
void cacp_reset(cacp *k, const cacp_params *p);
/* signature = PC[7:0] ^ address[7:0] (line or byte address, B-4). */
uint8_t cacp_signature(const cacp_params *p, uint32_t pc, uint64_t addr);
/* Whether a request with this signature goes to the critical ways. */
bool cacp_predict_critical(const cacp *k, uint8_t sig);

/* st_cache hooks; ctx is a cacp. */
extern const st_cache_policy_ops cacp_ops;

#endif
