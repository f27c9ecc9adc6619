/* Numeric literals: reading them, and giving them the bits of the type they
 * are used with (instruction operands and variable initialisers). */
#include <string.h>

#include "ptx/parse.h"

/* Rounds v to nearest-even into a binary format with ebits exponent bits and
 * mbits stored fraction bits (f16: 5/10, bf16: 8/7, f32: 8/23). */
static uint64_t round_double(double v, unsigned ebits, unsigned mbits) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  uint64_t sign = (b >> 63) << (ebits + mbits);
  unsigned exp = (unsigned)((b >> 52) & 0x7ff);
  uint64_t frac = b & ((UINT64_C(1) << 52) - 1);
  uint64_t inf = ((UINT64_C(1) << ebits) - 1) << mbits;
  if (exp == 0x7ff) {
    if (frac == 0) {
      return sign | inf;
    }
    return sign | inf | (frac >> (52 - mbits)) | (UINT64_C(1) << (mbits - 1));
  }
  if (exp == 0) {
    return sign; /* zero, or a double subnormal: far below the target's range */
  }
  int bias = (1 << (ebits - 1)) - 1;
  int e = (int)exp - 1023 + bias; /* biased exponent in the target format */
  uint64_t m = (UINT64_C(1) << 52) | frac;
  unsigned shift = 52 - mbits;
  if (e <= 0) {
    shift += (unsigned)(1 - e);
  }
  uint64_t q = 0;
  if (shift < 64) {
    q = m >> shift;
    uint64_t rem = m & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) {
      q++;
    }
  }
  /* q holds the implicit bit at position mbits for normal results, so a
   * rounding carry moves into the exponent by itself. */
  uint64_t val = e <= 0 ? q : ((uint64_t)(e - 1) << mbits) + q;
  if (val >= inf) {
    val = inf;
  }
  return sign | val;
}

uint64_t ptx_double_to_bits(double v, st_ptype t) {
  switch (t) {
  case PT_F16:
    return round_double(v, 5, 10);
  case PT_BF16:
    return round_double(v, 8, 7);
  case PT_F32:
    return round_double(v, 8, 23);
  default: {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
  }
  }
}

static double f32_bits_to_double(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return (double)f;
}

static double f64_bits_to_double(uint64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static bool is_bit_type(st_ptype t) {
  return t == PT_B8 || t == PT_B16 || t == PT_B32 || t == PT_B64 || t == PT_B128 ||
         t == PT_F16X2 || t == PT_BF16X2;
}

bool ptx_literal_bits(const ptx_literal *lit, st_ptype t, int64_t *out, const char **why) {
  if (t == PT_PRED) {
    if (lit->kind != LIT_INT) {
      *why = "expected an integer predicate value, got";
      return false;
    }
    *out = lit->bits != 0;
    return true;
  }
  if (t == PT_F16 || t == PT_BF16 || t == PT_F32 || t == PT_F64) {
    double v;
    switch (lit->kind) {
    case LIT_INT:
      v = (double)(int64_t)lit->bits;
      break;
    case LIT_F32:
      if (t == PT_F32) {
        *out = (int64_t)lit->bits;
        return true;
      }
      v = f32_bits_to_double((uint32_t)lit->bits);
      break;
    case LIT_F64:
      if (t == PT_F64) {
        *out = (int64_t)lit->bits;
        return true;
      }
      v = f64_bits_to_double(lit->bits);
      break;
    default:
      v = lit->dval;
      break;
    }
    *out = (int64_t)ptx_double_to_bits(v, t);
    return true;
  }
  if (lit->kind == LIT_INT) {
    *out = (int64_t)lit->bits;
    return true;
  }
  unsigned size = st_ptype_size(t);
  if ((lit->kind == LIT_F32 && is_bit_type(t) && size == 4) ||
      (lit->kind == LIT_F64 && is_bit_type(t) && size == 8)) {
    *out = (int64_t)lit->bits;
    return true;
  }
  *why = "floating-point constant where an integer is expected";
  return false;
}

bool ptx_at_literal(ptx_parser *p) {
  const ptx_token *t = ptx_peek(&p->lx, 0);
  if (ptx_is_punct(t, '-')) {
    t = ptx_peek(&p->lx, 1);
  }
  return t->kind == TOK_INT || t->kind == TOK_F32 || t->kind == TOK_F64 || t->kind == TOK_FLOAT;
}

bool ptx_parse_literal(ptx_parser *p, ptx_literal *lit) {
  bool neg = ptx_accept(p, '-');
  ptx_token t = ptx_next(&p->lx);
  memset(lit, 0, sizeof *lit);
  switch (t.kind) {
  case TOK_INT:
    lit->kind = LIT_INT;
    if (neg && t.ival > (UINT64_C(1) << 63)) {
      return ptx_error_tok(p, &t, "integer constant too large");
    }
    lit->bits = neg ? (uint64_t)0 - t.ival : t.ival;
    return true;
  case TOK_F32:
  case TOK_F64:
    if (neg) {
      return ptx_error_tok(p, &t, "cannot negate a hex floating-point constant");
    }
    lit->kind = t.kind == TOK_F32 ? LIT_F32 : LIT_F64;
    lit->bits = t.ival;
    return true;
  case TOK_FLOAT:
    lit->kind = LIT_DEC;
    lit->dval = neg ? -t.dval : t.dval;
    return true;
  default:
    return ptx_error_tok(p, &t, "expected a number, got");
  }
}
