// A per-thread array indexed by data: forces a local depot (%SP, %SPL).
extern "C" __global__ void local_sort(const int *in, int *out, int n) {
  int a[16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 16; k++) a[k] = in[i * 16 + k];
  for (int x = 0; x < n; x++) {
    int j = in[x] & 15;
    int k = (in[x] >> 4) & 15;
    int t = a[j]; a[j] = a[k]; a[k] = t;
  }
  int s = 0;
  for (int k = 0; k < 16; k++) s += a[k] * (k + 1);
  out[i] = s;
}
