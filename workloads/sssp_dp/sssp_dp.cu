// SSSP_DP: single-source shortest paths by a Bellman-Ford worklist over a
// weighted CSR graph, in three versions with the same data:
//
//   sssp_dp_flat  one thread per vertex of the worklist (the vertices whose
//                 distance fell in the previous iteration) relaxes its
//                 neighbours one after another.
//   sssp_dp_cdp   one thread per worklist vertex; a vertex of degree >= 32
//                 launches sssp_dp_child (one thread per neighbour, blocks
//                 of 32..256 threads, a multiple of 32) fire-and-forget; the
//                 child examines the neighbours in parallel and takes the
//                 minimum at each one with atomicMin. Smaller lists, lists
//                 beyond the budget of 2048 child launches per host launch
//                 (LAUNCH_BUDGET, CUDA's default pending-launch limit) and
//                 lists whose launch the device runtime refuses stay with
//                 the thread.
//   sssp_dp_dtbl  sssp_dp_cdp with the child launched as a DTBL aggregated
//                 group of sssp_dp_child (cudaLaunchAggGroup, dtbl.cuh); the
//                 same code otherwise.
//
// Relaxing u with the candidate distance d: atomicMin(dist[u], d); whoever
// lowers dist[u] puts u on the next worklist unless it is there already
// (mark[u] holds the iteration that queued it last). The host launches one
// parent grid per iteration and stops when the next worklist is empty. The
// final distances are the shortest ones whatever the order of the threads
// and children (the number of iterations may depend on it). 256 threads per
// parent CTA.

#include "../common/dtbl.cuh"

#define BLOCK 256
#define WARP 32
#define CHILD_MIN 32
#define CHILD_MAX 256
#define LAUNCH_BUDGET 2048  // child launches per host launch (CUDA's default pending-launch limit)

__device__ __forceinline__ void relax(int u, int d, int *dist, int *mark, int stamp, int *qout,
                                      int *qcount) {
  if (d < dist[u] && atomicMin(&dist[u], d) > d) {
    if (atomicExch(&mark[u], stamp) != stamp) {
      qout[atomicAdd(qcount, 1)] = u;
    }
  }
}

extern "C" __global__ void sssp_dp_flat(const int *row, const int *col, const int *weight,
                                        int *dist, int *mark, const int *qin, int nin,
                                        int *qout, int *qcount, int stamp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nin) return;
  int v = qin[i];
  int d = dist[v];
  for (int e = row[v]; e < row[v + 1]; e++) {
    relax(col[e], d + weight[e], dist, mark, stamp, qout, qcount);
  }
}

extern "C" __global__ void sssp_dp_child(const int *col, const int *weight, int *dist, int *mark,
                                         int *qout, int *qcount, int stamp, int start, int deg,
                                         int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < deg) relax(col[start + i], d + weight[start + i], dist, mark, stamp, qout, qcount);
}

// stats[0] child launches, [1] threads launched in children, [2] neighbours
// relaxed by children, [3] launches the device runtime refused, [4] launches
// tried in this host launch (the host clears it), [5] lists kept by the parent
// because [4] reached LAUNCH_BUDGET.
// The one place a child is launched (cudaStreamFireAndForget; DTBL: an
// aggregated group); false when the device runtime refuses it.
template <bool DTBL>
__device__ bool launch_relax(const int *col, const int *weight, int *dist, int *mark, int *qout,
                             int *qcount, int stamp, int start, int deg, int d,
                             unsigned *stats) {
  unsigned threads = (unsigned)(deg + WARP - 1) / WARP * WARP;
  if (threads > CHILD_MAX) threads = CHILD_MAX;
  dim3 block(threads, 1, 1), grid(((unsigned)deg + threads - 1) / threads, 1, 1);
  struct args {
    const int *col, *weight;
    int *dist, *mark, *qout, *qcount;
    int stamp, start, deg, d;
  };
  if (atomicAdd(&stats[4], 1u) >= LAUNCH_BUDGET) {
    atomicAdd(&stats[5], 1u);
    return false;
  }
  args *p = (args *)cudaGetParameterBufferV2((void *)sssp_dp_child, grid, block, 0);
  if (p == 0) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  p->col = col;
  p->weight = weight;
  p->dist = dist;
  p->mark = mark;
  p->qout = qout;
  p->qcount = qcount;
  p->stamp = stamp;
  p->start = start;
  p->deg = deg;
  p->d = d;
  if (dp_launch<DTBL>((void *)sssp_dp_child, p, grid, block, 0) != cudaSuccess) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  atomicAdd(&stats[0], 1u);
  atomicAdd(&stats[1], grid.x * block.x);
  atomicAdd(&stats[2], (unsigned)deg);
  return true;
}

template <bool DTBL>
__device__ __forceinline__ void relax_list(const int *row, const int *col, const int *weight,
                                           int *dist, int *mark, const int *qin, int nin,
                                           int *qout, int *qcount, int stamp, unsigned *stats) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nin) return;
  int v = qin[i];
  int d = dist[v];
  int start = row[v], end = row[v + 1];
  if (end - start >= CHILD_MIN &&
      launch_relax<DTBL>(col, weight, dist, mark, qout, qcount, stamp, start, end - start, d,
                         stats)) {
    return;
  }
  for (int e = start; e < end; e++) {
    relax(col[e], d + weight[e], dist, mark, stamp, qout, qcount);
  }
}

extern "C" __global__ void sssp_dp_cdp(const int *row, const int *col, const int *weight,
                                       int *dist, int *mark, const int *qin, int nin, int *qout,
                                       int *qcount, int stamp, unsigned *stats) {
  relax_list<false>(row, col, weight, dist, mark, qin, nin, qout, qcount, stamp, stats);
}

extern "C" __global__ void sssp_dp_dtbl(const int *row, const int *col, const int *weight,
                                        int *dist, int *mark, const int *qin, int nin, int *qout,
                                        int *qcount, int stamp, unsigned *stats) {
  relax_list<true>(row, col, weight, dist, mark, qin, nin, qout, qcount, stamp, stats);
}
