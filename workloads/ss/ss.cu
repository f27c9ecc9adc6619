// SS: similarity scores between documents, MapReduce-style in the shape of the Mars
// framework's SS that the seeds run: the map phase computes the cosine similarity
// a.b / (|a| |b|) of every pair of document feature vectors, and the pairs are then sorted by
// score (Mars has no reduce phase for SS). 256 threads (8 warps) per CTA, as BAWS Table 2
// lists SS (6 TBs per SM). Kernels, in launch order:
//  - ss_map: one thread per input record (a pair of document ids) walks both feature vectors
//    (the threads of a warp mostly share the first document and read the second with a stride
//    of one vector), accumulating the dot product and both squared norms, and emits the key
//    (inverted score bits << 32 | pair index): sorting keys ascending sorts scores descending,
//    ties by pair. Threads past the last record emit an all-ones padding key.
//  - the sort (Mars sorts with a bitonic network): ss_sort_tile sorts 512-key tiles in shared
//    memory (45 compare-exchange steps, a barrier before each); for every larger bitonic stage,
//    ss_merge_global does each step whose distance is 512 or more (one launch per step) and
//    ss_merge_tile the rest in shared memory (9 steps, a barrier before each).
#define TILE 512
#define CTA 256
#define PAD_KEY 0xffffffffffffffffull

typedef unsigned long long u64;

extern "C" __global__ void ss_map(const float *docs, const int2 *pairs, int records,
                                  int features, u64 *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= records) {
    keys[i] = PAD_KEY;
    return;
  }
  int2 pr = pairs[i];
  const float *a = docs + (size_t)pr.x * features;
  const float *b = docs + (size_t)pr.y * features;
  float dot = 0.0f, na = 0.0f, nb = 0.0f;
  for (int f = 0; f < features; f++) {
    float x = a[f], y = b[f];
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  float score = dot / (sqrtf(na) * sqrtf(nb));
  keys[i] = ((u64)~__float_as_uint(score) << 32) | (unsigned int)i;
}

// One compare-exchange of a bitonic network: order (a, b) ascending when up, else descending.
__device__ static void order(u64 &a, u64 &b, bool up) {
  if ((a > b) == up) {
    u64 t = a;
    a = b;
    b = t;
  }
}

extern "C" __global__ void ss_sort_tile(u64 *keys) {
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

extern "C" __global__ void ss_merge_global(u64 *keys, unsigned int size, unsigned int dist) {
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int lo = 2 * c - (c & (dist - 1));
  u64 a = keys[lo], b = keys[lo + dist];
  order(a, b, (lo & size) == 0);
  keys[lo] = a;
  keys[lo + dist] = b;
}

extern "C" __global__ void ss_merge_tile(u64 *keys, unsigned int size) {
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
