// PTH: pathfinder, the dynamic program over a grid of costs in the shape of
// the Rodinia kernel the seeds ran: row r's best path cost to column c is
// wall[r][c] + min(best[r-1][c-1], best[r-1][c], best[r-1][c+1]). One launch
// advances up to `halo` rows (the pyramid height): a CTA of 256 threads loads
// 256 consecutive columns of the previous row into shared memory, then each
// step recomputes a range that shrinks by one column on each side, with a
// barrier after computing and after copying back, so the CTA's 256 - 2 * halo
// middle columns are exact after `steps` rows. Neighbouring CTAs overlap by
// the halo (redundant work, no inter-CTA communication).

#define PTH_THREADS 256

extern "C" __global__ void pth_pyramid(const int *wall, const int *src, int *dst, int cols,
                                       int start_row, int steps, int halo) {
  __shared__ int prev[PTH_THREADS];
  __shared__ int cur[PTH_THREADS];
  int tx = threadIdx.x;
  int tile = PTH_THREADS - 2 * halo;     // columns this CTA finishes
  int col0 = blockIdx.x * tile - halo;   // column of thread 0
  int col = col0 + tx;
  int lo = col0 < 0 ? -col0 : 0;         // threads inside the grid: lo..hi
  int hi = cols - 1 - col0 < PTH_THREADS - 1 ? cols - 1 - col0 : PTH_THREADS - 1;
  bool inside = tx >= lo && tx <= hi;
  if (inside) prev[tx] = src[col];
  __syncthreads();
  bool computed = false;
  for (int i = 0; i < steps; i++) {
    computed = false;
    if (inside && tx >= i + 1 && tx <= PTH_THREADS - 2 - i) {
      int left = tx - 1 < lo ? lo : tx - 1;   // the grid's edges have one neighbour
      int right = tx + 1 > hi ? hi : tx + 1;
      int m = min(min(prev[left], prev[tx]), prev[right]);
      cur[tx] = m + wall[(start_row + i + 1) * cols + col];
      computed = true;
    }
    __syncthreads();
    if (i == steps - 1) break;
    if (computed) prev[tx] = cur[tx];
    __syncthreads();
  }
  if (computed && tx >= halo && tx <= PTH_THREADS - 1 - halo) dst[col] = cur[tx];
}
