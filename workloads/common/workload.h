/* The interface every benchmark in workloads/ implements: a descriptor with
 * its name, the seeds that use it, its category there, its PTX, and a host
 * driver that generates inputs, performs every launch, and checks the result
 * against a CPU reference.
 *
 * A driver uses only the public host API (simtref/simtref.h). It must be
 * deterministic: inputs come from st_wl_rng seeded with ctx->seed. */
#ifndef SIMTREF_WORKLOADS_WORKLOAD_H
#define SIMTREF_WORKLOADS_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simtref/simtref.h"

typedef enum st_wl_size {
  ST_WL_SMALL = 0, /* seconds in timing mode; what the tests run */
  ST_WL_PAPER,     /* the seed's dataset size, or the nearest synthetic equivalent */
  ST_WL_MEDIUM     /* between the two: a complete timing run on gtx480 in well under a
                      minute, for studies that need every workload run to completion */
} st_wl_size;

/* "small", "medium", "paper". */
const char *st_wl_size_name(st_wl_size size);
/* Parses one of those names; false for anything else. */
bool st_wl_size_parse(const char *name, st_wl_size *size);

/* How st_wl_cpu_time repeats a CPU version's timed part: after each repetition
 * it calls again() with the repetitions done and the last one's wall seconds;
 * another runs while it returns true. NULL (the default): at least 3 and until
 * 0.3 s have passed (fewer when they take over 1 s), at most 1000. */
typedef struct st_wl_cpu_timer {
  bool (*again)(void *user, unsigned reps_done, double last_seconds);
  void *user;
} st_wl_cpu_timer;

/* The host threads a GPU run's CPU reference uses: one, so that a check
 * costs the same on a busy host (a parallel loop's join waits for a thread
 * the host has descheduled). The CPU versions' results do not depend on the
 * count (cli/cpu_versions compares 1 and 3 threads). */
#define ST_WL_REFERENCE_THREADS 1

/* What a driver gets: a GPU to run on, the size, a seed, and where to log. */
typedef struct st_wl_ctx {
  st_gpu *gpu;
  st_kmodule *mod;       /* the workload's PTX, loaded by the runner */
  st_wl_size size;
  uint64_t seed;
  FILE *log;             /* progress and details (may be stdout) */
  const char *variant;   /* one of the descriptor's variants (its first by default), or NULL
                            when it lists none */
  const char *input;     /* one of the descriptor's inputs (its first by default), or NULL
                            when it lists none */
  char verdict[512];     /* the driver's one-line check result */
  /* Host threads of the CPU version (>= 1). The GPU driver's reference may
   * use them too: a CPU version's results never depend on the count. */
  int threads;
  /* CPU mode (desc->cpu, gpu and mod NULL): */
  const st_wl_cpu_timer *timer; /* NULL: the default repetitions */
  double cpu_seconds;    /* out: median wall seconds of one repetition (st_wl_cpu_time) */
  unsigned cpu_reps;     /* out: repetitions timed */
  uint64_t cpu_digest;   /* out: FNV-1a 64 of the outputs (st_wl_cpu_digest) */
} st_wl_ctx;

typedef struct st_workload_desc {
  const char *name;      /* short name, lower case: "bfs" */
  const char *title;     /* "breadth-first search (level-synchronous)" */
  const char *seeds;     /* seeds that use it and their abbreviation: "BAWS bfs, CAWA BFS" */
  const char *category;  /* category per seed: "BAWS barrier-intensive; DYNCTA Type-M" */
  const char *suite;     /* the source suite: "Rodinia", "Parboil", "NVIDIA SDK", "Mars",
                            "Pannotia", "GPGPU-Sim ISPASS-2009", "other" */
  const char *tables;    /* the seed tables that use it, each with its input:
                            "CAWA Table 3.2, 4.2 (65536 nodes); Ctrl-C Table 5.3 row 22
                            (65536 nodes)" */
  const char *ptx;       /* PTX file, relative to workloads/<name>/ */
  const char *small;     /* what the small size is ("4096 nodes, avg degree 8") */
  const char *paper;     /* what the paper size is */
  const char *medium;    /* what the medium size is */
  /* Versions of the same algorithm the workload can run, space-separated,
   * the default first ("flat cdp": the nested-parallel workloads' flat code
   * and device-side launches), or NULL for one version only. */
  const char *variants;
  /* Named input sets, space-separated, the default first ("citation
   * usa_road cage15 graph500"), or NULL for one input only. */
  const char *inputs;
  /* Generates inputs, runs every launch, checks against the CPU reference.
   * Returns ST_OK when the result is correct, ST_ERR_MISMATCH (with
   * ctx->verdict saying what differs) when it is not, or the error of a
   * failed API call (message in *err). */
  st_status (*run)(st_wl_ctx *ctx, st_error *err);
  /* The CPU version: what the workload's kernels compute, done on the host
   * with ctx->threads threads (OpenMP), for a heterogeneous CPU/GPU choice
   * (docs/units/heteropdp.md). Generates the same inputs as run() (size,
   * seed, input; the variant does not matter), times the kernels' work with
   * st_wl_cpu_time (input generation and checks excluded), then passes its
   * outputs to st_wl_cpu_digest. The digest is the same for every thread
   * count. ctx->gpu and ctx->mod are NULL. */
  st_status (*cpu)(st_wl_ctx *ctx, st_error *err);
} st_workload_desc;

/* Every registered workload, NULL-terminated (workloads/registry.c). */
extern const st_workload_desc *const st_workloads[];

/* Measured classes by the seeds' rules (workloads/classes.md), from
 * workloads/classes.tsv; NULL-terminated. */
typedef struct st_workload_classes {
  const char *name;
  const char *classes; /* "DYNCTA Type-M, BAWS not barrier-intensive, Ctrl-C CS, ..." */
} st_workload_classes;
extern const st_workload_classes st_workload_class_table[];

/* The measured classes of a workload, or NULL when not measured. */
const char *st_workload_classes_of(const char *name);

/* The workload with this name, or NULL. */
const st_workload_desc *st_workload_find(const char *name);

/* Runs a registered workload on gpu: loads its PTX from dir (workloads/<name>
 * under the source tree when NULL), then calls its driver with the default
 * variant and input. */
st_status st_workload_run_named(const st_workload_desc *wd, st_gpu *gpu, st_wl_size size,
                                uint64_t seed, const char *dir, FILE *log, char *verdict,
                                size_t verdict_size, st_error *err);

/* The same with a variant and an input (NULL: the default). One the
 * descriptor does not list is an error (ST_ERR_USAGE) naming the choices. */
st_status st_workload_run_choice(const st_workload_desc *wd, st_gpu *gpu, st_wl_size size,
                                 uint64_t seed, const char *variant, const char *input,
                                 const char *dir, FILE *log, char *verdict, size_t verdict_size,
                                 st_error *err);

/* Runs a workload's CPU version (wd->cpu) with the given threads and timer
 * (NULL: the default). Fills *seconds (median of one repetition), *reps,
 * *digest. A workload without one is ST_ERR_USAGE. */
st_status st_workload_cpu_choice(const st_workload_desc *wd, st_wl_size size, uint64_t seed,
                                 const char *input, int threads, const st_wl_cpu_timer *timer,
                                 FILE *log, double *seconds, unsigned *reps, uint64_t *digest,
                                 st_error *err);

/* True if word is one of the space-separated words of list. */
bool st_wl_word_in(const char *list, const char *word);

/* ---- helpers for drivers ---------------------------------------------- */

/* Deterministic generator for inputs (xoshiro256**). */
typedef struct st_wl_rng {
  uint64_t s[4];
} st_wl_rng;
void st_wl_rng_seed(st_wl_rng *r, uint64_t seed);
uint64_t st_wl_rng_next(st_wl_rng *r);
uint32_t st_wl_rng_below(st_wl_rng *r, uint32_t bound); /* uniform in [0, bound) */
float st_wl_rng_unit(st_wl_rng *r);                     /* uniform in [0, 1), 24 bits */

/* Allocates bytes on the GPU and copies host data in (host may be NULL for
 * a zero-filled buffer). */
st_status st_wl_upload(st_gpu *gpu, const void *host, uint64_t bytes, uint64_t *dptr,
                       st_error *err);

/* Compares n 32-bit words; fills ctx->verdict with the first difference.
 * Returns ST_OK or ST_ERR_MISMATCH. */
st_status st_wl_check_u32(st_wl_ctx *ctx, const char *what, const uint32_t *got,
                          const uint32_t *want, size_t n);

/* Compares n floats within a relative tolerance rel (and an absolute floor
 * abs for values near zero); NaN equals NaN. */
st_status st_wl_check_f32(st_wl_ctx *ctx, const char *what, const float *got, const float *want,
                          size_t n, float rel, float abs);

/* ---- helpers for CPU versions ----------------------------------------- */

/* Times fn(arg), the CPU version's work: calls it once or more (ctx->timer)
 * and adds the median seconds to ctx->cpu_seconds. A CPU version calls it
 * once, around the whole computation (the kernels' work and the small host
 * steps between launches that it needs to go on). fn must give the same
 * result on every call: it starts from its inputs each time (copying them
 * first when it works in place; the copy counts, as the GPU's transfers do). */
st_status st_wl_cpu_time(st_wl_ctx *ctx, void (*fn)(void *arg), void *arg);

/* The sort kernels' bitonic network (ss, str, wc, pvc, pvr) over n 64-bit
 * keys, ascending, step for step: every tile-key tile sorted on its own,
 * then for every larger stage each step of distance >= tile over the whole
 * array and the rest tile by tile. n and tile are powers of two, n >= tile.
 * The compare-exchanges of a step are disjoint, so the result is the same
 * on any number of threads. _region runs inside the caller's OpenMP
 * parallel region (its loops are `omp for`, each ending in a barrier). */
void st_wl_bitonic_u64(uint64_t *keys, uint32_t n, uint32_t tile, int threads);
void st_wl_bitonic_u64_region(uint64_t *keys, uint32_t n, uint32_t tile);

/* Adds bytes of output to ctx->cpu_digest (FNV-1a 64, in call order). */
void st_wl_cpu_digest(st_wl_ctx *ctx, const void *data, size_t bytes);

#endif
