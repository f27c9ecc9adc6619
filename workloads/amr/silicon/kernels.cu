// The amr and bht kernels for a real GPU: the same CUDA sources, compiled by
// nvcc with relocatable device code, and a table from entry name to kernel.
#include <cstring>

#include "../amr.cu"
#include "../../bht/bht.cu"

// A real GPU has no dynamic thread-block launch (dtbl.cuh): this definition
// links the dtbl kernels, which cuda_run does not run (no table entry).
extern "C" __device__ cudaError_t cudaLaunchAggGroup(void *, void *, dim3, dim3, unsigned int) {
  return cudaErrorNotSupported;
}

extern "C" const void *silicon_kernel(const char *name) {
  static const struct {
    const char *name;
    const void *fn;
  } table[] = {
      {"amr_flat_base", (const void *)amr_flat_base},
      {"amr_flat_level", (const void *)amr_flat_level},
      {"amr_cdp", (const void *)amr_cdp},
      {"bht_flat", (const void *)bht_flat},
      {"bht_open", (const void *)bht_open},
  };
  for (const auto &e : table) {
    if (strcmp(e.name, name) == 0) return e.fn;
  }
  return nullptr;
}
