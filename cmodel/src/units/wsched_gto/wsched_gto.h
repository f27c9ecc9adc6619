/* Issue scheduler, greedy then oldest (sm.warp_scheduler: gto): one instance
 * per warp scheduler of an SM (rtl/wsched_gto.sv).
 *
 * The warp issued last goes first while it is resident; then the others by
 * age (launch order). Ages come in as ranks: age 0 is the oldest resident
 * warp of the SM, and resident warps have distinct ranks. */
#ifndef SIMTREF_UNITS_WSCHED_GTO_H
#define SIMTREF_UNITS_WSCHED_GTO_H

#include "units/unit.h"

typedef struct wsched_gto_params {
  uint8_t n_warps; /* NW: warps of the scheduler, 1..64 */
  uint8_t age_w;   /* AGE_W: width of an age rank (log2 of the SM's warp slots) */
} wsched_gto_params;

typedef struct wsched_gto_state {
  uint8_t last_valid; /* a warp has issued since reset */
  uint8_t last;       /* [IDX_W] the warp issued last: the greedy warp */
} wsched_gto_state;

typedef struct wsched_gto_in {
  uint8_t valid[ST_U_MAX_WARPS]; /* [NW][1] the warp slot holds a warp */
  uint8_t ready[ST_U_MAX_WARPS]; /* [NW][1] the warp can issue this cycle */
  uint8_t age[ST_U_MAX_WARPS];   /* [NW][AGE_W] age rank, 0 = oldest */
} wsched_gto_in;

typedef struct wsched_gto_out {
  uint8_t grant_valid;
  uint8_t grant;                /* [IDX_W] */
  uint32_t key[ST_U_MAX_WARPS];; /* [NW][AGE_W+1] {not greedy, age}: smaller goes first */
} wsched_gto_out;

void wsched_gto_reset(const wsched_gto_params *p, wsched_gto_state *s);
void wsched_gto_eval(const wsched_gto_params *p, const wsched_gto_state *s,
                     const wsched_gto_in *in, wsched_gto_out *out);
void wsched_gto_tick(const wsched_gto_params *p, wsched_gto_state *s, const wsched_gto_in *in,
                     const wsched_gto_out *out);

extern const st_unit_desc wsched_gto_desc;

#endif
