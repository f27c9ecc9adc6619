// Functional regression group "int": integer arithmetic.
// PTX: add sub mul(.lo/.hi/.wide) mad(.lo/.hi/.wide, .hi.sat) mul24 mad24 sad div rem abs neg min
// max add.sat sub.sat add.cc addc sub.cc subc mad.lo.cc madc, and the 16-bit forms.
// Every thread i writes K results to out[i*K + j]; gen_int.c holds the CPU reference, in the
// same order. Inline asm is used wherever the intrinsic or C form does not pin the instruction.
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef unsigned short u16;
typedef short s16;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

#define K32 40
extern "C" __global__ void int32_ops(const u32 *a, const u32 *b, const u32 *c, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x = a[i], y = b[i], z = c[i];
  s32 sx = (s32)x, sy = (s32)y;
  u32 *o = out + (size_t)i * K32;
  u32 r;
  o[0] = x + y;            // add.s32
  o[1] = x - y;            // sub.s32
  o[2] = x * y;            // mul.lo.s32
  o[3] = x * y + z;        // mad.lo.s32
  o[4] = __mulhi(sx, sy);  // mul.hi.s32
  o[5] = __umulhi(x, y);   // mul.hi.u32
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[6] = r;
  asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[7] = r;
  asm("mad.hi.sat.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[8] = r;
  asm("mul24.lo.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[9] = r;
  o[10] = __umul24(x, y);   // nvcc: mul.lo of the masked operands (no mul24 emitted)
  asm("mul24.hi.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[11] = r;
  asm("mul24.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[12] = r;
  asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[13] = r;
  asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[14] = r;
  asm("mad24.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[15] = r;
  asm("add.sat.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[16] = r;
  asm("sub.sat.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[17] = r;
  o[18] = (u32)abs(sx);     // abs.s32 (abs(INT_MIN) == INT_MIN)
  asm("neg.s32 %0, %1;" : "=r"(r) : "r"(x));
  o[19] = r;
  o[20] = (u32)min(sx, sy); // min.s32
  o[21] = (u32)max(sx, sy); // max.s32
  o[22] = min(x, y);        // min.u32
  o[23] = max(x, y);        // max.u32
  o[24] = (u32)__sad(sx, sy, z);  // sad.s32
  o[25] = __usad(x, y, z);        // sad.u32
  s64 w = (s64)sx * (s64)sy;      // mul.wide.s32
  o[26] = (u32)w;
  o[27] = (u32)((u64)w >> 32);
  u64 uw = (u64)x * (u64)y;       // mul.wide.u32
  o[28] = (u32)uw;
  o[29] = (u32)(uw >> 32);
  u64 acc = ((u64)z << 32) | (u64)(z ^ 0x9e3779b9u);
  s64 mw;
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(mw) : "r"(x), "r"(y), "l"(acc));
  o[30] = (u32)mw;
  o[31] = (u32)((u64)mw >> 32);
  u64 umw;
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(umw) : "r"(x), "r"(y), "l"(acc));
  o[32] = (u32)umw;
  o[33] = (u32)(umw >> 32);
  o[34] = (u32)((s64)acc + (s64)sx * (s64)sy);  // what nvcc makes of a 64-bit accumulate
  o[35] = x & 0xffffu ? x / (x & 0xffffu) : 0u;  // div.u32 with a data-dependent divisor
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
  o[36] = r;
  asm("sad.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
  o[37] = r;
  asm("min.s32 %0, %1, -5;" : "=r"(r) : "r"(x));
  o[38] = r;
  asm("add.s32 %0, %1, 0x7fffffff;" : "=r"(r) : "r"(x));
  o[39] = r;
}

#define K64 24
extern "C" __global__ void int64_ops(const u64 *a, const u64 *b, const u64 *c, u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u64 x = a[i], y = b[i], z = c[i];
  s64 sx = (s64)x, sy = (s64)y;
  u64 *o = out + (size_t)i * K64;
  u64 r;
  o[0] = x + y;                 // add.s64
  o[1] = x - y;                 // sub.s64
  o[2] = x * y;                 // mul.lo.s64
  o[3] = x * y + z;             // mad.lo.s64
  o[4] = (u64)__mul64hi(sx, sy);  // mul.hi.s64
  o[5] = __umul64hi(x, y);        // mul.hi.u64
  asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[6] = r;
  asm("mad.hi.s64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[7] = r;
  o[8] = (u64)llabs(sx);        // abs.s64
  asm("neg.s64 %0, %1;" : "=l"(r) : "l"(x));
  o[9] = r;
  o[10] = (u64)llmin(sx, sy);   // min.s64
  o[11] = (u64)llmax(sx, sy);   // max.s64
  o[12] = ullmin(x, y);         // min.u64
  o[13] = ullmax(x, y);         // max.u64
  asm("sad.s64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[14] = r;
  asm("sad.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(x), "l"(y), "l"(z));
  o[15] = r;
  asm("add.s64 %0, %1, -1;" : "=l"(r) : "l"(x));
  o[16] = r;
  asm("mul.lo.u64 %0, %1, 3;" : "=l"(r) : "l"(x));
  o[17] = r;
  o[18] = x ^ (y << 1);
  o[19] = (u64)(sx >> 7);
  // mad.lo.cc.u64 / madc: 64x64 -> 128 via carries
  u64 lo, hi;
  asm("{\n\t.reg .u64 t;\n\t"
      "mul.lo.u64 %0, %2, %3;\n\t"
      "mul.hi.u64 t, %2, %3;\n\t"
      "add.cc.u64 %0, %0, %4;\n\t"
      "addc.u64 %1, t, 0;\n\t}"
      : "=&l"(lo), "=&l"(hi)
      : "l"(x), "l"(y), "l"(z));
  o[20] = lo;
  o[21] = hi;
  asm("sub.cc.u64 %0, %2, %3;\n\tsubc.u64 %1, %3, %2;" : "=&l"(lo), "=&l"(hi) : "l"(x), "l"(y));
  o[22] = lo;
  o[23] = hi;
}

// Division and remainder. b may be zero (div.u32 only: silicon gives 0xffffffff); bn and b64n
// are never zero. INT_MIN / -1 is included (the PTX manual leaves only division by zero
// unspecified): the quotient wraps to INT_MIN and the remainder is 0.
#define KDIV32 6
#define KDIV64 4
#define KDIV16 4
extern "C" __global__ void int_div(const u32 *a, const u32 *b, const u32 *bn, const u64 *a64,
                                   const u64 *b64n, u32 *o32, u64 *o64, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x = a[i], y = b[i], yn = bn[i];
  u32 *o = o32 + (size_t)i * (KDIV32 + KDIV16);
  o[0] = x / y;                      // div.u32 (y may be 0)
  o[1] = x % yn;                     // rem.u32
  o[2] = (u32)((s32)x / (s32)yn);    // div.s32
  u32 r;
  asm("rem.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(yn));
  o[3] = r;                          // rem.s32 (C % becomes div + mul + sub)
  o[4] = x / 7u;                     // constant divisor (nvcc turns into mul.hi + shifts)
  o[5] = (u32)((s32)x % -3);
  u16 hx = (u16)x, hy = (u16)yn;
  if (hy == 0) hy = 1;
  u16 hr;
  asm("div.u16 %0, %1, %2;" : "=h"(hr) : "h"(hx), "h"(hy));
  o[6] = hr;
  asm("rem.u16 %0, %1, %2;" : "=h"(hr) : "h"(hx), "h"(hy));
  o[7] = hr;
  asm("div.s16 %0, %1, %2;" : "=h"(hr) : "h"(hx), "h"(hy));
  o[8] = hr;
  asm("rem.s16 %0, %1, %2;" : "=h"(hr) : "h"(hx), "h"(hy));
  o[9] = hr;
  u64 X = a64[i], Y = b64n[i];
  u64 *p = o64 + (size_t)i * KDIV64;
  p[0] = X / Y;                       // div.u64
  u64 r64;
  asm("rem.u64 %0, %1, %2;" : "=l"(r64) : "l"(X), "l"(Y));
  p[1] = r64;
  p[2] = (u64)((s64)X / (s64)Y);      // div.s64
  asm("rem.s64 %0, %1, %2;" : "=l"(r64) : "l"(X), "l"(Y));
  p[3] = r64;
}

// 16-bit integer forms, on the low halves of a and b (h registers).
#define K16 16
extern "C" __global__ void int16_ops(const u32 *a, const u32 *b, const u32 *c, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u16 x = (u16)a[i], y = (u16)b[i], z = (u16)c[i];
  u32 *o = out + (size_t)i * K16;
  u16 r;
  u32 w;
  asm("add.u16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[0] = r;
  asm("sub.s16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[1] = r;
  asm("mul.lo.s16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[2] = r;
  asm("mul.hi.s16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[3] = r;
  asm("mul.hi.u16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[4] = r;
  asm("mul.wide.s16 %0, %1, %2;" : "=r"(w) : "h"(x), "h"(y));
  o[5] = w;
  asm("mul.wide.u16 %0, %1, %2;" : "=r"(w) : "h"(x), "h"(y));
  o[6] = w;
  asm("mad.lo.u16 %0, %1, %2, %3;" : "=h"(r) : "h"(x), "h"(y), "h"(z));
  o[7] = r;
  asm("min.s16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[8] = r;
  asm("max.u16 %0, %1, %2;" : "=h"(r) : "h"(x), "h"(y));
  o[9] = r;
  asm("abs.s16 %0, %1;" : "=h"(r) : "h"(x));
  o[10] = r;
  asm("neg.s16 %0, %1;" : "=h"(r) : "h"(x));
  o[11] = r;
  asm("sad.u16 %0, %1, %2, %3;" : "=h"(r) : "h"(x), "h"(y), "h"(z));
  o[12] = r;
  asm("mad.wide.s16 %0, %1, %2, %3;" : "=r"(w) : "h"(x), "h"(y), "r"(c[i]));
  o[13] = w;
  // C short arithmetic (nvcc keeps the 16-bit values in 32-bit registers)
  s16 sx = (s16)x, sy = (s16)y;
  o[14] = (u32)(s32)(s16)(sx * sy + 3);
  o[15] = (u32)(u16)(x + y);
}

// Multi-word arithmetic through the carry flag: 96-bit add and subtract, and a 64x32 multiply
// with mad.lo.cc / madc.hi.
#define KCC 12
extern "C" __global__ void int_carry(const u32 *a, const u32 *b, u32 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x0 = a[3 * i], x1 = a[3 * i + 1], x2 = a[3 * i + 2];
  u32 y0 = b[3 * i], y1 = b[3 * i + 1], y2 = b[3 * i + 2];
  u32 *o = out + (size_t)i * KCC;
  u32 r0, r1, r2, r3;
  asm("add.cc.u32 %0, %4, %7;\n\t"
      "addc.cc.u32 %1, %5, %8;\n\t"
      "addc.cc.u32 %2, %6, %9;\n\t"
      "addc.u32 %3, 0, 0;"
      : "=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3)
      : "r"(x0), "r"(x1), "r"(x2), "r"(y0), "r"(y1), "r"(y2));
  o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3;
  asm("sub.cc.u32 %0, %4, %7;\n\t"
      "subc.cc.u32 %1, %5, %8;\n\t"
      "subc.cc.u32 %2, %6, %9;\n\t"
      "subc.u32 %3, 0, 0;"
      : "=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3)
      : "r"(x0), "r"(x1), "r"(x2), "r"(y0), "r"(y1), "r"(y2));
  o[4] = r0; o[5] = r1; o[6] = r2; o[7] = r3;
  // (x1:x0) * y0 -> r2:r1:r0 ; plus x2 added at bit 64 with madc.hi.cc + addc
  asm("{\n\t.reg .u32 t;\n\t"
      "mul.lo.u32 %0, %4, %6;\n\t"
      "mul.hi.u32 t, %4, %6;\n\t"
      "mad.lo.cc.u32 %1, %5, %6, t;\n\t"
      "madc.hi.cc.u32 %2, %5, %6, %7;\n\t"
      "addc.u32 %3, 0, 0;\n\t}"
      : "=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3)
      : "r"(x0), "r"(x1), "r"(y0), "r"(x2));
  o[8] = r0; o[9] = r1; o[10] = r2; o[11] = r3;
}
