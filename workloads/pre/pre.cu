// PRE: product recommendation by item-based collaborative filtering, in the
// shape of the dissertation's pre: the ratings are a CSR list of the items
// each user rated (row[u] .. row[u + 1] in items, sorted by item). For a user
// with P items, each of the P(P - 1) ordered pairs (a, b), a != b, adds one
// to co[a * m + b], the items x items co-occurrence matrix (atomicAdd). Then,
// for every item, the item most often rated together with it is its
// recommendation (ties: the smaller item; none when no co-occurrence).
//
// Kernels:
//   pre_pairs_flat   one thread per user (256 per CTA) loops over its pairs
//   pre_pairs_cdp    one thread per user; a user with P(P - 1) >= 32 pairs
//                    launches pre_pairs_child to record them in parallel, the
//                    others loop as in the flat kernel
//   pre_pairs_dtbl   pre_pairs_cdp with the child launched as a DTBL
//                    aggregated group of pre_pairs_child (cudaLaunchAggGroup,
//                    dtbl.cuh); the same code otherwise
//   pre_pairs_child  one thread per pair (128 per CTA)
//   pre_top          one CTA of 128 threads per item: the largest count of
//                    the item's row, the smallest column that has it

#include "../common/dtbl.cuh"

#define PRE_THREADS 256
#define PRE_CHILD_THREADS 128
#define PRE_TOP_THREADS 128
#define PRE_POCKET 32
#define PRE_NONE 0xffffffffu

// The pairs of one user's item list, one thread each: pair t is (a, b) with
// a = t / (p - 1) and b the (t % (p - 1))-th item other than a.
extern "C" __global__ void pre_pairs_child(const unsigned *list, unsigned p, unsigned m,
                                           unsigned *co) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= p * (p - 1)) return;
  unsigned a = t / (p - 1), b = t % (p - 1);
  b += b >= a;
  atomicAdd(&co[list[a] * m + list[b]], 1u);
}

__device__ static void pairs_loop(const unsigned *list, unsigned p, unsigned m, unsigned *co) {
  for (unsigned a = 0; a < p; a++) {
    unsigned *rowp = co + list[a] * m;
    for (unsigned b = 0; b < p; b++) {
      if (b != a) atomicAdd(&rowp[list[b]], 1u);
    }
  }
}

extern "C" __global__ void pre_pairs_flat(const unsigned *row, const unsigned *items,
                                          unsigned nusers, unsigned m, unsigned *co) {
  unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= nusers) return;
  unsigned start = row[u];
  pairs_loop(items + start, row[u + 1] - start, m, co);
}

// The one device-side launch of this workload: pre_pairs_child over the
// p(p - 1) pairs of one user's list, fire-and-forget (DTBL: an aggregated
// group; the children are independent, the atomic adds make their order
// irrelevant). What pre_pairs_child<<<grid, PRE_CHILD_THREADS, 0,
// cudaStreamFireAndForget>>>(list, p, m, co) compiles to, with the launch
// call chosen by DTBL: no parameter buffer, no launch.
template <bool DTBL>
__device__ static void launch_pairs(const unsigned *list, unsigned p, unsigned m, unsigned *co) {
  unsigned pairs = p * (p - 1);
  dim3 grid((pairs + PRE_CHILD_THREADS - 1) / PRE_CHILD_THREADS, 1, 1);
  dim3 block(PRE_CHILD_THREADS, 1, 1);
  struct args {
    const unsigned *list;
    unsigned p, m;
    unsigned *co;
  };
  args *a = (args *)cudaGetParameterBufferV2((void *)pre_pairs_child, grid, block, 0);
  if (a == 0) return;
  a->list = list;
  a->p = p;
  a->m = m;
  a->co = co;
  dp_launch<DTBL>((void *)pre_pairs_child, a, grid, block, 0);
}

template <bool DTBL>
__device__ __forceinline__ void pairs_dp(const unsigned *row, const unsigned *items,
                                         unsigned nusers, unsigned m, unsigned *co) {
  unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= nusers) return;
  unsigned start = row[u], p = row[u + 1] - start;
  if (p * (p - 1) >= PRE_POCKET) {
    launch_pairs<DTBL>(items + start, p, m, co);
  } else {
    pairs_loop(items + start, p, m, co);
  }
}

extern "C" __global__ void pre_pairs_cdp(const unsigned *row, const unsigned *items,
                                         unsigned nusers, unsigned m, unsigned *co) {
  pairs_dp<false>(row, items, nusers, m, co);
}

extern "C" __global__ void pre_pairs_dtbl(const unsigned *row, const unsigned *items,
                                          unsigned nusers, unsigned m, unsigned *co) {
  pairs_dp<true>(row, items, nusers, m, co);
}

extern "C" __global__ void pre_top(const unsigned *co, unsigned m, unsigned *best,
                                   unsigned *best_count) {
  __shared__ unsigned sc[PRE_TOP_THREADS], si[PRE_TOP_THREADS];
  unsigned i = blockIdx.x, t = threadIdx.x;
  const unsigned *rowp = co + (size_t)i * m;
  unsigned bc = 0, bi = PRE_NONE;
  for (unsigned j = t; j < m; j += PRE_TOP_THREADS) {
    unsigned c = rowp[j];
    if (c > bc) {  // j only grows: a tie keeps the smaller column
      bc = c;
      bi = j;
    }
  }
  sc[t] = bc;
  si[t] = bi;
  __syncthreads();
  for (unsigned s = PRE_TOP_THREADS / 2; s > 0; s >>= 1) {
    if (t < s) {
      unsigned c = sc[t + s], j = si[t + s];
      if (c > sc[t] || (c == sc[t] && j < si[t])) {
        sc[t] = c;
        si[t] = j;
      }
    }
    __syncthreads();
  }
  if (t == 0) {
    best[i] = si[0];
    best_count[i] = sc[0];
  }
}
