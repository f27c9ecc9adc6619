/* gen_cvt: inputs, CPU reference and workload for the "cvt" group (cvt.cu).
 *
 * Reference semantics (PTX ISA, cvt):
 *  - integer to integer: the source is the low bits of the register read as the source type;
 *    without .sat the value is truncated to the destination width, with .sat it is clamped to
 *    the destination range; a destination narrower than its register is sign-extended (signed
 *    types) or zero-extended (unsigned) to the register width.
 *  - float to integer (.rni .rzi .rmi .rpi): round to an integral value, then saturate to the
 *    destination range (always, .sat or not); .ftz flushes a subnormal f32 source to zero first.
 *    NaN sources (NVIDIA silicon, as given): f32 -> s32/u32 gives 0; f32 -> s64 and f64 -> any
 *    integer give the minimum signed value of the destination width. The cases the given rules
 *    do not name follow the same pattern, as measured on silicon (H200): f32 -> u64 gives
 *    0x8000000000000000, f32 -> 8/16-bit gives 0, f64 -> u32 gives 0x80000000, f64 -> s8 gives
 *    0x80 (sign-extended in the register), f64 -> u16 gives 0x8000 (f2i_nan below).
 *    A narrow (8/16-bit) destination in a 32-bit register is sign- or zero-extended by its type.
 *  - integer to float (.rn .rz .rm .rp): the exact integer rounded once (integer arithmetic).
 *  - f64 -> f32: IEEE rounding in the given mode (host cvtsd2ss under fesetround); .ftz flushes
 *    a tiny result, tininess detected after rounding with an unbounded exponent (as for f32
 *    arithmetic: 2^-126 - 2^-150 flushes, 2^-126 - 2^-151 gives FLT_MIN; seen on silicon);
 *    f32 -> f64 is exact, .ftz flushes a subnormal source.
 *  - round to integral in float (cvt.rni/.rzi/.rmi/.rpi.f32.f32 and .f64.f64): ties to even for
 *    .rni, sign of zero kept.
 *  - cvt.sat.f32.f32 / cvt.rn.sat.f32.f64: clamp to [+0.0, 1.0], NaN and -0.0 give +0.0.
 *  - NaN results (all but the f64 -> narrower rows confirmed by the manual's rule that f32
 *    operations give 0x7fffffff; the rest measured on silicon, H200):
 *      f32 -> f32 (cvt.rni... .f32.f32): 0x7fffffff;  f32 -> f16: 0x7fff (F16_NAN);
 *      f16 -> f32: 0x7fffffff;  f32 -> f64, f16 -> f64, f64 -> f64 (rounding): the source NaN
 *      quieted, sign and payload kept (payload shifted to the top of the wider fraction);
 *      f64 -> f32 and f64 -> f16: quieted, sign kept, payload truncated to the top fraction
 *      bits (so 0x7ff8000000012345 -> 0x7fc00000);
 *      cvt.ftz.f64.f32: 0x7fffffffe0000000 whatever the NaN (the f32 flush makes it
 *      0x7fffffff first).
 *  - f16: IEEE binary16 with subnormals, all four rounding modes, overflow per IEEE (rz and the
 *    direction away from the sign give 65504).
 *  - bf16 (__float2bfloat16 / _rz / _ru on sm_75: the cuda_bf16.hpp integer emulation): IEEE
 *    rounding of the f32 value to 8 exponent / 7 fraction bits; NaN gives 0x7fff.
 *    __bfloat162float shifts the bits left by 16 (NaNs unchanged).
 */
#include "../common/func_common.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#define KFI32 25
#define KFI64 16
#define KIF32 20
#define KIF64 12
#define KFF32 25
#define KFF64 7
#define KII 102

#define F16_NAN 0x7fffu

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;
typedef uint16_t u16;

/* NaN -> integer results (see the header comment). bits: destination width. */
static u64 f2i_nan(int src64, int bits, int is_signed) {
  (void)is_signed;
  if (!src64 && bits <= 32) return 0;
  return bits == 64 ? 0x8000000000000000ull : (u64)1 << (bits - 1);
}

/* extend a bits-wide value into a 32-bit register (or return the 64-bit value) */
static u64 extend(u64 v, int bits, int is_signed) {
  if (bits == 64) return v;
  u64 m = (1ull << bits) - 1;
  v &= m;
  if (is_signed && ((v >> (bits - 1)) & 1)) v |= ~m;
  return v & 0xffffffffull;
}

/* float -> integer of the exact value x */
static u64 f2i(double x, int is_nan, int src64, int mode, int bits, int is_signed) {
  if (is_nan) return extend(f2i_nan(src64, bits, is_signed), bits, is_signed);
  double r = fc_round_integral(x, mode);
  u64 v;
  if (is_signed) {
    double lim = ldexp(1.0, bits - 1);
    if (r >= lim)
      v = (bits == 64) ? (u64)INT64_MAX : (1ull << (bits - 1)) - 1;
    else if (r <= -lim)
      v = (bits == 64) ? (u64)INT64_MIN : (u64)(-(s64)(1ull << (bits - 1)));
    else
      v = (u64)(s64)r;
  } else {
    double lim = ldexp(1.0, bits);
    if (r >= lim)
      v = (bits == 64) ? UINT64_MAX : (1ull << bits) - 1;
    else if (r <= 0)
      v = 0;
    else
      v = (u64)r;
  }
  return extend(v, bits, is_signed);
}

static u32 canon32(u32 u) { return fc_f32_is_nan(u) ? 0x7fffffffu : u; }

static void ref_f2i(u32 ux, u64 uy, u32 *o, u64 *p) {
  double x = fc_u2f(ux), y = fc_u2d(uy);
  int nx = fc_f32_is_nan(ux), ny = fc_f64_is_nan(uy);
  double xf = fc_u2f(fc_f32_ftz(ux));
  for (int m = 0; m < 4; m++) *o++ = (u32)f2i(x, nx, 0, m, 32, 1);
  for (int m = 0; m < 4; m++) *o++ = (u32)f2i(x, nx, 0, m, 32, 0);
  for (int m = 0; m < 4; m++) *o++ = (u32)f2i(y, ny, 1, m, 32, 1);
  for (int m = 0; m < 4; m++) *o++ = (u32)f2i(y, ny, 1, m, 32, 0);
  *o++ = (u32)f2i(x, nx, 0, FC_RZ, 8, 1);
  *o++ = (u32)f2i(x, nx, 0, FC_RN, 8, 0);
  *o++ = (u32)f2i(x, nx, 0, FC_RZ, 16, 1);
  *o++ = (u32)f2i(x, nx, 0, FC_RN, 16, 0);
  *o++ = (u32)f2i(y, ny, 1, FC_RM, 8, 1);
  *o++ = (u32)f2i(y, ny, 1, FC_RP, 16, 0);
  *o++ = (u32)f2i(xf, nx, 0, FC_RP, 32, 1);
  *o++ = (u32)f2i(xf, nx, 0, FC_RM, 32, 0);
  *o++ = (u32)f2i(x, nx, 0, FC_RZ, 8, 1);
  for (int m = 0; m < 4; m++) *p++ = f2i(x, nx, 0, m, 64, 1);
  for (int m = 0; m < 4; m++) *p++ = f2i(x, nx, 0, m, 64, 0);
  for (int m = 0; m < 4; m++) *p++ = f2i(y, ny, 1, m, 64, 1);
  for (int m = 0; m < 4; m++) *p++ = f2i(y, ny, 1, m, 64, 0);
}

static u32 i2f32(u64 mag, int neg, int mode) { return fc_f2u((float)fc_u64_to_fp(mag, neg, 23, mode)); }
static u64 i2f64(u64 mag, int neg, int mode) { return fc_d2u(fc_u64_to_fp(mag, neg, 52, mode)); }
static u64 smag(s64 v) { return v < 0 ? 0 - (u64)v : (u64)v; }

static void ref_i2f(u32 x, u64 y, u32 *o, u64 *p) {
  s32 sx = (s32)x;
  s64 sy = (s64)y;
  for (int m = 0; m < 4; m++) *o++ = i2f32(smag(sx), sx < 0, m);
  for (int m = 0; m < 4; m++) *o++ = i2f32(x, 0, m);
  for (int m = 0; m < 4; m++) *o++ = i2f32(smag(sy), sy < 0, m);
  for (int m = 0; m < 4; m++) *o++ = i2f32(y, 0, m);
  *o++ = fc_f2u((float)(int8_t)(x & 0xff));
  *o++ = fc_f2u((float)(x & 0xff));
  *o++ = fc_f2u((float)(int16_t)(x & 0xffff));
  *o++ = fc_f2u((float)(x >> 16));
  for (int m = 0; m < 4; m++) *p++ = i2f64(smag(sy), sy < 0, m);
  for (int m = 0; m < 4; m++) *p++ = i2f64(y, 0, m);
  *p++ = fc_d2u((double)sx);
  *p++ = fc_d2u((double)x);
  *p++ = fc_d2u((double)(int16_t)(x & 0xffff));
  *p++ = fc_d2u((double)((x >> 8) & 0xff));
}

static u32 d2f(u64 uy, int mode, int ftz) {
  if (fc_f64_is_nan(uy))
    return (u32)(uy >> 63) << 31 | 0x7fc00000u | (u32)((uy >> 29) & 0x7fffffu);
  volatile double y = fc_u2d(uy), ys = fc_u2d(uy) * 0x1p64;
  volatile float r, rs;
  fc_set_round(mode);
  r = (float)y;
  rs = (float)ys; /* rounded to 24 bits at a scale where nothing underflows */
  fc_restore_round();
  if (ftz && !isinf(y) && fabsf(rs) < 0x1p-62f) return (u32)(uy >> 63) << 31;
  return fc_f2u(r);
}

static u32 sat32(u32 u) {
  if (fc_f32_is_nan(u) || (u & 0x80000000u)) return 0;
  if (fc_u2f(u) > 1.0f) return 0x3f800000u;
  return u;
}

static u32 f16(double v, int is_nan, int mode) {
  return is_nan ? F16_NAN : fc_round_small_fp(v, 5, 10, mode);
}
static u32 bf16(u32 ux, int mode) {
  return fc_f32_is_nan(ux) ? 0x7fffu : fc_round_small_fp(fc_u2f(ux), 8, 7, mode);
}
static double f16_value(u16 h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : ldexp(m + 1024, e - 25);
  if (e == 31) v = INFINITY;
  return (h & 0x8000) ? -v : v;
}
static int f16_is_nan(u16 h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }

static u64 f32_to_f64_bits(u32 u) {
  if (fc_f32_is_nan(u))
    return ((u64)(u >> 31) << 63) | 0x7ff0000000000000ull | 0x0008000000000000ull |
           ((u64)(u & 0x7fffffu) << 29);
  return fc_d2u((double)fc_u2f(u));
}

static void ref_ff(u32 ux, u64 uy, u16 h, u32 *o, u64 *p) {
  double x = fc_u2f(ux), y = fc_u2d(uy);
  int nx = fc_f32_is_nan(ux), ny = fc_f64_is_nan(uy);
  for (int m = 0; m < 4; m++) *o++ = d2f(uy, m, 0);
  *o++ = d2f(uy, FC_RN, 1);
  for (int m = 0; m < 4; m++)
    *o++ = canon32(nx ? ux : fc_f2u((float)fc_round_integral(x, m)));
  double xf = fc_u2f(fc_f32_ftz(ux));
  *o++ = canon32(nx ? ux : fc_f2u((float)fc_round_integral(xf, FC_RN)));
  *o++ = canon32(nx ? ux : fc_f2u((float)fc_round_integral(xf, FC_RP)));
  *o++ = sat32(ux);
  *o++ = sat32(fc_f32_ftz(ux));
  *o++ = sat32(d2f(uy, FC_RN, 0));
  {
    u32 hb = f16(x, nx, FC_RN);
    *o++ = f16_is_nan((u16)hb) ? 0x7fffffffu : fc_f2u((float)f16_value((u16)hb));
    *o++ = hb;
  }
  *o++ = f16(x, nx, FC_RZ);
  *o++ = f16(x, nx, FC_RM);
  *o++ = f16(x, nx, FC_RP);
  *o++ = f16_is_nan(h) ? 0x7fffffffu : fc_f2u((float)f16_value(h));
  *o++ = ny ? (u32)(uy >> 63) << 15 | 0x7e00u | (u32)((uy >> 42) & 0x3ffu) : f16(y, 0, FC_RN);
  *o++ = bf16(ux, FC_RN);
  *o++ = (u32)h << 16;
  *o++ = bf16(ux, FC_RZ);
  *o++ = bf16(ux, FC_RP);
  *p++ = f32_to_f64_bits(ux);
  *p++ = nx ? 0x7fffffffe0000000ull : f32_to_f64_bits(fc_f32_ftz(ux));
  for (int m = 0; m < 4; m++)
    *p++ = ny ? (uy | 0x0008000000000000ull) : fc_d2u(fc_round_integral(y, m));
  if (f16_is_nan(h))
    *p++ = ((u64)(h >> 15) << 63) | 0x7ff8000000000000ull | ((u64)(h & 0x3ff) << 42);
  else
    *p++ = fc_d2u(f16_value(h));
}

/* integer types: u8 s8 u16 s16 u32 s32 u64 s64 */
static const int ty_bits[8] = {8, 8, 16, 16, 32, 32, 64, 64};
static const int ty_signed[8] = {0, 1, 0, 1, 0, 1, 0, 1};

static int sat_allowed(int d, int s) {
  /* .sat is legal where the source range is not contained in the destination range */
  int db = ty_bits[d], sb = ty_bits[s];
  if (ty_signed[s] && !ty_signed[d]) return 1;
  if (ty_signed[s] == ty_signed[d]) return sb > db;
  return sb >= db; /* unsigned source, signed destination */
}

static u64 ref_ii1(u64 v, int d, int s, int sat) {
  int sb = ty_bits[s], db = ty_bits[d];
  /* source value as a signed/unsigned 64-bit quantity (held in 128-bit-safe form) */
  u64 src = sb == 64 ? v : v & ((1ull << sb) - 1);
  int neg = 0;
  if (ty_signed[s] && ((src >> (sb - 1)) & 1)) {
    neg = 1;
    if (sb < 64) src |= ~((1ull << sb) - 1); /* sign-extend to 64 */
  }
  u64 r;
  if (!sat) {
    r = src; /* truncation happens in extend() */
  } else {
    /* clamp: compare as mathematical integers */
    if (ty_signed[d]) {
      s64 hi = db == 64 ? INT64_MAX : (s64)((1ull << (db - 1)) - 1);
      s64 lo = db == 64 ? INT64_MIN : -(s64)(1ull << (db - 1));
      if (neg)
        r = (s64)src < lo ? (u64)lo : src;
      else
        r = src > (u64)hi ? (u64)hi : src; /* src is non-negative here */
    } else {
      u64 hi = db == 64 ? UINT64_MAX : (1ull << db) - 1;
      if (neg)
        r = 0;
      else
        r = src > hi ? hi : src;
    }
  }
  return extend(r, db, ty_signed[d]);
}

static void ref_ii(u64 v, u64 *o) {
  for (int d = 0; d < 8; d++)
    for (int s = 0; s < 8; s++) *o++ = ref_ii1(v, d, s, 0);
  for (int d = 0; d < 8; d++)
    for (int s = 0; s < 8; s++)
      if (sat_allowed(d, s)) *o++ = ref_ii1(v, d, s, 1);
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "cvt");
  fc_rng rng;
  fc_rng_seed(&rng, 0xc47);
  const int n = 1024;

  /* f32 and f64 sources: specials, integer/rounding boundaries, f16 boundaries, random */
  static const u32 fb[] = {
      0x3ecccccdu, 0xbecccccdu, 0x3f19999au, 0xbf19999au, /* +-0.4, +-0.6 */
      0x42ff0000u, 0x43000000u, 0xc3008000u, 0xc3010000u, /* 127.5 128 -128.5 -129 */
      0x437f8000u, 0x43800000u, 0x46fffe00u, 0x477fff80u, /* 255.5 256 32767 65535.5 */
      0x47800000u, 0xc7000080u, 0x4effffffu, 0x4f7fffffu, /* 65536 -32768.5 <2^31 <2^32 */
      0x4f800000u, 0x5effffffu, 0x5f000000u, 0x5f7fffffu, /* 2^32 <2^63 2^63 <2^64 */
      0xdf000000u, 0xdf000001u, 0xcf000001u, 0x3f800000u, /* -2^63 <-2^63 <-2^31 1 */
      0x3f801000u, 0x3f800800u, 0x3f800c00u, 0x477fe000u, /* f16 ties: 1+2^-11.. 65504 */
      0x477ff000u, 0x477fefffu, 0x33800000u, 0x33000000u, /* 65520 <65520 2^-24 2^-25 */
      0x33400000u, 0x38800000u, 0x387fe000u, 0xb3000001u, /* 3*2^-26 2^-14 <2^-14 */
      0x3f808000u, 0x3f818000u, 0x7f7fffffu, 0x7f7f8000u, /* bf16 ties, FLT_MAX */
      0xff7fffffu, 0x00ff8000u, 0x80008000u, 0x4b400001u,
  };
  static const u64 db[] = {
      0x41dfffffffe00000ull, 0xc1e0000000100000ull, 0x41efffffffe00000ull, /* 2^31-.5 ... */
      0x43dfffffffffffffull, 0x43efffffffffffffull, 0xc3e0000000000001ull,
      0x47efffffe0000000ull, 0x47efffffefffffffull, 0x47effffff0000000ull, /* FLT_MAX, ties */
      0x36a0000000000000ull, 0x3690000000000000ull, 0x3698000000000000ull, /* f32 subnormal */
      0x380fffffe0000000ull, 0x380ffffff0000000ull, 0xb80ffffff0000000ull,
      0x3ff0000010000000ull, 0x3ff0000008000000ull, 0x3ff0020000000000ull, /* f32/f16 ties */
      0x40effc0000000000ull, 0x40effe0000000000ull, 0x3e70000000000000ull, 0x3e60000000000000ull,
      0x405fe00000000000ull, 0x4060100000000000ull, 0xc060100000000000ull, 0x40efffe000000000ull,
      0x4330000000000001ull, 0x4338000000000000ull, 0x3fe0000000000001ull, 0xbfe0000000000000ull,
  };
  const int nfb = (int)(sizeof fb / sizeof fb[0]), ndb = (int)(sizeof db / sizeof db[0]);
  u32 *f = fc_alloc(n * 4);
  u64 *d = fc_alloc(n * 8);
  u16 *h = fc_alloc(n * 2);
  static const u16 hsp[] = {0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff,
                            0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe12, 0x7fff, 0xbc00};
  for (int i = 0; i < n; i++) {
    if ((size_t)i < fc_n_f32_specials)
      f[i] = fc_f32_specials[i];
    else if (i < (int)fc_n_f32_specials + nfb)
      f[i] = fb[i - (int)fc_n_f32_specials];
    else if (i % 3 == 0) { /* halves and near-halves around random integers */
      u32 h5 = fc_f2u((float)fc_rng_range(&rng, -70000, 70000) + 0.5f);
      f[i] = h5 + (u32)fc_rng_range(&rng, -1, 1);
    }
    else
      f[i] = fc_rand_f32(&rng);
    if ((size_t)i < fc_n_f64_specials)
      d[i] = fc_f64_specials[i];
    else if (i < (int)fc_n_f64_specials + ndb)
      d[i] = db[i - (int)fc_n_f64_specials];
    else if (i % 3 == 0) {
      u64 h5 = fc_d2u((double)fc_rng_range(&rng, -5000000000ll, 5000000000ll) + 0.5);
      d[i] = h5 + (u64)fc_rng_range(&rng, -1, 1);
    } else if (i % 3 == 1) { /* a float value, or a value near a float rounding boundary */
      u64 fv = fc_d2u((double)fc_u2f(fc_rand_f32(&rng)));
      d[i] = fv + (u64)fc_rng_range(&rng, -2, 2) * (1ull << 28);
    } else
      d[i] = fc_rand_f64(&rng);
    h[i] = i < 14 ? hsp[i] : (u16)fc_rng_u32(&rng);
  }

  /* integer sources */
  static const u64 isp[] = {0,           1,           0x7f,        0x80,        0xff,
                            0x100,       0x7fff,      0x8000,      0xffff,      0x10000,
                            0x7fffffff,  0x80000000,  0xffffffff,  0x100000000, 0x7fffffffffffffffull,
                            0x8000000000000000ull,    0xffffffffffffffffull,    0xffffffffffffff80ull,
                            0xffffffffffffff7full,    0xffffffffffff8000ull,    0xffffffffffff7fffull,
                            0xffffffff80000000ull,    0xffffffff7fffffffull,    0x1000001,
                            0x1000003,   0x20000000000001ull,      0x20000000000003ull,
                            0xfffffffffeffffffull,    0x80000001ull,            0xfedcba9876543210ull};
  const int nisp = (int)(sizeof isp / sizeof isp[0]);
  u32 *ia = fc_alloc(n * 4);
  u64 *ib = fc_alloc(n * 8);
  for (int i = 0; i < n; i++) {
    u64 v;
    if (i < nisp)
      v = isp[i];
    else if (i < 2 * nisp)
      v = 0 - isp[i - nisp];
    else
      v = fc_rng_u64_shr(&rng);
    if (i >= 2 * nisp && (i & 1)) v = 0 - v;
    ib[i] = v;
    ia[i] = (u32)(i < 2 * nisp ? v : (v ^ (v >> 32)));
  }

  u32 *efi32 = fc_alloc((size_t)n * KFI32 * 4);
  u64 *efi64 = fc_alloc((size_t)n * KFI64 * 8);
  u32 *eif32 = fc_alloc((size_t)n * KIF32 * 4);
  u64 *eif64 = fc_alloc((size_t)n * KIF64 * 8);
  u32 *eff32 = fc_alloc((size_t)n * KFF32 * 4);
  u64 *eff64 = fc_alloc((size_t)n * KFF64 * 8);
  const int nii = 384; /* integer pairs: the first 384 sources (all specials included) */
  u64 *eii = fc_alloc((size_t)nii * KII * 8);
  for (int i = 0; i < n; i++) {
    ref_f2i(f[i], d[i], efi32 + (size_t)i * KFI32, efi64 + (size_t)i * KFI64);
    ref_i2f(ia[i], ib[i], eif32 + (size_t)i * KIF32, eif64 + (size_t)i * KIF64);
    ref_ff(f[i], d[i], h[i], eff32 + (size_t)i * KFF32, eff64 + (size_t)i * KFF64);
    if (i < nii) ref_ii(ib[i], eii + (size_t)i * KII);
  }

  fc_buf_in(w, "f", f, (size_t)n * 4);
  fc_buf_in(w, "d", d, (size_t)n * 8);
  fc_buf_in(w, "h", h, (size_t)n * 2);
  fc_buf_in(w, "ia", ia, (size_t)n * 4);
  fc_buf_in(w, "ib", ib, (size_t)n * 8);
  fc_buf_out(w, "f2i32", (size_t)n * KFI32 * 4, NULL, efi32);
  fc_buf_out(w, "f2i64", (size_t)n * KFI64 * 8, NULL, efi64);
  fc_buf_out(w, "i2f32", (size_t)n * KIF32 * 4, NULL, eif32);
  fc_buf_out(w, "i2f64", (size_t)n * KIF64 * 8, NULL, eif64);
  fc_buf_out(w, "ff32", (size_t)n * KFF32 * 4, NULL, eff32);
  fc_buf_out(w, "ff64", (size_t)n * KFF64 * 8, NULL, eff64);
  fc_buf_out(w, "ii", (size_t)nii * KII * 8, NULL, eii);

  fc_launch(w, "cvt_f2i", n / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "f", 0);
  fc_p_buf(w, "d", 0);
  fc_p_buf(w, "f2i32", 0);
  fc_p_buf(w, "f2i64", 0);
  fc_p_s32(w, n);

  fc_launch(w, "cvt_i2f", n / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "ia", 0);
  fc_p_buf(w, "ib", 0);
  fc_p_buf(w, "i2f32", 0);
  fc_p_buf(w, "i2f64", 0);
  fc_p_s32(w, n);

  fc_launch(w, "cvt_ff", n / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "f", 0);
  fc_p_buf(w, "d", 0);
  fc_p_buf(w, "h", 0);
  fc_p_buf(w, "ff32", 0);
  fc_p_buf(w, "ff64", 0);
  fc_p_s32(w, n);

  fc_launch(w, "cvt_ii", (nii + 255) / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "ib", 0);
  fc_p_buf(w, "ii", 0);
  fc_p_s32(w, nii);
  return fc_wl_end(w);
}
