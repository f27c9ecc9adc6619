// CLR_DP: graph colouring by random-value independent sets, one colour per
// iteration: in iteration c every uncoloured vertex whose value is larger
// than the values of all its uncoloured neighbours takes colour c. Values are
// distinct, so the iteration's winners form an independent set and at least
// one vertex wins. colour[v] is 0 while v is uncoloured; "uncoloured" in
// iteration c means colour 0 or c (a neighbour that has just won in this
// iteration was uncoloured when it started), so the result does not depend
// on the order in which threads, blocks or children run. Two versions with
// the same data:
//
//   clr_dp_flat     one thread per vertex examines its neighbours one after
//                   another and decides (one launch per iteration).
//   clr_dp_cdp      one thread per vertex; an uncoloured vertex of degree
//                   >= 32 clears its flag lose[v], launches clr_dp_child
//                   (one thread per neighbour, blocks of 32..256 threads, a
//                   multiple of 32) fire-and-forget, and records the
//                   iteration in pending[v]; a child thread whose neighbour
//                   is uncoloured with a larger value sets lose[v] with an
//                   atomic. Smaller lists, lists beyond the budget of 2048
//                   child launches per host launch (LAUNCH_BUDGET, CUDA's
//                   default pending-launch limit) and lists whose launch the
//                   device runtime refuses stay with the thread. The decision of a vertex with a
//                   child (take colour c unless lose[v]) needs every child to
//                   have finished, so it moves to clr_dp_resolve, which the
//                   host launches after clr_dp_cdp and its children.
//   clr_dp_dtbl     clr_dp_cdp with the child launched as a DTBL aggregated
//                   group of clr_dp_child (cudaLaunchAggGroup, dtbl.cuh); the
//                   same code otherwise (clr_dp_resolve after it as well).
//
// The host counts the vertices still uncoloured after each iteration (an
// atomic counter) and stops when none is. 256 threads per CTA.

#include "../common/dtbl.cuh"

#define BLOCK 256
#define WARP 32
#define CHILD_MIN 32
#define CHILD_MAX 256
#define LAUNCH_BUDGET 2048  // child launches per host launch (CUDA's default pending-launch limit)

__device__ __forceinline__ bool uncoloured(int cu, int c) { return cu == 0 || cu == c; }

extern "C" __global__ void clr_dp_flat(const int *row, const int *col, const unsigned *value,
                                       int *colour, int c, int *remaining, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || colour[v] != 0) return;
  unsigned mine = value[v];
  bool lose = false;
  for (int e = row[v]; e < row[v + 1] && !lose; e++) {
    int u = col[e];
    lose = uncoloured(colour[u], c) && value[u] > mine;
  }
  if (lose) {
    atomicAdd(remaining, 1);
  } else {
    colour[v] = c;
  }
}

extern "C" __global__ void clr_dp_child(const int *col, const unsigned *value, const int *colour,
                                        int c, int start, int deg, unsigned mine, int *lose) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < deg) {
    int u = col[start + i];
    if (uncoloured(colour[u], c) && value[u] > mine) atomicOr(lose, 1);
  }
}

// stats[0] child launches, [1] threads launched in children, [2] neighbours
// examined by children, [3] launches the device runtime refused, [4] launches
// tried in this host launch (the host clears it), [5] lists kept by the parent
// because [4] reached LAUNCH_BUDGET.
// The one place a child is launched (cudaStreamFireAndForget; DTBL: an
// aggregated group); false when the device runtime refuses it.
template <bool DTBL>
__device__ bool launch_examine(const int *col, const unsigned *value, const int *colour, int c,
                               int start, int deg, unsigned mine, int *lose, unsigned *stats) {
  unsigned threads = (unsigned)(deg + WARP - 1) / WARP * WARP;
  if (threads > CHILD_MAX) threads = CHILD_MAX;
  dim3 block(threads, 1, 1), grid(((unsigned)deg + threads - 1) / threads, 1, 1);
  struct args {
    const int *col;
    const unsigned *value;
    const int *colour;
    int c, start, deg;
    unsigned mine;
    int *lose;
  };
  if (atomicAdd(&stats[4], 1u) >= LAUNCH_BUDGET) {
    atomicAdd(&stats[5], 1u);
    return false;
  }
  args *p = (args *)cudaGetParameterBufferV2((void *)clr_dp_child, grid, block, 0);
  if (p == 0) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  p->col = col;
  p->value = value;
  p->colour = colour;
  p->c = c;
  p->start = start;
  p->deg = deg;
  p->mine = mine;
  p->lose = lose;
  if (dp_launch<DTBL>((void *)clr_dp_child, p, grid, block, 0) != cudaSuccess) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  atomicAdd(&stats[0], 1u);
  atomicAdd(&stats[1], grid.x * block.x);
  atomicAdd(&stats[2], (unsigned)deg);
  return true;
}

template <bool DTBL>
__device__ __forceinline__ void examine(const int *row, const int *col, const unsigned *value,
                                        int *colour, int c, int *remaining, int n, int *lose,
                                        int *pending, unsigned *stats) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || colour[v] != 0) return;
  unsigned mine = value[v];
  int start = row[v], end = row[v + 1];
  if (end - start >= CHILD_MIN) {
    lose[v] = 0;  // stored before the launch, so the child sees it
    if (launch_examine<DTBL>(col, value, colour, c, start, end - start, mine, &lose[v], stats)) {
      pending[v] = c;
      return;
    }
  }
  bool lost = false;
  for (int e = start; e < end && !lost; e++) {
    int u = col[e];
    lost = uncoloured(colour[u], c) && value[u] > mine;
  }
  if (lost) {
    atomicAdd(remaining, 1);
  } else {
    colour[v] = c;
  }
}

extern "C" __global__ void clr_dp_cdp(const int *row, const int *col, const unsigned *value,
                                      int *colour, int c, int *remaining, int n, int *lose,
                                      int *pending, unsigned *stats) {
  examine<false>(row, col, value, colour, c, remaining, n, lose, pending, stats);
}

extern "C" __global__ void clr_dp_dtbl(const int *row, const int *col, const unsigned *value,
                                       int *colour, int c, int *remaining, int n, int *lose,
                                       int *pending, unsigned *stats) {
  examine<true>(row, col, value, colour, c, remaining, n, lose, pending, stats);
}

extern "C" __global__ void clr_dp_resolve(int *colour, const int *lose, const int *pending, int c,
                                          int *remaining, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || pending[v] != c) return;
  if (lose[v]) {
    atomicAdd(remaining, 1);
  } else {
    colour[v] = c;
  }
}
