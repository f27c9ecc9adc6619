// AMR: adaptive mesh refinement of a combustion-like temperature field, in
// the shape of the DTBL/LaPerm dissertation's amr. The domain is a G x G
// grid of base cells over a lattice of side G * 8^D. Every cell has an
// energy, its temperature at the centre times its area; a cell of depth
// below D whose energy exceeds the threshold is refined into 8 x 8 sub-cells
// of the next depth, the others are leaves. The temperature is a sum of
// integer hot spots and flame fronts (t = A r^2 / (r^2 + q), q an
// anisotropic squared distance), so every result is an exact integer.
//
// Each leaf adds 1 to its base cell's count at its depth and its energy to
// the base cell's energy at that depth (integer atomics: the totals do not
// depend on the order in which cells are visited); each refined cell adds 1
// to its depth's refined count.
//
// flat: amr_flat_base classifies the base cells (one thread each) and
// appends the ones to refine to a worklist; then the host launches
// amr_flat_level once per depth over the previous worklist: each thread
// loops over the 64 sub-cells of its cell and appends those to refine to the
// next worklist (the slot is the refined count's atomic increment).
//
// cdp: amr_cdp visits a w x w block of cells of side s at one depth, one
// thread per cell. The host launches it over the base grid; a thread whose
// cell must be refined launches amr_cdp itself over the cell's 8 x 8
// sub-cells (64 threads, fire-and-forget), so the recursion is the kernel
// launching itself, one launch per refined cell. A host launch's tree makes
// at most a budget of child launches; past it a thread refines its cell
// itself (the results are the same).
//
// dtbl: amr_dtbl is amr_cdp with the launch made a DTBL aggregated group of
// amr_dtbl itself (cudaLaunchAggGroup, dtbl.cuh): the group joins the
// resident amr_dtbl kernel of its block shape (Fig. 12a); the same code
// otherwise.

#include "../common/dtbl.cuh"

#define AMR_R 8
#define AMR_SUB (AMR_R * AMR_R)
#define AMR_BLOB_WORDS 6

// Shared by every launch, in global memory (the host writes it).
struct amr_param {
  const unsigned *blob;        // nblob x {cx, cy, r^2, amplitude, ax, ay}
  unsigned *leaves;            // per base cell and depth: leaves
  unsigned long long *energy;  // per base cell and depth: the leaves' energy
  unsigned *refined;           // per depth: cells refined (the flat worklists' counters)
  unsigned *launches;          // cdp: [0] child launches made, [1] refused (over the budget)
  unsigned long long tau;      // refinement threshold
  unsigned nblob, g, depth, s0;  // blobs, base grid side, max depth, base cell side (8^depth)
  unsigned budget;             // cdp: child launches allowed per host launch
};

// The temperature at lattice point (x, y).
__device__ unsigned long long amr_temp(const unsigned *blob, unsigned nblob, unsigned x,
                                       unsigned y) {
  unsigned long long t = 0;
  for (unsigned k = 0; k < nblob; k++) {
    const unsigned *b = blob + AMR_BLOB_WORDS * k;
    long long dx = (long long)x - (long long)b[0];
    long long dy = (long long)y - (long long)b[1];
    unsigned long long q =
        ((unsigned long long)(dx * dx) * b[4] + (unsigned long long)(dy * dy) * b[5]) >> 2;
    unsigned long long r2 = b[2];
    t += (unsigned long long)b[3] * r2 / (r2 + q);
  }
  return t;
}

// Visits the cell at (x, y) of side s and depth d: records it as a leaf, or
// counts it as refined and returns its index among its depth's refined cells
// (-1 for a leaf).
__device__ int amr_visit(const amr_param *p, unsigned x, unsigned y, unsigned s, unsigned d) {
  unsigned long long e = amr_temp(p->blob, p->nblob, x + s / 2, y + s / 2) * s * s;
  if (d < p->depth && e > p->tau) {
    return (int)atomicAdd(&p->refined[d], 1u);
  }
  unsigned i = ((y / p->s0) * p->g + x / p->s0) * (p->depth + 1) + d;
  atomicAdd(&p->leaves[i], 1u);
  atomicAdd(&p->energy[i], e);
  return -1;
}

// ---- flat: one launch per depth over a worklist ---------------------------------

extern "C" __global__ void amr_flat_base(const amr_param *p, uint2 *next) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned g = p->g, s = p->s0;
  if (t >= g * g) return;
  unsigned x = (t % g) * s, y = (t / g) * s;
  int slot = amr_visit(p, x, y, s, 0);
  if (slot >= 0) next[slot] = make_uint2(x, y);
}

// cells: the n cells of depth d - 1 to refine; s: the side of their sub-cells.
extern "C" __global__ void amr_flat_level(const amr_param *p, const uint2 *cells, unsigned n,
                                          unsigned s, unsigned d, uint2 *next) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  uint2 c = cells[t];
  for (unsigned j = 0; j < AMR_SUB; j++) {
    unsigned x = c.x + (j % AMR_R) * s, y = c.y + (j / AMR_R) * s;
    int slot = amr_visit(p, x, y, s, d);
    if (slot >= 0) next[slot] = make_uint2(x, y);
  }
}

// ---- cdp and dtbl: the kernel launches itself per refined cell ----------------

extern "C" __global__ void amr_cdp(const amr_param *p, unsigned x0, unsigned y0, unsigned s,
                                   unsigned w, unsigned d);
extern "C" __global__ void amr_dtbl(const amr_param *p, unsigned x0, unsigned y0, unsigned s,
                                    unsigned w, unsigned d);

// The one child launch: the 8 x 8 sub-cells of the cell at (x, y) of side
// s, at depth d + 1, one thread each (the pocket is always 64 threads): a
// grid of amr_cdp, or with DTBL a group of amr_dtbl. What amr_cdp<<<1,
// AMR_SUB, 0, cudaStreamFireAndForget>>>(p, x, y, s / AMR_R, AMR_R, d + 1)
// compiles to, with the launch call chosen by DTBL (no parameter buffer, no
// launch). The host launch's tree makes at most p->budget child launches
// (under the device runtime's pending-launch limit); past that it returns
// false and the caller refines the cell itself.
template <bool DTBL>
__device__ bool amr_launch_refine(const amr_param *p, unsigned x, unsigned y, unsigned s,
                                  unsigned d) {
  if (atomicAdd(&p->launches[0], 1u) >= p->budget) {
    atomicAdd(&p->launches[1], 1u);
    return false;
  }
  void *func = DTBL ? (void *)amr_dtbl : (void *)amr_cdp;
  dim3 grid(1, 1, 1), block(AMR_SUB, 1, 1);
  struct args {
    const amr_param *p;
    unsigned x0, y0, s, w, d;
  };
  args *a = (args *)cudaGetParameterBufferV2(func, grid, block, 0);
  if (a != 0) {
    a->p = p;
    a->x0 = x;
    a->y0 = y;
    a->s = s / AMR_R;
    a->w = AMR_R;
    a->d = d + 1;
    dp_launch<DTBL>(func, a, grid, block, 0);
  }
  return true;
}

// Refines the cell at (x, y) of side s and depth d in this thread: its
// sub-cells and theirs, depth first (a cell whose launch was refused).
__device__ void amr_refine_here(const amr_param *p, unsigned x, unsigned y, unsigned s,
                                unsigned d) {
  unsigned cx[8], cy[8], next[8];
  int top = 0;
  cx[0] = x;
  cy[0] = y;
  next[0] = 0;
  s /= AMR_R;
  d++;
  while (top >= 0) {
    if (next[top] == AMR_SUB) {
      top--;
      s *= AMR_R;
      d--;
      continue;
    }
    unsigned j = next[top]++;
    unsigned sx = cx[top] + (j % AMR_R) * s, sy = cy[top] + (j / AMR_R) * s;
    if (amr_visit(p, sx, sy, s, d) >= 0) {
      top++;
      cx[top] = sx;
      cy[top] = sy;
      next[top] = 0;
      s /= AMR_R;
      d++;
    }
  }
}

template <bool DTBL>
__device__ __forceinline__ void amr_block(const amr_param *p, unsigned x0, unsigned y0,
                                          unsigned s, unsigned w, unsigned d) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= w * w) return;
  unsigned x = x0 + (t % w) * s, y = y0 + (t / w) * s;
  if (amr_visit(p, x, y, s, d) >= 0 && !amr_launch_refine<DTBL>(p, x, y, s, d)) {
    amr_refine_here(p, x, y, s, d);
  }
}

extern "C" __global__ void amr_cdp(const amr_param *p, unsigned x0, unsigned y0, unsigned s,
                                   unsigned w, unsigned d) {
  amr_block<false>(p, x0, y0, s, w, d);
}

extern "C" __global__ void amr_dtbl(const amr_param *p, unsigned x0, unsigned y0, unsigned s,
                                    unsigned w, unsigned d) {
  amr_block<true>(p, x0, y0, s, w, d);
}
