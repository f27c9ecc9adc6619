/* The manifest of arithmetic operations checked against silicon: one table,
 * shared by the CUDA program that records the GPU's results
 * (arith_silicon.cu) and the unit test that compares them with the library
 * (tests/unit/test_fparith_silicon.c). Plain C preprocessor, valid C and C++.
 *
 * ST_ARITH_OPS(X) calls X once per operation:
 *   X(name, nin, out, in0, in1, in2, in3, cmp, tol, ptx, ref)
 * name  identifier; the results file is <name>.bin
 * nin   number of inputs (1..4)
 * out   result kind, in0..in3 input kinds (ST_AK_* suffixes, NONE if unused)
 * cmp   how results compare (ST_CM_* suffix), tol its parameter
 * ptx   the inline-asm text: %0 is the result, %1.. the inputs
 * ref   the library call computing the same result from the raw input bits
 *       a, b, c, d (uint64_t); only the C side expands it, so the CUDA side
 *       never needs the library.
 */
#ifndef SIMTREF_SILICON_ARITH_OPS_H
#define SIMTREF_SILICON_ARITH_OPS_H

/* Operand kinds: the type of a value, which fixes its register class, its
 * width in the results file and how the generator draws it. */
#define ST_AK_LIST(K)                                                                          \
  K(NONE, 0) K(PRED, 1) K(U8, 1) K(S8, 1) K(U16, 2) K(S16, 2) K(U32, 4) K(S32, 4) K(U64, 8)     \
  K(S64, 8) K(F16, 2) K(BF16, 2) K(F32, 4) K(F64, 8) K(F16X2, 4) K(BF16X2, 4) K(SHIFT, 4)       \
  K(BITPOS, 4) K(PRMTSEL, 4) K(F32ANG, 4)

#define ST_AK_ENUM(name, bytes) ST_AK_##name,
typedef enum st_ak { ST_AK_LIST(ST_AK_ENUM) ST_AK_COUNT } st_ak;
#undef ST_AK_ENUM

#if defined(__CUDACC__)
#define ST_ARITH_HD __host__ __device__
#else
#define ST_ARITH_HD
#endif

/* Bytes of one value of a kind in a results file. */
static inline ST_ARITH_HD unsigned st_ak_bytes(st_ak k) {
#define ST_AK_BYTES(name, bytes) \
  if (k == ST_AK_##name) {       \
    return bytes;                \
  }
  ST_AK_LIST(ST_AK_BYTES)
#undef ST_AK_BYTES
  return 0;
}

/* Comparison modes (tests/unit/test_fparith_silicon.c implements them; the
 * bounds are the ones docs/arith.md states). */
typedef enum st_cm {
  ST_CM_EXACT = 0, /* bit for bit */
  ST_CM_ULP32,     /* f32: within tol ulps; NaN bit for bit */
  ST_CM_REL32,     /* f32: relative error 2^-tol (plus our own rounding) */
  ST_CM_SINCOS,    /* f32 sin/cos: absolute error by input range */
  ST_CM_LG2,       /* f32 lg2: absolute 2^-22 on (0.5, 2), else relative 2^-22 */
  ST_CM_DIVAPPROX, /* f32 div.approx: tol ulps for |b| in [2^-126, 2^126] */
  ST_CM_HI20,      /* f64 upper-word approximations: low word 0, tol units of 2^-20 */
  ST_CM_ULP64      /* f64: within tol ulps */
} st_cm;

/* Results file: this header, then count results of st_ak_bytes(out) bytes
 * each, all little-endian. input_hash is st_arith_hash() of the inputs, so a
 * reader can tell it regenerated the same inputs. */
#define ST_ARITH_MAGIC 0x52415453u /* "STAR" */
#define ST_ARITH_VERSION 1u
#define ST_ARITH_CASES 4096u

typedef struct st_arith_header {
  unsigned int magic;
  unsigned int version;
  unsigned int count;
  unsigned int out_bytes;
  unsigned long long input_hash;
} st_arith_header;

/* ---- f32 exact arithmetic ---------------------------------------------- */

#define ST_F32_BIN(X, op, r, R, msfx, mstr, mods)                                        \
  X(op##_##r##msfx##_f32, 2, F32, F32, F32, NONE, NONE, EXACT, 0,                          \
    #op "." #r mstr ".f32 %0, %1, %2;", st_f32_##op(A32, B32, RND_##R, mods))
#define ST_F32_BIN4(X, op, r, R)                                                           \
  ST_F32_BIN(X, op, r, R, , "", 0)                                                         \
  ST_F32_BIN(X, op, r, R, _ftz, ".ftz", ST_FP_FTZ)                                         \
  ST_F32_BIN(X, op, r, R, _sat, ".sat", ST_FP_SAT)                                         \
  ST_F32_BIN(X, op, r, R, _ftz_sat, ".ftz.sat", ST_FP_FTZ | ST_FP_SAT)
#define ST_F32_FMA(X, r, R, msfx, mstr, mods)                                              \
  X(fma_##r##msfx##_f32, 3, F32, F32, F32, F32, NONE, EXACT, 0,                            \
    "fma." #r mstr ".f32 %0, %1, %2, %3;", st_f32_fma(A32, B32, C32, RND_##R, mods))
#define ST_F32_UN(X, op, r, R, msfx, mstr, mods)                                         \
  X(op##_##r##msfx##_f32, 1, F32, F32, NONE, NONE, NONE, EXACT, 0,                         \
    #op "." #r mstr ".f32 %0, %1;", st_f32_##op(A32, RND_##R, mods))
#define ST_F32_ROUNDED(X, r, R)                                                            \
  ST_F32_BIN4(X, add, r, R)                                                                \
  ST_F32_BIN4(X, sub, r, R)                                                                \
  ST_F32_BIN4(X, mul, r, R)                                                                \
  ST_F32_FMA(X, r, R, , "", 0)                                                             \
  ST_F32_FMA(X, r, R, _ftz, ".ftz", ST_FP_FTZ)                                             \
  ST_F32_FMA(X, r, R, _sat, ".sat", ST_FP_SAT)                                             \
  ST_F32_FMA(X, r, R, _ftz_sat, ".ftz.sat", ST_FP_FTZ | ST_FP_SAT)                         \
  ST_F32_BIN(X, div, r, R, , "", 0)                                                        \
  ST_F32_BIN(X, div, r, R, _ftz, ".ftz", ST_FP_FTZ)                                        \
  ST_F32_UN(X, sqrt, r, R, , "", 0)                                                        \
  ST_F32_UN(X, sqrt, r, R, _ftz, ".ftz", ST_FP_FTZ)                                        \
  ST_F32_UN(X, rcp, r, R, , "", 0)                                                         \
  ST_F32_UN(X, rcp, r, R, _ftz, ".ftz", ST_FP_FTZ)

#define ST_OPS_F32_EXACT(X)                                                                \
  ST_F32_ROUNDED(X, rn, RN)                                                                \
  ST_F32_ROUNDED(X, rz, RZ)                                                                \
  ST_F32_ROUNDED(X, rm, RM)                                                                \
  ST_F32_ROUNDED(X, rp, RP)                                                                \
  X(abs_f32, 1, F32, F32, NONE, NONE, NONE, EXACT, 0, "abs.f32 %0, %1;", st_f32_abs(A32, 0))  \
  X(abs_ftz_f32, 1, F32, F32, NONE, NONE, NONE, EXACT, 0, "abs.ftz.f32 %0, %1;",              \
    st_f32_abs(A32, ST_FP_FTZ))                                                            \
  X(neg_f32, 1, F32, F32, NONE, NONE, NONE, EXACT, 0, "neg.f32 %0, %1;", st_f32_neg(A32, 0))  \
  X(neg_ftz_f32, 1, F32, F32, NONE, NONE, NONE, EXACT, 0, "neg.ftz.f32 %0, %1;",              \
    st_f32_neg(A32, ST_FP_FTZ))                                                            \
  ST_F32_MINMAX(X, min)                                                                    \
  ST_F32_MINMAX(X, max)                                                                    \
  X(copysign_f32, 2, F32, F32, F32, NONE, NONE, EXACT, 0, "copysign.f32 %0, %1, %2;",         \
    st_f32_copysign(A32, B32))

#define ST_F32_MM(X, op, msfx, mstr, mods)                                                 \
  X(op##msfx##_f32, 2, F32, F32, F32, NONE, NONE, EXACT, 0, #op mstr ".f32 %0, %1, %2;",   \
    st_f32_##op(A32, B32, mods))
#define ST_F32_MINMAX(X, op)                                                               \
  ST_F32_MM(X, op, , "", 0)                                                                \
  ST_F32_MM(X, op, _ftz, ".ftz", ST_FP_FTZ)                                                \
  ST_F32_MM(X, op, _nan, ".NaN", ST_FP_NANMODE)                                            \
  ST_F32_MM(X, op, _ftz_nan, ".ftz.NaN", ST_FP_FTZ | ST_FP_NANMODE)                        \
  ST_F32_MM(X, op, _xorsign_abs, ".xorsign.abs", ST_FP_XORSIGN | ST_FP_ABS)

/* ---- f64 ---------------------------------------------------------------- */

#define ST_F64_ROUNDED(X, r, R)                                                            \
  X(add_##r##_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "add." #r ".f64 %0, %1, %2;",      \
    st_f64_add(a, b, RND_##R))                                                             \
  X(sub_##r##_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "sub." #r ".f64 %0, %1, %2;",      \
    st_f64_sub(a, b, RND_##R))                                                             \
  X(mul_##r##_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "mul." #r ".f64 %0, %1, %2;",      \
    st_f64_mul(a, b, RND_##R))                                                             \
  X(fma_##r##_f64, 3, F64, F64, F64, F64, NONE, EXACT, 0, "fma." #r ".f64 %0, %1, %2, %3;",   \
    st_f64_fma(a, b, c, RND_##R))                                                          \
  X(div_##r##_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "div." #r ".f64 %0, %1, %2;",      \
    st_f64_div(a, b, RND_##R))                                                             \
  X(sqrt_##r##_f64, 1, F64, F64, NONE, NONE, NONE, EXACT, 0, "sqrt." #r ".f64 %0, %1;",       \
    st_f64_sqrt(a, RND_##R))                                                               \
  X(rcp_##r##_f64, 1, F64, F64, NONE, NONE, NONE, EXACT, 0, "rcp." #r ".f64 %0, %1;",         \
    st_f64_rcp(a, RND_##R))

#define ST_OPS_F64(X)                                                                      \
  ST_F64_ROUNDED(X, rn, RN)                                                                \
  ST_F64_ROUNDED(X, rz, RZ)                                                                \
  ST_F64_ROUNDED(X, rm, RM)                                                                \
  ST_F64_ROUNDED(X, rp, RP)                                                                \
  X(abs_f64, 1, F64, F64, NONE, NONE, NONE, EXACT, 0, "abs.f64 %0, %1;", st_f64_abs(a))       \
  X(neg_f64, 1, F64, F64, NONE, NONE, NONE, EXACT, 0, "neg.f64 %0, %1;", st_f64_neg(a))       \
  X(min_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "min.f64 %0, %1, %2;", st_f64_min(a, b)) \
  X(max_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "max.f64 %0, %1, %2;", st_f64_max(a, b)) \
  X(copysign_f64, 2, F64, F64, F64, NONE, NONE, EXACT, 0, "copysign.f64 %0, %1, %2;",         \
    st_f64_copysign(a, b))                                                                 \
  X(rcp_approx_ftz_f64, 1, F64, F64, NONE, NONE, NONE, HI20, 2,                              \
    "rcp.approx.ftz.f64 %0, %1;", st_f64_rcp_approx_ftz(a))                                \
  X(rsqrt_approx_ftz_f64, 1, F64, F64, NONE, NONE, NONE, HI20, 2,                            \
    "rsqrt.approx.ftz.f64 %0, %1;", st_f64_rsqrt_approx_ftz(a))                            \
  X(rsqrt_approx_f64, 1, F64, F64, NONE, NONE, NONE, ULP64, 2, "rsqrt.approx.f64 %0, %1;",  \
    st_f64_rsqrt_approx(a))

/* ---- f32 approximations --------------------------------------------------- */

#define ST_F32_APPROX1(X, op, kind, cm, tol, fn)                                           \
  X(op##_approx_f32, 1, F32, kind, NONE, NONE, NONE, cm, tol, #op ".approx.f32 %0, %1;",     \
    fn(A32, 0))                                                                            \
  X(op##_approx_ftz_f32, 1, F32, kind, NONE, NONE, NONE, cm, tol,                          \
    #op ".approx.ftz.f32 %0, %1;", fn(A32, ST_FP_FTZ))

#define ST_OPS_F32_APPROX(X)                                                               \
  ST_F32_APPROX1(X, rcp, F32, ULP32, 1, st_f32_rcp_approx)                                 \
  ST_F32_APPROX1(X, sqrt, F32, REL32, 23, st_f32_sqrt_approx)                              \
  ST_F32_APPROX1(X, rsqrt, F32, REL32, 22.9, st_f32_rsqrt_approx)                          \
  ST_F32_APPROX1(X, ex2, F32, ULP32, 2, st_f32_ex2_approx)                                 \
  ST_F32_APPROX1(X, lg2, F32, LG2, 22, st_f32_lg2_approx)                                  \
  ST_F32_APPROX1(X, sin, F32ANG, SINCOS, 0, st_f32_sin_approx)                             \
  ST_F32_APPROX1(X, cos, F32ANG, SINCOS, 0, st_f32_cos_approx)                             \
  X(tanh_approx_f32, 1, F32, F32, NONE, NONE, NONE, REL32, 11, "tanh.approx.f32 %0, %1;",    \
    st_f32_tanh_approx(A32))                                                               \
  X(div_approx_f32, 2, F32, F32, F32, NONE, NONE, DIVAPPROX, 2,                              \
    "div.approx.f32 %0, %1, %2;", st_f32_div_approx(A32, B32, 0))                          \
  X(div_approx_ftz_f32, 2, F32, F32, F32, NONE, NONE, DIVAPPROX, 2,                          \
    "div.approx.ftz.f32 %0, %1, %2;", st_f32_div_approx(A32, B32, ST_FP_FTZ))              \
  X(div_full_f32, 2, F32, F32, F32, NONE, NONE, ULP32, 2, "div.full.f32 %0, %1, %2;",        \
    st_f32_div_full(A32, B32, 0))                                                          \
  X(div_full_ftz_f32, 2, F32, F32, F32, NONE, NONE, ULP32, 2,                              \
    "div.full.ftz.f32 %0, %1, %2;", st_f32_div_full(A32, B32, ST_FP_FTZ))

/* ---- compare, testp --------------------------------------------------------- */

#define ST_SETP_ASM(cmpop, type, mstr) \
  "{ .reg .pred p; setp." #cmpop mstr "." #type " p, %1, %2; selp.u32 %0, 1, 0, p; }"
#define ST_SETP_F(X, c, C)                                                                 \
  X(setp_##c##_f32, 2, PRED, F32, F32, NONE, NONE, EXACT, 0, ST_SETP_ASM(c, f32, ""),      \
    st_f32_cmp(A32, B32, CMP_##C, 0))                                                      \
  X(setp_##c##_ftz_f32, 2, PRED, F32, F32, NONE, NONE, EXACT, 0,                           \
    ST_SETP_ASM(c, f32, ".ftz"), st_f32_cmp(A32, B32, CMP_##C, ST_FP_FTZ))                 \
  X(setp_##c##_f64, 2, PRED, F64, F64, NONE, NONE, EXACT, 0, ST_SETP_ASM(c, f64, ""),      \
    st_f64_cmp(a, b, CMP_##C))
#define ST_TESTP(X, t, T)                                                                  \
  X(testp_##t##_f32, 1, PRED, F32, NONE, NONE, NONE, EXACT, 0,                             \
    "{ .reg .pred p; testp." #t ".f32 p, %1; selp.u32 %0, 1, 0, p; }",                     \
    st_f32_testp(A32, TESTP_##T))                                                          \
  X(testp_##t##_f64, 1, PRED, F64, NONE, NONE, NONE, EXACT, 0,                             \
    "{ .reg .pred p; testp." #t ".f64 p, %1; selp.u32 %0, 1, 0, p; }",                     \
    st_f64_testp(a, TESTP_##T))
#define ST_SETP_I(X, c, C, T, t)                                                           \
  X(setp_##c##_##t, 2, PRED, T, T, NONE, NONE, EXACT, 0, ST_SETP_ASM(c, t, ""),            \
    st_int_cmp(a, b, PT_##T, CMP_##C))

#define ST_OPS_CMP(X)                                                                      \
  ST_SETP_F(X, eq, EQ) ST_SETP_F(X, ne, NE) ST_SETP_F(X, lt, LT) ST_SETP_F(X, le, LE)      \
  ST_SETP_F(X, gt, GT) ST_SETP_F(X, ge, GE) ST_SETP_F(X, equ, EQU) ST_SETP_F(X, neu, NEU)  \
  ST_SETP_F(X, ltu, LTU) ST_SETP_F(X, leu, LEU) ST_SETP_F(X, gtu, GTU)                     \
  ST_SETP_F(X, geu, GEU) ST_SETP_F(X, num, NUM) ST_SETP_F(X, nan, NAN)                     \
  ST_TESTP(X, finite, FINITE) ST_TESTP(X, infinite, INFINITE) ST_TESTP(X, number, NUMBER)  \
  ST_TESTP(X, notanumber, NOTANUMBER) ST_TESTP(X, normal, NORMAL)                          \
  ST_TESTP(X, subnormal, SUBNORMAL)                                                        \
  ST_SETP_I(X, lt, LT, S32, s32) ST_SETP_I(X, lt, LT, U32, u32)                            \
  ST_SETP_I(X, hi, HI, U32, u32) ST_SETP_I(X, ge, GE, S64, s64)                            \
  ST_SETP_I(X, le, LE, U16, u16) ST_SETP_I(X, gt, GT, S16, s16)

/* ---- f16 / bf16 ------------------------------------------------------------- */

#define ST_H_BIN(X, op, msfx, mstr, mods)                                                  \
  X(op##_rn##msfx##_f16, 2, F16, F16, F16, NONE, NONE, EXACT, 0,                           \
    #op ".rn" mstr ".f16 %0, %1, %2;", st_f16_##op(A16, B16, mods))
#define ST_H_BIN3(X, op)                                                                   \
  ST_H_BIN(X, op, , "", 0) ST_H_BIN(X, op, _ftz, ".ftz", ST_FP_FTZ)                        \
  ST_H_BIN(X, op, _sat, ".sat", ST_FP_SAT)
#define ST_H_MM(X, op, msfx, mstr, mods)                                                   \
  X(op##msfx##_f16, 2, F16, F16, F16, NONE, NONE, EXACT, 0, #op mstr ".f16 %0, %1, %2;",   \
    st_f16_##op(A16, B16, mods))                                                           \
  X(op##msfx##_bf16, 2, BF16, BF16, BF16, NONE, NONE, EXACT, 0,                            \
    #op mstr ".bf16 %0, %1, %2;", st_bf16_##op(A16, B16, mods))
#define ST_BF_BIN(X, op)                                                                   \
  X(op##_rn_bf16, 2, BF16, BF16, BF16, NONE, NONE, EXACT, 0, #op ".rn.bf16 %0, %1, %2;",     \
    st_bf16_##op(A16, B16))

#define ST_OPS_F16(X)                                                                      \
  ST_H_BIN3(X, add) ST_H_BIN3(X, sub) ST_H_BIN3(X, mul)                                    \
  X(fma_rn_f16, 3, F16, F16, F16, F16, NONE, EXACT, 0, "fma.rn.f16 %0, %1, %2, %3;",         \
    st_f16_fma(A16, B16, C16, 0))                                                          \
  X(fma_rn_ftz_f16, 3, F16, F16, F16, F16, NONE, EXACT, 0, "fma.rn.ftz.f16 %0, %1, %2, %3;", \
    st_f16_fma(A16, B16, C16, ST_FP_FTZ))                                                  \
  X(fma_rn_sat_f16, 3, F16, F16, F16, F16, NONE, EXACT, 0, "fma.rn.sat.f16 %0, %1, %2, %3;", \
    st_f16_fma(A16, B16, C16, ST_FP_SAT))                                                  \
  X(neg_f16, 1, F16, F16, NONE, NONE, NONE, EXACT, 0, "neg.f16 %0, %1;", st_f16_neg(A16, 0))  \
  X(neg_ftz_f16, 1, F16, F16, NONE, NONE, NONE, EXACT, 0, "neg.ftz.f16 %0, %1;",              \
    st_f16_neg(A16, ST_FP_FTZ))                                                            \
  X(abs_f16, 1, F16, F16, NONE, NONE, NONE, EXACT, 0, "abs.f16 %0, %1;", st_f16_abs(A16, 0))  \
  X(abs_ftz_f16, 1, F16, F16, NONE, NONE, NONE, EXACT, 0, "abs.ftz.f16 %0, %1;",              \
    st_f16_abs(A16, ST_FP_FTZ))                                                            \
  ST_H_MM(X, min, , "", 0) ST_H_MM(X, max, , "", 0)                                        \
  ST_H_MM(X, min, _nan, ".NaN", ST_FP_NANMODE) ST_H_MM(X, max, _nan, ".NaN", ST_FP_NANMODE) \
  X(min_ftz_f16, 2, F16, F16, F16, NONE, NONE, EXACT, 0, "min.ftz.f16 %0, %1, %2;",           \
    st_f16_min(A16, B16, ST_FP_FTZ))                                                       \
  ST_BF_BIN(X, add) ST_BF_BIN(X, sub) ST_BF_BIN(X, mul)                                    \
  X(fma_rn_bf16, 3, BF16, BF16, BF16, BF16, NONE, EXACT, 0, "fma.rn.bf16 %0, %1, %2, %3;",   \
    st_bf16_fma(A16, B16, C16))                                                            \
  X(neg_bf16, 1, BF16, BF16, NONE, NONE, NONE, EXACT, 0, "neg.bf16 %0, %1;", st_bf16_neg(A16)) \
  X(abs_bf16, 1, BF16, BF16, NONE, NONE, NONE, EXACT, 0, "abs.bf16 %0, %1;", st_bf16_abs(A16)) \
  X(add_rn_f16x2, 2, F16X2, F16X2, F16X2, NONE, NONE, EXACT, 0, "add.rn.f16x2 %0, %1, %2;",  \
    st_x2_add(PT_F16X2, A32, B32, 0))                                                      \
  X(fma_rn_f16x2, 3, F16X2, F16X2, F16X2, F16X2, NONE, EXACT, 0,                           \
    "fma.rn.f16x2 %0, %1, %2, %3;", st_x2_fma(PT_F16X2, A32, B32, C32, 0))                 \
  X(mul_rn_bf16x2, 2, BF16X2, BF16X2, BF16X2, NONE, NONE, EXACT, 0,                        \
    "mul.rn.bf16x2 %0, %1, %2;", st_x2_mul(PT_BF16X2, A32, B32, 0))                        \
  X(min_f16x2, 2, F16X2, F16X2, F16X2, NONE, NONE, EXACT, 0, "min.f16x2 %0, %1, %2;",        \
    st_x2_min(PT_F16X2, A32, B32, 0))

/* ---- cvt ---------------------------------------------------------------------- */

/* 8-bit values live in 16-bit registers ("h"); cvt reads and writes them
 * through 8-bit temporaries so every cvt has operands of its exact types
 * (ptxas requires that when the other type is .bf16). */
#define ST_SPRE_u8 "{ .reg .u8 t8s; cvt.u8.u16 t8s, %1; "
#define ST_SPRE_s8 "{ .reg .s8 t8s; cvt.s8.s16 t8s, %1; "
#define ST_SREG_u8 "t8s"
#define ST_SREG_s8 "t8s"
#define ST_SPOST_u8 " }"
#define ST_SPOST_s8 " }"
#define ST_DPRE_u8 "{ .reg .u8 t8d; "
#define ST_DPRE_s8 "{ .reg .s8 t8d; "
#define ST_DREG_u8 "t8d"
#define ST_DREG_s8 "t8d"
#define ST_DPOST_u8 " cvt.u16.u8 %0, t8d; }"
#define ST_DPOST_s8 " cvt.s16.s8 %0, t8d; }"
#define ST_SPRE_u16 ""
#define ST_SPRE_u32 ""
#define ST_SPRE_u64 ""
#define ST_SPRE_s16 ""
#define ST_SPRE_s32 ""
#define ST_SPRE_s64 ""
#define ST_SPRE_f16 ""
#define ST_SPRE_bf16 ""
#define ST_SPRE_f32 ""
#define ST_SPRE_f64 ""
#define ST_SREG_u16 "%1"
#define ST_SREG_u32 "%1"
#define ST_SREG_u64 "%1"
#define ST_SREG_s16 "%1"
#define ST_SREG_s32 "%1"
#define ST_SREG_s64 "%1"
#define ST_SREG_f16 "%1"
#define ST_SREG_bf16 "%1"
#define ST_SREG_f32 "%1"
#define ST_SREG_f64 "%1"
#define ST_DREG_u16 "%0"
#define ST_DREG_u32 "%0"
#define ST_DREG_u64 "%0"
#define ST_DREG_s16 "%0"
#define ST_DREG_s32 "%0"
#define ST_DREG_s64 "%0"
#define ST_DREG_f16 "%0"
#define ST_DREG_bf16 "%0"
#define ST_DREG_f32 "%0"
#define ST_DREG_f64 "%0"
#define ST_SPOST_u16 ""
#define ST_SPOST_u32 ""
#define ST_SPOST_u64 ""
#define ST_SPOST_s16 ""
#define ST_SPOST_s32 ""
#define ST_SPOST_s64 ""
#define ST_SPOST_f16 ""
#define ST_SPOST_bf16 ""
#define ST_SPOST_f32 ""
#define ST_SPOST_f64 ""
#define ST_DPRE_u16 ""
#define ST_DPRE_u32 ""
#define ST_DPRE_u64 ""
#define ST_DPRE_s16 ""
#define ST_DPRE_s32 ""
#define ST_DPRE_s64 ""
#define ST_DPRE_f16 ""
#define ST_DPRE_bf16 ""
#define ST_DPRE_f32 ""
#define ST_DPRE_f64 ""
#define ST_DPOST_u16 ""
#define ST_DPOST_u32 ""
#define ST_DPOST_u64 ""
#define ST_DPOST_s16 ""
#define ST_DPOST_s32 ""
#define ST_DPOST_s64 ""
#define ST_DPOST_f16 ""
#define ST_DPOST_bf16 ""
#define ST_DPOST_f32 ""
#define ST_DPOST_f64 ""

#define ST_CVT1(X, name, D, S, ptxmods, d, s, R, mods)                                     \
  X(name, 1, D, S, NONE, NONE, NONE, EXACT, 0,                                             \
    ST_SPRE_##s ST_DPRE_##d "cvt" ptxmods "." #d "." #s " " ST_DREG_##d ", " ST_SREG_##s ";" \
        ST_DPOST_##d ST_SPOST_##s,                                                         \
    st_cvt(PT_##D, PT_##S, a, RND_##R, mods))

/* float -> int, every integer rounding */
#define ST_CVT_F2I(X, D, d, S, s)                                                          \
  ST_CVT1(X, cvt_rni_##d##_##s, D, S, ".rni", d, s, RNI, 0)                                \
  ST_CVT1(X, cvt_rzi_##d##_##s, D, S, ".rzi", d, s, RZI, 0)                                \
  ST_CVT1(X, cvt_rmi_##d##_##s, D, S, ".rmi", d, s, RMI, 0)                                \
  ST_CVT1(X, cvt_rpi_##d##_##s, D, S, ".rpi", d, s, RPI, 0)
/* int -> float, every float rounding */
#define ST_CVT_I2F(X, D, d, S, s)                                                          \
  ST_CVT1(X, cvt_rn_##d##_##s, D, S, ".rn", d, s, RN, 0)                                   \
  ST_CVT1(X, cvt_rz_##d##_##s, D, S, ".rz", d, s, RZ, 0)                                   \
  ST_CVT1(X, cvt_rm_##d##_##s, D, S, ".rm", d, s, RM, 0)                                   \
  ST_CVT1(X, cvt_rp_##d##_##s, D, S, ".rp", d, s, RP, 0)
/* int -> int without rounding */
#define ST_CVT_I2I(X, D, d, S, s) ST_CVT1(X, cvt_##d##_##s, D, S, "", d, s, NONE, 0)
#define ST_CVT_I2I_SAT(X, D, d, S, s)                                                      \
  ST_CVT1(X, cvt_sat_##d##_##s, D, S, ".sat", d, s, NONE, ST_FP_SAT)

#define ST_FOR_INT_DST(M, X, S, s)                                                         \
  M(X, U8, u8, S, s) M(X, U16, u16, S, s) M(X, U32, u32, S, s) M(X, U64, u64, S, s)        \
  M(X, S8, s8, S, s) M(X, S16, s16, S, s) M(X, S32, s32, S, s) M(X, S64, s64, S, s)
#define ST_FOR_INT_SRC(M, X, D, d)                                                         \
  M(X, D, d, U8, u8) M(X, D, d, U16, u16) M(X, D, d, U32, u32) M(X, D, d, U64, u64)        \
  M(X, D, d, S8, s8) M(X, D, d, S16, s16) M(X, D, d, S32, s32) M(X, D, d, S64, s64)
#define ST_CVT_I2I_ROW(X, D, d) ST_FOR_INT_SRC(ST_CVT_I2I, X, D, d)

#define ST_OPS_CVT_INT(X)                                                                  \
  ST_FOR_INT_DST(ST_CVT_F2I, X, F16, f16)                                                  \
  ST_FOR_INT_DST(ST_CVT_F2I, X, BF16, bf16)                                                \
  ST_FOR_INT_DST(ST_CVT_F2I, X, F32, f32)                                                  \
  ST_FOR_INT_DST(ST_CVT_F2I, X, F64, f64)                                                  \
  ST_FOR_INT_SRC(ST_CVT_I2F, X, F16, f16)                                                  \
  ST_FOR_INT_SRC(ST_CVT_I2F, X, BF16, bf16)                                                \
  ST_FOR_INT_SRC(ST_CVT_I2F, X, F32, f32)                                                  \
  ST_FOR_INT_SRC(ST_CVT_I2F, X, F64, f64)                                                  \
  ST_CVT_I2I_ROW(X, U8, u8) ST_CVT_I2I_ROW(X, U16, u16) ST_CVT_I2I_ROW(X, U32, u32)        \
  ST_CVT_I2I_ROW(X, U64, u64) ST_CVT_I2I_ROW(X, S8, s8) ST_CVT_I2I_ROW(X, S16, s16)        \
  ST_CVT_I2I_ROW(X, S32, s32) ST_CVT_I2I_ROW(X, S64, s64)                                  \
  /* .sat where the destination range is not a superset of the source's */                \
  ST_CVT_I2I_SAT(X, U8, u8, U16, u16) ST_CVT_I2I_SAT(X, U8, u8, U32, u32)                  \
  ST_CVT_I2I_SAT(X, U8, u8, U64, u64) ST_CVT_I2I_SAT(X, U8, u8, S8, s8)                    \
  ST_CVT_I2I_SAT(X, U8, u8, S16, s16) ST_CVT_I2I_SAT(X, U8, u8, S32, s32)                  \
  ST_CVT_I2I_SAT(X, U8, u8, S64, s64) ST_CVT_I2I_SAT(X, U16, u16, U32, u32)                \
  ST_CVT_I2I_SAT(X, U16, u16, U64, u64) ST_CVT_I2I_SAT(X, U16, u16, S8, s8)                \
  ST_CVT_I2I_SAT(X, U16, u16, S16, s16) ST_CVT_I2I_SAT(X, U16, u16, S32, s32)              \
  ST_CVT_I2I_SAT(X, U16, u16, S64, s64) ST_CVT_I2I_SAT(X, U32, u32, U64, u64)              \
  ST_CVT_I2I_SAT(X, U32, u32, S8, s8) ST_CVT_I2I_SAT(X, U32, u32, S16, s16)                \
  ST_CVT_I2I_SAT(X, U32, u32, S32, s32) ST_CVT_I2I_SAT(X, U32, u32, S64, s64)              \
  ST_CVT_I2I_SAT(X, U64, u64, S8, s8) ST_CVT_I2I_SAT(X, U64, u64, S16, s16)                \
  ST_CVT_I2I_SAT(X, U64, u64, S32, s32) ST_CVT_I2I_SAT(X, U64, u64, S64, s64)              \
  ST_CVT_I2I_SAT(X, S8, s8, U8, u8) ST_CVT_I2I_SAT(X, S8, s8, U16, u16)                    \
  ST_CVT_I2I_SAT(X, S8, s8, U32, u32) ST_CVT_I2I_SAT(X, S8, s8, U64, u64)                  \
  ST_CVT_I2I_SAT(X, S8, s8, S16, s16) ST_CVT_I2I_SAT(X, S8, s8, S32, s32)                  \
  ST_CVT_I2I_SAT(X, S8, s8, S64, s64) ST_CVT_I2I_SAT(X, S16, s16, U16, u16)                \
  ST_CVT_I2I_SAT(X, S16, s16, U32, u32) ST_CVT_I2I_SAT(X, S16, s16, U64, u64)              \
  ST_CVT_I2I_SAT(X, S16, s16, S32, s32) ST_CVT_I2I_SAT(X, S16, s16, S64, s64)              \
  ST_CVT_I2I_SAT(X, S32, s32, U32, u32) ST_CVT_I2I_SAT(X, S32, s32, U64, u64)              \
  ST_CVT_I2I_SAT(X, S32, s32, S64, s64) ST_CVT_I2I_SAT(X, S64, s64, U64, u64)              \
  /* .ftz on an f32 source */                                                              \
  ST_CVT1(X, cvt_rmi_ftz_s32_f32, S32, F32, ".rmi.ftz", s32, f32, RMI, ST_FP_FTZ)          \
  ST_CVT1(X, cvt_rpi_ftz_u32_f32, U32, F32, ".rpi.ftz", u32, f32, RPI, ST_FP_FTZ)          \
  ST_CVT1(X, cvt_rni_ftz_s64_f32, S64, F32, ".rni.ftz", s64, f32, RNI, ST_FP_FTZ)          \
  ST_CVT1(X, cvt_rpi_ftz_u8_f32, U8, F32, ".rpi.ftz", u8, f32, RPI, ST_FP_FTZ)

/* float -> float with a float rounding (narrowing) */
#define ST_CVT_NARROW(X, D, d, S, s)                                                       \
  ST_CVT1(X, cvt_rn_##d##_##s, D, S, ".rn", d, s, RN, 0)                                   \
  ST_CVT1(X, cvt_rz_##d##_##s, D, S, ".rz", d, s, RZ, 0)                                   \
  ST_CVT1(X, cvt_rm_##d##_##s, D, S, ".rm", d, s, RM, 0)                                   \
  ST_CVT1(X, cvt_rp_##d##_##s, D, S, ".rp", d, s, RP, 0)
/* same-size rounding to an integral value */
#define ST_CVT_INTEGRAL(X, T, t)                                                           \
  ST_CVT1(X, cvt_rni_##t##_##t, T, T, ".rni", t, t, RNI, 0)                                \
  ST_CVT1(X, cvt_rzi_##t##_##t, T, T, ".rzi", t, t, RZI, 0)                                \
  ST_CVT1(X, cvt_rmi_##t##_##t, T, T, ".rmi", t, t, RMI, 0)                                \
  ST_CVT1(X, cvt_rpi_##t##_##t, T, T, ".rpi", t, t, RPI, 0)

#define ST_OPS_CVT_FLOAT(X)                                                                \
  ST_CVT_NARROW(X, F16, f16, F32, f32) ST_CVT_NARROW(X, BF16, bf16, F32, f32)              \
  ST_CVT_NARROW(X, F32, f32, F64, f64) ST_CVT_NARROW(X, F16, f16, F64, f64)                \
  ST_CVT_NARROW(X, BF16, bf16, F64, f64) ST_CVT_NARROW(X, BF16, bf16, F16, f16)            \
  ST_CVT_NARROW(X, F16, f16, BF16, bf16)                                                   \
  ST_CVT1(X, cvt_f32_f16, F32, F16, "", f32, f16, NONE, 0)                                 \
  ST_CVT1(X, cvt_f64_f16, F64, F16, "", f64, f16, NONE, 0)                                 \
  ST_CVT1(X, cvt_f32_bf16, F32, BF16, "", f32, bf16, NONE, 0)                              \
  ST_CVT1(X, cvt_f64_bf16, F64, BF16, "", f64, bf16, NONE, 0)                              \
  ST_CVT1(X, cvt_f64_f32, F64, F32, "", f64, f32, NONE, 0)                                 \
  ST_CVT1(X, cvt_ftz_f64_f32, F64, F32, ".ftz", f64, f32, NONE, ST_FP_FTZ)                 \
  ST_CVT1(X, cvt_ftz_f32_bf16, F32, BF16, ".ftz", f32, bf16, NONE, ST_FP_FTZ)              \
  ST_CVT1(X, cvt_sat_f32_f16, F32, F16, ".sat", f32, f16, NONE, ST_FP_SAT)                 \
  ST_CVT1(X, cvt_ftz_f32_f32, F32, F32, ".ftz", f32, f32, NONE, ST_FP_FTZ)                 \
  ST_CVT1(X, cvt_sat_f32_f32, F32, F32, ".sat", f32, f32, NONE, ST_FP_SAT)                 \
  ST_CVT1(X, cvt_ftz_sat_f32_f32, F32, F32, ".ftz.sat", f32, f32, NONE,                    \
          ST_FP_FTZ | ST_FP_SAT)                                                           \
  ST_CVT1(X, cvt_sat_f64_f64, F64, F64, ".sat", f64, f64, NONE, ST_FP_SAT)                 \
  ST_CVT1(X, cvt_rn_ftz_f32_f64, F32, F64, ".rn.ftz", f32, f64, RN, ST_FP_FTZ)             \
  ST_CVT1(X, cvt_rz_ftz_f32_f64, F32, F64, ".rz.ftz", f32, f64, RZ, ST_FP_FTZ)             \
  ST_CVT1(X, cvt_rn_sat_f32_f64, F32, F64, ".rn.sat", f32, f64, RN, ST_FP_SAT)             \
  ST_CVT1(X, cvt_rn_ftz_f16_f32, F16, F32, ".rn.ftz", f16, f32, RN, ST_FP_FTZ)             \
  ST_CVT1(X, cvt_rp_ftz_f16_f32, F16, F32, ".rp.ftz", f16, f32, RP, ST_FP_FTZ)             \
  ST_CVT1(X, cvt_rn_sat_f16_f32, F16, F32, ".rn.sat", f16, f32, RN, ST_FP_SAT)             \
  ST_CVT1(X, cvt_rn_relu_f16_f32, F16, F32, ".rn.relu", f16, f32, RN, ST_FP_RELU)          \
  ST_CVT1(X, cvt_rn_satfinite_f16_f32, F16, F32, ".rn.satfinite", f16, f32, RN,            \
          ST_FP_SATFINITE)                                                                 \
  ST_CVT1(X, cvt_rn_relu_bf16_f32, BF16, F32, ".rn.relu", bf16, f32, RN, ST_FP_RELU)       \
  ST_CVT1(X, cvt_rz_satfinite_bf16_f32, BF16, F32, ".rz.satfinite", bf16, f32, RZ,         \
          ST_FP_SATFINITE)                                                                 \
  ST_CVT_INTEGRAL(X, F16, f16) ST_CVT_INTEGRAL(X, BF16, bf16)                              \
  ST_CVT_INTEGRAL(X, F32, f32) ST_CVT_INTEGRAL(X, F64, f64)                                \
  ST_CVT1(X, cvt_rni_ftz_f32_f32, F32, F32, ".rni.ftz", f32, f32, RNI, ST_FP_FTZ)          \
  ST_CVT1(X, cvt_rpi_ftz_f32_f32, F32, F32, ".rpi.ftz", f32, f32, RPI, ST_FP_FTZ)          \
  ST_CVT1(X, cvt_rmi_ftz_f32_f32, F32, F32, ".rmi.ftz", f32, f32, RMI, ST_FP_FTZ)

/* ---- integer and bit operations ---------------------------------------------- */

#define ST_I1(X, name, O, I, ptx, ref) X(name, 1, O, I, NONE, NONE, NONE, EXACT, 0, ptx, ref)
#define ST_I2(X, name, O, I0, I1, ptx, ref) X(name, 2, O, I0, I1, NONE, NONE, EXACT, 0, ptx, ref)
#define ST_I3(X, name, O, I0, I1, I2, ptx, ref) X(name, 3, O, I0, I1, I2, NONE, EXACT, 0, ptx, ref)
#define ST_DIVREM(X, T, t)                                                                 \
  ST_I2(X, div_##t, T, T, T, "div." #t " %0, %1, %2;", st_div(a, b, PT_##T))               \
  ST_I2(X, rem_##t, T, T, T, "rem." #t " %0, %1, %2;", st_rem(a, b, PT_##T))
#define ST_SAD(X, T, t)                                                                    \
  ST_I3(X, sad_##t, T, T, T, T, "sad." #t " %0, %1, %2, %3;", st_sad(a, b, c, PT_##T))
#define ST_MULHI(X, T, t)                                                                  \
  ST_I2(X, mul_hi_##t, T, T, T, "mul.hi." #t " %0, %1, %2;", st_mul_hi(a, b, PT_##T))
#define ST_BFIND(X, T, t)                                                                  \
  ST_I1(X, bfind_##t, U32, T, "bfind." #t " %0, %1;", st_bfind(a, PT_##T, false))          \
  ST_I1(X, bfind_shiftamt_##t, U32, T, "bfind.shiftamt." #t " %0, %1;",                    \
        st_bfind(a, PT_##T, true))
#define ST_BFE(X, T, t)                                                                    \
  ST_I3(X, bfe_##t, T, T, BITPOS, BITPOS, "bfe." #t " %0, %1, %2, %3;",                    \
        st_bfe(a, B32, C32, PT_##T))
#define ST_PRMT(X, m, M)                                                                   \
  ST_I3(X, prmt_##m, U32, U32, U32, PRMTSEL, "prmt.b32." #m " %0, %1, %2, %3;",            \
        st_prmt(A32, B32, C32, PRMT_##M))
#define ST_SHF(X, dir, mode, left, clamp)                                                  \
  ST_I3(X, shf_##dir##_##mode, U32, U32, U32, SHIFT, "shf." #dir "." #mode ".b32 %0, %1, %2, %3;", \
        st_shf(A32, B32, C32, left, clamp))
#define ST_SHIFT(X, op, T, t, fn)                                                          \
  ST_I2(X, op##_##t, T, T, SHIFT, #op "." #t " %0, %1, %2;", fn(a, B32, PT_##T))
#define ST_LOP3(X, lut)                                                                    \
  ST_I3(X, lop3_##lut, U32, U32, U32, U32, "lop3.b32 %0, %1, %2, %3, " #lut ";",           \
        st_lop3(A32, B32, C32, lut))

#define ST_OPS_INT(X)                                                                      \
  ST_I1(X, popc_b32, U32, U32, "popc.b32 %0, %1;", st_popc32(A32))                         \
  ST_I1(X, popc_b64, U32, U64, "popc.b64 %0, %1;", st_popc64(a))                           \
  ST_I1(X, clz_b32, U32, U32, "clz.b32 %0, %1;", st_clz32(A32))                            \
  ST_I1(X, clz_b64, U32, U64, "clz.b64 %0, %1;", st_clz64(a))                              \
  ST_I1(X, brev_b32, U32, U32, "brev.b32 %0, %1;", st_brev32(A32))                         \
  ST_I1(X, brev_b64, U64, U64, "brev.b64 %0, %1;", st_brev64(a))                           \
  ST_BFIND(X, U32, u32) ST_BFIND(X, S32, s32) ST_BFIND(X, U64, u64) ST_BFIND(X, S64, s64)  \
  ST_BFE(X, U32, u32) ST_BFE(X, S32, s32) ST_BFE(X, U64, u64) ST_BFE(X, S64, s64)          \
  X(bfi_b32, 4, U32, U32, U32, BITPOS, BITPOS, EXACT, 0, "bfi.b32 %0, %1, %2, %3, %4;",      \
    st_bfi(a, b, C32, D32, PT_B32))                                                        \
  X(bfi_b64, 4, U64, U64, U64, BITPOS, BITPOS, EXACT, 0, "bfi.b64 %0, %1, %2, %3, %4;",      \
    st_bfi(a, b, C32, D32, PT_B64))                                                        \
  ST_I3(X, prmt, U32, U32, U32, PRMTSEL, "prmt.b32 %0, %1, %2, %3;",                       \
        st_prmt(A32, B32, C32, PRMT_DEFAULT))                                              \
  ST_PRMT(X, f4e, F4E) ST_PRMT(X, b4e, B4E) ST_PRMT(X, rc8, RC8) ST_PRMT(X, ecl, ECL)      \
  ST_PRMT(X, ecr, ECR) ST_PRMT(X, rc16, RC16)                                              \
  ST_SHF(X, l, wrap, true, false) ST_SHF(X, l, clamp, true, true)                          \
  ST_SHF(X, r, wrap, false, false) ST_SHF(X, r, clamp, false, true)                        \
  ST_SHIFT(X, shl, U16, b16, st_shl) ST_SHIFT(X, shl, U32, b32, st_shl)                    \
  ST_SHIFT(X, shl, U64, b64, st_shl) ST_SHIFT(X, shr, U16, u16, st_shr)                    \
  ST_SHIFT(X, shr, S16, s16, st_shr) ST_SHIFT(X, shr, U32, u32, st_shr)                    \
  ST_SHIFT(X, shr, S32, s32, st_shr) ST_SHIFT(X, shr, U64, u64, st_shr)                    \
  ST_SHIFT(X, shr, S64, s64, st_shr)                                                       \
  ST_LOP3(X, 0x96) ST_LOP3(X, 0xe8) ST_LOP3(X, 0x1e) ST_LOP3(X, 0x6a)                      \
  ST_SAD(X, U16, u16) ST_SAD(X, S16, s16) ST_SAD(X, U32, u32) ST_SAD(X, S32, s32)          \
  ST_SAD(X, U64, u64) ST_SAD(X, S64, s64)                                                  \
  ST_MULHI(X, U16, u16) ST_MULHI(X, S16, s16) ST_MULHI(X, U32, u32) ST_MULHI(X, S32, s32)  \
  ST_MULHI(X, U64, u64) ST_MULHI(X, S64, s64)                                              \
  ST_I2(X, mul_wide_u16, U32, U16, U16, "mul.wide.u16 %0, %1, %2;", st_mul_wide(a, b, PT_U16)) \
  ST_I2(X, mul_wide_s16, S32, S16, S16, "mul.wide.s16 %0, %1, %2;", st_mul_wide(a, b, PT_S16)) \
  ST_I2(X, mul_wide_u32, U64, U32, U32, "mul.wide.u32 %0, %1, %2;", st_mul_wide(a, b, PT_U32)) \
  ST_I2(X, mul_wide_s32, S64, S32, S32, "mul.wide.s32 %0, %1, %2;", st_mul_wide(a, b, PT_S32)) \
  ST_I2(X, mul24_lo_u32, U32, U32, U32, "mul24.lo.u32 %0, %1, %2;", st_mul24(A32, B32, false, false)) \
  ST_I2(X, mul24_hi_u32, U32, U32, U32, "mul24.hi.u32 %0, %1, %2;", st_mul24(A32, B32, true, false))  \
  ST_I2(X, mul24_lo_s32, S32, S32, S32, "mul24.lo.s32 %0, %1, %2;", st_mul24(A32, B32, false, true))  \
  ST_I2(X, mul24_hi_s32, S32, S32, S32, "mul24.hi.s32 %0, %1, %2;", st_mul24(A32, B32, true, true))   \
  ST_I3(X, dp4a_u32_u32, U32, U32, U32, U32, "dp4a.u32.u32 %0, %1, %2, %3;",               \
        st_dp4a(A32, B32, C32, false, false))                                              \
  ST_I3(X, dp4a_s32_s32, S32, S32, S32, S32, "dp4a.s32.s32 %0, %1, %2, %3;",               \
        st_dp4a(A32, B32, C32, true, true))                                                \
  ST_I3(X, dp4a_u32_s32, S32, U32, S32, S32, "dp4a.u32.s32 %0, %1, %2, %3;",               \
        st_dp4a(A32, B32, C32, false, true))                                               \
  ST_I3(X, dp2a_lo_u32_u32, U32, U32, U32, U32, "dp2a.lo.u32.u32 %0, %1, %2, %3;",         \
        st_dp2a(A32, B32, C32, false, false, false))                                       \
  ST_I3(X, dp2a_hi_s32_s32, S32, S32, S32, S32, "dp2a.hi.s32.s32 %0, %1, %2, %3;",         \
        st_dp2a(A32, B32, C32, true, true, true))                                          \
  ST_I3(X, dp2a_lo_s32_u32, S32, S32, U32, S32, "dp2a.lo.s32.u32 %0, %1, %2, %3;",         \
        st_dp2a(A32, B32, C32, true, false, false))                                        \
  ST_DIVREM(X, U16, u16) ST_DIVREM(X, S16, s16) ST_DIVREM(X, U32, u32)                     \
  ST_DIVREM(X, S32, s32) ST_DIVREM(X, U64, u64) ST_DIVREM(X, S64, s64)

/* Everything. */
#define ST_ARITH_OPS(X)                                                                    \
  ST_OPS_F32_EXACT(X) ST_OPS_F64(X) ST_OPS_F32_APPROX(X) ST_OPS_CMP(X) ST_OPS_F16(X)       \
  ST_OPS_CVT_INT(X) ST_OPS_CVT_FLOAT(X) ST_OPS_INT(X)

#endif
