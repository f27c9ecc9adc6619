/* Issue scheduler, CAWA's greedy criticality-aware warp scheduler
 * (sm.warp_scheduler: gcaws; spec/cawa-ctrlc-heteropdp.md §1.3.3, §7 B-8):
 * one instance per warp scheduler of an SM (rtl/wsched_gcaws.sv).
 *
 * The warp issued last goes first while it is resident (greedy: it keeps
 * issuing until it cannot); then the warp with the largest criticality (CPL,
 * docs/units/cpl.md), ties to the oldest. key = {not greedy, ~crit, age}:
 * smaller goes first; the grant is the ready warp with the smallest key. */
#ifndef SIMTREF_UNITS_WSCHED_GCAWS_H
#define SIMTREF_UNITS_WSCHED_GCAWS_H

#include "units/unit.h"

typedef struct wsched_gcaws_params {
  uint8_t n_warps; /* NW: warps of the scheduler, 1..64 */
  uint8_t age_w;   /* AGE_W: width of an age rank (log2 of the SM's warp slots) */
  uint8_t crit_w;  /* CRIT_W: width of a criticality (cpl.crit_bits); AGE_W + CRIT_W <= 31 */
} wsched_gcaws_params;

typedef struct wsched_gcaws_state {
  uint8_t last_valid; /* a warp has issued since reset */
  uint8_t last;       /* [IDX_W] the warp issued last: the greedy warp */
} wsched_gcaws_state;

typedef struct wsched_gcaws_in {
  uint8_t valid[ST_U_MAX_WARPS]; /* [NW][1] the warp slot holds a warp */
  uint8_t ready[ST_U_MAX_WARPS]; /* [NW][1] the warp can issue this cycle */
  uint8_t age[ST_U_MAX_WARPS];   /* [NW][AGE_W] age rank, 0 = oldest */
  uint32_t crit[ST_U_MAX_WARPS]; /* [NW][CRIT_W] its criticality (larger: more critical) */
} wsched_gcaws_in;

typedef struct wsched_gcaws_out {
  uint8_t grant_valid;
  uint8_t grant;                /* [IDX_W] */
  uint32_t key[ST_U_MAX_WARPS]; /* [NW][1+CRIT_W+AGE_W] {not greedy, ~crit, age} */
} wsched_gcaws_out;

void wsched_gcaws_reset(const wsched_gcaws_params *p, wsched_gcaws_state *s);
void wsched_gcaws_eval(const wsched_gcaws_params *p, const wsched_gcaws_state *s,
                       const wsched_gcaws_in *in, wsched_gcaws_out *out);
void wsched_gcaws_tick(const wsched_gcaws_params *p, wsched_gcaws_state *s,
                       const wsched_gcaws_in *in, const wsched_gcaws_out *out);

extern const st_unit_desc wsched_gcaws_desc;

#endif
