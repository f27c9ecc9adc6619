// Runs tests/cdp/cdp.cu's parent on a GPU and prints what the simulator's
// test (tests/cli/cdp.sh) compares: out[] one value per line, then
// "sum S" and "flags F0 F1". Built and run by record.sh.
#include <cstdio>

#include "../cdp.cu"

int main() {
  unsigned *out, *sum, *flags;
  cudaMalloc(&out, 256);
  cudaMalloc(&sum, 4);
  cudaMalloc(&flags, 8);
  cudaMemset(out, 0, 256);
  cudaMemset(sum, 0, 4);
  cudaMemset(flags, 0, 8);
  parent<<<2, 32>>>(out, sum, flags, 64);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    fprintf(stderr, "cdp_host: %s\n", cudaGetErrorString(e));
    return 1;
  }
  unsigned h[64], s, f[2];
  cudaMemcpy(h, out, 256, cudaMemcpyDeviceToHost);
  cudaMemcpy(&s, sum, 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(f, flags, 8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++) {
    printf("%u\n", h[i]);
  }
  printf("sum %u\nflags %u %u\n", s, f[0], f[1]);
  return 0;
}
