/* The integer library against examples worked by hand from the PTX manual's
 * pseudocode: bit counts, shifts and funnel shifts, bfind/bfe/bfi clamping,
 * prmt in every mode, lop3, sad, the multiplies, dp4a/dp2a, and the GPU's
 * division-by-zero and overflow results. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "func/intarith.h"

static void check_bits(uint64_t got, uint64_t want, const char *what, const char *file, int line) {
  if (got != want) {
    print_error("%s = 0x%llx, expected 0x%llx\n", what, (unsigned long long)got,
                (unsigned long long)want);
    _fail(file, line);
  }
}
#define CHECK(expr, want) check_bits((uint64_t)(expr), (uint64_t)(want), #expr, __FILE__, __LINE__)

static void counts(void **state) {
  (void)state;
  CHECK(st_popc32(0), 0);
  CHECK(st_popc32(0xffffffffu), 32);
  CHECK(st_popc64(UINT64_C(0x8000000000000001)), 2);
  CHECK(st_clz32(0), 32);
  CHECK(st_clz32(1), 31);
  CHECK(st_clz32(0x80000000u), 0);
  CHECK(st_clz64(0), 64);
  CHECK(st_clz64(0x100000000ull), 31);
  CHECK(st_brev32(1), 0x80000000u);
  CHECK(st_brev32(0x12345678u), 0x1e6a2c48u);
  CHECK(st_brev64(1), UINT64_C(0x8000000000000000));
  CHECK(st_brev64(UINT64_C(0x00000000000000f1)), UINT64_C(0x8f00000000000000));
}

static void lop3(void **state) {
  (void)state;
  /* The manual defines immLut as F(0xf0, 0xcc, 0xaa): applied to those very
   * operands every lut must come back, replicated in each byte. */
  for (unsigned lut = 0; lut < 256; lut++) {
    CHECK(st_lop3(0xf0f0f0f0u, 0xccccccccu, 0xaaaaaaaau, (uint8_t)lut), lut * 0x01010101u);
  }
  CHECK(st_lop3(0x12345678u, 0xffff0000u, 0x0f0f0f0fu, 0x96), 0x12345678u ^ 0xffff0000u ^ 0x0f0f0f0fu);
  CHECK(st_lop3(0xff00ff00u, 0xf0f0f0f0u, 0xccccccccu, 0xe8), 0xfcc0fcc0u); /* majority */
}

static void shifts(void **state) {
  (void)state;
  CHECK(st_shl(1, 31, PT_B32), 0x80000000u);
  CHECK(st_shl(1, 32, PT_B32), 0);
  CHECK(st_shl(1, 0xffffffffu, PT_B32), 0);
  CHECK(st_shl(0x00ff, 8, PT_B16), 0xff00);
  CHECK(st_shl(0x00ff, 12, PT_B16), 0xf000);
  CHECK(st_shl(0x00ff, 16, PT_B16), 0);
  CHECK(st_shl(1, 63, PT_B64), UINT64_C(0x8000000000000000));
  CHECK(st_shl(1, 64, PT_B64), 0);
  CHECK(st_shr(0x80000000u, 31, PT_S32), 0xffffffffu);
  CHECK(st_shr(0x80000000u, 100, PT_S32), 0xffffffffu);
  CHECK(st_shr(0x80000010u, 4, PT_S32), 0xf8000001u);
  CHECK(st_shr(0x7fffffffu, 100, PT_S32), 0);
  CHECK(st_shr(0x7fffffffu, 30, PT_S32), 1);
  CHECK(st_shr(0x80000000u, 31, PT_U32), 1);
  CHECK(st_shr(0x80000000u, 32, PT_U32), 0);
  CHECK(st_shr(0x80000000u, 32, PT_B32), 0);
  CHECK(st_shr(0x8000, 20, PT_S16), 0xffff);
  CHECK(st_shr(0x8000, 20, PT_U16), 0);
  CHECK(st_shr(UINT64_C(0x8000000000000000), 64, PT_S64), UINT64_MAX);
  CHECK(st_shr(UINT64_C(0x8000000000000000), 63, PT_U64), 1);

  /* shf: {b, a} = 0x9abcdef0_12345678 */
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 8, true, false), 0xbcdef012u);
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 8, false, false), 0xf0123456u);
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 40, true, false), 0xbcdef012u);  /* wrap: 8 */
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 40, true, true), 0x12345678u);   /* clamp: 32 */
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 40, false, true), 0x9abcdef0u);
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 32, true, false), 0x9abcdef0u);  /* wrap: 0 */
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 32, false, false), 0x12345678u);
  CHECK(st_shf(0x12345678u, 0x9abcdef0u, 0, true, true), 0x9abcdef0u);
  CHECK(st_shf(0x80000001u, 0x80000001u, 1, true, true), 0x00000003u);   /* rotate left */
  CHECK(st_shf(0x80000001u, 0x80000001u, 1, false, true), 0xc0000000u);  /* rotate right */
}

static void bfind(void **state) {
  (void)state;
  CHECK(st_bfind(0, PT_U32, false), 0xffffffffu);
  CHECK(st_bfind(0, PT_U32, true), 0xffffffffu);
  CHECK(st_bfind(1, PT_U32, false), 0);
  CHECK(st_bfind(1, PT_U32, true), 31);
  CHECK(st_bfind(0x80000000u, PT_U32, false), 31);
  CHECK(st_bfind(0x80000000u, PT_U32, true), 0);
  CHECK(st_bfind(0xffffffffu, PT_S32, false), 0xffffffffu); /* -1: no 0 bit */
  CHECK(st_bfind(0xfffffff0u, PT_S32, false), 3);
  CHECK(st_bfind(0xfffffff0u, PT_S32, true), 28);
  CHECK(st_bfind(0x7fffffffu, PT_S32, false), 30);
  CHECK(st_bfind(0x80000000u, PT_S32, false), 30);
  CHECK(st_bfind(UINT64_C(0x8000000000000000), PT_S64, false), 62);
  CHECK(st_bfind(UINT64_C(1) << 40, PT_U64, false), 40);
  CHECK(st_bfind(UINT64_C(1) << 40, PT_U64, true), 23);
  CHECK(st_bfind(UINT64_C(0xffffffff00000000), PT_U32, false), 0xffffffffu); /* upper bits ignored */
}

static void bfe_bfi(void **state) {
  (void)state;
  CHECK(st_bfe(0x12345678u, 4, 8, PT_U32), 0x67);
  CHECK(st_bfe(0x12345678u, 4, 8, PT_S32), 0x67);          /* field msb (bit 11) is 0 */
  CHECK(st_bfe(0x000000f0u, 4, 4, PT_S32), 0xffffffffu);   /* field 0xf, msb 1 */
  CHECK(st_bfe(0x000000f0u, 4, 4, PT_U32), 0xf);
  CHECK(st_bfe(0xffffffffu, 4, 0, PT_S32), 0);             /* len 0 */
  CHECK(st_bfe(0xffffffffu, 40, 5, PT_U32), 0);            /* start beyond msb */
  CHECK(st_bfe(0x80000000u, 40, 5, PT_S32), 0xffffffffu);  /* ... sign from a[31] */
  CHECK(st_bfe(0x7fffffffu, 40, 5, PT_S32), 0);
  CHECK(st_bfe(0x80000000u, 28, 8, PT_S32), 0xfffffff8u); /* field runs past the msb */
  CHECK(st_bfe(0x80000000u, 28, 8, PT_U32), 0x8);
  CHECK(st_bfe(0x12345678u, 0x104, 0x108, PT_U32), 0x67); /* only 8 bits of pos, len */
  CHECK(st_bfe(0x12345678u, 0, 255, PT_U32), 0x12345678u);
  CHECK(st_bfe(0x12345678u, 0, 32, PT_S32), 0x12345678u);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 32, 16, PT_U64), 0xba98);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 32, 16, PT_S64), UINT64_C(0xffffffffffffba98));
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 60, 8, PT_S64), UINT64_MAX);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 60, 8, PT_U64), 0xf);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 0, 64, PT_U64), UINT64_C(0xfedcba9876543210));
  /* The 64-bit forms use all 32 bits of pos and len (silicon decided, H200
   * sm_90; the manual's pseudocode masks them to 8 bits as the 32-bit forms do) */
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 4, 0x100, PT_U64), UINT64_C(0x0fedcba987654321));
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 4, 0x100, PT_S64), UINT64_C(0xffedcba987654321));
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 0x104, 8, PT_U64), 0);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 0x104, 8, PT_S64), UINT64_MAX); /* sign a[63] */
  CHECK(st_bfe(UINT64_C(0x7edcba9876543210), 0xffffffffu, 0xffffffffu, PT_S64), 0);
  CHECK(st_bfe(UINT64_C(0xfedcba9876543210), 8, 0x80000000u, PT_U64), UINT64_C(0xfedcba98765432));

  CHECK(st_bfi(0xff, 0, 8, 4, PT_B32), 0x00000f00u);
  CHECK(st_bfi(0xff, 0, 30, 8, PT_B32), 0xc0000000u);     /* bits past the msb dropped */
  CHECK(st_bfi(0xff, 0x12345678u, 8, 0, PT_B32), 0x12345678u);
  CHECK(st_bfi(0xff, 0x12345678u, 32, 8, PT_B32), 0x12345678u);
  CHECK(st_bfi(0xff, 0x12345678u, 0x108, 0x204, PT_B32), 0x12345f78u);
  CHECK(st_bfi(0, 0xffffffffu, 0, 32, PT_B32), 0);
  CHECK(st_bfi(0xffff, UINT64_C(0x1111111111111111), 60, 16, PT_B64), UINT64_C(0xf111111111111111));
  CHECK(st_bfi(0xabcd, 0, 16, 16, PT_B64), UINT64_C(0xabcd0000));
  /* 64-bit: all 32 bits of pos and len (silicon decided, see bfe above) */
  CHECK(st_bfi(0xabcd, UINT64_C(0x1111111111111111), 0x110, 16, PT_B64),
        UINT64_C(0x1111111111111111));
  CHECK(st_bfi(UINT64_C(0x9181b274afdd2410), UINT64_C(0xffffffffffffffc5), 5, 0x100, PT_B64),
        UINT64_C(0x30364e95fba48205));
  CHECK(st_bfi(0x7fff, 0xff, 45, 0xda551500u, PT_B64), UINT64_C(0x0fffe000000000ff));
}

static void prmt(void **state) {
  (void)state;
  const uint32_t a = 0x33221100u, b = 0x77665544u; /* bytes 0..7 = 0x00..0x77 */
  CHECK(st_prmt(a, b, 0x3210, PRMT_DEFAULT), 0x33221100u);
  CHECK(st_prmt(a, b, 0x7654, PRMT_DEFAULT), 0x77665544u);
  CHECK(st_prmt(a, b, 0x0123, PRMT_DEFAULT), 0x00112233u);
  CHECK(st_prmt(a, b, 0x4444, PRMT_DEFAULT), 0x44444444u);
  CHECK(st_prmt(a, b, 0xffff3210u, PRMT_DEFAULT), 0x33221100u); /* only c[15:0] */
  /* msb of a selector replicates the byte's sign */
  CHECK(st_prmt(0x0000807fu, 0, 0x9898, PRMT_DEFAULT), 0xff00ff00u);
  CHECK(st_prmt(0x0000807fu, 0, 0x1010, PRMT_DEFAULT), 0x807f807fu);
  CHECK(st_prmt(a, b, 1, PRMT_F4E), 0x44332211u);
  CHECK(st_prmt(a, b, 3, PRMT_F4E), 0x66554433u);
  CHECK(st_prmt(a, b, 0, PRMT_B4E), 0x55667700u);
  CHECK(st_prmt(a, b, 3, PRMT_B4E), 0x00112233u);
  CHECK(st_prmt(a, b, 2, PRMT_RC8), 0x22222222u);
  CHECK(st_prmt(a, b, 1, PRMT_ECL), 0x33221111u);
  CHECK(st_prmt(a, b, 2, PRMT_ECL), 0x33222222u);
  CHECK(st_prmt(a, b, 2, PRMT_ECR), 0x22221100u);
  CHECK(st_prmt(a, b, 1, PRMT_ECR), 0x11111100u);
  CHECK(st_prmt(a, b, 1, PRMT_RC16), 0x33223322u);
  CHECK(st_prmt(a, b, 0, PRMT_RC16), 0x11001100u);
  CHECK(st_prmt(a, b, 0x105, PRMT_RC8), 0x11111111u); /* c[1:0] only */
}

static void sad_mul(void **state) {
  (void)state;
  CHECK(st_sad(1, 3, 10, PT_U32), 12);
  CHECK(st_sad(0xffffffffu, 3, 0, PT_S32), 4);             /* |-1 - 3| */
  CHECK(st_sad(0, 0xffffffffu, 0, PT_U32), 0xffffffffu);
  CHECK(st_sad(0, 0xffffffffu, 0, PT_S32), 1);
  CHECK(st_sad(0x8000, 0x7fff, 0, PT_S16), 0xffff);         /* 32767 - (-32768) wraps */

  CHECK(st_mul_lo(0x10000, 0x10000, PT_U32), 0);
  CHECK(st_mul_lo(0xffffffffu, 2, PT_S32), 0xfffffffeu);
  CHECK(st_mul_hi(0xffffffffu, 0xffffffffu, PT_U32), 0xfffffffeu);
  CHECK(st_mul_hi(0xffffffffu, 0xffffffffu, PT_S32), 0);       /* (-1)(-1) = 1 */
  CHECK(st_mul_hi(0xffffffffu, 2, PT_S32), 0xffffffffu);       /* -2 */
  CHECK(st_mul_hi(0x80000000u, 0x80000000u, PT_S32), 0x40000000u);
  CHECK(st_mul_hi(0x8000, 0x8000, PT_U16), 0x4000);
  CHECK(st_mul_hi(0x8000, 0x7fff, PT_S16), 0xc000);            /* -2^15 * (2^15-1) */
  CHECK(st_mul_hi(UINT64_MAX, UINT64_MAX, PT_U64), UINT64_C(0xfffffffffffffffe));
  CHECK(st_mul_hi(UINT64_MAX, 1, PT_S64), UINT64_MAX);
  CHECK(st_mul_hi(UINT64_C(0x8000000000000000), UINT64_C(0x8000000000000000), PT_S64),
        UINT64_C(0x4000000000000000));
  CHECK(st_mul_hi(UINT64_C(0x100000000), UINT64_C(0x100000000), PT_U64), 1);
  CHECK(st_mul_wide(0xfffe, 3, PT_S16), 0xfffffffau);          /* -2 * 3 */
  CHECK(st_mul_wide(0xfffe, 3, PT_U16), 0x2fffa);
  CHECK(st_mul_wide(0xffffffffu, 0xffffffffu, PT_U32), UINT64_C(0xfffffffe00000001));
  CHECK(st_mul_wide(0xffffffffu, 0xffffffffu, PT_S32), 1);
  CHECK(st_mul_wide(0x80000000u, 2, PT_S32), UINT64_C(0xffffffff00000000));

  CHECK(st_mul24(0x00ffffffu, 2, false, false), 0x1fffffeu);
  CHECK(st_mul24(0xff000003u, 5, false, false), 15);           /* bits 31..24 ignored */
  CHECK(st_mul24(0x00ffffffu, 2, false, true), 0xfffffffeu);   /* -1 * 2 */
  CHECK(st_mul24(0x00ffffffu, 0x00ffffffu, true, false), 0xfffffe00u);
  CHECK(st_mul24(0x00ffffffu, 0x00ffffffu, true, true), 0);
  CHECK(st_mul24(0x00ffffffu, 0x10, true, true), 0xffffffffu); /* -16 >> 16 */
  CHECK(st_mul24(0x00800000u, 0x00800000u, true, true), 0x40000000u); /* (-2^23)^2 = 2^46 */

  CHECK(st_dp4a(0x01020304u, 0x01010101u, 10, false, false), 20);
  CHECK(st_dp4a(0xffffffffu, 0x01020304u, 0, true, true), 0xfffffff6u);
  CHECK(st_dp4a(0xff000000u, 0xff000000u, 0, false, true), 0xffffff01u); /* 255 * -1 */
  CHECK(st_dp4a(0xffffffffu, 0xffffffffu, 0, false, false), 4 * 255 * 255);
  CHECK(st_dp2a(0x00020003u, 0x04030201u, 0, false, false, false), 7);  /* 3*1 + 2*2 */
  CHECK(st_dp2a(0x00020003u, 0x04030201u, 0, false, false, true), 17);  /* 3*3 + 2*4 */
  CHECK(st_dp2a(0xffff0001u, 0x00000202u, 0, true, true, false), 0);    /* 1*2 + -1*2 */
  CHECK(st_dp2a(0xffff0001u, 0x00000202u, 5, false, true, false), 5 + 2 + 65535 * 2);
}

static void div_rem(void **state) {
  (void)state;
  CHECK(st_div(7, 2, PT_U32), 3);
  CHECK(st_rem(7, 2, PT_U32), 1);
  CHECK(st_div((uint32_t)-7, 2, PT_S32), 0xfffffffdu);
  CHECK(st_rem((uint32_t)-7, 2, PT_S32), 0xffffffffu);
  CHECK(st_rem(7, (uint32_t)-2, PT_S32), 1);
  CHECK(st_div(7, (uint32_t)-2, PT_S32), 0xfffffffdu);
  /* division by zero: all bits set, for div and rem, signed or not */
  CHECK(st_div(5, 0, PT_U32), 0xffffffffu);
  CHECK(st_div(0, 0, PT_U32), 0xffffffffu);
  CHECK(st_rem(5, 0, PT_U32), 0xffffffffu);
  CHECK(st_div(5, 0, PT_S32), 0xffffffffu);
  CHECK(st_div((uint32_t)-5, 0, PT_S32), 0xffffffffu);
  CHECK(st_rem((uint32_t)-5, 0, PT_S32), 0xffffffffu);
  CHECK(st_div(5, 0, PT_U64), UINT64_MAX);
  CHECK(st_rem(5, 0, PT_S64), UINT64_MAX);
  CHECK(st_div(5, UINT64_C(0xffffffff00000000), PT_U32), 0xffffffffu); /* b's low bits are 0 */
  CHECK(st_div(5, 0, PT_U16), 0xffff);
  CHECK(st_rem(0xfffb, 0, PT_S16), 0xffff);
  /* MIN / -1 */
  CHECK(st_div(0x80000000u, 0xffffffffu, PT_S32), 0x80000000u);
  CHECK(st_rem(0x80000000u, 0xffffffffu, PT_S32), 0);
  CHECK(st_div(UINT64_C(0x8000000000000000), UINT64_MAX, PT_S64), UINT64_C(0x8000000000000000));
  CHECK(st_rem(UINT64_C(0x8000000000000000), UINT64_MAX, PT_S64), 0);
  CHECK(st_div(0x8000, 0xffff, PT_S16), 0x8000);
  /* upper bits ignored */
  CHECK(st_div(UINT64_C(0xffffffff00000009), 3, PT_U32), 3);
}

static void compare(void **state) {
  (void)state;
  assert_true(st_int_cmp(0xffffffffu, 0, PT_S32, CMP_LT));
  assert_false(st_int_cmp(0xffffffffu, 0, PT_U32, CMP_LT));
  assert_true(st_int_cmp(0xffffffffu, 0, PT_S32, CMP_HI)); /* unsigned form */
  assert_true(st_int_cmp(0xffffffffu, 0, PT_S32, CMP_HS));
  assert_false(st_int_cmp(0xffffffffu, 0, PT_S32, CMP_LS));
  assert_true(st_int_cmp(0, 0xffffffffu, PT_U32, CMP_LO));
  assert_true(st_int_cmp(3, 3, PT_S32, CMP_LE));
  assert_true(st_int_cmp(3, 3, PT_S32, CMP_GE));
  assert_false(st_int_cmp(3, 3, PT_S32, CMP_GT));
  assert_true(st_int_cmp(UINT64_C(0x500000003), 3, PT_U32, CMP_EQ));
  assert_true(st_int_cmp(0x8000, 0x7fff, PT_S16, CMP_LT));
  assert_true(st_int_cmp(UINT64_C(0x8000000000000000), 0, PT_S64, CMP_LT));
  assert_true(st_int_cmp(UINT64_C(0x8000000000000000), 0, PT_U64, CMP_GT));
  assert_true(st_int_cmp(1, 2, PT_B32, CMP_NE));
  assert_false(st_int_cmp(1, 2, PT_U32, CMP_NAN));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(counts),  cmocka_unit_test(lop3),    cmocka_unit_test(shifts),
      cmocka_unit_test(bfind),   cmocka_unit_test(bfe_bfi), cmocka_unit_test(prmt),
      cmocka_unit_test(sad_mul), cmocka_unit_test(div_rem), cmocka_unit_test(compare),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
