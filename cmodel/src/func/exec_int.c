/* Integer, bit-manipulation, predicate, comparison and selection
 * instructions. Floating-point forms of shared opcodes (add.f32, setp.f64,
 * ...) go to exec_float.c. */
#include "func/exec_internal.h"
#include "func/fparith.h"
#include "func/intarith.h"

/* Loops over the active threads with a = opnd 1, b = opnd 2, c = opnd 3 and
 * d = opnd 0 in scope. */
#define BINARY(expr)                          \
  do {                                        \
    const uint64_t *a = st_src(c, 1);         \
    const uint64_t *b = st_src(c, 2);         \
    uint64_t *d = st_dst(c, 0);               \
    ST_LANES(l, c->mask) { d[l] = (expr); }   \
  } while (0)

#define UNARY(expr)                           \
  do {                                        \
    const uint64_t *a = st_src(c, 1);         \
    uint64_t *d = st_dst(c, 0);               \
    ST_LANES(l, c->mask) { d[l] = (expr); }   \
  } while (0)

#define TERNARY(expr)                         \
  do {                                        \
    const uint64_t *a = st_src(c, 1);         \
    const uint64_t *b = st_src(c, 2);         \
    const uint64_t *cc = st_src(c, 3);        \
    uint64_t *d = st_dst(c, 0);               \
    ST_LANES(l, c->mask) { d[l] = (expr); }   \
  } while (0)

static inline uint64_t sat_s32(int64_t v) {
  return (uint32_t)(int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

/* add, sub, addc, subc with .cc and .sat. */
static void exec_addsub(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype t = (st_ptype)in->type;
  unsigned n = st_ptype_size(t);
  bool sub = in->op == OP_SUB || in->op == OP_SUBC;
  bool carry_in = in->op == OP_ADDC || in->op == OP_SUBC;
  bool carry_out = (in->flags & IF_CC) != 0;
  st_warp *w = c->w;
  const uint64_t *a = st_src(c, 1);
  const uint64_t *b = st_src(c, 2);
  uint64_t *d = st_dst(c, 0);
  if (t == PT_PRED) {
    return;
  }
  if ((in->flags & IF_SAT) && t == PT_S32) {
    ST_LANES(l, c->mask) {
      int64_t x = (int32_t)a[l], y = (int32_t)b[l];
      d[l] = sat_s32(sub ? x - y : x + y);
    }
    return;
  }
  if (!carry_in && !carry_out) {
    if (sub) {
      ST_LANES(l, c->mask) { d[l] = st_trunc(a[l] - b[l], n); }
    } else {
      ST_LANES(l, c->mask) { d[l] = st_trunc(a[l] + b[l], n); }
    }
    return;
  }
  uint64_t mask = n >= 8 ? UINT64_MAX : (UINT64_C(1) << (n * 8)) - 1;
  uint32_t cf_out = w->carry;
  ST_LANES(l, c->mask) {
    uint64_t x = a[l] & mask, y = b[l] & mask;
    uint64_t cin = carry_in ? (w->carry >> l) & 1 : 0;
    uint64_t r;
    unsigned cout;
    if (!sub) {
      r = (x + y) & mask;
      cout = r < x;
      uint64_t r2 = (r + cin) & mask;
      cout |= r2 < r;
      r = r2;
    } else {
      r = (x - y) & mask;
      cout = x < y;
      uint64_t r2 = (r - cin) & mask;
      cout |= r < cin;
      r = r2;
    }
    d[l] = r;
    cf_out = (cf_out & ~(UINT32_C(1) << l)) | ((uint32_t)cout << l);
  }
  if (carry_out) {
    w->carry = cf_out;
  }
}

/* mul, mad, madc with .lo/.hi/.wide. */
static void exec_mulmad(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype t = (st_ptype)in->type;
  unsigned n = st_ptype_size(t);
  bool mad = in->op == OP_MAD || in->op == OP_MADC;
  const uint64_t *a = st_src(c, 1);
  const uint64_t *b = st_src(c, 2);
  const uint64_t *cc = mad ? st_src(c, 3) : NULL;
  uint64_t *d = st_dst(c, 0);
  st_warp *w = c->w;
  bool carry_in = in->op == OP_MADC;
  bool carry_out = (in->flags & IF_CC) != 0;
  uint32_t cf_out = w->carry;
  if (!mad && n == 4) {
    /* The common 32-bit forms, inline. */
    if (in->mode == MUL_WIDE) {
      if (st_ptype_is_signed(t)) {
        ST_LANES(l, c->mask) { d[l] = (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]); }
      } else {
        ST_LANES(l, c->mask) { d[l] = (uint64_t)(uint32_t)a[l] * (uint32_t)b[l]; }
      }
      return;
    }
    if (in->mode != MUL_HI) {
      ST_LANES(l, c->mask) { d[l] = (uint32_t)(a[l] * b[l]); }
      return;
    }
  }
  if (mad && n == 4 && in->mode == MUL_LO && !carry_in && !carry_out) {
    ST_LANES(l, c->mask) { d[l] = (uint32_t)(a[l] * b[l] + cc[l]); }
    return;
  }
  ST_LANES(l, c->mask) {
    uint64_t p;
    unsigned rn = n;
    switch (in->mode) {
    case MUL_HI: p = st_mul_hi(a[l], b[l], t); break;
    case MUL_WIDE: p = st_mul_wide(a[l], b[l], t); rn = n * 2; break;
    default: p = st_mul_lo(a[l], b[l], t); break;
    }
    if (!mad) {
      d[l] = p;
      continue;
    }
    if ((in->flags & IF_SAT) && t == PT_S32 && in->mode == MUL_HI) {
      d[l] = sat_s32((int64_t)(int32_t)p + (int64_t)(int32_t)cc[l]);
      continue;
    }
    uint64_t mask = rn >= 8 ? UINT64_MAX : (UINT64_C(1) << (rn * 8)) - 1;
    uint64_t x = p & mask, y = cc[l] & mask;
    uint64_t r = (x + y) & mask;
    unsigned cout = r < x;
    if (carry_in) {
      uint64_t r2 = (r + ((w->carry >> l) & 1)) & mask;
      cout |= r2 < r;
      r = r2;
    }
    d[l] = r;
    cf_out = (cf_out & ~(UINT32_C(1) << l)) | ((uint32_t)cout << l);
  }
  if (carry_out) {
    w->carry = cf_out;
  }
}

static uint64_t int_minmax(uint64_t x, uint64_t y, st_ptype t, bool is_min) {
  unsigned n = st_ptype_size(t);
  bool less = st_ptype_is_signed(t) ? st_sext(x, n) < st_sext(y, n) : st_trunc(x, n) < st_trunc(y, n);
  return st_trunc(is_min == less ? x : y, n);
}

/* The threads for which the integer comparison holds, as a mask. The
 * operands are widened once (sign or zero) so that one comparison per thread
 * serves every width. */
static uint32_t int_compare_mask(const st_ectx *c, const uint64_t *a, const uint64_t *b,
                                 st_ptype t, st_cmp cmp) {
  unsigned n = st_ptype_size(t);
  bool is_signed = st_ptype_is_signed(t);
  uint32_t r = 0;
  switch (cmp) {
  case CMP_EQ: ST_LANES(l, c->mask) { r |= (uint32_t)(st_trunc(a[l] ^ b[l], n) == 0) << l; } break;
  case CMP_NE: ST_LANES(l, c->mask) { r |= (uint32_t)(st_trunc(a[l] ^ b[l], n) != 0) << l; } break;
  case CMP_LT:
  case CMP_LE:
  case CMP_GT:
  case CMP_GE:
    if (is_signed) {
      ST_LANES(l, c->mask) {
        int64_t x = st_sext(a[l], n), y = st_sext(b[l], n);
        bool v = cmp == CMP_LT ? x < y : cmp == CMP_LE ? x <= y : cmp == CMP_GT ? x > y : x >= y;
        r |= (uint32_t)v << l;
      }
      break;
    }
    /* unsigned and bit types compare unsigned, below */
    /* fall through */
  case CMP_LO:
  case CMP_LS:
  case CMP_HI:
  case CMP_HS: {
    bool lt = cmp == CMP_LT || cmp == CMP_LO, le = cmp == CMP_LE || cmp == CMP_LS;
    bool gt = cmp == CMP_GT || cmp == CMP_HI;
    ST_LANES(l, c->mask) {
      uint64_t x = st_trunc(a[l], n), y = st_trunc(b[l], n);
      bool v = lt ? x < y : le ? x <= y : gt ? x > y : x >= y;
      r |= (uint32_t)v << l;
    }
    break;
  }
  default:
    break; /* float-only operators are false for integers */
  }
  return r;
}

static void exec_setp_int(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype t = (st_ptype)in->type;
  const uint64_t *a = st_src(c, 2);
  const uint64_t *b = st_src(c, 3);
  const uint64_t *pc = in->subop != BOOL_NONE ? st_src(c, 4) : NULL;
  uint64_t *p = st_dst(c, 0);
  uint64_t *q = in->opnd[1].kind == OPND_REG ? st_dst(c, 1) : c->sink;
  uint32_t holds = int_compare_mask(c, a, b, t, (st_cmp)in->cmp);
  if (pc == NULL) {
    ST_LANES(l, c->mask) {
      p[l] = (holds >> l) & 1;
      q[l] = !((holds >> l) & 1);
    }
    return;
  }
  ST_LANES(l, c->mask) {
    bool r = (holds >> l) & 1;
    bool nr = !r;
    if (pc != NULL) {
      bool x = pc[l] != 0;
      switch (in->subop) {
      case BOOL_AND: r = r && x; nr = nr && x; break;
      case BOOL_OR: r = r || x; nr = nr || x; break;
      default: r = r != x; nr = nr != x; break;
      }
    }
    p[l] = r;
    q[l] = nr;
  }
}

/* set.cmp{.bool}.dtype.stype d, a, b{, c}: 0xffffffff or 1.0f for true. */
static void exec_set(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype dt = (st_ptype)in->type, stype = (st_ptype)in->type2;
  const uint64_t *a = st_src(c, 1);
  const uint64_t *b = st_src(c, 2);
  const uint64_t *pc = in->subop != BOOL_NONE ? st_src(c, 3) : NULL;
  uint64_t *d = st_dst(c, 0);
  ST_LANES(l, c->mask) {
    bool r;
    if (stype == PT_F32) {
      r = st_f32_cmp((uint32_t)a[l], (uint32_t)b[l], (st_cmp)in->cmp, in->flags);
    } else if (stype == PT_F64) {
      r = st_f64_cmp(a[l], b[l], (st_cmp)in->cmp);
    } else {
      r = st_int_cmp(a[l], b[l], stype, (st_cmp)in->cmp);
    }
    if (pc != NULL) {
      bool x = pc[l] != 0;
      r = in->subop == BOOL_AND ? (r && x) : in->subop == BOOL_OR ? (r || x) : (r != x);
    }
    d[l] = dt == PT_F32 ? (r ? 0x3f800000u : 0) : (r ? 0xffffffffu : 0);
  }
}

/* slct.dtype.stype d, a, b, c: c >= 0 ? a : b (c is s32 or f32). */
static void exec_slct(st_ectx *c) {
  const st_inst *in = c->in;
  unsigned n = st_ptype_size((st_ptype)in->type);
  const uint64_t *a = st_src(c, 1);
  const uint64_t *b = st_src(c, 2);
  const uint64_t *cc = st_src(c, 3);
  uint64_t *d = st_dst(c, 0);
  ST_LANES(l, c->mask) {
    bool ge;
    if (in->type2 == PT_F32) {
      uint32_t f = (uint32_t)cc[l];
      if ((in->flags & IF_FTZ) && (f & 0x7f800000u) == 0) {
        f &= 0x80000000u;
      }
      /* NaN selects b; -0.0 counts as >= 0. */
      bool nan = (f & 0x7fffffffu) > 0x7f800000u;
      ge = !nan && (!(f >> 31) || (f & 0x7fffffffu) == 0);
    } else {
      ge = (int32_t)cc[l] >= 0;
    }
    d[l] = st_trunc(ge ? a[l] : b[l], n);
  }
}

/* Predicate logic: and/or/xor/not/cnot on .pred values (0 or 1). */
static bool exec_pred_logic(st_ectx *c) {
  const st_inst *in = c->in;
  if (in->type != PT_PRED) {
    return false;
  }
  switch ((st_op)in->op) {
  case OP_AND: BINARY((a[l] != 0) & (b[l] != 0)); return true;
  case OP_OR: BINARY((a[l] != 0) | (b[l] != 0)); return true;
  case OP_XOR: BINARY((a[l] != 0) ^ (b[l] != 0)); return true;
  case OP_NOT:
  case OP_CNOT: UNARY(a[l] == 0); return true;
  default: return false;
  }
}

static bool is_clamp(const st_inst *in) {
  return in->mode == SHF_L_CLAMP || in->mode == SHF_R_CLAMP;
}

/* bmsk.mode.b32 d, a, b: b ones starting at bit a (PTX ISA, bmsk). */
static uint32_t bmsk(uint32_t a, uint32_t b, bool clamp) {
  uint32_t a1 = a & 31, b1 = b & 31, sum = a1 + b1;
  uint32_t mask0 = ~UINT32_C(0) << a1;
  uint32_t mask1 = sum >= 32 ? 0 : ~UINT32_C(0) << sum;
  bool overflow = sum >= 32;
  if (clamp && a >= 32) {
    mask0 = 0;
    overflow = true;
  }
  if (clamp && b >= 32) {
    overflow = true;
  }
  if (overflow) {
    mask1 = 0;
  } else if (b1 == 0) {
    mask1 = ~UINT32_C(0);
  }
  return mask0 & ~mask1;
}

/* szext.mode.{u32,s32} d, a, b: extend the low b bits of a (PTX ISA, szext). */
static uint32_t szext(uint32_t a, uint32_t b, bool clamp, bool is_signed) {
  uint32_t b1 = b & 31;
  bool too_large = b >= 32 && clamp;
  uint32_t mask = too_large ? 0 : ~UINT32_C(0) << b1;
  bool sign = b1 != 0 && !too_large && is_signed && ((a >> ((b1 - 1) & 31)) & 1);
  return (a & ~mask) | (sign ? mask : 0);
}

/* fns.b32 d, mask, base, offset: position of the offset-th set bit counting
 * from base, upwards for positive offsets (PTX ISA, fns). */
static uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
  if (offset == 0) {
    return base < 32 && ((mask >> base) & 1) ? base : 0xffffffffu;
  }
  int32_t count = (offset > 0 ? offset : -offset) - 1;
  int32_t inc = offset > 0 ? 1 : -1;
  for (int32_t pos = (int32_t)base; pos >= 0 && pos < 32; pos += inc) {
    if ((mask >> pos) & 1) {
      if (count == 0) {
        return (uint32_t)pos;
      }
      count--;
    }
  }
  return 0xffffffffu;
}

void st_exec_arith(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype t = (st_ptype)in->type;
  unsigned n = st_ptype_size(t);
  if (st_ptype_is_float(t) && in->op != OP_SET && in->op != OP_SELP && in->op != OP_SLCT) {
    st_exec_alu_float(c);
    return;
  }
  if (exec_pred_logic(c)) {
    return;
  }
  switch ((st_op)in->op) {
  case OP_ADD:
  case OP_SUB:
  case OP_ADDC:
  case OP_SUBC:
    exec_addsub(c);
    return;
  case OP_MUL:
  case OP_MAD:
  case OP_MADC:
    exec_mulmad(c);
    return;
  case OP_MUL24:
    BINARY(st_mul24((uint32_t)a[l], (uint32_t)b[l], in->mode == MUL_HI, st_ptype_is_signed(t)));
    return;
  case OP_MAD24:
    TERNARY((uint32_t)(st_mul24((uint32_t)a[l], (uint32_t)b[l], in->mode == MUL_HI,
                                st_ptype_is_signed(t)) + (uint32_t)cc[l]));
    return;
  case OP_DIV: BINARY(st_div(a[l], b[l], t)); return;
  case OP_REM: BINARY(st_rem(a[l], b[l], t)); return;
  case OP_ABS:
    UNARY(st_trunc(st_sext(a[l], n) < 0 ? 0 - a[l] : a[l], n));
    return;
  case OP_NEG: UNARY(st_trunc(0 - a[l], n)); return;
  case OP_MIN: BINARY(int_minmax(a[l], b[l], t, true)); return;
  case OP_MAX: BINARY(int_minmax(a[l], b[l], t, false)); return;
  case OP_SAD: TERNARY(st_sad(a[l], b[l], cc[l], t)); return;
  case OP_POPC:
    UNARY(n == 8 ? st_popc64(a[l]) : st_popc32((uint32_t)a[l]));
    return;
  case OP_CLZ:
    UNARY(n == 8 ? st_clz64(a[l]) : st_clz32((uint32_t)a[l]));
    return;
  case OP_BREV:
    UNARY(n == 8 ? st_brev64(a[l]) : st_brev32((uint32_t)a[l]));
    return;
  case OP_BFIND: UNARY(st_bfind(a[l], t, (in->flags & IF_SHIFTAMT) != 0)); return;
  case OP_BFE: TERNARY(st_bfe(a[l], (uint32_t)b[l], (uint32_t)cc[l], t)); return;
  case OP_BFI: {
    const uint64_t *a = st_src(c, 1);
    const uint64_t *b = st_src(c, 2);
    const uint64_t *pos = st_src(c, 3);
    const uint64_t *len = st_src(c, 4);
    uint64_t *d = st_dst(c, 0);
    ST_LANES(l, c->mask) { d[l] = st_bfi(a[l], b[l], (uint32_t)pos[l], (uint32_t)len[l], t); }
    return;
  }
  case OP_PRMT:
    TERNARY(st_prmt((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], (st_prmt_mode)in->mode));
    return;
  case OP_SHF:
    TERNARY(st_shf((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l],
                   in->mode == SHF_L_WRAP || in->mode == SHF_L_CLAMP,
                   in->mode == SHF_L_CLAMP || in->mode == SHF_R_CLAMP));
    return;
  case OP_SHL:
    if (n == 4) {
      BINARY((uint32_t)b[l] >= 32 ? 0 : (uint32_t)((uint32_t)a[l] << (uint32_t)b[l]));
    } else {
      BINARY(st_shl(a[l], (uint32_t)b[l], t));
    }
    return;
  case OP_SHR:
    if (t == PT_S32) {
      BINARY((uint32_t)((int32_t)a[l] >> ((uint32_t)b[l] >= 32 ? 31 : (uint32_t)b[l])));
    } else if (n == 4) {
      BINARY((uint32_t)b[l] >= 32 ? 0 : (uint32_t)a[l] >> (uint32_t)b[l]);
    } else {
      BINARY(st_shr(a[l], (uint32_t)b[l], t));
    }
    return;
  case OP_AND: BINARY(st_trunc(a[l] & b[l], n)); return;
  case OP_OR: BINARY(st_trunc(a[l] | b[l], n)); return;
  case OP_XOR: BINARY(st_trunc(a[l] ^ b[l], n)); return;
  case OP_NOT: UNARY(st_trunc(~a[l], n)); return;
  case OP_CNOT: UNARY(st_trunc(a[l], n) == 0); return;
  case OP_LOP3: {
    const uint64_t *a = st_src(c, 1);
    const uint64_t *b = st_src(c, 2);
    const uint64_t *cc = st_src(c, 3);
    const uint64_t *lut = st_src(c, 4);
    uint64_t *d = st_dst(c, 0);
    ST_LANES(l, c->mask) {
      d[l] = st_lop3((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], (uint8_t)lut[l]);
    }
    return;
  }
  case OP_SETP: exec_setp_int(c); return;
  case OP_SET: exec_set(c); return;
  case OP_SELP: {
    const uint64_t *a = st_src(c, 1);
    const uint64_t *b = st_src(c, 2);
    const uint64_t *p = st_src(c, 3);
    uint64_t *d = st_dst(c, 0);
    ST_LANES(l, c->mask) { d[l] = st_trunc(p[l] ? a[l] : b[l], n ? n : 8); }
    return;
  }
  case OP_SLCT: exec_slct(c); return;
  case OP_DP4A:
    TERNARY(st_dp4a((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], st_ptype_is_signed(t),
                    st_ptype_is_signed((st_ptype)in->type2)));
    return;
  case OP_DP2A:
    TERNARY(st_dp2a((uint32_t)a[l], (uint32_t)b[l], (uint32_t)cc[l], st_ptype_is_signed(t),
                    st_ptype_is_signed((st_ptype)in->type2), in->mode == MUL_HI));
    return;
  case OP_BMSK: BINARY(bmsk((uint32_t)a[l], (uint32_t)b[l], is_clamp(in))); return;
  case OP_SZEXT: BINARY(szext((uint32_t)a[l], (uint32_t)b[l], is_clamp(in), t == PT_S32)); return;
  case OP_FNS: TERNARY(fns((uint32_t)a[l], (uint32_t)b[l], (int32_t)cc[l])); return;
  default:
    st_fault(c, (uint32_t)__builtin_ctz(c->mask), 0, 0, "instruction not supported for type %s",
             "integer");
    return;
  }
}
