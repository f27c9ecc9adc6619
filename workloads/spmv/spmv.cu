// SPMV: y = A x for a sparse matrix A in CSR form, one thread per row (the scalar CSR kernel).
// Each thread walks its row's nonzeros: a loop whose trip count is the row length, with
// gathers from x through the column indices, so warps diverge on uneven rows and the loads
// of x scatter. 256 threads per CTA.
extern "C" __global__ void spmv_csr_scalar(const int *row_ptr, const int *col_idx,
                                           const float *val, const float *x, float *y,
                                           int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0.0f;
    int end = row_ptr[row + 1];
    for (int j = row_ptr[row]; j < end; j++) {
      sum += val[j] * x[col_idx[j]];
    }
    y[row] = sum;
  }
}
