// Functional regression group "sync": barriers and fences.
// PTX: bar.sync 0 (__syncthreads) in loops and in CTAs whose size is not a multiple of 32,
// bar.red.popc.u32 / bar.red.and.pred / bar.red.or.pred (__syncthreads_count/_and/_or, and a
// named 64-thread bar.red), named barriers with thread counts (bar.sync 1, 128; bar.arrive 1,
// 128; producer/consumer warps, reused over several rounds), membar.gl/.cta/.sys
// (__threadfence, _block, _system) and fence.acq_rel.gpu in the "last block finishes"
// pattern, bar.warp.sync (__syncwarp) with full and partial masks.
typedef unsigned int u32;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// Tree reduction with a barrier per level; blockDim need not be a power of two.
extern "C" __global__ void sync_reduce(const u32 *in, u32 *out) {
  __shared__ u32 buf[1024];
  int t = threadIdx.x, bd = blockDim.x;
  buf[t] = in[blockIdx.x * bd + t];
  __syncthreads();
  for (int s = 1; s < bd; s *= 2) {
    if (t % (2 * s) == 0 && t + s < bd) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0];
  // every thread also reports a neighbour's input, read back through shared memory
  __syncthreads();
  buf[t] = in[blockIdx.x * bd + t] * 3u;
  __syncthreads();
  out[gridDim.x + blockIdx.x * bd + t] = buf[(t + 1) % bd];
}

extern "C" __global__ void sync_count(const u32 *pred, u32 *out) {
  int i = GID;
  int p = pred[i] != 0;
  int c = __syncthreads_count(p);  // bar.red.popc.u32
  int a = __syncthreads_and(p);    // bar.red.and.pred
  int o = __syncthreads_or(p);     // bar.red.or.pred
  out[3 * i] = (u32)c;
  out[3 * i + 1] = (u32)a;
  out[3 * i + 2] = (u32)o;
}

// 128 threads: warps 0-1 produce, warps 2-3 consume, three rounds. Barrier 1 (128 threads):
// "data ready"; barrier 2 (128 threads): "buffer free". Warps 2-3 also synchronise among
// themselves on barrier 3 (64 threads) and reduce a predicate over barrier 4 (64 threads).
extern "C" __global__ void sync_named(const int *in, int *out) {
  __shared__ int buf[64];
  __shared__ int cbuf[64];
  int t = threadIdx.x, w = t / 32;
  int *o = out + blockIdx.x * 256;
  const int *src = in + blockIdx.x * 192;
  for (int r = 0; r < 3; r++) {
    if (w < 2) {
      if (r > 0) asm volatile("bar.sync 2, 128;" ::: "memory");
      buf[t] = src[r * 64 + t] * (r + 2);
      asm volatile("bar.arrive 1, 128;" ::: "memory");
    } else {
      asm volatile("bar.sync 1, 128;" ::: "memory");
      int v = buf[t - 64];
      if (r < 2) asm volatile("bar.arrive 2, 128;" ::: "memory");
      cbuf[t - 64] = v;
      asm volatile("bar.sync 3, 64;" ::: "memory");
      o[r * 64 + (t - 64)] = cbuf[(t - 64 + 5) % 64] - v;
      asm volatile("bar.sync 3, 64;" ::: "memory");  // cbuf reused next round
    }
  }
  if (w >= 2) {
    u32 cnt;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\t"
                 "bar.red.popc.u32 %0, 4, 64, p;\n\t}"
                 : "=r"(cnt) : "r"(src[t] & 1) : "memory");
    o[192 + (t - 64)] = (int)cnt;
  }
  __syncthreads();
}

// The last CTA to finish sums the partial results of all CTAs (threadfence + atomic ticket).
extern "C" __global__ void sync_fence(const u32 *in, u32 *partial, u32 *count, u32 *total) {
  __shared__ u32 s[128];
  __shared__ int last;
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int k = 64; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();  // membar.gl
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    u32 ticket = atomicInc(count, gridDim.x - 1);
    last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (last) {
    __threadfence_block();
    u32 sum = 0;
    for (int b = t; b < (int)gridDim.x; b += blockDim.x) sum += ((volatile u32 *)partial)[b];
    s[t] = sum;
    __syncthreads();
    if (t == 0) {
      u32 tot = 0;
      for (int k = 0; k < (int)blockDim.x; k++) tot += s[k];
      total[0] = tot;
      __threadfence_system();
    }
  }
}

// __syncwarp: lanes exchange values through shared memory, with the full mask and, inside a
// branch taken by the low 16 lanes only, with mask 0x0000ffff.
extern "C" __global__ void sync_warp(const int *in, int *out) {
  __shared__ int s[4][32];
  int t = threadIdx.x, lane = t & 31, w = t >> 5;
  int i = GID;
  s[w][lane] = in[i];
  __syncwarp();
  int a = s[w][31 - lane];
  __syncwarp();
  int b = 0;
  if (lane < 16) {
    s[w][lane] = a * 2;
    __syncwarp(0x0000ffffu);
    b = s[w][15 - lane];
    __syncwarp(0x0000ffffu);
  }
  out[2 * i] = a;
  out[2 * i + 1] = b;
}
