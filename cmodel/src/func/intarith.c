/* Integer arithmetic and bit manipulation following the PTX manual's
 * pseudocode (9.7.1 integer arithmetic, 9.7.8 logic and shift, 9.7.9.7 prmt). */
#include "func/intarith.h"

__extension__ typedef unsigned __int128 st_u128;
__extension__ typedef __int128 st_s128;

static inline uint64_t low_mask(unsigned n) { return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1; }

uint32_t st_brev32(uint32_t a) {
  a = ((a >> 1) & 0x55555555u) | ((a & 0x55555555u) << 1);
  a = ((a >> 2) & 0x33333333u) | ((a & 0x33333333u) << 2);
  a = ((a >> 4) & 0x0f0f0f0fu) | ((a & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(a);
}

uint64_t st_brev64(uint64_t a) {
  return ((uint64_t)st_brev32((uint32_t)a) << 32) | st_brev32((uint32_t)(a >> 32));
}

uint64_t st_shl(uint64_t a, uint32_t n, st_ptype type) {
  unsigned w = st_int_bits(type);
  return n >= w ? 0 : (a << n) & st_int_mask(type);
}

uint64_t st_shr(uint64_t a, uint32_t n, st_ptype type) {
  unsigned w = st_int_bits(type);
  uint64_t mask = st_int_mask(type);
  a &= mask;
  if (st_ptype_is_signed(type) && ((a >> (w - 1)) & 1)) {
    uint64_t x = (uint64_t)st_int_sext(a, type);
    uint32_t s = n >= w ? w - 1 : n;
    return ~(~x >> s) & mask; /* arithmetic shift of a negative value */
  }
  return n >= w ? 0 : a >> n;
}

uint32_t st_shf(uint32_t a, uint32_t b, uint32_t c, bool left, bool clamp) {
  uint32_t n = clamp ? (c > 32 ? 32 : c) : (c & 31);
  uint64_t v = ((uint64_t)b << 32) | a;
  return left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}

uint32_t st_bfind(uint64_t a, st_ptype type, bool shiftamt) {
  unsigned w = st_int_bits(type);
  uint64_t mask = st_int_mask(type);
  a &= mask;
  if (st_ptype_is_signed(type) && ((a >> (w - 1)) & 1)) {
    a = ~a & mask;
  }
  if (a == 0) {
    return 0xffffffffu;
  }
  uint32_t d = 63u - (uint32_t)__builtin_clzll(a);
  return shiftamt ? (w - 1) - d : d;
}

/* pos and len of bfe/bfi (observed on H200, sm_90): the 32-bit forms use
 * their low 8 bits, as the manual's pseudocode says; the 64-bit forms use all
 * 32 bits (bfe.u64 with len 0x100 extracts everything above pos, pos 0x100
 * gives 0). Returned widened so pos + len cannot wrap. */
static inline uint64_t bf_field(uint32_t v, unsigned w) { return w == 64 ? v : v & 0xffu; }

uint64_t st_bfe(uint64_t a, uint32_t pos, uint32_t len, st_ptype type) {
  unsigned w = st_int_bits(type);
  uint64_t mask = st_int_mask(type);
  uint64_t p = bf_field(pos, w), l = bf_field(len, w);
  a &= mask;
  bool sbit = false;
  if (st_ptype_is_signed(type) && l != 0) {
    uint64_t top = p + l - 1;
    sbit = ((a >> (top > w - 1 ? w - 1 : top)) & 1) != 0;
  }
  /* Bits i < min(len, w - pos) come from a[pos + i], the rest are sbit. */
  unsigned n = p >= w ? 0 : (unsigned)(l < w - p ? l : w - p);
  uint64_t field = n ? (a >> p) & low_mask(n) : 0;
  return sbit ? (field | ~low_mask(n)) & mask : field;
}

uint64_t st_bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, st_ptype type) {
  unsigned w = st_int_bits(type);
  uint64_t mask = st_int_mask(type);
  uint64_t p = bf_field(pos, w), l = bf_field(len, w);
  b &= mask;
  if (l == 0 || p >= w) {
    return b;
  }
  unsigned n = (unsigned)(l < w - p ? l : w - p);
  uint64_t m = low_mask(n) << p;
  return ((b & ~m) | ((a << p) & m)) & mask;
}

/* Source byte for each destination byte (d.b0..d.b3) of the prmt modes,
 * indexed by mode and c[1:0] (manual 9.7.9.7, table of modes). */
static const uint8_t prmt_sel[PRMT_RC16 + 1][4][4] = {
    [PRMT_F4E] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
    [PRMT_B4E] = {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
    [PRMT_RC8] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
    [PRMT_ECL] = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
    [PRMT_ECR] = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
    [PRMT_RC16] = {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
};

uint32_t st_prmt(uint32_t a, uint32_t b, uint32_t c, st_prmt_mode mode) {
  uint64_t src = ((uint64_t)b << 32) | a;
  uint32_t d = 0;
  for (unsigned k = 0; k < 4; k++) {
    uint32_t byte;
    if (mode == PRMT_DEFAULT || mode > PRMT_RC16) {
      unsigned ctl = (c >> (4 * k)) & 0xf;
      byte = (uint32_t)(src >> (8 * (ctl & 7))) & 0xff;
      if (ctl & 8) { /* replicate the byte's sign */
        byte = (byte & 0x80) ? 0xff : 0;
      }
    } else {
      byte = (uint32_t)(src >> (8 * prmt_sel[mode][c & 3][k])) & 0xff;
    }
    d |= byte << (8 * k);
  }
  return d;
}

uint64_t st_sad(uint64_t a, uint64_t b, uint64_t c, st_ptype type) {
  uint64_t mask = st_int_mask(type);
  bool a_less = st_ptype_is_signed(type) ? st_int_sext(a, type) < st_int_sext(b, type)
                                         : (a & mask) < (b & mask);
  uint64_t diff = a_less ? b - a : a - b;
  return (c + diff) & mask;
}

uint64_t st_mul_lo(uint64_t a, uint64_t b, st_ptype type) { return (a * b) & st_int_mask(type); }

uint64_t st_mul_hi(uint64_t a, uint64_t b, st_ptype type) {
  unsigned w = st_int_bits(type);
  uint64_t mask = st_int_mask(type);
  if (w == 64) {
    st_u128 p = st_ptype_is_signed(type) ? (st_u128)((st_s128)(int64_t)a * (int64_t)b)
                                         : (st_u128)a * b;
    return (uint64_t)(p >> 64);
  }
  uint64_t p = st_ptype_is_signed(type)
                   ? (uint64_t)(st_int_sext(a, type) * st_int_sext(b, type))
                   : (a & mask) * (b & mask);
  return (p >> w) & mask;
}

uint64_t st_mul_wide(uint64_t a, uint64_t b, st_ptype type) {
  unsigned w = st_int_bits(type);
  uint64_t p = st_ptype_is_signed(type)
                   ? (uint64_t)(st_int_sext(a, type) * st_int_sext(b, type))
                   : (a & st_int_mask(type)) * (b & st_int_mask(type));
  return p & low_mask(2 * w);
}

uint32_t st_mul24(uint32_t a, uint32_t b, bool hi, bool is_signed) {
  int64_t x = (int64_t)(a & 0xffffffu), y = (int64_t)(b & 0xffffffu);
  if (is_signed) {
    x = (x ^ 0x800000) - 0x800000;
    y = (y ^ 0x800000) - 0x800000;
  }
  uint64_t p = (uint64_t)(x * y);
  return hi ? (uint32_t)(p >> 16) : (uint32_t)p;
}

static inline int32_t byte_val(uint32_t x, unsigned i, bool is_signed) {
  uint32_t v = (x >> (8 * i)) & 0xff;
  return is_signed ? (int32_t)v - (int32_t)((v & 0x80) << 1) : (int32_t)v;
}

static inline int32_t half_val(uint32_t x, unsigned i, bool is_signed) {
  uint32_t v = (x >> (16 * i)) & 0xffff;
  return is_signed ? (int32_t)v - (int32_t)((v & 0x8000) << 1) : (int32_t)v;
}

uint32_t st_dp4a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed) {
  uint32_t d = c;
  for (unsigned i = 0; i < 4; i++) {
    d += (uint32_t)(byte_val(a, i, a_signed) * byte_val(b, i, b_signed));
  }
  return d;
}

uint32_t st_dp2a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed, bool hi) {
  uint32_t d = c;
  unsigned sel = hi ? 2 : 0;
  for (unsigned i = 0; i < 2; i++) {
    d += (uint32_t)(half_val(a, i, a_signed) * byte_val(b, sel + i, b_signed));
  }
  return d;
}

/* Sign and magnitude of a's low bits under type. */
static inline uint64_t magnitude(uint64_t a, st_ptype type, bool *neg) {
  uint64_t mask = st_int_mask(type);
  a &= mask;
  *neg = st_ptype_is_signed(type) && ((a >> (st_int_bits(type) - 1)) & 1);
  return *neg ? (0 - a) & mask : a;
}

/* A zero divisor gives all ones for div and rem alike, signed or not: the
 * GPU's division sequence ends by replacing the result with ~b when b == 0. */
uint64_t st_div(uint64_t a, uint64_t b, st_ptype type) {
  uint64_t mask = st_int_mask(type);
  bool na, nb;
  uint64_t ua = magnitude(a, type, &na), ub = magnitude(b, type, &nb);
  if (ub == 0) {
    return mask;
  }
  uint64_t q = ua / ub;
  return (na != nb ? 0 - q : q) & mask;
}

uint64_t st_rem(uint64_t a, uint64_t b, st_ptype type) {
  uint64_t mask = st_int_mask(type);
  bool na, nb;
  uint64_t ua = magnitude(a, type, &na), ub = magnitude(b, type, &nb);
  if (ub == 0) {
    return mask;
  }
  uint64_t r = ua % ub;
  return (na ? 0 - r : r) & mask;
}

bool st_int_cmp(uint64_t a, uint64_t b, st_ptype type, st_cmp cmp) {
  uint64_t mask = st_int_mask(type);
  uint64_t ua = a & mask, ub = b & mask;
  bool lt = st_ptype_is_signed(type) ? st_int_sext(a, type) < st_int_sext(b, type) : ua < ub;
  switch (cmp) {
  case CMP_EQ: return ua == ub;
  case CMP_NE: return ua != ub;
  case CMP_LT: return lt;
  case CMP_LE: return lt || ua == ub;
  case CMP_GT: return !lt && ua != ub;
  case CMP_GE: return !lt;
  case CMP_LO: return ua < ub;
  case CMP_LS: return ua <= ub;
  case CMP_HI: return ua > ub;
  case CMP_HS: return ua >= ub;
  default: return false;
  }
}
