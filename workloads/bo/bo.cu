// BO: binomialOptions (NVIDIA CUDA SDK). Prices European call options on a
// binomial tree of num_steps time steps (at most 2048), one CTA of 128
// threads per option. Each thread holds 16 consecutive nodes of the current
// level in registers; it computes the option's value at expiry for its
// leaves, then walks the tree back to the root: at every step each thread
// publishes its first node in shared memory, a barrier, reads its right
// neighbour's, a barrier, and updates its nodes from their two children
// (discounted up / down probabilities). Thread 0 writes the root. The
// per-option constants (spot, strike, v*sqrt(dt), discounted probabilities)
// are computed by the host and read from constant memory, as in the SDK.

#define BO_THREADS 128
#define BO_ELEMS 16
#define BO_MAX_STEPS (BO_THREADS * BO_ELEMS)
#define BO_MAX_OPTIONS 512

struct bo_option {
  float S;       // spot price
  float X;       // strike
  float vDt;     // volatility * sqrt(dt)
  float puByDf;  // up probability * discount factor
  float pdByDf;  // down probability * discount factor
};

__constant__ bo_option bo_opts[BO_MAX_OPTIONS];

// Value at expiry of the leaf i (i up-moves of num_steps): max(S u^i d^(n-i) - X, 0).
__device__ float bo_leaf(float S, float X, float vDt, int i, int num_steps) {
  float d = S * expf(vDt * (float)(2 * i - num_steps)) - X;
  return d > 0.0f ? d : 0.0f;
}

extern "C" __global__ void bo_kernel(float *call_value, int num_steps) {
  __shared__ float exchange[BO_THREADS + 1];
  const int tid = threadIdx.x;
  const float S = bo_opts[blockIdx.x].S;
  const float X = bo_opts[blockIdx.x].X;
  const float vDt = bo_opts[blockIdx.x].vDt;
  const float pu = bo_opts[blockIdx.x].puByDf;
  const float pd = bo_opts[blockIdx.x].pdByDf;
  // Nodes beyond num_steps are computed but never reach the root.
  float call[BO_ELEMS + 1];
#pragma unroll
  for (int k = 0; k < BO_ELEMS; k++) {
    call[k] = bo_leaf(S, X, vDt, min(tid * BO_ELEMS + k, num_steps), num_steps);
  }
  if (tid == 0) exchange[BO_THREADS] = bo_leaf(S, X, vDt, num_steps, num_steps);
  for (int i = num_steps; i > 0; i--) {
    exchange[tid] = call[0];
    __syncthreads();
    call[BO_ELEMS] = exchange[tid + 1];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BO_ELEMS; k++) call[k] = pu * call[k + 1] + pd * call[k];
  }
  if (tid == 0) call_value[blockIdx.x] = call[0];
}
