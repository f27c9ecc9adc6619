// HISTO: saturating 8-bit histogram of a large array of bin indices, in the
// shape of the Parboil benchmark BAWS ran (16 warps per CTA): every CTA of a
// persistent grid builds a private sub-histogram of all 4096 bins in shared
// memory (16 KiB, so 3 CTAs fit an SM's 48 KiB), with shared-memory atomics
// over a grid-stride sweep of the input, then merges its non-zero bins into a
// global 32-bit histogram with global atomics. Barriers separate clearing,
// counting and merging. A second kernel saturates the global counts to 8 bits
// and clears them for the next repetition.

#define HISTO_BINS 4096

extern "C" __global__ void histo_main(const unsigned *in, int n, unsigned *global_hist) {
  __shared__ unsigned sub[HISTO_BINS];
  for (int b = threadIdx.x; b < HISTO_BINS; b += blockDim.x) sub[b] = 0;
  __syncthreads();
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    atomicAdd(&sub[in[i]], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < HISTO_BINS; b += blockDim.x) {
    unsigned c = sub[b];
    if (c != 0) atomicAdd(&global_hist[b], c);
  }
}

extern "C" __global__ void histo_final(unsigned *global_hist, unsigned char *out) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= HISTO_BINS) return;
  unsigned c = global_hist[b];
  out[b] = (unsigned char)(c < 255u ? c : 255u);
  global_hist[b] = 0;
}
