// WC: word count over a text, MapReduce-style in the shape of the Mars framework's WordCount
// (map count, prefix sum, map, group by a bitonic sort, reduce). One map task per text line,
// one reduce task per distinct word; 256 threads (8 warps) per CTA. Kernels, in launch order:
//  - wc_map_count: one thread per line walks its bytes and counts the words it will emit.
//  - wc_scan (per CTA: exclusive scan of the counts, 8 steps with two barriers each) and
//    wc_scan_totals (one CTA: scan of the per-CTA totals; the grand total is the number of
//    intermediate pairs, which the host reads to size the intermediate buffers).
//  - wc_map: one thread per line walks its words again, hashes each (FNV-1a, 32 bits) and emits
//    the key (hash << 32 | emit index) and the value 1 at its scanned position.
//  - the group phase: a bitonic sort of the keys (wc_sort_tile sorts 512-key tiles in shared
//    memory; for every larger stage wc_merge_global does each step of distance >= 512, one
//    launch per step, and wc_merge_tile the rest in shared memory), then wc_group_scan flags the
//    first key of each word (hash unlike its predecessor's) and scans the flags per CTA,
//    wc_scan_totals scans the CTA totals and wc_compact writes each group's start.
//  - wc_reduce: one thread per distinct word walks its group, adding the values it finds through
//    each key's emit index, and writes (hash, count).
#define TILE 512
#define CTA 256
#define PAD_KEY 0xffffffffffffffffull

typedef unsigned long long u64;

__device__ static bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

extern "C" __global__ void wc_map_count(const char *text, const int *line_start, int lines,
                                        unsigned int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int words = 0;
  if (i < lines) {
    const char *p = text + line_start[i];
    bool in_word = false;
    for (char c = *p; c != '\n'; c = *++p) {
      bool l = is_letter(c);
      if (l && !in_word) {
        words++;
      }
      in_word = l;
    }
  }
  count[i] = words;
}

// Exclusive scan of 256 counts per CTA; the CTA's sum goes to cta_total.
extern "C" __global__ void wc_scan(const unsigned int *count, unsigned int *offset,
                                   unsigned int *cta_total) {
  __shared__ unsigned int s[CTA];
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  unsigned int c = count[i];
  s[threadIdx.x] = c;
  for (int d = 1; d < CTA; d *= 2) {
    __syncthreads();
    unsigned int add = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += add;
  }
  offset[i] = s[threadIdx.x] - c;
  if (threadIdx.x == CTA - 1) {
    cta_total[blockIdx.x] = s[threadIdx.x];
  }
}

// One CTA: exclusive scan of n per-CTA totals in place; the grand total goes to total[n].
extern "C" __global__ void wc_scan_totals(unsigned int *total, int n) {
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

extern "C" __global__ void wc_map(const char *text, const int *line_start, int lines,
                                  const unsigned int *offset, const unsigned int *cta_base,
                                  u64 *keys, unsigned int *vals) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lines) {
    return;
  }
  unsigned int at = cta_base[blockIdx.x] + offset[i];
  const char *p = text + line_start[i];
  unsigned int h = 0;
  bool in_word = false;
  for (char c = *p;; c = *++p) {
    if (is_letter(c)) {
      if (!in_word) {
        h = 2166136261u;
      }
      h = (h ^ (unsigned char)c) * 16777619u;
      in_word = true;
    } else {
      if (in_word) {
        keys[at] = ((u64)h << 32) | at;
        vals[at] = 1;
        at++;
      }
      in_word = false;
      if (c == '\n') {
        break;
      }
    }
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

extern "C" __global__ void wc_sort_tile(u64 *keys) {
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

extern "C" __global__ void wc_merge_global(u64 *keys, unsigned int size, unsigned int dist) {
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lo = 2 * c - (c & (dist - 1));
  u64 a = keys[lo], b = keys[lo + dist];
  order(a, b, (lo & size) == 0);
  keys[lo] = a;
  keys[lo + dist] = b;
}

extern "C" __global__ void wc_merge_tile(u64 *keys, unsigned int size) {
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

// The first key of a word's group: not padding, and its hash differs from its predecessor's.
__device__ static bool group_start(const u64 *keys, unsigned int i) {
  u64 k = keys[i];
  return k != PAD_KEY && (i == 0 || (keys[i - 1] >> 32) != (k >> 32));
}

extern "C" __global__ void wc_group_scan(const u64 *keys, unsigned int *offset,
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

extern "C" __global__ void wc_compact(const u64 *keys, const unsigned int *offset,
                                      const unsigned int *cta_base, unsigned int *group_first) {
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  if (group_start(keys, i)) {
    group_first[cta_base[blockIdx.x] + offset[i]] = i;
  }
}

extern "C" __global__ void wc_reduce(const u64 *keys, const unsigned int *vals,
                                     const unsigned int *group_first, int groups,
                                     unsigned int pairs, unsigned int *word,
                                     unsigned int *count) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= groups) {
    return;
  }
  unsigned int k = group_first[g];
  unsigned int end = g + 1 < groups ? group_first[g + 1] : pairs;
  unsigned int sum = 0;
  for (; k < end; k++) {
    sum += vals[(unsigned int)keys[k]];
  }
  word[g] = (unsigned int)(keys[group_first[g]] >> 32);
  count[g] = sum;
}
