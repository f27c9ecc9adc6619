// Kernels for the functional-mode benchmark (bench/func_bench.c). Each stresses
// a different part of the executor: memory instructions, ALU loops, barriers
// with shared memory, and divergent control flow.
extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" __global__ void alu_loop(unsigned *out, int iters) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  float f = (float)x;
  for (int k = 0; k < iters; k++) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
    f = fmaf(f, 0.999f, (float)(x & 255));
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x ^ __float_as_uint(f);
}

extern "C" __global__ void reduce(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void diverge(unsigned *out, int iters) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < iters; k++) {
    if ((x + k) % 3 == 0) {
      acc += x * k;
    } else if ((x ^ k) & 1) {
      acc ^= acc >> 3;
    } else {
      acc -= k;
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
