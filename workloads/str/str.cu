// STR: string match, MapReduce-style in the shape of the Mars framework's StringMatch: find every
// occurrence of a few keywords in a text. One map task per text line, 256 threads (8 warps) per
// CTA. Kernels, in launch order:
//  - str_map_count: one thread per line walks its words and compares each with every keyword
//    (length first, then byte by byte), counting the matches it will emit.
//  - str_scan (per CTA: exclusive scan of the counts, 8 steps with two barriers each) and
//    str_scan_totals (one CTA: scan of the per-CTA totals; the grand total is the number of
//    matches, which the host reads to size the intermediate buffers).
//  - str_map: one thread per line walks its words again and emits, at its scanned position, the
//    key (keyword << 32 | byte offset of the match) for every match.
//  - the group phase: a bitonic sort of the keys, so the matches are grouped by keyword and in
//    text order within a keyword (str_sort_tile sorts 512-key tiles in shared memory; for every
//    larger stage str_merge_global does each step of distance >= 512, one launch per step, and
//    str_merge_tile the rest in shared memory), then str_group_scan flags the first match of
//    each keyword and scans the flags per CTA, str_scan_totals scans the CTA totals and
//    str_compact writes each group's start.
//  - str_reduce: one thread per keyword found walks its group and writes the keyword's number of
//    matches and its first and last offsets.
#define TILE 512
#define CTA 256
#define PAD_KEY 0xffffffffffffffffull

typedef unsigned long long u64;

#define KW_MAX 16  // bytes per keyword slot

__device__ static bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

// The keyword the word [w, w + len) equals, or -1.
__device__ static int match(const char *w, int len, const char *kw, const int *kw_len, int nkw) {
  for (int k = 0; k < nkw; k++) {
    if (kw_len[k] != len) {
      continue;
    }
    int j = 0;
    while (j < len && w[j] == kw[k * KW_MAX + j]) {
      j++;
    }
    if (j == len) {
      return k;
    }
  }
  return -1;
}

extern "C" __global__ void str_map_count(const char *text, const int *line_start, int lines,
                                         const char *kw, const int *kw_len, int nkw,
                                         unsigned int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int found = 0;
  if (i < lines) {
    const char *p = text + line_start[i];
    const char *w = p;
    for (char c = *p;; c = *++p) {
      if (!is_letter(c)) {
        if (p > w && match(w, (int)(p - w), kw, kw_len, nkw) >= 0) {
          found++;
        }
        w = p + 1;
        if (c == '\n') {
          break;
        }
      }
    }
  }
  count[i] = found;
}

// Exclusive scan of 256 counts per CTA; the CTA's sum goes to cta_total.
extern "C" __global__ void str_scan(const unsigned int *count, unsigned int *offset,
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
extern "C" __global__ void str_scan_totals(unsigned int *total, int n) {
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

extern "C" __global__ void str_map(const char *text, const int *line_start, int lines,
                                   const char *kw, const int *kw_len, int nkw,
                                   const unsigned int *offset, const unsigned int *cta_base,
                                   u64 *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lines) {
    return;
  }
  unsigned int at = cta_base[blockIdx.x] + offset[i];
  const char *p = text + line_start[i];
  const char *w = p;
  for (char c = *p;; c = *++p) {
    if (!is_letter(c)) {
      if (p > w) {
        int k = match(w, (int)(p - w), kw, kw_len, nkw);
        if (k >= 0) {
          keys[at++] = ((u64)k << 32) | (unsigned int)(w - text);
        }
      }
      w = p + 1;
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

extern "C" __global__ void str_sort_tile(u64 *keys) {
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

extern "C" __global__ void str_merge_global(u64 *keys, unsigned int size, unsigned int dist) {
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lo = 2 * c - (c & (dist - 1));
  u64 a = keys[lo], b = keys[lo + dist];
  order(a, b, (lo & size) == 0);
  keys[lo] = a;
  keys[lo + dist] = b;
}

extern "C" __global__ void str_merge_tile(u64 *keys, unsigned int size) {
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

// The first match of a keyword: not padding, and its keyword differs from its predecessor's.
__device__ static bool group_start(const u64 *keys, unsigned int i) {
  u64 k = keys[i];
  return k != PAD_KEY && (i == 0 || (keys[i - 1] >> 32) != (k >> 32));
}

extern "C" __global__ void str_group_scan(const u64 *keys, unsigned int *offset,
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

extern "C" __global__ void str_compact(const u64 *keys, const unsigned int *offset,
                                      const unsigned int *cta_base, unsigned int *group_first) {
  unsigned int i = blockIdx.x * CTA + threadIdx.x;
  if (group_start(keys, i)) {
    group_first[cta_base[blockIdx.x] + offset[i]] = i;
  }
}

extern "C" __global__ void str_reduce(const u64 *keys, const unsigned int *group_first,
                                      int groups, unsigned int matches, unsigned int *result) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= groups) {
    return;
  }
  unsigned int k = group_first[g];
  unsigned int end = g + 1 < groups ? group_first[g + 1] : matches;
  unsigned int kw = (unsigned int)(keys[k] >> 32);
  unsigned int n = 0, first = 0xffffffffu, last = 0;
  for (; k < end; k++) {
    unsigned int pos = (unsigned int)keys[k];
    n++;
    first = min(first, pos);
    last = max(last, pos);
  }
  result[kw * 3] = n;
  result[kw * 3 + 1] = first;
  result[kw * 3 + 2] = last;
}
