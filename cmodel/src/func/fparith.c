/* Float predicates and bit operations: setp comparisons, testp, copysign. */
#include "func/fpbits.h"

/* A float comparison from its three facts: unordered (a NaN operand), equal
 * and less-than (meaningful only when ordered). The u-forms are true when
 * unordered, the others false (manual, setp). */
static bool compare(bool unordered, bool eq, bool lt, st_cmp cmp) {
  bool gt = !unordered && !eq && !lt;
  switch (cmp) {
  case CMP_EQ: return !unordered && eq;
  case CMP_NE: return !unordered && !eq;
  case CMP_LT: return !unordered && lt;
  case CMP_LE: return !unordered && (lt || eq);
  case CMP_GT: return gt;
  case CMP_GE: return !unordered && !lt;
  case CMP_EQU: return unordered || eq;
  case CMP_NEU: return unordered || !eq;
  case CMP_LTU: return unordered || lt;
  case CMP_LEU: return unordered || lt || eq;
  case CMP_GTU: return unordered || gt;
  case CMP_GEU: return unordered || !lt;
  case CMP_NUM: return !unordered;
  case CMP_NAN: return unordered;
  default: return false;
  }
}

bool st_f32_cmp(uint32_t a, uint32_t b, st_cmp cmp, unsigned mods) {
  a = st_f32_flush_if(a, mods);
  b = st_f32_flush_if(b, mods);
  bool unordered = st_f32_bits_nan(a) || st_f32_bits_nan(b);
  /* +0 == -0: compare with both zeros mapped to +0. */
  uint32_t ka = (a & ~ST_F32_SIGN) ? st_f32_key(a) : st_f32_key(0);
  uint32_t kb = (b & ~ST_F32_SIGN) ? st_f32_key(b) : st_f32_key(0);
  return compare(unordered, ka == kb, ka < kb, cmp);
}

bool st_f64_cmp(uint64_t a, uint64_t b, st_cmp cmp) {
  bool unordered = st_f64_bits_nan(a) || st_f64_bits_nan(b);
  uint64_t ka = (a & ~ST_F64_SIGN) ? st_f64_key(a) : st_f64_key(0);
  uint64_t kb = (b & ~ST_F64_SIGN) ? st_f64_key(b) : st_f64_key(0);
  return compare(unordered, ka == kb, ka < kb, cmp);
}

/* testp on a value split into its exponent and mantissa fields. */
static bool testp(bool exp_zero, bool exp_ones, bool man_zero, st_testp_op op) {
  bool nan = exp_ones && !man_zero;
  bool inf = exp_ones && man_zero;
  bool sub = exp_zero && !man_zero;
  switch (op) {
  case TESTP_FINITE: return !exp_ones;
  case TESTP_INFINITE: return inf;
  case TESTP_NUMBER: return !nan;
  case TESTP_NOTANUMBER: return nan;
  case TESTP_NORMAL: return !exp_ones && !sub; /* zeros count as normal */
  case TESTP_SUBNORMAL: return sub;
  default: return false;
  }
}

bool st_f32_testp(uint32_t a, st_testp_op op) {
  return testp((a & ST_F32_EXP) == 0, (a & ST_F32_EXP) == ST_F32_EXP, (a & ST_F32_MAN) == 0, op);
}

bool st_f64_testp(uint64_t a, st_testp_op op) {
  return testp((a & ST_F64_EXP) == 0, (a & ST_F64_EXP) == ST_F64_EXP, (a & ST_F64_MAN) == 0, op);
}

uint32_t st_f32_copysign(uint32_t a, uint32_t b) {
  return (b & ~ST_F32_SIGN) | (a & ST_F32_SIGN);
}

uint64_t st_f64_copysign(uint64_t a, uint64_t b) {
  return (b & ~ST_F64_SIGN) | (a & ST_F64_SIGN);
}
