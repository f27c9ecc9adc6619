// BFS: level-synchronous breadth-first search over a CSR graph, two kernels per
// level as in the seeds' Rodinia version: one expands the frontier (each
// frontier node visits its neighbours, a per-thread loop whose trip count is
// the node's degree), one folds the newly reached nodes into the next
// frontier and raises a flag while there is work. 512 threads per CTA.
extern "C" __global__ void bfs_expand(const int *row, const int *col, unsigned char *frontier,
                                      unsigned char *next, const unsigned char *visited,
                                      int *cost, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !frontier[v]) return;
  frontier[v] = 0;
  int c = cost[v] + 1;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int u = col[e];
    if (!visited[u]) {
      cost[u] = c;
      next[u] = 1;
    }
  }
}

extern "C" __global__ void bfs_advance(unsigned char *frontier, unsigned char *next,
                                       unsigned char *visited, int *more, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !next[v]) return;
  frontier[v] = 1;
  visited[v] = 1;
  *more = 1;
  next[v] = 0;
}
