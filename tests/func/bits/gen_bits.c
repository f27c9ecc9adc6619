/* gen_bits: inputs, CPU reference and workload for the "bits" group (bits.cu).
 *
 * Reference semantics follow the PTX ISA pseudocode of each instruction:
 *  - bfind: position of the most significant 1 (unsigned) or non-sign bit (signed: ~a for
 *    negative a); 0xffffffff if none; .shiftamt returns msb - position.
 *  - bfe: pos = b & 0xff, len = c & 0xff; bits beyond the msb read as the sign bit
 *    (a[min(pos+len-1, msb)] for signed, 0 for unsigned); len 0 gives 0.
 *    64-bit bfe/bfi only get b, c in 0..255: the manual restricts them to that range, and
 *    silicon (H200, driver 580) does not mask them for .b64/.u64/.s64 (it uses all 32 bits:
 *    a position >= 64 gives the sign fill), while the 32-bit forms do mask (checked here).
 *  - bfi: pos = c & 0xff, len = d & 0xff; copies a[i] to f[pos+i] while i < len, pos+i <= msb.
 *  - prmt: default mode picks bytes of {b,a} by selector nibbles (bit 3 replicates the byte's
 *    sign); the .f4e .b4e .rc8 .ecl .ecr .rc16 modes use c[1:0] and the manual's table.
 *    __byte_perm(x, y, s) is prmt.b32 with s & 0x7777 (nvcc masks the selector: CUDA's
 *    definition has no sign replication).
 *  - shf: n = c & 31 (.wrap) or min(c, 32) (.clamp) on the 64-bit value b:a; .l returns the upper
 *    word of (b:a) << n, .r the lower word of (b:a) >> n.
 *  - shl/shr: shift amounts are unsigned and clamp to the register width (>= width gives 0, or
 *    the sign fill for shr.s).
 *  - cnot: d = (a == 0); lop3: bit k of d = immLut[(a_k << 2) | (b_k << 1) | c_k].
 *  - fns, bmsk, szext: the manual's pseudocode, transcribed below (base of fns kept in 0..31:
 *    other bases are undefined).
 *  - dp4a/dp2a: byte (and halfword) dot products accumulated in 32-bit wrapping arithmetic.
 */
#include "../common/func_common.h"

#include <stdio.h>

#define K32 67
#define K64 20

typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

static u32 rand_bits(fc_rng *r) {
  static const u32 sp[] = {0u,          0xffffffffu, 0x80000000u, 1u,          0x7fffffffu,
                           0x00ff00ffu, 0xf0f0f0f0u, 0x80000001u, 0x00010000u, 0xaaaaaaaau,
                           0x12345678u, 0x87654321u, 0x0000ffffu, 0xffff0000u, 0x00000080u};
  switch (fc_rng_below(r, 10)) {
  case 0: return sp[fc_rng_below(r, sizeof sp / sizeof sp[0])];
  case 1: return 1u << fc_rng_below(r, 32);
  case 2: return ~(1u << fc_rng_below(r, 32));
  case 3: { /* sparse */
    u32 x = fc_rng_u32(r), y = fc_rng_u32(r);
    return x & y & fc_rng_u32(r);
  }
  case 4: return fc_rng_u32_shr(r);
  default: return fc_rng_u32(r);
  }
}

static u32 rand_pos(fc_rng *r) {
  u32 k = fc_rng_below(r, 20);
  if (k < 11) return fc_rng_below(r, 41);
  if (k < 14) return fc_rng_below(r, 256);
  if (k < 17) return fc_rng_u32(r);
  u32 hi = fc_rng_u32(r) << 8;
  return hi | fc_rng_below(r, 41);
}

static u64 rand_bits64(fc_rng *r) {
  switch (fc_rng_below(r, 6)) {
  case 0: {
    u64 hi = (u64)rand_bits(r) << 32;
    return hi | rand_bits(r);
  }
  case 1: return 1ull << fc_rng_below(r, 64);
  case 2: return (u64)(s64)(s32)rand_bits(r);
  case 3: return fc_rng_u64_shr(r);
  default: return fc_rng_u64(r);
  }
}

static u32 popc64(u64 x) {
  u32 n = 0;
  for (; x; x >>= 1) n += (u32)(x & 1);
  return n;
}
static u32 clzn(u64 x, int bits) {
  u32 n = 0;
  for (int i = bits - 1; i >= 0 && !((x >> i) & 1); i--) n++;
  return n;
}
static u64 brevn(u64 x, int bits) {
  u64 d = 0;
  for (int i = 0; i < bits; i++)
    if ((x >> i) & 1) d |= 1ull << (bits - 1 - i);
  return d;
}
static u32 bfind(u64 a, int bits, int is_signed, int shiftamt) {
  int msb = bits - 1;
  if (is_signed && ((a >> msb) & 1)) a = ~a;
  u32 d = 0xffffffffu;
  for (int i = msb; i >= 0; i--)
    if ((a >> i) & 1) {
      d = (u32)i;
      break;
    }
  if (shiftamt && d != 0xffffffffu) d = (u32)msb - d;
  return d;
}
static u64 bfe(u64 a, u32 b, u32 c, int bits, int is_signed) {
  u32 msb = (u32)bits - 1, pos = b & 0xff, len = c & 0xff;
  u64 sbit = 0;
  if (is_signed && len != 0) {
    u32 p = pos + len - 1;
    if (p > msb) p = msb;
    sbit = (a >> p) & 1;
  }
  u64 d = 0;
  for (u32 i = 0; i <= msb; i++) {
    u64 bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
    d |= bit << i;
  }
  return d;
}
static u64 bfi(u64 a, u64 b, u32 c, u32 dd, int bits) {
  u32 msb = (u32)bits - 1, pos = c & 0xff, len = dd & 0xff;
  u64 f = b;
  for (u32 i = 0; i < len && pos + i <= msb; i++) {
    f &= ~(1ull << (pos + i));
    f |= ((a >> i) & 1) << (pos + i);
  }
  return f;
}

enum { P_DEF, P_F4E, P_B4E, P_RC8, P_ECL, P_ECR, P_RC16 };
static u32 prmt(u32 a, u32 b, u32 c, int mode) {
  unsigned char src[8];
  for (int k = 0; k < 4; k++) {
    src[k] = (unsigned char)(a >> (8 * k));
    src[4 + k] = (unsigned char)(b >> (8 * k));
  }
  /* d.b0, d.b1, d.b2, d.b3 for c[1:0] = 0..3 (the manual lists them b3..b0) */
  static const unsigned char tab[6][4][4] = {
      /* f4e */ {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
      /* b4e */ {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
      /* rc8 */ {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
      /* ecl */ {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
      /* ecr */ {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
      /* rc16 */ {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
  };
  u32 d = 0;
  for (int k = 0; k < 4; k++) {
    u32 byte;
    if (mode == P_DEF) {
      u32 sel = (c >> (4 * k)) & 0xf;
      byte = src[sel & 7];
      if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    } else {
      byte = src[tab[mode - 1][c & 3][k]];
    }
    d |= byte << (8 * k);
  }
  return d;
}
static u32 shf(u32 a, u32 b, u32 c, int left, int clamp) {
  u32 n = clamp ? (c > 32 ? 32 : c) : (c & 31);
  u64 v = ((u64)b << 32) | a;
  return left ? (u32)((v << n) >> 32) : (u32)(v >> n);
}
static u32 lop3(u32 a, u32 b, u32 c, u32 lut) {
  u32 d = 0;
  for (int k = 0; k < 32; k++) {
    u32 idx = (((a >> k) & 1) << 2) | (((b >> k) & 1) << 1) | ((c >> k) & 1);
    d |= ((lut >> idx) & 1) << k;
  }
  return d;
}
static u32 fns(u32 mask, u32 base, s32 offset) {
  u32 d = 0xffffffffu;
  if (offset == 0) {
    if ((mask >> base) & 1) d = base;
  } else {
    int pos = (int)base;
    int count = (offset < 0 ? -offset : offset) - 1;
    int inc = offset > 0 ? 1 : -1;
    while (pos >= 0 && pos < 32) {
      if ((mask >> pos) & 1) {
        if (count == 0) {
          d = (u32)pos;
          break;
        }
        count--;
      }
      pos += inc;
    }
  }
  return d;
}
static u32 shl32(u32 v, u32 n) { return n >= 32 ? 0u : v << n; }
static u32 bmsk(u32 a, u32 b, int clamp) {
  u32 a1 = a & 0x1f;
  u32 mask0 = ~0u << a1;
  u32 b1 = b & 0x1f;
  u32 sum = a1 + b1;
  u32 mask1 = shl32(~0u, sum);
  int sum_ovf = sum >= 32, pos_ovf = 0, width_ovf = 0;
  if (clamp) {
    if (a >= 32) {
      pos_ovf = 1;
      mask0 = 0;
    }
    if (b >= 32) width_ovf = 1;
  }
  if (sum_ovf || pos_ovf || width_ovf)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = ~0u;
  return mask0 & ~mask1;
}
static u32 szext(u32 a, u32 b, int clamp, int is_signed) {
  u32 b1 = b & 0x1f;
  int too_large = b >= 32 && clamp;
  u32 mask = too_large ? 0 : ~0u << b1;
  u32 sign_pos = (b1 - 1) & 0x1f;
  u32 sign_bit = (b1 == 0 || too_large || !is_signed) ? 0 : (a >> sign_pos) & 1;
  return (a & ~mask) | (sign_bit ? mask : 0);
}
static s32 sx8(u32 v, int k) { return (signed char)(unsigned char)(v >> (8 * k)); }
static s32 zx8(u32 v, int k) { return (unsigned char)(v >> (8 * k)); }

static u32 *ref32(u32 x, u32 y, u32 z, u32 v, u32 s, u32 *o) {
  *o++ = popc64(x);
  *o++ = clzn(x, 32);
  *o++ = (u32)brevn(x, 32);
  *o++ = bfind(x, 32, 0, 0);
  *o++ = bfind(x, 32, 1, 0);
  *o++ = bfind(x, 32, 0, 1);
  *o++ = bfind((u64)x, 32, 1, 1);
  {
    u32 f = 0;
    for (int k = 0; k < 32; k++)
      if ((x >> k) & 1) {
        f = (u32)k + 1;
        break;
      }
    *o++ = f;
  }
  *o++ = (u32)bfe(x, y, z, 32, 0);
  *o++ = (u32)bfe(x, y, z, 32, 1) ;
  *o++ = (u32)bfi(x, v, y, z, 32);
  *o++ = prmt(x, v, s & 0x7777u, P_DEF);
  *o++ = prmt(x, v, s, P_F4E);
  *o++ = prmt(x, v, s, P_B4E);
  *o++ = prmt(x, v, s, P_RC8);
  *o++ = prmt(x, v, s, P_ECL);
  *o++ = prmt(x, v, s, P_ECR);
  *o++ = prmt(x, v, s, P_RC16);
  *o++ = shf(x, v, z, 1, 0);
  *o++ = shf(x, v, z, 1, 1);
  *o++ = shf(x, v, z, 0, 0);
  *o++ = shf(x, v, z, 0, 1);
  *o++ = shf(x, v, z, 1, 0);
  *o++ = shf(x, v, z, 0, 1);
  *o++ = shl32(x, z);
  *o++ = z >= 32 ? 0u : x >> z;
  *o++ = z >= 32 ? ((s32)x < 0 ? 0xffffffffu : 0u) : (u32)((s32)x >> z);
  *o++ = x & v;
  *o++ = x | v;
  *o++ = x ^ v;
  *o++ = ~x;
  *o++ = (x & y) == 0;
  static const u32 luts[16] = {0x00, 0xff, 0x80, 0xfe, 0x96, 0xe8, 0xca, 0x1e,
                               0x6a, 0xb4, 0x78, 0x2d, 0xf0, 0xcc, 0xaa, 0x01};
  for (int k = 0; k < 16; k++) *o++ = lop3(x, v, s, luts[k]);
  *o++ = fns(x, y & 31, (s32)(v << 24) >> 26);
  *o++ = bmsk(y, z, 1);
  *o++ = bmsk(y, z, 0);
  *o++ = szext(x, z, 1, 1);
  *o++ = szext(x, z, 0, 1);
  *o++ = szext(x, z, 1, 0);
  *o++ = szext(x, z, 0, 0);
  {
    uint16_t h = (uint16_t)x;
    int16_t sh = (int16_t)h;
    *o++ = z >= 16 ? 0u : (uint16_t)(h << z);
    *o++ = (uint16_t)(z >= 16 ? (sh < 0 ? -1 : 0) : (sh >> z));
    *o++ = z >= 16 ? 0u : (uint16_t)(h >> z);
    *o++ = (uint16_t)(h ^ (uint16_t)v);
  }
  {
    u32 acc = s;
    for (int k = 0; k < 4; k++) acc += (u32)(sx8(x, k) * sx8(v, k));
    *o++ = acc;
    acc = s;
    for (int k = 0; k < 4; k++) acc += (u32)(zx8(x, k) * zx8(v, k));
    *o++ = acc;
    /* dp2a.lo.u32.s32: a halves zero-extended, b bytes 0,1 sign-extended */
    acc = s + (u32)((s32)(x & 0xffff) * sx8(v, 0)) + (u32)((s32)(x >> 16) * sx8(v, 1));
    *o++ = acc;
    /* dp2a.hi.s32.u32: a halves sign-extended, b bytes 2,3 zero-extended */
    acc = s + (u32)((s32)(int16_t)(x & 0xffff) * zx8(v, 2)) +
          (u32)((s32)(int16_t)(x >> 16) * zx8(v, 3));
    *o++ = acc;
  }
  *o++ = x >> (z & 31);
  *o++ = (u32)((s32)x >> (z & 31));
  *o++ = popc64(x ^ v) + clzn(v | 1u, 32);
  *o++ = prmt(x, v, s, P_DEF);
  return o;
}

static u64 *ref64(u64 x, u32 y, u32 z, u64 v, u64 *o) {
  *o++ = popc64(x);
  *o++ = clzn(x, 64);
  *o++ = brevn(x, 64);
  *o++ = bfind(x, 64, 0, 0);
  *o++ = bfind(x, 64, 1, 0);
  *o++ = bfind(x, 64, 0, 1);
  *o++ = bfind(x, 64, 1, 1);
  {
    u64 f = 0;
    for (int k = 0; k < 64; k++)
      if ((x >> k) & 1) {
        f = (u64)k + 1;
        break;
      }
    *o++ = f;
  }
  *o++ = bfe(x, y, z, 64, 0);
  *o++ = bfe(x, y, z, 64, 1);
  *o++ = bfi(x, v, y, z, 64);
  *o++ = z >= 64 ? 0 : x << z;
  *o++ = z >= 64 ? 0 : x >> z;
  *o++ = z >= 64 ? ((s64)x < 0 ? ~0ull : 0) : (u64)((s64)x < 0 ? ~(~x >> z) : x >> z);
  *o++ = x & v;
  *o++ = x | v;
  *o++ = x ^ v;
  *o++ = ~x;
  *o++ = (x & (u64)y) == 0;
  u32 k = z & 63;
  *o++ = k ? (x << k) | (x >> (64 - k)) : x;
  return o;
}

int main(int argc, char **argv) {
  fc_wl *w = fc_wl_begin(argc, argv, "bits");
  fc_rng rng;
  fc_rng_seed(&rng, 0xb175);
  const int n = 1024;
  u32 *a = fc_alloc(n * 4), *b = fc_alloc(n * 4), *c = fc_alloc(n * 4), *d = fc_alloc(n * 4),
      *e = fc_alloc(n * 4);
  for (int i = 0; i < n; i++) {
    a[i] = rand_bits(&rng);
    b[i] = rand_pos(&rng);
    c[i] = rand_pos(&rng);
    d[i] = rand_bits(&rng);
    e[i] = fc_rng_u32(&rng);
    if (i < 64) { /* every shift / length 0..63 against fixed patterns */
      a[i] = (i & 1) ? 0x80000001u : 0xdeadbeefu;
      c[i] = (u32)i;
      b[i] = (u32)(i * 7) & 63;
    }
    if (i >= 64 && i < 128) e[i] = (u32)(i & 3) | (fc_rng_u32(&rng) & ~3u);
  }
  u32 *e32 = fc_alloc((size_t)n * K32 * 4);
  for (int i = 0; i < n; i++) {
    u32 *row = e32 + (size_t)i * K32;
    fc_check_row(ref32(a[i], b[i], c[i], d[i], e[i], row), row, 4, K32, "bits32");
  }

  const int n64 = 512;
  u64 *a64 = fc_alloc(n64 * 8), *d64 = fc_alloc(n64 * 8);
  for (int i = 0; i < n64; i++) {
    a64[i] = rand_bits64(&rng);
    d64[i] = rand_bits64(&rng);
    if (i < 80) a64[i] = (i & 1) ? 0x8000000000000001ull : 0xfedcba9876543210ull;
  }
  /* positions and lengths in 0..255 (shift amounts may be anything): lengths 0..79 first */
  u32 *b64p = fc_alloc(n64 * 4), *c64 = fc_alloc(n64 * 4);
  for (int i = 0; i < n64; i++) {
    b64p[i] = b[i] & 0xffu;
    c64[i] = i < 80 ? (u32)i : (fc_rng_below(&rng, 4) ? fc_rng_below(&rng, 72) : fc_rng_below(&rng, 256));
  }
  u64 *e64 = fc_alloc((size_t)n64 * K64 * 8);
  for (int i = 0; i < n64; i++) {
    u64 *row = e64 + (size_t)i * K64;
    fc_check_row(ref64(a64[i], b64p[i], c64[i], d64[i], row), row, 8, K64, "bits64");
  }

  fc_buf_in(w, "a", a, (size_t)n * 4);
  fc_buf_in(w, "b", b, (size_t)n * 4);
  fc_buf_in(w, "c", c, (size_t)n * 4);
  fc_buf_in(w, "d", d, (size_t)n * 4);
  fc_buf_in(w, "e", e, (size_t)n * 4);
  fc_buf_in(w, "a64", a64, (size_t)n64 * 8);
  fc_buf_in(w, "b64p", b64p, (size_t)n64 * 4);
  fc_buf_in(w, "c64", c64, (size_t)n64 * 4);
  fc_buf_in(w, "d64", d64, (size_t)n64 * 8);
  fc_buf_out(w, "out32", (size_t)n * K32 * 4, NULL, e32);
  fc_buf_out(w, "out64", (size_t)n64 * K64 * 8, NULL, e64);

  fc_launch(w, "bits32", (n + 127) / 128, 1, 1, 128, 1, 1, 0);
  fc_p_buf(w, "a", 0);
  fc_p_buf(w, "b", 0);
  fc_p_buf(w, "c", 0);
  fc_p_buf(w, "d", 0);
  fc_p_buf(w, "e", 0);
  fc_p_buf(w, "out32", 0);
  fc_p_s32(w, n);

  fc_launch(w, "bits64", (n64 + 159) / 160, 1, 1, 160, 1, 1, 0);
  fc_p_buf(w, "a64", 0);
  fc_p_buf(w, "b64p", 0);
  fc_p_buf(w, "c64", 0);
  fc_p_buf(w, "d64", 0);
  fc_p_buf(w, "out64", 0);
  fc_p_s32(w, n64);
  return fc_wl_end(w);
}
