/* Issue scheduler, two-level (sm.warp_scheduler: tls): one instance per warp
 * scheduler of an SM (rtl/wsched_tls.sv). GPGPU-Sim's two_level_active as
 * spec/baws.md §4 A12 describes it.
 *
 * Each cycle, combinationally: the active set (an ordered list of at most
 * CAP warps) drops the warps that exited, left the slot or wait on a load
 * (mem_wait: the warp's stall cause in the previous cycle was a load's
 * result); then the free places are filled with the other eligible warps in
 * greedy-then-oldest order. The issue order is the active set round robin,
 * starting after the warp issued last, then every other warp in
 * greedy-then-oldest order. The updated set is registered at the edge. */
#ifndef SIMTREF_UNITS_WSCHED_TLS_H
#define SIMTREF_UNITS_WSCHED_TLS_H

#include "units/unit.h"

typedef struct wsched_tls_params {
  uint8_t n_warps; /* NW: warps of the scheduler, 1..64 */
  uint8_t age_w;   /* AGE_W: width of an age rank */
  uint8_t cap;     /* CAP: active warps, 1..NW (sm.tls_active_warps, at most NW) */
} wsched_tls_params;

typedef struct wsched_tls_state {
  uint8_t n_active;               /* [CNT_W = idx_bits(CAP+1)] warps in the active set */
  uint8_t active[ST_U_MAX_WARPS]; /* [CAP][IDX_W] the set in order; 0 past n_active */
  uint8_t last_valid;
  uint8_t last;                   /* [IDX_W] the warp issued last */
} wsched_tls_state;

typedef struct wsched_tls_in {
  uint8_t valid[ST_U_MAX_WARPS];    /* [NW][1] the slot holds a warp */
  uint8_t ready[ST_U_MAX_WARPS];    /* [NW][1] the warp can issue */
  uint8_t exited[ST_U_MAX_WARPS];   /* [NW][1] the warp has finished */
  uint8_t mem_wait[ST_U_MAX_WARPS]; /* [NW][1] the warp waits on a load's result */
  uint8_t age[ST_U_MAX_WARPS];      /* [NW][AGE_W] age rank, 0 = oldest */
} wsched_tls_in;

typedef struct wsched_tls_out {
  uint8_t grant_valid;
  uint8_t grant;                /* [IDX_W] */
  uint32_t key[ST_U_MAX_WARPS]; /* [NW][KEY_W] position class: {0, rr position} for the
                                   active set, {1, not greedy, age} for the others */
} wsched_tls_out;

/* Width of a key: 1 + max(idx_bits(CAP), AGE_W + 1). */
unsigned wsched_tls_key_bits(const wsched_tls_params *p);

void wsched_tls_reset(const wsched_tls_params *p, wsched_tls_state *s);
void wsched_tls_eval(const wsched_tls_params *p, const wsched_tls_state *s,
                     const wsched_tls_in *in, wsched_tls_out *out);
void wsched_tls_tick(const wsched_tls_params *p, wsched_tls_state *s, const wsched_tls_in *in,
                     const wsched_tls_out *out);

extern const st_unit_desc wsched_tls_desc;

#endif
