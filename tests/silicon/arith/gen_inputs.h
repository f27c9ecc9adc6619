/* Deterministic inputs for the silicon comparison of the arithmetic library.
 * Plain C (valid C++ too): included by the CUDA host program and by the C
 * unit test, which must produce exactly the same inputs from the same op.
 *
 * For each op, st_arith_gen() writes ST_ARITH_CASES cases: first all pairs
 * (triples) of the head of each operand kind's list of special values, then
 * seeded random values (random bits, moderate values, subnormals, values half
 * an ulp apart, fused-multiply-add cancellations, specials mixed in). The
 * seed is the op's name, so every op has its own sequence. Only integer
 * arithmetic is used, never the host's floating point. */
#ifndef SIMTREF_SILICON_ARITH_GEN_INPUTS_H
#define SIMTREF_SILICON_ARITH_GEN_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../../cmodel/src/common/rng.h"
#include "ops.h"

/* An operation's shape, from the manifest. */
typedef struct st_arith_op {
  const char *name;
  int nin;
  st_ak out;
  st_ak in[4];
  st_cm cm;
  double tol;
} st_arith_op;

#define ST_ARITH_DESC(name, nin, out, i0, i1, i2, i3, cm, tol, ptx, ref) \
  {#name, nin, ST_AK_##out, {ST_AK_##i0, ST_AK_##i1, ST_AK_##i2, ST_AK_##i3}, ST_CM_##cm, tol},

/* Every operation of the manifest, in manifest order. */
static const st_arith_op st_arith_ops[] = {ST_ARITH_OPS(ST_ARITH_DESC)};
#define ST_ARITH_NOPS (sizeof st_arith_ops / sizeof st_arith_ops[0])

/* ---- special values, by kind ---- */

static const uint64_t st_sp_f32[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000,
    0x80800000, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
    0x7fc00000, 0xffc00000, 0x7fc12345, 0x7f800001, 0xff812345, 0x3f000000, 0x40000000,
    0x40400000, 0x3fc00000, 0x40200000, 0xc0200000, 0x3f7fffff, 0x3f800001, 0x4b800001,
    0x4b7fffff, 0x33800000, 0x00400000, 0x7f000000, 0x7e800000, 0x477fe000, 0x477ff000,
    0x33000000, 0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0x5f800000, 0x3eaaaaab,
    0x40490fdb, 0x3dcccccd, 0xbf000000, 0x0d800000, 0xdf000000, 0x4effffff, 0x387fc000,
    0x40600000, 0x3f801000, 0x3f803000, 0x3f808000, 0x3f818000, 0xbf808000, 0x3f7ff000,
    0x00000003, 0x4f7fffff, 0x5effffff};

static const uint64_t st_sp_f64[] = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
    0x000fffffffffffff, 0x800fffffffffffff, 0x0010000000000000, 0x8010000000000000,
    0x3ff0000000000000, 0xbff0000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
    0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000,
    0x7ff8000000012345, 0x7ff0000000000001, 0xfff0000000054321, 0x3fe0000000000000,
    0x4000000000000000, 0x4008000000000000, 0x3ff8000000000000, 0x4004000000000000,
    0xc004000000000000, 0x3fefffffffffffff, 0x3ff0000000000001, 0x4340000000000001,
    0x433fffffffffffff, 0x3ca0000000000000, 0x0008000000000000, 0x7fe0000000000000,
    0x7fd0000000000000, 0x41dfffffffc00000, 0x41e0000000000000, 0xc1e0000000000000,
    0x41f0000000000000, 0x43e0000000000000, 0x43f0000000000000, 0x3fd5555555555555,
    0x400921fb54442d18, 0x3fb999999999999a, 0xbfe0000000000000, 0x3ff0000010000000,
    0x47efffffe0000000, 0x3690000000000000, 0x36a0000000000000, 0x40effc0000000000,
    0x000fffff00000000, 0x3ff0000030000000, 0x3ff0020000000000, 0x3ff0100000000000,
    0x400c000000000000, 0x36a8000000000000, 0x7ff8000000000001, 0x41efffffffe00000};

static const uint64_t st_sp_f16[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff,
    0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7d00, 0x7fff, 0x3800, 0x4000, 0x4200, 0x3e00,
    0x4100, 0xc100, 0x3bff, 0x3c01, 0x1000, 0x6800, 0x6801, 0x5bff, 0x5c00, 0x0200,
    0x8400, 0x3555, 0x4248};

static const uint64_t st_sp_bf16[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f,
    0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff, 0x3f00, 0x4000, 0x4040, 0x3fc0,
    0x4020, 0xc020, 0x3f7f, 0x3f81, 0x4b80, 0x4f00, 0x5f00, 0x4780, 0x477f, 0x0d80,
    0x3eab, 0x4049};

/* Integers, cut to the kind's width when used. */
static const uint64_t st_sp_int[] = {
    0, 1, 2, 3, 0xffffffffffffffff, 0xfffffffffffffffe, 0x7f, 0x80, 0xff, 0x100, 0x7fff,
    0x8000, 0xffff, 0x10000, 0xffffff, 0x1000000, 0x1000001, 0x7fffffff, 0x80000000,
    0x80000001, 0xffffffff, 0x100000000, 0x20000000000000, 0x20000000000001,
    0x7fffffffffffffff, 0x8000000000000000, 0xfffffffffffff800, 0xffffffff80000000,
    0xffffffffffff8000, 0xffffffffffffff80, 0x12345678, 0xdeadbeefcafebabe, 5, 7,
    0xfffffffffffffff9, 10, 0x55555555aaaaaaaa};

static const uint64_t st_sp_shift[] = {0,  1,  2,  7,   8,   15,  16,         17,        31, 32,
                                       33, 63, 64, 65, 100, 255, 0xffffffff, 0x80000000, 256, 4};

static const uint64_t st_sp_bitpos[] = {0,   1,   4,   8,   15,  16,  24,    31,        32, 33, 63,
                                        64,  65,  127, 128, 255, 256, 257,   0x1ff,     3,  0xffffffff};

static const uint64_t st_sp_prmt[] = {0,      1,      2,      3,      0x3210, 0x7654, 0x0123,
                                      0x4567, 0x8888, 0xffff, 0x9999, 0x1111, 0xfedc, 0x7f7f0000,
                                      0xba98, 0x5140};

static const uint64_t st_sp_ang[] = {
    0x00000000, 0x80000000, 0x00000001, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000,
    0x40490fdb /* pi */, 0xc0490fdb, 0x3fc90fdb /* pi/2 */, 0x40c90fdb /* 2pi */, 0x43cd2a9c /* ~410 */,
    0x439d1463 /* 100pi */, 0x4b800000, 0x7f7fffff, 0x3a83126f};

/* The special list of a kind (n: its length). */
static inline const uint64_t *st_ak_specials(st_ak k, size_t *n) {
#define ST_SP(list) \
  do {              \
    *n = sizeof list / sizeof list[0]; \
    return list;    \
  } while (0)
  switch (k) {
  case ST_AK_F32: ST_SP(st_sp_f32);
  case ST_AK_F64: ST_SP(st_sp_f64);
  case ST_AK_F16: case ST_AK_F16X2: ST_SP(st_sp_f16);
  case ST_AK_BF16: case ST_AK_BF16X2: ST_SP(st_sp_bf16);
  case ST_AK_SHIFT: ST_SP(st_sp_shift);
  case ST_AK_BITPOS: ST_SP(st_sp_bitpos);
  case ST_AK_PRMTSEL: ST_SP(st_sp_prmt);
  case ST_AK_F32ANG: ST_SP(st_sp_ang);
  default: ST_SP(st_sp_int);
  }
#undef ST_SP
}

/* Float format of a kind: mantissa bits, exponent bits (0 for non-floats). */
static inline void st_ak_fmt(st_ak k, unsigned *mbits, unsigned *ebits) {
  switch (k) {
  case ST_AK_F16: case ST_AK_F16X2: *mbits = 10; *ebits = 5; return;
  case ST_AK_BF16: case ST_AK_BF16X2: *mbits = 7; *ebits = 8; return;
  case ST_AK_F32: case ST_AK_F32ANG: *mbits = 23; *ebits = 8; return;
  case ST_AK_F64: *mbits = 52; *ebits = 11; return;
  default: *mbits = 0; *ebits = 0; return;
  }
}

static inline uint64_t st_ak_mask(st_ak k) {
  unsigned bytes = st_ak_bytes(k);
  return bytes >= 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * bytes)) - 1);
}

/* A value of the kind as its register holds it: signed 8-bit values are
 * sign-extended into their 16-bit register (as ld.s8 leaves them). */
static inline uint64_t st_ak_fit(st_ak k, uint64_t v) {
  if (k == ST_AK_S8) {
    return (uint64_t)(uint16_t)(int16_t)(int8_t)(uint8_t)v;
  }
  if (k == ST_AK_F16X2 || k == ST_AK_BF16X2) {
    return v & 0xffffffffu;
  }
  if (k == ST_AK_SHIFT || k == ST_AK_BITPOS || k == ST_AK_PRMTSEL) {
    return v & 0xffffffffu;
  }
  return v & st_ak_mask(k);
}

/* A float of format (mbits, ebits) from sign, biased exponent and mantissa. */
static inline uint64_t st_fp_make(unsigned mbits, unsigned ebits, uint64_t sign, uint64_t e,
                                  uint64_t m) {
  return (sign << (mbits + ebits)) | (e << mbits) | (m & (((uint64_t)1 << mbits) - 1));
}

/* A random float: random bits, a moderate value, any finite value or a
 * subnormal. */
static inline uint64_t st_rand_float(unsigned mbits, unsigned ebits, st_rng *r) {
  uint64_t x = st_rng_next(r);
  uint64_t sign = (x >> 63) & 1;
  uint64_t m = st_rng_next(r);
  uint64_t emax = ((uint64_t)1 << ebits) - 1;
  uint64_t bias = emax >> 1;
  uint64_t span = bias < 30 ? bias / 2 : 30;
  unsigned width = mbits + ebits + 1;
  switch (x & 7) {
  case 0: case 1: return width >= 64 ? m : m & (((uint64_t)1 << width) - 1);
  case 6: return st_fp_make(mbits, ebits, sign, 1 + st_rng_below(r, emax - 1), m);
  case 7: return st_fp_make(mbits, ebits, sign, st_rng_below(r, 3), m);
  default: return st_fp_make(mbits, ebits, sign, bias - span + st_rng_below(r, 2 * span + 1), m);
  }
}

/* A random angle: mostly within +-8, some up to +-512, some random bits. */
static inline uint64_t st_rand_angle(st_rng *r) {
  uint64_t x = st_rng_next(r);
  uint64_t m = st_rng_next(r);
  uint64_t sign = (x >> 63) & 1;
  switch (x & 7) {
  case 0: return m & 0xffffffffu;
  case 5: case 6: return st_fp_make(23, 8, sign, 127 + 3 + st_rng_below(r, 6), m);
  default: return st_fp_make(23, 8, sign, 127 - 20 + st_rng_below(r, 23), m);
  }
}

/* A random integer of the given width: random bits, small values, powers of
 * two and their neighbours, short bit patterns, values near the maximum. */
static inline uint64_t st_rand_int(st_rng *r) {
  uint64_t x = st_rng_next(r);
  uint64_t v = st_rng_next(r);
  unsigned k = (unsigned)(v >> 58); /* 0..63 */
  switch (x & 7) {
  case 4: return (uint64_t)((int64_t)st_rng_below(r, 129) - 64);
  case 5: return ((uint64_t)1 << k) + (uint64_t)((int64_t)st_rng_below(r, 3) - 1);
  case 6: return v & (((uint64_t)1 << k) - 1);
  case 7: return ~(uint64_t)0 - st_rng_below(r, 4);
  default: return v;
  }
}

/* A random value of kind k. */
static inline uint64_t st_ak_random(st_ak k, st_rng *r) {
  unsigned mbits, ebits;
  st_ak_fmt(k, &mbits, &ebits);
  switch (k) {
  case ST_AK_F32ANG: return st_rand_angle(r);
  case ST_AK_F16X2: case ST_AK_BF16X2:
    return st_rand_float(mbits, ebits, r) | (st_rand_float(mbits, ebits, r) << 16);
  case ST_AK_SHIFT: {
    uint64_t x = st_rng_next(r);
    return (x & 7) < 6 ? st_rng_below(r, 70) : (x & 7) == 6 ? st_rng_below(r, 300) : x >> 32;
  }
  case ST_AK_BITPOS: {
    uint64_t x = st_rng_next(r);
    return (x & 7) < 6 ? st_rng_below(r, 70) : (x & 7) == 6 ? st_rng_below(r, 512) : x >> 32;
  }
  case ST_AK_PRMTSEL: return st_rng_next(r) >> 32;
  default: break;
  }
  if (mbits) {
    return st_rand_float(mbits, ebits, r);
  }
  return st_rand_int(r);
}

/* A special value of kind k: the i-th (x2 kinds pair two of them). */
static inline uint64_t st_ak_special(st_ak k, size_t i) {
  size_t n;
  const uint64_t *sp = st_ak_specials(k, &n);
  if (k == ST_AK_F16X2 || k == ST_AK_BF16X2) {
    return sp[i % n] | (sp[(i * 7 + 3) % n] << 16);
  }
  return sp[i % n];
}

/* A random value of kind k, a special one with probability 1/8. */
static inline uint64_t st_ak_mixed(st_ak k, st_rng *r) {
  size_t n;
  st_ak_specials(k, &n);
  if ((st_rng_next(r) & 7) == 0) {
    return st_ak_special(k, (size_t)st_rng_below(r, n));
  }
  return st_ak_random(k, r);
}

/* b close to a in magnitude: same exponent minus 0..30 (or exactly half an
 * ulp of a), random sign and mantissa. a must be a finite float. */
static inline uint64_t st_near(unsigned mbits, unsigned ebits, uint64_t a, st_rng *r) {
  uint64_t emax = ((uint64_t)1 << ebits) - 1;
  uint64_t ea = (a >> mbits) & emax;
  uint64_t x = st_rng_next(r);
  uint64_t sign = (x >> 32) & 1;
  if ((x & 3) == 0 && ea > mbits + 1) { /* exactly half an ulp of a */
    return st_fp_make(mbits, ebits, sign, ea - (mbits + 1), 0);
  }
  uint64_t d = st_rng_below(r, 34);
  uint64_t e = ea + 3 > d ? ea + 3 - d : 0;
  if (e >= emax) {
    e = emax - 1;
  }
  return st_fp_make(mbits, ebits, sign, e, st_rng_next(r));
}

/* a, b, c with a*b + c cancelling to a few low-order bits (only an exact
 * fused multiply-add gets them right). */
static inline void st_fma_cancel(unsigned mbits, unsigned ebits, st_rng *r, uint64_t *a,
                                 uint64_t *b, uint64_t *c) {
  uint64_t bias = (((uint64_t)1 << ebits) - 1) >> 1;
  uint64_t span = bias / 3 < 10 ? bias / 3 : 10;
  uint64_t half = (uint64_t)1 << (mbits / 2);
  uint64_t k = st_rng_below(r, half), j = st_rng_below(r, half);
  uint64_t e1 = bias - span + st_rng_below(r, 2 * span + 1);
  uint64_t e2 = bias - span + st_rng_below(r, 2 * span + 1);
  uint64_t x = st_rng_next(r);
  uint64_t sa = x & 1, sb = (x >> 1) & 1;
  *a = st_fp_make(mbits, ebits, sa, e1, k);
  *b = st_fp_make(mbits, ebits, sb, e2, j);
  *c = st_fp_make(mbits, ebits, (sa ^ sb) ^ 1, e1 + e2 - bias, k + j);
}

/* 64-bit FNV-1a over the values, for checking that inputs were regenerated
 * identically. */
static inline uint64_t st_arith_hash(const uint64_t *v, size_t n) {
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t i = 0; i < n; i++) {
    for (unsigned byte = 0; byte < 8; byte++) {
      h ^= (v[i] >> (8 * byte)) & 0xff;
      h *= 0x100000001b3u;
    }
  }
  return h;
}

/* The seed of an op: FNV-1a of its name. */
static inline uint64_t st_arith_seed(const char *name) {
  uint64_t h = 0xcbf29ce484222325u;
  for (; *name; name++) {
    h ^= (unsigned char)*name;
    h *= 0x100000001b3u;
  }
  return h;
}

/* Writes n cases of op: in[4*i + k] is input k of case i (k < op->nin; the
 * other slots are 0). */
static inline void st_arith_gen(const st_arith_op *op, uint64_t *in, size_t n) {
  st_rng r;
  st_rng_seed(&r, st_arith_seed(op->name));
  size_t head = op->nin == 1 ? (size_t)-1 : op->nin == 2 ? 40 : op->nin == 3 ? 12 : 0;
  size_t cnt[4] = {1, 1, 1, 1}, grid = 1;
  for (int k = 0; k < op->nin; k++) {
    size_t ns;
    st_ak_specials(op->in[k], &ns);
    cnt[k] = ns < head ? ns : head;
    grid *= cnt[k];
  }
  if (op->nin == 4) {
    grid = 0;
  }
  unsigned mbits, ebits;
  st_ak_fmt(op->in[0], &mbits, &ebits);
  bool same_float = mbits != 0 && op->in[0] != ST_AK_F32ANG;
  for (int k = 1; k < op->nin; k++) {
    same_float = same_float && op->in[k] == op->in[0];
  }
  bool x2 = op->in[0] == ST_AK_F16X2 || op->in[0] == ST_AK_BF16X2;
  for (size_t i = 0; i < n; i++) {
    uint64_t v[4] = {0, 0, 0, 0};
    if (i < grid) { /* all combinations of the specials' heads */
      size_t rest = i;
      for (int k = 0; k < op->nin; k++) {
        v[k] = st_ak_special(op->in[k], rest % cnt[k]);
        rest /= cnt[k];
      }
    } else {
      for (int k = 0; k < op->nin; k++) {
        v[k] = st_ak_mixed(op->in[k], &r);
      }
      uint64_t pick = st_rng_next(&r) & 3;
      if (same_float && !x2 && op->nin == 2 && pick == 0) {
        v[0] = st_rand_float(mbits, ebits, &r);
        uint64_t emax = ((uint64_t)1 << ebits) - 1;
        if (((v[0] >> mbits) & emax) != emax) {
          v[1] = st_near(mbits, ebits, v[0], &r);
        }
      } else if (same_float && !x2 && op->nin == 3 && pick != 0) {
        st_fma_cancel(mbits, ebits, &r, &v[0], &v[1], &v[2]);
      }
    }
    for (int k = 0; k < 4; k++) {
      in[4 * i + k] = k < op->nin ? st_ak_fit(op->in[k], v[k]) : 0;
    }
  }
}

#endif
