// REGX: regular-expression matching in the style of Gregex. A set of
// patterns is compiled on the host into one epsilon-free NFA in CSR form:
// per state, its outgoing edges, each a character range [lo, hi] and a target
// state, packed in one word (target in bits 0-15, lo in 16-23, hi in 24-31).
// State 0 is the start state of every pattern and stays active at every
// position (unanchored search). Per input string the kernels keep two state
// sets (bitsets with a summary word per 32 words, which words are non-zero):
// the set active before the current position and the set after it. At every
// position the string's walker scans the active set, records the accepting
// states it finds (pattern bitset and event count), then examines every
// active state's edges against the position's byte and sets the targets in
// the next set.
//
// regx_flat: one thread per string walks all its positions and examines
// every edge itself.
//
// regx_cdp: the same walk, but an active state with at least 32 outgoing
// edges has its edges examined in parallel by a child grid (regx_edges, one
// thread per edge, fire-and-forget), which sets the targets with atomicOr.
// The traversal then continues from the child: every thread of the
// position's children, and the walker itself, counts down the string's
// pending counter when done, and whichever comes last continues the walk at
// the next position, launching that position's children in turn (recursive
// traversal; the CUDA 12+ device runtime has no device-side wait). Each
// step of the recursion is one level deeper; a walker in a grid at CUDA's
// nesting-depth limit (24) stores where it is and the host launches
// regx_cdp again, which resumes every unfinished string at depth 0. A launch
// that the runtime refuses (no parameter buffer, launch error) leaves that
// state's edges to the walker, so the result never depends on it (the
// simulator counts such a refusal as a failed run all the same).
//
// regx_dtbl: regx_cdp with the children launched as DTBL aggregated groups
// of regx_edges_dtbl (cudaLaunchAggGroup, dtbl.cuh), which continues the
// walk and launches its groups in turn; the same code otherwise (the depth
// limit included: the simulator keeps CDP's for groups).
#include <cstdint>

#include "../common/dtbl.cuh"

// The arrays and counts every kernel takes (as arguments, in this order).
struct regx_ctx {
  const unsigned *row;    // S + 1 edge offsets
  const unsigned *edge;   // packed edges
  const int *acc;         // per state: the pattern it accepts, or -1
  const unsigned char *text;
  const unsigned *off;    // nstr + 1 string offsets into text
  unsigned *sets;         // per string two sets of stride words
  unsigned *match;        // per string pwords words: patterns matched
  unsigned *hits;         // per string: accepting (position, state) events
  unsigned *pend;         // per string: work of the current position still running
  unsigned *pos;          // per string: where the next host launch resumes (CDP)
  unsigned *more;         // set when a string stopped at the nesting-depth limit (CDP)
  unsigned nstr, words, stride, pwords;
};

// The kernels' arguments, in this order: every kernel takes them first.
#define REGX_ARGS                                                                            \
  const unsigned *row, const unsigned *edge, const int *acc, const unsigned char *text,      \
      const unsigned *off, unsigned *sets, unsigned *match, unsigned *hits, unsigned *pend,  \
      unsigned *pos, unsigned *more, unsigned nstr, unsigned words, unsigned stride,         \
      unsigned pwords
#define REGX_CTX \
  regx_ctx cx = {row, edge, acc, text, off, sets, match, hits, pend, pos, more, nstr, words, stride, pwords}

#define REGX_CHILD_MIN 32u   // launch a child for a state with at least this many edges
#define REGX_CHILD_BLOCK 256u
#define REGX_MAX_DEPTH 24u   // CUDA's nesting-depth limit (cdp.max_depth); a host launch is 0

extern "C" __global__ void regx_edges(REGX_ARGS, unsigned i, unsigned q, unsigned s,
                                      unsigned depth);
extern "C" __global__ void regx_edges_dtbl(REGX_ARGS, unsigned i, unsigned q, unsigned s,
                                           unsigned depth);

__device__ __forceinline__ unsigned edge_dst(unsigned e) { return e & 0xffffu; }
__device__ __forceinline__ bool edge_takes(unsigned e, unsigned c) {
  return c >= ((e >> 16) & 0xffu) && c <= (e >> 24);
}

// The one place where a child grid is launched: regx_edges<<<grid, block, 0,
// cudaStreamFireAndForget>>>(the arrays and counts of cx, i, q, s, depth),
// written out as the two device-runtime calls that launch syntax expands to,
// so that a refused launch (no parameter buffer) is seen and its work done by
// the caller. With DTBL: an aggregated group of regx_edges_dtbl.
template <bool DTBL>
__device__ __forceinline__ bool launch_edges(const regx_ctx *cx, unsigned i, unsigned q,
                                             unsigned s, unsigned depth, unsigned grid,
                                             unsigned block) {
  void *func = DTBL ? (void *)regx_edges_dtbl : (void *)regx_edges;
  void *buf = cudaGetParameterBufferV2(func, dim3(grid, 1, 1), dim3(block, 1, 1), 0);
  if (buf == nullptr) {
    return false;
  }
  char *p = (char *)buf;
  *(const unsigned **)(p + 0) = cx->row;
  *(const unsigned **)(p + 8) = cx->edge;
  *(const int **)(p + 16) = cx->acc;
  *(const unsigned char **)(p + 24) = cx->text;
  *(const unsigned **)(p + 32) = cx->off;
  *(unsigned **)(p + 40) = cx->sets;
  *(unsigned **)(p + 48) = cx->match;
  *(unsigned **)(p + 56) = cx->hits;
  *(unsigned **)(p + 64) = cx->pend;
  *(unsigned **)(p + 72) = cx->pos;
  *(unsigned **)(p + 80) = cx->more;
  unsigned *u = (unsigned *)(p + 88);
  u[0] = cx->nstr;
  u[1] = cx->words;
  u[2] = cx->stride;
  u[3] = cx->pwords;
  u[4] = i;
  u[5] = q;
  u[6] = s;
  u[7] = depth;
  return dp_launch<DTBL>(func, buf, dim3(grid, 1, 1), dim3(block, 1, 1), 0) == cudaSuccess;
}

// Sets state d in set (words of bits, then the summary words).
template <bool CDP>
__device__ __forceinline__ void set_state(unsigned *set, unsigned words, unsigned d) {
  unsigned w = d >> 5;
  if (CDP) {
    atomicOr(&set[w], 1u << (d & 31));
    atomicOr(&set[words + (w >> 5)], 1u << (w & 31));
  } else {
    set[w] |= 1u << (d & 31);
    set[words + (w >> 5)] |= 1u << (w & 31);
  }
}

template <bool CDP>
__device__ __forceinline__ unsigned load_set(const unsigned *p) {
  return CDP ? __ldcg(p) : *p;
}

// Walks string i from position q to its end (flat), or until the work of a
// position has been handed to children that will finish it (CDP; with DTBL
// the children are aggregated groups). depth is the nesting depth of the
// calling grid; a walker that could not launch (at the depth limit) leaves
// the rest of the string to the next host launch.
template <bool CDP, bool DTBL = false>
__device__ __forceinline__ void walk(const regx_ctx *cx, unsigned i, unsigned q, unsigned depth) {
  if (CDP && depth >= REGX_MAX_DEPTH) {
    cx->pos[i] = q;
    *cx->more = 1u;
    return;
  }
  const unsigned *row = cx->row;
  const unsigned *edge = cx->edge;
  const int *acc = cx->acc;
  unsigned beg = cx->off[i], len = cx->off[i + 1] - beg;
  unsigned words = cx->words, stride = cx->stride, sumw = stride - words;
  unsigned *base = cx->sets + (size_t)i * 2 * stride;
  unsigned *match = cx->match + (size_t)i * cx->pwords;
  for (; q <= len; q++) {
    unsigned *cur = base + (q & 1) * stride;
    unsigned *nxt = base + ((q + 1) & 1) * stride;
    unsigned c = q < len ? cx->text[beg + q] : 256u;
    if (q < len) {
      for (unsigned k = 0; k < stride; k++) {
        if (CDP) {
          __stcg(&nxt[k], 0u);
        } else {
          nxt[k] = 0u;
        }
      }
    }
    bool held = false;
    unsigned nhits = 0;
    for (unsigned j = 0; j < sumw; j++) {
      unsigned sum = load_set<CDP>(&cur[words + j]) | (j == 0 ? 1u : 0u);
      while (sum != 0) {
        unsigned w = j * 32 + (__ffs(sum) - 1);
        sum &= sum - 1;
        unsigned bits = load_set<CDP>(&cur[w]) | (w == 0 ? 1u : 0u);
        while (bits != 0) {
          unsigned s = w * 32 + (__ffs(bits) - 1);
          bits &= bits - 1;
          int a = acc[s];
          if (a >= 0) {
            nhits++;
            if (CDP) {
              atomicOr(&match[a >> 5], 1u << (a & 31));
            } else {
              match[a >> 5] |= 1u << (a & 31);
            }
          }
          if (c > 255u) continue;
          unsigned e0 = row[s], e1 = row[s + 1];
          if (CDP && e1 - e0 >= REGX_CHILD_MIN) {
            unsigned threads = (e1 - e0 + 31u) & ~31u;
            unsigned block = threads < REGX_CHILD_BLOCK ? threads : REGX_CHILD_BLOCK;
            unsigned grid = (threads + block - 1) / block;
            if (!held) {
              atomicAdd(&cx->pend[i], 1u);
              held = true;
            }
            atomicAdd(&cx->pend[i], grid * block);
            if (launch_edges<DTBL>(cx, i, q, s, depth + 1, grid, block)) continue;
            atomicSub(&cx->pend[i], grid * block);
          }
          for (unsigned e = e0; e < e1; e++) {
            unsigned ed = edge[e];
            if (edge_takes(ed, c)) set_state<CDP>(nxt, words, edge_dst(ed));
          }
        }
      }
    }
    if (nhits != 0) {
      if (CDP) {
        atomicAdd(&cx->hits[i], nhits);
      } else {
        cx->hits[i] += nhits;
      }
    }
    if (CDP && held) {
      __threadfence();
      if (atomicSub(&cx->pend[i], 1u) != 1u) return;  // a child continues the walk
      __threadfence();
    }
  }
  if (CDP) cx->pos[i] = q;  // len + 1: done
}

extern "C" __global__ void regx_flat(REGX_ARGS) {
  REGX_CTX;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nstr) walk<false>(&cx, i, 0, 0);
}

// One thread per string resumes its walk where the previous host launch left
// it (0 at first); the host relaunches while a string stopped at the depth
// limit.
template <bool DTBL>
__device__ __forceinline__ void resume(REGX_ARGS) {
  REGX_CTX;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nstr) return;
  unsigned q = pos[i];
  if (q <= off[i + 1] - off[i]) walk<true, DTBL>(&cx, i, q, 0);
}

extern "C" __global__ void regx_cdp(REGX_ARGS) {
  resume<false>(row, edge, acc, text, off, sets, match, hits, pend, pos, more, nstr, words,
                stride, pwords);
}

extern "C" __global__ void regx_dtbl(REGX_ARGS) {
  resume<true>(row, edge, acc, text, off, sets, match, hits, pend, pos, more, nstr, words,
               stride, pwords);
}

// Child: thread t examines edge t of state s against byte q of string i;
// the last of the position's work to finish continues the walk at q + 1.
template <bool DTBL>
__device__ __forceinline__ void edges(REGX_ARGS, unsigned i, unsigned q, unsigned s,
                                      unsigned depth) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned e0 = row[s], deg = row[s + 1] - e0;
  if (t < deg) {
    unsigned c = text[off[i] + q];
    unsigned ed = edge[e0 + t];
    if (edge_takes(ed, c)) {
      unsigned *nxt = sets + ((size_t)i * 2 + ((q + 1) & 1)) * stride;
      set_state<true>(nxt, words, edge_dst(ed));
    }
  }
  __threadfence();
  if (atomicSub(&pend[i], 1u) == 1u) {
    __threadfence();
    REGX_CTX;
    walk<true, DTBL>(&cx, i, q + 1, depth);
  }
}

extern "C" __global__ void regx_edges(REGX_ARGS, unsigned i, unsigned q, unsigned s,
                                      unsigned depth) {
  edges<false>(row, edge, acc, text, off, sets, match, hits, pend, pos, more, nstr, words, stride,
               pwords, i, q, s, depth);
}

extern "C" __global__ void regx_edges_dtbl(REGX_ARGS, unsigned i, unsigned q, unsigned s,
                                           unsigned depth) {
  edges<true>(row, edge, acc, text, off, sets, match, hits, pend, pos, more, nstr, words, stride,
              pwords, i, q, s, depth);
}
