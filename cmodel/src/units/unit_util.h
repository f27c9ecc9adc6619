/* Helpers shared by the unit models (not part of any unit's interface). */
#ifndef SIMTREF_UNITS_UNIT_UTIL_H
#define SIMTREF_UNITS_UNIT_UTIL_H

#include <stdint.h>
#include <string.h>

#include "units/unit.h"

/* Position of j in the ring 0..n-1 walked from the element after `last`:
 * (j - last - 1) mod n, for j, last < n. */
static inline unsigned st_u_ring_after(unsigned j, unsigned last, unsigned n) {
  return j > last ? j - last - 1 : j + n - last - 1;
}

/* The candidate with the smallest key (keys of candidates are distinct; on
 * equal keys the lower index wins, as in the RTL's ascending scan). */
static inline void st_u_argmin(unsigned n, const uint8_t *cand, const uint32_t *key,
                               uint8_t *valid, uint8_t *which) {
  /* Branch-free: the minimum of (key, index) over the candidates, a
   * non-candidate counting as larger than any. */
  uint64_t best = UINT64_MAX;
  for (unsigned j = 0; j < n; j++) {
    uint64_t v = cand[j] ? (uint64_t)key[j] << 8 | j : UINT64_MAX;
    best = v < best ? v : best;
  }
  *valid = (uint8_t)(best != UINT64_MAX);
  *which = (uint8_t)(best != UINT64_MAX ? best & 0xff : 0);
}

/* Bit j set where v[j] is not zero, for j < n (n <= ST_U_MAX_WARPS): v must
 * be readable up to the next multiple of 8 bytes (a unit's input array of
 * ST_U_MAX_WARPS is). Eight bytes at a time: each non-zero byte's high bit,
 * gathered by one multiply (the eight partial products fall on distinct bits,
 * so nothing carries into the top byte but bit i of byte i). Little-endian
 * host. */
static inline uint64_t st_u_mask_of(const uint8_t *v, unsigned n) {
  const uint64_t lo7 = UINT64_C(0x7f7f7f7f7f7f7f7f), hi = UINT64_C(0x8080808080808080);
  uint64_t m = 0;
  for (unsigned b = 0; b < n; b += 8) {
    uint64_t w;
    memcpy(&w, v + b, sizeof w);
    w = (((w & lo7) + lo7) | w) & hi;
    m |= ((w >> 7) * UINT64_C(0x0102040810204080) >> 56) << b;
  }
  return n < 64 ? m & ((UINT64_C(1) << n) - 1) : m;
}

/* Warp slots per SM, and per scheduler (slot i is warp i / n_sched of
 * scheduler i mod n_sched). */
static inline unsigned st_u_warps_per_sm(const st_config *cfg) {
  return (unsigned)(cfg->sm.max_threads / cfg->sm.warp_size);
}
static inline unsigned st_u_warps_per_sched(const st_config *cfg) {
  unsigned ns = (unsigned)cfg->sm.num_schedulers;
  return (st_u_warps_per_sm(cfg) + ns - 1) / ns;
}

/* Defines U_desc from U_reset/eval/tick, the static layout and config_params
 * functions and the static st_uparam array rtl_param_list of the unit's file. */
#define ST_UNIT_DESC(U)                                                                    \
  static void desc_reset(const void *p, void *s) { U##_reset(p, s); }                      \
  static void desc_eval(const void *p, const void *s, const void *in, void *out) {         \
    U##_eval(p, s, in, out);                                                               \
  }                                                                                        \
  static void desc_tick(const void *p, void *s, const void *in, const void *out) {         \
    U##_tick(p, s, in, out);                                                               \
  }                                                                                        \
  const st_unit_desc U##_desc = {#U,                                                       \
                                 sizeof(U##_params),                                       \
                                 sizeof(U##_state),                                        \
                                 sizeof(U##_in),                                           \
                                 sizeof(U##_out),                                          \
                                 layout,                                                   \
                                 desc_reset,                                               \
                                 desc_eval,                                                \
                                 desc_tick,                                                \
                                 rtl_param_list,                                           \
                                 sizeof rtl_param_list / sizeof rtl_param_list[0],         \
                                 config_params}

#endif
