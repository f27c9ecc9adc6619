// Functional regression group "mem": memory state spaces and access forms.
// PTX: ld/st .global .shared .local .const .param, generic ld/st (cvta, isspacep), vector
// .v2/.v4 forms (float4 int4 double2 int2 ulonglong2), narrow loads/stores (u8 s8 u16 s16) from
// wider registers, ld.global.nc (__ldg), ld/st.volatile, __constant__ arrays with initializers,
// module-scope __device__ variables with initializers (persisting across launches), static and
// dynamic (extern) shared memory, local arrays indexed at run time, every scalar kernel
// parameter type, and buffer parameters with a byte offset.
typedef unsigned int u32;
typedef unsigned long long u64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void mem_vec(const float4 *a4, const int4 *i4, const double2 *d2,
                                   const int2 *i2, const ulonglong2 *q2, float4 *oa, int4 *oi,
                                   double2 *od, int2 *oi2, ulonglong2 *oq, int n) {
  int i = GID;
  if (i >= n) return;
  float4 v = a4[i];                 // ld.global.v4.f32
  oa[i] = make_float4(v.w, v.z, v.y, v.x);
  float4 g = __ldg(&a4[n - 1 - i]);  // ld.global.nc.v4.f32
  oa[n + i] = g;
  int4 w = i4[i];                   // ld.global.v4.u32
  oi[i] = make_int4(w.y + i, w.x, w.w ^ w.z, w.z);
  double2 d = d2[i];                // ld.global.v2.f64
  od[i] = make_double2(d.y, d.x);
  int2 k = i2[i];                   // ld.global.v2.u32
  oi2[i] = make_int2(k.y, k.x - k.y);
  ulonglong2 q = q2[i];             // ld.global.v2.u64
  oq[i] = make_ulonglong2(q.y, q.x + 1);
}

// Sub-word accesses: neighbouring threads write neighbouring bytes / halfwords.
extern "C" __global__ void mem_narrow(const unsigned char *u8in, const signed char *s8in,
                                      const short *s16in, const unsigned short *u16in,
                                      unsigned char *u8out, unsigned short *u16out, int *wide,
                                      int n) {
  int i = GID;
  if (i >= n) return;
  u32 b = u8in[i];                       // ld.global.u8
  u8out[i] = (unsigned char)(b * 3u + 1u);  // st.global.u8 of a 32-bit value
  int s = s16in[i];                      // ld.global.s16
  u16out[i] = (unsigned short)(s * 5 - (int)u16in[i]);  // st.global.u16
  wide[2 * i] = s8in[i];                 // ld.global.s8 (sign-extended)
  wide[2 * i + 1] = s;
}

// Gather through the read-only path.
extern "C" __global__ void mem_ldg(const float *in, const int *idx, float *out, int n) {
  int i = GID;
  if (i >= n) return;
  int j = __ldg(&idx[i]);                 // ld.global.nc.u32
  out[i] = __ldg(&in[j]) * 2.0f;          // ld.global.nc.f32
}

__constant__ int ctab[64] = {
    3,   1,   4,   1,   5,   9,   2,   6,   5,   3,   5,   8,   9,   7,   9,   3,
    2,   3,   8,   4,   6,   2,   6,   4,   3,   3,   8,   3,   2,   7,   9,   5,
    -1,  -2,  -3,  -4,  -5,  -6,  -7,  -8,  100, 200, 300, 400, 500, 600, 700, 800,
    0x7fffffff, (int)0x80000000, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71};
__constant__ double cdbl[4] = {0.5, -1.25, 3.0e10, 1.0 / 3.0};
__constant__ float cscale = 2.5f;
__constant__ unsigned char cbytes[8] = {1, 2, 3, 250, 251, 252, 253, 254};

extern "C" __global__ void mem_const(const u32 *idx, int *out, double *outd, int n) {
  int i = GID;
  if (i >= n) return;
  u32 j = idx[i];
  out[2 * i] = ctab[j & 63] * 3 + (int)cbytes[j & 7];   // ld.const with a run-time index
  out[2 * i + 1] = __float_as_int(cscale * (float)(j & 15));
  outd[i] = cdbl[j & 3] * (double)(int)(j >> 28);
}

// Module-scope variables with initializers. mem_global_a bumps gcounter (one atomic per
// thread); mem_global_b, launched afterwards, reads the result: module variables persist.
__device__ int gtab[16] = {10, 20, 30, 40, 50, 60, 70, 80, -10, -20, -30, -40, -50, -60, -70, -80};
__device__ unsigned long long gcounter = 5;
__device__ float gscale = 1.5f;
__device__ int gscratch[256];

extern "C" __global__ void mem_global_a(const u32 *idx, int *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 j = idx[i];
  out[i] = gtab[j & 15] + (int)(gscale * 4.0f);
  atomicAdd(&gcounter, 1ull);
  gscratch[i & 255] = (int)(i & 255);  // every slot written with its own index
  gtab[(j & 7) + 8] = -10 * (int)((j & 7) + 1);  // rewrites the same values: race-free
}
extern "C" __global__ void mem_global_b(u64 *out, int *out2) {
  int t = threadIdx.x;
  if (t == 0) out[0] = gcounter;
  out2[t] = gscratch[t] + gtab[t & 15];
}

// Static shared memory (blocks of 128): reverse a block's values, an 8x16 tile read
// transposed, float4 elements in shared.
extern "C" __global__ void mem_shared(const float *in, float *out, float *tout) {
  __shared__ float buf[128];
  __shared__ float tile[8][17];
  __shared__ float4 quad[32];
  int t = threadIdx.x, base = blockIdx.x * blockDim.x;
  buf[t] = in[base + t];
  tile[t / 16][t % 16] = in[base + t] + 1.0f;
  if (t < 32) quad[t] = make_float4(in[base + t], (float)t, -1.0f, in[base + 127 - t]);
  __syncthreads();
  out[base + t] = buf[blockDim.x - 1 - t];
  tout[base + t] = tile[t % 8][t / 8];
  if (t < 32) {
    float4 q = quad[31 - t];       // ld.shared.v4.f32
    out[gridDim.x * blockDim.x + blockIdx.x * 32 + t] = q.x + q.y * q.z + q.w;
  }
}

// Dynamic shared memory (size from the launch), together with a static array.
extern "C" __global__ void mem_dyn(const u32 *in, u32 *out, int words) {
  extern __shared__ u32 dyn[];
  __shared__ u32 stat[4];
  int t = threadIdx.x;
  if (t < 4) stat[t] = 0x1000u * (u32)(t + 1);
  for (int k = t; k < words; k += blockDim.x) dyn[k] = in[blockIdx.x * words + k] ^ (u32)k;
  __syncthreads();
  for (int k = t; k < words; k += blockDim.x)
    out[blockIdx.x * words + k] = dyn[words - 1 - k] + stat[k & 3];
}

// Local arrays indexed by run-time values (forces .local).
extern "C" __global__ void mem_local(const int *in, const int *sel, int *out, double *outd,
                                     int n) {
  int i = GID;
  if (i >= n) return;
  int loc[32];
  double dl[8];
  for (int k = 0; k < 32; k++) loc[k] = in[i * 32 + k] + k;
  for (int k = 0; k < 8; k++) dl[k] = (double)loc[k * 4] * 0.5;
  int s = sel[i];
  loc[s & 31] += 1000;                  // st.local at a run-time index
  out[2 * i] = loc[(s >> 5) & 31];      // ld.local at a run-time index
  out[2 * i + 1] = loc[s & 31];
  outd[i] = dl[(s >> 10) & 7];
}

// Every scalar parameter kind; p points into a buffer at a byte offset.
extern "C" __global__ void mem_params(signed char c, unsigned char uc, short s, unsigned short us,
                                      int x, u32 ux, long long ll, u64 ull, float f, double d,
                                      const int *p, u64 *out) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  out[0] = (u64)(long long)c;
  out[1] = uc;
  out[2] = (u64)(long long)s;
  out[3] = us;
  out[4] = (u64)(long long)x;
  out[5] = ux;
  out[6] = (u64)ll;
  out[7] = ull;
  out[8] = __float_as_uint(f);
  out[9] = (u64)__double_as_longlong(d);
  out[10] = (u64)(long long)p[0];
  out[11] = (u64)(long long)p[1];
}

// Generic addressing: one non-inlined function stores through pointers into global, shared
// and local memory; isspacep classifies them.
__device__ __noinline__ void gstore(int *p, int v) { *p = v; }
__device__ __noinline__ int gload(const int *p, int k) { return p[k]; }
__device__ __noinline__ u32 classify(const void *p) {
  return (u32)__isGlobal(p) | (u32)__isShared(p) << 1 | (u32)__isLocal(p) << 2 |
         (u32)__isConstant(p) << 3;
}

extern "C" __global__ void mem_generic(int *g, int *out, int n) {
  __shared__ int sh[64];
  int loc[4];
  int t = threadIdx.x, i = GID;
  if (i >= n) return;
  gstore(&sh[t], t * 3);
  gstore(&g[i], i * 5);
  gstore(&loc[t & 3], t + 7);
  __syncwarp();
  u32 flags = classify(&g[i]) | classify(&sh[t]) << 4 | classify(&loc[t & 3]) << 8 |
              (classify(&ctab[t & 63]) & 8u) << 12;  // const window only
  out[4 * i] = gload(sh, t);
  out[4 * i + 1] = gload(g, i);
  out[4 * i + 2] = gload(loc, t & 3);
  out[4 * i + 3] = (int)flags;
}

// volatile accesses (ld.volatile / st.volatile).
extern "C" __global__ void mem_volatile(volatile int *v, int n) {
  int i = GID;
  if (i >= n) return;
  int x = v[i];
  v[i] = x * 2 + 1;
  v[i] = v[i] + 1;
}
