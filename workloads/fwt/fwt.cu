// FWT: dyadic convolution through the fast Walsh-Hadamard transform, in the
// structure of the CUDA SDK sample the seeds ran: a transform is a few
// global-memory radix-4 passes over the large strides (one launch each, 256
// threads per CTA) followed by one shared-memory kernel that finishes the
// 11 smallest strides of each 2048-element block with butterfly stages
// separated by barriers (512 threads = 16 warps per CTA, BAWS Table 2). The
// run transforms the data and the kernel, multiplies them pointwise, and
// transforms the product back.
//
// The Walsh-Hadamard levels commute, so large strides go first (global) and
// small ones last (shared). Every butterfly is an add and a subtract: the
// CPU reference that performs the same passes in the same order is exact.

#define FWT_BLOCK_LOG2 11
#define FWT_BLOCK (1 << FWT_BLOCK_LOG2)  // elements per shared-memory tile
#define FWT_BLOCK_THREADS (FWT_BLOCK / 4)

// One radix-4 pass over global memory: strides 2q and q. Thread g owns the
// quadruple i, i+q, i+2q, i+3q with i = (g / q) * 4q + g % q; n / 4 threads.
extern "C" __global__ void fwt_radix4_global(float *d, int q, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n / 4) return;
  int i = (g / q) * 4 * q + g % q;
  float a = d[i], b = d[i + q], c = d[i + 2 * q], e = d[i + 3 * q];
  float a1 = a + c, c1 = a - c, b1 = b + e, e1 = b - e;
  d[i] = a1 + b1;
  d[i + q] = a1 - b1;
  d[i + 2 * q] = c1 + e1;
  d[i + 3 * q] = c1 - e1;
}

// One radix-2 pass over global memory at stride h (used when the number of
// global levels is odd); n / 2 threads.
extern "C" __global__ void fwt_radix2_global(float *d, int h, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n / 2) return;
  int i = (g / h) * 2 * h + g % h;
  float a = d[i], b = d[i + h];
  d[i] = a + b;
  d[i + h] = a - b;
}

// The strides 1024 .. 1 of one 2048-element tile: load it coalesced into
// shared memory, five radix-4 stages (q = 512, 128, 32, 8, 2) and one radix-2
// stage (stride 1), a barrier after each, then store it back coalesced.
extern "C" __global__ void fwt_block_shared(float *d) {
  __shared__ float s[FWT_BLOCK];
  float *base = d + blockIdx.x * FWT_BLOCK;
  int t = threadIdx.x;
  for (int k = 0; k < 4; k++) s[t + k * FWT_BLOCK_THREADS] = base[t + k * FWT_BLOCK_THREADS];
  __syncthreads();
  for (int q = FWT_BLOCK / 4; q >= 2; q >>= 2) {
    int i = (t / q) * 4 * q + t % q;
    float a = s[i], b = s[i + q], c = s[i + 2 * q], e = s[i + 3 * q];
    float a1 = a + c, c1 = a - c, b1 = b + e, e1 = b - e;
    s[i] = a1 + b1;
    s[i + q] = a1 - b1;
    s[i + 2 * q] = c1 + e1;
    s[i + 3 * q] = c1 - e1;
    __syncthreads();
  }
  for (int k = 0; k < 2; k++) {
    int i = 2 * (t + k * FWT_BLOCK_THREADS);
    float a = s[i], b = s[i + 1];
    s[i] = a + b;
    s[i + 1] = a - b;
  }
  __syncthreads();
  for (int k = 0; k < 4; k++) base[t + k * FWT_BLOCK_THREADS] = s[t + k * FWT_BLOCK_THREADS];
}

// Pointwise product of the two spectra, scaled by 1/n (exact: n is a power of
// two): d[i] = (d[i] * k[i]) * scale.
extern "C" __global__ void fwt_modulate(float *d, const float *k, float scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = d[i] * k[i] * scale;
}
