// Kernels of the memory and scale benchmark (bench/memory_bench.sh) and of its
// test (tests/cli/memory_scale.sh). fill writes every stride-th 16-byte element
// of a buffer of n elements with a pattern of its index; verify reads the same
// elements back, counts those that differ and those it read, and adds both to
// result[0] and result[1]. Both loop over the grid, so any grid covers any
// buffer: one element per thread for a large grid, many for a large buffer.
__device__ __forceinline__ unsigned pattern(unsigned long long i, unsigned seed) {
  return (unsigned)i * 2654435761u + seed;
}

extern "C" __global__ void fill(uint4 *buf, unsigned long long n, unsigned long long stride,
                                unsigned seed) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x * stride;
  for (unsigned long long i = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * stride;
       i < n; i += step) {
    unsigned long long w = i * 4;
    buf[i] = make_uint4(pattern(w, seed), pattern(w + 1, seed), pattern(w + 2, seed),
                        pattern(w + 3, seed));
  }
}

extern "C" __global__ void verify(const uint4 *buf, unsigned long long n,
                                  unsigned long long stride, unsigned seed, unsigned *result) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x * stride;
  unsigned bad = 0, seen = 0;
  for (unsigned long long i = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * stride;
       i < n; i += step) {
    unsigned long long w = i * 4;
    uint4 v = buf[i];
    bad += (v.x != pattern(w, seed)) + (v.y != pattern(w + 1, seed)) +
           (v.z != pattern(w + 2, seed)) + (v.w != pattern(w + 3, seed));
    seen++;
  }
  if (seen != 0) {
    atomicAdd(&result[0], bad);
    atomicAdd(&result[1], seen);
  }
}
