// Functional regression group "cvt": conversions.
// PTX: cvt between every pair of u8 s8 u16 s16 u32 s32 u64 s64 (plain and .sat); float to
// integer with .rni .rzi .rmi .rpi (and .ftz, .sat, 8/16-bit destinations); integer to float
// with .rn .rz .rm .rp (8/16/32/64-bit sources); f64<->f32 with rounding and .ftz; round to
// integral in float (.rni .rzi .rmi .rpi for f32 and f64); cvt.sat.f32.f32; f16 conversions
// (cvt.rn/.rz/.rm/.rp.f16.f32, cvt.rn.f16.f64, cvt.f32.f16, cvt.f64.f16) and bf16 (on sm_75
// __float2bfloat16 is an integer emulation; __bfloat162float a shift).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef unsigned short u16;

#define GID (blockIdx.x * blockDim.x + threadIdx.x)
#define F2U(f) __float_as_uint(f)
#define D2U(d) ((u64)__double_as_longlong(d))

#define KFI32 25
#define KFI64 16
extern "C" __global__ void cvt_f2i(const float *f, const double *d, u32 *o32, u64 *o64, int n) {
  int i = GID;
  if (i >= n) return;
  float x = f[i];
  double y = d[i];
  u32 *o = o32 + (size_t)i * KFI32;
  u32 r;
  *o++ = (u32)__float2int_rn(x);
  *o++ = (u32)__float2int_rz(x);
  *o++ = (u32)__float2int_rd(x);
  *o++ = (u32)__float2int_ru(x);
  *o++ = __float2uint_rn(x);
  *o++ = __float2uint_rz(x);
  *o++ = __float2uint_rd(x);
  *o++ = __float2uint_ru(x);
  *o++ = (u32)__double2int_rn(y);
  *o++ = (u32)__double2int_rz(y);
  *o++ = (u32)__double2int_rd(y);
  *o++ = (u32)__double2int_ru(y);
  *o++ = __double2uint_rn(y);
  *o++ = __double2uint_rz(y);
  *o++ = __double2uint_rd(y);
  *o++ = __double2uint_ru(y);
  asm("cvt.rzi.s8.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rni.u8.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rzi.s16.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rni.u16.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rmi.s8.f64 %0, %1;" : "=r"(r) : "d"(y));
  *o++ = r;
  asm("cvt.rpi.u16.f64 %0, %1;" : "=r"(r) : "d"(y));
  *o++ = r;
  asm("cvt.rpi.ftz.s32.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rmi.ftz.u32.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  asm("cvt.rzi.sat.s8.f32 %0, %1;" : "=r"(r) : "f"(x));
  *o++ = r;
  u64 *p = o64 + (size_t)i * KFI64;
  *p++ = (u64)__float2ll_rn(x);
  *p++ = (u64)__float2ll_rz(x);
  *p++ = (u64)__float2ll_rd(x);
  *p++ = (u64)__float2ll_ru(x);
  *p++ = __float2ull_rn(x);
  *p++ = __float2ull_rz(x);
  *p++ = __float2ull_rd(x);
  *p++ = __float2ull_ru(x);
  *p++ = (u64)__double2ll_rn(y);
  *p++ = (u64)__double2ll_rz(y);
  *p++ = (u64)__double2ll_rd(y);
  *p++ = (u64)__double2ll_ru(y);
  *p++ = __double2ull_rn(y);
  *p++ = __double2ull_rz(y);
  *p++ = __double2ull_rd(y);
  *p++ = __double2ull_ru(y);
}

#define KIF32 20
#define KIF64 12
extern "C" __global__ void cvt_i2f(const u32 *a, const u64 *b, u32 *of, u64 *od, int n) {
  int i = GID;
  if (i >= n) return;
  u32 x = a[i];
  u64 y = b[i];
  u32 *o = of + (size_t)i * KIF32;
  *o++ = F2U(__int2float_rn((s32)x));
  *o++ = F2U(__int2float_rz((s32)x));
  *o++ = F2U(__int2float_rd((s32)x));
  *o++ = F2U(__int2float_ru((s32)x));
  *o++ = F2U(__uint2float_rn(x));
  *o++ = F2U(__uint2float_rz(x));
  *o++ = F2U(__uint2float_rd(x));
  *o++ = F2U(__uint2float_ru(x));
  *o++ = F2U(__ll2float_rn((s64)y));
  *o++ = F2U(__ll2float_rz((s64)y));
  *o++ = F2U(__ll2float_rd((s64)y));
  *o++ = F2U(__ll2float_ru((s64)y));
  *o++ = F2U(__ull2float_rn(y));
  *o++ = F2U(__ull2float_rz(y));
  *o++ = F2U(__ull2float_rd(y));
  *o++ = F2U(__ull2float_ru(y));
  float f;
  asm("cvt.rn.f32.s8 %0, %1;" : "=f"(f) : "r"(x));
  *o++ = F2U(f);
  asm("cvt.rz.f32.u8 %0, %1;" : "=f"(f) : "r"(x));
  *o++ = F2U(f);
  asm("cvt.rn.f32.s16 %0, %1;" : "=f"(f) : "h"((u16)x));
  *o++ = F2U(f);
  asm("cvt.rm.f32.u16 %0, %1;" : "=f"(f) : "h"((u16)(x >> 16)));
  *o++ = F2U(f);
  u64 *p = od + (size_t)i * KIF64;
  *p++ = D2U(__ll2double_rn((s64)y));
  *p++ = D2U(__ll2double_rz((s64)y));
  *p++ = D2U(__ll2double_rd((s64)y));
  *p++ = D2U(__ll2double_ru((s64)y));
  *p++ = D2U(__ull2double_rn(y));
  *p++ = D2U(__ull2double_rz(y));
  *p++ = D2U(__ull2double_rd(y));
  *p++ = D2U(__ull2double_ru(y));
  *p++ = D2U(__int2double_rn((s32)x));
  *p++ = D2U(__uint2double_rn(x));
  double g;
  asm("cvt.rn.f64.s16 %0, %1;" : "=d"(g) : "h"((u16)x));
  *p++ = D2U(g);
  asm("cvt.rz.f64.u8 %0, %1;" : "=d"(g) : "r"(x >> 8));
  *p++ = D2U(g);
}

// h: 16-bit inputs, used as f16 and as bf16 encodings.
#define KFF32 25
#define KFF64 7
extern "C" __global__ void cvt_ff(const float *f, const double *d, const u16 *h, u32 *of,
                                  u64 *od, int n) {
  int i = GID;
  if (i >= n) return;
  float x = f[i], r;
  double y = d[i], g;
  u16 hx = h[i], hr;
  u32 *o = of + (size_t)i * KFF32;
  *o++ = F2U(__double2float_rn(y));
  *o++ = F2U(__double2float_rz(y));
  *o++ = F2U(__double2float_rd(y));
  *o++ = F2U(__double2float_ru(y));
  asm("cvt.rn.ftz.f32.f64 %0, %1;" : "=f"(r) : "d"(y));
  *o++ = F2U(r);
  *o++ = F2U(rintf(x));    // cvt.rni.f32.f32
  *o++ = F2U(truncf(x));   // cvt.rzi.f32.f32
  *o++ = F2U(floorf(x));   // cvt.rmi.f32.f32
  *o++ = F2U(ceilf(x));    // cvt.rpi.f32.f32
  asm("cvt.rni.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  *o++ = F2U(r);
  asm("cvt.rpi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  *o++ = F2U(r);
  *o++ = F2U(__saturatef(x));  // cvt.sat.f32.f32
  asm("cvt.ftz.sat.f32.f32 %0, %1;" : "=f"(r) : "f"(x));
  *o++ = F2U(r);
  asm("cvt.rn.sat.f32.f64 %0, %1;" : "=f"(r) : "d"(y));
  *o++ = F2U(r);
  *o++ = F2U(__half2float(__float2half_rn(x)));  // 14: round trip
  *o++ = __half_as_ushort(__float2half_rn(x));   // 15: cvt.rn.f16.f32
  asm("cvt.rz.f16.f32 %0, %1;" : "=h"(hr) : "f"(x));
  *o++ = hr;
  asm("cvt.rm.f16.f32 %0, %1;" : "=h"(hr) : "f"(x));
  *o++ = hr;
  asm("cvt.rp.f16.f32 %0, %1;" : "=h"(hr) : "f"(x));
  *o++ = hr;
  *o++ = F2U(__half2float(__ushort_as_half(hx)));  // 19: cvt.f32.f16
  asm("cvt.rn.f16.f64 %0, %1;" : "=h"(hr) : "d"(y));
  *o++ = hr;                                        // 20
  *o++ = __bfloat16_as_ushort(__float2bfloat16(x));     // 21
  *o++ = F2U(__bfloat162float(__ushort_as_bfloat16(hx)));  // 22
  *o++ = __bfloat16_as_ushort(__float2bfloat16_rz(x));  // 23
  *o++ = __bfloat16_as_ushort(__float2bfloat16_ru(x));  // 24
  u64 *p = od + (size_t)i * KFF64;
  *p++ = D2U((double)x);  // cvt.f64.f32
  asm("cvt.ftz.f64.f32 %0, %1;" : "=d"(g) : "f"(x));
  *p++ = D2U(g);
  *p++ = D2U(rint(y));   // cvt.rni.f64.f64
  *p++ = D2U(trunc(y));  // cvt.rzi.f64.f64
  *p++ = D2U(floor(y));  // cvt.rmi.f64.f64
  *p++ = D2U(ceil(y));   // cvt.rpi.f64.f64
  asm("cvt.f64.f16 %0, %1;" : "=d"(g) : "h"(hx));
  *p++ = D2U(g);
}

// Integer to integer: every (destination, source) pair of u8 s8 u16 s16 u32 s32 u64 s64 (64),
// then the 38 pairs that allow .sat. Types up to 32 bits live in 32-bit registers, 64-bit types in 64-bit registers;
// the source is the low bits of src[i], the destination is written zero/sign-extended to the
// register and stored as a u64.
#define KII 102
#define CV(PFX, D, S, DC, SC, SV)                                          \
  {                                                                        \
    REG_##DC r_;                                                           \
    asm("cvt" PFX "." #D "." #S " %0, %1;" : "=" #DC(r_) : #SC(SV));       \
    *o++ = (u64)r_;                                                        \
  }
typedef u32 REG_r;
typedef u64 REG_l;
#define ROW(PFX, D, DC)                                                    \
  CV(PFX, D, u8, DC, r, v32) CV(PFX, D, s8, DC, r, v32) CV(PFX, D, u16, DC, r, v32) \
  CV(PFX, D, s16, DC, r, v32) CV(PFX, D, u32, DC, r, v32) CV(PFX, D, s32, DC, r, v32) \
  CV(PFX, D, u64, DC, l, v) CV(PFX, D, s64, DC, l, v)
#define ALL(PFX)                                                           \
  ROW(PFX, u8, r) ROW(PFX, s8, r) ROW(PFX, u16, r) ROW(PFX, s16, r)        \
  ROW(PFX, u32, r) ROW(PFX, s32, r) ROW(PFX, u64, l) ROW(PFX, s64, l)

extern "C" __global__ void cvt_ii(const u64 *src, u64 *out, int n) {
  int i = GID;
  if (i >= n) return;
  u64 v = src[i];
  u32 v32 = (u32)v;
  u64 *o = out + (size_t)i * KII;
  ALL("")
  // .sat only where the source range exceeds the destination range (ptxas rejects the rest)
  CV(".sat", u8, s8, r, r, v32) CV(".sat", u8, u16, r, r, v32) CV(".sat", u8, s16, r, r, v32)
  CV(".sat", u8, u32, r, r, v32) CV(".sat", u8, s32, r, r, v32) CV(".sat", u8, u64, r, l, v)
  CV(".sat", u8, s64, r, l, v) CV(".sat", s8, u8, r, r, v32) CV(".sat", s8, u16, r, r, v32)
  CV(".sat", s8, s16, r, r, v32) CV(".sat", s8, u32, r, r, v32) CV(".sat", s8, s32, r, r, v32)
  CV(".sat", s8, u64, r, l, v) CV(".sat", s8, s64, r, l, v) CV(".sat", u16, s8, r, r, v32)
  CV(".sat", u16, s16, r, r, v32) CV(".sat", u16, u32, r, r, v32) CV(".sat", u16, s32, r, r, v32)
  CV(".sat", u16, u64, r, l, v) CV(".sat", u16, s64, r, l, v) CV(".sat", s16, u16, r, r, v32)
  CV(".sat", s16, u32, r, r, v32) CV(".sat", s16, s32, r, r, v32) CV(".sat", s16, u64, r, l, v)
  CV(".sat", s16, s64, r, l, v) CV(".sat", u32, s8, r, r, v32) CV(".sat", u32, s16, r, r, v32)
  CV(".sat", u32, s32, r, r, v32) CV(".sat", u32, u64, r, l, v) CV(".sat", u32, s64, r, l, v)
  CV(".sat", s32, u32, r, r, v32) CV(".sat", s32, u64, r, l, v) CV(".sat", s32, s64, r, l, v)
  CV(".sat", u64, s8, l, r, v32) CV(".sat", u64, s16, l, r, v32) CV(".sat", u64, s32, l, r, v32)
  CV(".sat", u64, s64, l, l, v) CV(".sat", s64, u64, l, l, v)
}
