// Kernels for the timing-mode benchmark (bench/timing_bench.c): a vector add
// (memory-bound streaming) and a tiled matrix multiply (shared memory,
// barriers, fused multiply-adds). The BFS case runs the suite's bfs.
#define TILE 16

extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// C = A x B for n x n row-major matrices, n a multiple of TILE; one CTA of
// TILE x TILE threads per output tile.
extern "C" __global__ void mm_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k = 0; k < n; k += TILE) {
    as[ty][tx] = a[row * n + k + tx];
    bs[ty][tx] = b[(k + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE; j++) {
      acc = fmaf(as[ty][j], bs[j][tx], acc);
    }
    __syncthreads();
  }
  c[row * n + col] = acc;
}
