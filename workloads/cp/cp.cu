// CP: Coulombic potential on a 2D slice of a 3D lattice (direct summation).
// Every lattice point of the slice accumulates q / r over all atoms. The atoms
// sit in constant memory (x, y, squared distance to the slice, charge), so all
// threads of a warp read the same atom at once (a broadcast); the host copies
// them in chunks of up to CP_MAXATOMS and launches the kernel once per chunk,
// and each launch adds its chunk's potential to the grid in global memory.
// A CTA is 16x8 threads; each thread computes CP_UNROLL points of one row
// spaced CP_BX apart, so the final stores of a warp are coalesced. No shared
// memory, no barriers: the kernel is arithmetic bound (rsqrt and fma).
#define CP_MAXATOMS 4000
#define CP_BX 16
#define CP_BY 8
#define CP_UNROLL 8

__constant__ float4 cp_atoms[CP_MAXATOMS];

// grid: the slice, row-major with `width` points per row; width is a multiple
// of CP_BX * CP_UNROLL and the height a multiple of CP_BY. Point (i, j) is at
// (spacing * i, spacing * j) on the slice.
extern "C" __global__ void cp_energy(float *grid, int width, float spacing, int natoms) {
  int xi = blockIdx.x * (CP_BX * CP_UNROLL) + threadIdx.x;
  int yi = blockIdx.y * CP_BY + threadIdx.y;
  float y = spacing * (float)yi;
  float x[CP_UNROLL], e[CP_UNROLL];
#pragma unroll
  for (int u = 0; u < CP_UNROLL; u++) {
    x[u] = spacing * (float)(xi + u * CP_BX);
    e[u] = 0.0f;
  }
  for (int n = 0; n < natoms; n++) {
    float4 at = cp_atoms[n];
    float dy = y - at.y;
    float dyz2 = dy * dy + at.z;
#pragma unroll
    for (int u = 0; u < CP_UNROLL; u++) {
      float dx = x[u] - at.x;
      e[u] += at.w * rsqrtf(dx * dx + dyz2);
    }
  }
  float *out = grid + (size_t)yi * width + xi;
#pragma unroll
  for (int u = 0; u < CP_UNROLL; u++) {
    out[u * CP_BX] += e[u];
  }
}
