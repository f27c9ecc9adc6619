/* simtref-silicon: runs a workload file on a real NVIDIA GPU through the CUDA
 * driver API, loading the very PTX the simulator runs, and records the
 * output buffers as reference data.
 *
 *   simtref-silicon WORKLOAD.yaml OUTDIR
 *
 * Output buffers go to OUTDIR (named as the workload's `output:` keys), with
 * OUTDIR/inputs.fnv1a64 listing the FNV-1a hash of every init file, so a
 * test can tell whether recorded outputs still belong to today's inputs.
 * Expected files named in the workload are compared as `simtref run` does,
 * and the verdict is printed. Built only where the CUDA toolkit is found. */
#include <cuda.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/hash.h"
#include "simtref/workload.h"

static int cu_check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS) {
    return 0;
  }
  const char *name = NULL, *desc = NULL;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &desc);
  fprintf(stderr, "simtref-silicon: %s failed: %s (%s)\n", what, name ? name : "?",
          desc ? desc : "?");
  return 1;
}

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf != NULL) {
    buf[n] = 0;
    *len = (size_t)n;
  }
  return buf;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: simtref-silicon WORKLOAD.yaml OUTDIR\n");
    return 2;
  }
  st_error err;
  st_error_clear(&err);
  st_workload *wl = NULL;
  if (st_workload_load(argv[1], argv[2], &wl, &err) != ST_OK) {
    fprintf(stderr, "%s\n", err.msg);
    return 2;
  }
  size_t ptx_len = 0;
  uint8_t *ptx = slurp(wl->ptx, &ptx_len);
  if (ptx == NULL) {
    fprintf(stderr, "simtref-silicon: cannot read %s\n", wl->ptx);
    return 2;
  }
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  if (cu_check(cuInit(0), "cuInit") || cu_check(cuDeviceGet(&dev, 0), "cuDeviceGet") ||
      cu_check(cuCtxCreate(&ctx, NULL, 0, dev), "cuCtxCreate")) {
    return 1;
  }
  char log[8192] = "";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(uintptr_t)sizeof log};
  if (cu_check(cuModuleLoadDataEx(&mod, ptx, 2, opts, vals), "cuModuleLoadDataEx")) {
    fprintf(stderr, "%s\n", log);
    return 1;
  }
  char hash_path[ST_PATH_MAX];
  int hn = snprintf(hash_path, sizeof hash_path, "%s/inputs.fnv1a64", argv[2]);
  if (hn < 0 || (size_t)hn >= sizeof hash_path) {
    fprintf(stderr, "simtref-silicon: %s/inputs.fnv1a64 is longer than the limit of %d "
                    "characters (PATH_MAX - 1)\n", argv[2], ST_PATH_MAX - 1);
    return 2;
  }
  FILE *hashes = fopen(hash_path, "w");
  CUdeviceptr *dptr = calloc(wl->n_buffers + 1, sizeof *dptr);
  for (size_t i = 0; i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    if (cu_check(cuMemAlloc(&dptr[i], b->bytes ? b->bytes : 1), "cuMemAlloc") ||
        cu_check(cuMemsetD8(dptr[i], 0, b->bytes ? b->bytes : 1), "cuMemsetD8")) {
      return 1;
    }
    if (b->init[0] != '\0') {
      uint8_t *host = malloc(b->bytes ? b->bytes : 1);
      if (host == NULL || st_read_whole_file(b->init, host, b->bytes, &err) != ST_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
      }
      if (hashes != NULL) {
        fprintf(hashes, "%s %016" PRIx64 "\n", b->name,
                st_fnv1a64(ST_FNV1A64_INIT, host, b->bytes));
      }
      if (cu_check(cuMemcpyHtoD(dptr[i], host, b->bytes), "cuMemcpyHtoD")) {
        return 1;
      }
      free(host);
    }
  }
  if (hashes != NULL) {
    fclose(hashes);
  }
  for (size_t li = 0; li < wl->n_launches; li++) {
    const st_wl_launch *l = &wl->launches[li];
    CUfunction fn;
    if (cu_check(cuModuleGetFunction(&fn, mod, l->entry), l->entry)) {
      return 1;
    }
    uint64_t *vals64 = calloc(l->n_params + 1, sizeof *vals64);
    void **kargs = calloc(l->n_params + 1, sizeof *kargs);
    for (size_t p = 0; p < l->n_params; p++) {
      const st_wl_param *pa = &l->params[p];
      vals64[p] = pa->is_buffer ? (uint64_t)dptr[pa->buffer] + pa->offset : pa->arg.bits;
      /* little-endian: the low bytes hold narrower values; a struct passed by
       * value points at its bytes */
      kargs[p] = pa->arg.data != NULL ? (void *)pa->arg.data : &vals64[p];
    }
    if (cu_check(cuLaunchKernel(fn, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
                                l->block.z, l->shared_bytes, NULL, kargs, NULL),
                 "cuLaunchKernel") ||
        cu_check(cuCtxSynchronize(), l->entry)) {
      return 1;
    }
    free(vals64);
    free(kargs);
  }
  int status = 0;
  for (size_t i = 0; i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    if (b->output[0] == '\0') {
      continue;
    }
    uint8_t *host = malloc(b->bytes ? b->bytes : 1);
    if (host == NULL || cu_check(cuMemcpyDtoH(host, dptr[i], b->bytes), "cuMemcpyDtoH")) {
      return 1;
    }
    if (st_write_whole_file(b->output, host, b->bytes, &err) != ST_OK) {
      fprintf(stderr, "%s\n", err.msg);
      return 1;
    }
    if (b->expect[0] != '\0') {
      uint8_t *want = malloc(b->bytes ? b->bytes : 1);
      st_wl_verdict v;
      memset(&v, 0, sizeof v);
      if (want != NULL && st_read_whole_file(b->expect, want, b->bytes, &err) == ST_OK) {
        st_workload_compare(b, host, want, &v);
        printf("%s: buffer %s: %s%s%s\n", argv[1], b->name,
               v.match ? "matches the CPU reference" : "DIFFERS from the CPU reference",
               v.match ? "" : ": ", v.match ? "" : v.detail);
        if (!v.match) {
          status = 3;
        }
      }
      free(want);
    }
    free(host);
  }
  cuCtxDestroy(ctx);
  st_workload_free(wl);
  free(ptx);
  return status;
}
