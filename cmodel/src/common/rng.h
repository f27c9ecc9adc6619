/* Deterministic pseudo-random numbers (xoshiro256**, seeded by splitmix64).
 * The same seed gives the same sequence on every machine. */
#ifndef SIMTREF_COMMON_RNG_H
#define SIMTREF_COMMON_RNG_H

#include <stdint.h>

typedef struct st_rng {
  uint64_t s[4];
} st_rng;

static inline uint64_t st_splitmix64(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Seeds r from one 64-bit seed. */
static inline void st_rng_seed(st_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) {
    r->s[i] = st_splitmix64(&seed);
  }
}

static inline uint64_t st_rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* The next 64 random bits. */
static inline uint64_t st_rng_next(st_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = st_rotl64(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = st_rotl64(s[3], 45);
  return result;
}

/* A uniform integer in [0, bound) (bound > 0), without modulo bias. */
static inline uint64_t st_rng_below(st_rng *r, uint64_t bound) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t x;
  do {
    x = st_rng_next(r);
  } while (x >= limit);
  return x % bound;
}

#endif
