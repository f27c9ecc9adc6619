/* Bit counting for the simulator's hot paths. */
#ifndef SIMTREF_COMMON_BITS_H
#define SIMTREF_COMMON_BITS_H

#include <stdint.h>

/* Population count without a library call: the baseline x86-64 target has
 * no POPCNT instruction, where __builtin_popcount calls libgcc, and the SMs
 * and the interconnect count bits every cycle. */
static inline uint32_t st_bitcount64(uint64_t x) {
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
  return (uint32_t)((x * UINT64_C(0x0101010101010101)) >> 56);
}

#endif
