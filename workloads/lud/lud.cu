// LUD: in-place LU decomposition (Doolittle, no pivoting) of an n x n
// row-major matrix, n a multiple of 16, blocked in 16x16 tiles. For each
// block step k the host launches three kernels:
//   lud_diagonal  (1 CTA of 16 threads) factors the diagonal block A_kk
//                 into L_kk (unit lower) and U_kk in shared memory;
//   lud_perimeter (one CTA of 32 threads per block to the right of / below
//                 the diagonal) computes U_kj = L_kk^-1 A_kj with threads 0-15
//                 (one column each) and L_jk = A_jk U_kk^-1 with threads 16-31
//                 (one row each);
//   lud_internal  (one 16x16 CTA per trailing block) updates
//                 A_ij -= L_ik U_kj from two shared tiles;
// and after the last step one more lud_diagonal for the last block. All three
// stage their tiles in shared memory and synchronise with barriers: the
// diagonal kernel twice per pivot, the others around the load and store.
//
// The updates x -= l * y are written as fmaf(-l, y, x): nvcc 13 leaves the
// plain expression as mul.f32 + sub.f32, which ptxas may or may not fuse, so
// a GPU and the PTX's literal semantics could round differently; the explicit
// fma.rn.f32 pins the rounding for both (and for the CPU reference).
#define LU_B 16

extern "C" __global__ void lud_diagonal(float *a, int n, int k) {
  __shared__ float d[LU_B][LU_B];
  int t = threadIdx.x;
  float *blk = a + (size_t)k * LU_B * n + k * LU_B;
  for (int r = 0; r < LU_B; r++) d[r][t] = blk[(size_t)r * n + t];
  __syncthreads();
  // Left-looking, two half-steps per pivot i, each closed by a barrier:
  // column i of L (thread t owns row t > i), then row i + 1 of U (thread t
  // owns column t > i). Row 0 of U is row 0 of the block.
  for (int i = 0; i < LU_B - 1; i++) {
    if (t > i) {
      float x = d[t][i];
      for (int j = 0; j < i; j++) x = fmaf(-d[t][j], d[j][i], x);
      d[t][i] = x / d[i][i];
    }
    __syncthreads();
    if (t > i) {
      float x = d[i + 1][t];
      for (int j = 0; j <= i; j++) x = fmaf(-d[i + 1][j], d[j][t], x);
      d[i + 1][t] = x;
    }
    __syncthreads();
  }
  for (int r = 0; r < LU_B; r++) blk[(size_t)r * n + t] = d[r][t];
}

extern "C" __global__ void lud_perimeter(float *a, int n, int k) {
  __shared__ float dg[LU_B][LU_B];
  __shared__ float up[LU_B][LU_B];
  __shared__ float lf[LU_B][LU_B];
  int t = threadIdx.x;
  int c = t % LU_B;   // column (U part) or row (L part) this thread owns
  bool upper = t < LU_B;
  int j = k + 1 + blockIdx.x;
  float *diag = a + (size_t)k * LU_B * n + k * LU_B;
  float *ublk = a + (size_t)k * LU_B * n + j * LU_B;   // A_kj, becomes U_kj
  float *lblk = a + (size_t)j * LU_B * n + k * LU_B;   // A_jk, becomes L_jk
  // Threads 0-15 load the U block and the diagonal's upper half, 16-31 the L
  // block and its lower half; every load is a 16-word row segment.
  for (int r = 0; r < LU_B / 2; r++) {
    int dr = upper ? r : r + LU_B / 2;
    dg[dr][c] = diag[(size_t)dr * n + c];
  }
  for (int r = 0; r < LU_B; r++) {
    if (upper) {
      up[r][c] = ublk[(size_t)r * n + c];
    } else {
      lf[r][c] = lblk[(size_t)r * n + c];
    }
  }
  __syncthreads();
  if (upper) {
    // Forward substitution with unit-lower L_kk, column c.
    for (int p = 0; p < LU_B - 1; p++) {
      float u = up[p][c];
      for (int i = p + 1; i < LU_B; i++) up[i][c] = fmaf(-dg[i][p], u, up[i][c]);
    }
  } else {
    // Row c of L_jk: solve x U_kk = row, one column at a time.
    for (int p = 0; p < LU_B; p++) {
      float l = lf[c][p] / dg[p][p];
      lf[c][p] = l;
      for (int q = p + 1; q < LU_B; q++) lf[c][q] = fmaf(-l, dg[p][q], lf[c][q]);
    }
  }
  __syncthreads();
  for (int r = 0; r < LU_B; r++) {
    if (upper) {
      ublk[(size_t)r * n + c] = up[r][c];
    } else {
      lblk[(size_t)r * n + c] = lf[r][c];
    }
  }
}

extern "C" __global__ void lud_internal(float *a, int n, int k) {
  __shared__ float lt[LU_B][LU_B];
  __shared__ float ut[LU_B][LU_B];
  int tx = threadIdx.x, ty = threadIdx.y;
  int bi = k + 1 + blockIdx.y, bj = k + 1 + blockIdx.x;
  lt[ty][tx] = a[(size_t)(bi * LU_B + ty) * n + k * LU_B + tx];
  ut[ty][tx] = a[(size_t)(k * LU_B + ty) * n + bj * LU_B + tx];
  __syncthreads();
  float sum = 0.0f;
#pragma unroll
  for (int p = 0; p < LU_B; p++) sum += lt[ty][p] * ut[p][tx];
  a[(size_t)(bi * LU_B + ty) * n + bj * LU_B + tx] -= sum;
}
