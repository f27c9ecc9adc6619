// HOT: transient thermal simulation of a chip (the HotSpot model): every step,
// each cell's temperature moves by its power input and the heat exchanged
// with its four neighbours (north/south through ry1, east/west through rx1)
// and with the ambient (rz1), scaled by step / capacitance (sdc). Cells on
// the chip's border use their own temperature for a missing neighbour.
//
// Ghost-zone (pyramid) blocking: a CTA of 16x16 threads loads a 16x16 tile
// of temperature and power into shared memory and performs `iters` <= `ph`
// time steps on it without touching global memory; every step the region it
// can compute shrinks by one cell on each side, so after ph steps the inner
// (16 - 2 ph)^2 cells are exact, and only those are written. Tiles therefore
// overlap by ph cells on each side. Two barriers per step: one after the
// step's results are written to shared memory, one after they are copied
// back for the next step. The host launches the kernel once per ph steps
// and swaps the two temperature buffers.
#define HS_B 16

extern "C" __global__ void hotspot_step(const float *power, const float *tin, float *tout,
                                        int rows, int cols, int ph, int iters, float sdc,
                                        float rx1, float ry1, float rz1, float amb) {
  __shared__ float ts[HS_B][HS_B];
  __shared__ float ps[HS_B][HS_B];
  __shared__ float tn[HS_B][HS_B];
  int tx = threadIdx.x, ty = threadIdx.y;
  int inner = HS_B - 2 * ph;
  int gy = blockIdx.y * inner - ph + ty;
  int gx = blockIdx.x * inner - ph + tx;
  bool in_grid = gy >= 0 && gy < rows && gx >= 0 && gx < cols;
  if (in_grid) {
    int idx = gy * cols + gx;
    ts[ty][tx] = tin[idx];
    ps[ty][tx] = power[idx];
  }
  __syncthreads();
  // Neighbour positions in the tile; a neighbour outside the chip is the cell.
  int yn = gy > 0 ? ty - 1 : ty;
  int ys = gy < rows - 1 ? ty + 1 : ty;
  int xw = gx > 0 ? tx - 1 : tx;
  int xe = gx < cols - 1 ? tx + 1 : tx;
  bool computed = false;
  for (int i = 0; i < iters; i++) {
    computed = false;
    if (in_grid && ty > i && ty < HS_B - 1 - i && tx > i && tx < HS_B - 1 - i) {
      float t = ts[ty][tx];
      tn[ty][tx] = t + sdc * (ps[ty][tx] + (ts[ys][tx] + ts[yn][tx] - 2.0f * t) * ry1 +
                              (ts[ty][xe] + ts[ty][xw] - 2.0f * t) * rx1 + (amb - t) * rz1);
      computed = true;
    }
    __syncthreads();
    if (i == iters - 1) break;
    if (computed) ts[ty][tx] = tn[ty][tx];
    __syncthreads();
  }
  if (computed && ty >= ph && ty < HS_B - ph && tx >= ph && tx < HS_B - ph) {
    tout[gy * cols + gx] = tn[ty][tx];
  }
}
