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
  ST_WL_PAPER      /* the seed's dataset size, or the nearest synthetic equivalent */
} st_wl_size;

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

#endif
