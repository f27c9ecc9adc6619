// TPF: two-point angular correlation function (Parboil tpacf). Points on the
// unit sphere (Cartesian x, y, z, stored as three arrays): one observed data
// set and nsets random sets of n points each. For every pair of points the
// kernel bins the angular distance into logarithmic bins; it works in
// dot-product space: the bin edges are the cosines of the edge angles
// (decreasing), in constant memory, and a binary search finds a pair's bin,
// so no acos is needed and every count is an exact integer.
//
// One CTA of 256 threads per histogram: CTA 0 counts the data set's own pairs
// (DD), CTAs 1..nsets each random set's own pairs (RR_i), and CTAs
// nsets+1..2*nsets the cross pairs of the data set with each random set
// (DR_i). The CTA walks the first set in tiles of 256 points staged in shared
// memory (a barrier on each side); each thread holds a point of the second
// set in registers and compares it with the whole tile. Counts go to
// per-warp sub-histograms in shared memory (shared atomics), which the CTA
// merges and writes out; the host sums the RR_i and DR_i histograms.

#define TPF_THREADS 256
#define TPF_WARPS (TPF_THREADS / 32)
#define TPF_EDGES 21               // 20 logarithmic bins between 1 and 10^4 arcmin
#define TPF_BINS (TPF_EDGES + 1)   // plus closer than the first, farther than the last

__constant__ float tpf_binb[TPF_EDGES];

extern "C" __global__ void tpf_hists(const float *px, const float *py, const float *pz, int n,
                                     int nsets, unsigned *hists) {
  __shared__ float sx[TPF_THREADS], sy[TPF_THREADS], sz[TPF_THREADS];
  __shared__ unsigned warp_hist[TPF_WARPS][TPF_BINS];
  int bx = blockIdx.x;
  int tid = threadIdx.x;
  bool self = bx <= nsets;
  // Set a is staged in shared memory, set b is held in registers.
  int a = self ? bx : 0;
  int b = self ? bx : bx - nsets;
  const float *ax = px + (size_t)a * n, *ay = py + (size_t)a * n, *az = pz + (size_t)a * n;
  const float *bxp = px + (size_t)b * n, *byp = py + (size_t)b * n, *bzp = pz + (size_t)b * n;
  for (int i = tid; i < TPF_WARPS * TPF_BINS; i += TPF_THREADS) (&warp_hist[0][0])[i] = 0;
  unsigned *my_hist = warp_hist[tid / 32];
  for (int j0 = 0; j0 < n; j0 += TPF_THREADS) {
    int tile = min(TPF_THREADS, n - j0);
    __syncthreads();
    if (tid < tile) {
      sx[tid] = ax[j0 + tid];
      sy[tid] = ay[j0 + tid];
      sz[tid] = az[j0 + tid];
    }
    __syncthreads();
    for (int i = tid; i < n; i += TPF_THREADS) {
      float x = bxp[i], y = byp[i], z = bzp[i];
      // A self histogram counts each pair once: partners after i only.
      int start = self ? max(0, i + 1 - j0) : 0;
      for (int j = start; j < tile; j++) {
        float dot = x * sx[j] + y * sy[j] + z * sz[j];
        int lo = 0, hi = TPF_EDGES;
        while (lo < hi) {
          int mid = (lo + hi) >> 1;
          if (dot >= tpf_binb[mid]) hi = mid;
          else lo = mid + 1;
        }
        atomicAdd(&my_hist[lo], 1u);
      }
    }
  }
  __syncthreads();
  if (tid < TPF_BINS) {
    unsigned sum = 0;
    for (int w = 0; w < TPF_WARPS; w++) sum += warp_hist[w][tid];
    hists[bx * TPF_BINS + tid] = sum;
  }
}
