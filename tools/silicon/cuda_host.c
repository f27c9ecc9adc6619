/* The simtref host API (cmodel/include/simtref/simtref.h) implemented on a
 * real NVIDIA GPU through the CUDA driver API, so that the suite's host
 * drivers run unchanged on silicon and their results can be recorded as
 * reference data (tools/silicon/workload_copies.c). Only what the drivers
 * use is implemented; statistics are empty. Built where the CUDA toolkit is. */
#include <cuda.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "simtref/simtref.h"

struct st_gpu {
  st_config cfg;
  CUcontext ctx;
  CUdevice dev;
  st_copy_observer observe;
  void *observe_ctx;
};

struct st_kmodule {
  CUmodule mod;
};

static st_status cu_err(st_error *err, CUresult r, const char *what) {
  const char *name = NULL;
  cuGetErrorName(r, &name);
  return st_error_set(err, ST_ERR_INTERNAL, "%s: CUDA error %s", what, name ? name : "?");
}

#define CU(call, what)                  \
  do {                                  \
    CUresult r_ = (call);               \
    if (r_ != CUDA_SUCCESS) {           \
      return cu_err(err, r_, what);     \
    }                                   \
  } while (0)

st_arg st_arg_f32(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  return ST_ARG_BITS32(b);
}

st_arg st_arg_f64(double x) {
  uint64_t b;
  memcpy(&b, &x, 8);
  return ST_ARG_BITS64(b);
}

st_status st_gpu_create(const st_config *cfg, st_gpu **out, st_error *err) {
  st_gpu *g = calloc(1, sizeof *g);
  if (g == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  g->cfg = *cfg;
  CU(cuInit(0), "cuInit");
  CU(cuDeviceGet(&g->dev, 0), "cuDeviceGet");
  CU(cuCtxCreate(&g->ctx, NULL, 0, g->dev), "cuCtxCreate");
  *out = g;
  return ST_OK;
}

void st_gpu_destroy(st_gpu *gpu) {
  if (gpu != NULL) {
    cuCtxDestroy(gpu->ctx);
    free(gpu);
  }
}

const st_config *st_gpu_config(const st_gpu *gpu) { return &gpu->cfg; }

void st_gpu_observe_copies(st_gpu *gpu, st_copy_observer fn, void *ctx) {
  gpu->observe = fn;
  gpu->observe_ctx = ctx;
}

st_status st_malloc(st_gpu *gpu, uint64_t bytes, uint64_t *dptr, st_error *err) {
  (void)gpu;
  CUdeviceptr p;
  CU(cuMemAlloc(&p, bytes ? bytes : 1), "cuMemAlloc");
  CU(cuMemsetD8(p, 0, bytes ? bytes : 1), "cuMemsetD8"); /* the simulator zero-fills */
  *dptr = (uint64_t)p;
  return ST_OK;
}

st_status st_free(st_gpu *gpu, uint64_t dptr, st_error *err) {
  (void)gpu;
  CU(cuMemFree((CUdeviceptr)dptr), "cuMemFree");
  return ST_OK;
}

st_status st_memcpy_htod(st_gpu *gpu, uint64_t dst, const void *src, uint64_t bytes,
                         st_error *err) {
  (void)gpu;
  if (bytes) {
    CU(cuMemcpyHtoD((CUdeviceptr)dst, src, bytes), "cuMemcpyHtoD");
  }
  return ST_OK;
}

st_status st_memcpy_dtoh(st_gpu *gpu, void *dst, uint64_t src, uint64_t bytes, st_error *err) {
  if (bytes) {
    CU(cuMemcpyDtoH(dst, (CUdeviceptr)src, bytes), "cuMemcpyDtoH");
    if (gpu->observe != NULL) {
      gpu->observe(gpu->observe_ctx, dst, bytes);
    }
  }
  return ST_OK;
}

st_status st_memset(st_gpu *gpu, uint64_t dst, uint8_t value, uint64_t bytes, st_error *err) {
  (void)gpu;
  if (bytes) {
    CU(cuMemsetD8((CUdeviceptr)dst, value, bytes), "cuMemsetD8");
  }
  return ST_OK;
}

st_status st_module_load_file(st_gpu *gpu, const char *path, st_kmodule **out, st_error *err) {
  (void)gpu;
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: cannot open", path);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  size_t got = text ? fread(text, 1, (size_t)n, f) : 0;
  fclose(f);
  if (text == NULL || got != (size_t)n) {
    free(text);
    return st_error_set(err, ST_ERR_IO, "%s: cannot read", path);
  }
  text[n] = '\0';
  st_kmodule *m = calloc(1, sizeof *m);
  char log[8192] = "";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  CUresult r = cuModuleLoadDataEx(&m->mod, text, 2, opts, vals);
  free(text);
  if (r != CUDA_SUCCESS) {
    free(m);
    return st_error_set(err, ST_ERR_PTX, "%s: the driver rejected the PTX: %s", path, log);
  }
  *out = m;
  return ST_OK;
}

st_status st_module_symbol(st_gpu *gpu, st_kmodule *mod, const char *name, uint64_t *dptr,
                           uint64_t *bytes, st_error *err) {
  (void)gpu;
  CUdeviceptr p;
  size_t n;
  CU(cuModuleGetGlobal(&p, &n, mod->mod, name), name);
  *dptr = (uint64_t)p;
  if (bytes != NULL) {
    *bytes = n;
  }
  return ST_OK;
}

st_status st_kernel_occupancy(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 block,
                              uint32_t shared_bytes, uint32_t *ctas_per_sm, st_error *err) {
  (void)gpu;
  CUfunction fn;
  int n = 0;
  CU(cuModuleGetFunction(&fn, mod->mod, entry), entry);
  CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, (int)(block.x * block.y * block.z),
                                                  shared_bytes),
     "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  *ctas_per_sm = (uint32_t)n;
  return ST_OK;
}

st_status st_launch(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 grid, st_dim3 block,
                    uint32_t shared_bytes, const st_arg *args, size_t n_args, st_error *err) {
  (void)gpu;
  CUfunction fn;
  CU(cuModuleGetFunction(&fn, mod->mod, entry), entry);
  uint64_t vals[64];
  void *ptrs[64];
  if (n_args > 64) {
    return st_error_set(err, ST_ERR_USAGE, "too many arguments");
  }
  for (size_t i = 0; i < n_args; i++) {
    vals[i] = args[i].bits; /* little-endian: a narrower value is in the low bytes */
    ptrs[i] = args[i].data != NULL ? (void *)args[i].data : &vals[i]; /* by-value bytes */
  }
  if (shared_bytes > 48 * 1024) {
    CU(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)shared_bytes),
       "cuFuncSetAttribute");
  }
  CU(cuLaunchKernel(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes, NULL,
                    ptrs, NULL),
     entry);
  return ST_OK;
}

st_status st_synchronize(st_gpu *gpu, st_error *err) {
  (void)gpu;
  CU(cuCtxSynchronize(), "kernel");
  return ST_OK;
}

st_run_totals st_gpu_totals(const st_gpu *gpu) {
  (void)gpu;
  st_run_totals t;
  memset(&t, 0, sizeof t);
  return t;
}
