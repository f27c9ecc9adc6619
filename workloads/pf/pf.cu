// PF: particle filter tracking a disk through a noisy video, in the shape of Rodinia's
// particlefilter (float version) that the seeds run. The host loops over the frames 1 .. nfr-1
// and launches four kernels per frame, all on 1D CTAs of 512 threads, one thread per particle:
//  - pf_likelihood: each particle starts from its resampled position, moves by a random step
//    (x + 1 + 5 randn, y - 2 + 2 randn; the normal deviates come from the particle's own
//    linear congruential generator), computes the video indices of the disk's pixels around its
//    rounded position (stored in a global index array), the likelihood (the mean of a per-pixel
//    log-likelihood ratio between the object's and the background's intensity) and its weight
//    (1/N) exp(likelihood); the CTA then sums its weights in shared memory (a halving tree with
//    a barrier per step) into a partial sum per CTA.
//  - pf_sum: one thread adds the partial sums, builds the cumulative distribution of the
//    normalised weights (a serial loop over all particles) and draws the first point u1 of the
//    systematic resampling from particle 0's generator.
//  - pf_normalize: each thread divides its weight by the sum and places its point
//    u[i] = u1 + i/N.
//  - pf_find_index: each thread searches the distribution linearly for the first entry >= u[i]
//    and takes that particle's position as its resampled position.

#define NT 512
#define LCG_A 1103515245u
#define LCG_C 12345u

// Uniform in [0, 1) from the top 24 bits of the particle's generator.
__device__ float randu(unsigned *seed, int i) {
  unsigned s = seed[i] * LCG_A + LCG_C;
  seed[i] = s;
  return (float)(s >> 8) * (1.0f / 16777216.0f);
}

// Approximately normal: the sum of 12 uniforms, less 6.
__device__ float randn(unsigned *seed, int i) {
  float r = 0.0f;
  for (int k = 0; k < 12; k++) {
    r += randu(seed, i);
  }
  return r - 6.0f;
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    pf_likelihood(float *ax, float *ay, const float *xj, const float *yj, int *ind,
                  const int *objxy, float *lik, const unsigned char *video, float *weights,
                  int n, int ones, int max_size, int k, int iszy, int nfr, unsigned *seed,
                  float *partial) {
  __shared__ float buf[NT];
  int tid = threadIdx.x;
  int i = blockIdx.x * NT + tid;
  if (i < n) {
    ax[i] = xj[i];
    ay[i] = yj[i];
    weights[i] = 1.0f / (float)n;
    ax[i] = ax[i] + (1.0f + 5.0f * randn(seed, i));
    ay[i] = ay[i] + (-2.0f + 2.0f * randn(seed, i));
  }
  __syncthreads();
  if (i < n) {
    int rx = (int)floorf(ax[i] + 0.5f), ry = (int)floorf(ay[i] + 0.5f);
    for (int j = 0; j < ones; j++) {
      int x = rx + objxy[2 * j + 1], y = ry + objxy[2 * j];
      int id = abs(x * iszy * nfr + y * nfr + k);
      if (id >= max_size) {
        id = 0;
      }
      ind[i * ones + j] = id;
    }
    float sum = 0.0f;
    for (int j = 0; j < ones; j++) {
      float v = (float)video[ind[i * ones + j]];
      sum += ((v - 100.0f) * (v - 100.0f) - (v - 228.0f) * (v - 228.0f)) / 400.0f;
    }
    lik[i] = sum / (float)ones;
    weights[i] = weights[i] * expf(lik[i]);
  }
  buf[tid] = i < n ? weights[i] : 0.0f;
  __syncthreads();
  for (int s = NT / 2; s > 0; s >>= 1) {
    if (tid < s) {
      buf[tid] += buf[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = buf[0];
  }
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    pf_sum(float *partial, int nblocks, const float *weights, float *cdf, float *u1, int n,
           unsigned *seed) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i != 0) {
    return;
  }
  float sum = 0.0f;
  for (int b = 0; b < nblocks; b++) {
    sum += partial[b];
  }
  partial[0] = sum;
  float acc = weights[0] / sum;
  cdf[0] = acc;
  for (int j = 1; j < n; j++) {
    acc = acc + weights[j] / sum;
    cdf[j] = acc;
  }
  u1[0] = (1.0f / (float)n) * randu(seed, 0);
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    pf_normalize(float *weights, int n, const float *partial, float *u, const float *u1) {
  __shared__ float sum, first;
  int i = blockIdx.x * NT + threadIdx.x;
  if (threadIdx.x == 0) {
    sum = partial[0];
    first = u1[0];
  }
  __syncthreads();
  if (i < n) {
    weights[i] = weights[i] / sum;
    u[i] = first + (float)i / (float)n;
  }
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    pf_find_index(const float *ax, const float *ay, const float *cdf, const float *u, float *xj,
                  float *yj, int n) {
  int i = blockIdx.x * NT + threadIdx.x;
  if (i >= n) {
    return;
  }
  int index = -1;
  float ui = u[i];
  for (int x = 0; x < n; x++) {
    if (cdf[x] >= ui) {
      index = x;
      break;
    }
  }
  if (index == -1) {
    index = n - 1;
  }
  xj[i] = ax[index];
  yj[i] = ay[index];
}
