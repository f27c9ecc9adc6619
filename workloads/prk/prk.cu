// PRK: PageRank as repeated sparse matrix-vector products, Pannotia's
// pagerank_spmv. Two set-up kernels run once: one fills the rank vector with
// 1/n and clears the accumulator, one turns the CSR graph into a matrix whose
// entry (v, u) is u's share of its rank, 1/outdeg(u) (a per-thread loop over
// the row). Then every iteration is two launches: a scalar CSR SpMV (one
// thread per row, a per-thread loop whose trip count is the row length, so
// the hubs of a power-law graph make a few threads of a warp run long) that
// adds A * rank into the accumulator, and an update that applies the damping
// (rank = 0.15/n + 0.85 * accumulated) and clears the accumulator.
// 64 threads per CTA, as in Pannotia.

extern "C" __global__ void prk_init_buffers(float *rank, float *next, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    rank[v] = 1.0f / (float)n;
    next[v] = 0.0f;
  }
}

// weight[e] of arc (v, u) = 1 / outdeg(u): what u hands each neighbour.
extern "C" __global__ void prk_init_weights(const int *row, const int *col, float *weight,
                                            const int *outdeg, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int end = row[v + 1];
    for (int e = row[v]; e < end; e++) weight[e] = 1.0f / (float)outdeg[col[e]];
  }
}

// next[v] += sum over the row of weight * rank[col], summed in row order.
extern "C" __global__ void prk_spmv(int n, const int *row, const int *col, const float *weight,
                                    const float *rank, float *next) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int begin = row[v], end = row[v + 1];
    float sum = 0.0f;
    for (int e = begin; e < end; e++) sum += weight[e] * rank[col[e]];
    next[v] += sum;
  }
}

extern "C" __global__ void prk_update(float *rank, float *next, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    rank[v] = 0.15f / (float)n + 0.85f * next[v];
    next[v] = 0.0f;
  }
}
