// JOIN: relational inner join of two tables of (key, value) records, in the
// shape of the dissertation's join (Diamos et al.'s binary-search join): S is
// sorted by key; each thread takes one record of R, binary-searches S for the
// range of records with its key, and the matches are gathered into the output
// (rkey, rval, sval), strictly ordered by the prefix sums of the match counts.
//
// Kernels (256 threads per CTA, one R record per thread):
//   join_probe        binary search: first match lo[i] and count cnt[i]; the
//                     CTA's sums of the counts (flat: all of them into bsum;
//                     cdp: the pockets of >= 32 matches into bsum, the rest
//                     into bsum2)
//   join_scan_blocks  exclusive prefix sum of a block-sum array (one CTA),
//                     total at [nblocks]
//   join_gather_flat  CTA-level exclusive scan of the counts + block offset;
//                     each thread writes its matches in a loop
//   join_gather_cdp   two CTA-level scans (pockets, leftovers); a thread with
//                     >= 32 matches launches join_gather_child to write them in
//                     parallel into the pocket part of the output, the others
//                     loop into the leftover part
//   join_gather_dtbl  join_gather_cdp with the child launched as a DTBL
//                     aggregated group of join_gather_child
//                     (cudaLaunchAggGroup, dtbl.cuh); the same code otherwise
//   join_gather_child one thread per match
//
// Output layout. flat: the matches of R record 0, then of record 1, ... (one
// prefix sum over all counts). cdp: the matches gathered by children (R
// order), then those the parent threads gathered (R order): two prefix sums,
// one over the pocket counts (each child's output offset, known at its
// launch) and one over the leftover counts.

#include "../common/dtbl.cuh"

#define JOIN_THREADS 256
#define JOIN_CHILD_THREADS 64
#define JOIN_POCKET 32

// First index in s[0, n) whose key is >= key.
__device__ static unsigned lower_bound(const unsigned *s, unsigned n, unsigned key) {
  unsigned lo = 0, hi = n;
  while (lo < hi) {
    unsigned mid = (lo + hi) >> 1;
    if (s[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// First index in s[from, n) whose key is > key.
__device__ static unsigned upper_bound(const unsigned *s, unsigned from, unsigned n,
                                       unsigned key) {
  unsigned lo = from, hi = n;
  while (lo < hi) {
    unsigned mid = (lo + hi) >> 1;
    if (s[mid] <= key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Sum of x over the CTA (JOIN_THREADS threads); every thread gets it.
__device__ static unsigned block_sum(unsigned x, unsigned *sh) {
  unsigned t = threadIdx.x;
  sh[t] = x;
  __syncthreads();
  for (unsigned s = JOIN_THREADS / 2; s > 0; s >>= 1) {
    if (t < s) sh[t] += sh[t + s];
    __syncthreads();
  }
  unsigned total = sh[0];
  __syncthreads();
  return total;
}

// Exclusive prefix sum of x over the CTA (Hillis-Steele, double-buffered).
__device__ static unsigned block_exclusive_scan(unsigned x, unsigned *sh) {
  unsigned t = threadIdx.x;
  unsigned *in = sh, *out = sh + JOIN_THREADS;
  in[t] = x;
  __syncthreads();
  for (unsigned d = 1; d < JOIN_THREADS; d <<= 1) {
    out[t] = t >= d ? in[t] + in[t - d] : in[t];
    __syncthreads();
    unsigned *tmp = in;
    in = out;
    out = tmp;
  }
  unsigned incl = in[t];
  __syncthreads();
  return incl - x;
}

extern "C" __global__ void join_probe(const unsigned *rkey, unsigned nr, const unsigned *skey,
                                      unsigned ns, unsigned *lo, unsigned *cnt,
                                      unsigned *bsum, unsigned *bsum2, int split) {
  __shared__ unsigned sh[JOIN_THREADS];
  unsigned i = blockIdx.x * JOIN_THREADS + threadIdx.x;
  unsigned c = 0;
  if (i < nr) {
    unsigned key = rkey[i];
    unsigned first = lower_bound(skey, ns, key);
    unsigned last = upper_bound(skey, first, ns, key);
    c = last - first;
    lo[i] = first;
    cnt[i] = c;
  }
  if (!split) {
    unsigned total = block_sum(c, sh);
    if (threadIdx.x == 0) bsum[blockIdx.x] = total;
  } else {
    unsigned big = c >= JOIN_POCKET ? c : 0;
    unsigned total = block_sum(big, sh);
    unsigned total2 = block_sum(c - big, sh);
    if (threadIdx.x == 0) {
      bsum[blockIdx.x] = total;
      bsum2[blockIdx.x] = total2;
    }
  }
}

// One CTA of JOIN_THREADS: a[0, n) becomes its exclusive prefix sum, a[n] the
// total (a has n + 1 entries).
extern "C" __global__ void join_scan_blocks(unsigned *a, unsigned n) {
  __shared__ unsigned sh[2 * JOIN_THREADS];
  unsigned carry = 0;
  for (unsigned base = 0; base < n; base += JOIN_THREADS) {
    unsigned i = base + threadIdx.x;
    unsigned x = i < n ? a[i] : 0;
    unsigned ex = block_exclusive_scan(x, sh);
    if (i < n) a[i] = carry + ex;
    carry += block_sum(x, sh);
  }
  if (threadIdx.x == 0) a[n] = carry;
}

extern "C" __global__ void join_gather_flat(const unsigned *rkey, const unsigned *rval,
                                            unsigned nr, const unsigned *sval,
                                            const unsigned *lo, const unsigned *cnt,
                                            const unsigned *boff, unsigned *ok, unsigned *orv,
                                            unsigned *osv) {
  __shared__ unsigned sh[2 * JOIN_THREADS];
  unsigned i = blockIdx.x * JOIN_THREADS + threadIdx.x;
  unsigned c = i < nr ? cnt[i] : 0;
  unsigned off = boff[blockIdx.x] + block_exclusive_scan(c, sh);
  if (c == 0) return;
  unsigned key = rkey[i], val = rval[i], first = lo[i];
  for (unsigned j = 0; j < c; j++) {
    ok[off + j] = key;
    orv[off + j] = val;
    osv[off + j] = sval[first + j];
  }
}

extern "C" __global__ void join_gather_child(unsigned *ok, unsigned *orv, unsigned *osv,
                                             const unsigned *sval, unsigned first,
                                             unsigned off, unsigned n, unsigned key,
                                             unsigned val) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    ok[off + t] = key;
    orv[off + t] = val;
    osv[off + t] = sval[first + t];
  }
}

// The one device-side launch of this workload: join_gather_child over the n
// matches of one R record, fire-and-forget (DTBL: an aggregated group; the
// children are independent of each other and of the parent's later work).
// What join_gather_child<<<grid, JOIN_CHILD_THREADS, 0,
// cudaStreamFireAndForget>>>(ok, orv, osv, sval, first, off, n, key, val)
// compiles to, with the launch call chosen by DTBL: no parameter buffer, no
// launch.
template <bool DTBL>
__device__ static void launch_gather(unsigned *ok, unsigned *orv, unsigned *osv,
                                     const unsigned *sval, unsigned first, unsigned off,
                                     unsigned n, unsigned key, unsigned val) {
  dim3 grid((n + JOIN_CHILD_THREADS - 1) / JOIN_CHILD_THREADS, 1, 1);
  dim3 block(JOIN_CHILD_THREADS, 1, 1);
  struct args {
    unsigned *ok, *orv, *osv;
    const unsigned *sval;
    unsigned first, off, n, key, val;
  };
  args *a = (args *)cudaGetParameterBufferV2((void *)join_gather_child, grid, block, 0);
  if (a == 0) return;
  a->ok = ok;
  a->orv = orv;
  a->osv = osv;
  a->sval = sval;
  a->first = first;
  a->off = off;
  a->n = n;
  a->key = key;
  a->val = val;
  dp_launch<DTBL>((void *)join_gather_child, a, grid, block, 0);
}

// boff: exclusive block offsets of the pocket counts; boff2: of the leftover
// counts, whose part of the output starts after all pocket matches (total at
// boff[nblocks]).
// sh: the kernel's 2 * JOIN_THREADS words of shared memory.
template <bool DTBL>
__device__ __forceinline__ void gather_dp(const unsigned *rkey, const unsigned *rval,
                                          unsigned nr, const unsigned *sval, const unsigned *lo,
                                          const unsigned *cnt, const unsigned *boff,
                                          const unsigned *boff2, unsigned *ok, unsigned *orv,
                                          unsigned *osv, unsigned *sh) {
  unsigned i = blockIdx.x * JOIN_THREADS + threadIdx.x;
  unsigned c = i < nr ? cnt[i] : 0;
  unsigned big = c >= JOIN_POCKET ? c : 0;
  unsigned off = boff[blockIdx.x] + block_exclusive_scan(big, sh);
  unsigned off2 = boff[gridDim.x] + boff2[blockIdx.x] + block_exclusive_scan(c - big, sh);
  if (c == 0) return;
  unsigned key = rkey[i], val = rval[i], first = lo[i];
  if (big) {
    launch_gather<DTBL>(ok, orv, osv, sval, first, off, c, key, val);
    return;
  }
  off = off2;
  for (unsigned j = 0; j < c; j++) {
    ok[off + j] = key;
    orv[off + j] = val;
    osv[off + j] = sval[first + j];
  }
}

extern "C" __global__ void join_gather_cdp(const unsigned *rkey, const unsigned *rval,
                                           unsigned nr, const unsigned *sval,
                                           const unsigned *lo, const unsigned *cnt,
                                           const unsigned *boff, const unsigned *boff2,
                                           unsigned *ok, unsigned *orv, unsigned *osv) {
  __shared__ unsigned sh[2 * JOIN_THREADS];
  gather_dp<false>(rkey, rval, nr, sval, lo, cnt, boff, boff2, ok, orv, osv, sh);
}

extern "C" __global__ void join_gather_dtbl(const unsigned *rkey, const unsigned *rval,
                                            unsigned nr, const unsigned *sval,
                                            const unsigned *lo, const unsigned *cnt,
                                            const unsigned *boff, const unsigned *boff2,
                                            unsigned *ok, unsigned *orv, unsigned *osv) {
  __shared__ unsigned sh[2 * JOIN_THREADS];
  gather_dp<true>(rkey, rval, nr, sval, lo, cnt, boff, boff2, ok, orv, osv, sh);
}
