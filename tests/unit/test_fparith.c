/* The float library against hand-computed bit patterns: IEEE rounding in the
 * four modes, overflow, signed zeros, subnormals with and without .ftz, .sat,
 * the GPU's NaN rules, the .approx special cases, cvt and the 16-bit formats.
 * Every expected value below is worked out from the PTX manual's definition
 * and IEEE-754, not taken from the library's output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "func/fparith.h"

static void check_bits(uint64_t got, uint64_t want, const char *what, const char *file, int line) {
  if (got != want) {
    print_error("%s = 0x%llx, expected 0x%llx\n", what, (unsigned long long)got,
                (unsigned long long)want);
    _fail(file, line);
  }
}
#define CHECK(expr, want) check_bits((uint64_t)(expr), (uint64_t)(want), #expr, __FILE__, __LINE__)

/* Some f32 bit patterns. */
enum {
  P0 = 0x00000000, N0 = 0x80000000, ONE = 0x3f800000, MONE = 0xbf800000, TWO = 0x40000000,
  HALF = 0x3f000000, PINF = 0x7f800000, NINF = 0xff800000, FMAX = 0x7f7fffff,
  NFMAX = 0xff7fffff, SUBMIN = 0x00000001, SUBMAX = 0x007fffff, NORMMIN = 0x00800000,
  QNAN = 0x7fc00000, SNAN = 0x7f800001, NQNAN = 0xffc00001, CNAN = 0x7fffffff,
  EPS24 = 0x33800000 /* 2^-24 */, THREE = 0x40400000
};

/* ---- f32 arithmetic ---- */

static void f32_add_rounding(void **state) {
  (void)state;
  /* 1 + 2^-24 is exactly halfway between 1 and 1 + 2^-23. */
  CHECK(st_f32_add(ONE, EPS24, RND_RN, 0), ONE);
  CHECK(st_f32_add(ONE, EPS24, RND_NONE, 0), ONE);
  CHECK(st_f32_add(ONE, EPS24, RND_RZ, 0), ONE);
  CHECK(st_f32_add(ONE, EPS24, RND_RM, 0), ONE);
  CHECK(st_f32_add(ONE, EPS24, RND_RP, 0), 0x3f800001);
  CHECK(st_f32_add(MONE, EPS24 | N0, RND_RM, 0), 0xbf800001);
  CHECK(st_f32_add(MONE, EPS24 | N0, RND_RP, 0), MONE);
  CHECK(st_f32_add(MONE, EPS24 | N0, RND_RZ, 0), MONE);
  /* (1 + 2^-23) + 2^-24: halfway from an odd mantissa -> even (1 + 2^-22). */
  CHECK(st_f32_add(0x3f800001, EPS24, RND_RN, 0), 0x3f800002);
  /* sub is add of the negation: 1 - 2^-24 is exact (0x3f7fffff). */
  CHECK(st_f32_sub(ONE, 0x33800000, RND_RN, 0), 0x3f7fffff);
  CHECK(st_f32_sub(ONE, 0x33000000 /* 2^-25 */, RND_RN, 0), ONE);
  CHECK(st_f32_sub(ONE, 0x33000000, RND_RM, 0), 0x3f7fffff);
}

static void f32_overflow(void **state) {
  (void)state;
  CHECK(st_f32_add(FMAX, FMAX, RND_RN, 0), PINF);
  CHECK(st_f32_add(FMAX, FMAX, RND_RZ, 0), FMAX);
  CHECK(st_f32_add(FMAX, FMAX, RND_RM, 0), FMAX);
  CHECK(st_f32_add(FMAX, FMAX, RND_RP, 0), PINF);
  CHECK(st_f32_add(NFMAX, NFMAX, RND_RM, 0), NINF);
  CHECK(st_f32_add(NFMAX, NFMAX, RND_RP, 0), NFMAX);
  CHECK(st_f32_mul(FMAX, TWO, RND_RZ, 0), FMAX);
  CHECK(st_f32_mul(NFMAX, TWO, RND_RZ, 0), NFMAX);
  CHECK(st_f32_mul(FMAX, TWO, RND_RN, 0), PINF);
  /* .sat after overflow: 1.0 */
  CHECK(st_f32_mul(FMAX, TWO, RND_RN, ST_FP_SAT), ONE);
}

static void f32_signed_zero(void **state) {
  (void)state;
  CHECK(st_f32_add(ONE, MONE, RND_RN, 0), P0);
  CHECK(st_f32_add(ONE, MONE, RND_RZ, 0), P0);
  CHECK(st_f32_add(ONE, MONE, RND_RP, 0), P0);
  CHECK(st_f32_add(ONE, MONE, RND_RM, 0), N0);
  CHECK(st_f32_add(N0, N0, RND_RN, 0), N0);
  CHECK(st_f32_add(N0, P0, RND_RN, 0), P0);
  CHECK(st_f32_mul(MONE, P0, RND_RN, 0), N0);
  CHECK(st_f32_fma(MONE, P0, N0, RND_RN, 0), N0);
  CHECK(st_f32_fma(MONE, P0, P0, RND_RN, 0), P0);
}

static void f32_nan_rules(void **state) {
  (void)state;
  CHECK(st_f32_add(QNAN, ONE, RND_RN, 0), CNAN);
  CHECK(st_f32_add(ONE, NQNAN, RND_RN, 0), CNAN);
  CHECK(st_f32_add(SNAN, ONE, RND_RZ, 0), CNAN);
  CHECK(st_f32_add(PINF, NINF, RND_RN, 0), CNAN);
  CHECK(st_f32_sub(PINF, PINF, RND_RN, 0), CNAN);
  CHECK(st_f32_mul(P0, PINF, RND_RN, 0), CNAN);
  CHECK(st_f32_fma(P0, PINF, ONE, RND_RN, 0), CNAN);
  CHECK(st_f32_fma(ONE, ONE, NQNAN, RND_RP, 0), CNAN);
  CHECK(st_f32_div(P0, P0, RND_RN, 0), CNAN);
  CHECK(st_f32_div(PINF, NINF, RND_RN, 0), CNAN);
  CHECK(st_f32_sqrt(MONE, RND_RN, 0), CNAN);
  CHECK(st_f32_sqrt(NINF, RND_RN, 0), CNAN);
  /* .sat turns a NaN result into +0.0 */
  CHECK(st_f32_add(QNAN, ONE, RND_RN, ST_FP_SAT), P0);
  CHECK(st_f32_fma(PINF, P0, ONE, RND_RN, ST_FP_SAT | ST_FP_FTZ), P0);
  /* abs and neg canonicalise too */
  CHECK(st_f32_abs(NQNAN, 0), CNAN);
  CHECK(st_f32_neg(QNAN, 0), CNAN);
  CHECK(st_f32_neg(SNAN, ST_FP_FTZ), CNAN);
}

static void f32_subnormals_ftz(void **state) {
  (void)state;
  CHECK(st_f32_add(SUBMIN, P0, RND_RN, 0), SUBMIN);
  CHECK(st_f32_add(SUBMIN, P0, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_add(SUBMIN | N0, N0, RND_RN, ST_FP_FTZ), N0);
  /* (1 + 2^-23) * 2^-126 - 2^-126 = 2^-149: a subnormal result from normal inputs. */
  CHECK(st_f32_sub(0x00800001, NORMMIN, RND_RN, 0), SUBMIN);
  CHECK(st_f32_sub(0x00800001, NORMMIN, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_sub(NORMMIN, 0x00800001, RND_RN, ST_FP_FTZ), N0);
  /* 2^-100 * 2^-40 = 2^-140 = 2^9 * 2^-149 */
  CHECK(st_f32_mul(0x0d800000, 0x2b800000, RND_RN, 0), 0x00000200);
  CHECK(st_f32_mul(0x0d800000, 0x2b800000, RND_RN, ST_FP_FTZ), P0);
  /* underflow in the directed modes: 2^-100 * 2^-100 */
  CHECK(st_f32_mul(0x0d800000, 0x0d800000, RND_RN, 0), P0);
  CHECK(st_f32_mul(0x0d800000, 0x0d800000, RND_RP, 0), SUBMIN);
  CHECK(st_f32_mul(0x0d800000, 0x0d800000, RND_RP, ST_FP_FTZ), P0);
  CHECK(st_f32_mul(0x8d800000, 0x0d800000, RND_RM, 0), SUBMIN | N0);
  /* subnormal inputs flushed before a division: 1 / (+0) */
  CHECK(st_f32_div(ONE, SUBMAX, RND_RN, ST_FP_FTZ), PINF);
  CHECK(st_f32_div(ONE, SUBMAX | N0, RND_RN, ST_FP_FTZ), NINF);
  /* 2^-126 / 2 = 2^-127 = 0x00400000, flushed under .ftz */
  CHECK(st_f32_div(NORMMIN, TWO, RND_RN, 0), 0x00400000);
  CHECK(st_f32_div(NORMMIN, TWO, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_sqrt(SUBMAX | N0, RND_RN, ST_FP_FTZ), N0);
  CHECK(st_f32_abs(SUBMAX | N0, ST_FP_FTZ), P0);
  CHECK(st_f32_abs(SUBMAX | N0, 0), SUBMAX);
  CHECK(st_f32_neg(SUBMIN, ST_FP_FTZ), N0);
  CHECK(st_f32_neg(SUBMIN, 0), SUBMIN | N0);
  /* .ftz tininess (silicon decided, H200 sm_90): flushed when the exact
   * result rounded to 24 bits with an unbounded exponent is below FLT_MIN.
   * (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150 is exact there: flushed, although
   * rounding with subnormal precision gives FLT_MIN (the result without .ftz). */
  CHECK(st_f32_mul(0x3f7fffff, NORMMIN, RND_RN, 0), NORMMIN);
  CHECK(st_f32_mul(0x3f7fffff, NORMMIN, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_mul(0x3f7fffff, NORMMIN, RND_RP, ST_FP_FTZ), P0);
  CHECK(st_f32_mul(0x3f7fffff, NORMMIN | N0, RND_RM, ST_FP_FTZ), N0);
  CHECK(st_f32_div(0x3f7fffff, 0x7e800000, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_div(NORMMIN | N0, 0x3f800001, RND_RM, ST_FP_FTZ), N0);
  CHECK(st_f32_div(NORMMIN, 0x3f800001, RND_RP, ST_FP_FTZ), P0);
  /* x*y + c = 2^-126 - 2^-151 exactly (x = 1 - 2^-13, y = 2^-125 (1 + 2^-13),
   * c = -2^-126): 24-bit rounding gives FLT_MIN in .rn (tie to even) and .rp,
   * 2^-126 - 2^-150 in .rz and .rm, which is flushed (recorded on silicon) */
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800000, RND_RN, ST_FP_FTZ), NORMMIN);
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800000, RND_RZ, ST_FP_FTZ), P0);
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800000, RND_RM, ST_FP_FTZ), P0);
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800000, RND_RP, ST_FP_FTZ), NORMMIN);
  CHECK(st_f32_fma(0xbf7ff800, 0x01000400, NORMMIN, RND_RN, ST_FP_FTZ), NORMMIN | N0);
  CHECK(st_f32_fma(0xbf7ff800, 0x01000400, NORMMIN, RND_RP, ST_FP_FTZ), N0);
  CHECK(st_f32_fma(0xbf7ff800, 0x01000400, NORMMIN, RND_RM, ST_FP_FTZ), NORMMIN | N0);
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800001, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_fma(0x3f7ff800, 0x01000400, 0x80800000, RND_RZ, 0), 0x007fffff);
}

static void f32_saturate(void **state) {
  (void)state;
  CHECK(st_f32_add(0x3f400000 /* 0.75 */, HALF, RND_RN, ST_FP_SAT), ONE);
  CHECK(st_f32_sub(0x3e800000 /* 0.25 */, HALF, RND_RN, ST_FP_SAT), P0);
  CHECK(st_f32_mul(HALF, HALF, RND_RN, ST_FP_SAT), 0x3e800000);
  CHECK(st_f32_mul(MONE, P0, RND_RN, ST_FP_SAT), P0); /* -0.0 -> +0.0 */
  CHECK(st_f32_add(NINF, ONE, RND_RN, ST_FP_SAT), P0);
  CHECK(st_f32_fma(TWO, TWO, MONE, RND_RN, ST_FP_SAT), ONE);
  CHECK(st_f32_fma(HALF, HALF, P0, RND_RZ, ST_FP_SAT), 0x3e800000);
}

static void f32_fma_fused(void **state) {
  (void)state;
  /* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; unfused it would be 0. */
  CHECK(st_f32_fma(0x3f800001, 0x3f7ffffe, MONE, RND_RN, 0), 0xa8800000);
  CHECK(st_f32_fma(0x3f800001, 0x3f7ffffe, MONE, RND_RZ, 0), 0xa8800000);
  /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: rounding decided by the 2^-46 term. */
  CHECK(st_f32_fma(0x3f800001, 0x3f800001, P0, RND_RN, 0), 0x3f800002);
  CHECK(st_f32_fma(0x3f800001, 0x3f800001, P0, RND_RP, 0), 0x3f800003);
  CHECK(st_f32_fma(0x3f800001, 0x3f800001, P0, RND_RZ, 0), 0x3f800002);
  /* ... and a tiny product against a subnormal addend under .ftz */
  CHECK(st_f32_fma(0x0d800000, 0x0d800000 /* 2^-100 each */, SUBMIN, RND_RN, 0), SUBMIN);
  CHECK(st_f32_fma(0x0d800000, 0x0d800000, SUBMIN, RND_RN, ST_FP_FTZ), P0);
  CHECK(st_f32_fma(0x0d800000, 0x0d800000, SUBMIN, RND_RP, ST_FP_FTZ), P0);
}

static void f32_div_sqrt_rcp(void **state) {
  (void)state;
  /* 1/3 = 1.0101...b * 2^-2: the 24-bit truncation 0x3eaaaaaa, next bit 1. */
  CHECK(st_f32_div(ONE, THREE, RND_RN, 0), 0x3eaaaaab);
  CHECK(st_f32_div(ONE, THREE, RND_RZ, 0), 0x3eaaaaaa);
  CHECK(st_f32_div(ONE, THREE, RND_RM, 0), 0x3eaaaaaa);
  CHECK(st_f32_div(ONE, THREE, RND_RP, 0), 0x3eaaaaab);
  CHECK(st_f32_div(MONE, THREE, RND_RM, 0), 0xbeaaaaab);
  CHECK(st_f32_rcp(THREE, RND_RZ, 0), 0x3eaaaaaa);
  CHECK(st_f32_rcp(N0, RND_RN, 0), NINF);
  CHECK(st_f32_rcp(PINF, RND_RN, 0), P0);
  CHECK(st_f32_div(ONE, P0, RND_RN, 0), PINF);
  CHECK(st_f32_div(MONE, P0, RND_RN, 0), NINF);
  /* sqrt(2) = 1.41421356...; 0x3fb504f3 = 1.41421354, 0x3fb504f4 = 1.41421366 */
  CHECK(st_f32_sqrt(TWO, RND_RN, 0), 0x3fb504f3);
  CHECK(st_f32_sqrt(TWO, RND_RZ, 0), 0x3fb504f3);
  CHECK(st_f32_sqrt(TWO, RND_RM, 0), 0x3fb504f3);
  CHECK(st_f32_sqrt(TWO, RND_RP, 0), 0x3fb504f4);
  CHECK(st_f32_sqrt(N0, RND_RN, 0), N0);
  CHECK(st_f32_sqrt(PINF, RND_RN, 0), PINF);
  CHECK(st_f32_sqrt(0x40800000, RND_RP, 0), TWO);
}

static void f32_min_max(void **state) {
  (void)state;
  CHECK(st_f32_min(N0, P0, 0), N0);
  CHECK(st_f32_min(P0, N0, 0), N0);
  CHECK(st_f32_max(N0, P0, 0), P0);
  CHECK(st_f32_max(P0, N0, 0), P0);
  CHECK(st_f32_min(QNAN, ONE, 0), ONE);
  CHECK(st_f32_min(ONE, SNAN, 0), ONE);
  CHECK(st_f32_max(NQNAN, MONE, 0), MONE);
  CHECK(st_f32_min(QNAN, SNAN, 0), CNAN);
  CHECK(st_f32_max(QNAN, QNAN, 0), CNAN);
  CHECK(st_f32_min(QNAN, ONE, ST_FP_NANMODE), CNAN);
  CHECK(st_f32_max(ONE, NQNAN, ST_FP_NANMODE), CNAN);
  CHECK(st_f32_min(ONE, TWO, ST_FP_NANMODE), ONE);
  CHECK(st_f32_min(NINF, FMAX, 0), NINF);
  CHECK(st_f32_max(PINF, FMAX, 0), PINF);
  /* .ftz: -subnormal becomes -0.0, which is below +0.0 */
  CHECK(st_f32_min(SUBMAX | N0, P0, ST_FP_FTZ), N0);
  CHECK(st_f32_min(SUBMAX | N0, P0, 0), SUBMAX | N0);
  CHECK(st_f32_max(SUBMAX, P0, ST_FP_FTZ), P0);
  CHECK(st_f32_max(SUBMAX, P0, 0), SUBMAX);
  /* .xorsign.abs: magnitude of the min/max of |a|,|b|, sign = sign(a)^sign(b) */
  CHECK(st_f32_min(0xc0000000 /* -2 */, THREE, ST_FP_ABS | ST_FP_XORSIGN), 0xc0000000);
  CHECK(st_f32_max(0xc0000000, 0xc0400000 /* -3 */, ST_FP_ABS | ST_FP_XORSIGN), THREE);
  CHECK(st_f32_max(0xc0000000, ONE, ST_FP_ABS), TWO);
  CHECK(st_f32_min(QNAN, QNAN, ST_FP_ABS | ST_FP_XORSIGN), CNAN);
}

static void f32_sign_ops(void **state) {
  (void)state;
  CHECK(st_f32_abs(N0, 0), P0);
  CHECK(st_f32_abs(NINF, 0), PINF);
  CHECK(st_f32_neg(P0, 0), N0);
  CHECK(st_f32_neg(MONE, 0), ONE);
  /* copysign.f32 d, a, b: |b| with a's sign */
  CHECK(st_f32_copysign(MONE, TWO), 0xc0000000);
  CHECK(st_f32_copysign(ONE, 0xc0000000), TWO);
  CHECK(st_f32_copysign(ONE, NQNAN), 0x7fc00001);
  CHECK(st_f32_copysign(N0, PINF), NINF);
}

static void f32_testp_cmp(void **state) {
  (void)state;
  assert_true(st_f32_testp(P0, TESTP_NORMAL)); /* zero counts as normal */
  assert_true(st_f32_testp(N0, TESTP_NORMAL));
  assert_false(st_f32_testp(P0, TESTP_SUBNORMAL));
  assert_true(st_f32_testp(SUBMIN, TESTP_SUBNORMAL));
  assert_false(st_f32_testp(SUBMAX, TESTP_NORMAL));
  assert_true(st_f32_testp(NORMMIN, TESTP_NORMAL));
  assert_false(st_f32_testp(PINF, TESTP_FINITE));
  assert_true(st_f32_testp(FMAX, TESTP_FINITE));
  assert_true(st_f32_testp(NINF, TESTP_INFINITE));
  assert_false(st_f32_testp(QNAN, TESTP_INFINITE));
  assert_true(st_f32_testp(SNAN, TESTP_NOTANUMBER));
  assert_true(st_f32_testp(NINF, TESTP_NUMBER));
  assert_false(st_f32_testp(QNAN, TESTP_NUMBER));
  assert_false(st_f32_testp(QNAN, TESTP_NORMAL));

  assert_true(st_f32_cmp(N0, P0, CMP_EQ, 0));
  assert_false(st_f32_cmp(N0, P0, CMP_LT, 0));
  assert_true(st_f32_cmp(ONE, TWO, CMP_LT, 0));
  assert_true(st_f32_cmp(MONE, ONE, CMP_LE, 0));
  assert_true(st_f32_cmp(PINF, FMAX, CMP_GT, 0));
  assert_false(st_f32_cmp(QNAN, QNAN, CMP_EQ, 0));
  assert_false(st_f32_cmp(QNAN, ONE, CMP_NE, 0));
  assert_true(st_f32_cmp(QNAN, ONE, CMP_NEU, 0));
  assert_true(st_f32_cmp(QNAN, ONE, CMP_EQU, 0));
  assert_true(st_f32_cmp(ONE, QNAN, CMP_LTU, 0));
  assert_false(st_f32_cmp(ONE, QNAN, CMP_GE, 0));
  assert_true(st_f32_cmp(ONE, QNAN, CMP_NAN, 0));
  assert_false(st_f32_cmp(ONE, QNAN, CMP_NUM, 0));
  assert_true(st_f32_cmp(ONE, TWO, CMP_NUM, 0));
  assert_false(st_f32_cmp(TWO, ONE, CMP_LEU, 0));
  assert_true(st_f32_cmp(TWO, ONE, CMP_GEU, 0));
  assert_false(st_f32_cmp(ONE, ONE, CMP_GTU, 0));
  /* .ftz compares flushed inputs */
  assert_false(st_f32_cmp(SUBMIN, P0, CMP_EQ, 0));
  assert_true(st_f32_cmp(SUBMIN, P0, CMP_EQ, ST_FP_FTZ));
  assert_true(st_f32_cmp(SUBMIN | N0, P0, CMP_LT, 0));
  assert_false(st_f32_cmp(SUBMIN | N0, P0, CMP_LT, ST_FP_FTZ));
  /* integer-only operators on floats */
  assert_false(st_f32_cmp(ONE, TWO, CMP_LO, 0));
}

/* ---- f64 ---- */

#define DONE UINT64_C(0x3ff0000000000000)
#define DMONE UINT64_C(0xbff0000000000000)
#define DTWO UINT64_C(0x4000000000000000)
#define DEPS53 UINT64_C(0x3ca0000000000000) /* 2^-53 */
#define DPINF UINT64_C(0x7ff0000000000000)
#define DNINF UINT64_C(0xfff0000000000000)
#define DQNAN_P UINT64_C(0x7ff8000000000123)
#define DSNAN_P UINT64_C(0x7ff0000000000456)
#define DNQNAN_P UINT64_C(0xfff8000000000789)
#define DDEF UINT64_C(0xfff8000000000000)

static void f64_arith(void **state) {
  (void)state;
  CHECK(st_f64_add(DONE, DEPS53, RND_RN), DONE);
  CHECK(st_f64_add(DONE, DEPS53, RND_RP), 0x3ff0000000000001);
  CHECK(st_f64_add(DONE, DEPS53, RND_RZ), DONE);
  CHECK(st_f64_add(DMONE, DEPS53 | (UINT64_C(1) << 63), RND_RM), 0xbff0000000000001);
  CHECK(st_f64_add(UINT64_C(0x7fefffffffffffff), UINT64_C(0x7fefffffffffffff), RND_RZ),
        0x7fefffffffffffff);
  CHECK(st_f64_add(UINT64_C(0x7fefffffffffffff), UINT64_C(0x7fefffffffffffff), RND_RN), DPINF);
  CHECK(st_f64_add(DONE, DMONE, RND_RM), UINT64_C(1) << 63);
  /* f64 keeps subnormals: 2^-1074 */
  CHECK(st_f64_add(1, 0, RND_RN), 1);
  CHECK(st_f64_mul(UINT64_C(0x0010000000000000), UINT64_C(0x3fe0000000000000), RND_RN),
        0x0008000000000000);
  /* (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 (fused) */
  CHECK(st_f64_fma(UINT64_C(0x3ff0000000000001), UINT64_C(0x3feffffffffffffe), DMONE, RND_RN),
        0xb970000000000000);
  /* (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: the last term decides directed modes */
  CHECK(st_f64_fma(UINT64_C(0x3ff0000000000001), UINT64_C(0x3ff0000000000001), 0, RND_RN),
        0x3ff0000000000002);
  CHECK(st_f64_fma(UINT64_C(0x3ff0000000000001), UINT64_C(0x3ff0000000000001), 0, RND_RP),
        0x3ff0000000000003);
  CHECK(st_f64_fma(UINT64_C(0x3ff0000000000001), UINT64_C(0x3ff0000000000001), 0, RND_RZ),
        0x3ff0000000000002);
  CHECK(st_f64_fma(UINT64_C(0xbff0000000000001), UINT64_C(0x3ff0000000000001), 0, RND_RM),
        0xbff0000000000003);
  /* 1/3 = 0x3fd5555555555555 (truncation; next bits 0101...) */
  CHECK(st_f64_div(DONE, UINT64_C(0x4008000000000000), RND_RN), 0x3fd5555555555555);
  CHECK(st_f64_div(DONE, UINT64_C(0x4008000000000000), RND_RP), 0x3fd5555555555556);
  CHECK(st_f64_rcp(UINT64_C(0x4008000000000000), RND_RM), 0x3fd5555555555555);
  CHECK(st_f64_rcp(UINT64_C(1) << 63, RND_RN), DNINF);
  /* sqrt(2) lies between ...3bcc and ...3bcd, nearer ...3bcd */
  CHECK(st_f64_sqrt(DTWO, RND_RN), 0x3ff6a09e667f3bcd);
  CHECK(st_f64_sqrt(DTWO, RND_RZ), 0x3ff6a09e667f3bcc);
  CHECK(st_f64_sqrt(UINT64_C(1) << 63, RND_RN), UINT64_C(1) << 63);
}

static void f64_nan_rules(void **state) {
  (void)state;
  CHECK(st_f64_add(DONE, DQNAN_P, RND_RN), DQNAN_P);
  CHECK(st_f64_add(DSNAN_P, DONE, RND_RN), 0x7ff8000000000456);
  CHECK(st_f64_mul(DNQNAN_P, DTWO, RND_RZ), DNQNAN_P);
  /* Two NaNs: silicon decided (H200, sm_90) that DADD/DMUL take the NaN of
   * operand b, DFMA that of b, then c, then a; div.rn.f64 takes a's. */
  CHECK(st_f64_add(DQNAN_P, DNQNAN_P, RND_RN), DNQNAN_P);
  CHECK(st_f64_sub(DNQNAN_P, DSNAN_P, RND_RN), 0x7ff8000000000456);
  CHECK(st_f64_mul(DSNAN_P, DQNAN_P, RND_RP), DQNAN_P);
  CHECK(st_f64_div(DSNAN_P, DQNAN_P, RND_RN), 0x7ff8000000000456);
  CHECK(st_f64_fma(DONE, DONE, DSNAN_P, RND_RN), 0x7ff8000000000456);
  CHECK(st_f64_fma(DONE, DNQNAN_P, DQNAN_P, RND_RN), DNQNAN_P);
  CHECK(st_f64_fma(DQNAN_P, DONE, DSNAN_P, RND_RZ), 0x7ff8000000000456);
  CHECK(st_f64_fma(DSNAN_P, DNQNAN_P, DONE, RND_RM), DNQNAN_P);
  CHECK(st_f64_fma(DSNAN_P, DNQNAN_P, DQNAN_P, RND_RN), DNQNAN_P);
  CHECK(st_f64_add(DPINF, DNINF, RND_RN), DDEF);
  CHECK(st_f64_mul(0, DPINF, RND_RN), DDEF);
  CHECK(st_f64_fma(0, DPINF, DONE, RND_RN), DDEF);
  CHECK(st_f64_div(0, 0, RND_RN), DDEF);
  CHECK(st_f64_sqrt(DMONE, RND_RN), DDEF);
  CHECK(st_f64_sqrt(DSNAN_P, RND_RN), 0x7ff8000000000456);
  /* abs/neg change the sign of anything but a NaN; a NaN comes out quieted
   * with its sign kept (silicon decided: they are DADD -RZ, |a| / -a) */
  CHECK(st_f64_abs(DNQNAN_P), DNQNAN_P);
  CHECK(st_f64_abs(0xfff0000000054321), 0xfff8000000054321);
  CHECK(st_f64_neg(DSNAN_P), 0x7ff8000000000456);
  CHECK(st_f64_neg(DNQNAN_P), DNQNAN_P);
  CHECK(st_f64_abs(DMONE), DONE);
  CHECK(st_f64_neg(0), UINT64_C(1) << 63);
  /* min/max */
  CHECK(st_f64_min(DQNAN_P, DTWO), DTWO);
  CHECK(st_f64_max(DTWO, DSNAN_P), DTWO);
  CHECK(st_f64_min(DSNAN_P, DQNAN_P), DQNAN_P); /* b's NaN, quieted (silicon decided) */
  CHECK(st_f64_max(DQNAN_P, DSNAN_P), 0x7ff8000000000456);
  CHECK(st_f64_min(UINT64_C(1) << 63, 0), UINT64_C(1) << 63);
  CHECK(st_f64_max(UINT64_C(1) << 63, 0), 0);
  CHECK(st_f64_max(DMONE, DNINF), DMONE);
  CHECK(st_f64_copysign(DMONE, DTWO), 0xc000000000000000);
  assert_true(st_f64_testp(0, TESTP_NORMAL));
  assert_true(st_f64_testp(1, TESTP_SUBNORMAL));
  assert_true(st_f64_testp(DSNAN_P, TESTP_NOTANUMBER));
  assert_true(st_f64_cmp(DQNAN_P, DONE, CMP_NEU));
  assert_false(st_f64_cmp(DQNAN_P, DONE, CMP_NE));
  assert_true(st_f64_cmp(UINT64_C(1) << 63, 0, CMP_GE));
  assert_true(st_f64_cmp(DMONE, DONE, CMP_LT));
}

/* ---- approximate functions: the manual's special-case tables ---- */

static void f32_approx_specials(void **state) {
  (void)state;
  CHECK(st_f32_rcp_approx(NINF, 0), N0);
  CHECK(st_f32_rcp_approx(N0, 0), NINF);
  CHECK(st_f32_rcp_approx(P0, 0), PINF);
  CHECK(st_f32_rcp_approx(PINF, 0), P0);
  CHECK(st_f32_rcp_approx(QNAN, 0), CNAN);
  CHECK(st_f32_rcp_approx(0x40800000, 0), 0x3e800000);
  /* 1/2^127 = 2^-127: subnormal, flushed under .ftz; 1/(subnormal) with .ftz = inf */
  CHECK(st_f32_rcp_approx(0x7f000000, 0), 0x00400000);
  CHECK(st_f32_rcp_approx(0x7f000000, ST_FP_FTZ), P0);
  CHECK(st_f32_rcp_approx(SUBMAX, ST_FP_FTZ), PINF);

  CHECK(st_f32_sqrt_approx(NINF, 0), CNAN);
  CHECK(st_f32_sqrt_approx(MONE, 0), CNAN);
  CHECK(st_f32_sqrt_approx(N0, 0), N0);
  CHECK(st_f32_sqrt_approx(PINF, 0), PINF);
  CHECK(st_f32_sqrt_approx(0x40800000, 0), TWO);

  CHECK(st_f32_rsqrt_approx(NINF, 0), CNAN);
  CHECK(st_f32_rsqrt_approx(MONE, 0), CNAN);
  CHECK(st_f32_rsqrt_approx(N0, 0), NINF);
  CHECK(st_f32_rsqrt_approx(P0, 0), PINF);
  CHECK(st_f32_rsqrt_approx(PINF, 0), P0);
  CHECK(st_f32_rsqrt_approx(0x40800000, 0), HALF);
  CHECK(st_f32_rsqrt_approx(SUBMIN | N0, ST_FP_FTZ), NINF);

  CHECK(st_f32_ex2_approx(NINF, 0), P0);
  CHECK(st_f32_ex2_approx(N0, 0), ONE);
  CHECK(st_f32_ex2_approx(P0, 0), ONE);
  CHECK(st_f32_ex2_approx(PINF, 0), PINF);
  CHECK(st_f32_ex2_approx(QNAN, 0), CNAN);
  CHECK(st_f32_ex2_approx(THREE, 0), 0x41000000);
  CHECK(st_f32_ex2_approx(0x43000000 /* 128 */, 0), PINF);
  /* 2^-130 = 2^19 * 2^-149: subnormal unless .ftz */
  CHECK(st_f32_ex2_approx(0xc3020000 /* -130 */, 0), 0x00080000);
  CHECK(st_f32_ex2_approx(0xc3020000, ST_FP_FTZ), P0);

  CHECK(st_f32_lg2_approx(NINF, 0), CNAN);
  CHECK(st_f32_lg2_approx(MONE, 0), CNAN);
  CHECK(st_f32_lg2_approx(N0, 0), NINF);
  CHECK(st_f32_lg2_approx(P0, 0), NINF);
  CHECK(st_f32_lg2_approx(PINF, 0), PINF);
  CHECK(st_f32_lg2_approx(0x41000000, 0), THREE);
  /* lg2(2^-149) = -149 unless .ftz flushes the input */
  CHECK(st_f32_lg2_approx(SUBMIN, 0), 0xc3150000);
  CHECK(st_f32_lg2_approx(SUBMIN, ST_FP_FTZ), NINF);

  CHECK(st_f32_sin_approx(NINF, 0), CNAN);
  CHECK(st_f32_sin_approx(N0, 0), N0);
  CHECK(st_f32_sin_approx(P0, 0), P0);
  CHECK(st_f32_sin_approx(PINF, 0), CNAN);
  CHECK(st_f32_cos_approx(N0, 0), ONE);
  CHECK(st_f32_cos_approx(P0, 0), ONE);
  CHECK(st_f32_cos_approx(PINF, 0), CNAN);
  CHECK(st_f32_cos_approx(QNAN, 0), CNAN);

  CHECK(st_f32_tanh_approx(NINF), MONE);
  CHECK(st_f32_tanh_approx(N0), N0);
  CHECK(st_f32_tanh_approx(PINF), ONE);
  CHECK(st_f32_tanh_approx(QNAN), CNAN);
  CHECK(st_f32_tanh_approx(0x00000005), 0x00000005); /* subnormals pass through */

  /* div.approx: |b| in (2^126, 2^128) gives a signed zero, or NaN for inf a */
  CHECK(st_f32_div_approx(ONE, 0x7f000000, 0), P0);
  CHECK(st_f32_div_approx(MONE, 0x7f000000, 0), N0);
  CHECK(st_f32_div_approx(ONE, 0xff000000, 0), N0);
  CHECK(st_f32_div_approx(PINF, 0x7f000000, 0), CNAN);
  CHECK(st_f32_div_approx(ONE, 0x40800000, 0), 0x3e800000);
  CHECK(st_f32_div_approx(P0, P0, 0), CNAN);
  /* without .ftz ptxas scales a and b by 2^24 when |b| < 2^-126 (SASS, sm_90),
   * so a subnormal divisor gives an ordinary quotient (values from silicon) */
  CHECK(st_f32_div_approx(P0, SUBMIN, 0), P0);
  CHECK(st_f32_div_approx(N0, SUBMIN, 0), N0);
  CHECK(st_f32_div_approx(SUBMIN, SUBMIN, 0), ONE);
  CHECK(st_f32_div_approx(ONE, SUBMAX, 0), 0x7e800001);
  CHECK(st_f32_div_approx(NORMMIN, 0x00400000, 0), TWO);
  CHECK(st_f32_div_approx(0x34000000, 0x00000003, 0), 0x7daaaaab);
  CHECK(st_f32_div_approx(SUBMIN, HALF, 0), 0x00000002);
  CHECK(st_f32_div_approx(NORMMIN, 0x00400000, ST_FP_FTZ), PINF);
  CHECK(st_f32_div_approx(P0, SUBMIN, ST_FP_FTZ), CNAN);
  CHECK(st_f32_div_approx(0x3f7fffff, 0x7e800000, 0), NORMMIN);
  CHECK(st_f32_div_approx(0x3f7fffff, 0x7e800000, ST_FP_FTZ), P0); /* .ftz tininess */
  CHECK(st_f32_div_full(ONE, THREE, 0), 0x3eaaaaab);
  CHECK(st_f32_div_full(ONE, 0x7f000000, 0), 0x00400000);
  CHECK(st_f32_div_full(ONE, 0x7f000000, ST_FP_FTZ), P0);
  CHECK(st_f32_div_full(0x3f7fffff, 0x7e800000, ST_FP_FTZ), P0); /* .ftz tininess */
  CHECK(st_f32_div_full(PINF, PINF, 0), CNAN);
}

static void f64_approx(void **state) {
  (void)state;
  CHECK(st_f64_rcp_approx_ftz(DTWO), 0x3fe0000000000000);
  /* 1/3 = 0x3fd55555_55555555: upper word kept, lower word zero */
  CHECK(st_f64_rcp_approx_ftz(0x4008000000000000), 0x3fd5555500000000);
  /* only a[63:32] matters: 2 + tiny is treated as 2 */
  CHECK(st_f64_rcp_approx_ftz(0x40000000ffffffff), 0x3fe0000000000000);
  CHECK(st_f64_rcp_approx_ftz(0x7ff8000000000000), 0x7fffffff00000000);
  CHECK(st_f64_rcp_approx_ftz(0x000fffff00000000), DPINF);     /* +subnormal */
  CHECK(st_f64_rcp_approx_ftz(0x800fffff00000000), DNINF);     /* -subnormal */
  CHECK(st_f64_rcp_approx_ftz(UINT64_C(1) << 63), DNINF);
  CHECK(st_f64_rcp_approx_ftz(DPINF), 0);
  CHECK(st_f64_rcp_approx_ftz(DNINF), UINT64_C(1) << 63);
  /* 1/2^1023 = 2^-1023 is subnormal: flushed */
  CHECK(st_f64_rcp_approx_ftz(0x7fe0000000000000), 0);
  CHECK(st_f64_rsqrt_approx_ftz(0x4010000000000000), 0x3fe0000000000000);
  CHECK(st_f64_rsqrt_approx_ftz(0xc010000000000000), 0x7fffffff00000000);
  CHECK(st_f64_rsqrt_approx_ftz(DNINF), 0x7fffffff00000000);
  CHECK(st_f64_rsqrt_approx_ftz(UINT64_C(1) << 63), DNINF);
  CHECK(st_f64_rsqrt_approx_ftz(0x800fffff00000000), DNINF);
  CHECK(st_f64_rsqrt_approx_ftz(DPINF), 0);
  CHECK(st_f64_rsqrt_approx(0x4010000000000000), 0x3fe0000000000000);
  CHECK(st_f64_rsqrt_approx(UINT64_C(1) << 63), DNINF);
  CHECK(st_f64_rsqrt_approx(0), DPINF);
  CHECK(st_f64_rsqrt_approx(DMONE), DDEF);
  CHECK(st_f64_rsqrt_approx(DSNAN_P), 0x7ff8000000000456);
  CHECK(st_f64_rsqrt_approx(DPINF), 0);
}

/* ---- cvt ---- */

#define CVT(d, s, a, r, m) st_cvt(PT_##d, PT_##s, (uint64_t)(a), RND_##r, (m))

static void cvt_float_to_int(void **state) {
  (void)state;
  CHECK(CVT(S32, F32, 0x40200000 /* 2.5 */, RNI, 0), 2);
  CHECK(CVT(S32, F32, 0x40600000 /* 3.5 */, RNI, 0), 4);
  CHECK(CVT(S32, F32, 0xc0200000 /* -2.5 */, RNI, 0), 0xfffffffe);
  CHECK(CVT(S32, F32, 0x40200000, RZI, 0), 2);
  CHECK(CVT(S32, F32, 0x40200000, RMI, 0), 2);
  CHECK(CVT(S32, F32, 0x40200000, RPI, 0), 3);
  CHECK(CVT(S32, F32, 0xc0200000, RMI, 0), 0xfffffffd);
  CHECK(CVT(S32, F32, 0xc0200000, RZI, 0), 0xfffffffe);
  CHECK(CVT(S32, F32, 0xbf000000 /* -0.5 */, RPI, 0), 0);
  CHECK(CVT(S32, F32, 0xbf000000, RNI, 0), 0);
  /* saturation: 3e9 = 0x4f32d05e exactly 3000000000 */
  CHECK(CVT(S32, F32, 0x4f32d05e, RZI, 0), 0x7fffffff);
  CHECK(CVT(U32, F32, 0x4f32d05e, RZI, 0), 3000000000u);
  CHECK(CVT(S32, F32, 0xcf32d05e, RZI, 0), 0x80000000);
  CHECK(CVT(U32, F32, MONE, RZI, 0), 0);
  CHECK(CVT(U32, F32, 0xbf000000, RMI, 0), 0); /* -1 saturates to 0 */
  CHECK(CVT(S32, F32, PINF, RNI, 0), 0x7fffffff);
  CHECK(CVT(U32, F32, NINF, RNI, 0), 0);
  CHECK(CVT(S8, F32, 0x43480000 /* 200 */, RZI, 0), 0x7f);
  CHECK(CVT(S8, F32, 0xc3480000, RZI, 0), 0x80);
  CHECK(CVT(U8, F32, 0x43960000 /* 300 */, RZI, 0), 0xff);
  CHECK(CVT(S16, F32, 0xc7000000 /* -32768 */, RZI, 0), 0x8000);
  CHECK(CVT(S16, F32, 0xc7000100 /* -32769 */, RZI, 0), 0x8000);
  CHECK(CVT(U64, F32, 0x5f800000 /* 2^64 */, RZI, 0), UINT64_MAX);
  CHECK(CVT(S64, F32, 0xdf000000 /* -2^63 */, RZI, 0), 0x8000000000000000);
  CHECK(CVT(U64, F64, 0x43efffffffffffff, RZI, 0), 0xfffffffffffff800);
  CHECK(CVT(S64, F64, 0x43e0000000000000 /* 2^63 */, RZI, 0), 0x7fffffffffffffff);
  CHECK(CVT(S32, F16, 0x7bff /* 65504 */, RZI, 0), 65504);
  CHECK(CVT(U8, BF16, 0x4300 /* 128 */, RZI, 0), 128);
  /* NaN: 0 unless the source is f64 or the destination 64-bit */
  CHECK(CVT(S32, F32, QNAN, RZI, 0), 0);
  CHECK(CVT(U32, F32, NQNAN, RNI, 0), 0);
  CHECK(CVT(S16, F32, QNAN, RZI, 0), 0);
  CHECK(CVT(U8, F16, 0x7e00, RZI, 0), 0);
  CHECK(CVT(S64, F32, QNAN, RZI, 0), 0x8000000000000000);
  CHECK(CVT(U64, F32, QNAN, RZI, 0), 0x8000000000000000);
  CHECK(CVT(S64, F16, 0x7e00, RZI, 0), 0x8000000000000000);
  CHECK(CVT(S32, F64, 0x7ff8000000000000, RZI, 0), 0x80000000);
  CHECK(CVT(U32, F64, 0x7ff8000000000000, RZI, 0), 0x80000000);
  CHECK(CVT(S16, F64, 0xfff8000000000001, RZI, 0), 0x8000);
  CHECK(CVT(U8, F64, 0x7ff0000000000001, RZI, 0), 0x80);
  CHECK(CVT(S64, F64, 0x7ff8000000000000, RNI, 0), 0x8000000000000000);
  /* .ftz on an f32 source: -subnormal is -0, not a negative number */
  CHECK(CVT(S32, F32, SUBMIN | N0, RMI, 0), 0xffffffff);
  CHECK(CVT(S32, F32, SUBMIN | N0, RMI, ST_FP_FTZ), 0);
  CHECK(CVT(U32, F32, SUBMIN, RPI, 0), 1);
  CHECK(CVT(U32, F32, SUBMIN, RPI, ST_FP_FTZ), 0);
  /* a float rounding mode on float->int means the integer one */
  CHECK(CVT(S32, F32, 0x40200000, RP, 0), 3);
}

static void cvt_int_to_float(void **state) {
  (void)state;
  CHECK(CVT(F32, U32, 0xffffffff, RN, 0), 0x4f800000);
  CHECK(CVT(F32, U32, 0xffffffff, RZ, 0), 0x4f7fffff);
  CHECK(CVT(F32, U32, 0xffffffff, RM, 0), 0x4f7fffff);
  CHECK(CVT(F32, U32, 0xffffffff, RP, 0), 0x4f800000);
  CHECK(CVT(F32, S32, 0xffffffff, RN, 0), MONE);
  CHECK(CVT(F32, S32, 0x80000000, RZ, 0), 0xcf000000);
  CHECK(CVT(F32, S64, 0x8000000000000000, RN, 0), 0xdf000000);
  CHECK(CVT(F32, U32, 16777217, RN, 0), 0x4b800000); /* tie to even */
  CHECK(CVT(F32, U32, 16777217, RP, 0), 0x4b800001);
  CHECK(CVT(F32, U32, 16777219, RN, 0), 0x4b800002); /* tie to even, upwards */
  CHECK(CVT(F32, S32, (uint32_t)-16777217, RM, 0), 0xcb800001);
  CHECK(CVT(F64, U64, UINT64_MAX, RN, 0), 0x43f0000000000000);
  CHECK(CVT(F64, U64, UINT64_MAX, RZ, 0), 0x43efffffffffffff);
  CHECK(CVT(F64, S32, 0x80000000, RN, 0), 0xc1e0000000000000);
  CHECK(CVT(F32, U32, 0, RN, 0), P0);
  CHECK(CVT(F64, S64, 0, RM, 0), 0);
  /* f16 destination: 70000 is above the overflow threshold 65520 */
  CHECK(CVT(F16, U32, 70000, RN, 0), 0x7c00);
  CHECK(CVT(F16, U32, 70000, RZ, 0), 0x7bff);
  CHECK(CVT(F16, S32, (uint32_t)-70000, RM, 0), 0xfc00);
  CHECK(CVT(F16, S32, (uint32_t)-70000, RP, 0), 0xfbff);
  CHECK(CVT(F16, U16, 65519, RN, 0), 0x7bff); /* below the halfway point */
  CHECK(CVT(F16, U16, 65520, RN, 0), 0x7c00);
  CHECK(CVT(F16, S8, 0xff, RN, 0), 0xbc00);
  CHECK(CVT(BF16, U16, 65535, RN, 0), 0x4780);
  CHECK(CVT(BF16, U16, 65535, RZ, 0), 0x477f);
  CHECK(CVT(BF16, S16, 0xffff, RN, 0), 0xbf80);
  /* upper source bits are ignored */
  CHECK(CVT(F32, U8, 0x1234, RN, 0), 0x42500000); /* 0x34 = 52 */
}

static void cvt_float_to_float(void **state) {
  (void)state;
  /* f32 -> f16: 1 + 2^-11 is halfway between 1 and 1 + 2^-10 */
  CHECK(CVT(F16, F32, 0x3f801000, RN, 0), 0x3c00);
  CHECK(CVT(F16, F32, 0x3f801000, RP, 0), 0x3c01);
  CHECK(CVT(F16, F32, 0x3f803000, RN, 0), 0x3c02); /* 1 + 3*2^-11 -> even */
  CHECK(CVT(F16, F32, 0xbf801000, RM, 0), 0xbc01);
  CHECK(CVT(F16, F32, ONE, RN, 0), 0x3c00);
  CHECK(CVT(F16, F32, QNAN, RN, 0), 0x7fff);
  CHECK(CVT(F16, F32, NINF, RZ, 0), 0xfc00);
  CHECK(CVT(F16, F32, 0x477ff000 /* 65520 */, RN, 0), 0x7c00);
  CHECK(CVT(F16, F32, 0x477ff000, RZ, 0), 0x7bff);
  CHECK(CVT(F16, F32, 0x477fefff, RN, 0), 0x7bff);
  /* 2^-25 is half of the smallest f16 subnormal 2^-24 */
  CHECK(CVT(F16, F32, 0x33000000, RN, 0), 0x0000);
  CHECK(CVT(F16, F32, 0x33000000, RP, 0), 0x0001);
  CHECK(CVT(F16, F32, 0x33400000 /* 1.5*2^-25 */, RN, 0), 0x0001);
  CHECK(CVT(F16, F32, 0x38800000 /* 2^-14 */, RN, 0), 0x0400);
  CHECK(CVT(F16, F32, 0x387fc000 /* 2^-14 - 2^-24 */, RN, 0), 0x03ff);
  CHECK(CVT(F16, F32, SUBMIN, RP, 0), 0x0001);
  /* silicon decided: .ftz has no effect on f32 -> f16 (F2F.F16.F32 reads the
   * subnormal as is), while f32 -> bf16 does flush it */
  CHECK(CVT(F16, F32, SUBMIN, RP, ST_FP_FTZ), 0x0001);
  CHECK(CVT(F16, F32, 0x80000001, RM, ST_FP_FTZ), 0x8001);
  CHECK(CVT(BF16, F32, SUBMIN, RP, ST_FP_FTZ), 0x0000);
  /* .satfinite / .relu / .sat */
  CHECK(CVT(F16, F32, 0x49742400 /* 1e6 */, RN, ST_FP_SATFINITE), 0x7bff);
  CHECK(CVT(F16, F32, NINF, RN, ST_FP_SATFINITE), 0xfbff);
  CHECK(CVT(F16, F32, QNAN, RN, ST_FP_SATFINITE), 0x7fff);
  CHECK(CVT(F16, F32, MONE, RN, ST_FP_RELU), 0x0000);
  CHECK(CVT(F16, F32, TWO, RN, ST_FP_RELU), 0x4000);
  CHECK(CVT(F16, F32, NQNAN, RN, ST_FP_RELU), 0x7fff);
  CHECK(CVT(F16, F32, TWO, RN, ST_FP_SAT), 0x3c00);
  /* f32 -> bf16: 1 + 2^-8 is halfway between 1 and 1 + 2^-7 */
  CHECK(CVT(BF16, F32, 0x3f808000, RN, 0), 0x3f80);
  CHECK(CVT(BF16, F32, 0x3f808000, RP, 0), 0x3f81);
  CHECK(CVT(BF16, F32, 0x3f818000, RN, 0), 0x3f82);
  CHECK(CVT(BF16, F32, 0x3f808001, RN, 0), 0x3f81);
  CHECK(CVT(BF16, F32, FMAX, RN, 0), 0x7f80);
  CHECK(CVT(BF16, F32, FMAX, RZ, 0), 0x7f7f);
  CHECK(CVT(BF16, F32, QNAN, RN, 0), 0x7fff);
  CHECK(CVT(BF16, F32, SUBMIN, RN, 0), 0x0000);
  CHECK(CVT(BF16, F32, SUBMIN, RP, 0), 0x0001);
  /* widening is exact */
  CHECK(CVT(F32, F16, 0x0001, NONE, 0), 0x33800000);
  CHECK(CVT(F32, F16, 0x7bff, NONE, 0), 0x477fe000);
  CHECK(CVT(F32, F16, 0xfc00, NONE, 0), NINF);
  CHECK(CVT(F32, F16, 0x7e01, NONE, 0), CNAN);
  CHECK(CVT(F32, BF16, 0x3f81, NONE, 0), 0x3f810000);
  CHECK(CVT(F32, BF16, 0x0001, NONE, 0), 0x00010000);
  CHECK(CVT(F32, BF16, 0x0001, NONE, ST_FP_FTZ), 0);
  /* bf16 -> f32 is a 16-bit shift: NaN bits pass unchanged (silicon decided);
   * .ftz canonicalises */
  CHECK(CVT(F32, BF16, 0x7f81, NONE, 0), 0x7f810000);
  CHECK(CVT(F32, BF16, 0xffc0, NONE, 0), 0xffc00000);
  CHECK(CVT(F32, BF16, 0x7f81, NONE, ST_FP_FTZ), CNAN);
  CHECK(CVT(F64, F32, ONE, NONE, 0), DONE);
  CHECK(CVT(F64, F32, SUBMIN, NONE, 0), 0x36a0000000000000); /* 2^-149 */
  CHECK(CVT(F64, F32, SUBMIN, NONE, ST_FP_FTZ), 0);
  CHECK(CVT(F64, F32, 0x7fc00001, NONE, 0), 0x7ff8000020000000);
  CHECK(CVT(F64, F32, 0x7f800001, NONE, 0), 0x7ff8000020000000);
  CHECK(CVT(F64, F32, 0xffc00000, NONE, 0), 0xfff8000000000000);
  /* .ftz reads the f32 through FMUL.FTZ, which makes any NaN 0x7fffffff
   * (silicon decided) */
  CHECK(CVT(F64, F32, 0xffc00000, NONE, ST_FP_FTZ), 0x7fffffffe0000000);
  CHECK(CVT(F64, F32, 0x7f800001, NONE, ST_FP_FTZ), 0x7fffffffe0000000);
  CHECK(CVT(F64, F16, 0x3c00, NONE, 0), DONE);
  CHECK(CVT(F16, BF16, 0x3f81 /* 1 + 2^-7 */, RN, 0), 0x3c08);
  CHECK(CVT(BF16, F16, 0x3c01 /* 1 + 2^-10 */, RN, 0), 0x3f80);
  CHECK(CVT(BF16, F16, 0x3c01, RP, 0), 0x3f81);
  CHECK(CVT(F16, BF16, 0x4780 /* 65536 */, RN, 0), 0x7c00);
  /* f64 -> f32 */
  CHECK(CVT(F32, F64, 0x3ff0000010000000 /* 1 + 2^-24 */, RN, 0), ONE);
  CHECK(CVT(F32, F64, 0x3ff0000010000000, RP, 0), 0x3f800001);
  CHECK(CVT(F32, F64, 0x3ff0000010000001, RN, 0), 0x3f800001);
  /* a NaN keeps its sign and top payload bits, quieted (silicon decided) */
  CHECK(CVT(F32, F64, 0x7ff8000000000123, RN, 0), 0x7fc00000);
  CHECK(CVT(F32, F64, 0xfff0000000054321, RZ, 0), 0xffc00000);
  CHECK(CVT(F32, F64, 0x7ff4bc473c031662, RM, 0), 0x7fe5e239);
  CHECK(CVT(F32, F64, 0x7ff4bc473c031662, RN, ST_FP_FTZ), 0x7fe5e239);
  CHECK(CVT(F16, F64, 0xfff0000000054321, RP, 0), 0xfe00);
  CHECK(CVT(F16, F64, 0x7ff4bc473c031662, RN, 0), 0x7f2f);
  CHECK(CVT(BF16, F64, 0x7ff4bc473c031662, RN, 0), 0x7fe5);
  CHECK(CVT(F32, F64, 0x3690000000000000 /* 2^-150 */, RN, 0), P0);
  CHECK(CVT(F32, F64, 0x3690000000000000, RP, 0), SUBMIN);
  CHECK(CVT(F32, F64, 0x7e37e43c8800759c /* 1e300 */, RN, 0), PINF);
  CHECK(CVT(F32, F64, 0x7e37e43c8800759c, RZ, 0), FMAX);
  CHECK(CVT(F32, F64, 0xfe37e43c8800759c, RP, 0), NFMAX);
  CHECK(CVT(F32, F64, 0x37d0000000000000 /* 2^-130 */, RN, 0), 0x00080000);
  CHECK(CVT(F32, F64, 0x37d0000000000000, RN, ST_FP_FTZ), P0);
  /* .ftz tininess as for arithmetic: 2^-126 - 2^-150 flushes, 2^-126 - 2^-151
   * rounds (24 bits, tie to even) to FLT_MIN */
  CHECK(CVT(F32, F64, 0x380fffffe0000000, RN, 0), NORMMIN);
  CHECK(CVT(F32, F64, 0x380fffffe0000000, RN, ST_FP_FTZ), P0);
  CHECK(CVT(F32, F64, 0x380ffffff0000000, RN, ST_FP_FTZ), NORMMIN);
  CHECK(CVT(F32, F64, 0x380ffffff0000000, RZ, ST_FP_FTZ), P0);
  CHECK(CVT(F32, F64, 0xb80fffffe0000001, RM, ST_FP_FTZ), NORMMIN | N0);
  CHECK(CVT(F32, F64, DTWO, RN, ST_FP_SAT), ONE);
  CHECK(CVT(F32, F64, 0xbfe0000000000000, RN, ST_FP_SAT), P0);
  CHECK(CVT(F32, F64, 0x7ff8000000000000, RN, ST_FP_SAT), P0);
  CHECK(CVT(F16, F64, 0x3ff0020000000001 /* just above 1 + 2^-11 */, RN, 0), 0x3c01);
  /* same-size rounding to an integral value */
  CHECK(CVT(F32, F32, 0x40200000, RNI, 0), TWO);
  CHECK(CVT(F32, F32, 0xbf000000 /* -0.5 */, RNI, 0), N0);
  CHECK(CVT(F32, F32, 0x3e99999a /* 0.3 */, RPI, 0), ONE);
  CHECK(CVT(F32, F32, 0xbe99999a, RPI, 0), N0);
  CHECK(CVT(F32, F32, 0xbe99999a, RMI, 0), MONE);
  CHECK(CVT(F32, F32, 0x501502f9 /* 1e10 */, RZI, 0), 0x501502f9);
  CHECK(CVT(F32, F32, QNAN, RZI, 0), CNAN);
  CHECK(CVT(F32, F32, SUBMIN, RPI, 0), ONE);
  CHECK(CVT(F32, F32, SUBMIN, RPI, ST_FP_FTZ), P0);
  CHECK(CVT(F32, F32, SUBMIN, NONE, ST_FP_FTZ), P0);
  CHECK(CVT(F32, F32, SUBMIN, NONE, 0), SUBMIN);
  CHECK(CVT(F64, F64, 0xbff8000000000000 /* -1.5 */, RMI, 0), 0xc000000000000000);
  CHECK(CVT(F64, F64, 0xbff8000000000000, RNI, 0), 0xc000000000000000);
  CHECK(CVT(F64, F64, DSNAN_P, RNI, 0), 0x7ff8000000000456);
  CHECK(CVT(F16, F16, 0x4100 /* 2.5 */, RNI, 0), 0x4000);
  CHECK(CVT(F16, F16, 0x4100, RPI, 0), 0x4200);
  CHECK(CVT(BF16, BF16, 0xbfe0 /* -1.75 */, RZI, 0), 0xbf80);
}

static void cvt_int_to_int(void **state) {
  (void)state;
  CHECK(CVT(S32, S8, 0x80, NONE, 0), 0xffffff80);
  CHECK(CVT(U32, S8, 0xff, NONE, 0), 0xffffffff);
  CHECK(CVT(S32, U8, 0xff, NONE, 0), 0xff);
  CHECK(CVT(U8, U32, 0x1234, NONE, 0), 0x34);
  CHECK(CVT(S16, S64, 0xffffffff00018000, NONE, 0), 0x8000);
  CHECK(CVT(U8, U32, 0x1234, NONE, ST_FP_SAT), 0xff);
  CHECK(CVT(S8, S32, (uint32_t)-200, NONE, ST_FP_SAT), 0x80);
  CHECK(CVT(S8, S32, 200, NONE, ST_FP_SAT), 0x7f);
  CHECK(CVT(S8, U8, 0x90, NONE, ST_FP_SAT), 0x7f);
  CHECK(CVT(U8, S8, 0x90, NONE, ST_FP_SAT), 0);
  CHECK(CVT(U32, S32, 0xffffffff, NONE, ST_FP_SAT), 0);
  CHECK(CVT(S32, U32, 0xffffffff, NONE, ST_FP_SAT), 0x7fffffff);
  CHECK(CVT(U64, S64, (uint64_t)-5, NONE, ST_FP_SAT), 0);
  CHECK(CVT(S64, U64, UINT64_MAX, NONE, ST_FP_SAT), 0x7fffffffffffffff);
  CHECK(CVT(S32, S64, 0x8000000000000000, NONE, ST_FP_SAT), 0x80000000);
  CHECK(CVT(S64, S32, 0xffffffff, NONE, 0), UINT64_MAX);
  CHECK(CVT(U64, U32, 0xdeadbeef00000005, NONE, 0), 5);
  CHECK(CVT(U64, S16, 0x8000, NONE, 0), 0xffffffffffff8000);
}

/* ---- 16-bit float arithmetic ---- */

static void f16_arith(void **state) {
  (void)state;
  CHECK(st_f16_add(0x3c00, 0x3c00, 0), 0x4000);
  CHECK(st_f16_add(0x3c00, 0x1000 /* 2^-11 */, 0), 0x3c00);  /* halfway -> even */
  CHECK(st_f16_add(0x3c01, 0x1000, 0), 0x3c02);
  CHECK(st_f16_add(0x7bff, 0x7bff, 0), 0x7c00);
  /* 65504 + 16 is the tie between 65504 (odd) and 65536: even = overflow */
  CHECK(st_f16_add(0x7bff, 0x4c00 /* 16 */, 0), 0x7c00);
  CHECK(st_f16_add(0x7bff, 0x4b00 /* 14 */, 0), 0x7bff);
  CHECK(st_f16_add(0x3c00, 0xbc00, 0), 0x0000);
  CHECK(st_f16_add(0x8000, 0x8000, 0), 0x8000);
  CHECK(st_f16_add(0x3c00, 0x3c00, ST_FP_SAT), 0x3c00);
  CHECK(st_f16_sub(0x3800, 0x3c00, ST_FP_SAT), 0x0000);
  CHECK(st_f16_sub(0x7c00, 0x7c00, 0), 0x7fff);
  CHECK(st_f16_add(0x7e00, 0x3c00, 0), 0x7fff);
  CHECK(st_f16_add(0x7d00, 0x3c00, ST_FP_SAT), 0x0000);
  CHECK(st_f16_add(0x0001, 0x0000, 0), 0x0001);
  CHECK(st_f16_add(0x0001, 0x0000, ST_FP_FTZ), 0x0000);
  CHECK(st_f16_add(0x8001, 0x8000, ST_FP_FTZ), 0x8000);
  /* products: 2^-24 * 0.5 = 2^-25 ties to 0; -1 * +0 = -0 */
  CHECK(st_f16_mul(0x0001, 0x3800, 0), 0x0000);
  CHECK(st_f16_mul(0x0001, 0x3e00 /* 1.5 */, 0), 0x0002);
  CHECK(st_f16_mul(0xbc00, 0x0000, 0), 0x8000);
  CHECK(st_f16_mul(0x5c00, 0x5c00, 0), 0x7c00); /* 256^2 overflows */
  CHECK(st_f16_mul(0x5bff, 0x5bff, 0), 0x7bfe); /* 255.875^2 = 65472.02 */
  CHECK(st_f16_mul(0x0400, 0x3800, 0), 0x0200);   /* 2^-15: subnormal */
  CHECK(st_f16_mul(0x0400, 0x3800, ST_FP_FTZ), 0x0000);
  /* .ftz tininess (silicon decided): (1 - 2^-11) * 2^-14 rounds to the
   * smallest normal with subnormal precision but lies below it at 11 bits */
  CHECK(st_f16_mul(0x3bff, 0x0400, 0), 0x0400);
  CHECK(st_f16_mul(0x3bff, 0x0400, ST_FP_FTZ), 0x0000);
  CHECK(st_f16_mul(0x3bff, 0x8400, ST_FP_FTZ), 0x8000);
  /* fma is fused: (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 = 0x0010 */
  CHECK(st_f16_fma(0x3c01, 0x3c01, 0xbc02, 0), 0x0010);
  CHECK(st_f16_fma(0x3c01, 0x3c01, 0xbc02, ST_FP_FTZ), 0x0000);
  CHECK(st_f16_fma(0x4000, 0x4000, 0xbc00, ST_FP_SAT), 0x3c00);
  CHECK(st_f16_neg(0x3c00, 0), 0xbc00);
  CHECK(st_f16_neg(0x7e00, 0), 0x7fff);
  CHECK(st_f16_abs(0x8001, ST_FP_FTZ), 0x0000);
  CHECK(st_f16_abs(0x8001, 0), 0x0001);
  CHECK(st_f16_min(0x8000, 0x0000, 0), 0x8000);
  CHECK(st_f16_max(0x8000, 0x0000, 0), 0x0000);
  CHECK(st_f16_min(0x7e00, 0x3c00, 0), 0x3c00);
  CHECK(st_f16_min(0x7e00, 0x3c00, ST_FP_NANMODE), 0x7fff);
  CHECK(st_f16_max(0x7e00, 0xfe00, 0), 0x7fff);

  CHECK(st_bf16_add(0x3f80, 0x3b80 /* 2^-8: a tie */), 0x3f80);
  CHECK(st_bf16_add(0x3f80, 0x3b81 /* 2^-8 + 2^-15 */), 0x3f81);
  CHECK(st_bf16_add(0x3f80, 0x0d80 /* 2^-100 */), 0x3f80);
  CHECK(st_bf16_sub(0x3f80, 0x3f80), 0x0000);
  CHECK(st_bf16_mul(0x3fc0 /* 1.5 */, 0x3fc0), 0x4010);
  CHECK(st_bf16_mul(0x7f7f, 0x4000), 0x7f80);
  /* fused: (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 */
  CHECK(st_bf16_fma(0x3f81, 0x3f81, 0xbf82), 0x3880);
  /* 1.75 * 0.578125 = 1 + 3*2^-8 (a tie) minus 2^-100: the exact sum is just
   * below the tie, so it rounds down; rounding via double first would not. */
  CHECK(st_bf16_fma(0x3fe0, 0x3f14, 0x8d80), 0x3f81);
  CHECK(st_bf16_fma(0x3fe0, 0x3f14, 0x0000), 0x3f82);
  CHECK(st_bf16_fma(0x7f80, 0x0000, 0x3f80), 0x7fff);
  CHECK(st_bf16_neg(0x3f80), 0xbf80);
  CHECK(st_bf16_abs(0xff80), 0x7f80);
  CHECK(st_bf16_min(0x8000, 0x0000, 0), 0x8000);
  CHECK(st_bf16_max(0x7fc0, 0x3f80, 0), 0x3f80);

  /* packed: lanes are independent, [15:0] and [31:16] */
  CHECK(st_x2_add(PT_F16X2, 0x3c003c00, 0x3c00bc00, 0), 0x40000000);
  CHECK(st_x2_sub(PT_F16X2, 0x3c004000, 0x3c003c00, 0), 0x00003c00);
  CHECK(st_x2_mul(PT_BF16X2, 0x40003f80, 0x40004000, 0), 0x40804000);
  CHECK(st_x2_fma(PT_F16X2, 0x3c013c00, 0x3c013c00, 0xbc023c00, 0), 0x00104000);
  CHECK(st_x2_min(PT_F16X2, 0x7e008000, 0x3c000000, 0), 0x3c008000);
  CHECK(st_x2_max(PT_BF16X2, 0x3f800000, 0x40008000, 0), 0x40000000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(f32_add_rounding),  cmocka_unit_test(f32_overflow),
      cmocka_unit_test(f32_signed_zero),   cmocka_unit_test(f32_nan_rules),
      cmocka_unit_test(f32_subnormals_ftz), cmocka_unit_test(f32_saturate),
      cmocka_unit_test(f32_fma_fused),     cmocka_unit_test(f32_div_sqrt_rcp),
      cmocka_unit_test(f32_min_max),       cmocka_unit_test(f32_sign_ops),
      cmocka_unit_test(f32_testp_cmp),     cmocka_unit_test(f64_arith),
      cmocka_unit_test(f64_nan_rules),     cmocka_unit_test(f32_approx_specials),
      cmocka_unit_test(f64_approx),        cmocka_unit_test(cvt_float_to_int),
      cmocka_unit_test(cvt_int_to_float),  cmocka_unit_test(cvt_float_to_float),
      cmocka_unit_test(cvt_int_to_int),    cmocka_unit_test(f16_arith),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
