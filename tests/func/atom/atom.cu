// Functional regression group "atom": atomics and reductions.
// PTX: atom.{global,shared,generic}.{add,min,max,inc,dec,cas,exch,and,or,xor} on 32 and 64-bit
// (.u32 .s32 .u64 .s64 .b32 .b64), atom/red .add.f32 and .add.f64, red (nvcc 13 emits atom
// even when the result is unused, so red is forced with asm), .cta/.sys/.relaxed.gpu scopes
// (atomicAdd_block / atomicAdd_system / asm), contended by every thread of many CTAs.
// Only order-independent outcomes are checked: final values of commutative operations, the
// set of tickets handed out by atom.add (each seen exactly once), per-thread exch/cas slots,
// and float sums of exactly representable values.
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

__device__ __noinline__ void gen_add(u32 *p, u32 v) { atomicAdd(p, v); }  // generic red/atom

// acc: 20 counters (initialised by the generator); seen: one counter per ticket.
extern "C" __global__ void atom_global32(const u32 *vals, u32 *acc, u32 *seen, u32 *slots,
                                         u32 *cas, u32 *old, int n) {
  int i = GID;
  if (i >= n) return;
  u32 v = vals[i];
  u32 t = atomicAdd(&acc[0], 1u);   // atom.global.add.u32 (ticket)
  asm volatile("red.global.add.u32 [%0], 1;" ::"l"(__cvta_generic_to_global(&seen[t])) : "memory");
  atomicAdd(&acc[1], v);
  atomicMin((s32 *)&acc[2], (s32)v);
  atomicMax((s32 *)&acc[3], (s32)v);
  atomicMin(&acc[4], v);
  atomicMax(&acc[5], v);
  atomicAnd(&acc[6], v | 0x01010101u);
  atomicOr(&acc[7], v & 0x00100401u);
  atomicXor(&acc[8], v);
  atomicInc(&acc[9], 1000u);
  atomicDec(&acc[10], 1000u);
  atomicSub(&acc[11], v);
  {
    u32 cur = acc[12], prev;  // CAS loop: add v
    do {
      prev = cur;
      cur = atomicCAS(&acc[12], prev, prev + (v & 0xffu));
    } while (cur != prev);
  }
  atomicAdd_block(&acc[13], 3u);
  atomicAdd_system(&acc[14], 5u);
  gen_add(&acc[15], v >> 8);
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(__cvta_generic_to_global(&acc[16])), "r"(v) : "memory");
  asm volatile("red.global.max.s32 [%0], %1;" ::"l"(__cvta_generic_to_global(&acc[17])), "r"(v) : "memory");
  asm volatile("red.global.xor.b32 [%0], %1;" ::"l"(__cvta_generic_to_global(&acc[18])), "r"(v) : "memory");
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(__cvta_generic_to_global(&acc[19])), "r"(v >> 4) : "memory");
  old[2 * i] = atomicExch(&slots[i], v);  // own slot: returns the initial value
  old[2 * i + 1] = atomicCAS(&cas[i], (i & 1) ? (u32)i * 7u : 0xdeadu, v);
}

extern "C" __global__ void atom_global64(const u64 *vals, u64 *acc, u64 *slots, u64 *old, int n) {
  int i = GID;
  if (i >= n) return;
  u64 v = vals[i];
  atomicAdd(&acc[0], v);                       // atom.global.add.u64, result unused
  old[2 * i] = atomicAdd(&acc[1], 1ull) < (u64)n ? 1ull : 0ull;  // atom.global.add.u64
  atomicMin((s64 *)&acc[2], (s64)v);
  atomicMax((s64 *)&acc[3], (s64)v);
  atomicMin(&acc[4], v);
  atomicMax(&acc[5], v);
  atomicAnd(&acc[6], v | 0x0101010101010101ull);
  atomicOr(&acc[7], v & 0x0010040100100401ull);
  atomicXor(&acc[8], v);
  {
    u64 cur = acc[9], prev;
    do {
      prev = cur;
      cur = atomicCAS(&acc[9], prev, prev + (v & 0xffffull));
    } while (cur != prev);
  }
  asm volatile("red.global.add.u64 [%0], %1;" ::"l"(__cvta_generic_to_global(&acc[10])), "l"(v >> 3) : "memory");
  old[2 * i + 1] = atomicExch(&slots[i], v);
}

// Float sums: every value is a small multiple of 0.25, so every partial sum is exact.
extern "C" __global__ void atom_float(const float *fv, const double *dv, float *facc,
                                      double *dacc, float *fslot, float *fold, int n) {
  int i = GID;
  if (i >= n) return;
  atomicAdd(&facc[0], fv[i]);                           // atom.global.add.f32, result unused
  float o = atomicAdd(&facc[1], 1.0f);                  // atom.global.add.f32
  fold[2 * i] = (o >= 0.0f && o < (float)n && o == floorf(o)) ? 1.0f : 0.0f;
  atomicAdd(&dacc[0], dv[i]);                           // atom.global.add.f64, result unused
  double od = atomicAdd(&dacc[1], -0.5);                // atom.global.add.f64
  fold[2 * i + 1] = (od <= 0.0 && od > -0.5 * n) ? 1.0f : 0.0f;
  fslot[i] = atomicExch(&fslot[n + i], fv[i]);          // atom.global.exch.b32 (float)
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(__cvta_generic_to_global(&facc[2])), "f"(fv[i] * 2.0f) : "memory");
  asm volatile("red.global.add.f64 [%0], %1;" ::"l"(__cvta_generic_to_global(&dacc[2])), "d"(dv[i] * 4.0) : "memory");
}

// Shared-memory atomics per block, results written per block.
#define KSH 14
extern "C" __global__ void atom_shared(const u32 *vals, const float *fv, u32 *out, float *fout,
                                       u64 *out64) {
  __shared__ u32 hist[64];
  __shared__ u32 sacc[14];
  __shared__ u64 s64acc[2];
  __shared__ float sf;
  __shared__ u32 sslot[256];
  int t = threadIdx.x;
  u32 v = vals[blockIdx.x * blockDim.x + t];
  if (t < 64) hist[t] = 0;
  if (t < 14) {
    u32 init = 0;                           // add, ticket, umax, or, xor, inc, cas
    if (t == 2) init = 0x7fffffffu;         // signed min
    if (t == 3) init = 0x80000000u;         // signed max
    if (t == 4 || t == 6 || t == 13) init = 0xffffffffu;  // unsigned min, and
    if (t == 10) init = 5u;                 // dec
    sacc[t] = init;
  }
  if (t == 0) {
    s64acc[0] = 0;
    s64acc[1] = 0;
    sf = 0.0f;
  }
  sslot[t] = (u32)t * 11u;
  __syncthreads();
  atomicAdd(&hist[v & 63], 1u);          // atom.shared.add.u32, result unused
  atomicAdd(&sacc[0], v);
  u32 tk = atomicAdd(&sacc[1], 1u);      // ticket: returned value used
  atomicMin((s32 *)&sacc[2], (s32)v);
  atomicMax((s32 *)&sacc[3], (s32)v);
  atomicMin(&sacc[4], v);
  atomicMax(&sacc[5], v);
  atomicAnd(&sacc[6], v | 0x10204081u);
  atomicOr(&sacc[7], v & 0x01800180u);
  atomicXor(&sacc[8], v);
  atomicInc(&sacc[9], 37u);
  atomicDec(&sacc[10], 37u);
  {
    u32 cur = sacc[11], prev;
    do {
      prev = cur;
      cur = atomicCAS(&sacc[11], prev, prev + (v & 0xfu));
    } while (cur != prev);
  }
  asm volatile("red.shared.add.u32 [%0], %1;" ::"r"((u32)__cvta_generic_to_shared(&sacc[12])),
               "r"(v) : "memory");
  asm volatile("red.shared.min.u32 [%0], %1;" ::"r"((u32)__cvta_generic_to_shared(&sacc[13])),
               "r"(v) : "memory");
  atomicAdd(&s64acc[0], (u64)v << 20);   // atom.shared.add.u64
  atomicMax(&s64acc[1], (u64)v * 3ull);  // atom.shared.max.u64
  atomicAdd(&sf, fv[blockIdx.x * blockDim.x + t]);  // atom.shared.add.f32
  u32 prev_slot = atomicExch(&sslot[(t + 1) % blockDim.x], v);  // returns the initial value
  gen_add(&hist[(v >> 6) & 63], 2u);     // generic atomic on a shared address
  __syncthreads();
  u32 *o = out + (size_t)blockIdx.x * (64 + KSH);
  if (t < 64) o[t] = hist[t];
  if (t < KSH) o[64 + t] = sacc[t];
  if (t == 0) {
    out64[2 * blockIdx.x] = s64acc[0];
    out64[2 * blockIdx.x + 1] = s64acc[1];
    fout[blockIdx.x] = sf;
  }
  // tickets 0..blockDim-1 each handed out once: write a 1 at the ticket's slot
  out[gridDim.x * (64 + KSH) + blockIdx.x * blockDim.x + tk] = 1u;
  out[gridDim.x * (64 + KSH) + gridDim.x * blockDim.x + blockIdx.x * blockDim.x + t] =
      prev_slot + sslot[t];
}
