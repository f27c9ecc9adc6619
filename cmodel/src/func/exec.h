/* Functional execution of warp instructions: bit-exact PTX semantics over
 * the warp state of warp.h. Executing an instruction updates registers,
 * memory, the SIMT stack and barriers immediately; the caller (the
 * functional run loop, or the timing model at issue) decides when. */
#ifndef SIMTREF_FUNC_EXEC_H
#define SIMTREF_FUNC_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "func/gmem.h"
#include "func/warp.h"
#include "ptx/ir.h"

/* A module loaded on a GPU: the parsed IR plus the device addresses of its
 * .global and .const variables. */
typedef struct st_kmodule {
  st_module *ir;
  uint64_t *sym_addr;      /* per symbol: device address of global/const variables */
  uint64_t global_base;    /* allocation holding the module's .global variables */
  uint64_t const_base;     /* allocation holding the module's .const variables */
  uint32_t *frame_bytes;   /* per function: local frame + parameter frame, 16-aligned */
  uint32_t *stack_bytes;   /* per function: deepest per-thread stack of a call from it */
  uint32_t *reg_rows;      /* per function: deepest register use of a call from it */
  uint32_t *rows;          /* per function: the same in register-file rows (st_function.rows) */
  struct st_tinst *tinst;  /* per instruction: timing decode (core/decode.h) */
  uint32_t *est_regs;      /* per function: registers per thread estimated from the PTX */
  uint32_t index;          /* modules loaded on the GPU before this one */
  struct st_kmodule *next;
} st_kmodule;

/* One kernel launch, resolved against its module. */
typedef struct st_kernel {
  st_kmodule *kmod;
  const st_module *mod;
  const st_function *entry;
  uint32_t entry_index;
  const char *name;
  st_dim3 grid, block;
  uint32_t threads_per_cta;
  uint32_t warps_per_cta;
  uint64_t num_ctas;
  uint32_t static_shared;  /* module + entry static .shared bytes */
  uint32_t dyn_shared;     /* dynamic shared bytes of the launch */
  uint32_t shared_total;   /* static + dynamic (dynamic aligned to 16) */
  uint32_t regs_per_thread;
  uint32_t local_stride;   /* per-thread local stack bytes */
  uint32_t reg_rows;       /* registers a warp names (entry + deepest calls) */
  uint32_t rows;           /* register-file rows a warp needs (entry + deepest calls) */
  uint8_t *params;         /* kernel parameter buffer */
  uint32_t param_size;
  uint64_t launch_id;      /* sequence number on the GPU (%gridid) */
  uint32_t stream;         /* the stream it was launched on (0: the default stream) */
  uint32_t depth;          /* 0: launched by the host; n: by a grid of depth n - 1 */
} st_kernel;

/* Execution environment shared by every warp of a launch. */
typedef struct st_exec_env {
  const st_kernel *k;
  st_gmem *gmem;
  uint32_t nsmid;          /* SMs on the GPU */
  uint32_t nwarpid;        /* warp slots per SM */
  uint64_t clock;          /* core clock cycle, for %clock/%clock64 */
  uint64_t time_ns;        /* simulated time, for %globaltimer */
  st_error *err;           /* receives a fault report */
  const struct st_devrt_ops *devrt; /* the device runtime (func/devrt.h), or NULL: none */
  void *devrt_ctx;
  /* Where the instruction's access record goes (space SP_NONE: none): NULL
   * for the warp's own (st_warp.access); timing mode gives its flight's. */
  st_mem_access *access;
} st_exec_env;

typedef enum st_exec_result {
  ST_EXEC_OK = 0,      /* executed; the warp may continue */
  ST_EXEC_BARRIER,     /* executed a barrier and now waits at it */
  ST_EXEC_RELEASED,    /* executed a barrier arrival that released it */
  ST_EXEC_DONE,        /* the warp's last threads exited */
  ST_EXEC_FAULT        /* a fault: report in env->err */
} st_exec_result;

/* Creates CTA `linear` of kernel k (its coordinates, warps, zeroed shared
 * memory) for SM smid, CTA slot `slot` there. */
st_status st_cta_create(const st_kernel *k, uint64_t linear, uint32_t smid, uint32_t slot,
                        st_cta **out, st_error *err);
void st_cta_destroy(st_cta *cta);
/* Makes cta, a CTA of kernel k from st_cta_create (finished or not), CTA
 * `linear` of k for SM smid, slot `slot`, exactly as st_cta_create would make
 * it, but in the memory cta already holds: the functional run loop reuses a
 * slot's CTA so that a grid of many CTAs does not allocate (and the host
 * zero-fill anew) each one's registers. On failure cta is still st_cta_destroy's to free. */
st_status st_cta_reuse(st_cta *cta, const st_kernel *k, uint64_t linear, uint32_t smid,
                       uint32_t slot, st_error *err);

/* A warp of cta finished: it no longer counts towards the CTA's barriers,
 * which may release. */
void st_cta_warp_finished(st_cta *cta);

/* Sets up warp w of CTA cta for kernel k: allocates its registers and local
 * stack and points its SIMT stack at the entry. valid is the mask of lanes
 * that hold threads. */
st_status st_warp_init(st_warp *w, st_cta *cta, uint32_t index, uint32_t valid,
                       const st_kernel *k, st_error *err);
/* st_warp_init again for a warp that was set up before (its registers,
 * local stack and SIMT stack reused and zeroed when k needs the same sizes). */
st_status st_warp_reinit(st_warp *w, st_cta *cta, uint32_t index, uint32_t valid,
                         const st_kernel *k, st_error *err);
void st_warp_free(st_warp *w);

/* Executes the instruction at w's PC for its active threads. */
st_exec_result st_exec_warp(st_exec_env *env, st_warp *w);

/* Releases barrier `id` of cta if every expected warp has arrived: wakes the
 * waiting warps and delivers bar.red results. Returns true if released. */
bool st_cta_try_release(st_cta *cta, uint32_t id);

/* Describes a warp's state for deadlock reports ("warp 3: PC 17 (k.ptx:40)
 * bar.sync 0, waiting at barrier 0, 32 threads active"). */
void st_warp_describe(const st_kernel *k, const st_warp *w, char *buf, size_t size);

#endif
