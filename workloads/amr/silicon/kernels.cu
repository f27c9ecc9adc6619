// The amr and bht kernels for a real GPU: the same CUDA sources, compiled by
// nvcc with relocatable device code, and a table from entry name to kernel.
#include <cstring>

#include "../amr.cu"
#include "../../bht/bht.cu"

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
