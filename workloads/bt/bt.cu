// BT: B+ tree search in the structure of the Rodinia b+tree kernels the seeds
// ran. The tree is built on the host and stored as an array of fixed-size
// nodes (ORDER + 1 key slots and ORDER + 1 child slots each, root first). One
// CTA of ORDER = 256 threads (8 warps, BAWS Table 2) serves one query; thread
// t looks at slot t of the current node. Each level of the descent is two
// barrier-separated phases: the one thread whose key interval holds the query
// writes the child to the query's "next" word in global memory; after the
// barrier thread 0 moves the query's cursor there; after a second barrier all
// threads read the new cursor. Cursor words live in global memory, one per
// query, as in the original.
//
// Node layout (bt.c builds it): inner node with n separators: key slot 0 is
// INT_MIN, slots 1..n the separators, the rest INT_MAX; child slot i is the
// subtree holding keys in [key[i], key[i+1]). Leaf with m keys: key slots
// 0..m-1, the rest INT_MAX; child slot i is the record position of key i
// (records are stored in key order).

#define ORDER 256
#define SLOTS (ORDER + 1)
#define KEY_MAX 0x7fffffff

// find-K: answer[q] = records[position of query[q]] if the key is present
// (answer[] comes in as -1).
extern "C" __global__ void bt_find_k(const int *keys, const int *child, int height,
                                     const int *records, const int *query, int *cursor,
                                     int *next, int *answer) {
  int q = blockIdx.x;
  int t = threadIdx.x;
  int key = query[q];
  for (int level = 0; level < height; level++) {
    int node = cursor[q] * SLOTS;
    if (keys[node + t] <= key && key < keys[node + t + 1]) next[q] = child[node + t];
    __syncthreads();
    if (t == 0) cursor[q] = next[q];
    __syncthreads();
  }
  int leaf = cursor[q] * SLOTS;
  if (keys[leaf + t] == key) answer[q] = records[child[leaf + t]];
}

// range-K: for [lo[q], hi[q]], start[q] = position of the first key >= lo and
// count[q] = number of keys in the range. Two cursors descend together, one
// per bound; at the leaves the thread at the first slot past each bound
// reports its record position.
extern "C" __global__ void bt_find_range(const int *keys, const int *child, int height,
                                         const int *lo, const int *hi, int *cursor_lo,
                                         int *next_lo, int *cursor_hi, int *next_hi,
                                         int *start, int *count) {
  int q = blockIdx.x;
  int t = threadIdx.x;
  int a = lo[q], b = hi[q];
  for (int level = 0; level < height; level++) {
    int na = cursor_lo[q] * SLOTS;
    int nb = cursor_hi[q] * SLOTS;
    if (keys[na + t] <= a && a < keys[na + t + 1]) next_lo[q] = child[na + t];
    if (keys[nb + t] <= b && b < keys[nb + t + 1]) next_hi[q] = child[nb + t];
    __syncthreads();
    if (t == 0) {
      cursor_lo[q] = next_lo[q];
      cursor_hi[q] = next_hi[q];
    }
    __syncthreads();
  }
  // The first slot whose key is >= a (an INT_MAX pad when every key of the
  // leaf is below a: then the position after the leaf's last record).
  int la = cursor_lo[q] * SLOTS;
  int ka = keys[la + t];
  if (ka >= a && (t == 0 || keys[la + t - 1] < a)) {
    start[q] = ka != KEY_MAX ? child[la + t] : child[la + t - 1] + 1;
  }
  __syncthreads();
  int lb = cursor_hi[q] * SLOTS;
  int kb = keys[lb + t];
  if (kb > b && (t == 0 || keys[lb + t - 1] <= b)) {
    int end = kb != KEY_MAX ? child[lb + t] : child[lb + t - 1] + 1;
    count[q] = end - start[q];
  }
}
