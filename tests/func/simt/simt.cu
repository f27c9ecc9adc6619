// Functional regression group "simt": thread organisation and divergence.
// PTX: %tid %ntid %ctaid %nctaid (.x .y .z) for 1-D, 2-D and 3-D CTAs and grids whose sizes
// are not multiples of 32, %laneid, %dynamic_smem_size; divergent control flow: nested
// if/else, loops with lane-dependent trip counts, break/continue, switch, reconvergence
// (activemask after __syncwarp and inside nested branches), a divergent brx.idx (inline
// asm: nvcc lowers the switch to a compare chain), exit and return taken by some
// lanes of a warp, barriers inside loops with divergent work between them. No output depends
// on %smid, %nsmid, %warpid, clocks or scheduling.
typedef unsigned int u32;

#define KID 14
extern "C" __global__ void simt_ids(u32 *out) {
  u32 bsize = blockDim.x * blockDim.y * blockDim.z;
  u32 cta = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  u32 t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  u32 *o = out + (size_t)(cta * bsize + t) * KID;
  u32 r;
  o[0] = threadIdx.x;
  o[1] = threadIdx.y;
  o[2] = threadIdx.z;
  o[3] = blockDim.x;
  o[4] = blockDim.y;
  o[5] = blockDim.z;
  o[6] = blockIdx.x;
  o[7] = blockIdx.y;
  o[8] = blockIdx.z;
  o[9] = gridDim.x;
  o[10] = gridDim.y;
  o[11] = gridDim.z;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  o[12] = r;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r));
  o[13] = r;
}

#define KD 9
extern "C" __global__ void simt_diverge(const u32 *in, u32 *out) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[i], lane = threadIdx.x & 31;
  u32 *o = out + (size_t)i * KD;
  // nested if/else
  u32 a;
  if (v & 1) {
    if (v & 2)
      a = v * 3u;
    else
      a = v ^ 0xffu;
  } else {
    if (lane < 10)
      a = v + lane;
    else if (lane < 20)
      a = v - lane;
    else
      a = ~v;
  }
  o[0] = a;
  // lane-dependent trip count (Collatz steps, capped)
  u32 x = (v & 1023u) + 1u, steps = 0;
  while (x != 1u && steps < 500u) {
    x = (x & 1u) ? 3u * x + 1u : x >> 1;
    steps++;
  }
  o[1] = steps;
  // continue and break
  u32 acc = 0;
  for (u32 k = 0; k < 64u; k++) {
    if ((k ^ v) & 1u) continue;
    acc += k * ((v >> 8) & 0xffu);
    if (acc > (v & 0xffffu)) break;
  }
  o[2] = acc;
  // switch
  u32 s;
  switch (v % 7u) {
  case 0: s = v; break;
  case 1: s = v * 2u; break;
  case 2: s = v >> 3; break;
  case 3: s = ~v; break;
  case 4: s = v + 12345u; break;
  case 5: s = v & 0xf0f0f0f0u; break;
  default: s = 0; break;
  }
  // four-way indirect branch (brx.idx), one target per lane group
  u32 bx;
  asm volatile("{\n\t"
               "$Lbrx_ts: .branchtargets $Lbrx_0, $Lbrx_1, $Lbrx_2, $Lbrx_3;\n\t"
               "brx.idx %1, $Lbrx_ts;\n"
               "$Lbrx_0:\n\tmov.u32 %0, 100;\n\tbra.uni $Lbrx_end;\n"
               "$Lbrx_1:\n\tadd.u32 %0, %2, 200;\n\tbra.uni $Lbrx_end;\n"
               "$Lbrx_2:\n\tmul.lo.u32 %0, %2, 3;\n\tbra.uni $Lbrx_end;\n"
               "$Lbrx_3:\n\tnot.b32 %0, %2;\n"
               "$Lbrx_end:\n\t}"
               : "=r"(bx) : "r"((v >> 4) & 3u), "r"(v));
  o[3] = s ^ bx;
  // reconvergence: the whole warp is back together
  __syncwarp();
  o[4] = __activemask();
  u32 m = 0;
  if (lane & 1u) {
    if (lane & 2u) m = __activemask();  // lanes 3, 7, 11, ...
  }
  o[5] = m;
  // exit and return taken by some lanes
  o[6] = 0xabcu;
  if ((v & 15u) == 3u) {
    o[7] = 1u;
    asm volatile("exit;");
  }
  o[7] = 2u;
  if ((v & 15u) == 5u) return;
  o[8] = v + 1u;
}

// Barriers in a loop with divergent work between them (CTA of 100 threads).
extern "C" __global__ void simt_loop_barrier(const u32 *in, u32 *out) {
  __shared__ u32 s[100];
  int t = threadIdx.x, bd = blockDim.x;
  u32 acc = in[blockIdx.x * bd + t];
  for (int r = 0; r < 5; r++) {
    s[t] = acc;
    __syncthreads();
    u32 nb = s[(t + r + 1) % bd];
    if (t & 1)
      acc = acc * 3u + nb;
    else
      acc ^= nb;
    __syncthreads();
  }
  out[blockIdx.x * bd + t] = acc;
}
