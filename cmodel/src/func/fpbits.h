/* Internal helpers of the float library (func/fp*.c): bit casts, IEEE
 * classification, flush-to-zero, the host rounding-mode switch and the
 * software round-and-pack used for formats the host has no arithmetic for.
 * Not part of the public API: include func/fparith.h instead. */
#ifndef SIMTREF_FUNC_FPBITS_H
#define SIMTREF_FUNC_FPBITS_H

#include <fenv.h>
#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "func/fparith.h"
#include "ptx/types.h"

/* Host float and double arithmetic must be plain IEEE binary32/binary64
 * (SSE on x86-64): no x87 excess precision. */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the float library needs FLT_EVAL_METHOD == 0 (no excess precision)"
#endif

#define ST_F32_SIGN UINT32_C(0x80000000)
#define ST_F32_EXP UINT32_C(0x7f800000)
#define ST_F32_MAN UINT32_C(0x007fffff)
#define ST_F32_ONE UINT32_C(0x3f800000)
#define ST_F64_SIGN UINT64_C(0x8000000000000000)
#define ST_F64_EXP UINT64_C(0x7ff0000000000000)
#define ST_F64_MAN UINT64_C(0x000fffffffffffff)
#define ST_F64_QUIET UINT64_C(0x0008000000000000)

/* ---- bit casts ---- */
static inline float st_fp_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
static inline uint32_t st_fp_u32(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static inline double st_fp_f64(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}
static inline uint64_t st_fp_u64(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

/* ---- classification on bits ---- */
static inline bool st_f32_bits_nan(uint32_t a) { return (a & ~ST_F32_SIGN) > ST_F32_EXP; }
static inline bool st_f32_bits_sub(uint32_t a) {
  return (a & ST_F32_EXP) == 0 && (a & ST_F32_MAN) != 0;
}
static inline bool st_f64_bits_nan(uint64_t a) { return (a & ~ST_F64_SIGN) > ST_F64_EXP; }
static inline bool st_f64_bits_sub(uint64_t a) {
  return (a & ST_F64_EXP) == 0 && (a & ST_F64_MAN) != 0;
}
/* A subnormal becomes the zero of its sign; anything else is unchanged. */
static inline uint32_t st_f32_flush(uint32_t a) { return st_f32_bits_sub(a) ? a & ST_F32_SIGN : a; }
static inline uint32_t st_f32_flush_if(uint32_t a, unsigned mods) {
  return (mods & ST_FP_FTZ) ? st_f32_flush(a) : a;
}
/* .sat on a non-NaN f32: negative values and -0.0 give +0.0, values above 1.0
 * give 1.0. */
static inline uint32_t st_f32_clamp01(uint32_t a) {
  if (a & ST_F32_SIGN) {
    return 0;
  }
  return a > ST_F32_ONE ? ST_F32_ONE : a;
}
/* A quiet copy of an f64 NaN (payload and sign kept). */
static inline uint64_t st_f64_quiet(uint64_t a) { return a | ST_F64_QUIET; }

/* Total order key of a non-NaN value: key(x) < key(y) iff x < y, with
 * -0.0 < +0.0. */
static inline uint32_t st_f32_key(uint32_t a) { return (a & ST_F32_SIGN) ? ~a : a | ST_F32_SIGN; }
static inline uint64_t st_f64_key(uint64_t a) { return (a & ST_F64_SIGN) ? ~a : a | ST_F64_SIGN; }

/* ---- host rounding mode ----
 * Only the directed modes switch the host mode; .rn runs in the default
 * round-to-nearest environment. Use as:
 *   st_fp_round_begin(rnd); volatile float x = a; volatile float r = x + y;
 *   st_fp_round_end();
 * The volatile loads and stores pin the operation between the two calls. */
static inline bool st_fp_directed(st_rnd r) { return r == RND_RZ || r == RND_RM || r == RND_RP; }
static inline void st_fp_round_begin(st_rnd r) {
  fesetround(r == RND_RZ ? FE_TOWARDZERO : r == RND_RM ? FE_DOWNWARD : FE_UPWARD);
}
static inline void st_fp_round_end(void) { fesetround(FE_TONEAREST); }

/* ---- software formats ---- */
typedef struct st_fpfmt {
  unsigned ebits; /* exponent field width */
  unsigned mbits; /* stored mantissa width */
} st_fpfmt;

#define ST_FMT_F16 ((st_fpfmt){5, 10})
#define ST_FMT_BF16 ((st_fpfmt){8, 7})
#define ST_FMT_F32 ((st_fpfmt){8, 23})
#define ST_FMT_F64 ((st_fpfmt){11, 52})

typedef enum st_fpclass { FPC_ZERO, FPC_FINITE, FPC_INF, FPC_NAN } st_fpclass;

/* A decoded value: sign * sig * 2^exp (sig has no leading-bit guarantees). */
typedef struct st_fpval {
  st_fpclass cls;
  bool sign;
  uint64_t sig; /* FPC_FINITE: the significand with its implicit bit;
                   FPC_NAN: the stored mantissa (payload with quiet bit) */
  int exp;
} st_fpval;

/* Decodes bits of format f. */
st_fpval st_fp_unpack(st_fpfmt f, uint64_t bits);

/* Rounds sign * (sig + sticky') * 2^exp to format f with rounding rnd and
 * returns the bits. sticky says that nonzero bits lie below sig's lowest bit
 * (strictly less than one unit of it). sig == 0 && !sticky gives a signed
 * zero. RND_NONE and the integer modes act as .rn. Overflow gives infinity or
 * the largest finite value as IEEE-754 prescribes for the mode. */
uint64_t st_fp_pack(st_fpfmt f, bool sign, uint64_t sig, int exp, bool sticky, st_rnd rnd);

/* Rounds the exact sum x + y (doubles, no overflow) to format f with .rn,
 * using a round-to-odd intermediate, so there is a single rounding. */
uint64_t st_fp_round_sum(st_fpfmt f, double x, double y);

/* Masks of format f. */
static inline uint64_t st_fmt_sign(st_fpfmt f) { return UINT64_C(1) << (f.ebits + f.mbits); }
static inline uint64_t st_fmt_inf(st_fpfmt f) {
  return ((UINT64_C(1) << f.ebits) - 1) << f.mbits;
}
static inline uint64_t st_fmt_max_finite(st_fpfmt f) { return st_fmt_inf(f) - 1; }
static inline uint64_t st_fmt_one(st_fpfmt f) {
  return ((UINT64_C(1) << (f.ebits - 1)) - 1) << f.mbits;
}

#endif
