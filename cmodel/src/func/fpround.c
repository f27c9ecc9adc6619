/* Software unpack / round-and-pack for any IEEE binary format (f16, bf16,
 * f32, f64): the exact rounding step behind cvt and the 16-bit arithmetic. */
#include <math.h>

#include "func/fpbits.h"

st_fpval st_fp_unpack(st_fpfmt f, uint64_t bits) {
  st_fpval v;
  uint64_t mmask = (UINT64_C(1) << f.mbits) - 1;
  uint64_t emask = (UINT64_C(1) << f.ebits) - 1;
  uint64_t e = (bits >> f.mbits) & emask;
  int bias = (1 << (f.ebits - 1)) - 1;
  v.sign = ((bits >> (f.ebits + f.mbits)) & 1) != 0;
  v.sig = bits & mmask;
  v.exp = 0;
  if (e == emask) {
    v.cls = v.sig ? FPC_NAN : FPC_INF;
  } else if (e == 0) {
    v.cls = v.sig ? FPC_FINITE : FPC_ZERO;
    v.exp = 1 - bias - (int)f.mbits;
  } else {
    v.cls = FPC_FINITE;
    v.sig |= UINT64_C(1) << f.mbits;
    v.exp = (int)e - bias - (int)f.mbits;
  }
  return v;
}

static uint64_t overflow_result(st_fpfmt f, bool sign, st_rnd rnd) {
  uint64_t sbit = sign ? st_fmt_sign(f) : 0;
  bool to_inf;
  switch (rnd) {
  case RND_RZ: to_inf = false; break;
  case RND_RM: to_inf = sign; break;
  case RND_RP: to_inf = !sign; break;
  default: to_inf = true; break;
  }
  return sbit | (to_inf ? st_fmt_inf(f) : st_fmt_max_finite(f));
}

uint64_t st_fp_pack(st_fpfmt f, bool sign, uint64_t sig, int exp, bool sticky, st_rnd rnd) {
  uint64_t sbit = sign ? st_fmt_sign(f) : 0;
  if (sig == 0) {
    return sbit;
  }
  int lz = __builtin_clzll(sig);
  sig <<= lz;
  exp -= lz; /* sig in [2^63, 2^64): the value lies in [2^(exp+63), 2^(exp+64)) */
  int bias = (1 << (f.ebits - 1)) - 1;
  int emin = 1 - bias;
  int top = exp + 63;
  int q = (top < emin ? emin : top) - (int)f.mbits; /* exponent of the result's last unit */
  int shift = q - exp;                              /* > 0: bits of sig below that unit */
  uint64_t kept;
  bool rbit, rest;
  if (shift >= 65) {
    kept = 0;
    rbit = false;
    rest = true;
  } else if (shift == 64) {
    kept = 0;
    rbit = true;
    rest = (sig << 1) != 0 || sticky;
  } else {
    kept = sig >> shift;
    rbit = ((sig >> (shift - 1)) & 1) != 0;
    rest = (sig & ((UINT64_C(1) << (shift - 1)) - 1)) != 0 || sticky;
  }
  bool inexact = rbit || rest;
  bool inc;
  switch (rnd) {
  case RND_RZ: inc = false; break;
  case RND_RM: inc = sign && inexact; break;
  case RND_RP: inc = !sign && inexact; break;
  default: inc = rbit && (rest || (kept & 1)); break;
  }
  kept += inc;
  if (kept >> (f.mbits + 1)) {
    kept >>= 1;
    q++;
  }
  if (kept >> f.mbits) {
    int64_t biased = (int64_t)q + f.mbits + bias;
    if (biased >= (int64_t)((UINT64_C(1) << f.ebits) - 1)) {
      return overflow_result(f, sign, rnd);
    }
    return sbit | ((uint64_t)biased << f.mbits) | (kept & ((UINT64_C(1) << f.mbits) - 1));
  }
  return sbit | kept; /* subnormal or zero */
}

/* Converts the double d to format f with rounding rnd (NaN: the format's
 * default quiet NaN; the callers canonicalise). */
static uint64_t from_double(st_fpfmt f, double d, st_rnd rnd) {
  st_fpval v = st_fp_unpack(ST_FMT_F64, st_fp_u64(d));
  uint64_t sbit = v.sign ? st_fmt_sign(f) : 0;
  switch (v.cls) {
  case FPC_NAN: return st_fmt_inf(f) | (UINT64_C(1) << (f.mbits - 1));
  case FPC_INF: return sbit | st_fmt_inf(f);
  case FPC_ZERO: return sbit;
  default: return st_fp_pack(f, v.sign, v.sig, v.exp, false, rnd);
  }
}

uint64_t st_fp_round_sum(st_fpfmt f, double x, double y) {
  double s = x + y;
  if (!isfinite(s)) {
    return from_double(f, s, RND_RN);
  }
  /* TwoSum: s + e == x + y exactly. */
  double bp = s - x;
  double e = (x - (s - bp)) + (y - bp);
  uint64_t sb = st_fp_u64(s);
  if (e != 0.0 && (sb & 1) == 0) {
    /* Round to odd: step one unit towards the exact value. */
    bool up = (e > 0.0) == (s > 0.0);
    sb = up ? sb + 1 : sb - 1;
  }
  return from_double(f, st_fp_f64(sb), RND_RN);
}
