// PVC: page view count over a web log, MapReduce-style in the shape of the Mars framework's
// PVC that the seeds run (two MapReduces: the first removes duplicate (page, visitor) entries,
// the second counts the distinct visitors of each page). 256 threads (8 warps) per CTA, as BAWS
// Table 2 lists PVC (6 TBs per SM). Kernels, in launch order:
//  - pvc_map: one thread per log line parses the text (visitor IPv4 address, then the page
//    number in the URL) byte by byte and emits the key (page << 32 | address); threads past the
//    last line emit an all-ones padding key.
//  - the sort of the intermediate keys (Mars sorts them with a bitonic network): pvc_sort_tile
//    sorts 512-key tiles in shared memory (45 compare-exchange steps, a barrier before each);
//    for every larger bitonic stage, pvc_merge_global does each step whose distance is 512 or
//    more (one launch per step, one compare-exchange per thread) and pvc_merge_tile the rest
//    in shared memory (9 steps, a barrier before each).
//  - grouping: pvc_group_scan flags the first key of each group (a key unlike its predecessor)
//    and scans the flags within the CTA (8 steps, two barriers each); pvc_scan_totals (one CTA)
//    scans the per-CTA totals; pvc_compact writes each group's page number to its place.
//  - pvc_reduce: one thread per distinct entry; the first of each page's run counts the run
//    (a loop as long as the page's visitor count) and stores the page's view count.
#define TILE 512
#define CTA 256
#define PAD_KEY 0xffffffffffffffffull

typedef unsigned long long u64;

extern "C" __global__ void pvc_map(const char *log, const int *line_start, int lines,
                                   u64 *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lines) {
    keys[i] = PAD_KEY;
    return;
  }
  const char *p = log + line_start[i];
  unsigned int addr = 0, part = 0;
  for (;; p++) {  // "a.b.c.d " : four decimal parts
    char ch = *p;
    if (ch >= '0' && ch <= '9') {
      part = part * 10 + (ch - '0');
    } else {
      addr = (addr << 8) | part;
      part = 0;
      if (ch == ' ') {
        break;
      }
    }
  }
  while (*p != 'p') {  // "GET /p1234.html ..." : the page number follows the 'p'
    p++;
  }
  unsigned int page = 0;
  for (p++; *p >= '0' && *p <= '9'; p++) {
    page = page * 10 + (*p - '0');
  }
  keys[i] = ((u64)page << 32) | addr;
}

// One compare-exchange of a bitonic network: order (a, b) ascending when up, else descending.
__device__ static void order(u64 &a, u64 &b, bool up) {
  if ((a > b) == up) {
    u64 t = a;
    a = b;
    b = t;
  }
}

extern "C" __global__ void pvc_sort_tile(u64 *keys) {
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

extern "C" __global__ void pvc_merge_global(u64 *keys, unsigned int size, unsigned int dist) {
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lo = 2 * c - (c & (dist - 1));
  u64 a = keys[lo], b = keys[lo + dist];
  order(a, b, (lo & size) == 0);
  keys[lo] = a;
  keys[lo + dist] = b;
}

extern "C" __global__ void pvc_merge_tile(u64 *keys, unsigned int size) {
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

__device__ static bool group_start(const u64 *keys, unsigned int i) {
  u64 k = keys[i];
  return k != PAD_KEY && (i == 0 || keys[i - 1] != k);
}

extern "C" __global__ void pvc_group_scan(const u64 *keys, unsigned int *offset,
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
  offset[i] = s[threadIdx.x] - flag;  // exclusive
  if (threadIdx.x == CTA - 1) {
    cta_total[blockIdx.x] = s[threadIdx.x];
  }
}

// One CTA: exclusive scan of n per-CTA totals in place; the grand total goes to total[n].
extern "C" __global__ void pvc_scan_totals(unsigned int *total, int n) {
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

extern "C" __global__ void pvc_compact(const u64 *keys, const unsigned int *offset,
                                       const unsigned int *cta_base, unsigned int *pages) {
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  if (group_start(keys, i)) {
    pages[cta_base[blockIdx.x] + offset[i]] = (unsigned int)(keys[i] >> 32);
  }
}

extern "C" __global__ void pvc_reduce(const unsigned int *pages, int distinct,
                                      unsigned int *views) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= distinct) {
    return;
  }
  unsigned int page = pages[j];
  if (j > 0 && pages[j - 1] == page) {
    return;
  }
  int k = j + 1;
  while (k < distinct && pages[k] == page) {
    k++;
  }
  views[page] = (unsigned int)(k - j);
}
