// Device-side launches as nvcc 13 emits them (CUDA 12+ device runtime):
// a parent that launches children per block on the default stream, as a
// tail launch and fire-and-forget, nested two levels, with arguments of 1,
// 4 and 8 bytes and a pointer. Compiled with -rdc=true; regen-ptx.sh makes
// cdp.ptx. docs/cdp.md says what the model does with it.
#include <cstdint>

__global__ void grandchild(unsigned *out, unsigned base) {
  out[base + threadIdx.x] += 1000u;
}

__global__ void child(unsigned *out, unsigned char tag, int base, long long add) {
  unsigned i = (unsigned)base + threadIdx.x;
  out[i] = (unsigned)(out[i] + tag + (unsigned)add);
  if (threadIdx.x == 0) {
    grandchild<<<1, blockDim.x>>>(out, (unsigned)base);
  }
}

__global__ void tail(unsigned *out, unsigned n, unsigned *sum) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) {
    s += out[i];
  }
  *sum = s;
}

__global__ void forget(unsigned *flags) {
  flags[blockIdx.x] = 1u;
}

__global__ void parent(unsigned *out, unsigned *sum, unsigned *flags, unsigned n) {
  unsigned base = blockIdx.x * blockDim.x;
  out[base + threadIdx.x] = base + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    child<<<1, blockDim.x>>>(out, (unsigned char)(blockIdx.x + 1), (int)base,
                             (long long)blockIdx.x << 33 | 7);
    forget<<<1, 1, 0, cudaStreamFireAndForget>>>(flags);
    if (blockIdx.x == 0) {
      tail<<<1, 1, 0, cudaStreamTailLaunch>>>(out, n, sum);
    }
  }
}
