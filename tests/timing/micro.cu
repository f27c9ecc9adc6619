// Microbenchmarks of the timing model (docs/validation.md). Each kernel times
// itself with clock64(), which the simulator answers with the core cycle at
// which the instruction issues. The PTX beside this file was made with
//   nvcc -ptx -arch=sm_75 -O3 micro.cu -o micro.ptx
// and is what the tests run (tests/timing/regen-ptx.sh rebuilds it).
typedef unsigned long long u64;

// One thread follows a chain of pointers: each load's address is the value
// the previous load returned, so loads cannot overlap. __ldca is
// ld.global.ca: a global load the L1 caches. The chain is walked `reps`
// times, `iters` steps each (a multiple of 64: 64 loads per loop iteration,
// so that the loop's own instructions are rarely on the critical path);
// out[r] = cycles of walk r, out[reps] = the final pointer. Walk 0 also
// warms the I-cache. Each clock read follows a volatile store of p: issue is
// in order and the store waits for p, so both reads are taken one cycle
// after a load's data arrived, and t1 - t0 is iters load-to-load latencies
// plus the loop's setup after t0 (about 11 cycles).
extern "C" __global__ void chase(const u64 *start, unsigned iters, unsigned reps, u64 *out) {
  volatile u64 *sink = out + reps;
  const u64 *p = start;
  for (unsigned r = 0; r < reps; r++) {
    *sink = (u64)p; /* issues when p has arrived; the clock is read after it */
    long long t0 = clock64();
    for (unsigned i = 0; i < iters; i += 64) {
#pragma unroll
      for (unsigned j = 0; j < 64; j++) {
        p = (const u64 *)__ldca(p);
      }
    }
    *sink = (u64)p;
    long long t1 = clock64();
    out[r] = (u64)(t1 - t0);
  }
}

// The same walk through ld.global.cg ("cache global": cached in the L2, not
// the L1, in the PTX ISA).
extern "C" __global__ void chase_cg(const u64 *start, unsigned iters, unsigned reps, u64 *out) {
  volatile u64 *sink = out + reps;
  const u64 *p = start;
  for (unsigned r = 0; r < reps; r++) {
    *sink = (u64)p; /* issues when p has arrived; the clock is read after it */
    long long t0 = clock64();
    for (unsigned i = 0; i < iters; i += 64) {
#pragma unroll
      for (unsigned j = 0; j < 64; j++) {
        p = (const u64 *)__ldcg(p);
      }
    }
    *sink = (u64)p;
    long long t1 = clock64();
    out[r] = (u64)(t1 - t0);
  }
}

// The same walk through volatile loads (ld.volatile): the model serves them
// from the L2 and never the L1, with 32-byte requests.
extern "C" __global__ void chase_volatile(const u64 *start, unsigned iters, unsigned reps,
                                          u64 *out) {
  volatile u64 *sink = out + reps;
  const u64 *p = start;
  for (unsigned r = 0; r < reps; r++) {
    *sink = (u64)p;
    long long t0 = clock64();
    for (unsigned i = 0; i < iters; i += 64) {
#pragma unroll
      for (unsigned j = 0; j < 64; j++) {
        p = (const u64 *)*(volatile const u64 *)p;
      }
    }
    *sink = (u64)p;
    long long t1 = clock64();
    out[r] = (u64)(t1 - t0);
  }
}

// Builds a chain on the device, for workload files (which cannot hold device
// addresses): element i * stride points to element ((i + 1) mod n) * stride.
extern "C" __global__ void chase_init(u64 *buf, unsigned n, unsigned stride) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned next = i + 1 == n ? 0 : i + 1;
    buf[(u64)i * stride] = (u64)&buf[(u64)next * stride];
  }
}

// Streaming: every thread copies 16-byte elements with a grid-stride loop.
// times[2b] and times[2b + 1] are CTA b's first and last cycle.
extern "C" __global__ void stream_copy(const float4 *in, float4 *out, unsigned n, u64 *times) {
  long long t0 = clock64();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[i] = in[i];
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    times[2 * blockIdx.x] = (u64)t0;
    times[2 * blockIdx.x + 1] = (u64)clock64();
  }
}

// Streaming reads only: every thread sums 16-byte elements.
extern "C" __global__ void stream_read(const float4 *in, float *out, unsigned n, u64 *times) {
  long long t0 = clock64();
  float s = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float4 v = in[i];
    s += v.x + v.y + v.z + v.w;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    times[2 * blockIdx.x] = (u64)t0;
    times[2 * blockIdx.x + 1] = (u64)clock64();
  }
}

// Shared-memory bank conflicts: one warp, lane l walks a dependent chain
// between the words l * stride and l * stride + 32 * max(stride, 1) of a
// shared array (each holds the other's index): two walks of `iters` steps
// (a multiple of 16), the first to warm the I-cache. Both words of lane l
// are in bank (l * stride) mod 32, so every load of the warp has the
// conflict degree of the stride; stride 0 is a broadcast of one word.
// times[r] = cycles of walk r. Each clock read after the first follows a
// store of w, which waits for the last load.
#define SMEM_STRIDE_MAX 33
#define SMEM_WORDS (2 * 32 * SMEM_STRIDE_MAX)
extern "C" __global__ void smem_chase(unsigned stride, unsigned iters, u64 *times,
                                      unsigned *sink) {
  __shared__ unsigned s[SMEM_WORDS];
  unsigned l = threadIdx.x % 32;
  unsigned w0 = l * stride;
  unsigned w1 = w0 + 32 * (stride > 0 ? stride : 1);
  s[w0] = w1;
  s[w1] = w0;
  __syncthreads();
  volatile unsigned *vsink = sink + threadIdx.x;
  unsigned w = w0;
#pragma unroll 1
  for (unsigned r = 0; r < 2; r++) { /* one copy of the loop: walk 0 warms it */
    *vsink = w;
    long long t0 = clock64();
    for (unsigned i = 0; i < iters; i += 16) {
#pragma unroll
      for (unsigned j = 0; j < 16; j++) {
        w = s[w];
      }
    }
    *vsink = w;
    long long t1 = clock64();
    if (threadIdx.x == 0) {
      times[r] = (u64)(t1 - t0);
    }
  }
}

// Latency hiding: each thread reads `per_thread` words of `in` spaced one
// grid-width apart, with `alu` dependent multiply-adds per word.
extern "C" __global__ void latency_mix(const unsigned *in, unsigned *out, unsigned per_thread,
                                       unsigned alu) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned stride = gridDim.x * blockDim.x;
  unsigned acc = tid;
  for (unsigned k = 0; k < per_thread; k++) {
    unsigned v = in[tid + k * stride];
    for (unsigned j = 0; j < alu; j++) {
      v = v * 1664525u + 1013904223u;
    }
    acc ^= v;
  }
  out[tid] = acc;
}

// Long idle phases: each round, one global load, then `divs` dependent
// divisions (integer and double: the longest ALU latencies) during which
// the memory system is quiet and every SM waits, so idle-cycle skipping
// jumps over them. out[tid] keeps the results.
extern "C" __global__ void idle_phases(const unsigned *in, unsigned *out, unsigned rounds,
                                       unsigned divs, unsigned d) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = tid + 1;
  double y = (double)x;
  for (unsigned r = 0; r < rounds; r++) {
    x += in[(tid + r * 97) % 4096];
    for (unsigned k = 0; k < divs; k++) {
      x = x / d + 12345u;
      y = y / (double)d + 1.0;
    }
  }
  out[tid] = x ^ (unsigned)y;
}
