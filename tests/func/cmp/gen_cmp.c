/* gen_cmp: inputs, CPU reference and workload for the "cmp" group (cmp.cu).
 *
 * Reference semantics (PTX ISA, comparison and selection instructions):
 *  - integer compares: eq ne lt le gt ge (signed for .sNN), lo ls hi hs (unsigned); .bNN eq/ne.
 *  - float compares: eq ne lt le gt ge are ordered (false when either operand is NaN); equ neu
 *    ltu leu gtu geu are unordered (true when either is NaN); num = neither NaN, nan = either
 *    NaN. -0.0 == +0.0. .ftz flushes subnormal inputs to sign-preserving zero first.
 *  - setp.CmpOp.BoolOp p, a, b, c: p = (a CmpOp b) BoolOp c; p|q writes q = !p (for a plain
 *    compare).
 *  - set.CmpOp.dtype.stype: 0xffffffff / 0 for integer dtype, 1.0f / 0.0f for .f32.
 *  - selp: d = p ? a : b. slct: d = (c >= 0) ? a : b; for an f32 selector -0.0 >= 0 holds,
 *    a NaN selector compares false (b is selected) and .ftz flushes a subnormal c to zero.
 */
#include "../common/func_common.h"

#include <math.h>
#include <stdio.h>

#define KI 37
#define KF 30
#define KD 20

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

static u32 rnd_int(fc_rng *r) {
  static const u32 sp[] = {0u, 1u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2u, 0xfffffffeu, 5u};
  switch (fc_rng_below(r, 4)) {
  case 0: return sp[fc_rng_below(r, 8)];
  case 1: return (u32)fc_rng_range(r, -4, 4);
  default: return fc_rng_u32(r);
  }
}

static void ref_int(u32 x, u32 y, u32 z, u64 X, u64 Y, u32 *o) {
  s32 sx = (s32)x, sy = (s32)y;
  s64 SX = (s64)X, SY = (s64)Y;
  *o++ = sx == sy;
  *o++ = sx != sy;
  *o++ = sx < sy;
  *o++ = sx <= sy;
  *o++ = sx > sy;
  *o++ = sx >= sy;
  *o++ = x < y;
  *o++ = x <= y;
  *o++ = x > y;
  *o++ = x >= y;
  *o++ = x < y;
  *o++ = x >= y;
  *o++ = x == y;
  *o++ = x != y;
  *o++ = SX < SY;
  *o++ = SX >= SY;
  *o++ = X < Y;
  *o++ = X >= Y;
  *o++ = X == Y;
  *o++ = SX > SY;
  *o++ = (int16_t)x < (int16_t)y;
  *o++ = (uint16_t)x > (uint16_t)y;
  u32 q = z & 1;
  *o++ = (sx < sy) && q;
  *o++ = (x >= y) || !q;
  *o++ = (sx == sy) ^ q;
  *o++ = sx > sy ? 2u : 1u;
  *o++ = sx < sy ? 0xffffffffu : 0u;
  *o++ = x > y ? 0xffffffffu : 0u;
  *o++ = (sx != sy) && (z & 2) ? 0xffffffffu : 0u;
  *o++ = sx <= sy ? 0x3f800000u : 0u;
  *o++ = sx < sy ? z : x ^ y;
  *o++ = (z & 4) ? x : y;
  *o++ = (s32)z >= 0 ? x : y;
  *o++ = sx >= 0 ? y : x;
  {
    int p = sx < sy, qq = x == z;
    u32 r = (p && qq) ? 1u : 0u;
    if (p || qq) r += 2;
    if (p ^ !qq) r += 4;
    if (!!p) r += 8; /* @!t with t = !p */
    if (qq) r += 16;
    *o++ = r;
  }
  *o++ = (u32)(sx < sy) + 2u * (x < y) + 4u * (X == Y) + 8u * (SX <= SY);
  *o++ = (x != y && z > 5u) ? 1u : 0u;
}

/* float compare on encodings (works for f32 values held in doubles: the conversion is exact) */
static int cmpf(double a, double b, const char *op) {
  int un = isnan(a) || isnan(b);
  if (!strcmp(op, "eq")) return !un && a == b;
  if (!strcmp(op, "ne")) return !un && a != b;
  if (!strcmp(op, "lt")) return !un && a < b;
  if (!strcmp(op, "le")) return !un && a <= b;
  if (!strcmp(op, "gt")) return !un && a > b;
  if (!strcmp(op, "ge")) return !un && a >= b;
  if (!strcmp(op, "equ")) return un || a == b;
  if (!strcmp(op, "neu")) return un || a != b;
  if (!strcmp(op, "ltu")) return un || a < b;
  if (!strcmp(op, "leu")) return un || a <= b;
  if (!strcmp(op, "gtu")) return un || a > b;
  if (!strcmp(op, "geu")) return un || a >= b;
  if (!strcmp(op, "num")) return !un;
  if (!strcmp(op, "nan")) return un;
  return -1;
}

static const char *const fops[14] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",  "equ",
                                     "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};

static void ref_f32(u32 ux, u32 uy, u32 uz, u32 *o) {
  double x = fc_u2f(ux), y = fc_u2f(uy), z = fc_u2f(uz);
  double fx = fc_u2f(fc_f32_ftz(ux)), fy = fc_u2f(fc_f32_ftz(uy)), fz = fc_u2f(fc_f32_ftz(uz));
  for (int k = 0; k < 14; k++) *o++ = (u32)cmpf(x, y, fops[k]);
  *o++ = (u32)cmpf(fx, fy, "eq");
  *o++ = (u32)cmpf(fx, fy, "lt");
  *o++ = (u32)cmpf(fx, fy, "geu");
  *o++ = (u32)cmpf(fx, fy, "ne");
  *o++ = cmpf(x, y, "ltu") ? 0xffffffffu : 0u;
  *o++ = cmpf(x, y, "ge") ? 0x3f800000u : 0u;
  *o++ = cmpf(fx, fy, "eq") ? 0x3f800000u : 0u;
  *o++ = cmpf(z, 0.0, "ge") ? ux : uy;  /* slct.f32.f32 */
  *o++ = cmpf(fz, 0.0, "ge") ? ux : uy; /* slct.ftz.f32.f32 */
  *o++ = cmpf(z, 0.0, "ge") ? ux : uy;  /* slct.s32.f32 */
  *o++ = cmpf(z, 0.0, "lt") ? ux : uy;  /* setp.lt + selp.f32 */
  *o++ = (u32)(cmpf(x, y, "gt") && !cmpf(z, z, "num"));
  *o++ = cmpf(x, y, "lt") ? 2u : 1u;
  *o++ = (u32)cmpf(x, y, "lt") | (u32)cmpf(x, y, "neu") << 1 | (u32)cmpf(x, y, "ltu") << 2 |
         (u32)cmpf(x, z, "eq") << 3;
  *o++ = cmpf(x, y, "gt") ? uz : uy;
  *o++ = (u32)(isnan(x) != 0) | (u32)(isinf(y) != 0) << 1 | (u32)(isfinite(z) != 0) << 2;
}

static void ref_f64(u64 ux, u64 uy, int i, u32 *o) {
  double x = fc_u2d(ux), y = fc_u2d(uy);
  for (int k = 0; k < 14; k++) *o++ = (u32)cmpf(x, y, fops[k]);
  *o++ = cmpf(x, y, "gtu") ? 0xffffffffu : 0u;
  *o++ = cmpf(x, y, "le") ? 0x3f800000u : 0u;
  u64 s = (i - 500 >= 0) ? ux : uy;
  *o++ = (u32)s;
  *o++ = (u32)(s >> 32);
  *o++ = (u32)((cmpf(x, y, "ltu") ? ux : uy) >> 32);
  *o++ = (u32)cmpf(x, y, "lt") | (u32)cmpf(x, y, "neu") << 1 | (u32)cmpf(x, y, "gtu") << 2;
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "cmp");
  fc_rng rng;
  fc_rng_seed(&rng, 0xc3b);

  const int ni = 1024;
  u32 *a = fc_alloc(ni * 4), *b = fc_alloc(ni * 4), *c = fc_alloc(ni * 4);
  u64 *a64 = fc_alloc(ni * 8), *b64 = fc_alloc(ni * 8);
  for (int i = 0; i < ni; i++) {
    a[i] = rnd_int(&rng);
    b[i] = (i % 5 == 0) ? a[i] : rnd_int(&rng);
    c[i] = (i % 7 == 0) ? a[i] : fc_rng_u32(&rng);
    a64[i] = (u64)(s64)(s32)rnd_int(&rng) ^ ((u64)fc_rng_below(&rng, 3) << 40);
    b64[i] = (i % 3 == 0) ? a64[i] : (u64)(s64)(s32)rnd_int(&rng);
  }
  u32 *ei = fc_alloc((size_t)ni * KI * 4);
  for (int i = 0; i < ni; i++) ref_int(a[i], b[i], c[i], a64[i], b64[i], ei + (size_t)i * KI);

  /* f32: all pairs of specials, then random */
  const int nf = 2048;
  u32 *fa = fc_alloc(nf * 4), *fb = fc_alloc(nf * 4), *fcz = fc_alloc(nf * 4);
  size_t ns = fc_n_f32_specials;
  for (int i = 0; i < nf; i++) {
    if ((size_t)i < ns * ns) {
      fa[i] = fc_f32_specials[(size_t)i / ns];
      fb[i] = fc_f32_specials[(size_t)i % ns];
    } else {
      fa[i] = fc_rand_f32(&rng);
      fb[i] = fc_rand_f32(&rng);
    }
    fcz[i] = (i % 9 == 0) ? fa[i] : fc_rand_f32(&rng);
  }
  u32 *ef = fc_alloc((size_t)nf * KF * 4);
  for (int i = 0; i < nf; i++) ref_f32(fa[i], fb[i], fcz[i], ef + (size_t)i * KF);

  const int nd = 2048;
  u64 *da = fc_alloc(nd * 8), *db = fc_alloc(nd * 8);
  size_t nsd = fc_n_f64_specials;
  for (int i = 0; i < nd; i++) {
    if ((size_t)i < nsd * nsd) {
      da[i] = fc_f64_specials[(size_t)i / nsd];
      db[i] = fc_f64_specials[(size_t)i % nsd];
    } else {
      da[i] = fc_rand_f64(&rng);
      db[i] = fc_rand_f64(&rng);
    }
  }
  u32 *ed = fc_alloc((size_t)nd * KD * 4);
  for (int i = 0; i < nd; i++) ref_f64(da[i], db[i], i, ed + (size_t)i * KD);

  fc_buf_in(w, "a", a, (size_t)ni * 4);
  fc_buf_in(w, "b", b, (size_t)ni * 4);
  fc_buf_in(w, "c", c, (size_t)ni * 4);
  fc_buf_in(w, "a64", a64, (size_t)ni * 8);
  fc_buf_in(w, "b64", b64, (size_t)ni * 8);
  fc_buf_in(w, "fa", fa, (size_t)nf * 4);
  fc_buf_in(w, "fb", fb, (size_t)nf * 4);
  fc_buf_in(w, "fc", fcz, (size_t)nf * 4);
  fc_buf_in(w, "da", da, (size_t)nd * 8);
  fc_buf_in(w, "db", db, (size_t)nd * 8);
  fc_buf_out(w, "out_int", (size_t)ni * KI * 4, NULL, ei);
  fc_buf_out(w, "out_f32", (size_t)nf * KF * 4, NULL, ef);
  fc_buf_out(w, "out_f64", (size_t)nd * KD * 4, NULL, ed);

  fc_launch(w, "cmp_int", (ni + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "a64", 0);
  fc_p_buf(w, "b64", 0);
  fc_p_buf(w, "out_int", 0);
  fc_p_s32(w, ni);

  fc_launch(w, "cmp_f32", (nf + 191) / 192, 1, 1, 192, 1, 1, 0);
  fc_p_buf(w, "fa", 0);
  fc_p_buf(w, "fb", 0);
  fc_p_buf(w, "fc", 0);
  fc_p_buf(w, "out_f32", 0);
  fc_p_s32(w, nf);

  fc_launch(w, "cmp_f64", (nd + 255) / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "da", 0);
  fc_p_buf(w, "db", 0);
  fc_p_buf(w, "out_f64", 0);
  fc_p_s32(w, nd);
  return fc_wl_end(w);
}
