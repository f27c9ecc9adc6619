// Static and dynamic shared memory, barriers with counts and reductions.
__shared__ float module_tile[64];

extern "C" __global__ void reduce_static(const float *in, float *out) {
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * blockDim.x + t];
  module_tile[t & 63] = buf[t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0] + module_tile[5];
}

extern "C" __global__ void reduce_dynamic(const int *in, int *out, int *flags) {
  extern __shared__ int dyn[];
  unsigned t = threadIdx.x;
  dyn[t] = in[blockIdx.x * blockDim.x + t];
  int cnt = __syncthreads_count(dyn[t] > 0);
  int all = __syncthreads_and(dyn[t] != 0);
  int any = __syncthreads_or(dyn[t] < -5);
  if (t == 0) {
    out[blockIdx.x] = cnt + dyn[blockDim.x - 1];
    flags[blockIdx.x] = all * 2 + any;
  }
}
