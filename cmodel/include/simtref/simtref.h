/* The simtref host API: a CUDA-runtime-like interface to a simulated GPU.
 *
 *   st_gpu *gpu;  st_error err;
 *   st_gpu_create(&cfg, &gpu, &err);
 *   uint64_t a;   st_malloc(gpu, n * 4, &a, &err);
 *   st_memcpy_htod(gpu, a, host, n * 4, &err);
 *   st_kmodule *m; st_module_load_file(gpu, "k.ptx", &m, &err);
 *   st_arg args[] = {ST_ARG_PTR(a), ST_ARG_S32(n)};
 *   st_launch(gpu, m, "_Z6kernelPfi", st_dim3_make(64,1,1), st_dim3_make(256,1,1), 0, args, 2, &err);
 *   st_synchronize(gpu, &err);            // runs what was launched
 *   st_memcpy_dtoh(gpu, host, a, n * 4, &err);
 *   st_gpu_destroy(gpu);
 *
 * Every call returns ST_OK or an error status with a message in *err. Launches
 * are queued (on the default stream, or on a stream of st_stream_create with
 * st_launch_on) and run by st_synchronize (a copy also synchronises first, as
 * with CUDA's blocking copies). A kernel that faults
 * or deadlocks makes st_synchronize return ST_ERR_FAULT or ST_ERR_DEADLOCK
 * with a report; the GPU stays usable for inspection but later launches are
 * dropped.
 */
#ifndef SIMTREF_SIMTREF_H
#define SIMTREF_SIMTREF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simtref/config.h"
#include "simtref/error.h"
#include "simtref/stats.h"
#include "simtref/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_gpu st_gpu;
typedef struct st_kmodule st_kmodule;

typedef struct st_dim3 {
  uint32_t x, y, z;
} st_dim3;

static inline st_dim3 st_dim3_make(uint32_t x, uint32_t y, uint32_t z) {
  st_dim3 d = {x, y, z};
  return d;
}

/* A kernel argument: raw little-endian bits and their size in bytes (1, 2, 4
 * or 8). A device pointer is an 8-byte argument. A parameter of any other
 * size (a struct or byte array passed by value, `.param .align A .b8 p[N]`)
 * takes its bytes from `data` (ST_ARG_BYTES): exactly the parameter's size,
 * copied at launch. */
typedef struct st_arg {
  uint64_t bits;
  uint32_t size;
  const void *data; /* NULL: the value is in bits */
} st_arg;

#define ST_ARG_BYTES(ptr, n) ((st_arg){0, (uint32_t)(n), (const void *)(ptr)})

#define ST_ARG_PTR(p) ((st_arg){(uint64_t)(p), 8, NULL})
#define ST_ARG_U64(v) ((st_arg){(uint64_t)(v), 8, NULL})
#define ST_ARG_S64(v) ((st_arg){(uint64_t)(int64_t)(v), 8, NULL})
#define ST_ARG_U32(v) ((st_arg){(uint64_t)(uint32_t)(v), 4, NULL})
#define ST_ARG_S32(v) ((st_arg){(uint64_t)(uint32_t)(int32_t)(v), 4, NULL})
#define ST_ARG_U16(v) ((st_arg){(uint64_t)(uint16_t)(v), 2, NULL})
#define ST_ARG_U8(v) ((st_arg){(uint64_t)(uint8_t)(v), 1, NULL})
/* Floats are passed by their bits: ST_ARG_BITS32(bits) / ST_ARG_F32(x). */
#define ST_ARG_BITS32(b) ((st_arg){(uint64_t)(uint32_t)(b), 4, NULL})
#define ST_ARG_BITS64(b) ((st_arg){(uint64_t)(b), 8, NULL})
st_arg st_arg_f32(float x);
st_arg st_arg_f64(double x);

/* Creates a GPU from a resolved configuration. */
st_status st_gpu_create(const st_config *cfg, st_gpu **out, st_error *err);
/* Destroys a GPU and everything allocated on it. NULL is allowed. */
void st_gpu_destroy(st_gpu *gpu);
/* The configuration the GPU was created with. */
const st_config *st_gpu_config(const st_gpu *gpu);

/* Device memory. Addresses are 64-bit device virtual addresses, aligned to
 * 256 bytes. Freeing an address that malloc did not return is an error. */
st_status st_malloc(st_gpu *gpu, uint64_t bytes, uint64_t *dptr, st_error *err);
st_status st_free(st_gpu *gpu, uint64_t dptr, st_error *err);
st_status st_memcpy_htod(st_gpu *gpu, uint64_t dst, const void *src, uint64_t bytes,
                         st_error *err);
st_status st_memcpy_dtoh(st_gpu *gpu, void *dst, uint64_t src, uint64_t bytes, st_error *err);
st_status st_memset(st_gpu *gpu, uint64_t dst, uint8_t value, uint64_t bytes, st_error *err);

/* Loads a PTX module (file or text). Its .global and .const variables are
 * allocated and initialised on the GPU. The module lives until the GPU is
 * destroyed. */
st_status st_module_load_file(st_gpu *gpu, const char *path, st_kmodule **out, st_error *err);
st_status st_module_load_text(st_gpu *gpu, const char *text, size_t len, const char *name,
                              st_kmodule **out, st_error *err);
/* Device address of a module-scope .global or .const variable. */
st_status st_module_symbol(st_gpu *gpu, st_kmodule *mod, const char *name, uint64_t *dptr,
                           uint64_t *bytes, st_error *err);

/* Queues a launch of entry. The argument count and sizes must match the
 * entry's parameters; grid and block must be non-zero and within the limits
 * (1024 threads per block, block z <= 64, grid y, z <= 65535). */
st_status st_launch(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 grid,
                    st_dim3 block, uint32_t shared_bytes, const st_arg *args, size_t n_args,
                    st_error *err);

/* Streams. Launches on one stream run one after another; in timing mode,
 * launches on different streams may run at once: up to
 * gpu.max_concurrent_kernels kernels are resident, their blocks share the
 * SMs (an SM may hold blocks of several kernels), placed by the
 * thread-block scheduler oldest kernel first. Stream 0 is the default
 * stream, an ordinary stream (as CUDA's per-thread default stream).
 * Functional mode runs every launch in launch order. st_stream_create
 * returns a new stream's number. */
st_status st_stream_create(st_gpu *gpu, uint32_t *stream, st_error *err);

/* st_launch on a stream (0 or one st_stream_create returned). */
st_status st_launch_on(st_gpu *gpu, uint32_t stream, st_kmodule *mod, const char *entry,
                       st_dim3 grid, st_dim3 block, uint32_t shared_bytes, const st_arg *args,
                       size_t n_args, st_error *err);

/* Sets SM sm's clock to hz (timing mode) from its next cycle boundary on;
 * the other SMs, the front end (gpu.core_clock: kernel management, the
 * thread-block scheduler, the `cycles` statistic) and the memory system
 * keep theirs. Idle-cycle skipping stays exact across unequal clocks. */
st_status st_gpu_set_sm_clock(st_gpu *gpu, uint32_t sm, int64_t hz, st_error *err);

/* CTAs of entry, launched with this block shape and dynamic shared memory,
 * that one SM of this GPU holds at once (the simulator's occupancy rule:
 * CTA slots, threads, shared memory and registers per thread estimated from
 * the PTX and its .maxnreg / .minnctapersm directives). Kernels that need
 * co-resident CTAs size their grid with it. With cta_scheduler.policy
 * static it is at most cta_scheduler.limit; with dyncta it is at most 1,
 * the CTAs per SM that policy guarantees to issue (its limit n may fall to
 * 1, and CTAs beyond n wait unissued). */
st_status st_kernel_occupancy(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 block,
                              uint32_t shared_bytes, uint32_t *ctas_per_sm, st_error *err);

/* Runs every queued launch to completion. */
st_status st_synchronize(st_gpu *gpu, st_error *err);

/* An observer of device-to-host copies: called after every st_memcpy_dtoh
 * with the bytes copied. Tests use it to compare a run with a recording of
 * the same program on a real GPU. */
typedef void (*st_copy_observer)(void *ctx, const void *data, uint64_t bytes);
void st_gpu_observe_copies(st_gpu *gpu, st_copy_observer fn, void *ctx);

/* A recorder of host API calls, in call order, for replaying a run elsewhere
 * (`simtref run --export-cuda`, docs/export-cuda.md). Each call that
 * succeeded is reported once, after it took effect:
 *   MALLOC  dptr, bytes                 FREE    dptr
 *   HTOD    dptr, bytes, data           DTOH    dptr, bytes, data (read)
 *   MEMSET  dptr, bytes, value          STREAM  stream (the new id)
 *   SYMBOL  name, module, dptr, bytes   (st_module_symbol resolved it)
 *   LAUNCH  name (entry), module (its PTX source name), grid, block,
 *           shared_bytes, stream, args, n_args
 *   SYNC */
typedef enum st_api_event_kind {
  ST_API_MALLOC,
  ST_API_FREE,
  ST_API_HTOD,
  ST_API_DTOH,
  ST_API_MEMSET,
  ST_API_STREAM,
  ST_API_SYMBOL,
  ST_API_LAUNCH,
  ST_API_SYNC
} st_api_event_kind;

typedef struct st_api_event {
  st_api_event_kind kind;
  uint64_t dptr, bytes;
  const void *data;
  uint8_t value;
  const char *name, *module;
  st_dim3 grid, block;
  uint32_t shared_bytes, stream;
  const st_arg *args;
  size_t n_args;
} st_api_event;

typedef void (*st_api_recorder)(void *ctx, const st_api_event *ev);
void st_gpu_record_api(st_gpu *gpu, st_api_recorder fn, void *ctx);

/* Traces unit `unit` (its RTL module name, `simtref units`) into f, which
 * the caller keeps open while kernels run. A unit with a trace of its own
 * writes that (DYNCTA: one CSV line per sampling window with each SM's limit
 * n, docs/units/dyncta.md); any other writes one CSV line per evaluation of
 * each instance with its inputs, outputs and registers (docs/units/README.md).
 * Fails (ST_ERR_USAGE) for an unknown unit, a unit the configuration does not
 * use, functional mode, or a unit traced twice. */
st_status st_gpu_trace_unit(st_gpu *gpu, const char *unit, FILE *f, st_error *err);

/* Writes the power model's samples to f (CSV, one row per power.sample_cycles
 * core cycles: the power of every SM and of every part, each SM's clock and
 * occupancy; docs/power.md), which the caller keeps open while kernels run.
 * Fails (ST_ERR_USAGE) in functional mode, with power.enabled false, or when
 * given twice. */
st_status st_gpu_trace_power(st_gpu *gpu, FILE *f, st_error *err);

/* Counters of everything run so far on this GPU. */
typedef struct st_run_totals {
  uint64_t kernels;
  uint64_t ctas;
  uint64_t warp_insts;
  uint64_t thread_insts;
  uint64_t cycles;        /* core cycles (timing mode) */
  double wall_seconds;    /* host time spent simulating */
  const char *stopped_by; /* "sim.max_insts" or "sim.max_cycles" once that limit stopped a
                             kernel (ST_ERR_LIMIT), else NULL */
} st_run_totals;

st_run_totals st_gpu_totals(const st_gpu *gpu);

/* Where a run stands, for a status line (st_gpu_set_progress). Counts are
 * cumulative as st_gpu_totals's: every earlier kernel of this GPU plus the
 * running kernels so far. */
typedef struct st_progress {
  const char *kernel;     /* entry name of the running kernel (timing mode: the oldest
                             resident one of a host launch, else the oldest resident) */
  uint64_t launch;        /* the host launch it belongs to: 1 for the GPU's first st_launch */
  uint64_t kernels_done;  /* kernels finished (device launches included) */
  uint64_t cycles;        /* core cycles (timing mode; 0 in functional mode) */
  uint64_t thread_insts;
  uint64_t max_insts;     /* sim.max_insts, 0: no budget */
  double wall_seconds;    /* host time spent simulating, this synchronization included */
  int functional;         /* 1 in functional mode */
} st_progress;

typedef void (*st_progress_fn)(void *ctx, const st_progress *p);

/* Calls fn(ctx, p) while kernels run, at most four times a second of host
 * time (NULL: no calls). The first call comes as soon as a run is under way
 * (the caller decides when to show anything). fn must not call back into
 * this GPU. A hook never changes what runs: results and statistics are the
 * same with one and without. */
void st_gpu_set_progress(st_gpu *gpu, st_progress_fn fn, void *ctx);

/* Statistics of each kernel run in timing mode, in launch order. */
size_t st_gpu_kernel_count(const st_gpu *gpu);
const st_statset *st_gpu_kernel_stats(const st_gpu *gpu, size_t i);

/* The criticality profile (docs/latency-study.md): from now on, record
 * every warp of every timing-mode launch (its execution time and probe
 * categories). */
st_status st_gpu_record_criticality(st_gpu *gpu, st_error *err);
/* Writes what was recorded to path (a temporary name, then renamed);
 * workload names the workload and its size/arguments in the header. */
st_status st_gpu_write_criticality(st_gpu *gpu, const char *path, const char *workload,
                                   st_error *err);
/* Reads the CAWS oracle (sm.caws_profile) now, under a CAWS policy, and
 * checks that it profiled `workload` (NULL: no check). Without this call it
 * is read, unchecked for the workload, at the first launch. */
st_status st_gpu_load_caws_profile(st_gpu *gpu, const char *workload, st_error *err);

/* Statistics of everything run so far (in functional mode: counts and
 * rate only). out must have been initialised with st_statset_init. */
void st_gpu_run_stats(st_gpu *gpu, st_statset *out);

#ifdef __cplusplus
}
#endif

#endif
