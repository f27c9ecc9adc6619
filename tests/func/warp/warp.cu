// Functional regression group "warp": warp-level primitives.
// PTX: shfl.sync .idx .up .down .bfly with widths 32/16/8/4/2 (c operand from the width),
// raw c/b operands (non-standard segment masks, out-of-range deltas, the p output), 32 and
// 64-bit values, partial member masks inside divergent code; vote.sync .all .any .uni .ballot;
// match.any.sync / match.all.sync (.b32 and .b64); activemask; %laneid and %lanemask_eq/lt/
// le/gt/ge; warps that are only partly populated (CTA sizes not multiples of 32).
typedef unsigned int u32;
typedef unsigned long long u64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define FULL 0xffffffffu

#define KS 20
extern "C" __global__ void warp_shfl(const u32 *in, u32 *out) {
  int i = GID;
  u32 lane = threadIdx.x & 31;
  u32 v = in[i];
  u32 *o = out + (size_t)i * KS;
  u32 d, p;
  o[0] = __shfl_sync(FULL, v, (lane * 7 + 3) & 31);  // shfl.sync.idx, width 32
  o[1] = __shfl_sync(FULL, v, lane ^ 5, 16);
  o[2] = __shfl_sync(FULL, v, 35, 8);               // source lane 35 -> 3 within each 8
  o[3] = __shfl_up_sync(FULL, v, 3);
  o[4] = __shfl_up_sync(FULL, v, 1, 8);
  o[5] = __shfl_down_sync(FULL, v, 5);
  o[6] = __shfl_down_sync(FULL, v, 2, 4);
  o[7] = __shfl_xor_sync(FULL, v, 16);
  o[8] = __shfl_xor_sync(FULL, v, 3, 8);
  o[9] = __shfl_xor_sync(FULL, v, 1, 2);
  {
    u64 q = ((u64)v << 32) | (v ^ 0x5a5a5a5au);
    u64 r = __shfl_down_sync(FULL, q, 7);           // two shfl.sync on the halves
    o[10] = (u32)r ^ (u32)(r >> 32);
  }
  o[11] = __float_as_uint(__shfl_xor_sync(FULL, __uint_as_float(v), 9));
  // raw operands: up by a lane-dependent delta, c = 0 (whole warp, clamp 0)
  asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.up.b32 %0|q, %2, %3, 0, -1;\n\t"
               "selp.u32 %1, 1, 0, q;\n\t}"
               : "=r"(d), "=r"(p) : "r"(v), "r"(lane % 5));
  o[12] = d;
  o[13] = p;
  // idx with a non-standard c: segment mask 0x08, clamp 0x10
  asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.idx.b32 %0|q, %2, %3, 0x0810, -1;\n\t"
               "selp.u32 %1, 1, 0, q;\n\t}"
               : "=r"(d), "=r"(p) : "r"(v), "r"((lane * 13) & 31));
  o[14] = d;
  o[15] = p;
  o[16] = __shfl_down_sync(FULL, v, 0);              // delta 0: own value
  asm volatile("shfl.sync.up.b32 %0, %1, 40, 0, -1;" : "=r"(d) : "r"(v));  // b[4:0] = 8
  o[17] = d;
  // partial member masks: only lanes 0..19 take part
  u32 x = 0, y = 0;
  if (lane < 20) {
    x = __shfl_xor_sync(0x000fffffu, v, 1);
    y = __shfl_sync(0x000fffffu, v, 19 - lane) + __shfl_up_sync(0x000fffffu, v, 2);
  }
  o[18] = x;
  o[19] = y;
}

#define KV 18
extern "C" __global__ void warp_vote(const u32 *in, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 lane = threadIdx.x & 31;
  u32 v = in[i];
  int p = (v & 3) != 0;
  u32 *o = out + (size_t)i * KV;
  u32 am = __activemask();                  // activemask.b32
  o[0] = am;
  o[1] = __ballot_sync(am, p);              // vote.sync.ballot.b32
  o[2] = (u32)__all_sync(am, p);            // vote.sync.all.pred
  o[3] = (u32)__any_sync(am, p);            // vote.sync.any.pred
  o[4] = (u32)__uni_sync(am, v >> 31);      // vote.sync.uni.pred
  if (lane & 1) {
    o[5] = __activemask();
    o[6] = __ballot_sync(am & 0xaaaaaaaau, v > 0x80000000u);
  } else {
    o[5] = __activemask();
    o[6] = __ballot_sync(am & 0x55555555u, v < 0x10000000u);
  }
  o[7] = __match_any_sync(am, v & 7);       // match.any.sync.b32
  int pred;
  o[8] = __match_all_sync(am, v >> 28, &pred);  // match.all.sync.b32
  o[9] = (u32)pred;
  o[10] = __match_any_sync(am, (u64)(v & 3) << 40 | (v >> 30));  // match.any.sync.b64
  u32 r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  o[11] = r;
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(r));
  o[12] = r;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  o[13] = r;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(r));
  o[14] = r;
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(r));
  o[15] = r;
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(r));
  o[16] = r;
  u32 k = 0;
  while (__any_sync(am, k < (v & 7))) k++;  // warp-uniform loop: max over the lanes
  o[17] = k;
}
