/* cvt between the integer types and f16 / bf16 / f32 / f64 (manual 9.7.9.21),
 * done in integer arithmetic with st_fp_pack so every rounding mode is exact
 * and independent of the host's float support. */
#include "func/fpbits.h"

static inline unsigned type_bits(st_ptype t) { return st_ptype_size(t) * 8u; }

static inline uint64_t type_mask(st_ptype t) {
  unsigned w = type_bits(t);
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static bool float_fmt(st_ptype t, st_fpfmt *f) {
  switch (t) {
  case PT_F16: *f = ST_FMT_F16; return true;
  case PT_BF16: *f = ST_FMT_BF16; return true;
  case PT_F32: *f = ST_FMT_F32; return true;
  case PT_F64: *f = ST_FMT_F64; return true;
  default: *f = ST_FMT_F64; return false; /* never a float type: callers check first */
  }
}

static bool is_int_rnd(st_rnd r) { return r == RND_RNI || r == RND_RZI || r == RND_RMI || r == RND_RPI; }

/* The integer rounding that a (possibly float or absent) modifier means for
 * float->int. */
static st_rnd int_rnd(st_rnd r) {
  switch (r) {
  case RND_RN: case RND_RNI: return RND_RNI;
  case RND_RM: case RND_RMI: return RND_RMI;
  case RND_RP: case RND_RPI: return RND_RPI;
  default: return RND_RZI;
  }
}

/* |v| = sig * 2^exp rounded to an integer in direction r (applied to the
 * signed value, so .rmi rounds a negative value's magnitude up). *ovf is set
 * when the magnitude reaches 2^64. */
static uint64_t round_to_int(uint64_t sig, int exp, bool sign, st_rnd r, bool *ovf) {
  *ovf = false;
  if (exp >= 0) {
    if (exp == 0) {
      return sig;
    }
    if (exp >= 64 || (sig >> (64 - exp)) != 0) {
      *ovf = true;
      return 0;
    }
    return sig << exp;
  }
  unsigned sh = (unsigned)-exp;
  uint64_t ip;
  bool rbit, rest;
  if (sh > 64) {
    ip = 0;
    rbit = false;
    rest = sig != 0;
  } else if (sh == 64) {
    ip = 0;
    rbit = (sig >> 63) != 0;
    rest = (sig << 1) != 0;
  } else {
    ip = sig >> sh;
    rbit = ((sig >> (sh - 1)) & 1) != 0;
    rest = (sig & ((UINT64_C(1) << (sh - 1)) - 1)) != 0;
  }
  bool inexact = rbit || rest;
  bool inc;
  switch (r) {
  case RND_RNI: inc = rbit && (rest || (ip & 1)); break;
  case RND_RMI: inc = sign && inexact; break;
  case RND_RPI: inc = !sign && inexact; break;
  default: inc = false; break;
  }
  return ip + inc; /* sh > 0 keeps ip below 2^63: no wrap */
}

/* sign * mag (ovf: magnitude >= 2^64) clamped into integer type t. */
static uint64_t int_clamp(st_ptype t, bool sign, uint64_t mag, bool ovf) {
  uint64_t mask = type_mask(t);
  if (st_ptype_is_signed(t)) {
    uint64_t max = mask >> 1, min_mag = max + 1;
    if (sign) {
      return (ovf || mag >= min_mag) ? min_mag : (0 - mag) & mask;
    }
    return (ovf || mag > max) ? max : mag;
  }
  if (sign) {
    return 0;
  }
  return (ovf || mag > mask) ? mask : mag;
}

/* float -> integer: rounding, saturation and the NaN rule. */
static uint64_t float_to_int(st_ptype dst, st_ptype src, st_fpval v, st_rnd rnd) {
  switch (v.cls) {
  case FPC_NAN:
    if (src == PT_F64 || type_bits(dst) == 64) {
      return UINT64_C(1) << (type_bits(dst) - 1);
    }
    return 0;
  case FPC_INF: return int_clamp(dst, v.sign, 0, true);
  case FPC_ZERO: return 0;
  default: {
    bool ovf;
    uint64_t mag = round_to_int(v.sig, v.exp, v.sign, int_rnd(rnd), &ovf);
    return int_clamp(dst, v.sign, mag, ovf);
  }
  }
}

/* The NaN a float->float conversion produces (observed on H200, sm_90):
 * - from f64 (F2F.*.F64): sign and the top payload bits kept, quiet bit set
 *   (0xfff0000000054321 -> 0xffc00000 for f32, 0xfe00 for f16);
 * - bf16 -> f32 without .ftz is a 16-bit shift (SHF), so the bits pass
 *   unchanged, signalling NaNs too (0x7f81 -> 0x7f810000);
 * - widening to f64: sign and payload kept, quieted;
 * - any other conversion to f32, f16 or bf16: the canonical NaN.
 * (An f32 NaN source under .ftz was made 0x7fffffff before this: st_cvt.) */
static uint64_t float_nan(st_ptype dst, st_ptype src, st_fpfmt fs, uint64_t a, st_fpval v,
                          unsigned mods) {
  st_fpfmt fd;
  float_fmt(dst, &fd);
  if (src == PT_F64 && dst != PT_F64) {
    return (v.sign ? st_fmt_sign(fd) : 0) | st_fmt_inf(fd) | (UINT64_C(1) << (fd.mbits - 1)) |
           (v.sig >> (fs.mbits - fd.mbits));
  }
  if (src == PT_BF16 && dst == PT_F32 && !(mods & ST_FP_FTZ)) {
    return a << 16;
  }
  switch (dst) {
  case PT_F16: return ST_F16_CANON_NAN;
  case PT_BF16: return ST_BF16_CANON_NAN;
  case PT_F32: return ST_F32_CANON_NAN;
  default:
    if (src == PT_F64) {
      return st_f64_quiet(a);
    }
    return (v.sign ? ST_F64_SIGN : 0) | ST_F64_EXP | ST_F64_QUIET | (v.sig << (52 - fs.mbits));
  }
}

/* .ftz on an f32 result r (bits, not NaN) rounded from the finite value v
 * with rnd: flushed when v rounded to 24 bits with an unbounded exponent lies
 * below FLT_MIN (observed on H200, sm_90, as for f32 arithmetic). That differs
 * from "r is subnormal" only when r is +-FLT_MIN; then v is rounded again in
 * a format with f32's precision and f64's exponent range. */
static uint64_t f32_ftz_result(uint64_t r, st_fpval v, st_rnd rnd) {
  if ((r & ~(uint64_t)ST_F32_SIGN) == UINT64_C(0x00800000)) {
    const st_fpfmt wide = {11, 23};
    uint64_t w = st_fp_pack(wide, v.sign, v.sig, v.exp, false, rnd);
    if (((w >> 23) & 0x7ff) < 1023 - 126) {
      return r & ST_F32_SIGN;
    }
  }
  return st_f32_flush((uint32_t)r);
}

/* .sat / .relu / .satfinite on a float result r of format f. */
static uint64_t float_clamps(st_fpfmt f, uint64_t r, unsigned mods) {
  uint64_t sbit = st_fmt_sign(f), inf = st_fmt_inf(f);
  bool nan = (r & ~sbit) > inf;
  if (mods & ST_FP_SAT) {
    if (nan || (r & sbit)) {
      return 0;
    }
    return r > st_fmt_one(f) ? st_fmt_one(f) : r;
  }
  if ((mods & ST_FP_SATFINITE) && !nan && (r & ~sbit) == inf) {
    r = (r & sbit) | st_fmt_max_finite(f);
  }
  if ((mods & ST_FP_RELU) && !nan && (r & sbit)) {
    r = 0;
  }
  return r;
}

static uint64_t float_to_float(st_ptype dst, st_ptype src, st_fpfmt fs, uint64_t a, st_fpval v,
                               st_rnd rnd, unsigned mods) {
  st_fpfmt fd;
  float_fmt(dst, &fd);
  uint64_t sbit = v.sign ? st_fmt_sign(fd) : 0;
  uint64_t r;
  switch (v.cls) {
  case FPC_NAN: r = float_nan(dst, src, fs, a, v, mods); break;
  case FPC_INF: r = sbit | st_fmt_inf(fd); break;
  case FPC_ZERO: r = sbit; break;
  default:
    if (is_int_rnd(rnd)) { /* same-size rounding to an integral value */
      bool ovf;
      uint64_t ip = v.exp >= 0 ? 0 : round_to_int(v.sig, v.exp, v.sign, rnd, &ovf);
      r = v.exp >= 0 ? a : st_fp_pack(fd, v.sign, ip, 0, false, RND_RN);
    } else {
      r = st_fp_pack(fd, v.sign, v.sig, v.exp, false, rnd);
    }
    break;
  }
  if (dst == PT_F32 && (mods & ST_FP_FTZ) && v.cls == FPC_FINITE) {
    r = f32_ftz_result(r, v, rnd);
  }
  return float_clamps(fd, r, mods);
}

uint64_t st_cvt(st_ptype dst, st_ptype src, uint64_t a, st_rnd rnd, unsigned mods) {
  st_fpfmt fs, fd;
  if (type_bits(src) == 0 || type_bits(dst) == 0) {
    return 0;
  }
  a &= type_mask(src);
  if (float_fmt(src, &fs)) {
    /* .ftz on an f32 source: ptxas reads it through FMUL.FTZ x, 1.0, which
     * flushes a subnormal and makes any NaN 0x7fffffff (so cvt.ftz.f64.f32 of
     * a NaN is 0x7fffffffe0000000). An f16 destination is the exception:
     * F2F.F16.F32 reads the source as is and .ftz has no effect
     * (cvt.rp.ftz.f16.f32 of 2^-149 is 0x0001; the bf16 form does flush). All
     * observed on H200, sm_90. */
    if (src == PT_F32 && (mods & ST_FP_FTZ) && dst != PT_F16) {
      a = st_f32_bits_nan((uint32_t)a) ? ST_F32_CANON_NAN : st_f32_flush((uint32_t)a);
    }
    st_fpval v = st_fp_unpack(fs, a);
    if (float_fmt(dst, &fd)) {
      return float_to_float(dst, src, fs, a, v, rnd, mods);
    }
    return float_to_int(dst, src, v, rnd);
  }
  /* Integer source: sign and magnitude. */
  bool neg = st_ptype_is_signed(src) && ((a >> (type_bits(src) - 1)) & 1);
  uint64_t mag = neg ? (0 - a) & type_mask(src) : a;
  if (float_fmt(dst, &fd)) {
    uint64_t r = st_fp_pack(fd, neg, mag, 0, false, rnd);
    return float_clamps(fd, r, mods);
  }
  if (mods & ST_FP_SAT) {
    return int_clamp(dst, neg, mag, false);
  }
  return (neg ? 0 - mag : mag) & type_mask(dst);
}
