/* Bit-exact integer and bit-manipulation semantics of PTX instructions.
 *
 * Integer values travel as uint64_t holding the type's bits in the low bits;
 * bits above the type's width are ignored on input and are zero in results
 * (an .sN result is not sign-extended: the caller widens it if it must).
 * `type` arguments are PT_U16..PT_S64 / PT_B16..PT_B64 as the instruction
 * names them; widths 16, 32 and 64 are supported unless stated otherwise.
 * All functions are pure. */
#ifndef SIMTREF_FUNC_INTARITH_H
#define SIMTREF_FUNC_INTARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ir.h"
#include "ptx/types.h"

/* Width in bits of an integer type (8..64). */
static inline unsigned st_int_bits(st_ptype t) { return st_ptype_size(t) * 8u; }

/* All-ones mask of the type's width. */
static inline uint64_t st_int_mask(st_ptype t) {
  unsigned w = st_int_bits(t);
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* The value of a's low bits as a signed 64-bit number when t is signed
 * (sign-extended), else zero-extended. */
static inline int64_t st_int_sext(uint64_t a, st_ptype t) {
  unsigned w = st_int_bits(t);
  if (w >= 64) {
    return (int64_t)a;
  }
  a &= st_int_mask(t);
  if (st_ptype_is_signed(t) && ((a >> (w - 1)) & 1)) {
    a |= ~st_int_mask(t);
  }
  return (int64_t)a;
}

/* popc.b32: number of one bits. */
static inline uint32_t st_popc32(uint32_t a) { return (uint32_t)__builtin_popcount(a); }
/* popc.b64: number of one bits. */
static inline uint32_t st_popc64(uint64_t a) { return (uint32_t)__builtin_popcountll(a); }

/* clz.b32: leading zeros, 32 for a zero input. */
static inline uint32_t st_clz32(uint32_t a) { return a ? (uint32_t)__builtin_clz(a) : 32u; }
/* clz.b64: leading zeros, 64 for a zero input. */
static inline uint32_t st_clz64(uint64_t a) { return a ? (uint32_t)__builtin_clzll(a) : 64u; }

/* brev.b32: bit reversal. */
uint32_t st_brev32(uint32_t a);
/* brev.b64: bit reversal. */
uint64_t st_brev64(uint64_t a);

/* lop3.b32 d, a, b, c, immLut: bit i of d is bit (a_i*4 + b_i*2 + c_i) of lut
 * (so lut = F(0xf0, 0xcc, 0xaa) for the function F). */
static inline uint32_t st_lop3(uint32_t a, uint32_t b, uint32_t c, uint8_t lut) {
  uint32_t d = 0;
  for (unsigned k = 0; k < 8; k++) {
    if ((lut >> k) & 1) {
      d |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
    }
  }
  return d;
}

/* shl.bN: a << n; amounts >= N give 0 (clamped to N). */
uint64_t st_shl(uint64_t a, uint32_t n, st_ptype type);
/* shr.{bN,uN,sN}: a >> n; amounts >= N are clamped to N, so .sN fills with the
 * sign and the others give 0. */
uint64_t st_shr(uint64_t a, uint32_t n, st_ptype type);

/* shf.{l,r}.{clamp,wrap}.b32 d, a, b, c: funnel shift of the 64-bit value
 * {b, a} (b is the upper word) by c (min(c, 32) when clamp, c & 31 when
 * wrap); .l returns the upper 32 bits, .r the lower 32 bits. */
uint32_t st_shf(uint32_t a, uint32_t b, uint32_t c, bool left, bool clamp);

/* bfind{.shiftamt}.{u32,u64,s32,s64}: position of the most significant
 * non-sign bit, or 0xffffffff when there is none. */
uint32_t st_bfind(uint64_t a, st_ptype type, bool shiftamt);

/* bfe.{u32,u64,s32,s64} d, a, pos, len: bit-field extract with the manual's
 * clamping; pos and len use their low 8 bits for 32-bit types and all 32 bits
 * for 64-bit types (as silicon does). */
uint64_t st_bfe(uint64_t a, uint32_t pos, uint32_t len, st_ptype type);

/* bfi.{b32,b64} f, a, b, pos, len: insert a's low len bits into b at pos
 * (pos and len as for st_bfe; bits past the msb are dropped). */
uint64_t st_bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, st_ptype type);

/* prmt.b32{.mode} d, a, b, c: byte permute of {b, a}; mode is the IR's
 * st_prmt_mode (PRMT_DEFAULT: the generic 16-bit selector form). */
uint32_t st_prmt(uint32_t a, uint32_t b, uint32_t c, st_prmt_mode mode);

/* sad.type d, a, b, c: c + |a - b| (computed in the type, wrapping). */
uint64_t st_sad(uint64_t a, uint64_t b, uint64_t c, st_ptype type);

/* mul.lo.type: the low N bits of a * b. */
uint64_t st_mul_lo(uint64_t a, uint64_t b, st_ptype type);
/* mul.hi.type: the high N bits of the 2N-bit product (signed or unsigned). */
uint64_t st_mul_hi(uint64_t a, uint64_t b, st_ptype type);
/* mul.wide.{u16,s16,u32,s32}: the full 2N-bit product. */
uint64_t st_mul_wide(uint64_t a, uint64_t b, st_ptype type);
/* mul24.{hi,lo}.{u32,s32}: product of the low 24 bits of a and b
 * (sign-extended for .s32); .lo gives bits 31..0 and .hi bits 47..16 of the
 * 48-bit product. */
uint32_t st_mul24(uint32_t a, uint32_t b, bool hi, bool is_signed);

/* dp4a.atype.btype d, a, b, c: c + sum of the four byte products. */
uint32_t st_dp4a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed);
/* dp2a.{lo,hi}.atype.btype d, a, b, c: c + sum of a's two 16-bit halves times
 * bytes 0,1 (.lo) or 2,3 (.hi) of b. */
uint32_t st_dp2a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed, bool hi);

/* div.type: a / b truncating toward zero. Division by zero and the signed
 * overflow give the GPU's results (docs/arith.md): x / 0 is all ones (-1 for
 * .sN) whatever x is; MIN / -1 = MIN. */
uint64_t st_div(uint64_t a, uint64_t b, st_ptype type);
/* rem.type: a - (a / b) * b, with the sign of a. x % 0 is all ones, like
 * div; MIN % -1 = 0. */
uint64_t st_rem(uint64_t a, uint64_t b, st_ptype type);

/* setp.cmp.type for integer types: eq ne lt le gt ge compare signed for .sN
 * and unsigned otherwise; lo ls hi hs compare unsigned. Float-only
 * operators give false. */
bool st_int_cmp(uint64_t a, uint64_t b, st_ptype type, st_cmp cmp);

#endif
