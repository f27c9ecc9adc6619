/* f32 IEEE-exact arithmetic (add sub mul fma div sqrt rcp) and the sign /
 * min / max operations, with PTX .ftz, .sat and NaN rules. */
#include <math.h>

#include "func/fpbits.h"

#define F32_MIN_BITS UINT32_C(0x00800000)

/* The result step shared by every f32 arithmetic operation: canonical NaN,
 * flush of a subnormal result under .ftz, then .sat. */
static inline uint32_t f32_result(float r, unsigned mods) {
  uint32_t u = st_fp_u32(r);
  if (st_f32_bits_nan(u)) {
    return (mods & ST_FP_SAT) ? 0 : ST_F32_CANON_NAN;
  }
  u = st_f32_flush_if(u, mods);
  return (mods & ST_FP_SAT) ? st_f32_clamp01(u) : u;
}

/* .ftz tininess (observed on H200, sm_90): a result is flushed when the exact
 * value, rounded in the instruction's mode to 24 bits with an unbounded
 * exponent, lies below FLT_MIN. Rounding with subnormal precision (what the
 * host does) agrees except when it lands on +-FLT_MIN, so only such a result
 * r comes here. The operation is redone with an operand scaled by 2^64, which
 * moves the result (~2^-62) into the normal range where the host's 24-bit
 * rounding is the unbounded one; no scaled operand can overflow, because an
 * exact result near 2^-126 bounds them (|x| < 8 for a quotient, and for x*y+z
 * the smaller factor and z are far below 2^64). Returns the result to use
 * (r, or the zero of r's sign). */
typedef enum f32_opk { F32K_MUL, F32K_DIV, F32K_FMA } f32_opk;

static float f32_ftz_redo(float r, f32_opk k, float x, float y, float z, st_rnd rnd) {
  if (k == F32K_FMA && fabsf(y) < fabsf(x)) { /* scale the smaller factor */
    float t = x;
    x = y;
    y = t;
  }
  bool directed = st_fp_directed(rnd);
  if (directed) {
    st_fp_round_begin(rnd);
  }
  volatile float vx = x * 0x1p64f, vy = y, vz = z * 0x1p64f, vs;
  switch (k) {
  case F32K_MUL: vs = vx * vy; break;
  case F32K_DIV: vs = vx / vy; break;
  default: vs = fmaf(vx, vy, vz); break;
  }
  if (directed) {
    st_fp_round_end();
  }
  return fabsf(vs) < 0x1p-62f ? copysignf(0.0f, r) : r;
}

/* The cheap test in front of f32_ftz_redo: almost every result returns here. */
static inline float f32_ftz_tiny(float r, f32_opk k, float x, float y, float z, st_rnd rnd) {
  if ((st_fp_u32(r) & ~ST_F32_SIGN) != F32_MIN_BITS) {
    return r;
  }
  return f32_ftz_redo(r, k, x, y, z, rnd);
}

/* One binary operation in the requested rounding mode. The volatile locals
 * keep the operation between the two rounding-mode switches. tiny: whether
 * the .ftz tininess check applies (not for add/sub, whose exact results below
 * FLT_MIN are multiples of 2^-149 and so never round up to it). */
#define F32_BINOP(name, op, tiny, kind)                                       \
  uint32_t name(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods) {          \
    float x = st_fp_f32(st_f32_flush_if(a, mods));                            \
    float y = st_fp_f32(st_f32_flush_if(b, mods));                            \
    float r;                                                                  \
    if (!st_fp_directed(rnd)) {                                               \
      r = x op y;                                                             \
    } else {                                                                  \
      st_fp_round_begin(rnd);                                                 \
      volatile float vx = x, vy = y;                                          \
      volatile float vr = vx op vy;                                           \
      st_fp_round_end();                                                      \
      r = vr;                                                                 \
    }                                                                         \
    if ((tiny) && (mods & ST_FP_FTZ)) {                                       \
      r = f32_ftz_tiny(r, kind, x, y, 0.0f, rnd);                             \
    }                                                                         \
    return f32_result(r, mods);                                               \
  }

F32_BINOP(st_f32_add, +, false, F32K_MUL)
F32_BINOP(st_f32_sub, -, false, F32K_MUL)
F32_BINOP(st_f32_mul, *, true, F32K_MUL)

uint32_t st_f32_div(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods) {
  float x = st_fp_f32(st_f32_flush_if(a, mods));
  float y = st_fp_f32(st_f32_flush_if(b, mods));
  float r;
  if (!st_fp_directed(rnd)) {
    r = x / y;
  } else {
    st_fp_round_begin(rnd);
    volatile float vx = x, vy = y;
    volatile float vr = vx / vy;
    st_fp_round_end();
    r = vr;
  }
  if (mods & ST_FP_FTZ) {
    r = f32_ftz_tiny(r, F32K_DIV, x, y, 0.0f, rnd);
  }
  return f32_result(r, mods & ST_FP_FTZ);
}

uint32_t st_f32_rcp(uint32_t a, st_rnd rnd, unsigned mods) {
  return st_f32_div(ST_F32_ONE, a, rnd, mods);
}

uint32_t st_f32_fma(uint32_t a, uint32_t b, uint32_t c, st_rnd rnd, unsigned mods) {
  float x = st_fp_f32(st_f32_flush_if(a, mods));
  float y = st_fp_f32(st_f32_flush_if(b, mods));
  float z = st_fp_f32(st_f32_flush_if(c, mods));
  float r;
  if (!st_fp_directed(rnd)) {
    r = fmaf(x, y, z);
  } else {
    st_fp_round_begin(rnd);
    volatile float vx = x, vy = y, vz = z;
    volatile float vr = fmaf(vx, vy, vz);
    st_fp_round_end();
    r = vr;
  }
  if (mods & ST_FP_FTZ) {
    r = f32_ftz_tiny(r, F32K_FMA, x, y, z, rnd);
  }
  return f32_result(r, mods);
}

uint32_t st_f32_sqrt(uint32_t a, st_rnd rnd, unsigned mods) {
  float x = st_fp_f32(st_f32_flush_if(a, mods));
  float r;
  if (!st_fp_directed(rnd)) {
    r = sqrtf(x);
  } else {
    st_fp_round_begin(rnd);
    volatile float vx = x;
    volatile float vr = sqrtf(vx);
    st_fp_round_end();
    r = vr;
  }
  return f32_result(r, mods & ST_FP_FTZ);
}

uint32_t st_f32_abs(uint32_t a, unsigned mods) {
  if (st_f32_bits_nan(a)) {
    return ST_F32_CANON_NAN;
  }
  return st_f32_flush_if(a, mods) & ~ST_F32_SIGN;
}

uint32_t st_f32_neg(uint32_t a, unsigned mods) {
  if (st_f32_bits_nan(a)) {
    return ST_F32_CANON_NAN;
  }
  return st_f32_flush_if(a, mods) ^ ST_F32_SIGN;
}

/* min/max following the manual's pseudocode (9.7.3.11, 9.7.3.12). */
static uint32_t f32_minmax(uint32_t a, uint32_t b, unsigned mods, bool want_max) {
  a = st_f32_flush_if(a, mods);
  b = st_f32_flush_if(b, mods);
  uint32_t xsign = (a ^ b) & ST_F32_SIGN;
  if (mods & ST_FP_ABS) {
    a &= ~ST_F32_SIGN;
    b &= ~ST_F32_SIGN;
  }
  bool na = st_f32_bits_nan(a), nb = st_f32_bits_nan(b);
  uint32_t d;
  if (na || nb) {
    if ((na && nb) || (mods & ST_FP_NANMODE)) {
      return ST_F32_CANON_NAN;
    }
    d = na ? b : a;
  } else {
    bool a_less = st_f32_key(a) < st_f32_key(b);
    d = (a_less != want_max) ? a : b;
  }
  if ((mods & ST_FP_XORSIGN) && (mods & ST_FP_ABS)) {
    d = (d & ~ST_F32_SIGN) | xsign;
  }
  return d;
}

uint32_t st_f32_min(uint32_t a, uint32_t b, unsigned mods) { return f32_minmax(a, b, mods, false); }

uint32_t st_f32_max(uint32_t a, uint32_t b, unsigned mods) { return f32_minmax(a, b, mods, true); }
