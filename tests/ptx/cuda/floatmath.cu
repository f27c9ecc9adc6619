// Float and double math: libdevice sinf/expf/sqrtf, divisions, conversions,
// half precision.
#include <cuda_fp16.h>

extern "C" __global__ void fmath(const float *x, float *y, double *d, __half *h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float r = sinf(v) + expf(v) * sqrtf(fabsf(v)) + v / (v + 3.0f) + __fdividef(v, 7.0f);
  r += __sinf(v) + __expf(v) + rsqrtf(v + 10.0f) + fminf(v, 1.0f) + tanhf(v);
  double dv = (double)v;
  double dr = sqrt(dv) / (dv + 1.0) + fma(dv, 2.0, 1.0) + 1.0 / dv;
  d[i] = dr + (double)(long long)v + (double)(unsigned)i;
  y[i] = r + (float)(int)rintf(v) + __int2float_rz(i);
  __half hv = __float2half(r);
  h[i] = __hadd(hv, __float2half(1.0f));
  y[i + n] = __half2float(h[i]) + copysignf(1.0f, v) + (isfinite(v) ? 1.0f : 0.0f);
}
