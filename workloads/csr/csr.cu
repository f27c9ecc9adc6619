// CSR: single-source shortest paths on a weighted CSR graph, Pannotia's
// Dijkstra-CSR (sssp_csr). It is a Bellman-Ford in min-plus SpMV form: every
// iteration the host copies the current distances (assign), relaxes every
// vertex over its adjacency list (one thread per vertex, a per-thread loop of
// row-length trips), and launches a compare kernel that raises a flag when
// any distance changed; it reads the flag back and stops when none did.
// 64 threads per CTA, as in Pannotia.

#define SSSP_INF 99999999  // "no path yet"; INF + INF still fits in an int

extern "C" __global__ void csr_vector_init(int *dist, int *next, int source, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int d = v == source ? 0 : SSSP_INF;
    dist[v] = d;
    next[v] = d;
  }
}

// dist := next (the distances the last relaxation produced).
extern "C" __global__ void csr_vector_assign(int *dist, const int *next, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) dist[v] = next[v];
}

// next[v] = min(dist[v], min over arcs (v, u) of length + dist[u]).
extern "C" __global__ void csr_min_plus(int n, const int *row, const int *col, const int *len,
                                        const int *dist, int *next) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int begin = row[v], end = row[v + 1];
    int best = dist[v];
    for (int e = begin; e < end; e++) {
      int via = len[e] + dist[col[e]];
      if (via < best) best = via;
    }
    next[v] = best;
  }
}

// Raises *changed when a vertex's distance moved in this iteration.
extern "C" __global__ void csr_vector_diff(const int *dist, const int *next, int *changed, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n && next[v] != dist[v]) *changed = 1;
}
