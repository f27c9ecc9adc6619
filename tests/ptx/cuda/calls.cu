// Device function calls: a noinline function with parameters and a return
// value, a struct parameter, recursion, and printf (vprintf).
#include <cstdio>

struct pair3 { int a; float b; double c; };

__device__ __noinline__ float scale_add(float x, float y, int k) {
  return x * (float)k + y;
}

__device__ __noinline__ double use_pair(pair3 p) { return p.a + p.b + p.c; }

__device__ __noinline__ int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}

extern "C" __global__ void call_kernel(float *out, double *dout, int *iout, int n) {
  int i = threadIdx.x;
  out[i] = scale_add(out[i], 2.0f, n);
  pair3 p = {i, 0.5f * i, 0.25 * i};
  dout[i] = use_pair(p);
  iout[i] = fib(i & 15);
  if (i == 0) printf("n=%d x=%f\n", n, (double)out[0]);
}
