// BC: betweenness centrality (Brandes), in the shape of Pannotia's bc that
// Ctrl-C ran. Per source vertex the host clears the per-source arrays, then
// runs a level-synchronous forward search, one launch per level: every vertex
// of the current level labels its unvisited neighbours with the next level
// and adds its shortest-path count to every neighbour of the next level
// (float atomics); the host relaunches while a flag says a new level was
// reached. Then one backward launch per level, deepest first: every vertex of
// a level pushes its share of dependency, rho[w] / rho[v] * (1 + sigma[v]),
// to each neighbour w one level closer to the source (float atomics), and adds
// its own finished dependency to its centrality. 128 threads per CTA, one per
// vertex.

extern "C" __global__ void bc_clean_bc(float *bc, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) bc[v] = 0.0f;
}

extern "C" __global__ void bc_clean(int s, int *dist, float *sigma, float *rho, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  sigma[v] = 0.0f;
  if (v == s) {
    rho[v] = 1.0f;
    dist[v] = 0;
  } else {
    rho[v] = 0.0f;
    dist[v] = -1;
  }
}

extern "C" __global__ void bc_forward(const int *row, const int *col, int *dist, float *rho,
                                      int *cont, int n, int level) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || dist[v] != level) return;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int w = col[e];
    if (dist[w] < 0) {
      *cont = 1;
      dist[w] = level + 1;
    }
    if (dist[w] == level + 1) atomicAdd(&rho[w], rho[v]);
  }
}

// Launched with level = deepest + 1 down to 1: the vertices at level - 1 push
// to their neighbours at level - 2.
extern "C" __global__ void bc_backward(const int *row, const int *col, const int *dist,
                                       const float *rho, float *sigma, int n, int level, int s,
                                       float *bc) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || dist[v] != level - 1) return;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int w = col[e];
    if (dist[w] == level - 2) atomicAdd(&sigma[w], rho[w] / rho[v] * (1.0f + sigma[v]));
  }
  if (v != s) bc[v] = bc[v] + sigma[v];
}
