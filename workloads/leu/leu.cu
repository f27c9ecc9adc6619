// LEU: leukocyte detection and tracking (Rodinia leukocyte's GPU part).
// Images are column-major (element (row y, column x) at x * rows + y), as in
// Rodinia, whose matrices come from MATLAB code.
//
// Detection, on the first frame:
//   leu_gicov: one CTA per image column and one thread per row (both inside a
//     MAXR margin). For each of ncircles sample circles it reads npoints
//     samples of the host-computed x/y gradients, projects each onto the
//     circle's normal, and accumulates the mean and (Welford) variance; the
//     GICOV score is mean^2 / variance, and the pixel keeps the best circle's.
//     Sample offsets, normals and radii sit in constant memory.
//   leu_dilate: one thread per pixel (176-thread CTAs): the maximum of the
//     GICOV scores under a disc-shaped structuring element (constant memory).
// The host keeps the pixels where the score equals the dilated one (local
// maxima) and is high enough: the cells.
// Tracking, on each following frame:
//   leu_imgvf: one CTA of 320 threads per cell. The cell's edge map I (a
//     sub-image) is copied into shared memory as the initial motion gradient
//     vector field (MGVF); each iteration updates every element from its
//     eight neighbours through a regularised Heaviside of the differences,
//     pulled towards I, with the 320 threads walking the matrix in "virtual
//     blocks" and a 320-entry buffer holding each new value until the
//     neighbours have read the old one; the total change is tree-reduced and
//     the loop stops when its mean falls below the cutoff (or at the
//     iteration limit).
// Float arithmetic uses explicit _rn intrinsics so the host can repeat it.
#define NPMAX 150
#define NCMAX 7
#define STRELMAX 25
#define TPB 320
#define POW2 256
#define MGVF_MAX (41 * 81)

__constant__ float c_sin[NPMAX];
__constant__ float c_cos[NPMAX];
__constant__ int c_tx[NCMAX * NPMAX];
__constant__ int c_ty[NCMAX * NPMAX];
__constant__ float c_strel[STRELMAX * STRELMAX];

extern "C" __global__ void leu_gicov(const float *grad_x, const float *grad_y, float *gicov,
                                     int rows, int maxr, int ncircles, int npoints) {
  int x = blockIdx.x + maxr;   // column
  int y = threadIdx.x + maxr;  // row
  float best = 0.0f;
  float inv_n = (float)npoints, inv_n1 = (float)(npoints - 1);
  for (int k = 0; k < ncircles; k++) {
    float sum = 0.0f, m2 = 0.0f, mean = 0.0f;
    for (int n = 0; n < npoints; n++) {
      int sx = x + c_tx[k * NPMAX + n], sy = y + c_ty[k * NPMAX + n];
      int addr = sx * rows + sy;
      float p = __fmaf_rn(grad_y[addr], c_sin[n], __fmul_rn(grad_x[addr], c_cos[n]));
      sum = __fadd_rn(sum, p);
      float delta = __fsub_rn(p, mean);
      mean = __fadd_rn(mean, __fdiv_rn(delta, (float)(n + 1)));
      m2 = __fmaf_rn(delta, __fsub_rn(p, mean), m2);
    }
    mean = __fdiv_rn(sum, inv_n);
    float var = __fdiv_rn(m2, inv_n1);
    float g = __fdiv_rn(__fmul_rn(mean, mean), var);
    if (g > best) best = g;
  }
  gicov[x * rows + y] = best;
}

extern "C" __global__ void leu_dilate(const float *img, float *dilated, int rows, int cols,
                                      int strel) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * cols) return;
  int y = t % rows, x = t / rows, c = strel / 2;
  float mx = 0.0f;
  for (int ei = 0; ei < strel; ei++) {
    int yy = y - c + ei;
    if (yy < 0 || yy >= rows) continue;
    for (int ej = 0; ej < strel; ej++) {
      int xx = x - c + ej;
      if (xx >= 0 && xx < cols && c_strel[ei * strel + ej] != 0.0f) {
        float v = img[xx * rows + yy];
        if (v > mx) mx = v;
      }
    }
  }
  dilated[x * rows + y] = mx;
}

// atan by odd polynomial on [0, 1] and atan(a) = pi/2 - atan(1/a) above;
// the regularised Heaviside is atan(x) / pi + 1/2.
__device__ float heaviside(float x) {
  float a = fabsf(x);
  bool big = a > 1.0f;
  float z = big ? __fdiv_rn(1.0f, a) : a;
  float z2 = __fmul_rn(z, z);
  float q = __fmaf_rn(z2, -0.0117212f, 0.05265332f);
  q = __fmaf_rn(z2, q, -0.11643287f);
  q = __fmaf_rn(z2, q, 0.19354346f);
  q = __fmaf_rn(z2, q, -0.33262347f);
  q = __fmaf_rn(z2, q, 0.99997726f);
  float at = __fmul_rn(z, q);
  if (big) at = __fsub_rn(1.57079637f, at);
  if (x < 0.0f) at = -at;
  return __fmaf_rn(at, 0.318309886f, 0.5f);
}

extern "C" __global__ void __launch_bounds__(TPB, 1)
leu_imgvf(float *imgvf_all, const float *i_all, const int *offs, const int *m_arr,
          const int *n_arr, int *iters_out, float vx, float vy, float e, int max_iterations,
          float cutoff) {
  __shared__ float mgvf[MGVF_MAX];
  __shared__ float buffer[TPB];
  __shared__ int converged;
  int cell = blockIdx.x, tid = threadIdx.x;
  float *g = imgvf_all + offs[cell];
  const float *I = i_all + offs[cell];
  int m = m_arr[cell], n = n_arr[cell], mn = m * n;
  int vblocks = (mn + TPB - 1) / TPB;
  for (int b = 0; b < vblocks; b++) {
    int idx = b * TPB + tid;
    if (idx < mn) mgvf[idx] = g[idx];
  }
  if (tid == 0) converged = 0;
  __syncthreads();
  float one_over_e = __fdiv_rn(1.0f, e);
  float kU = __fmul_rn(-vy, one_over_e), kD = __fmul_rn(vy, one_over_e);
  float kL = __fmul_rn(-vx, one_over_e), kR = __fmul_rn(vx, one_over_e);
  float kUR = __fmul_rn(__fsub_rn(vx, vy), one_over_e);
  float kDR = __fmul_rn(__fadd_rn(vx, vy), one_over_e);
  float kUL = __fmul_rn(__fsub_rn(-vx, vy), one_over_e);
  float kDL = __fmul_rn(__fadd_rn(-vx, vy), one_over_e);
  int it = 0;
  while (!converged && it < max_iterations) {
    float total = 0.0f;
    int prev = -1;
    for (int b = 0; b < vblocks; b++) {
      int idx = b * TPB + tid;
      float nv = 0.0f, ov = 0.0f;
      if (idx < mn) {
        int i = idx / n, j = idx % n;
        int ru = i == 0 ? 0 : i - 1, rd = i == m - 1 ? m - 1 : i + 1;
        int cl = j == 0 ? 0 : j - 1, cr = j == n - 1 ? n - 1 : j + 1;
        ov = mgvf[idx];
        float U = __fsub_rn(mgvf[ru * n + j], ov), D = __fsub_rn(mgvf[rd * n + j], ov);
        float L = __fsub_rn(mgvf[i * n + cl], ov), R = __fsub_rn(mgvf[i * n + cr], ov);
        float UR = __fsub_rn(mgvf[ru * n + cr], ov), DR = __fsub_rn(mgvf[rd * n + cr], ov);
        float UL = __fsub_rn(mgvf[ru * n + cl], ov), DL = __fsub_rn(mgvf[rd * n + cl], ov);
        float acc = __fmul_rn(heaviside(__fmul_rn(U, kU)), U);
        acc = __fmaf_rn(heaviside(__fmul_rn(D, kD)), D, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(L, kL)), L, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(R, kR)), R, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(UR, kUR)), UR, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(DR, kDR)), DR, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(UL, kUL)), UL, acc);
        acc = __fmaf_rn(heaviside(__fmul_rn(DL, kDL)), DL, acc);
        nv = __fmaf_rn(0.1f, acc, ov);  // mu / lambda = 0.5 / 5
        float vi = I[idx];
        nv = __fsub_rn(nv, __fmul_rn(__fmul_rn(0.2f, vi), __fsub_rn(nv, vi)));  // 1 / lambda
        total = __fadd_rn(total, fabsf(__fsub_rn(nv, ov)));
      }
      // Every thread has read its neighbours' old values before any of this
      // virtual block's predecessor is overwritten.
      __syncthreads();
      if (prev >= 0 && prev < mn) mgvf[prev] = buffer[tid];
      if (b < vblocks - 1) {
        buffer[tid] = nv;
      } else if (idx < mn) {
        mgvf[idx] = nv;
      }
      prev = idx;
    }
    buffer[tid] = total;
    __syncthreads();
    if (tid >= POW2) buffer[tid - POW2] = __fadd_rn(buffer[tid - POW2], buffer[tid]);
    __syncthreads();
    for (int h = POW2 / 2; h > 0; h /= 2) {
      if (tid < h) buffer[tid] = __fadd_rn(buffer[tid], buffer[tid + h]);
      __syncthreads();
    }
    if (tid == 0 && __fdiv_rn(buffer[0], (float)mn) < cutoff) converged = 1;
    __syncthreads();
    it++;
  }
  for (int b = 0; b < vblocks; b++) {
    int idx = b * TPB + tid;
    if (idx < mn) g[idx] = mgvf[idx];
  }
  if (tid == 0) iters_out[cell] = it;
}
