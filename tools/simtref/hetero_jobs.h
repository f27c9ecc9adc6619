/* The jobs behind hetero_host.h's co-runners (internal): the programs written here
 * (calculix, mcf, lbm) and the calibration probe, run in a forked child; the inputs of the
 * Debian programs (text for bzip2 and perl, XML for xsltproc), generated from fixed seeds
 * so that every host gets the same bytes. */
#ifndef SIMTREF_TOOL_HETERO_JOBS_H
#define SIMTREF_TOOL_HETERO_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* xorshift64 (Marsaglia): the one random source of inputs and stressors. s != 0. */
static inline uint64_t hj_rand(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *s = x;
  return x;
}

/* A job written here. setup runs once in the child (its buffers come from mmap, never
 * from malloc, and are touched there); job does the fixed amount of work. */
typedef struct hj_kernel {
  const char *name;
  bool (*setup)(void **state, char *err, size_t errn);
  void (*job)(void *state);
} hj_kernel;

/* "calculix", "mcf", "lbm", or "probe"; NULL otherwise. */
const hj_kernel *hj_kernel_find(const char *name);

/* Anonymous private memory of n bytes, every page touched; NULL on failure. */
void *hj_map(size_t n);

/* Writes `bytes` (about: it ends at a line) of English-like text, made from seed, to path
 * (through a temporary file and rename, so a reader never sees half of it). */
bool hj_text_file(const char *path, size_t bytes, uint64_t seed, char *err, size_t errn);

/* Writes a catalogue of `items` records as XML, made from seed, to path (likewise). */
bool hj_xml_file(const char *path, unsigned items, uint64_t seed, char *err, size_t errn);

#endif
