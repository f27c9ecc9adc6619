/* gen_f32: inputs, CPU reference and workload for the "f32" group (f32.cu).
 *
 * Reference semantics:
 *  - add sub mul fma div sqrt rcp with .rn .rz .rm .rp: IEEE 754 correctly rounded results,
 *    computed with the host's IEEE arithmetic under fesetround (x86-64 SSE, -frounding-math,
 *    no contraction; fmaf is the correctly rounded C99 fma).
 *  - every f32 NaN result is the canonical NaN 0x7fffffff (NVIDIA silicon).
 *  - .ftz: subnormal inputs and results are flushed to sign-preserving zero. A result is tiny,
 *    and flushed, when rounding it to 24 bits with an unbounded exponent (in the instruction's
 *    rounding mode) gives a magnitude below FLT_MIN: IEEE tininess after rounding. So
 *    FLT_MIN * (1 - 2^-24) = 2^-126 - 2^-150 is flushed although it rounds to FLT_MIN, while
 *    2^-126 - 2^-151 becomes FLT_MIN (both seen on silicon; the reference finds this by doing
 *    the operation on operands scaled by 2^64, where nothing underflows).
 *  - .sat: the rounded result is clamped to [+0.0, 1.0]; NaN gives +0.0; -0.0 gives +0.0.
 *  - min/max: one NaN operand returns the other, two NaNs give the canonical NaN, -0.0 < +0.0.
 *  - abs/neg: NaN inputs left out (the manual: "NaN inputs yield an unspecified NaN"); otherwise
 *    sign-bit operations (.ftz flushes first).
 *  - copysign.f32 d, a, b: b's magnitude bits with a's sign bit (NaN payloads kept).
 *  - testp: finite, infinite, number, notanumber, normal (zero counts as normal), subnormal.
 *  - .approx functions: the reference is the correctly rounded value of the exact function
 *    (computed in double with libm and rounded once to f32); the yaml allows the manual's
 *    bound, plus half an ulp for the reference's own rounding, rounded up:
 *      ex2.approx (2 ulp from the correctly rounded result), rcp.approx (1 ulp),
 *      sqrt.approx (relative 2^-23, <= 2 ulp), rsqrt.approx (relative 2^-22.9, <= 2.2 ulp),
 *      div.approx and div.full (2 ulp)                                      -> 3 ulp ("tight")
 *      lg2.approx: relative 2^-22 outside (0.5, 2) (inputs kept outside that interval,
 *        where the bound is absolute), <= 4 ulp                             -> 5 ulp
 *      sin/cos.approx: absolute 2^-20.5 on [-2pi, 2pi]; inputs kept in that range with
 *        |result| >= 0.5, so <= 11.4 ulp                                     -> 12 ulp
 *      tanh.approx: relative 2^-11, <= 8192 ulp                             -> 8193 ulp
 *    The manual's corner-case tables (infinities, zeros, NaN, negative inputs, subnormals for
 *    .ftz and tanh) are checked exactly.
 */
#include "../common/func_common.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#define KA 67
#define KT 12
#define KL 2
#define KS 4
#define KSP 15

typedef uint32_t u32;

enum { ADD, SUB, MUL, FMA, DIV, SQRT, RCP };

static u32 canon(u32 u) { return fc_f32_is_nan(u) ? 0x7fffffffu : u; }

/* op in rounding mode; ftz flushes inputs and result */
static float op_in_mode(int op, int mode, float xs, float ys, float zs) {
  volatile float x = xs, y = ys, z = zs;
  volatile float r = 0.0f;
  fc_set_round(mode);
  switch (op) {
  case ADD: r = x + y; break;
  case SUB: r = x - y; break;
  case MUL: r = x * y; break;
  case FMA: r = fmaf(x, y, z); break;
  case DIV: r = x / y; break;
  case SQRT: r = sqrtf(x); break;
  case RCP: r = 1.0f / x; break;
  }
  fc_restore_round();
  return r;
}

/* The operation with its result scaled by 2^64 and rounded once (no underflow near FLT_MIN). */
static float op_scaled(int op, int mode, float x, float y, float z) {
  const float k = 0x1p64f;
  switch (op) {
  case ADD: return op_in_mode(ADD, mode, x * k, y * k, 0);
  case SUB: return op_in_mode(SUB, mode, x * k, y * k, 0);
  case MUL: return op_in_mode(MUL, mode, x * k, y, 0);
  case FMA: return op_in_mode(FMA, mode, x * k, y, z * k);
  case DIV: return op_in_mode(DIV, mode, x * k, y, 0);
  case SQRT: return 1.0f; /* a square root is never tiny */
  default: return op_in_mode(DIV, mode, k, x, 0); /* RCP */
  }
}

static u32 arith(int op, int mode, int ftz, u32 ux, u32 uy, u32 uz) {
  if (ftz) {
    ux = fc_f32_ftz(ux);
    uy = fc_f32_ftz(uy);
    uz = fc_f32_ftz(uz);
  }
  float x = fc_u2f(ux), y = fc_u2f(uy), z = fc_u2f(uz);
  u32 u = canon(fc_f2u(op_in_mode(op, mode, x, y, z)));
  if (ftz && !fc_f32_is_nan(u) && (u & 0x7fffffffu) < 0x01000000u) {
    /* only results within a binade of FLT_MIN can need the scaled check */
    if (fabsf(op_scaled(op, mode, x, y, z)) < 0x1p-62f) u &= 0x80000000u;
  }
  return u;
}

static u32 sat(u32 u) {
  if (fc_f32_is_nan(u)) return 0;
  if (u & 0x80000000u) return 0; /* negative, including -0.0 */
  if (fc_u2f(u) > 1.0f) return 0x3f800000u;
  return u;
}

static u32 fminmax(u32 a, u32 b, int ftz, int is_max) {
  if (ftz) {
    a = fc_f32_ftz(a);
    b = fc_f32_ftz(b);
  }
  int na = fc_f32_is_nan(a), nb = fc_f32_is_nan(b);
  if (na && nb) return 0x7fffffffu;
  if (na) return b;
  if (nb) return a;
  float fa = fc_u2f(a), fb = fc_u2f(b);
  if (fa == fb) { /* equal: differs only for +-0 */
    if (is_max) return (a & 0x80000000u) ? b : a;
    return (a & 0x80000000u) ? a : b;
  }
  if (is_max) return fa > fb ? a : b;
  return fa < fb ? a : b;
}

static u32 testp(u32 u) {
  u32 e = u & 0x7f800000u, m = u & 0x7fffffu;
  int inf = e == 0x7f800000u && !m, nan = e == 0x7f800000u && m;
  int sub = e == 0 && m;
  int normal = !inf && !nan && !sub;
  return (u32)(!inf && !nan) | (u32)inf << 1 | (u32)!nan << 2 | (u32)nan << 3 | (u32)normal << 4 |
         (u32)sub << 5;
}

static u32 *ref_arith(u32 x, u32 y, u32 z, u32 xn, u32 *o) {
  static const int ops[7] = {ADD, SUB, MUL, FMA, DIV, SQRT, RCP};
  for (int k = 0; k < 7; k++)
    for (int m = 0; m < 4; m++) *o++ = arith(ops[k], m, 0, x, y, z);
  *o++ = arith(ADD, FC_RN, 1, x, y, z);
  *o++ = arith(ADD, FC_RM, 1, x, y, z);
  *o++ = arith(SUB, FC_RZ, 1, x, y, z);
  *o++ = arith(MUL, FC_RN, 1, x, y, z);
  *o++ = arith(MUL, FC_RP, 1, x, y, z);
  *o++ = arith(FMA, FC_RN, 1, x, y, z);
  *o++ = arith(FMA, FC_RZ, 1, x, y, z);
  *o++ = arith(DIV, FC_RN, 1, x, y, z);
  *o++ = arith(DIV, FC_RP, 1, x, y, z);
  *o++ = arith(SQRT, FC_RN, 1, x, y, z);
  *o++ = arith(SQRT, FC_RM, 1, x, y, z);
  *o++ = arith(RCP, FC_RN, 1, x, y, z);
  *o++ = arith(RCP, FC_RZ, 1, x, y, z);
  *o++ = sat(arith(ADD, FC_RN, 0, x, y, z));
  *o++ = sat(arith(SUB, FC_RN, 0, x, y, z));
  *o++ = sat(arith(MUL, FC_RN, 0, x, y, z));
  *o++ = sat(arith(FMA, FC_RN, 0, x, y, z));
  *o++ = fc_f32_ftz(sat(arith(ADD, FC_RN, 1, x, y, z)));
  *o++ = sat(arith(MUL, FC_RZ, 0, x, y, z));
  *o++ = fc_f32_ftz(sat(arith(FMA, FC_RP, 1, x, y, z)));
  *o++ = fminmax(x, y, 0, 0);
  *o++ = fminmax(x, y, 0, 1);
  *o++ = fminmax(x, y, 1, 0);
  *o++ = fminmax(x, y, 1, 1);
  *o++ = xn & 0x7fffffffu;
  *o++ = xn ^ 0x80000000u;
  *o++ = fc_f32_ftz(xn) & 0x7fffffffu;
  *o++ = fc_f32_ftz(xn) ^ 0x80000000u;
  *o++ = (y & 0x7fffffffu) | (x & 0x80000000u);
  *o++ = testp(x);
  *o++ = arith(ADD, FC_RN, 0, x, y, z);
  *o++ = arith(MUL, FC_RN, 0, x, y, z);
  /* slot 60, x * y + z: nvcc 13 reuses the product of slot 59 (mul.f32 + add.f32), no fma */
  *o++ = arith(ADD, FC_RN, 0, arith(MUL, FC_RN, 0, x, y, z), z, z);
  *o++ = arith(DIV, FC_RN, 0, x, y, z);
  *o++ = arith(SQRT, FC_RN, 0, x, y, z);
  *o++ = arith(RCP, FC_RN, 0, x, y, z);
  *o++ = arith(MUL, FC_RN, 0, x, 0x3dcccccdu, z);
  *o++ = arith(FMA, FC_RN, 0, x, y, z);
  *o++ = arith(FMA, FC_RN, 0, x, 0x40490fdbu, z);
  return o;
}

static float rnd_f(double d) { return (float)d; } /* round to nearest (default mode) */

/* random float with sign s (0/1/-1 = random), exponent in [elo, ehi] */
static float rand_exp(fc_rng *r, int elo, int ehi, int s) {
  u32 sign = s < 0 ? (fc_rng_u32(r) & 0x80000000u) : (u32)s << 31;
  u32 e = (u32)(127 + fc_rng_range(r, elo, ehi));
  return fc_u2f(sign | e << 23 | (fc_rng_u32(r) & 0x7fffffu));
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "f32");
  fc_rng rng;
  fc_rng_seed(&rng, 0xf32);

  /* ---- arithmetic ---- */
  const int n = 2048;
  size_t ns = fc_n_f32_specials;
  u32 *a = fc_alloc(n * 4), *b = fc_alloc(n * 4), *c = fc_alloc(n * 4), *an = fc_alloc(n * 4);
  for (int i = 0; i < n; i++) {
    if ((size_t)i < ns * ns) {
      a[i] = fc_f32_specials[(size_t)i / ns];
      b[i] = fc_f32_specials[(size_t)i % ns];
    } else if (i < (int)(ns * ns) + 40) {
      /* ties: products of odd 13-bit numbers need 25 bits (exactly halfway for mul/fma);
       * a + half an ulp of a (exactly halfway for add) */
      int k = i - (int)(ns * ns);
      if (k < 20) {
        a[i] = fc_f2u((float)(4097 + 2 * fc_rng_below(&rng, 2000)));
        b[i] = fc_f2u((float)(4097 + 2 * fc_rng_below(&rng, 2000)) * ((k & 1) ? -1.0f : 1.0f));
      } else {
        a[i] = fc_f2u(rand_exp(&rng, -20, 20, -1));
        u32 e = (a[i] >> 23) & 0xff;
        b[i] = ((e - 24) << 23) | ((k & 2) ? 0x80000000u : 0u); /* half ulp of a */
      }
    } else if (i < (int)(ns * ns) + 48) {
      /* .ftz tininess: products just below FLT_MIN that round (or not) to FLT_MIN */
      static const u32 tiny[8][2] = {{0x20000001u, 0x1ffffffeu}, {0xa0000001u, 0x1ffffffeu},
                                     {0x3f7fffffu, 0x00800000u}, {0x00800001u, 0x3f7ffffeu},
                                     {0x1fffffffu, 0x20000000u}, {0x20000001u, 0x9ffffffdu},
                                     {0x00800000u, 0x3f800001u}, {0x3f000001u, 0x00ffffffu}};
      int k = i - (int)(ns * ns) - 40;
      a[i] = tiny[k][0];
      b[i] = tiny[k][1];
    } else {
      a[i] = fc_rand_f32(&rng);
      b[i] = fc_rand_f32(&rng);
    }
    switch (i & 3) {
    case 0: c[i] = fc_f32_specials[(size_t)(i * 7) % ns]; break;
    case 1: { /* -(a*b) rounded: fma then yields the exact rounding error */
      volatile float p = fc_u2f(a[i]) * fc_u2f(b[i]);
      /* a host NaN product depends on the host's operand order: use a fixed NaN */
      c[i] = (fc_f32_is_nan(a[i]) || fc_f32_is_nan(b[i])) ? 0xffc00000u : fc_f2u(-p);
      break;
    }
    case 2: c[i] = fc_rand_f32(&rng); break;
    default: c[i] = fc_f2u(rand_exp(&rng, -30, 30, -1)); break;
    }
    an[i] = fc_f32_is_nan(a[i]) ? (0x3f000000u ^ (a[i] & 0x80000000u)) : a[i];
  }
  u32 *ea = fc_alloc((size_t)n * KA * 4);
  for (int i = 0; i < n; i++) {
    u32 *row = ea + (size_t)i * KA;
    fc_check_row(ref_arith(a[i], b[i], c[i], an[i], row), row, 4, KA, "f32_arith");
  }

  /* ---- approx accuracy ---- */
  const int na = 512;
  float *tin = fc_alloc((size_t)na * KT * 2 * 4), *tout = fc_alloc((size_t)na * KT * 4);
  float *lin = fc_alloc((size_t)na * KL * 4), *lout = fc_alloc((size_t)na * KL * 4);
  float *sin_ = fc_alloc((size_t)na * KS * 4), *sout = fc_alloc((size_t)na * KS * 4);
  float *hin = fc_alloc((size_t)na * 4), *hout = fc_alloc((size_t)na * 4);
  for (int i = 0; i < na; i++) {
    float *t = tin + (size_t)i * KT * 2;
    float *o = tout + (size_t)i * KT;
    for (int j = 0; j < 2; j++) { /* ex2, ex2.ftz: results normal */
      float x = (i % 8 == 0) ? (float)fc_rng_range(&rng, -125, 127)
                             : (float)(fc_rng_unit(&rng) * 251.0 - 125.0);
      t[2 * j] = x;
      o[j] = rnd_f(exp2((double)x));
    }
    for (int j = 2; j < 4; j++) { /* rcp.approx: normal results */
      float x = rand_exp(&rng, -125, 125, -1);
      t[2 * j] = x;
      o[j] = rnd_f(1.0 / (double)x);
    }
    for (int j = 4; j < 6; j++) { /* sqrt.approx */
      float x = rand_exp(&rng, -126, 127, 0);
      if (j == 4 && i % 16 == 0) x = fc_u2f(1u + fc_rng_below(&rng, 0x7fffff)); /* subnormal */
      t[2 * j] = x;
      o[j] = rnd_f(sqrt((double)x));
    }
    for (int j = 6; j < 8; j++) { /* rsqrt.approx */
      float x = rand_exp(&rng, -126, 127, 0);
      t[2 * j] = x;
      o[j] = rnd_f(1.0 / sqrt((double)x));
    }
    for (int j = 8; j < 12; j++) { /* div.approx / div.full: |b| in [2^-126, 2^126] */
      float x = rand_exp(&rng, -60, 60, -1), y = rand_exp(&rng, -60, 60, -1);
      t[2 * j] = x;
      t[2 * j + 1] = y;
      o[j] = rnd_f((double)x / (double)y);
    }
    for (int j = 0; j < KL; j++) { /* lg2: x < 0.5 or x >= 2 */
      float x = (fc_rng_below(&rng, 2)) ? rand_exp(&rng, -126, -2, 0) : rand_exp(&rng, 1, 127, 0);
      lin[(size_t)i * KL + j] = x;
      lout[(size_t)i * KL + j] = rnd_f(log2((double)x));
    }
    for (int j = 0; j < KS; j++) { /* sin (even j) / cos (odd j) on [-2pi, 2pi], |f| >= 0.5 */
      for (;;) {
        float x = (float)((fc_rng_unit(&rng) * 2.0 - 1.0) * 6.283185307179586);
        double f = (j & 1) ? cos((double)x) : sin((double)x);
        if (fabs(f) >= 0.5) {
          sin_[(size_t)i * KS + j] = x;
          sout[(size_t)i * KS + j] = rnd_f(f);
          break;
        }
      }
    }
    hin[i] = rand_exp(&rng, -20, 4, -1);
    hout[i] = rnd_f(tanh((double)hin[i]));
  }

  /* ---- approx corner cases ---- */
  enum { C_NINF, C_NZERO, C_PZERO, C_PINF, C_NAN, C_NNORM, C_PSUB, C_NSUB };
  static const u32 sp_in[] = {0xff800000u, 0x80000000u, 0x00000000u, 0x7f800000u, 0x7fc00000u,
                              0xff812345u, 0xbf800000u, 0xc0200000u, 0x00000010u, 0x80000010u,
                              0x007fffffu};
  static const int sp_cls[] = {C_NINF, C_NZERO, C_PZERO, C_PINF, C_NAN, C_NAN,
                               C_NNORM, C_NNORM, C_PSUB,  C_NSUB, C_PSUB};
  const int nsp = (int)(sizeof sp_in / sizeof sp_in[0]);
  const u32 NaN = 0x7fffffffu, PINF = 0x7f800000u, NINF = 0xff800000u, ONE = 0x3f800000u;
  const u32 UNDEF = 0xffffffffu; /* marks "not defined by the manual": masked out */
  /* results per op (0..7 base, 8..14 ftz of ops 0..6) for each class */
  static u32 tab[15][8];
  for (int op = 0; op < 15; op++)
    for (int cl = 0; cl < 8; cl++) tab[op][cl] = UNDEF;
  /* sin */ tab[0][C_NINF] = NaN; tab[0][C_NZERO] = 0x80000000u; tab[0][C_PZERO] = 0;
  tab[0][C_PINF] = NaN; tab[0][C_NAN] = NaN;
  /* cos */ tab[1][C_NINF] = NaN; tab[1][C_NZERO] = ONE; tab[1][C_PZERO] = ONE;
  tab[1][C_PINF] = NaN; tab[1][C_NAN] = NaN;
  /* lg2 */ tab[2][C_NINF] = NaN; tab[2][C_NNORM] = NaN; tab[2][C_NZERO] = NINF;
  tab[2][C_PZERO] = NINF; tab[2][C_PINF] = PINF; tab[2][C_NAN] = NaN;
  /* ex2 */ tab[3][C_NINF] = 0; tab[3][C_NZERO] = ONE; tab[3][C_PZERO] = ONE;
  tab[3][C_PINF] = PINF; tab[3][C_NAN] = NaN;
  /* rsqrt */ tab[4][C_NINF] = NaN; tab[4][C_NNORM] = NaN; tab[4][C_NZERO] = NINF;
  tab[4][C_PZERO] = PINF; tab[4][C_PINF] = 0; tab[4][C_NAN] = NaN;
  /* rcp */ tab[5][C_NINF] = 0x80000000u; tab[5][C_NZERO] = NINF; tab[5][C_PZERO] = PINF;
  tab[5][C_PINF] = 0; tab[5][C_NAN] = NaN;
  /* sqrt */ tab[6][C_NINF] = NaN; tab[6][C_NNORM] = NaN; tab[6][C_NZERO] = 0x80000000u;
  tab[6][C_PZERO] = 0; tab[6][C_PINF] = PINF; tab[6][C_NAN] = NaN;
  /* tanh: subnormals pass through (filled per input below) */
  tab[7][C_NINF] = 0xbf800000u; tab[7][C_NZERO] = 0x80000000u; tab[7][C_PZERO] = 0;
  tab[7][C_PINF] = ONE; tab[7][C_NAN] = NaN;
  /* .ftz: as the base op, a subnormal input behaving as the zero of its sign */
  for (int op = 0; op < 7; op++) {
    for (int cl = 0; cl < 8; cl++) tab[8 + op][cl] = tab[op][cl];
    tab[8 + op][C_PSUB] = tab[op][C_PZERO];
    tab[8 + op][C_NSUB] = tab[op][C_NZERO];
  }
  u32 *spx = fc_alloc((size_t)nsp * 4), *spm = fc_alloc((size_t)nsp * 4);
  u32 *spe = fc_alloc((size_t)nsp * KSP * 4);
  for (int i = 0; i < nsp; i++) {
    spx[i] = sp_in[i];
    for (int op = 0; op < KSP; op++) {
      u32 v = tab[op][sp_cls[i]];
      if (op == 7 && (sp_cls[i] == C_PSUB || sp_cls[i] == C_NSUB)) v = sp_in[i];
      if (v != UNDEF) {
        spm[i] |= 1u << op;
        spe[(size_t)i * KSP + op] = v;
      }
    }
  }

  fc_buf_in(w, "a", a, (size_t)n * 4);
  fc_buf_in(w, "b", b, (size_t)n * 4);
  fc_buf_in(w, "c", c, (size_t)n * 4);
  fc_buf_in(w, "an", an, (size_t)n * 4);
  fc_buf_in(w, "tin", tin, (size_t)na * KT * 2 * 4);
  fc_buf_in(w, "lin", lin, (size_t)na * KL * 4);
  fc_buf_in(w, "sin", sin_, (size_t)na * KS * 4);
  fc_buf_in(w, "hin", hin, (size_t)na * 4);
  fc_buf_in(w, "spx", spx, (size_t)nsp * 4);
  fc_buf_in(w, "spm", spm, (size_t)nsp * 4);
  fc_buf_out(w, "arith", (size_t)n * KA * 4, NULL, ea);
  fc_buf_out_ulp(w, "approx_tight", (size_t)na * KT * 4, NULL, tout, "f32", 3);
  fc_buf_out_ulp(w, "approx_lg2", (size_t)na * KL * 4, NULL, lout, "f32", 5);
  fc_buf_out_ulp(w, "approx_sincos", (size_t)na * KS * 4, NULL, sout, "f32", 12);
  fc_buf_out_ulp(w, "approx_tanh", (size_t)na * 4, NULL, hout, "f32", 8193);
  fc_buf_out(w, "approx_special", (size_t)nsp * KSP * 4, NULL, spe);

  fc_launch(w, "f32_arith", (n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "an", 0);
  fc_p_buf(w, "arith", 0);
  fc_p_s32(w, n);

  fc_launch(w, "f32_approx", (na + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "tin", 0);
  fc_p_buf(w, "lin", 0);
  fc_p_buf(w, "sin", 0);
  fc_p_buf(w, "hin", 0);
  fc_p_buf(w, "approx_tight", 0);
  fc_p_buf(w, "approx_lg2", 0);
  fc_p_buf(w, "approx_sincos", 0);
  fc_p_buf(w, "approx_tanh", 0);
  fc_p_s32(w, na);

  fc_launch(w, "f32_approx_special", 1, 1, 1, 32, 1, 1, 0);
  fc_p_buf(w, "spx", 0);
  fc_p_buf(w, "spm", 0);
  fc_p_buf(w, "approx_special", 0);
  fc_p_s32(w, nsp);
  return fc_wl_end(w);
}
