/* Runs the amr and bht drivers (workloads/amr/amr.c, workloads/bht/bht.c)
 * on a real NVIDIA GPU: the subset of the host API they use (simtref.h),
 * implemented with the CUDA runtime, and the kernels compiled by nvcc with
 * the device runtime (kernels.cu). Each driver checks the GPU's results
 * against its CPU reference, as it does in the simulator.
 *   cuda_run [small|paper] [NAME VARIANT]...   (default: small, all four) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "simtref/error.h"
#include "workload.h"

const void *silicon_kernel(const char *name);

extern const st_workload_desc st_wl_amr, st_wl_bht;
const st_workload_desc *const st_workloads[] = {&st_wl_amr, &st_wl_bht, NULL};
const st_workload_classes st_workload_class_table[] = {{NULL, NULL}};

/* workload.c's runner loads PTX; here the kernels are linked in. */
st_status st_module_load_file(st_gpu *gpu, const char *path, st_kmodule **out, st_error *err) {
  (void)gpu;
  (void)path;
  (void)err;
  *out = NULL;
  return ST_OK;
}

static st_status cuda_fail(st_error *err, cudaError_t e, const char *what) {
  err->code = ST_ERR_FAULT;
  snprintf(err->msg, sizeof err->msg, "%s: %s", what, cudaGetErrorString(e));
  return ST_ERR_FAULT;
}

st_status st_malloc(st_gpu *gpu, uint64_t bytes, uint64_t *dptr, st_error *err) {
  (void)gpu;
  void *p = NULL;
  cudaError_t e = cudaMalloc(&p, bytes ? bytes : 1);
  if (e != cudaSuccess) return cuda_fail(err, e, "cudaMalloc");
  e = cudaMemset(p, 0, bytes ? bytes : 1);
  if (e != cudaSuccess) return cuda_fail(err, e, "cudaMemset");
  *dptr = (uint64_t)(uintptr_t)p;
  return ST_OK;
}

st_status st_free(st_gpu *gpu, uint64_t dptr, st_error *err) {
  (void)gpu;
  cudaError_t e = cudaFree((void *)(uintptr_t)dptr);
  return e == cudaSuccess ? ST_OK : cuda_fail(err, e, "cudaFree");
}

st_status st_memcpy_htod(st_gpu *gpu, uint64_t dst, const void *src, uint64_t bytes,
                         st_error *err) {
  (void)gpu;
  cudaError_t e = cudaMemcpy((void *)(uintptr_t)dst, src, bytes, cudaMemcpyHostToDevice);
  return e == cudaSuccess ? ST_OK : cuda_fail(err, e, "cudaMemcpy to the device");
}

st_status st_memcpy_dtoh(st_gpu *gpu, void *dst, uint64_t src, uint64_t bytes, st_error *err) {
  (void)gpu;
  cudaError_t e = cudaMemcpy(dst, (const void *)(uintptr_t)src, bytes, cudaMemcpyDeviceToHost);
  return e == cudaSuccess ? ST_OK : cuda_fail(err, e, "cudaMemcpy to the host");
}

st_status st_launch(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 grid, st_dim3 block,
                    uint32_t shared_bytes, const st_arg *args, size_t n_args, st_error *err) {
  (void)gpu;
  (void)mod;
  const void *fn = silicon_kernel(entry);
  if (fn == NULL) {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "no kernel %s", entry);
    return ST_ERR_USAGE;
  }
  void *p[16];
  for (size_t i = 0; i < n_args && i < 16; i++) {
    p[i] = args[i].data != NULL ? (void *)args[i].data : (void *)&args[i].bits;
  }
  dim3 g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z};
  cudaError_t e = cudaLaunchKernel(fn, g, b, p, shared_bytes, 0);
  return e == cudaSuccess ? ST_OK : cuda_fail(err, e, entry);
}

st_status st_synchronize(st_gpu *gpu, st_error *err) {
  (void)gpu;
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaGetLastError();
  return e == cudaSuccess ? ST_OK : cuda_fail(err, e, "cudaDeviceSynchronize");
}

int main(int argc, char **argv) {
  int paper = argc > 1 && strcmp(argv[1], "paper") == 0;
  const char *def[] = {"amr", "flat", "amr", "cdp", "bht", "flat", "bht", "cdp"};
  const char **list = def;
  int n = 4;
  if (argc > 3) {
    list = (const char **)argv + 2;
    n = (argc - 2) / 2;
  }
  const char *pending = getenv("SILICON_PENDING"); /* the device runtime's pending-launch limit */
  if (pending != NULL) cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, strtoul(pending, NULL, 0));
  struct cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) printf("device: %s\n", prop.name);
  int failed = 0;
  for (int i = 0; i < n; i++) {
    const st_workload_desc *wd = strcmp(list[2 * i], "amr") == 0 ? &st_wl_amr : &st_wl_bht;
    st_wl_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.size = paper ? ST_WL_PAPER : ST_WL_SMALL;
    ctx.seed = 1;
    ctx.log = stdout;
    ctx.variant = list[2 * i + 1];
    ctx.threads = ST_WL_REFERENCE_THREADS;
    st_error err;
    err.code = ST_OK;
    err.msg[0] = 0;
    printf("%s --variant %s --size %s\n", wd->name, ctx.variant, paper ? "paper" : "small");
    fflush(stdout);
    st_status rc = wd->run(&ctx, &err);
    printf("  check: %s\n  %s%s%s\n", ctx.verdict, rc == ST_OK ? "PASS" : "FAIL",
           err.msg[0] ? ": " : "", err.msg);
    failed += rc != ST_OK;
  }
  return failed != 0;
}
