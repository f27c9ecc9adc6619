/* Fetch arbiter, round robin (sm.fetch_arbiter: rr): one per SM
 * (rtl/fetch_rr.sv). Among the warps that may fetch (their I-buffer is
 * empty and no I-cache miss is pending: spec/baws.md §1.2), the first after
 * the warp fetched last, wrapping. */
#ifndef SIMTREF_UNITS_FETCH_RR_H
#define SIMTREF_UNITS_FETCH_RR_H

#include "units/unit.h"

typedef struct fetch_rr_params {
  uint8_t n_warps; /* NWS: warp slots of the SM, 1..64 */
} fetch_rr_params;

typedef struct fetch_rr_state {
  uint8_t ptr; /* [IDX_W] the warp fetched last (0 after reset) */
} fetch_rr_state;

typedef struct fetch_rr_in {
  uint8_t eligible[ST_U_MAX_WARPS]; /* [NWS][1] the warp wants a fetch */
} fetch_rr_in;

typedef struct fetch_rr_out {
  uint8_t grant_valid;
  uint8_t grant; /* [IDX_W] the warp the I-cache fetches for */
} fetch_rr_out;

void fetch_rr_reset(const fetch_rr_params *p, fetch_rr_state *s);
void fetch_rr_eval(const fetch_rr_params *p, const fetch_rr_state *s, const fetch_rr_in *in,
                   fetch_rr_out *out);
void fetch_rr_tick(const fetch_rr_params *p, fetch_rr_state *s, const fetch_rr_in *in,
                   const fetch_rr_out *out);

extern const st_unit_desc fetch_rr_desc;

#endif
