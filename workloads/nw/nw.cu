// NW: Needleman-Wunsch global alignment of two sequences of length n (a
// multiple of 16). score is (n+1) x (n+1), row-major, with row 0 and column 0
// preset to the gap penalties; ref holds the substitution score of every pair
// at the same positions. Cell (i, j) = max(NW + ref, W - penalty, N - penalty).
//
// The matrix is cut into 16x16 blocks, processed one block anti-diagonal per
// launch: nw_upper for the diagonals that grow (1, 2, ... n/16 blocks), then
// nw_lower for those that shrink. A CTA of 16 threads (half a warp) owns one
// block: it loads the block's substitution scores (16x16) and the score row
// above and column left of it (17 + 16 values) into shared memory, sweeps the
// block's 31 cell anti-diagonals with a barrier after each (thread t owns
// column t), and writes the 16x16 results back row by row.
#define NW_B 16

__device__ __forceinline__ void nw_block(const int *ref, int *score, int n, int penalty, int bi,
                                         int bj) {
  __shared__ int sc[NW_B + 1][NW_B + 1];
  __shared__ int rf[NW_B][NW_B];
  int t = threadIdx.x;
  int stride = n + 1;
  int base = bi * NW_B * stride + bj * NW_B;  // score index of the block's north-west corner
  for (int r = 0; r < NW_B; r++) {
    rf[r][t] = ref[base + (r + 1) * stride + 1 + t];
  }
  if (t == 0) sc[0][0] = score[base];
  sc[0][t + 1] = score[base + 1 + t];
  sc[t + 1][0] = score[base + (t + 1) * stride];
  __syncthreads();
  for (int m = 0; m < 2 * NW_B - 1; m++) {
    // Row m - t, taken modulo 32 so that rows before the wave (negative) and
    // after it (16 .. 30) both land in 16 .. 31 and fail the test. (Written
    // as m - t with r >= 0, nvcc -O3 strength-reduces the shared addresses
    // into 32-bit registers that go below zero before an immediate offset
    // brings them back, which simtref does not wrap; see README.md.)
    int r = (m - t) & (2 * NW_B - 1);
    if (r < NW_B) {
      int diag = sc[r][t] + rf[r][t];
      int west = sc[r + 1][t] - penalty;
      int north = sc[r][t + 1] - penalty;
      sc[r + 1][t + 1] = max(diag, max(west, north));
    }
    __syncthreads();
  }
  for (int r = 0; r < NW_B; r++) {
    score[base + (r + 1) * stride + 1 + t] = sc[r + 1][t + 1];
  }
}

// Block anti-diagonal d (0 .. n/16 - 1): CTA b owns block (d - b, b).
extern "C" __global__ void nw_upper(const int *ref, int *score, int n, int penalty, int d) {
  nw_block(ref, score, n, penalty, d - blockIdx.x, blockIdx.x);
}

// Block anti-diagonal n/16 - 1 + d (d = 1 .. n/16 - 1): CTA b owns block
// (n/16 - 1 - b, d + b).
extern "C" __global__ void nw_lower(const int *ref, int *score, int n, int penalty, int d) {
  int nb = n / NW_B;
  nw_block(ref, score, n, penalty, nb - 1 - blockIdx.x, d + blockIdx.x);
}
