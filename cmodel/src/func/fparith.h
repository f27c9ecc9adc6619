/* Bit-exact scalar floating-point semantics of PTX instructions.
 *
 * Every value travels as raw bits: uint32_t for .f32, uint64_t for .f64,
 * uint16_t for .f16/.bf16, uint32_t for the packed .f16x2/.bf16x2 pairs.
 * Rounding modes are st_rnd (RND_NONE means the instruction's default, which
 * is .rn wherever a default exists). Modifiers are an OR of ST_FP_* flags.
 *
 * Exact operations (add sub mul fma div sqrt rcp with .rn .rz .rm .rp, cvt,
 * min max abs neg, compares) return the bits a GPU returns, including the
 * NaN encodings of docs/arith.md. The .approx operations return a result
 * within the bound docs/arith.md states for each of them.
 *
 * All functions are pure and reentrant: they keep no state and leave the
 * host rounding mode at round-to-nearest when they return. */
#ifndef SIMTREF_FUNC_FPARITH_H
#define SIMTREF_FUNC_FPARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ir.h"
#include "ptx/types.h"

/* Instruction modifiers: an OR of these (other bits are ignored). They are
 * the IR's st_inst.flags bits, so an executor can pass inst->flags as is. */
enum {
  ST_FP_FTZ = IF_FTZ,         /* .ftz: subnormal inputs and results -> signed zero */
  ST_FP_SAT = IF_SAT,         /* .sat: clamp to [+0.0, 1.0], NaN -> +0.0 */
  ST_FP_NANMODE = IF_NAN,     /* min/max .NaN: any NaN input -> canonical NaN */
  ST_FP_ABS = IF_ABS,         /* min/max .abs: compare magnitudes */
  ST_FP_XORSIGN = IF_XORSIGN, /* min/max .xorsign (with ST_FP_ABS) */
  ST_FP_RELU = IF_RELU,       /* cvt .relu (f16/bf16 destination): negative -> +0 */
  ST_FP_SATFINITE = 1u << 30  /* cvt .satfinite (f16/bf16 destination); no IR flag yet */
};

/* NaN encodings produced by the GPU (docs/arith.md, "NaN rules"). */
#define ST_F32_CANON_NAN UINT32_C(0x7fffffff)
#define ST_F64_DEFAULT_NAN UINT64_C(0xfff8000000000000)
#define ST_F64_APPROX_NAN UINT64_C(0x7fffffff00000000)
#define ST_F16_CANON_NAN UINT16_C(0x7fff)
#define ST_BF16_CANON_NAN UINT16_C(0x7fff)

/* ---- f32: IEEE-exact operations ------------------------------------------
 * rnd: RND_NONE (= .rn), RND_RN, RND_RZ, RND_RM, RND_RP. mods: ST_FP_FTZ and,
 * where PTX allows it (add sub mul fma), ST_FP_SAT. A NaN result is always
 * ST_F32_CANON_NAN (or +0.0 under .sat). */

/* add{.rnd}{.ftz}{.sat}.f32: a + b correctly rounded. */
uint32_t st_f32_add(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods);
/* sub{.rnd}{.ftz}{.sat}.f32: a - b correctly rounded. */
uint32_t st_f32_sub(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods);
/* mul{.rnd}{.ftz}{.sat}.f32: a * b correctly rounded. */
uint32_t st_f32_mul(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods);
/* fma.rnd{.ftz}{.sat}.f32 (= mad.rnd.f32): a * b + c with one rounding. */
uint32_t st_f32_fma(uint32_t a, uint32_t b, uint32_t c, st_rnd rnd, unsigned mods);
/* div.rnd{.ftz}.f32: a / b correctly rounded. */
uint32_t st_f32_div(uint32_t a, uint32_t b, st_rnd rnd, unsigned mods);
/* sqrt.rnd{.ftz}.f32: correctly rounded square root (sqrt(-0) = -0). */
uint32_t st_f32_sqrt(uint32_t a, st_rnd rnd, unsigned mods);
/* rcp.rnd{.ftz}.f32: 1 / a correctly rounded. */
uint32_t st_f32_rcp(uint32_t a, st_rnd rnd, unsigned mods);

/* abs{.ftz}.f32: clears the sign; a NaN input gives ST_F32_CANON_NAN. */
uint32_t st_f32_abs(uint32_t a, unsigned mods);
/* neg{.ftz}.f32: flips the sign; a NaN input gives ST_F32_CANON_NAN. */
uint32_t st_f32_neg(uint32_t a, unsigned mods);
/* min{.ftz}{.NaN}{.xorsign.abs}.f32: the smaller value, -0.0 < +0.0; one NaN
 * input gives the other input, two (or .NaN and any) give ST_F32_CANON_NAN. */
uint32_t st_f32_min(uint32_t a, uint32_t b, unsigned mods);
/* max{.ftz}{.NaN}{.xorsign.abs}.f32: as st_f32_min, the larger value. */
uint32_t st_f32_max(uint32_t a, uint32_t b, unsigned mods);
/* copysign.f32 d, a, b: the magnitude of b with the sign of a (bit operation). */
uint32_t st_f32_copysign(uint32_t a, uint32_t b);
/* testp.op.f32. Zeros count as normal, as the manual says. */
bool st_f32_testp(uint32_t a, st_testp_op op);
/* setp.cmp{.ftz}.f32: cmp is an ordered (eq..ge), unordered (equ..geu), num or
 * nan operator; an integer-only operator (lo ls hi hs) gives false. */
bool st_f32_cmp(uint32_t a, uint32_t b, st_cmp cmp, unsigned mods);

/* ---- f32: approximate operations (bounds in docs/arith.md) --------------- */

/* rcp.approx{.ftz}.f32: 1/a, max 1 ulp. */
uint32_t st_f32_rcp_approx(uint32_t a, unsigned mods);
/* sqrt.approx{.ftz}.f32: relative error <= 2^-23. */
uint32_t st_f32_sqrt_approx(uint32_t a, unsigned mods);
/* rsqrt.approx{.ftz}.f32: 1/sqrt(a), relative error <= 2^-22.9. */
uint32_t st_f32_rsqrt_approx(uint32_t a, unsigned mods);
/* ex2.approx{.ftz}.f32: 2^a, max 2 ulp. */
uint32_t st_f32_ex2_approx(uint32_t a, unsigned mods);
/* lg2.approx{.ftz}.f32: log2(a); abs error 2^-22 on (0.5, 2), else rel 2^-22. */
uint32_t st_f32_lg2_approx(uint32_t a, unsigned mods);
/* sin.approx{.ftz}.f32: abs error 2^-20.5 on [-2pi, 2pi]. */
uint32_t st_f32_sin_approx(uint32_t a, unsigned mods);
/* cos.approx{.ftz}.f32: abs error 2^-20.5 on [-2pi, 2pi]. */
uint32_t st_f32_cos_approx(uint32_t a, unsigned mods);
/* tanh.approx.f32: relative error <= 2^-11; subnormals pass through. */
uint32_t st_f32_tanh_approx(uint32_t a);
/* div.approx{.ftz}.f32: a * (1/b), max 2 ulp for |b| in [2^-126, 2^126]; for
 * |b| in (2^126, 2^128) gives a signed zero (NaN when a is infinite). Without
 * .ftz a subnormal b first scales a and b by 2^24, as ptxas's sequence does. */
uint32_t st_f32_div_approx(uint32_t a, uint32_t b, unsigned mods);
/* div.full{.ftz}.f32: a / b, max 2 ulp over the full range. */
uint32_t st_f32_div_full(uint32_t a, uint32_t b, unsigned mods);

/* ---- f64 ------------------------------------------------------------------
 * A NaN input propagates its payload, quieted; with several NaN inputs b's
 * wins for add sub mul min max, then c's, then a's for fma, and a's for div
 * (docs/arith.md). A NaN created by the operation is ST_F64_DEFAULT_NAN. */

/* add.rnd.f64 */
uint64_t st_f64_add(uint64_t a, uint64_t b, st_rnd rnd);
/* sub.rnd.f64 */
uint64_t st_f64_sub(uint64_t a, uint64_t b, st_rnd rnd);
/* mul.rnd.f64 */
uint64_t st_f64_mul(uint64_t a, uint64_t b, st_rnd rnd);
/* fma.rnd.f64 (= mad.rnd.f64) */
uint64_t st_f64_fma(uint64_t a, uint64_t b, uint64_t c, st_rnd rnd);
/* div.rnd.f64 */
uint64_t st_f64_div(uint64_t a, uint64_t b, st_rnd rnd);
/* sqrt.rnd.f64 */
uint64_t st_f64_sqrt(uint64_t a, st_rnd rnd);
/* rcp.rnd.f64 */
uint64_t st_f64_rcp(uint64_t a, st_rnd rnd);
/* abs.f64: clears the sign bit; a NaN comes out quieted, sign unchanged. */
uint64_t st_f64_abs(uint64_t a);
/* neg.f64: flips the sign bit; a NaN comes out quieted, sign unchanged. */
uint64_t st_f64_neg(uint64_t a);
/* min.f64: -0.0 < +0.0; one NaN gives the other input; two give b quieted. */
uint64_t st_f64_min(uint64_t a, uint64_t b);
/* max.f64: as st_f64_min, the larger value. */
uint64_t st_f64_max(uint64_t a, uint64_t b);
/* copysign.f64 d, a, b: the magnitude of b with the sign of a. */
uint64_t st_f64_copysign(uint64_t a, uint64_t b);
/* testp.op.f64 */
bool st_f64_testp(uint64_t a, st_testp_op op);
/* setp.cmp.f64 (see st_f32_cmp). */
bool st_f64_cmp(uint64_t a, uint64_t b, st_cmp cmp);
/* rcp.approx.ftz.f64: reciprocal of the upper word a[63:32] (1.11.20 format)
 * into the upper word; the lower word of the result is 0. NaN gives
 * ST_F64_APPROX_NAN. */
uint64_t st_f64_rcp_approx_ftz(uint64_t a);
/* rsqrt.approx.ftz.f64: as st_f64_rcp_approx_ftz, for 1/sqrt. */
uint64_t st_f64_rsqrt_approx_ftz(uint64_t a);
/* rsqrt.approx.f64: 1/sqrt(a) in full double precision. */
uint64_t st_f64_rsqrt_approx(uint64_t a);

/* ---- f16 / bf16 -----------------------------------------------------------
 * Only .rn exists for these. f16 mods: ST_FP_FTZ, ST_FP_SAT (add sub mul fma)
 * and, for min/max, ST_FP_NANMODE | ST_FP_ABS | ST_FP_XORSIGN. A NaN result
 * is ST_F16_CANON_NAN / ST_BF16_CANON_NAN. */

/* add{.rn}{.ftz}{.sat}.f16 */
uint16_t st_f16_add(uint16_t a, uint16_t b, unsigned mods);
/* sub{.rn}{.ftz}{.sat}.f16 */
uint16_t st_f16_sub(uint16_t a, uint16_t b, unsigned mods);
/* mul{.rn}{.ftz}{.sat}.f16 */
uint16_t st_f16_mul(uint16_t a, uint16_t b, unsigned mods);
/* fma.rn{.ftz}{.sat}.f16: one rounding. */
uint16_t st_f16_fma(uint16_t a, uint16_t b, uint16_t c, unsigned mods);
/* neg{.ftz}.f16 */
uint16_t st_f16_neg(uint16_t a, unsigned mods);
/* abs{.ftz}.f16 */
uint16_t st_f16_abs(uint16_t a, unsigned mods);
/* min{.ftz}{.NaN}{.xorsign.abs}.f16 */
uint16_t st_f16_min(uint16_t a, uint16_t b, unsigned mods);
/* max{.ftz}{.NaN}{.xorsign.abs}.f16 */
uint16_t st_f16_max(uint16_t a, uint16_t b, unsigned mods);
/* add{.rn}.bf16 */
uint16_t st_bf16_add(uint16_t a, uint16_t b);
/* sub{.rn}.bf16 */
uint16_t st_bf16_sub(uint16_t a, uint16_t b);
/* mul{.rn}.bf16 */
uint16_t st_bf16_mul(uint16_t a, uint16_t b);
/* fma.rn.bf16: one rounding. */
uint16_t st_bf16_fma(uint16_t a, uint16_t b, uint16_t c);
/* neg.bf16 */
uint16_t st_bf16_neg(uint16_t a);
/* abs.bf16 */
uint16_t st_bf16_abs(uint16_t a);
/* min{.NaN}{.xorsign.abs}.bf16 */
uint16_t st_bf16_min(uint16_t a, uint16_t b, unsigned mods);
/* max{.NaN}{.xorsign.abs}.bf16 */
uint16_t st_bf16_max(uint16_t a, uint16_t b, unsigned mods);

/* Packed pairs: each applies the 16-bit operation to bits [15:0] and [31:16]
 * separately. type is PT_F16X2 or PT_BF16X2 (which ignores .ftz and .sat). */

/* add{.rn}{.ftz}{.sat}.f16x2, add{.rn}.bf16x2 */
uint32_t st_x2_add(st_ptype type, uint32_t a, uint32_t b, unsigned mods);
/* sub{.rn}{.ftz}{.sat}.f16x2, sub{.rn}.bf16x2 */
uint32_t st_x2_sub(st_ptype type, uint32_t a, uint32_t b, unsigned mods);
/* mul{.rn}{.ftz}{.sat}.f16x2, mul{.rn}.bf16x2 */
uint32_t st_x2_mul(st_ptype type, uint32_t a, uint32_t b, unsigned mods);
/* fma.rn{.ftz}{.sat}.f16x2, fma.rn.bf16x2 */
uint32_t st_x2_fma(st_ptype type, uint32_t a, uint32_t b, uint32_t c, unsigned mods);
/* min{.ftz}{.NaN}{.xorsign.abs}.f16x2 / .bf16x2 */
uint32_t st_x2_min(st_ptype type, uint32_t a, uint32_t b, unsigned mods);
/* max{.ftz}{.NaN}{.xorsign.abs}.f16x2 / .bf16x2 */
uint32_t st_x2_max(st_ptype type, uint32_t a, uint32_t b, unsigned mods);

/* ---- cvt ------------------------------------------------------------------
 * cvt{.rnd}{.ftz}{.sat}{.relu}{.satfinite}.dst.src d, a for dst, src in
 * {u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64}. a holds the source bits in
 * its low bits (upper bits ignored); the result holds the destination bits,
 * zero-extended to 64 bits (the caller sign-extends an .sN result into a wider
 * register when it needs to).
 *
 * rnd: a float rounding (.rn .rz .rm .rp) for int->float and narrowing
 * float->float; an integer rounding (.rni .rzi .rmi .rpi) for float->int and
 * same-size float->float; RND_NONE where PTX has no rounding (RND_NONE on a
 * conversion that needs one acts as .rn, or .rzi for float->int). A float
 * rounding given for float->int is treated as its integer counterpart.
 * float->int always saturates; NaN gives 0, or 1 << (width-1) when the source
 * is .f64 or the destination is 64-bit (manual 9.7.9.21). A float NaN result
 * follows docs/arith.md (f64 -> narrower keeps sign and top payload bits,
 * bf16 -> f32 passes the bits, others are canonical or widened). mods:
 * ST_FP_FTZ (f32 inputs, except to f16, and f32 results), ST_FP_SAT,
 * ST_FP_RELU, ST_FP_SATFINITE.
 * The combination is assumed legal (the front end checks it); a type of no
 * size (PT_NONE, PT_PRED) gives 0. */
uint64_t st_cvt(st_ptype dst, st_ptype src, uint64_t a, st_rnd rnd, unsigned mods);

#endif
