/* Half-precision arithmetic (.f16, .bf16 and the packed x2 forms), .rn only.
 * Inputs convert exactly to double; sums are rounded once through a
 * round-to-odd intermediate (st_fp_round_sum), products of two 16-bit values
 * are exact in double. */
#include <math.h>

#include "func/fpbits.h"

/* Per-format constants of the two 16-bit formats. */
typedef struct h16 {
  st_fpfmt fmt;
  uint16_t exp_mask;
  uint16_t nan;
} h16;

static const h16 F16 = {{5, 10}, 0x7c00, ST_F16_CANON_NAN};
static const h16 BF16 = {{8, 7}, 0x7f80, ST_BF16_CANON_NAN};

static inline bool h_nan(const h16 *h, uint16_t a) { return (a & 0x7fff) > h->exp_mask; }

static inline uint16_t h_flush_if(const h16 *h, uint16_t a, unsigned mods) {
  if ((mods & ST_FP_FTZ) && (a & h->exp_mask) == 0) {
    return a & 0x8000;
  }
  return a;
}

static double h_to_double(const h16 *h, uint16_t a) {
  st_fpval v = st_fp_unpack(h->fmt, a);
  double m;
  switch (v.cls) {
  case FPC_NAN: return NAN;
  case FPC_INF: m = INFINITY; break;
  case FPC_ZERO: m = 0.0; break;
  default: m = ldexp((double)v.sig, v.exp); break;
  }
  return v.sign ? -m : m;
}

static uint16_t h_result(const h16 *h, uint64_t r, unsigned mods) {
  uint16_t u = (uint16_t)r;
  if (h_nan(h, u)) {
    return (mods & ST_FP_SAT) ? 0 : h->nan;
  }
  u = h_flush_if(h, u, mods);
  if (mods & ST_FP_SAT) {
    uint16_t one = (uint16_t)st_fmt_one(h->fmt);
    if (u & 0x8000) {
      return 0;
    }
    return u > one ? one : u;
  }
  return u;
}

/* The exact sum s + t rounded to h's format. Under .ftz a result that rounds
 * to the smallest normal is flushed when the sum rounded to h's precision with
 * an unbounded exponent lies below it (the tininess rule observed on H200,
 * sm_90, e.g. mul.rn.ftz.f16 0x3bff * 0x0400 = +0): the sum is rounded again
 * in a format with h's precision and bf16's wider exponent range. */
static uint64_t h_round(const h16 *h, double s, double t, unsigned mods) {
  uint64_t r = st_fp_round_sum(h->fmt, s, t);
  if ((mods & ST_FP_FTZ) && (r & 0x7fff) == UINT64_C(1) << h->fmt.mbits) {
    const st_fpfmt wide = {8, h->fmt.mbits};
    int emin = 2 - (1 << (h->fmt.ebits - 1)); /* h's smallest normal exponent */
    uint64_t w = st_fp_round_sum(wide, s, t);
    if ((int)((w >> wide.mbits) & 0xff) - 127 < emin) {
      return r & 0x8000;
    }
  }
  return r;
}

/* x*y + z (mul: z = -0.0, which leaves every product unchanged). */
static uint16_t h_fma(const h16 *h, uint16_t a, uint16_t b, uint16_t c, unsigned mods) {
  double x = h_to_double(h, h_flush_if(h, a, mods));
  double y = h_to_double(h, h_flush_if(h, b, mods));
  double z = h_to_double(h, h_flush_if(h, c, mods));
  return h_result(h, h_round(h, x * y, z, mods), mods);
}

static uint16_t h_add(const h16 *h, uint16_t a, uint16_t b, unsigned mods) {
  double x = h_to_double(h, h_flush_if(h, a, mods));
  double y = h_to_double(h, h_flush_if(h, b, mods));
  return h_result(h, h_round(h, x, y, mods), mods);
}

static uint16_t h_neg_abs(const h16 *h, uint16_t a, unsigned mods, bool neg) {
  if (h_nan(h, a)) {
    return h->nan;
  }
  a = h_flush_if(h, a, mods);
  return neg ? a ^ 0x8000 : a & 0x7fff;
}

static inline uint16_t h_key(uint16_t a) { return (a & 0x8000) ? (uint16_t)~a : (uint16_t)(a | 0x8000); }

static uint16_t h_minmax(const h16 *h, uint16_t a, uint16_t b, unsigned mods, bool want_max) {
  a = h_flush_if(h, a, mods);
  b = h_flush_if(h, b, mods);
  uint16_t xsign = (a ^ b) & 0x8000;
  if (mods & ST_FP_ABS) {
    a &= 0x7fff;
    b &= 0x7fff;
  }
  bool na = h_nan(h, a), nb = h_nan(h, b);
  uint16_t d;
  if (na || nb) {
    if ((na && nb) || (mods & ST_FP_NANMODE)) {
      return h->nan;
    }
    d = na ? b : a;
  } else {
    bool a_less = h_key(a) < h_key(b);
    d = (a_less != want_max) ? a : b;
  }
  if ((mods & ST_FP_XORSIGN) && (mods & ST_FP_ABS)) {
    d = (uint16_t)((d & 0x7fff) | xsign);
  }
  return d;
}

#define NEG_ZERO_16 UINT16_C(0x8000)

uint16_t st_f16_add(uint16_t a, uint16_t b, unsigned mods) { return h_add(&F16, a, b, mods); }
uint16_t st_f16_sub(uint16_t a, uint16_t b, unsigned mods) {
  /* a - b == a + (-b); a NaN b stays a NaN. */
  return h_add(&F16, a, h_nan(&F16, b) ? b : (uint16_t)(b ^ 0x8000), mods);
}
uint16_t st_f16_mul(uint16_t a, uint16_t b, unsigned mods) {
  return h_fma(&F16, a, b, NEG_ZERO_16, mods);
}
uint16_t st_f16_fma(uint16_t a, uint16_t b, uint16_t c, unsigned mods) {
  return h_fma(&F16, a, b, c, mods);
}
uint16_t st_f16_neg(uint16_t a, unsigned mods) { return h_neg_abs(&F16, a, mods, true); }
uint16_t st_f16_abs(uint16_t a, unsigned mods) { return h_neg_abs(&F16, a, mods, false); }
uint16_t st_f16_min(uint16_t a, uint16_t b, unsigned mods) { return h_minmax(&F16, a, b, mods, false); }
uint16_t st_f16_max(uint16_t a, uint16_t b, unsigned mods) { return h_minmax(&F16, a, b, mods, true); }

uint16_t st_bf16_add(uint16_t a, uint16_t b) { return h_add(&BF16, a, b, 0); }
uint16_t st_bf16_sub(uint16_t a, uint16_t b) {
  return h_add(&BF16, a, h_nan(&BF16, b) ? b : (uint16_t)(b ^ 0x8000), 0);
}
uint16_t st_bf16_mul(uint16_t a, uint16_t b) { return h_fma(&BF16, a, b, NEG_ZERO_16, 0); }
uint16_t st_bf16_fma(uint16_t a, uint16_t b, uint16_t c) { return h_fma(&BF16, a, b, c, 0); }
uint16_t st_bf16_neg(uint16_t a) { return h_neg_abs(&BF16, a, 0, true); }
uint16_t st_bf16_abs(uint16_t a) { return h_neg_abs(&BF16, a, 0, false); }
uint16_t st_bf16_min(uint16_t a, uint16_t b, unsigned mods) {
  return h_minmax(&BF16, a, b, mods & ~ST_FP_FTZ, false);
}
uint16_t st_bf16_max(uint16_t a, uint16_t b, unsigned mods) {
  return h_minmax(&BF16, a, b, mods & ~ST_FP_FTZ, true);
}

/* ---- packed pairs ---- */

static inline const h16 *x2_fmt(st_ptype type) { return type == PT_BF16X2 ? &BF16 : &F16; }
static inline unsigned x2_mods(st_ptype type, unsigned mods) {
  return type == PT_BF16X2 ? mods & ~(unsigned)(ST_FP_FTZ | ST_FP_SAT) : mods;
}
static inline uint16_t lo16(uint32_t x) { return (uint16_t)x; }
static inline uint16_t hi16(uint32_t x) { return (uint16_t)(x >> 16); }
static inline uint32_t pack2(uint16_t lo, uint16_t hi) { return (uint32_t)lo | ((uint32_t)hi << 16); }

uint32_t st_x2_add(st_ptype type, uint32_t a, uint32_t b, unsigned mods) {
  const h16 *h = x2_fmt(type);
  mods = x2_mods(type, mods);
  return pack2(h_add(h, lo16(a), lo16(b), mods), h_add(h, hi16(a), hi16(b), mods));
}

uint32_t st_x2_sub(st_ptype type, uint32_t a, uint32_t b, unsigned mods) {
  const h16 *h = x2_fmt(type);
  uint16_t bl = lo16(b), bh = hi16(b);
  bl = h_nan(h, bl) ? bl : (uint16_t)(bl ^ 0x8000);
  bh = h_nan(h, bh) ? bh : (uint16_t)(bh ^ 0x8000);
  mods = x2_mods(type, mods);
  return pack2(h_add(h, lo16(a), bl, mods), h_add(h, hi16(a), bh, mods));
}

uint32_t st_x2_mul(st_ptype type, uint32_t a, uint32_t b, unsigned mods) {
  const h16 *h = x2_fmt(type);
  mods = x2_mods(type, mods);
  return pack2(h_fma(h, lo16(a), lo16(b), NEG_ZERO_16, mods),
               h_fma(h, hi16(a), hi16(b), NEG_ZERO_16, mods));
}

uint32_t st_x2_fma(st_ptype type, uint32_t a, uint32_t b, uint32_t c, unsigned mods) {
  const h16 *h = x2_fmt(type);
  mods = x2_mods(type, mods);
  return pack2(h_fma(h, lo16(a), lo16(b), lo16(c), mods),
               h_fma(h, hi16(a), hi16(b), hi16(c), mods));
}

uint32_t st_x2_min(st_ptype type, uint32_t a, uint32_t b, unsigned mods) {
  const h16 *h = x2_fmt(type);
  mods = type == PT_BF16X2 ? mods & ~(unsigned)ST_FP_FTZ : mods;
  return pack2(h_minmax(h, lo16(a), lo16(b), mods, false), h_minmax(h, hi16(a), hi16(b), mods, false));
}

uint32_t st_x2_max(st_ptype type, uint32_t a, uint32_t b, unsigned mods) {
  const h16 *h = x2_fmt(type);
  mods = type == PT_BF16X2 ? mods & ~(unsigned)ST_FP_FTZ : mods;
  return pack2(h_minmax(h, lo16(a), lo16(b), mods, true), h_minmax(h, hi16(a), hi16(b), mods, true));
}
