/* gen_int: inputs, CPU reference and workload for the "int" group (int.cu).
 *
 * Reference semantics (PTX ISA, integer arithmetic):
 *  - add/sub/mul.lo/mad.lo wrap modulo 2^n; .hi takes the upper half of the 2n-bit product;
 *    .wide gives the 2n-bit product (+ 2n-bit addend for mad.wide).
 *  - mad.hi.sat.s32 clamps (upper half of the product + c) to [INT_MIN, INT_MAX].
 *  - mul24/mad24: the operands are the low 24 bits (sign-extended for .s32); .lo is bits 31..0
 *    and .hi bits 47..16 of the 48-bit product.
 *  - add.sat/sub.sat.s32 clamp to [INT_MIN, INT_MAX].
 *  - abs.s32(INT_MIN) = INT_MIN, neg wraps; sad: c + (a<b ? b-a : a-b) in n-bit arithmetic.
 *  - div/rem truncate toward zero, remainder has the sign of the dividend.
 *    div.u32 by zero = 0xffffffff (NVIDIA silicon, as given). Every other division by zero is
 *    left out: the PTX manual says it "yields an unspecified, machine-specific value".
 *    INT_MIN / -1 (32, 16 and 64-bit) is kept: the manual does not call it unspecified; the
 *    quotient wraps to INT_MIN and the remainder is 0 (as on silicon, H200).
 *  - add.cc/addc/sub.cc/subc/mad.lo.cc/madc: carry-out/borrow-out in CC.CF, consumed by the
 *    next ...c instruction.
 */
#include "../common/func_common.h"

#include <stdio.h>
#include <stdlib.h>

#define K32 40
#define K64 24
#define KDIV32 6
#define KDIV16 4
#define KDIV64 4
#define K16 16
#define KCC 12

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;
typedef uint16_t u16;
typedef int16_t s16;

static const u32 spec32[] = {0u,          1u,          2u,          3u,          7u,
                             0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu, 0x80000001u,
                             0xffffu,     0x10000u,    0x7fffu,     0x8000u,     0xff800000u,
                             0x00800000u, 0x00ffffffu, 0x55555555u, 0xaaaaaaaau, 0x12345678u,
                             100u,        0xffffff9cu};
#define NSPEC32 (sizeof spec32 / sizeof spec32[0])

static const u64 spec64[] = {0ull,
                             1ull,
                             2ull,
                             3ull,
                             0xffffffffffffffffull,
                             0xfffffffffffffffeull,
                             0x8000000000000000ull,
                             0x7fffffffffffffffull,
                             0x8000000000000001ull,
                             0xffffffffull,
                             0x100000000ull,
                             0x7fffffffull,
                             0x80000000ull,
                             0xffffffff80000000ull,
                             0x5555555555555555ull,
                             0x123456789abcdef0ull,
                             1000000007ull,
                             0xfffffffffffffc18ull /* -1000 */};
#define NSPEC64 (sizeof spec64 / sizeof spec64[0])

static u32 rand32(fc_rng *r) {
  switch (fc_rng_below(r, 6)) {
  case 0: return fc_rng_u32(r);
  case 1: return (u32)(s32)fc_rng_range(r, -300, 300);
  case 2: return fc_rng_u32_shr(r);
  case 3: {
    u32 p = 1u << fc_rng_below(r, 32);
    return p + (u32)fc_rng_range(r, -2, 2);
  }
  case 4: {
    u32 s = spec32[fc_rng_below(r, NSPEC32)];
    return s + (u32)fc_rng_range(r, -3, 3);
  }
  default: return 0u - fc_rng_u32_shr(r);
  }
}

static u64 rand64(fc_rng *r) {
  switch (fc_rng_below(r, 5)) {
  case 0: return fc_rng_u64(r);
  case 1: return (u64)fc_rng_range(r, -100000, 100000);
  case 2: return fc_rng_u64_shr(r);
  case 3: {
    u64 s = spec64[fc_rng_below(r, NSPEC64)];
    return s + (u64)fc_rng_range(r, -3, 3);
  }
  default: return 0ull - fc_rng_u64_shr(r);
  }
}

/* 64x64 -> 128 unsigned product */
static void mul128(u64 x, u64 y, u64 *hi, u64 *lo) {
  u64 x0 = x & 0xffffffffu, x1 = x >> 32, y0 = y & 0xffffffffu, y1 = y >> 32;
  u64 p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  *lo = (mid << 32) | (p00 & 0xffffffffu);
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
static u64 mulhi_u64(u64 x, u64 y) {
  u64 h, l;
  mul128(x, y, &h, &l);
  return h;
}
static u64 mulhi_s64(u64 x, u64 y) {
  u64 h = mulhi_u64(x, y);
  if ((s64)x < 0) h -= y;
  if ((s64)y < 0) h -= x;
  return h;
}

static s32 sat32(s64 v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (s32)v; }
static s64 sext24(u32 v) { return (s64)(s32)(v << 8) >> 8; }

static void ref32(u32 x, u32 y, u32 z, u32 *o) {
  s32 sx = (s32)x, sy = (s32)y;
  s64 p = (s64)sx * (s64)sy;
  u64 up = (u64)x * (u64)y;
  u32 hs = (u32)((u64)p >> 32), hu = (u32)(up >> 32);
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x * y + z;
  o[4] = hs;
  o[5] = hu;
  o[6] = hs + z;
  o[7] = hu + z;
  o[8] = (u32)sat32((s64)(s32)hs + (s64)(s32)z);
  s64 p24 = sext24(x) * sext24(y);
  u64 u24 = (u64)(x & 0xffffffu) * (u64)(y & 0xffffffu);
  o[9] = (u32)(u64)p24;
  o[10] = (u32)u24;
  o[11] = (u32)((u64)p24 >> 16);
  o[12] = (u32)(u24 >> 16);
  o[13] = (u32)(u64)p24 + z;
  o[14] = (u32)u24 + z;
  o[15] = (u32)(u24 >> 16) + z;
  o[16] = (u32)sat32((s64)sx + sy);
  o[17] = (u32)sat32((s64)sx - sy);
  o[18] = sx == INT32_MIN ? x : (u32)(sx < 0 ? -sx : sx);
  o[19] = 0u - x;
  o[20] = (u32)(sx < sy ? sx : sy);
  o[21] = (u32)(sx > sy ? sx : sy);
  o[22] = x < y ? x : y;
  o[23] = x > y ? x : y;
  o[24] = z + (sx < sy ? y - x : x - y);
  o[25] = z + (x < y ? y - x : x - y);
  o[26] = (u32)(u64)p;
  o[27] = hs;
  o[28] = (u32)up;
  o[29] = hu;
  u64 acc = ((u64)z << 32) | (u64)(z ^ 0x9e3779b9u);
  u64 mw = acc + (u64)p;
  o[30] = (u32)mw;
  o[31] = (u32)(mw >> 32);
  u64 umw = acc + up;
  o[32] = (u32)umw;
  o[33] = (u32)(umw >> 32);
  o[34] = (u32)mw;
  o[35] = (x & 0xffffu) ? x / (x & 0xffffu) : 0u;
  o[36] = x * y;
  o[37] = z + (x < y ? y - x : x - y);
  o[38] = (u32)(sx < -5 ? sx : -5);
  o[39] = x + 0x7fffffffu;
}

static void ref64(u64 x, u64 y, u64 z, u64 *o) {
  s64 sx = (s64)x, sy = (s64)y;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x * y + z;
  o[4] = mulhi_s64(x, y);
  o[5] = mulhi_u64(x, y);
  o[6] = mulhi_u64(x, y) + z;
  o[7] = mulhi_s64(x, y) + z;
  o[8] = sx == INT64_MIN ? x : (u64)(sx < 0 ? -sx : sx);
  o[9] = 0 - x;
  o[10] = (u64)(sx < sy ? sx : sy);
  o[11] = (u64)(sx > sy ? sx : sy);
  o[12] = x < y ? x : y;
  o[13] = x > y ? x : y;
  o[14] = z + (sx < sy ? y - x : x - y);
  o[15] = z + (x < y ? y - x : x - y);
  o[16] = x - 1;
  o[17] = x * 3;
  o[18] = x ^ (y << 1);
  o[19] = (u64)(sx < 0 ? ~(~x >> 7) : x >> 7); /* arithmetic shift, spelled out */
  u64 h, l;
  mul128(x, y, &h, &l);
  u64 lo = l + z;
  o[20] = lo;
  o[21] = h + (lo < l);
  o[22] = x - y;
  o[23] = y - x - (x < y);
}

static void refdiv(u32 x, u32 y, u32 yn, u64 X, u64 Y, u32 *o, u64 *p) {
  s32 sx = (s32)x, syn = (s32)yn;
  o[0] = y ? x / y : 0xffffffffu;
  o[1] = x % yn;
  o[2] = (sx == INT32_MIN && syn == -1) ? x : (u32)(sx / syn);
  o[3] = syn == -1 ? 0u : (u32)(sx % syn);
  o[4] = x / 7u;
  o[5] = (u32)(sx % -3);
  u16 hx = (u16)x, hy = (u16)yn;
  if (hy == 0) hy = 1;
  s16 shx = (s16)hx, shy = (s16)hy;
  o[6] = (u16)(hx / hy);
  o[7] = (u16)(hx % hy);
  o[8] = (shx == INT16_MIN && shy == -1) ? hx : (u16)(s16)(shx / shy);
  o[9] = shy == -1 ? 0u : (u16)(s16)(shx % shy);
  s64 sX = (s64)X, sY = (s64)Y;
  p[0] = X / Y;
  p[1] = X % Y;
  p[2] = (sX == INT64_MIN && sY == -1) ? X : (u64)(sX / sY);
  p[3] = sY == -1 ? 0u : (u64)(sX % sY);
}

static void ref16(u32 a, u32 b, u32 c, u32 *o) {
  u16 x = (u16)a, y = (u16)b, z = (u16)c;
  s32 sx = (s16)x, sy = (s16)y;
  o[0] = (u16)(x + y);
  o[1] = (u16)(x - y);
  o[2] = (u16)(sx * sy);
  o[3] = (u16)((u32)(sx * sy) >> 16);
  o[4] = (u16)(((u32)x * y) >> 16);
  o[5] = (u32)(sx * sy);
  o[6] = (u32)x * y;
  o[7] = (u16)(x * y + z);
  o[8] = (u16)(sx < sy ? sx : sy);
  o[9] = x > y ? x : y;
  o[10] = (u16)(sx < 0 ? -sx : sx); /* -32768 -> 0x8000 */
  o[11] = (u16)(-sx);
  o[12] = (u16)(z + (x < y ? y - x : x - y));
  o[13] = (u32)(sx * sy) + c;
  o[14] = (u32)(s32)(s16)(u16)(sx * sy + 3);
  o[15] = (u16)(x + y);
}

static void refcc(const u32 *x, const u32 *y, u32 *o) {
  u64 s0 = (u64)x[0] + y[0];
  u64 s1 = (u64)x[1] + y[1] + (s0 >> 32);
  u64 s2 = (u64)x[2] + y[2] + (s1 >> 32);
  o[0] = (u32)s0;
  o[1] = (u32)s1;
  o[2] = (u32)s2;
  o[3] = (u32)(s2 >> 32);
  u32 b0 = x[0] < y[0];
  u32 d1 = x[1] - y[1] - b0;
  u32 b1 = (u64)x[1] < (u64)y[1] + b0;
  u32 d2 = x[2] - y[2] - b1;
  u32 b2 = (u64)x[2] < (u64)y[2] + b1;
  o[4] = x[0] - y[0];
  o[5] = d1;
  o[6] = d2;
  o[7] = 0u - b2;
  u64 p0 = (u64)x[0] * y[0], p1 = (u64)x[1] * y[0];
  u64 t1 = (p1 & 0xffffffffu) + (p0 >> 32);
  u64 t2 = (p1 >> 32) + x[2] + (t1 >> 32);
  o[8] = (u32)p0;
  o[9] = (u32)t1;
  o[10] = (u32)t2;
  o[11] = (u32)(t2 >> 32);
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "int");
  fc_rng rng;
  fc_rng_seed(&rng, 0x1e7001);

  /* 32-bit: every pair of special values, then random ones. */
  const int n = 1024;
  u32 *a = fc_alloc(n * 4), *b = fc_alloc(n * 4), *c = fc_alloc(n * 4);
  for (int i = 0; i < n; i++) {
    if ((size_t)i < NSPEC32 * NSPEC32) {
      a[i] = spec32[i / NSPEC32];
      b[i] = spec32[i % NSPEC32];
      c[i] = (i & 1) ? spec32[(i * 7) % NSPEC32] : rand32(&rng);
    } else {
      a[i] = rand32(&rng);
      b[i] = rand32(&rng);
      c[i] = rand32(&rng);
    }
  }
  u32 *e32 = fc_alloc((size_t)n * K32 * 4);
  for (int i = 0; i < n; i++) ref32(a[i], b[i], c[i], e32 + (size_t)i * K32);

  /* 64-bit */
  const int n64 = 512;
  u64 *a64 = fc_alloc(n64 * 8), *b64 = fc_alloc(n64 * 8), *c64 = fc_alloc(n64 * 8);
  for (int i = 0; i < n64; i++) {
    if ((size_t)i < NSPEC64 * NSPEC64) {
      a64[i] = spec64[i / NSPEC64];
      b64[i] = spec64[i % NSPEC64];
      c64[i] = (i & 1) ? spec64[(i * 5) % NSPEC64] : rand64(&rng);
    } else {
      a64[i] = rand64(&rng);
      b64[i] = rand64(&rng);
      c64[i] = rand64(&rng);
    }
  }
  u64 *e64 = fc_alloc((size_t)n64 * K64 * 8);
  for (int i = 0; i < n64; i++) ref64(a64[i], b64[i], c64[i], e64 + (size_t)i * K64);

  /* division: b may be 0 (div.u32 only); bn, b64n never 0 */
  u32 *bn = fc_alloc(n * 4);
  u64 *ad = fc_alloc(n * 8), *bd = fc_alloc(n * 8);
  for (int i = 0; i < n; i++) {
    bn[i] = b[i] ? b[i] : (u32)(i % 5) + 1u;
    if ((i & 7) == 3) bn[i] = (u32)-1; /* many x / -1, including INT_MIN / -1 */
    if (i < n64) {
      ad[i] = a64[i];
      bd[i] = b64[i];
    } else {
      ad[i] = rand64(&rng);
      u64 x = rand64(&rng);
      bd[i] = x >> fc_rng_below(&rng, 64);
    }
    if ((i & 7) == 5) bd[i] = (u64)-1;
    if (bd[i] == 0) bd[i] = (u64)(i % 9) + 1u;
  }
  u32 *ediv32 = fc_alloc((size_t)n * (KDIV32 + KDIV16) * 4);
  u64 *ediv64 = fc_alloc((size_t)n * KDIV64 * 8);
  for (int i = 0; i < n; i++)
    refdiv(a[i], b[i], bn[i], ad[i], bd[i], ediv32 + (size_t)i * (KDIV32 + KDIV16),
           ediv64 + (size_t)i * KDIV64);

  u32 *e16 = fc_alloc((size_t)n * K16 * 4);
  for (int i = 0; i < n; i++) ref16(a[i], b[i], c[i], e16 + (size_t)i * K16);

  /* carry chains: 96-bit operands; the first rows are all-ones / zero edge cases */
  const int ncc = 256;
  u32 *xa = fc_alloc(ncc * 12), *ya = fc_alloc(ncc * 12);
  for (int i = 0; i < ncc * 3; i++) {
    int row = i / 3;
    if (row < 16) {
      static const u32 edge[4] = {0u, 1u, 0xffffffffu, 0x80000000u};
      xa[i] = edge[(row >> 2) & 3];
      ya[i] = edge[row & 3];
    } else {
      xa[i] = rand32(&rng);
      ya[i] = rand32(&rng);
    }
  }
  u32 *ecc = fc_alloc((size_t)ncc * KCC * 4);
  for (int i = 0; i < ncc; i++) refcc(xa + 3 * i, ya + 3 * i, ecc + (size_t)i * KCC);

  fc_buf_in(w, "a", a, (size_t)n * 4);
  fc_buf_in(w, "b", b, (size_t)n * 4);
  fc_buf_in(w, "c", c, (size_t)n * 4);
  fc_buf_in(w, "bn", bn, (size_t)n * 4);
  fc_buf_in(w, "a64", a64, (size_t)n64 * 8);
  fc_buf_in(w, "b64", b64, (size_t)n64 * 8);
  fc_buf_in(w, "c64", c64, (size_t)n64 * 8);
  fc_buf_in(w, "ad", ad, (size_t)n * 8);
  fc_buf_in(w, "bd", bd, (size_t)n * 8);
  fc_buf_in(w, "xa", xa, (size_t)ncc * 12);
  fc_buf_in(w, "ya", ya, (size_t)ncc * 12);
  fc_buf_out(w, "out32", (size_t)n * K32 * 4, NULL, e32);
  fc_buf_out(w, "out64", (size_t)n64 * K64 * 8, NULL, e64);
  fc_buf_out(w, "div32", (size_t)n * (KDIV32 + KDIV16) * 4, NULL, ediv32);
  fc_buf_out(w, "div64", (size_t)n * KDIV64 * 8, NULL, ediv64);
  fc_buf_out(w, "out16", (size_t)n * K16 * 4, NULL, e16);
  fc_buf_out(w, "outcc", (size_t)ncc * KCC * 4, NULL, ecc);

  fc_launch(w, "int32_ops", (n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "out32", 0);
  fc_p_s32(w, n);

  fc_launch(w, "int64_ops", (n64 + 95) / 96, 1, 1, 96, 1, 1, 0);
  fc_p_buf(w, "a64", 0);
  fc_p_buf(w, "b64", 0);
  fc_p_buf(w, "c64", 0);
  fc_p_buf(w, "out64", 0);
  fc_p_s32(w, n64);

  fc_launch(w, "int_div", (n + 255) / 256, 1, 1, 256, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "bn", 0);
  fc_p_buf(w, "ad", 0);
  fc_p_buf(w, "bd", 0);
  fc_p_buf(w, "div32", 0);
  fc_p_buf(w, "div64", 0);
  fc_p_s32(w, n);

  fc_launch(w, "int16_ops", (n + 99) / 100, 1, 1, 100, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "out16", 0);
  fc_p_s32(w, n);

  fc_launch(w, "int_carry", 4, 1, 1, 64, 1, 1, 0);
  fc_p_buf(w, "xa", 0);
  fc_p_buf(w, "ya", 0);
  fc_p_buf(w, "outcc", 0);
  fc_p_s32(w, ncc);
  return fc_wl_end(w);
}
