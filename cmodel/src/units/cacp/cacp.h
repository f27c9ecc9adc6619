/* CACP, CAWA's criticality-aware cache prioritization (spec/cawa-ctrlc-
 * heteropdp.md §1.3.4, Algorithms 7-9, §7 B-4..B-6, B-9, B-11;
 * docs/units/cacp.md): one per L1D (rtl/cacp.sv), a unit of the L1D policy
 * role (docs/units/README.md, "The L1D policy role").
 *
 * The unit holds the two predictor tables; each line's 12-bit word lives in
 * the cache's tag array (the role's per-line metadata) and reaches the unit
 * with the set it touches: sig[7:0], c_reuse[8], nc_reuse[9], rrpv[11:10].
 * Ways [0, CWAYS) are the critical partition, [CWAYS, WAYS) the other one.
 *
 * Each call of the cache's hooks is one evaluation with op naming the call
 * (the cache serves one access, fill or eviction at a time); a commit call
 * (INSERT, HIT, EVICT) is followed by the clock edge, a pure one (VICTIM)
 * is not. Outputs (combinational):
 *   sig      = PC[7:0] ^ (addr >> SIG_SHIFT)[7:0]  (B-4: SIG_SHIFT is log2 of
 *              the line for the line address, 0 for the byte address)
 *   part_crit: a request (req) whose CCBP[sig] > THR (Alg. 7)
 *   victim:  in the request's partition, the lowest invalid way, else the
 *            lowest valid way (not reserved; with clean_only not dirty) with
 *            the largest RRPV; victim_valid 0 when there is none
 *   meta:    the set's words after the op: INSERT ages the other valid ways
 *            of the partition by 3 - RRPV(old_meta) when a valid line was
 *            replaced (saturating at 3) and gives way `way` {RRPV 3 when
 *            SHiP[sig] is 0 else 2, no reuse, sig} (sig 0 without a request);
 *            HIT gives way `way` RRPV 0 and, for a load or a store, its
 *            requester's reuse flag (c_reuse when crit, else nc_reuse);
 *            any other op: meta_i unchanged.
 * At the clock edge: HIT by a load: CCBP[line sig]++ when crit, SHiP[line
 * sig]++ (saturating at 3); EVICT of a word old_meta from way `way`: a line
 * of the critical partition reused by non-critical requests only lowers
 * CCBP[sig], a line never reused lowers SHiP[sig] (saturating at 0).
 * Reset: CCBP 0, SHiP 1. */
#ifndef SIMTREF_UNITS_CACP_H
#define SIMTREF_UNITS_CACP_H

#include "units/unit.h"

#define CACP_MAX_WAYS 32u
#define CACP_ENTRIES 256u

enum { CACP_OP_NONE = 0, CACP_OP_VICTIM = 1, CACP_OP_INSERT = 2, CACP_OP_HIT = 3,
       CACP_OP_EVICT = 4 };
/* wstate of a way (the cache's st_cache_way_state) */
enum { CACP_WAY_INVALID = 0, CACP_WAY_VALID = 1, CACP_WAY_RESERVED = 2 };

typedef struct cacp_params {
  uint8_t ways;      /* WAYS: the L1D's associativity, 2..32 */
  uint8_t cways;     /* CWAYS: ways of the critical partition, 1..WAYS-1 */
  uint8_t thr;       /* THR: predict critical when CCBP[sig] > THR, 0..3 */
  uint8_t sig_shift; /* SIG_SHIFT: address bits dropped before the signature, 0..8 */
} cacp_params;

typedef struct cacp_state {
  uint8_t ccbp[CACP_ENTRIES]; /* [256][2] critical cache block predictor */
  uint8_t ship[CACP_ENTRIES]; /* [256][2] SHiP reuse predictor */
} cacp_state;

typedef struct cacp_in {
  uint8_t op;                       /* [3] CACP_OP_* */
  uint8_t req;                      /* [1] a request is known (0: a lost reservation's fill) */
  uint8_t pc;                       /* [8] the request's instruction index, bits 7:0 */
  uint16_t addr;                    /* [16] its byte address, bits 15:0 */
  uint8_t crit;                     /* [1] from a warp CPL judges critical */
  uint8_t load;                     /* [1] a global load (trains the tables) */
  uint8_t store;                    /* [1] a store (sets the reuse flags only) */
  uint8_t clean_only;               /* [1] VICTIM: dirty valid ways may not be chosen */
  uint8_t way;                      /* [WAY_W] the way of INSERT, HIT, EVICT */
  uint8_t replaced;                 /* [1] INSERT: a valid line was replaced */
  uint16_t old_meta;                /* [12] INSERT: the replaced word; EVICT: the evicted one */
  uint8_t wstate[CACP_MAX_WAYS];    /* [WAYS][2] CACP_WAY_* */
  uint8_t wdirty[CACP_MAX_WAYS];    /* [WAYS][1] */
  uint16_t meta[CACP_MAX_WAYS];     /* [WAYS][12] the set's words */
} cacp_in;

typedef struct cacp_out {
  uint8_t sig;                      /* [8] the request's signature */
  uint8_t part_crit;                /* [1] its line goes to the critical partition */
  uint8_t victim_valid;             /* [1] */
  uint8_t victim;                   /* [WAY_W] */
  uint16_t meta[CACP_MAX_WAYS];     /* [WAYS][12] the set's words after the op */
} cacp_out;

/* Field access of a line's word. */
#define CACP_META_SIG(m) ((uint8_t)((m) & 0xFFu))
#define CACP_META_CREUSE(m) (((m) >> 8) & 1u)
#define CACP_META_NCREUSE(m) (((m) >> 9) & 1u)
#define CACP_META_RRPV(m) (((m) >> 10) & 3u)
static inline uint16_t cacp_meta(uint8_t sig, uint32_t c_reuse, uint32_t nc_reuse,
                                 uint32_t rrpv) {
  return (uint16_t)(sig | (c_reuse & 1u) << 8 | (nc_reuse & 1u) << 9 | (rrpv & 3u) << 10);
}

void cacp_reset(const cacp_params *p, cacp_state *s);
void cacp_eval(const cacp_params *p, const cacp_state *s, const cacp_in *in, cacp_out *out);
void cacp_tick(const cacp_params *p, cacp_state *s, const cacp_in *in, const cacp_out *out);

extern const st_unit_desc cacp_desc;

#endif
