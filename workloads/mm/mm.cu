// MM: dense matrix multiply C = A * B (row-major floats), tiled through
// shared memory. Each CTA of 16x16 threads (8 warps) computes one 16x16 tile
// of C. It walks the shared dimension one 16-wide phase at a time: every
// thread loads one element of the A tile and one of the B tile (coalesced rows),
// a barrier makes the tiles visible, each thread accumulates 16 products from
// shared memory, and a second barrier protects the tiles before the next
// phase overwrites them. Two barriers per phase, one launch per run.
#define MM_TILE 16

// a: ha x wa, b: wa x wb, c: ha x wb; ha, wa, wb are multiples of MM_TILE.
extern "C" __global__ void mm_tiled(const float *a, const float *b, float *c, int wa, int wb) {
  __shared__ float ta[MM_TILE][MM_TILE];
  __shared__ float tb[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  const float *pa = a + (size_t)row * wa + tx;
  const float *pb = b + (size_t)ty * wb + col;
  float acc = 0.0f;
  for (int k0 = 0; k0 < wa; k0 += MM_TILE) {
    ta[ty][tx] = pa[k0];
    tb[ty][tx] = pb[(size_t)k0 * wb];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < MM_TILE; k++) {
      acc += ta[ty][k] * tb[k][tx];
    }
    __syncthreads();
  }
  c[(size_t)row * wb + col] = acc;
}
