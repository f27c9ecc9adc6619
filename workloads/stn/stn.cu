// STN: 3D 7-point Jacobi stencil in one persistent launch, with a software
// global barrier between time steps, in the shape of the stencil of Singh et
// al. (HPCA'13) that BAWS ran: 16 warps per CTA, and no more CTAs than the GPU
// keeps resident (2 per SM on the GTX480: 30), because every CTA spins at the
// barrier until all the others arrive.
//
// Each CTA owns a contiguous range of the (x, y) columns of the interior; a
// thread marches its column along z keeping the plane below, the centre and
// the plane above in registers (one new load of the z neighbours per point).
// Inputs and outputs alternate between the two buffers every step.
//
// The barrier: thread 0 of each CTA, after the CTA's __syncthreads, makes the
// CTA's writes visible (__threadfence), adds one to a global counter that only
// grows (no reset, so no reset race), and spins on a volatile load until the
// counter reaches (step + 1) * gridDim.x; a second __syncthreads releases the
// CTA. The spin loop waits on a load each turn, so a spinning warp stalls and
// every scheduler lets the other warps run.

__device__ static void grid_barrier(volatile unsigned *count, unsigned target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd((unsigned *)count, 1u);
    while (*count < target) {
    }
    __threadfence();
  }
  __syncthreads();
}

extern "C" __global__ void __launch_bounds__(512, 2) stn_jacobi(float *a, float *b, unsigned *count, int nx, int ny,
                                      int nz, int steps, float c0, float c1) {
  int cols = (nx - 2) * (ny - 2);
  int first = cols * (int)blockIdx.x / (int)gridDim.x;  // cols * gridDim.x < 2^31
  int last = cols * (int)(blockIdx.x + 1) / (int)gridDim.x;
  int plane = nx * ny;
  const float *in = a;
  float *out = b;
  for (int t = 0; t < steps; t++) {
    for (int c = first + threadIdx.x; c < last; c += blockDim.x) {
      int x = c % (nx - 2) + 1;
      int y = c / (nx - 2) + 1;
      int j = y * nx + x + plane;  // z = 1
      float below = in[j - plane];
      float centre = in[j];
#pragma unroll 1
      for (int z = 1; z < nz - 1; z++) {
        float above = in[j + plane];
        float s = in[j - 1] + in[j + 1];
        s = s + in[j - nx];
        s = s + in[j + nx];
        s = s + below;
        s = s + above;
        out[j] = c1 * s + c0 * centre;
        below = centre;
        centre = above;
        j += plane;
      }
    }
    grid_barrier(count, (unsigned)(t + 1) * gridDim.x);
    float *tmp = (float *)in;
    in = out;
    out = tmp;
  }
}
