// DCT: JPEG-style 8x8 block transform of a grey image, in the layout of the
// CUDA SDK's dct8x8 sample (its shared-memory "kernel 2" path):
//   dct_forward: a CTA of 8 x 4 x 2 = 64 threads owns a 32x16 pixel tile
//     (eight 8x8 blocks). Each thread copies one 8-pixel column of its block
//     into shared memory (rows padded to 33 floats against bank conflicts),
//     then after a barrier transforms one row of 8 in place, and after a
//     second barrier one column of 8, and after a third writes its column out.
//   dct_quantize: one CTA of 8x8 threads per 8x8 block; each coefficient is
//     divided by the JPEG luminance quantisation step, rounded to the nearest
//     integer (ties to even) and multiplied back.
//   dct_inverse: as dct_forward with the inverse 8-point transform.
// The 8-point transforms are orthonormal DCT-II / DCT-III butterflies
// (even/odd split). Every floating-point step is an explicit _rn intrinsic so
// that nvcc cannot contract or reorder them and the host can repeat them.
#define BS 8
#define TW 32
#define TH 16
#define STRIDE (TW + 1)

#define C4 0.353553390593273762f  // sqrt(1/8)
#define C2 0.461939766255643378f  // cos(pi/8) / 2
#define C6 0.191341716182544886f  // cos(3pi/8) / 2
#define K1 0.490392640201615225f  // cos(pi/16) / 2
#define K3 0.415734806151272619f  // cos(3pi/16) / 2
#define K5 0.277785116509801112f  // cos(5pi/16) / 2
#define K7 0.097545161008064133f  // cos(7pi/16) / 2

__constant__ float dct_qtable[64];

__device__ void fdct8(float *v, int s) {
  float x0 = v[0], x1 = v[s], x2 = v[2 * s], x3 = v[3 * s];
  float x4 = v[4 * s], x5 = v[5 * s], x6 = v[6 * s], x7 = v[7 * s];
  float s07 = __fadd_rn(x0, x7), d07 = __fsub_rn(x0, x7);
  float s16 = __fadd_rn(x1, x6), d16 = __fsub_rn(x1, x6);
  float s25 = __fadd_rn(x2, x5), d25 = __fsub_rn(x2, x5);
  float s34 = __fadd_rn(x3, x4), d34 = __fsub_rn(x3, x4);
  float e0 = __fadd_rn(s07, s34), e2 = __fsub_rn(s07, s34);
  float e1 = __fadd_rn(s16, s25), e3 = __fsub_rn(s16, s25);
  v[0] = __fmul_rn(__fadd_rn(e0, e1), C4);
  v[4 * s] = __fmul_rn(__fsub_rn(e0, e1), C4);
  v[2 * s] = __fmaf_rn(e3, C6, __fmul_rn(e2, C2));
  v[6 * s] = __fmaf_rn(e3, -C2, __fmul_rn(e2, C6));
  v[s] = __fmaf_rn(d34, K7, __fmaf_rn(d25, K5, __fmaf_rn(d16, K3, __fmul_rn(d07, K1))));
  v[3 * s] = __fmaf_rn(d34, -K5, __fmaf_rn(d25, -K1, __fmaf_rn(d16, -K7, __fmul_rn(d07, K3))));
  v[5 * s] = __fmaf_rn(d34, K3, __fmaf_rn(d25, K7, __fmaf_rn(d16, -K1, __fmul_rn(d07, K5))));
  v[7 * s] = __fmaf_rn(d34, -K1, __fmaf_rn(d25, K3, __fmaf_rn(d16, -K5, __fmul_rn(d07, K7))));
}

__device__ void idct8(float *v, int s) {
  float X0 = v[0], X1 = v[s], X2 = v[2 * s], X3 = v[3 * s];
  float X4 = v[4 * s], X5 = v[5 * s], X6 = v[6 * s], X7 = v[7 * s];
  float a0 = __fmul_rn(X0, C4), a4 = __fmul_rn(X4, C4);
  float t0 = __fadd_rn(a0, a4), t1 = __fsub_rn(a0, a4);
  float t2 = __fmaf_rn(X6, C6, __fmul_rn(X2, C2));
  float t3 = __fmaf_rn(X6, -C2, __fmul_rn(X2, C6));
  float E0 = __fadd_rn(t0, t2), E3 = __fsub_rn(t0, t2);
  float E1 = __fadd_rn(t1, t3), E2 = __fsub_rn(t1, t3);
  float O0 = __fmaf_rn(X7, K7, __fmaf_rn(X5, K5, __fmaf_rn(X3, K3, __fmul_rn(X1, K1))));
  float O1 = __fmaf_rn(X7, -K5, __fmaf_rn(X5, -K1, __fmaf_rn(X3, -K7, __fmul_rn(X1, K3))));
  float O2 = __fmaf_rn(X7, K3, __fmaf_rn(X5, K7, __fmaf_rn(X3, -K1, __fmul_rn(X1, K5))));
  float O3 = __fmaf_rn(X7, -K1, __fmaf_rn(X5, K3, __fmaf_rn(X3, -K5, __fmul_rn(X1, K7))));
  v[0] = __fadd_rn(E0, O0);
  v[7 * s] = __fsub_rn(E0, O0);
  v[s] = __fadd_rn(E1, O1);
  v[6 * s] = __fsub_rn(E1, O1);
  v[2 * s] = __fadd_rn(E2, O2);
  v[5 * s] = __fsub_rn(E2, O2);
  v[3 * s] = __fadd_rn(E3, O3);
  v[4 * s] = __fsub_rn(E3, O3);
}

// Shared body of the two transform kernels: load columns, row pass, column
// pass, store columns.
template <bool INVERSE>
__device__ void dct_tile(float *dst, const float *src, int stride) {
  __shared__ float tile[TH * STRIDE];
  int col = threadIdx.y * BS + threadIdx.x;  // column inside the 32-wide tile
  int row0 = threadIdx.z * BS;               // first row of this thread's block
  size_t base = (size_t)(blockIdx.y * TH + row0) * stride + blockIdx.x * TW + col;
  float *mine = tile + row0 * STRIDE + col;
  for (int k = 0; k < BS; k++) mine[k * STRIDE] = src[base + (size_t)k * stride];
  __syncthreads();
  // Row pass: thread x of a block transforms row x of that block.
  float *row = tile + (row0 + threadIdx.x) * STRIDE + threadIdx.y * BS;
  if (INVERSE) idct8(row, 1); else fdct8(row, 1);
  __syncthreads();
  if (INVERSE) idct8(mine, STRIDE); else fdct8(mine, STRIDE);
  __syncthreads();
  for (int k = 0; k < BS; k++) dst[base + (size_t)k * stride] = mine[k * STRIDE];
}

extern "C" __global__ void dct_forward(float *dst, const float *src, int stride) {
  dct_tile<false>(dst, src, stride);
}

extern "C" __global__ void dct_inverse(float *dst, const float *src, int stride) {
  dct_tile<true>(dst, src, stride);
}

extern "C" __global__ void dct_quantize(float *coef, int stride) {
  int x = blockIdx.x * BS + threadIdx.x, y = blockIdx.y * BS + threadIdx.y;
  size_t i = (size_t)y * stride + x;
  float q = dct_qtable[threadIdx.y * BS + threadIdx.x];
  coef[i] = __fmul_rn(rintf(__fdiv_rn(coef[i], q)), q);
}
