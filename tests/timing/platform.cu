// Kernels of the platform tests (tests/timing/test_concurrent.c,
// test_sm_clocks.c): a compute loop that records where and when each block
// ran, and a dependent-load chase. PTX: platform.ptx (regen-ptx.sh).

// Each thread runs `iters` steps of a 32-bit linear congruential generator
// from its global index; thread 0 of each block records its SM and the SM
// clock (%clock64) before and after the loop.
extern "C" __global__ void plat_work(unsigned *rec, unsigned *out, int iters) {
  unsigned smid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  long long t0 = clock64();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = i;
  for (int k = 0; k < iters; k++) {
    x = x * 1664525u + 1013904223u;
  }
  out[i] = x;
  __syncthreads();
  long long t1 = clock64();
  if (threadIdx.x == 0) {
    rec[3 * blockIdx.x] = smid;
    rec[3 * blockIdx.x + 1] = (unsigned)t0;
    rec[3 * blockIdx.x + 2] = (unsigned)t1;
  }
}

// Each thread follows `steps` links of the permutation `next` from its
// global index; records as plat_work.
extern "C" __global__ void plat_chase(const unsigned *next, unsigned *rec, unsigned *out,
                                      int steps) {
  unsigned smid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  long long t0 = clock64();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned p = i;
  for (int s = 0; s < steps; s++) {
    p = next[p];
  }
  out[i] = p;
  __syncthreads();
  long long t1 = clock64();
  if (threadIdx.x == 0) {
    rec[3 * blockIdx.x] = smid;
    rec[3 * blockIdx.x + 1] = (unsigned)t0;
    rec[3 * blockIdx.x + 2] = (unsigned)t1;
  }
}
