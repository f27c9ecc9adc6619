// FLD: Floyd-Warshall all-pairs shortest paths on a dense distance matrix, in
// the shape of the Pannotia kernel Ctrl-C ran: one launch per intermediate
// vertex k, one thread per matrix entry (i, j) in row-major order (256 threads
// per CTA), relaxing d[i][j] through k. Row k is read by every CTA and column
// k by every thread of a row, which is what makes it cache-sensitive.
// Race-free: with no negative edges d[k][k] = 0, so row k and column k do not
// change during launch k.

extern "C" __global__ void fld_relax(int *dist, int k, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n * n) return;
  int i = tid / n;
  int j = tid - i * n;
  int via = dist[i * n + k] + dist[k * n + j];
  if (via < dist[tid]) dist[tid] = via;
}
