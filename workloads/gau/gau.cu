// GAU: Gaussian elimination without pivoting in the shape of Rodinia's gaussian CUDA benchmark
// that the seeds run. The host loops over the pivots t = 0 .. n-2 and launches two kernels per
// pivot:
//  - gau_fan1: one thread per row below the pivot (1D CTAs of 512 threads, as many CTAs as cover
//    n rows) computes the row's multiplier m[row][t] = a[row][t] / a[t][t].
//  - gau_fan2: a 2D grid of 4x4-thread CTAs covering the whole n x n matrix (the grid does not
//    shrink with t; the threads outside the remaining sub-matrix return at once); each thread
//    updates one element a[row][col] -= m[row][t] * a[t][col] of the rows below the pivot and
//    the columns from the pivot on, and the threads of the first remaining column also update
//    the right-hand side b[row] -= m[row][t] * b[t].
// The matrices are row-major, n x n floats.

extern "C" __global__ void gau_fan1(const float *a, float *m, int n, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1 - t) {
    return;
  }
  int row = i + 1 + t;
  m[n * row + t] = a[n * row + t] / a[n * t + t];
}

extern "C" __global__ void gau_fan2(float *a, float *b, const float *m, int n, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; // row offset below the pivot
  int j = blockIdx.y * blockDim.y + threadIdx.y; // column offset from the pivot
  if (i >= n - 1 - t || j >= n - t) {
    return;
  }
  int row = i + 1 + t, col = j + t;
  float mult = m[n * row + t];
  a[n * row + col] -= mult * a[n * t + col];
  if (j == 0) {
    b[row] -= mult * b[t];
  }
}
