// DTBL launch errors (tests/cli/dtbl.sh): each kernel makes one bad group
// launch from thread 0 and stores the returned code.
#include <cuda_runtime.h>

#include "../../workloads/common/dtbl.cuh"

extern "C" __global__ void leaf(unsigned *out) { out[blockIdx.x] = 1; }
extern "C" __global__ void other(unsigned *out) { out[0] = 2; }

// A block of no threads.
extern "C" __global__ void bad_shape(unsigned *out, unsigned *code) {
  dim3 agg(1, 1, 1), tb(0, 1, 1);
  void *p = cudaGetParameterBufferV2((void *)leaf, agg, tb, 0);
  *(unsigned **)p = out;
  *code = (unsigned)cudaLaunchAggGroup((void *)leaf, p, agg, tb, 0);
}

// A parameter buffer made for another kernel.
extern "C" __global__ void wrong_buffer(unsigned *out, unsigned *code) {
  dim3 agg(1, 1, 1), tb(32, 1, 1);
  void *p = cudaGetParameterBufferV2((void *)other, agg, tb, 0);
  *(unsigned **)p = out;
  *code = (unsigned)cudaLaunchAggGroup((void *)leaf, p, agg, tb, 0);
}

// A function address that is no kernel.
extern "C" __global__ void no_kernel(unsigned *out, unsigned *code) {
  dim3 agg(1, 1, 1), tb(32, 1, 1);
  void *p = cudaGetParameterBufferV2((void *)leaf, agg, tb, 0);
  *(unsigned **)p = out;
  *code = (unsigned)cudaLaunchAggGroup((void *)((char *)leaf + 4), p, agg, tb, 0);
}
