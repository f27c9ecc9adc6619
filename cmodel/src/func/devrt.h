/* The CUDA device runtime as built-in functions: what the executor does
 * when a thread calls one of the device-runtime externs that nvcc 13 emits
 * for device-side launches (ptx/ir.h st_builtin), and the interface to
 * whoever provides them (gpu/cdp.h).
 *
 * Each active lane of the call makes its own call, in lane order. The
 * arguments are read from the lane's call-site .param variables and the
 * return value written to its return variable; then the warp resumes after
 * the call. In timing mode the warp waits for the call's latency
 * (st_devrt_ops.cycles: A·x + b per warp, x the lanes that call). */
#ifndef SIMTREF_FUNC_DEVRT_H
#define SIMTREF_FUNC_DEVRT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "ptx/ir.h"

struct st_exec_env;
struct st_warp;

/* CUDA error codes the device runtime returns (cudaError_t). */
enum {
  ST_CUDA_SUCCESS = 0,
  ST_CUDA_INVALID_VALUE = 1,
  ST_CUDA_INVALID_CONFIGURATION = 9,
  ST_CUDA_LAUNCH_MAX_DEPTH_EXCEEDED = 65,
  ST_CUDA_LAUNCH_PENDING_COUNT_EXCEEDED = 69,
  ST_CUDA_INVALID_DEVICE_FUNCTION = 98,
  ST_CUDA_INVALID_RESOURCE_HANDLE = 400,
  ST_CUDA_NOT_SUPPORTED = 801
};

/* The CUDA 12 device runtime's special stream handles. */
#define ST_STREAM_TAIL_LAUNCH UINT64_C(3)   /* cudaStreamTailLaunch */
#define ST_STREAM_FIRE_AND_FORGET UINT64_C(4) /* cudaStreamFireAndForget */

/* Where a call is made: the thread and the instruction. */
typedef struct st_devrt_site {
  const struct st_exec_env *env; /* the calling kernel's environment (env->k, env->clock) */
  const struct st_warp *w;
  uint32_t lane;
  uint32_t pc;                   /* the call instruction */
  uint32_t x;                    /* lanes of the warp that make this call */
} st_devrt_site;

/* The provider of the device runtime. A hook returning other than ST_OK
 * stops the kernel with a fault at the call (its message in err). */
typedef struct st_devrt_ops {
  /* cudaGetParameterBuffer: a buffer in global memory for the arguments of
   * a launch of kernel entry `func` (its address), or 0 when no launch slot
   * is free. */
  st_status (*param_buffer)(void *ctx, const st_devrt_site *s, uint64_t func,
                            const uint32_t grid[3], const uint32_t block[3], uint32_t shmem,
                            uint64_t *buf, st_error *err);
  /* cudaLaunchDevice: launches the kernel of buffer buf on stream; *result
   * the cudaError_t. */
  st_status (*launch)(void *ctx, const st_devrt_site *s, uint64_t buf, uint64_t stream,
                      uint32_t *result, st_error *err);
  /* cudaLaunchAggGroup (DTBL): launches the aggregated group of buffer buf,
   * agg blocks of tb threads running entry func; *result the cudaError_t. */
  st_status (*launch_agg)(void *ctx, const st_devrt_site *s, uint64_t func, uint64_t buf,
                          const uint32_t agg[3], const uint32_t tb[3], uint32_t shmem,
                          uint32_t *result, st_error *err);
  /* cudaStreamCreateWithFlags: a new stream's handle. */
  uint32_t (*stream_create)(void *ctx, const st_devrt_site *s, uint32_t flags, uint64_t *stream);
  uint32_t (*stream_destroy)(void *ctx, const st_devrt_site *s, uint64_t stream);
  /* cudaGetLastError (reset) / cudaPeekAtLastError: the thread's last error. */
  uint32_t (*last_error)(void *ctx, const st_devrt_site *s, bool reset);
  /* Core cycles one warp spends in a call of kind made by x of its lanes. */
  uint32_t (*cycles)(void *ctx, st_builtin kind, uint32_t x);
} st_devrt_ops;

/* "kernel K, CTA (x, y, z), thread (x, y, z), at FILE:LINE:COL: INSTRUCTION"
 * for reports. */
void st_devrt_site_describe(const st_devrt_site *s, char *buf, size_t size);

#endif
