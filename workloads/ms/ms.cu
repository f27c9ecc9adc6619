// MS: stable merge sort of (key, value) pairs of 32-bit unsigned integers,
// n a multiple of 512, in the CUDA SDK's structure: every CTA has 256
// threads (8 warps) and merges through shared memory with barriers.
//
//   ms_sort_tile        sorts each 512-element tile in shared memory: nine
//                       merge stages (runs of 1, 2, ... 256 into runs of
//                       twice that), two barriers each; an element's place
//                       in the merged run is its index in its own run plus
//                       its rank in the partner run (binary search).
// then, for run width w = 512, 1024, ... below n, four launches merge the
// runs in pairs (A = the left run, B = the right one) from one buffer into
// the other:
//   ms_sample_ranks     takes every 256th element of A and of B as a sample
//                       and finds its rank in the other run (binary search in
//                       global memory);
//   ms_place_bounds     (launched once for A's samples, once for B's) turns
//                       each sample into a split point (elements of A before
//                       it, elements of B before it) and stores it at its
//                       place in the merged, sorted list of split points;
//   ms_merge_intervals  one CTA per interval between consecutive split
//                       points (at most 256 elements from each run) loads
//                       both pieces into shared memory, ranks every element
//                       in the other piece, scatters them into merged order
//                       in shared memory and writes the result coalesced.
// Ties keep A's elements first, so the sort is stable.
#define MS_THREADS 256
#define MS_TILE 512
#define MS_S 256  // sample stride = the most elements an interval takes from one run

// Number of elements of the sorted a[0..len) that are below key (incl = 0)
// or at most key (incl = 1). step is a power of two >= len; the search does
// log2(step) + 1 probes whatever the data.
__device__ __forceinline__ int ms_rank(const unsigned *a, int len, int step, unsigned key,
                                       int incl) {
  int pos = 0;
  for (; step > 0; step >>= 1) {
    int np = pos + step;
    if (np <= len) {
      unsigned v = a[np - 1];
      if (incl ? v <= key : v < key) pos = np;
    }
  }
  return pos;
}

extern "C" __global__ void ms_sort_tile(unsigned *keys, unsigned *vals) {
  __shared__ unsigned sk[MS_TILE];
  __shared__ unsigned sv[MS_TILE];
  int t = threadIdx.x;
  size_t base = (size_t)blockIdx.x * MS_TILE;
  sk[t] = keys[base + t];
  sv[t] = vals[base + t];
  sk[t + MS_THREADS] = keys[base + t + MS_THREADS];
  sv[t + MS_THREADS] = vals[base + t + MS_THREADS];
  for (int w = 1; w < MS_TILE; w <<= 1) {
    __syncthreads();
    unsigned k[2], v[2];
    int d[2];
#pragma unroll
    for (int h = 0; h < 2; h++) {
      int e = t + h * MS_THREADS;
      k[h] = sk[e];
      v[h] = sv[e];
      int start = e & ~(2 * w - 1);  // the pair of runs e belongs to
      int i = e & (w - 1);           // index in its own run
      if ((e & w) == 0) {
        d[h] = start + i + ms_rank(sk + start + w, w, w, k[h], 0);
      } else {
        d[h] = start + i + ms_rank(sk + start, w, w, k[h], 1);
      }
    }
    __syncthreads();
#pragma unroll
    for (int h = 0; h < 2; h++) {
      sk[d[h]] = k[h];
      sv[d[h]] = v[h];
    }
  }
  __syncthreads();
  keys[base + t] = sk[t];
  vals[base + t] = sv[t];
  keys[base + t + MS_THREADS] = sk[t + MS_THREADS];
  vals[base + t + MS_THREADS] = sv[t + MS_THREADS];
}

// The runs of pair p: A = [a0, a0 + la), B = [a0 + w, a0 + w + lb).
__device__ __forceinline__ void ms_pair(int n, int w, int p, int *a0, int *la, int *lb) {
  *a0 = p * 2 * w;
  int rest = n - *a0;
  *la = rest < w ? rest : w;
  rest -= w;
  *lb = rest < 0 ? 0 : (rest < w ? rest : w);
}

// One thread per sample slot: pair p has 2w / MS_S slots, A's samples first.
extern "C" __global__ void ms_sample_ranks(const unsigned *keys, unsigned *ranks, int n, int w) {
  int slots = 2 * w / MS_S;
  int s = blockIdx.x * MS_THREADS + threadIdx.x;
  int p = s / slots, k = s % slots;
  if (p * 2 * w >= n) return;
  int a0, la, lb;
  ms_pair(n, w, p, &a0, &la, &lb);
  int na = la / MS_S, nb = lb / MS_S;
  if (k < na) {
    ranks[s] = ms_rank(keys + a0 + w, lb, w, keys[a0 + k * MS_S], 0);
  } else if (k < na + nb) {
    ranks[s] = ms_rank(keys + a0, la, w, keys[a0 + w + (k - na) * MS_S], 1);
  }
}

// side 0: A's samples; side 1: B's. A sample with rank r in the other run
// has ceil(r / MS_S) of the other run's samples before it in merged order.
extern "C" __global__ void ms_place_bounds(const unsigned *ranks, unsigned *bound_a,
                                           unsigned *bound_b, int n, int w, int side) {
  int per = w / MS_S, slots = 2 * w / MS_S;
  int q = blockIdx.x * MS_THREADS + threadIdx.x;
  int p = q / per, k = q % per;
  if (p * 2 * w >= n) return;
  int a0, la, lb;
  ms_pair(n, w, p, &a0, &la, &lb);
  int na = la / MS_S, nb = lb / MS_S;
  if (side == 0 && k < na) {
    unsigned r = ranks[p * slots + k];
    int at = p * slots + k + (int)((r + MS_S - 1) / MS_S);
    bound_a[at] = k * MS_S;
    bound_b[at] = r;
  } else if (side == 1 && k < nb) {
    unsigned r = ranks[p * slots + na + k];
    int at = p * slots + k + (int)((r + MS_S - 1) / MS_S);
    bound_a[at] = r;
    bound_b[at] = k * MS_S;
  }
}

extern "C" __global__ void ms_merge_intervals(const unsigned *ikeys, const unsigned *ivals,
                                              unsigned *okeys, unsigned *ovals,
                                              const unsigned *bound_a, const unsigned *bound_b,
                                              int n, int w) {
  __shared__ unsigned ka[MS_S], va[MS_S], kb[MS_S], vb[MS_S];
  __shared__ unsigned ko[2 * MS_S], vo[2 * MS_S];
  int slots = 2 * w / MS_S;
  int p = blockIdx.x / slots, k = blockIdx.x % slots;
  if (p * 2 * w >= n) return;
  int a0, la, lb;
  ms_pair(n, w, p, &a0, &la, &lb);
  int cnt = (la + lb) / MS_S;
  if (k >= cnt) return;  // the whole CTA: a short last pair has fewer intervals
  int at = p * slots + k;
  int sa = bound_a[at], sb = bound_b[at];
  int ea = k + 1 < cnt ? (int)bound_a[at + 1] : la;
  int eb = k + 1 < cnt ? (int)bound_b[at + 1] : lb;
  int lena = ea - sa, lenb = eb - sb;
  int t = threadIdx.x;
  if (t < lena) {
    ka[t] = ikeys[a0 + sa + t];
    va[t] = ivals[a0 + sa + t];
  }
  if (t < lenb) {
    kb[t] = ikeys[a0 + w + sb + t];
    vb[t] = ivals[a0 + w + sb + t];
  }
  __syncthreads();
  if (t < lena) {
    int d = t + ms_rank(kb, lenb, MS_S, ka[t], 0);
    ko[d] = ka[t];
    vo[d] = va[t];
  }
  if (t < lenb) {
    int d = t + ms_rank(ka, lena, MS_S, kb[t], 1);
    ko[d] = kb[t];
    vo[d] = vb[t];
  }
  __syncthreads();
  int out = a0 + sa + sb, len = lena + lenb;
  for (int i = t; i < len; i += MS_THREADS) {
    okeys[out + i] = ko[i];
    ovals[out + i] = vo[i];
  }
}
