// SCP: dot products of many pairs of float vectors, in the shape of the CUDA SDK's scalar
// product sample that the seeds run: CTAs take whole pairs in a grid-stride loop; within a
// pair, the 512 threads fill 1024 shared-memory partial sums (slot k adds the products of
// elements k, k + 1024, k + 2048, ...; thread t owns slots t and t + 512), then halve the slots
// ten times with a barrier before each step, and thread 0 stores the result.
// 512 threads per CTA: BAWS Table 2 lists SP with 16 warps per TB (3 TBs per SM).
#define SLOTS 1024

extern "C" __global__ void scp_dot(float *result, const float *a, const float *b, int pairs,
                                   int length) {
  __shared__ float slot[SLOTS];
  for (int pair = blockIdx.x; pair < pairs; pair += gridDim.x) {
    const float *pa = a + (size_t)pair * length;
    const float *pb = b + (size_t)pair * length;
    for (int k = threadIdx.x; k < SLOTS; k += blockDim.x) {
      float acc = 0.0f;
      for (int i = k; i < length; i += SLOTS) {
        acc += pa[i] * pb[i];
      }
      slot[k] = acc;
    }
    for (int half = SLOTS / 2; half >= 1; half /= 2) {
      __syncthreads();
      for (int k = threadIdx.x; k < half; k += blockDim.x) {
        slot[k] = slot[k] + slot[k + half];
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      result[pair] = slot[0];
    }
  }
}
