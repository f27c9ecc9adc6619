// Divergence and loops: if/else diamonds, nested ifs, a loop with break and
// continue, and an early return.
extern "C" __global__ void diamond(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  if (v & 1) {
    v = v * 3 + 1;
  } else {
    v = v / 2;
  }
  if (v > 100) {
    if (v < 1000) v -= 7; else v ^= 0x55;
  }
  out[i] = v;
}

extern "C" __global__ void loop_break_continue(const int *in, int *out, int n, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int k = 0; k < n; k++) {
    int v = in[(i + k) % n];
    if (v < 0) continue;
    if (acc > limit) break;
#pragma unroll 1
    for (int j = 0; j < (v & 7); j++) acc += j * v;
  }
  out[i] = acc;
}
