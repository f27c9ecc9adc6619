// BFS_DP: Merrill-style breadth-first search over a CSR graph, level by
// level with a frontier queue, in three versions with the same data:
//
//   bfs_dp_flat  one thread per frontier vertex; adjacency lists of at least
//                256 entries are expanded by the whole CTA (one list at a
//                time, the owner chosen through shared memory), lists of at
//                least 32 by the warp (one at a time, the owner chosen by a
//                ballot), the rest by the thread itself (Merrill's CTA- and
//                warp-level cooperative expansion).
//   bfs_dp_cdp   one thread per frontier vertex; a vertex of degree >= 32
//                launches bfs_dp_child (one thread per neighbour, blocks of
//                32..256 threads, a multiple of 32) fire-and-forget; smaller
//                lists, lists beyond the budget of 2048 child launches per
//                host launch (LAUNCH_BUDGET, CUDA's default pending-launch
//                limit) and lists whose launch the device runtime refuses
//                are expanded by the thread.
//   bfs_dp_dtbl  bfs_dp_cdp with the child launched as a DTBL aggregated
//                group of bfs_dp_child (cudaLaunchAggGroup, dtbl.cuh), which
//                joins a resident bfs_dp_child kernel of the same block size
//                (Fig. 12b); the same code otherwise.
//   bfs_dp_pt    persistent threads: a grid of as many CTAs as the GPU holds
//                at once; each warp takes frontier vertices 32 at a time from
//                the level's work counter (atomicAdd) until the frontier is
//                used up; of the vertices it took, lists of >= 32 entries
//                (those cdp and dtbl hand to a child) are expanded by the
//                whole warp, one at a time, the rest by their own thread. No
//                launches from the device: the nested work stays with the
//                resident threads.
//
// A neighbour u is visited by a compare-and-swap of dist[u] from -1 to the
// next level; the thread that wins appends u to the next frontier. The
// distances do not depend on the order in which threads, blocks or children
// run (the queue's order does). The host launches one parent grid per level
// and stops when the next frontier is empty. 256 threads per parent CTA.

#include "../common/dtbl.cuh"

#define BLOCK 256       // parent CTA size (bfs_dp.c launches with it)
#define WARP 32
#define CHILD_MIN 32    // smallest list that gets a child launch (one warp)
#define CHILD_MAX 256
#define LAUNCH_BUDGET 2048  // child launches per host launch (CUDA's default pending-launch limit)   // largest child block
#define FULL 0xffffffffu

// stats[0] child launches, [1] threads launched in children, [2] neighbours
// expanded by children, [3] launches the device runtime refused, [4] launches
// tried in this host launch (the host clears it), [5] lists kept by the parent
// because [4] reached LAUNCH_BUDGET.
__device__ __forceinline__ void visit(int u, int next, int *dist, int *qout, int *qcount) {
  if (dist[u] == -1 && atomicCAS(&dist[u], -1, next) == -1) {
    qout[atomicAdd(qcount, 1)] = u;
  }
}

extern "C" __global__ void bfs_dp_flat(const int *row, const int *col, int *dist, const int *qin,
                                       int nin, int *qout, int *qcount, int next) {
  __shared__ int cta_owner, cta_start, cta_end;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int start = 0, end = 0;
  if (i < nin) {
    int v = qin[i];
    start = row[v];
    end = row[v + 1];
  }
  // CTA level: while some thread has a list of >= BLOCK entries, one of
  // them hands its list to the whole CTA.
  for (;;) {
    if (threadIdx.x == 0) cta_owner = -1;
    __syncthreads();
    if (end - start >= BLOCK) cta_owner = threadIdx.x;
    __syncthreads();
    int owner = cta_owner;
    if (owner < 0) break;
    if (owner == (int)threadIdx.x) {
      cta_start = start;
      cta_end = end;
      start = end;
    }
    __syncthreads();
    int s = cta_start, t = cta_end;
    for (int e = s + threadIdx.x; e < t; e += BLOCK) visit(col[e], next, dist, qout, qcount);
    __syncthreads();
  }
  // Warp level: lists of >= 32 entries, one at a time, by the whole warp.
  int lane = threadIdx.x & (WARP - 1);
  for (;;) {
    unsigned want = __ballot_sync(FULL, end - start >= WARP);
    if (want == 0) break;
    int owner = __ffs(want) - 1;
    int s = __shfl_sync(FULL, start, owner), t = __shfl_sync(FULL, end, owner);
    if (lane == owner) start = end;
    for (int e = s + lane; e < t; e += WARP) visit(col[e], next, dist, qout, qcount);
  }
  // Thread level: what is left.
  for (int e = start; e < end; e++) visit(col[e], next, dist, qout, qcount);
}

extern "C" __global__ void bfs_dp_child(const int *col, int *dist, int *qout, int *qcount,
                                        int start, int deg, int next) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < deg) visit(col[start + i], next, dist, qout, qcount);
}

// The one place a child is launched: deg neighbours from col[start], on
// cudaStreamFireAndForget (DTBL: as an aggregated group). False when the
// device runtime refuses the launch (the caller then expands the list
// itself).
template <bool DTBL>
__device__ bool launch_expand(const int *col, int *dist, int *qout, int *qcount, int start,
                              int deg, int next, unsigned *stats) {
  unsigned threads = (unsigned)(deg + WARP - 1) / WARP * WARP;
  if (threads > CHILD_MAX) threads = CHILD_MAX;
  dim3 block(threads, 1, 1), grid(((unsigned)deg + threads - 1) / threads, 1, 1);
  struct args {
    const int *col;
    int *dist, *qout, *qcount;
    int start, deg, next;
  };
  if (atomicAdd(&stats[4], 1u) >= LAUNCH_BUDGET) {
    atomicAdd(&stats[5], 1u);
    return false;
  }
  args *p = (args *)cudaGetParameterBufferV2((void *)bfs_dp_child, grid, block, 0);
  if (p == 0) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  p->col = col;
  p->dist = dist;
  p->qout = qout;
  p->qcount = qcount;
  p->start = start;
  p->deg = deg;
  p->next = next;
  if (dp_launch<DTBL>((void *)bfs_dp_child, p, grid, block, 0) != cudaSuccess) {
    atomicAdd(&stats[3], 1u);
    return false;
  }
  atomicAdd(&stats[0], 1u);
  atomicAdd(&stats[1], grid.x * block.x);
  atomicAdd(&stats[2], (unsigned)deg);
  return true;
}
// The CDP launch also as a function of its own, which the kernels do not
// call (they inline it), as nvcc made of it before the dtbl variant: the
// code of bfs_dp_flat and bfs_dp_cdp keeps its addresses, and so their
// timing (instruction fetch).
template __device__ bool launch_expand<false>(const int *, int *, int *, int *, int, int, int,
                                              unsigned *);

template <bool DTBL>
__device__ __forceinline__ void expand(const int *row, const int *col, int *dist, const int *qin,
                                       int nin, int *qout, int *qcount, int next,
                                       unsigned *stats) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nin) return;
  int v = qin[i];
  int start = row[v], end = row[v + 1];
  if (end - start >= CHILD_MIN &&
      launch_expand<DTBL>(col, dist, qout, qcount, start, end - start, next, stats)) {
    return;
  }
  for (int e = start; e < end; e++) visit(col[e], next, dist, qout, qcount);
}

extern "C" __global__ void bfs_dp_cdp(const int *row, const int *col, int *dist, const int *qin,
                                      int nin, int *qout, int *qcount, int next,
                                      unsigned *stats) {
  expand<false>(row, col, dist, qin, nin, qout, qcount, next, stats);
}

extern "C" __global__ void bfs_dp_dtbl(const int *row, const int *col, int *dist, const int *qin,
                                       int nin, int *qout, int *qcount, int next,
                                       unsigned *stats) {
  expand<true>(row, col, dist, qin, nin, qout, qcount, next, stats);
}

// Persistent threads (pt): bfs_dp.c launches SMs x (CTAs one SM holds at
// once) CTAs of BLOCK threads per level. *head is the level's work counter
// (the host clears it before each launch): lane 0 of a warp takes the next
// WARP frontier positions with one atomicAdd and the warp expands those
// vertices (one per lane, fewer at the end of the frontier), then takes more,
// until the counter has passed nin. Lists of >= CHILD_MIN entries are
// expanded by the whole warp, one at a time (the owner chosen by a ballot,
// the list's start and end broadcast by shuffles); the other lists by their
// lane. stats[0] lists expanded by a warp, [2] their neighbours; the other
// words stay 0.
extern "C" __global__ void bfs_dp_pt(const int *row, const int *col, int *dist, const int *qin,
                                     int nin, int *qout, int *qcount, int next, int *head,
                                     unsigned *stats) {
  int lane = threadIdx.x & (WARP - 1);
  for (;;) {
    int base = 0;
    if (lane == 0) base = atomicAdd(head, WARP);
    base = __shfl_sync(FULL, base, 0);
    if (base >= nin) break;  // the same for the whole warp
    int i = base + lane;
    int start = 0, end = 0;
    if (i < nin) {
      int v = qin[i];
      start = row[v];
      end = row[v + 1];
    }
    for (;;) {
      unsigned want = __ballot_sync(FULL, end - start >= CHILD_MIN);
      if (want == 0) break;
      int owner = __ffs(want) - 1;
      int s = __shfl_sync(FULL, start, owner), t = __shfl_sync(FULL, end, owner);
      if (lane == owner) start = end;
      if (lane == 0) {
        atomicAdd(&stats[0], 1u);
        atomicAdd(&stats[2], (unsigned)(t - s));
      }
      for (int e = s + lane; e < t; e += WARP) visit(col[e], next, dist, qout, qcount);
    }
    for (int e = start; e < end; e++) visit(col[e], next, dist, qout, qcount);
  }
}
