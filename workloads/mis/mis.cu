// MIS: maximal independent set over a CSR graph, in the shape of Pannotia's
// mis that Ctrl-C ran: every vertex carries a random value; each round one
// kernel finds, for every undecided vertex, the smallest value among its
// undecided neighbours (and raises the host's flag while any vertex is
// undecided), one puts a vertex into the set when its own value is below that
// minimum and marks its undecided neighbours in a separate update array (so
// that no thread sees a neighbour change status mid-round), and one folds the
// update array into the status array. 128 threads per CTA, one per vertex.
//
// Status: -1 undecided, -2 decided (in the set or next to it); set: 2 in the
// set, 0 not.

#define MIS_BIG 99999999.0f

extern "C" __global__ void mis_init(int *set, int *status, int *update, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    status[v] = -1;
    update[v] = -1;
    set[v] = 0;
  }
}

extern "C" __global__ void mis_find_min(const int *row, const int *col, const float *value,
                                        const int *status, float *nmin, int *stop, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || status[v] != -1) return;
  *stop = 1;
  float m = MIS_BIG;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int u = col[e];
    if (status[u] == -1 && value[u] < m) m = value[u];
  }
  nmin[v] = m;
}

extern "C" __global__ void mis_select(const int *row, const int *col, const float *value,
                                      int *set, int *status, int *update, const float *nmin,
                                      int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !(value[v] < nmin[v] && status[v] == -1)) return;
  set[v] = 2;
  status[v] = -2;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int u = col[e];
    if (status[u] == -1) update[u] = -2;
  }
}

extern "C" __global__ void mis_update(const int *update, int *status, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n && update[v] == -2) status[v] = -2;
}
