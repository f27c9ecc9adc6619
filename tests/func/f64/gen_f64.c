/* gen_f64: inputs, CPU reference and workload for the "f64" group (f64.cu).
 *
 * Reference semantics:
 *  - add sub mul fma div sqrt rcp with .rn .rz .rm .rp: IEEE 754 correctly rounded results with
 *    subnormals, computed with the host's IEEE double arithmetic under fesetround (fma is the
 *    correctly rounded C99 fma).
 *  - NaN payloads propagate for f64 (PTX manual, floating-point instructions): when one input
 *    is NaN the result is that NaN quieted (bit 51 set), sign and payload kept. An invalid
 *    operation on non-NaN inputs (inf-inf, 0*inf, 0/0, inf/inf, sqrt of a negative) gives
 *    F64_DEFAULT_NAN = 0xfff8000000000000 (as on silicon).
 *    Inputs with two or three NaN operands are left out (a NaN operand is replaced): the manual
 *    does not say which payload wins, and on silicon it is decided by the SASS operand slot,
 *    which ptxas fills from its register allocation. In this kernel ptxas puts b in slot A and
 *    a in the second slot (DADD R(b), R(a); DFMA R(b), R(a), R(c)), so silicon gave a's for
 *    add/sub/mul/div and a, else c, else b for fma (c before a when the multiplier was an
 *    immediate), while the model follows the PTX order (b's for add). So is c = NaN with
 *    a*b = 0*inf (two NaNs meet in slot 36, which nvcc compiles to mul + add). Several NaN
 *    operands are tested in the "nan" group, whose kernels keep a, b, c in PTX order.
 *  - min/max: one NaN operand returns the other; -0.0 < +0.0.
 *  - abs.f64: a NaN input comes back quieted with its sign and payload (silicon; the manual says
 *    "passed through unchanged", which holds for quiet NaNs); others clear the sign bit.
 *  - neg.f64: NaN inputs left out (the manual: "NaN inputs yield an unspecified NaN").
 *  - copysign.f64 d, a, b: b's magnitude bits with a's sign bit.
 *  - rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64: only the manual's corner-case tables are
 *    checked. The input is the upper word a[63:32] in 1.11.20 format, so a NaN whose payload is
 *    only in the low word reads as an infinity; NaN inputs give 0x7fffffff00000000.
 */
#include "../common/func_common.h"

#include <math.h>
#include <stdio.h>

#define KA 42
#define KSP 2

/* Result of an invalid operation on non-NaN inputs. */
#define F64_DEFAULT_NAN 0xfff8000000000000ull
#define F64_QUIET 0x0008000000000000ull

typedef uint32_t u32;
typedef uint64_t u64;

enum { ADD, SUB, MUL, FMA, DIV, SQRT, RCP };

static u64 arith(int op, int mode, u64 ux, u64 uy, u64 uz) {
  int nops = (op == SQRT || op == RCP) ? 1 : (op == FMA ? 3 : 2);
  u64 in[3] = {ux, uy, uz};
  for (int k = 0; k < nops; k++)
    if (fc_f64_is_nan(in[k])) return in[k] | F64_QUIET;
  volatile double x = fc_u2d(ux), y = fc_u2d(uy), z = fc_u2d(uz);
  volatile double r = 0.0;
  fc_set_round(mode);
  switch (op) {
  case ADD: r = x + y; break;
  case SUB: r = x - y; break;
  case MUL: r = x * y; break;
  case FMA: r = fma(x, y, z); break;
  case DIV: r = x / y; break;
  case SQRT: r = sqrt(x); break;
  case RCP: r = 1.0 / x; break;
  }
  fc_restore_round();
  u64 u = fc_d2u(r);
  return fc_f64_is_nan(u) ? F64_DEFAULT_NAN : u;
}

static u64 fminmax(u64 a, u64 b, int is_max) {
  int na = fc_f64_is_nan(a), nb = fc_f64_is_nan(b);
  if (na && nb) return F64_DEFAULT_NAN;
  if (na) return b;
  if (nb) return a;
  double fa = fc_u2d(a), fb = fc_u2d(b);
  if (fa == fb) {
    if (is_max) return (a >> 63) ? b : a;
    return (a >> 63) ? a : b;
  }
  if (is_max) return fa > fb ? a : b;
  return fa < fb ? a : b;
}

static u64 testp(u64 u) {
  u64 e = u & 0x7ff0000000000000ull, m = u & 0xfffffffffffffull;
  int inf = e == 0x7ff0000000000000ull && !m, nan = e == 0x7ff0000000000000ull && m;
  int sub = e == 0 && m;
  int normal = !inf && !nan && !sub;
  return (u64)(!inf && !nan) | (u64)inf << 1 | (u64)!nan << 2 | (u64)nan << 3 |
         (u64)normal << 4 | (u64)sub << 5;
}

static u64 *ref_arith(u64 x, u64 y, u64 z, u64 xn, u64 *o) {
  static const int ops[7] = {ADD, SUB, MUL, FMA, DIV, SQRT, RCP};
  for (int k = 0; k < 7; k++)
    for (int m = 0; m < 4; m++) *o++ = arith(ops[k], m, x, y, z);
  *o++ = fminmax(x, y, 0);
  *o++ = fminmax(x, y, 1);
  *o++ = fc_f64_is_nan(x) ? x | F64_QUIET : x & 0x7fffffffffffffffull;
  *o++ = xn ^ 0x8000000000000000ull;
  *o++ = (y & 0x7fffffffffffffffull) | (x & 0x8000000000000000ull);
  *o++ = testp(x);
  *o++ = arith(ADD, FC_RN, x, y, z);
  *o++ = arith(MUL, FC_RN, x, y, z);
  /* slot 36, x * y + z: nvcc 13 reuses the product of slot 35 (mul.f64 + add.f64) */
  *o++ = arith(ADD, FC_RN, arith(MUL, FC_RN, x, y, z), z, z);
  *o++ = arith(DIV, FC_RN, x, y, z);
  *o++ = arith(SQRT, FC_RN, x, y, z);
  *o++ = arith(RCP, FC_RN, x, y, z);
  *o++ = arith(FMA, FC_RN, x, y, z);
  *o++ = arith(FMA, FC_RN, x, 0x400921fb54442d18ull, z);
  return o;
}

static u64 rand_exp(fc_rng *r, int elo, int ehi) {
  u64 sign = fc_rng_u64(r) & 0x8000000000000000ull;
  u64 e = (u64)(1023 + fc_rng_range(r, elo, ehi));
  return sign | e << 52 | (fc_rng_u64(r) & 0xfffffffffffffull);
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "f64");
  fc_rng rng;
  fc_rng_seed(&rng, 0xf64);
  const int n = 2048;
  size_t ns = fc_n_f64_specials;
  u64 *a = fc_alloc(n * 8), *b = fc_alloc(n * 8), *c = fc_alloc(n * 8), *an = fc_alloc(n * 8);
  for (int i = 0; i < n; i++) {
    if ((size_t)i < ns * ns) {
      a[i] = fc_f64_specials[(size_t)i / ns];
      b[i] = fc_f64_specials[(size_t)i % ns];
    } else if (i < (int)(ns * ns) + 40) {
      int k = i - (int)(ns * ns);
      if (k < 20) { /* products of odd 27-bit numbers: 53/54-bit products, some ties */
        a[i] = fc_d2u((double)(67108865 + 2 * (int64_t)fc_rng_below(&rng, 30000000)));
        b[i] = fc_d2u((double)(67108865 + 2 * (int64_t)fc_rng_below(&rng, 30000000)) *
                      ((k & 1) ? -1.0 : 1.0));
      } else { /* a + half an ulp of a */
        a[i] = rand_exp(&rng, -40, 40);
        u64 e = (a[i] >> 52) & 0x7ff;
        b[i] = ((e - 53) << 52) | ((k & 2) ? 0x8000000000000000ull : 0);
      }
    } else {
      a[i] = fc_rand_f64(&rng);
      b[i] = fc_rand_f64(&rng);
    }
    switch (i & 3) {
    case 0: c[i] = fc_f64_specials[(size_t)(i * 7) % ns]; break;
    case 1: { /* -(a*b) rounded; a fixed NaN where the host's NaN choice would show */
      volatile double p = fc_u2d(a[i]) * fc_u2d(b[i]);
      c[i] = (fc_f64_is_nan(a[i]) || fc_f64_is_nan(b[i])) ? 0xfff8000000000000ull : fc_d2u(-p);
      break;
    }
    case 2: c[i] = fc_rand_f64(&rng); break;
    default: c[i] = rand_exp(&rng, -60, 60); break;
    }
    /* at most one NaN operand (see the header), and no NaN c meeting a NaN from 0*inf */
    {
      int na = fc_f64_is_nan(a[i]), nb = fc_f64_is_nan(b[i]);
      u64 ma = a[i] & 0x7fffffffffffffffull, mb = b[i] & 0x7fffffffffffffffull;
      int inv = (ma == 0 && mb == 0x7ff0000000000000ull) || (mb == 0 && ma == 0x7ff0000000000000ull);
      if (na && nb) b[i] = 0x4004000000000000ull ^ (b[i] & 0x8000000000000000ull);
      if (fc_f64_is_nan(c[i]) && (na || nb || inv)) c[i] = 0xc008000000000000ull;
    }
    an[i] = fc_f64_is_nan(a[i]) ? (0x3fe0000000000000ull ^ (a[i] & 0x8000000000000000ull)) : a[i];
  }
  u64 *ea = fc_alloc((size_t)n * KA * 8);
  for (int i = 0; i < n; i++) {
    u64 *row = ea + (size_t)i * KA;
    fc_check_row(ref_arith(a[i], b[i], c[i], an[i], row), row, 8, KA, "f64_arith");
  }

  /* corner cases of rcp.approx.ftz.f64 (bit 0) and rsqrt.approx.ftz.f64 (bit 1) */
  static const u64 sp_in[] = {
      0xfff0000000000000ull, /* -inf */
      0x8000000000000000ull, /* -0 */
      0x0000000000000000ull, /* +0 */
      0x7ff0000000000000ull, /* +inf */
      0x7ff8000000000000ull, /* NaN */
      0xfff8000000012345ull, /* NaN with payload */
      0x7ff0000000000001ull, /* NaN, payload in the low word only: upper word is +inf */
      0x0008000000000000ull, /* +subnormal */
      0x800fffff00000000ull, /* -subnormal */
      0x0000000012345678ull, /* subnormal with a zero upper word */
      0x7ff0000100000000ull, /* signalling NaN in the upper word */
      0xbff0000000000000ull, /* -1: rsqrt only */
  };
  const int nsp = (int)(sizeof sp_in / sizeof sp_in[0]);
  const u64 CNAN = 0x7fffffff00000000ull, PINF = 0x7ff0000000000000ull,
            NINF = 0xfff0000000000000ull, NZERO = 0x8000000000000000ull;
  static const u64 rcp_e[] = {NZERO, NINF, PINF, 0, CNAN, CNAN, 0, PINF, NINF, PINF, CNAN, 0};
  static const u64 rsq_e[] = {CNAN, NINF, PINF, 0, CNAN, CNAN, 0, PINF, NINF, PINF, CNAN, CNAN};
  u64 *spx = fc_alloc((size_t)nsp * 8), *spe = fc_alloc((size_t)nsp * KSP * 8);
  u32 *spm = fc_alloc((size_t)nsp * 4);
  for (int i = 0; i < nsp; i++) {
    spx[i] = sp_in[i];
    spm[i] = (i == nsp - 1) ? 2u : 3u;
    if (spm[i] & 1) spe[(size_t)i * KSP] = rcp_e[i];
    spe[(size_t)i * KSP + 1] = rsq_e[i];
  }

  fc_buf_in(w, "a", a, (size_t)n * 8);
  fc_buf_in(w, "b", b, (size_t)n * 8);
  fc_buf_in(w, "c", c, (size_t)n * 8);
  fc_buf_in(w, "an", an, (size_t)n * 8);
  fc_buf_in(w, "spx", spx, (size_t)nsp * 8);
  fc_buf_in(w, "spm", spm, (size_t)nsp * 4);
  fc_buf_out(w, "arith", (size_t)n * KA * 8, NULL, ea);
  fc_buf_out(w, "approx_special", (size_t)nsp * KSP * 8, NULL, spe);

  fc_launch(w, "f64_arith", (n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "an", 0);
  fc_p_buf(w, "arith", 0);
  fc_p_s32(w, n);

  fc_launch(w, "f64_approx_special", 1, 1, 1, 32, 1, 1, 0);
  fc_p_buf(w, "spx", 0);
  fc_p_buf(w, "spm", 0);
  fc_p_buf(w, "approx_special", 0);
  fc_p_s32(w, nsp);
  return fc_wl_end(w);
}
