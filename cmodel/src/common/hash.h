/* Stable 64-bit hashing (FNV-1a) for config and result fingerprints. */
#ifndef SIMTREF_COMMON_HASH_H
#define SIMTREF_COMMON_HASH_H

#include <stddef.h>
#include <stdint.h>

#define ST_FNV1A64_INIT UINT64_C(0xcbf29ce484222325)

/* Continues an FNV-1a 64-bit hash h over n bytes of data. */
static inline uint64_t st_fnv1a64(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= UINT64_C(0x100000001b3);
  }
  return h;
}

#endif
