// Atomics and reductions on global and shared memory.
extern "C" __global__ void histogram(const unsigned *in, unsigned *bins, int n) {
  __shared__ unsigned local_bins[32];
  if (threadIdx.x < 32) local_bins[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&local_bins[in[i] & 31], 1u);
  __syncthreads();
  if (threadIdx.x < 32) atomicAdd(&bins[threadIdx.x], local_bins[threadIdx.x]);
}

extern "C" __global__ void atomic_mix(int *p, float *f, unsigned long long *q, double *d) {
  int old = atomicCAS(&p[0], 0, threadIdx.x);
  atomicMax(&p[1], old);
  atomicMin(&p[2], (int)threadIdx.x);
  atomicExch(&p[3], 7);
  atomicInc((unsigned *)&p[4], 100u);
  atomicDec((unsigned *)&p[5], 100u);
  atomicAnd(&p[6], 0xff);
  atomicOr(&p[7], 1 << (threadIdx.x & 31));
  atomicXor(&p[8], 3);
  atomicAdd(f, 1.5f);
  atomicAdd(q, 2ull);
  atomicAdd(d, 0.25);
  int r = atomicSub(&p[9], 1);
  p[10 + threadIdx.x] = r;
}
