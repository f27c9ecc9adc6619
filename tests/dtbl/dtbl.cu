// DTBL's group launch (docs/units/dtbl.md) on small known programs.
//
// recurse: each block of `tree` adds (level + 1) to out[level * 64 + its
//   index within its group] and, below level 3, thread 0 launches a group of
//   two blocks of `tree` itself (Fig. 12a, the group joins its own kernel).
//   From one host block: level l has 2^l blocks, so out[l * 64 + b] is
//   (l + 1) * 2^l / 2 for b < 2 when l > 0 ... see tests/cli/dtbl.sh.
// expand: each thread of `parent` launches a group of `child` (Fig. 12b)
//   of ceil(n / 32) blocks of 32 threads; child adds 1 to a[i] for i < n,
//   and records the SM each child block ran on beside its parent's.
#include <cuda_runtime.h>

#include "../../workloads/common/dtbl.cuh"

extern "C" __global__ void tree(unsigned *out, unsigned level) {
  if (threadIdx.x == 0) atomicAdd(&out[level * 64 + blockIdx.x], level + 1);
  if (threadIdx.x == 0 && level < 3) {
    struct args { unsigned *out; unsigned level; };
    dim3 agg(2, 1, 1), tb(blockDim.x, 1, 1);
    args *p = (args *)cudaGetParameterBufferV2((void *)tree, agg, tb, 0);
    if (p != 0) {
      p->out = out;
      p->level = level + 1;
      cudaLaunchAggGroup((void *)tree, p, agg, tb, 0);
    }
  }
}

extern "C" __global__ void child(unsigned *a, unsigned n, unsigned *sm, unsigned parent_sm) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&a[i], 1u);
  unsigned s;
  asm("mov.u32 %0, %%smid;" : "=r"(s));
  if (threadIdx.x == 0) atomicAdd(&sm[s == parent_sm ? 0 : 1], 1u);
}

extern "C" __global__ void parent(unsigned *a, unsigned n, unsigned *sm) {
  struct args { unsigned *a; unsigned n; unsigned *sm; unsigned parent_sm; };
  unsigned s;
  asm("mov.u32 %0, %%smid;" : "=r"(s));
  dim3 agg((n + 31) / 32, 1, 1), tb(32, 1, 1);
  args *p = (args *)cudaGetParameterBufferV2((void *)child, agg, tb, 0);
  if (p != 0) {
    p->a = a;
    p->n = n;
    p->sm = sm;
    p->parent_sm = s;
    cudaLaunchAggGroup((void *)child, p, agg, tb, 0);
  }
}
