/* f64 IEEE-exact arithmetic (add sub mul fma div sqrt rcp) and the sign /
 * min / max operations, with the GPU's f64 NaN rules: an input NaN's payload
 * propagates quieted, a new NaN is ST_F64_DEFAULT_NAN.
 *
 * Which NaN wins when several inputs are NaN is fixed by the SASS operand slot
 * (observed on H200, sm_90): DADD returns its second source's NaN, else its
 * first's; DMUL slot B's, else A's; DFMA slot B's, else C's, else A's; min/max
 * (DSETP + SEL) the second source's. div.rn.f64 is a software sequence that
 * tests a first. ptxas fills the slots of commutative operands from its
 * register allocation, not from the PTX order, which this model cannot see; it
 * takes the slots in PTX order, as in the recorded kernels: add/sub/mul/min/max
 * prefer b, fma/mad b, then c, then a (an immediate multiplier: c, then a),
 * div a. See docs/arith.md, "NaN rules". */
#include <math.h>

#include "func/fpbits.h"

static inline uint64_t f64_result(double r) {
  uint64_t u = st_fp_u64(r);
  return st_f64_bits_nan(u) ? ST_F64_DEFAULT_NAN : u;
}

/* first, second: the operands in the order their NaNs are preferred. */
#define F64_BINOP(name, op, first, second)                                    \
  uint64_t name(uint64_t a, uint64_t b, st_rnd rnd) {                         \
    if (st_f64_bits_nan(first)) {                                             \
      return st_f64_quiet(first);                                             \
    }                                                                         \
    if (st_f64_bits_nan(second)) {                                            \
      return st_f64_quiet(second);                                            \
    }                                                                         \
    double x = st_fp_f64(a), y = st_fp_f64(b), r;                             \
    if (!st_fp_directed(rnd)) {                                               \
      r = x op y;                                                             \
    } else {                                                                  \
      st_fp_round_begin(rnd);                                                 \
      volatile double vx = x, vy = y;                                         \
      volatile double vr = vx op vy;                                          \
      st_fp_round_end();                                                      \
      r = vr;                                                                 \
    }                                                                         \
    return f64_result(r);                                                     \
  }

F64_BINOP(st_f64_add, +, b, a)
F64_BINOP(st_f64_sub, -, b, a)
F64_BINOP(st_f64_mul, *, b, a)
F64_BINOP(st_f64_div, /, a, b)

uint64_t st_f64_rcp(uint64_t a, st_rnd rnd) {
  if (st_f64_bits_nan(a)) {
    return st_f64_quiet(a);
  }
  return st_f64_div(st_fp_u64(1.0), a, rnd);
}

uint64_t st_f64_fma(uint64_t a, uint64_t b, uint64_t c, st_rnd rnd) {
  if (st_f64_bits_nan(b)) { /* DFMA: operand B, then C, then A */
    return st_f64_quiet(b);
  }
  if (st_f64_bits_nan(c)) {
    return st_f64_quiet(c);
  }
  if (st_f64_bits_nan(a)) {
    return st_f64_quiet(a);
  }
  double x = st_fp_f64(a), y = st_fp_f64(b), z = st_fp_f64(c), r;
  if (!st_fp_directed(rnd)) {
    r = fma(x, y, z);
  } else {
    st_fp_round_begin(rnd);
    volatile double vx = x, vy = y, vz = z;
    volatile double vr = fma(vx, vy, vz);
    st_fp_round_end();
    r = vr;
  }
  return f64_result(r);
}

uint64_t st_f64_sqrt(uint64_t a, st_rnd rnd) {
  if (st_f64_bits_nan(a)) {
    return st_f64_quiet(a);
  }
  double x = st_fp_f64(a), r;
  if (!st_fp_directed(rnd)) {
    r = sqrt(x);
  } else {
    st_fp_round_begin(rnd);
    volatile double vx = x;
    volatile double vr = sqrt(vx);
    st_fp_round_end();
    r = vr;
  }
  return f64_result(r);
}

/* abs and neg compile to DADD -RZ, |a| and DADD -RZ, -a: a NaN comes out
 * quieted with its sign unchanged (the operand modifier does not reach it). */
uint64_t st_f64_abs(uint64_t a) { return st_f64_bits_nan(a) ? st_f64_quiet(a) : a & ~ST_F64_SIGN; }

uint64_t st_f64_neg(uint64_t a) { return st_f64_bits_nan(a) ? st_f64_quiet(a) : a ^ ST_F64_SIGN; }

static uint64_t f64_minmax(uint64_t a, uint64_t b, bool want_max) {
  bool na = st_f64_bits_nan(a), nb = st_f64_bits_nan(b);
  if (na && nb) {
    return st_f64_quiet(b);
  }
  if (na || nb) {
    return na ? b : a;
  }
  bool a_less = st_f64_key(a) < st_f64_key(b);
  return (a_less != want_max) ? a : b;
}

uint64_t st_f64_min(uint64_t a, uint64_t b) { return f64_minmax(a, b, false); }

uint64_t st_f64_max(uint64_t a, uint64_t b) { return f64_minmax(a, b, true); }
