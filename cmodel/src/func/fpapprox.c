/* The .approx and .full operations. Each is computed in double precision and
 * rounded once to f32 (so it is within about 0.5 ulp of the exact value),
 * with the special-case results of the manual's tables; the GPU's own
 * approximations differ from these within the bounds in docs/arith.md. */
#include <math.h>

#include "func/fpbits.h"

/* Rounds a double result to f32 under the PTX rules: canonical NaN and, with
 * .ftz, a flushed result when r rounded to 24 bits with an unbounded exponent
 * lies below FLT_MIN (the tininess rule observed on H200, sm_90; see fp32.c).
 * r * 2^64 is exact and its rounding to float is that unbounded rounding. */
static uint32_t to_f32(double r, unsigned mods) {
  uint32_t u = st_fp_u32((float)r);
  if (st_f32_bits_nan(u)) {
    return ST_F32_CANON_NAN;
  }
  if ((mods & ST_FP_FTZ) && (u & ~ST_F32_SIGN) == UINT32_C(0x00800000) &&
      fabsf((float)(r * 0x1p64)) < 0x1p-62f) {
    return u & ST_F32_SIGN;
  }
  return st_f32_flush_if(u, mods);
}

static double in_f32(uint32_t a, unsigned mods) { return (double)st_fp_f32(st_f32_flush_if(a, mods)); }

uint32_t st_f32_rcp_approx(uint32_t a, unsigned mods) { return to_f32(1.0 / in_f32(a, mods), mods); }

uint32_t st_f32_sqrt_approx(uint32_t a, unsigned mods) { return to_f32(sqrt(in_f32(a, mods)), mods); }

uint32_t st_f32_rsqrt_approx(uint32_t a, unsigned mods) {
  double x = in_f32(a, mods);
  if (x == 0.0) {
    return st_fp_u32(copysignf(INFINITY, (float)x)); /* rsqrt(-0) = -inf */
  }
  return to_f32(1.0 / sqrt(x), mods);
}

uint32_t st_f32_ex2_approx(uint32_t a, unsigned mods) { return to_f32(exp2(in_f32(a, mods)), mods); }

uint32_t st_f32_lg2_approx(uint32_t a, unsigned mods) {
  double x = in_f32(a, mods);
  if (x == 0.0) {
    return st_fp_u32(-INFINITY); /* lg2(+-0) = -inf */
  }
  return to_f32(log2(x), mods);
}

uint32_t st_f32_sin_approx(uint32_t a, unsigned mods) { return to_f32(sin(in_f32(a, mods)), mods); }

uint32_t st_f32_cos_approx(uint32_t a, unsigned mods) { return to_f32(cos(in_f32(a, mods)), mods); }

uint32_t st_f32_tanh_approx(uint32_t a) { return to_f32(tanh(in_f32(a, 0)), 0); }

/* MUFU.RCP as div.approx uses it: 1/y rounded to f32 (the hardware is within
 * 1 ulp of this), with a subnormal input read as zero and a subnormal result
 * flushed, so |y| > 2^126 gives a signed zero. */
static float mufu_rcp(float y) {
  float r = (float)(1.0 / (double)st_fp_f32(st_f32_flush(st_fp_u32(y))));
  return st_fp_f32(st_f32_flush(st_fp_u32(r)));
}

/* ptxas's sequence (SASS on sm_90): div.approx.ftz.f32 is MUFU.RCP then
 * FMUL.FTZ; div.approx.f32 first scales a and b by 2^24 when |b| < 2^-126 (or
 * b is NaN), so a subnormal divisor gives an ordinary quotient, then MUFU.RCP
 * and FMUL. */
uint32_t st_f32_div_approx(uint32_t a, uint32_t b, unsigned mods) {
  float x = st_fp_f32(st_f32_flush_if(a, mods));
  float y = st_fp_f32(st_f32_flush_if(b, mods));
  if (!(mods & ST_FP_FTZ) && !(fabsf(y) >= 0x1p-126f)) {
    x *= 0x1p24f; /* may overflow to inf, as FMUL does */
    y *= 0x1p24f;
  }
  return to_f32((double)x * (double)mufu_rcp(y), mods); /* exact product, one rounding */
}

uint32_t st_f32_div_full(uint32_t a, uint32_t b, unsigned mods) {
  return to_f32(in_f32(a, mods) / in_f32(b, mods), mods);
}

/* ---- f64 ---- */

/* The f64 approximations on the upper word only (manual 9.7.3.14, 9.7.3.17):
 * the input is a[63:32] in 1.11.20 format, subnormals are flushed, NaN gives
 * ST_F64_APPROX_NAN, and the result is rounded to 20 mantissa bits with the
 * lower word zero. */
static uint64_t f64_hi_approx(uint64_t a, bool rsqrt) {
  uint64_t hi = a & UINT64_C(0xffffffff00000000);
  uint64_t mag = hi & ~ST_F64_SIGN;
  bool neg = (hi & ST_F64_SIGN) != 0;
  if (mag > ST_F64_EXP) {
    return ST_F64_APPROX_NAN;
  }
  if ((mag & ST_F64_EXP) == 0) { /* zero or subnormal: 1/(+-0) */
    return (neg ? ST_F64_SIGN : 0) | ST_F64_EXP;
  }
  if (rsqrt && neg) {
    return ST_F64_APPROX_NAN;
  }
  if (mag == ST_F64_EXP) { /* 1/(+-inf) = +-0, 1/sqrt(+inf) = +0 */
    return neg ? ST_F64_SIGN : 0;
  }
  double x = st_fp_f64(hi);
  uint64_t r = st_fp_u64(rsqrt ? 1.0 / sqrt(x) : 1.0 / x);
  if (st_f64_bits_sub(r)) {
    return r & ST_F64_SIGN;
  }
  /* Round the magnitude to nearest at bit 32 (a carry may reach the exponent). */
  return (r + UINT64_C(0x80000000)) & UINT64_C(0xffffffff00000000);
}

uint64_t st_f64_rcp_approx_ftz(uint64_t a) { return f64_hi_approx(a, false); }

uint64_t st_f64_rsqrt_approx_ftz(uint64_t a) { return f64_hi_approx(a, true); }

uint64_t st_f64_rsqrt_approx(uint64_t a) {
  if (st_f64_bits_nan(a)) {
    return st_f64_quiet(a);
  }
  double x = st_fp_f64(a);
  if (x == 0.0) {
    return st_fp_u64(copysign(INFINITY, x));
  }
  if (x < 0.0) {
    return ST_F64_DEFAULT_NAN;
  }
  /* Extended precision for the intermediate keeps the result within about
   * half an ulp. */
  long double r = 1.0L / sqrtl((long double)x);
  return st_fp_u64((double)r);
}
