// Warp-level primitives: shuffles, votes, match, activemask, and bit tricks.
extern "C" __global__ void warp_ops(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int s = v;
  for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
  int x = __shfl_xor_sync(0xffffffffu, v, 1);
  int u = __shfl_up_sync(0xffffffffu, v, 2);
  int b = __shfl_sync(0xffffffffu, v, 0);
  unsigned ballot = __ballot_sync(0xffffffffu, v > 0);
  int all = __all_sync(0xffffffffu, v != 0);
  int any = __any_sync(0xffffffffu, v == 3);
  unsigned m = __match_any_sync(0xffffffffu, v);
  unsigned act = __activemask();
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[i] = s + x + u + b + (int)ballot + all + any + (int)m + (int)act + __popc(v) + __clz(v) +
           __brev(v) + __ffs(v) + (int)__byte_perm(v, x, 0x3210) + __funnelshift_l(v, x, 5) +
           (int)lane + __dp4a(v, x, 3) + __sad(v, x, 1u) + __mul24(v, x) + __umulhi(v, x);
  __syncwarp();
}
