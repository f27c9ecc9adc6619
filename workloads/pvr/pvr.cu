// PVR: page view rank over a web log, MapReduce-style in the shape of the Mars framework's
// PageViewRank: count the views of every page, then rank the pages by their counts. One map task
// per log entry, one reduce task per distinct page, 256 threads (8 warps) per CTA (BAWS Table 2
// lists PVR with 6 TBs of 8 warps per SM). Kernels, in launch order:
//  - pvr_map: one thread per log entry skips the visitor address and parses the page number in
//    the URL byte by byte; it emits the key (page << 32 | entry index), the value being 1; threads
//    past the last entry emit an all-ones padding key.
//  - the group phase: a bitonic sort of the keys (pvr_sort_tile sorts 512-key tiles in shared
//    memory; for every larger stage pvr_merge_global does each step of distance >= 512, one launch
//    per step, and pvr_merge_tile the rest in shared memory), then pvr_group_scan flags the first
//    entry of each page and scans the flags per CTA, pvr_scan_totals scans the CTA totals (the
//    grand total is the number of distinct pages, which the host reads) and pvr_compact writes
//    each group's start.
//  - pvr_reduce: one thread per distinct page walks its group and writes (page, views).
//  - the rank phase: pvr_rank_map turns each (page, views) into the key (~views << 32 | page),
//    so an ascending sort puts the most viewed pages first (ties by page number), and the same
//    bitonic sort kernels sort these keys.
#define TILE 512
#define CTA 256
#define PAD_KEY 0xffffffffffffffffull

typedef unsigned long long u64;

extern "C" __global__ void pvr_map(const char *log, const int *entry_start, int entries,
                                   u64 *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= entries) {
    keys[i] = PAD_KEY;
    return;
  }
  // "a.b.c.d GET /pN.html 200": the page number follows the first "/p"
  const char *p = log + entry_start[i];
  while (*p != '/') {
    p++;
  }
  p += 2;
  unsigned int page = 0;
  for (char c = *p; c >= '0' && c <= '9'; c = *++p) {
    page = page * 10 + (unsigned int)(c - '0');
  }
  keys[i] = ((u64)page << 32) | (unsigned int)i;
}

// One CTA: exclusive scan of n per-CTA totals in place; the grand total goes to total[n].
extern "C" __global__ void pvr_scan_totals(unsigned int *total, int n) {
  __shared__ unsigned int s[CTA];
  int per = (n + CTA - 1) / CTA;
  int first = threadIdx.x * per;
  unsigned int sum = 0;
  for (int k = first; k < first + per && k < n; k++) {
    sum += total[k];
  }
  s[threadIdx.x] = sum;
  for (int d = 1; d < CTA; d *= 2) {
    __syncthreads();
    unsigned int add = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += add;
  }
  __syncthreads();
  unsigned int run = s[threadIdx.x] - sum;
  for (int k = first; k < first + per && k < n; k++) {
    unsigned int v = total[k];
    total[k] = run;
    run += v;
  }
  if (threadIdx.x == CTA - 1) {
    total[n] = s[CTA - 1];
  }
}

// One compare-exchange of a bitonic network: order (a, b) ascending when up, else descending.
__device__ static void order(u64 &a, u64 &b, bool up) {
  if ((a > b) == up) {
    u64 t = a;
    a = b;
    b = t;
  }
}

extern "C" __global__ void pvr_sort_tile(u64 *keys) {
  __shared__ u64 s[TILE];
  u64 *tile = keys + (size_t)blockIdx.x * TILE;
  int t = threadIdx.x;
  s[t] = tile[t];
  s[t + CTA] = tile[t + CTA];
  unsigned int base = blockIdx.x * TILE;
  for (unsigned int size = 2; size <= TILE; size *= 2) {
    for (unsigned int dist = size / 2; dist > 0; dist /= 2) {
      __syncthreads();
      unsigned int lo = 2 * t - (t & (dist - 1));
      order(s[lo], s[lo + dist], ((base + lo) & size) == 0);
    }
  }
  __syncthreads();
  tile[t] = s[t];
  tile[t + CTA] = s[t + CTA];
}

extern "C" __global__ void pvr_merge_global(u64 *keys, unsigned int size, unsigned int dist) {
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lo = 2 * c - (c & (dist - 1));
  u64 a = keys[lo], b = keys[lo + dist];
  order(a, b, (lo & size) == 0);
  keys[lo] = a;
  keys[lo + dist] = b;
}

extern "C" __global__ void pvr_merge_tile(u64 *keys, unsigned int size) {
  __shared__ u64 s[TILE];
  u64 *tile = keys + (size_t)blockIdx.x * TILE;
  int t = threadIdx.x;
  s[t] = tile[t];
  s[t + CTA] = tile[t + CTA];
  bool up = ((blockIdx.x * TILE) & size) == 0;
  for (unsigned int dist = TILE / 2; dist > 0; dist /= 2) {
    __syncthreads();
    unsigned int lo = 2 * t - (t & (dist - 1));
    order(s[lo], s[lo + dist], up);
  }
  __syncthreads();
  tile[t] = s[t];
  tile[t + CTA] = s[t + CTA];
}

// The first entry of a page's group: not padding, and its page differs from its predecessor's.
__device__ static bool group_start(const u64 *keys, unsigned int i) {
  u64 k = keys[i];
  return k != PAD_KEY && (i == 0 || (keys[i - 1] >> 32) != (k >> 32));
}

extern "C" __global__ void pvr_group_scan(const u64 *keys, unsigned int *offset,
                                          unsigned int *cta_total) {
  __shared__ unsigned int s[CTA];
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  unsigned int flag = group_start(keys, i) ? 1 : 0;
  s[threadIdx.x] = flag;
  for (int d = 1; d < CTA; d *= 2) {
    __syncthreads();
    unsigned int add = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += add;
  }
  offset[i] = s[threadIdx.x] - flag;
  if (threadIdx.x == CTA - 1) {
    cta_total[blockIdx.x] = s[threadIdx.x];
  }
}

extern "C" __global__ void pvr_compact(const u64 *keys, const unsigned int *offset,
                                       const unsigned int *cta_base, unsigned int *group_first) {
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  if (group_start(keys, i)) {
    group_first[cta_base[blockIdx.x] + offset[i]] = i;
  }
}

extern "C" __global__ void pvr_reduce(const u64 *keys, const unsigned int *group_first,
                                      int groups, unsigned int entries, unsigned int *page,
                                      unsigned int *views) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= groups) {
    return;
  }
  unsigned int k = group_first[g];
  unsigned int end = g + 1 < groups ? group_first[g + 1] : entries;
  unsigned int p = (unsigned int)(keys[k] >> 32);
  unsigned int n = 0;
  for (; k < end; k++) {
    n += (unsigned int)(keys[k] >> 32) == p;  // each entry's value is one view
  }
  page[g] = p;
  views[g] = n;
}

extern "C" __global__ void pvr_rank_map(const unsigned int *page, const unsigned int *views,
                                        int groups, u64 *rank) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  rank[i] = i < groups ? ((u64)~views[i] << 32) | page[i] : PAD_KEY;
}
