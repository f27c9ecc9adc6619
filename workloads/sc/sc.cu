// SC: the pgain kernel of streamcluster (Rodinia), the part of the online
// k-median search that the seeds ran on the GPU. For a candidate facility x,
// each thread takes one point: it computes the point's weighted squared
// distance to x (x's coordinates staged in shared memory behind one barrier;
// point coordinates stored dimension-major, so a warp's loads coalesce) and
// compares it with the point's current cost. A point that would switch to x
// records its saving in column k of its own row of the work matrix; one that
// would not records, under its current centre's column, what moving it to x
// would cost should that centre close. The host sums the columns and decides
// whether opening x (and closing centres) pays off, then calls again with the
// next candidate. 512 threads per CTA.

#define SC_MAX_DIM 128

struct sc_point {
  float weight;
  int assign;  // index of the point that is its centre
  float cost;  // weighted distance to that centre
  int pad;
};

extern "C" __global__ void sc_pgain(const float *coord, const sc_point *p,
                                    const int *center_table, float *work, int *switch_to_x,
                                    int num, int dim, int x, int k) {
  __shared__ float cx[SC_MAX_DIM];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < dim) cx[threadIdx.x] = coord[threadIdx.x * num + x];
  __syncthreads();
  if (tid >= num) return;
  float d = 0.0f;
  for (int i = 0; i < dim; i++) {
    float t = coord[i * num + tid] - cx[i];
    d += t * t;
  }
  float x_cost = d * p[tid].weight;
  float cur = p[tid].cost;
  float *row = work + tid * (k + 1);
  if (x_cost < cur) {
    switch_to_x[tid] = 1;
    row[k] += x_cost - cur;
  } else {
    row[center_table[p[tid].assign]] += cur - x_cost;
  }
}
