// Functional regression group "nan": floating-point operations with two or three NaN operands.
// Every case is one thread: it reads an operation number and its operands a, b, c and runs that
// single PTX instruction (inline asm, operands in registers). The operations: f64 add sub mul
// fma div x .rn .rz .rm .rp, mad.rn, min, max, fma.rn with an immediate multiplier; f32 add sub
// mul fma div x .rn .rz .rm .rp, .ftz and .sat forms, min max (.NaN, .xorsign.abs),
// div.approx, div.full; f16 add sub mul fma (.ftz .sat), min max (.NaN); bf16 add sub mul fma
// min max (.NaN); f16x2 / bf16x2 fma and max. The expected results follow the NaN rules of
// docs/arith.md (gen_nan.c).
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

#define D2(OP)                                                        \
  asm(OP " %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y));                  \
  break;
#define D3(OP)                                                        \
  asm(OP " %0, %1, %2, %3;" : "=d"(r) : "d"(x), "d"(y), "d"(z));      \
  break;

extern "C" __global__ void nan_f64(const u32 *op, const double *a, const double *b,
                                   const double *c, u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i], r = 0.0;
  switch (op[i]) {
  case 0: D2("add.rn.f64")
  case 1: D2("add.rz.f64")
  case 2: D2("add.rm.f64")
  case 3: D2("add.rp.f64")
  case 4: D2("sub.rn.f64")
  case 5: D2("sub.rz.f64")
  case 6: D2("sub.rm.f64")
  case 7: D2("sub.rp.f64")
  case 8: D2("mul.rn.f64")
  case 9: D2("mul.rz.f64")
  case 10: D2("mul.rm.f64")
  case 11: D2("mul.rp.f64")
  case 12: D2("div.rn.f64")
  case 13: D2("div.rz.f64")
  case 14: D2("div.rm.f64")
  case 15: D2("div.rp.f64")
  case 16: D2("min.f64")
  case 17: D2("max.f64")
  case 18: D3("fma.rn.f64")
  case 19: D3("fma.rz.f64")
  case 20: D3("fma.rm.f64")
  case 21: D3("fma.rp.f64")
  case 22: D3("mad.rn.f64")
  case 23: // the multiplier is the immediate -2.5 (b is not read)
    asm("fma.rn.f64 %0, %1, 0dC004000000000000, %2;" : "=d"(r) : "d"(x), "d"(z));
    break;
  }
  out[i] = (u64)__double_as_longlong(r);
}

#define F2(OP)                                                        \
  asm(OP " %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));                  \
  break;
#define F3(OP)                                                        \
  asm(OP " %0, %1, %2, %3;" : "=f"(r) : "f"(x), "f"(y), "f"(z));      \
  break;

extern "C" __global__ void nan_f32(const u32 *op, const float *a, const float *b,
                                   const float *c, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i], r = 0.0f;
  switch (op[i]) {
  case 0: F2("add.rn.f32")
  case 1: F2("add.rz.f32")
  case 2: F2("add.rm.f32")
  case 3: F2("add.rp.f32")
  case 4: F2("sub.rn.f32")
  case 5: F2("sub.rz.f32")
  case 6: F2("sub.rm.f32")
  case 7: F2("sub.rp.f32")
  case 8: F2("mul.rn.f32")
  case 9: F2("mul.rz.f32")
  case 10: F2("mul.rm.f32")
  case 11: F2("mul.rp.f32")
  case 12: F2("div.rn.f32")
  case 13: F2("div.rz.f32")
  case 14: F2("div.rm.f32")
  case 15: F2("div.rp.f32")
  case 16: F2("add.rn.ftz.sat.f32")
  case 17: F2("mul.rn.ftz.f32")
  case 18: F2("min.f32")
  case 19: F2("max.f32")
  case 20: F2("min.NaN.f32")
  case 21: F2("max.NaN.f32")
  case 22: F2("min.xorsign.abs.f32")
  case 23: F2("div.approx.f32")
  case 24: F2("div.full.f32")
  case 25: F3("fma.rn.f32")
  case 26: F3("fma.rz.f32")
  case 27: F3("fma.rm.f32")
  case 28: F3("fma.rp.f32")
  case 29: F3("fma.rn.sat.f32")
  case 30: F3("mad.rn.ftz.f32")
  }
  out[i] = __float_as_uint(r);
}

#define H2(OP)                                                        \
  asm(OP " %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));                  \
  break;
#define H3(OP)                                                        \
  asm(OP " %0, %1, %2, %3;" : "=h"(r) : "h"(x), "h"(y), "h"(z));      \
  break;
#define P2(OP)                                                        \
  asm(OP " %0, %1, %2;" : "=r"(p) : "r"(px), "r"(py));                \
  break;
#define P3(OP)                                                        \
  asm(OP " %0, %1, %2, %3;" : "=r"(p) : "r"(px), "r"(py), "r"(pz));   \
  break;

// 16-bit operands travel in the low half of 32-bit words; the packed forms use all 32 bits.
extern "C" __global__ void nan_h16(const u32 *op, const u32 *a, const u32 *b, const u32 *c,
                                   u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 px = a[i], py = b[i], pz = c[i], p = 0;
  u16 x = (u16)px, y = (u16)py, z = (u16)pz, r = 0;
  bool packed = false;
  switch (op[i]) {
  case 0: H2("add.rn.f16")
  case 1: H2("sub.rn.f16")
  case 2: H2("mul.rn.f16")
  case 3: H2("add.rn.ftz.sat.f16")
  case 4: H3("fma.rn.f16")
  case 5: H3("fma.rn.ftz.f16")
  case 6: H3("fma.rn.sat.f16")
  case 7: H2("min.f16")
  case 8: H2("max.f16")
  case 9: H2("min.NaN.f16")
  case 10: H2("max.NaN.f16")
  case 11: H2("add.rn.bf16")
  case 12: H2("sub.rn.bf16")
  case 13: H2("mul.rn.bf16")
  case 14: H3("fma.rn.bf16")
  case 15: H2("min.bf16")
  case 16: H2("max.bf16")
  case 17: H2("min.NaN.bf16")
  case 18: H2("max.NaN.bf16")
  case 19: packed = true; P3("fma.rn.f16x2")
  case 20: packed = true; P2("max.f16x2")
  case 21: packed = true; P3("fma.rn.bf16x2")
  case 22: packed = true; P2("min.NaN.bf16x2")
  }
  out[i] = packed ? p : (u32)r;
}
