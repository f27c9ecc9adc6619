// CLR: graph colouring, in the shape of Pannotia's color (max/min variant)
// that Ctrl-C ran. Every vertex carries a random value. Each round one kernel
// finds, for every uncoloured vertex, the largest and smallest values among
// its uncoloured neighbours (raising the host's flag when it has any), and one
// gives the round's first colour to a vertex above that maximum and its
// second colour to a vertex below that minimum (a vertex with no uncoloured
// neighbour is both and takes the second). The host adds 2 to the colour and
// repeats while the flag is raised. 256 threads per CTA, one per vertex.
// Colours start at 1; -1 is uncoloured.

#define CLR_BIG 999999.0f

extern "C" __global__ void clr_init(int *color, float *nmax, float *nmin, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    color[v] = -1;
    nmax[v] = -1.0f;
    nmin[v] = CLR_BIG;
  }
}

extern "C" __global__ void clr_bounds(const int *row, const int *col, const float *value,
                                      const int *color, int *stop, float *nmax, float *nmin,
                                      int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || color[v] != -1) return;
  float hi = -1.0f, lo = CLR_BIG;
  for (int e = row[v]; e < row[v + 1]; e++) {
    int u = col[e];
    if (color[u] == -1) {
      *stop = 1;
      float x = value[u];
      if (x > hi) hi = x;
      if (x < lo) lo = x;
    }
  }
  nmax[v] = hi;
  nmin[v] = lo;
}

extern "C" __global__ void clr_assign(const float *value, int *color, const float *nmax,
                                      const float *nmin, int c, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || color[v] != -1) return;
  float x = value[v];
  if (x > nmax[v]) color[v] = c;
  if (x < nmin[v]) color[v] = c + 1;
}
