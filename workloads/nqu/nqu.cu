// NQU: counts the solutions of the n-queens problem. The host places the
// queens of the first rows in every legal way (the prefixes) and hands one
// prefix to each thread as three bitmasks: occupied columns and the two
// diagonal directions, already shifted to the next row. Each thread then
// finishes its board by iterative backtracking with an explicit stack of
// bitmasks per row kept in shared memory (one column of the stack per thread,
// so the stack accesses of a warp fall in different banks). The trip counts
// differ wildly between threads, so warps diverge and CTAs finish at very
// different times. At the end the CTA sums its threads' counts with a tree
// reduction in shared memory (a barrier per level) and writes one total; each
// thread also writes its own count.
#define NQ_THREADS 96   // 3 warps per CTA
#define NQ_MAXDEPTH 11  // rows left after the prefix: n <= 16 with a 5-row prefix

extern "C" __global__ void nqueens_count(const unsigned *pcols, const unsigned *pld,
                                         const unsigned *prd, int nprefix, int n, int depth,
                                         unsigned *counts, unsigned *cta_counts) {
  __shared__ unsigned s_cols[NQ_MAXDEPTH][NQ_THREADS];
  __shared__ unsigned s_ld[NQ_MAXDEPTH][NQ_THREADS];
  __shared__ unsigned s_rd[NQ_MAXDEPTH][NQ_THREADS];
  __shared__ unsigned s_avail[NQ_MAXDEPTH][NQ_THREADS];
  __shared__ unsigned s_sum[NQ_THREADS];
  int t = threadIdx.x;
  int g = blockIdx.x * NQ_THREADS + t;
  unsigned count = 0;
  if (g < nprefix) {
    unsigned full = (1u << n) - 1u;
    unsigned c = pcols[g], a = pld[g], b = prd[g];
    s_cols[0][t] = c;
    s_ld[0][t] = a;
    s_rd[0][t] = b;
    s_avail[0][t] = full & ~(c | a | b);
    int row = 0;  // stack level = row after the prefix
    while (row >= 0) {
      unsigned avail = s_avail[row][t];
      if (avail == 0) {
        row--;
        continue;
      }
      unsigned bit = avail & (0u - avail);
      s_avail[row][t] = avail ^ bit;
      if (row == depth - 1) {
        count++;
        continue;
      }
      unsigned nc = s_cols[row][t] | bit;
      unsigned na = (s_ld[row][t] | bit) << 1;
      unsigned nb = (s_rd[row][t] | bit) >> 1;
      row++;
      s_cols[row][t] = nc;
      s_ld[row][t] = na;
      s_rd[row][t] = nb;
      s_avail[row][t] = full & ~(nc | na | nb);
    }
    counts[g] = count;
  }
  s_sum[t] = count;
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (t < s && t + s < NQ_THREADS) s_sum[t] += s_sum[t + s];
    __syncthreads();
  }
  if (t == 0) cta_counts[blockIdx.x] = s_sum[0];
}
