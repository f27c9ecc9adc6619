// BHT: the force computation of Barnes-Hut over random points, in the shape
// of the DTBL/LaPerm dissertation's bht. The host builds an octree over the
// bodies (at most one body per leaf; nodes in breadth-first order, so a
// node's children are consecutive) with each node's centre of mass, and
// numbers the bodies in the tree's depth-first leaf order, so that 32
// consecutive bodies (a bucket) lie close together.
//
// A body visits a node: a leaf (another body) or a node far enough away
// (side^2 < theta^2 d^2) gives one interaction with the node's centre of
// mass; otherwise the node must be opened, and the body visits its children.
// Each interaction is computed in float with round-to-nearest operations
// only (no contraction), and its force converted to 64-bit fixed point
// (2^-32 units) and summed as integers, so that the sum does not depend on
// the order of the interactions.
//
// flat: one thread per body walks the tree from the root with a stack of
// sibling ranges.
//
// cdp: bht_open(node, bucket, mask) evaluates one further level of the
// traversal for the bodies of a bucket that must open `node`: one thread per
// (body, child of node) pair. The bodies that must open child c form a new
// mask; when that pocket (bodies x children of c) has at least 32 pairs,
// one thread launches bht_open for (c, mask) (fire-and-forget, one block
// with the pairs rounded up to a warp); a smaller pocket stays with the
// parent's threads, which walk c's subtree themselves. The host launches
// bht_open at the root for chunks of buckets (one block per bucket); each
// chunk's launch tree makes at most budget_max child launches.
//
// dtbl: bht_open_dtbl is bht_open with the launch made a DTBL aggregated
// group of bht_open_dtbl itself (cudaLaunchAggGroup, dtbl.cuh), which joins
// a resident bht_open_dtbl kernel of the same block size; the same code
// otherwise.

#include "../common/dtbl.cuh"

#define BHT_SCALE 4294967296.0f  // 2^32: force units of the fixed-point sums
#define BHT_STACK 24             // deeper than the tree (16 levels of 2^16 positions)
#define BHT_BUCKET 32

struct bht_tree {
  const float4 *com;          // per node: centre of mass, mass (a leaf: its body)
  const int2 *kids;           // per node: {first child, children}, a leaf {body, 0}
  const float *side2;         // per node: side length squared
  const float4 *body;         // per body: position, mass
  unsigned long long *acc;    // per body: x, y, z force, fixed point (two's complement)
  unsigned *count;            // per body: interactions
  unsigned *stats;            // [0] child launches, [1] their threads, [2] pockets refused
  unsigned *budget;           // per host launch (chunk of buckets): child launches made
  float theta2, eps2;         // opening parameter squared, softening squared
  unsigned n;                 // bodies
  unsigned chunk;             // buckets per host launch
  unsigned budget_max;        // child launches allowed per host launch
};

struct bht_sum {
  long long x, y, z;
  unsigned n;
};

// Body b at p visits node c: adds the interaction, or returns true when c
// must be opened.
__device__ bool bht_visit(const bht_tree *t, unsigned b, float4 p, unsigned c, bht_sum &s) {
  int2 k = t->kids[c];
  float4 q = t->com[c];
  float dx = __fsub_rn(q.x, p.x), dy = __fsub_rn(q.y, p.y), dz = __fsub_rn(q.z, p.z);
  float d2 = __fadd_rn(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)), __fmul_rn(dz, dz));
  if (k.y == 0) {
    if ((unsigned)k.x == b) return false;  // the body itself
  } else if (!(t->side2[c] < __fmul_rn(t->theta2, d2))) {
    return true;
  }
  float inv = __fdiv_rn(1.0f, __fsqrt_rn(__fadd_rn(d2, t->eps2)));
  float f = __fmul_rn(q.w, __fmul_rn(inv, __fmul_rn(inv, inv)));
  s.x += __float2ll_rn(__fmul_rn(__fmul_rn(dx, f), BHT_SCALE));
  s.y += __float2ll_rn(__fmul_rn(__fmul_rn(dy, f), BHT_SCALE));
  s.z += __float2ll_rn(__fmul_rn(__fmul_rn(dz, f), BHT_SCALE));
  s.n++;
  return false;
}

// Body b visits the children of node c (which it must open) and everything
// below them that it must open, depth first.
__device__ void bht_walk(const bht_tree *t, unsigned b, float4 p, unsigned c, bht_sum &s) {
  int next[BHT_STACK], end[BHT_STACK];
  int2 k = t->kids[c];
  int sp = 0;
  next[0] = k.x;
  end[0] = k.x + k.y;
  while (sp >= 0) {
    int v = next[sp]++;
    if (next[sp] == end[sp]) sp--;
    if (bht_visit(t, b, p, (unsigned)v, s)) {
      int2 kv = t->kids[v];
      sp++;
      next[sp] = kv.x;
      end[sp] = kv.x + kv.y;
    }
  }
}

// ---- flat: one thread per body, the whole traversal ---------------------------

extern "C" __global__ void bht_flat(const bht_tree *t) {
  unsigned b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= t->n) return;
  bht_sum s = {0, 0, 0, 0};
  bht_walk(t, b, t->body[b], 0, s);
  t->acc[3 * b] = (unsigned long long)s.x;
  t->acc[3 * b + 1] = (unsigned long long)s.y;
  t->acc[3 * b + 2] = (unsigned long long)s.z;
  t->count[b] = s.n;
}

// ---- cdp and dtbl: one launch per further level of the traversal --------------

extern "C" __global__ void bht_open(const bht_tree *t, unsigned node, unsigned base,
                                    unsigned mask);
extern "C" __global__ void bht_open_dtbl(const bht_tree *t, unsigned node, unsigned base,
                                         unsigned mask);

// The one child launch: the bodies of mask in the bucket at base open node
// c; one thread per (body, child of c) pair, rounded up to a warp: a grid of
// bht_open, or with DTBL a group of bht_open_dtbl. What bht_open<<<1,
// threads, 0, cudaStreamFireAndForget>>>(t, c, base, mask) compiles to, with
// the launch call chosen by DTBL (no parameter buffer, no launch). A host
// launch's tree makes at most budget_max child launches (under the device
// runtime's pending-launch limit); past that it returns false and the
// caller's threads walk the pocket themselves.
template <bool DTBL>
__device__ bool bht_launch_open(const bht_tree *t, unsigned c, unsigned base, unsigned mask,
                                unsigned pairs) {
  unsigned chunk = base / (BHT_BUCKET * t->chunk);
  if (atomicAdd(&t->budget[chunk], 1u) >= t->budget_max) {
    atomicAdd(&t->stats[2], 1u);
    return false;
  }
  unsigned threads = (pairs + 31u) & ~31u;
  void *func = DTBL ? (void *)bht_open_dtbl : (void *)bht_open;
  dim3 grid(1, 1, 1), block(threads, 1, 1);
  struct args {
    const bht_tree *t;
    unsigned node, base, mask;
  };
  args *a = (args *)cudaGetParameterBufferV2(func, grid, block, 0);
  if (a != 0) {
    a->t = t;
    a->node = c;
    a->base = base;
    a->mask = mask;
    dp_launch<DTBL>(func, a, grid, block, 0);
  }
  atomicAdd(&t->stats[0], 1u);
  atomicAdd(&t->stats[1], threads);
  return true;
}

// A bht_open block's shared memory (declared by each kernel).
struct bht_open_shared {
  unsigned long long sx[BHT_BUCKET], sy[BHT_BUCKET], sz[BHT_BUCKET];
  unsigned sn[BHT_BUCKET], sub[8], sent[8];
};

template <bool DTBL>
__device__ __forceinline__ void bht_open_block(const bht_tree *t, unsigned node, unsigned base,
                                               unsigned mask, bht_open_shared &sh) {
  unsigned long long *sx = sh.sx, *sy = sh.sy, *sz = sh.sz;
  unsigned *sn = sh.sn, *sub = sh.sub, *sent = sh.sent;
  unsigned tid = threadIdx.x;
  unsigned b0 = base + blockIdx.x * BHT_BUCKET;
  if (t->n - b0 < BHT_BUCKET) mask &= (1u << (t->n - b0)) - 1u;
  int2 k = t->kids[node];
  unsigned nc = (unsigned)k.y, pairs = (unsigned)__popc(mask) * nc;
  if (tid < BHT_BUCKET) {
    sx[tid] = sy[tid] = sz[tid] = 0;
    sn[tid] = 0;
  }
  if (tid < 8) sub[tid] = 0;
  __syncthreads();
  bht_sum s = {0, 0, 0, 0};
  bool open = false;
  unsigned lane = 0, ci = 0, b = 0;
  float4 p = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (tid < pairs) {
    unsigned j = tid / nc;
    ci = tid - j * nc;
    lane = __fns(mask, 0, (int)j + 1);  // the (j + 1)-th body of the mask
    b = b0 + lane;
    p = t->body[b];
    open = bht_visit(t, b, p, (unsigned)k.x + ci, s);
    if (open) atomicOr(&sub[ci], 1u << lane);
  }
  __syncthreads();
  if (tid < nc) {
    unsigned m = sub[tid], c = (unsigned)k.x + tid;
    unsigned cp = (unsigned)__popc(m) * (unsigned)t->kids[c].y;
    sent[tid] = cp >= 32u && bht_launch_open<DTBL>(t, c, b0, m, cp);
  }
  __syncthreads();
  if (open && !sent[ci]) bht_walk(t, b, p, (unsigned)k.x + ci, s);  // a pocket under a warp
  if (tid < pairs) {
    atomicAdd(&sx[lane], (unsigned long long)s.x);
    atomicAdd(&sy[lane], (unsigned long long)s.y);
    atomicAdd(&sz[lane], (unsigned long long)s.z);
    atomicAdd(&sn[lane], s.n);
  }
  __syncthreads();
  if (tid < BHT_BUCKET && (mask >> tid & 1u)) {
    unsigned bb = b0 + tid;
    atomicAdd(&t->acc[3 * bb], sx[tid]);
    atomicAdd(&t->acc[3 * bb + 1], sy[tid]);
    atomicAdd(&t->acc[3 * bb + 2], sz[tid]);
    atomicAdd(&t->count[bb], sn[tid]);
  }
}

extern "C" __global__ void bht_open(const bht_tree *t, unsigned node, unsigned base,
                                    unsigned mask) {
  __shared__ bht_open_shared sh;
  bht_open_block<false>(t, node, base, mask, sh);
}

extern "C" __global__ void bht_open_dtbl(const bht_tree *t, unsigned node, unsigned base,
                                         unsigned mask) {
  __shared__ bht_open_shared sh;
  bht_open_block<true>(t, node, base, mask, sh);
}
