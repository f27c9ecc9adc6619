// ELL: single-source shortest paths, Pannotia's Dijkstra-ELL (sssp_ell): the
// same Bellman-Ford in min-plus SpMV form as CSR, but the adjacency is in
// ELLPACK form, column-major: entry k of vertex v sits at [k * n + v], every
// vertex padded to the largest degree, so the threads of a warp read
// consecutive words at every step and every thread runs the same number of
// steps (no row-length divergence). A padding entry points at the vertex
// itself with a length so large that it never wins. 64 threads per CTA.

#define SSSP_INF 99999999  // "no path yet"; INF + INF still fits in an int

extern "C" __global__ void ell_vector_init(int *dist, int *next, int source, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int d = v == source ? 0 : SSSP_INF;
    dist[v] = d;
    next[v] = d;
  }
}

// dist := next (the distances the last relaxation produced).
extern "C" __global__ void ell_vector_assign(int *dist, const int *next, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) dist[v] = next[v];
}

// next[v] = min(dist[v], min over the `width` slots of v of length + dist[col]).
extern "C" __global__ void ell_min_plus(int n, int width, const int *col, const int *len,
                                        const int *dist, int *next) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int best = dist[v];
    int at = v;
    for (int k = 0; k < width; k++) {
      int via = len[at] + dist[col[at]];
      if (via < best) best = via;
      at += n;
    }
    next[v] = best;
  }
}

// Raises *changed when a vertex's distance moved in this iteration.
extern "C" __global__ void ell_vector_diff(const int *dist, const int *next, int *changed, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n && next[v] != dist[v]) *changed = 1;
}
