/* The opcode table and the modifiers of every supported instruction, as the
 * PTX ISA manual defines them. Each decoder takes the modifier words it
 * allows for the instruction's type; any word left untaken is reported as an
 * unsupported modifier, so order is free (as ptxas allows) but nothing is
 * ignored silently. */
#include <stdio.h>
#include <string.h>

#include "ptx/opcodes.h"

/* ---- types ---------------------------------------------------------------- */

static const char *const type_names[PT_COUNT] = {
    [PT_PRED] = "pred", [PT_B8] = "b8",       [PT_B16] = "b16",   [PT_B32] = "b32",
    [PT_B64] = "b64",   [PT_B128] = "b128",   [PT_U8] = "u8",     [PT_U16] = "u16",
    [PT_U32] = "u32",   [PT_U64] = "u64",     [PT_S8] = "s8",     [PT_S16] = "s16",
    [PT_S32] = "s32",   [PT_S64] = "s64",     [PT_F16] = "f16",   [PT_F16X2] = "f16x2",
    [PT_BF16] = "bf16", [PT_BF16X2] = "bf16x2", [PT_F32] = "f32", [PT_F64] = "f64"};

st_ptype ptx_type_from_name(const char *s, size_t n) {
  for (int t = PT_PRED; t < PT_COUNT; t++) {
    if (n > 0 && type_names[t][0] == s[0] && strlen(type_names[t]) == n &&
        memcmp(type_names[t], s, n) == 0) {
      return (st_ptype)t;
    }
  }
  return PT_NONE;
}

const char *ptx_type_name(st_ptype t) {
  return (unsigned)t < PT_COUNT && type_names[t] != NULL ? type_names[t] : "?";
}

#define TB(t) (1u << (t))
#define TS_SINT (TB(PT_S16) | TB(PT_S32) | TB(PT_S64))
#define TS_UINT (TB(PT_U16) | TB(PT_U32) | TB(PT_U64))
#define TS_INT (TS_SINT | TS_UINT)
#define TS_BIT (TB(PT_B16) | TB(PT_B32) | TB(PT_B64))
#define TS_H (TB(PT_F16) | TB(PT_F16X2))
#define TS_BH (TB(PT_BF16) | TB(PT_BF16X2))
#define TS_F (TB(PT_F32) | TB(PT_F64))
#define TS_32_64 (TB(PT_U32) | TB(PT_S32) | TB(PT_U64) | TB(PT_S64))
#define TS_MEM (TS_INT | TS_BIT | TB(PT_U8) | TB(PT_S8) | TB(PT_B8) | TB(PT_B128) | TS_F)

static bool in_set(st_ptype t, uint32_t set) { return t != PT_NONE && (set & TB(t)) != 0; }

static bool is_float(st_ptype t) { return st_ptype_is_float(t); }

/* ---- decoding state --------------------------------------------------------- */

typedef struct dec {
  ptx_parser *p;
  const ptx_token *w;
  const char *part[PTX_MAX_PARTS];
  size_t len[PTX_MAX_PARTS];
  bool used[PTX_MAX_PARTS];
  unsigned n;       /* modifier parts (the mnemonic excluded) */
  bool is_barrier;  /* "barrier" rather than "bar" */
} dec;

static bool part_is(const dec *d, unsigned i, const char *s) {
  return d->part[i][0] == s[0] && strlen(s) == d->len[i] &&
         memcmp(d->part[i], s, d->len[i]) == 0;
}

/* Takes the first unused part spelled s. */
static bool take(dec *d, const char *s) {
  for (unsigned i = 0; i < d->n; i++) {
    if (!d->used[i] && part_is(d, i, s)) {
      d->used[i] = true;
      return true;
    }
  }
  return false;
}

/* Takes the first unused part that is one of names[0..count); returns its
 * index in names, or -1. */
static int take_one(dec *d, const char *const *names, int count) {
  for (unsigned i = 0; i < d->n; i++) {
    if (d->used[i]) {
      continue;
    }
    for (int k = 0; k < count; k++) {
      if (names[k] != NULL && part_is(d, i, names[k])) {
        d->used[i] = true;
        return k;
      }
    }
  }
  return -1;
}

#define TAKE_ONE(d, names) take_one((d), (names), (int)(sizeof(names) / sizeof *(names)))

/* Takes the first unused part naming a type. */
static st_ptype take_type(dec *d) {
  for (unsigned i = 0; i < d->n; i++) {
    if (!d->used[i]) {
      st_ptype t = ptx_type_from_name(d->part[i], d->len[i]);
      if (t != PT_NONE) {
        d->used[i] = true;
        return t;
      }
    }
  }
  return PT_NONE;
}

static void take_flag(dec *d, st_inst *in, const char *s, uint32_t flag) {
  if (take(d, s)) {
    in->flags |= flag;
  }
}

static bool fail(dec *d, const char *fmt, const char *arg) {
  char what[128];
  snprintf(what, sizeof what, fmt, arg);
  return ptx_error_text(d->p, d->w->line, d->w->col, what, d->w->text, d->w->len);
}

static bool missing(dec *d, const char *what) { return fail(d, "missing %s in", what); }

static bool bad_type(dec *d, st_ptype t) {
  char what[64];
  snprintf(what, sizeof what, ".%s", t == PT_NONE ? "?" : type_names[t]);
  return fail(d, "unsupported type '%s' in", what);
}

/* Takes the (first) type and checks it is in set. */
static bool need_type(dec *d, uint32_t set, st_ptype *out) {
  *out = take_type(d);
  if (*out == PT_NONE) {
    return missing(d, "type");
  }
  if (!in_set(*out, set)) {
    return bad_type(d, *out);
  }
  return true;
}

static bool unsupported_part(dec *d, unsigned i) {
  char mod[80];
  char q[72];
  ptx_quote(d->part[i], d->len[i], q, sizeof q);
  snprintf(mod, sizeof mod, ".%s", q);
  return fail(d, "unsupported modifier '%s' in", mod);
}

/* Every part must have been taken. */
static bool finish(dec *d) {
  for (unsigned i = 0; i < d->n; i++) {
    if (!d->used[i]) {
      return unsupported_part(d, i);
    }
  }
  return true;
}

/* Rounding modifier names in st_rnd order. */
static const char *const frnd_names[] = {"rn", "rz", "rm", "rp"};
static const char *const rn_only[] = {"rn"};

static uint8_t take_frnd(dec *d) {
  int k = TAKE_ONE(d, frnd_names);
  return k < 0 ? RND_NONE : (uint8_t)(RND_RN + k);
}

static uint8_t take_rn(dec *d) { return TAKE_ONE(d, rn_only) < 0 ? RND_NONE : RND_RN; }

/* ---- shapes --------------------------------------------------------------------- */

static void slot(ptx_shape *s, ptx_role role, st_ptype type, uint16_t flags) {
  if (s->n < PTX_MAX_SLOTS) {
    s->slot[s->n].role = (uint8_t)role;
    s->slot[s->n].type = (uint8_t)type;
    s->slot[s->n].flags = flags;
    s->n++;
  }
}

static void dst(ptx_shape *s, st_ptype t) { slot(s, t == PT_PRED ? R_PDST : R_DST, t, 0); }
static void src(ptx_shape *s, st_ptype t) { slot(s, t == PT_PRED ? R_PSRC : R_SRC, t, 0); }

/* d, then nsrc sources, all of type t. */
static void dsrc(ptx_shape *s, st_ptype t, int nsrc) {
  dst(s, t);
  for (int i = 0; i < nsrc; i++) {
    src(s, t);
  }
}

/* ---- arithmetic --------------------------------------------------------------- */

/* The float modifiers of add/sub/mul (rounding optional). */
static void take_float_arith(dec *d, st_inst *in, st_ptype t) {
  if (t == PT_F32) {
    in->rnd = take_frnd(d);
    take_flag(d, in, "ftz", IF_FTZ);
    take_flag(d, in, "sat", IF_SAT);
  } else if (t == PT_F64) {
    in->rnd = take_frnd(d);
  } else if (in_set(t, TS_H)) {
    in->rnd = take_rn(d);
    take_flag(d, in, "ftz", IF_FTZ);
    take_flag(d, in, "sat", IF_SAT);
  } else {
    in->rnd = take_rn(d);
  }
}

static bool dec_addsub(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_INT | TS_F | TS_H | TS_BH, &t)) {
    return false;
  }
  if (is_float(t)) {
    take_float_arith(d, in, t);
  } else {
    if (in_set(t, TS_32_64)) {
      take_flag(d, in, "cc", IF_CC);
    }
    if (t == PT_S32 && !(in->flags & IF_CC)) {
      take_flag(d, in, "sat", IF_SAT);
    }
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  return true;
}

static bool dec_addsubc(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_32_64, &t)) {
    return false;
  }
  take_flag(d, in, "cc", IF_CC);
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  return true;
}

static st_ptype widened(st_ptype t) {
  switch (t) {
  case PT_U16: return PT_U32;
  case PT_U32: return PT_U64;
  case PT_S16: return PT_S32;
  case PT_S32: return PT_S64;
  default: return PT_NONE;
  }
}

static const char *const mul_modes[] = {NULL, "lo", "hi", "wide"}; /* st_mul_mode */

/* Integer mul/mad: .lo .hi or .wide is required. */
static bool take_mul_mode(dec *d, st_inst *in, st_ptype t) {
  int k = TAKE_ONE(d, mul_modes);
  if (k < 0) {
    return missing(d, ".lo, .hi or .wide");
  }
  if (k == MUL_WIDE && widened(t) == PT_NONE) {
    return bad_type(d, t);
  }
  in->mode = (uint8_t)k;
  return true;
}

static bool dec_mul(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_INT | TS_F | TS_H | TS_BH, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  if (is_float(t)) {
    take_float_arith(d, in, t);
    dsrc(sh, t, 2);
    return true;
  }
  if (!take_mul_mode(d, in, t)) {
    return false;
  }
  dst(sh, in->mode == MUL_WIDE ? widened(t) : t);
  src(sh, t);
  src(sh, t);
  return true;
}

static bool dec_mad(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_INT | TS_F, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  if (is_float(t)) {
    in->rnd = take_frnd(d);
    if (in->rnd == RND_NONE) {
      return missing(d, "rounding modifier");
    }
    if (t == PT_F32) {
      take_flag(d, in, "ftz", IF_FTZ);
      take_flag(d, in, "sat", IF_SAT);
    }
    dsrc(sh, t, 3);
    return true;
  }
  if (!take_mul_mode(d, in, t)) {
    return false;
  }
  if (in->mode != MUL_WIDE && in_set(t, TS_32_64)) {
    take_flag(d, in, "cc", IF_CC);
  }
  if (in->mode == MUL_HI && t == PT_S32 && !(in->flags & IF_CC)) {
    take_flag(d, in, "sat", IF_SAT);
  }
  st_ptype w = in->mode == MUL_WIDE ? widened(t) : t;
  dst(sh, w);
  src(sh, t);
  src(sh, t);
  src(sh, w);
  return true;
}

static bool dec_madc(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_32_64, &t)) {
    return false;
  }
  static const char *const modes[] = {NULL, "lo", "hi"};
  int k = TAKE_ONE(d, modes);
  if (k < 0) {
    return missing(d, ".lo or .hi");
  }
  in->mode = (uint8_t)k;
  take_flag(d, in, "cc", IF_CC);
  in->type = (uint8_t)t;
  dsrc(sh, t, 3);
  return true;
}

static bool dec_mul24(dec *d, st_inst *in, ptx_shape *sh, int nsrc) {
  st_ptype t;
  if (!need_type(d, TB(PT_U32) | TB(PT_S32), &t)) {
    return false;
  }
  static const char *const modes[] = {NULL, "lo", "hi"};
  int k = TAKE_ONE(d, modes);
  if (k < 0) {
    return missing(d, ".lo or .hi");
  }
  in->mode = (uint8_t)k;
  if (nsrc == 3 && k == MUL_HI && t == PT_S32) {
    take_flag(d, in, "sat", IF_SAT);
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, nsrc);
  return true;
}

static bool dec_mul24_2(dec *d, st_inst *in, ptx_shape *sh) { return dec_mul24(d, in, sh, 2); }
static bool dec_mad24(dec *d, st_inst *in, ptx_shape *sh) { return dec_mul24(d, in, sh, 3); }

static bool dec_div(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_INT | TS_F, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  if (t == PT_F32) {
    take_flag(d, in, "approx", IF_APPROX);
    if (!(in->flags & IF_APPROX)) {
      take_flag(d, in, "full", IF_FULL);
    }
    if (!(in->flags & (IF_APPROX | IF_FULL))) {
      in->rnd = take_frnd(d);
      if (in->rnd == RND_NONE) {
        return missing(d, ".approx, .full or a rounding modifier");
      }
    }
    take_flag(d, in, "ftz", IF_FTZ);
  } else if (t == PT_F64) {
    in->rnd = take_frnd(d);
    if (in->rnd == RND_NONE) {
      return missing(d, "rounding modifier");
    }
  }
  dsrc(sh, t, 2);
  return true;
}

/* A type from set, then a destination and nsrc sources of that type, and no
 * other modifier: rem, sad, copysign. */
static bool dec_same_type(dec *d, st_inst *in, ptx_shape *sh, uint32_t set, int nsrc) {
  st_ptype t;
  if (!need_type(d, set, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, nsrc);
  return true;
}

static bool dec_rem(dec *d, st_inst *in, ptx_shape *sh) {
  return dec_same_type(d, in, sh, TS_INT, 2);
}

static bool dec_absneg(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_SINT | TS_F | TS_H | TS_BH, &t)) {
    return false;
  }
  if (t == PT_F32 || in_set(t, TS_H)) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 1);
  return true;
}

static bool dec_minmax(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_INT | TS_F | TS_H | TS_BH, &t)) {
    return false;
  }
  if (t == PT_F32 || in_set(t, TS_H)) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  if (t == PT_F32 || in_set(t, TS_H | TS_BH)) {
    take_flag(d, in, "NaN", IF_NAN);
    if (take(d, "xorsign")) {
      in->flags |= IF_XORSIGN;
      if (!take(d, "abs")) {
        return missing(d, ".abs after .xorsign");
      }
      in->flags |= IF_ABS;
    }
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  return true;
}

static bool dec_sad(dec *d, st_inst *in, ptx_shape *sh) {
  return dec_same_type(d, in, sh, TS_INT, 3);
}

static bool dec_fma(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_F | TS_H | TS_BH, &t)) {
    return false;
  }
  in->rnd = (t == PT_F32 || t == PT_F64) ? take_frnd(d) : take_rn(d);
  if (in->rnd == RND_NONE) {
    return missing(d, "rounding modifier");
  }
  if (t == PT_F32 || in_set(t, TS_H)) {
    take_flag(d, in, "ftz", IF_FTZ);
    take_flag(d, in, "sat", IF_SAT);
  }
  if (in_set(t, TS_H | TS_BH) && !(in->flags & IF_SAT)) {
    take_flag(d, in, "relu", IF_RELU);
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 3);
  return true;
}

/* rcp and sqrt: .approx or a rounding mode; rcp.approx.f64 needs .ftz. */
static bool dec_rcp_sqrt(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_F, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  bool approx_ok = t == PT_F32 || in->op == OP_RCP;
  if (approx_ok) {
    take_flag(d, in, "approx", IF_APPROX);
  }
  if (!(in->flags & IF_APPROX)) {
    in->rnd = take_frnd(d);
    if (in->rnd == RND_NONE) {
      return missing(d, approx_ok ? ".approx or a rounding modifier" : "rounding modifier");
    }
  }
  if (t == PT_F32 || (in->flags & IF_APPROX)) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  if (t == PT_F64 && (in->flags & IF_APPROX) && !(in->flags & IF_FTZ)) {
    return missing(d, ".ftz");
  }
  dsrc(sh, t, 1);
  return true;
}

/* .approx functions: rsqrt, ex2, lg2, sin, cos, tanh. */
static bool dec_approx(dec *d, st_inst *in, ptx_shape *sh) {
  uint32_t types = TB(PT_F32);
  if (in->op == OP_RSQRT) {
    types |= TB(PT_F64);
  } else if (in->op == OP_EX2 || in->op == OP_TANH) {
    types |= TS_H | TS_BH;
  }
  st_ptype t;
  if (!need_type(d, types, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  if (!take(d, "approx")) {
    return missing(d, ".approx");
  }
  in->flags |= IF_APPROX;
  bool ftz_ok = (t == PT_F32 && in->op != OP_TANH) || (in->op == OP_RSQRT && t == PT_F64) ||
                (in->op == OP_EX2 && in_set(t, TS_BH));
  if (ftz_ok) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  if (in->op == OP_EX2 && in_set(t, TS_BH) && !(in->flags & IF_FTZ)) {
    return missing(d, ".ftz");
  }
  dsrc(sh, t, 1);
  return true;
}

static bool dec_copysign(dec *d, st_inst *in, ptx_shape *sh) {
  return dec_same_type(d, in, sh, TS_F, 2);
}

static bool dec_testp(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const ops[] = {"finite", "infinite", "number", "notanumber", "normal",
                                    "subnormal"};
  int k = TAKE_ONE(d, ops);
  st_ptype t;
  if (!need_type(d, TS_F, &t)) {
    return false;
  }
  if (k < 0) {
    return missing(d, "test (.finite, .infinite, .number, .notanumber, .normal, .subnormal)");
  }
  in->subop = (uint8_t)k;
  in->type = (uint8_t)t;
  dst(sh, PT_PRED);
  src(sh, t);
  return true;
}

static bool dec_dp(dec *d, st_inst *in, ptx_shape *sh) {
  if (in->op == OP_DP2A) {
    static const char *const modes[] = {NULL, "lo", "hi"};
    int k = TAKE_ONE(d, modes);
    if (k < 0) {
      return missing(d, ".lo or .hi");
    }
    in->mode = (uint8_t)k;
  }
  st_ptype a, b;
  if (!need_type(d, TB(PT_U32) | TB(PT_S32), &a) || !need_type(d, TB(PT_U32) | TB(PT_S32), &b)) {
    return false;
  }
  in->type = (uint8_t)a;
  in->type2 = (uint8_t)b;
  st_ptype acc = (a == PT_S32 || b == PT_S32) ? PT_S32 : PT_U32;
  dst(sh, acc);
  src(sh, a);
  src(sh, b);
  src(sh, acc);
  return true;
}

/* ---- bit manipulation ----------------------------------------------------------- */

static bool dec_bitcount(dec *d, st_inst *in, ptx_shape *sh) { /* popc clz brev bfind */
  uint32_t types = in->op == OP_BFIND ? TS_32_64 : TB(PT_B32) | TB(PT_B64);
  st_ptype t;
  if (!need_type(d, types, &t)) {
    return false;
  }
  if (in->op == OP_BFIND) {
    take_flag(d, in, "shiftamt", IF_SHIFTAMT);
  }
  in->type = (uint8_t)t;
  dst(sh, in->op == OP_BREV ? t : PT_U32);
  src(sh, t);
  return true;
}

static bool dec_fns(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TB(PT_B32), &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dst(sh, PT_B32);
  src(sh, PT_B32);
  src(sh, PT_U32);
  src(sh, PT_S32);
  return true;
}

static bool dec_bfe(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_32_64, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 1);
  src(sh, PT_U32);
  src(sh, PT_U32);
  return true;
}

static bool dec_bfi(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TB(PT_B32) | TB(PT_B64), &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  src(sh, PT_U32);
  src(sh, PT_U32);
  return true;
}

/* .wrap and .clamp of bmsk/szext, stored as st_shf_mode's SHF_L_WRAP/SHF_L_CLAMP. */
static const char *const bound_modes[] = {"wrap", "clamp"};

static bool dec_bmsk_szext(dec *d, st_inst *in, ptx_shape *sh) {
  int k = TAKE_ONE(d, bound_modes);
  st_ptype t;
  uint32_t types = in->op == OP_BMSK ? TB(PT_B32) : TB(PT_U32) | TB(PT_S32);
  if (!need_type(d, types, &t)) {
    return false;
  }
  if (k < 0) {
    return missing(d, ".clamp or .wrap");
  }
  in->mode = (uint8_t)(k == 0 ? SHF_L_WRAP : SHF_L_CLAMP);
  in->type = (uint8_t)t;
  if (in->op == OP_BMSK) {
    dst(sh, PT_B32);
    src(sh, PT_U32);
  } else {
    dsrc(sh, t, 1);
  }
  src(sh, PT_U32);
  return true;
}

static bool dec_prmt(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const modes[] = {NULL, "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
  st_ptype t;
  if (!need_type(d, TB(PT_B32), &t)) {
    return false;
  }
  int k = TAKE_ONE(d, modes);
  in->mode = (uint8_t)(k < 0 ? PRMT_DEFAULT : k);
  in->type = (uint8_t)t;
  dsrc(sh, t, 3);
  return true;
}

static bool dec_shf(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const dirs[] = {"l", "r"};
  static const char *const modes[] = {"wrap", "clamp"};
  int dir = TAKE_ONE(d, dirs);
  int mode = TAKE_ONE(d, modes);
  st_ptype t;
  if (!need_type(d, TB(PT_B32), &t)) {
    return false;
  }
  if (dir < 0) {
    return missing(d, ".l or .r");
  }
  if (mode < 0) {
    return missing(d, ".wrap or .clamp");
  }
  in->mode = (uint8_t)(dir == 0 ? (mode == 0 ? SHF_L_WRAP : SHF_L_CLAMP)
                                 : (mode == 0 ? SHF_R_WRAP : SHF_R_CLAMP));
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  src(sh, PT_U32);
  return true;
}

static bool dec_shift(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, in->op == OP_SHL ? TS_BIT : TS_BIT | TS_INT, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 1);
  src(sh, PT_U32);
  return true;
}

static bool dec_logic(dec *d, st_inst *in, ptx_shape *sh) { /* and or xor not cnot */
  st_ptype t;
  uint32_t types = in->op == OP_CNOT ? TS_BIT : TS_BIT | TB(PT_PRED);
  if (!need_type(d, types, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, (in->op == OP_NOT || in->op == OP_CNOT) ? 1 : 2);
  return true;
}

static bool dec_lop3(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TB(PT_B32), &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 3);
  slot(sh, R_IMM, PT_B32, 0);
  return true;
}

/* ---- comparison and selection ---------------------------------------------------- */

/* Comparison names in st_cmp order. */
static const char *const cmp_names[CMP_COUNT] = {
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
    "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};

/* Takes the comparison allowed for operands of type t (bit types: eq ne;
 * signed: eq..ge; unsigned: also lo ls hi hs; floats: also the u forms). */
static bool take_cmp(dec *d, st_inst *in, st_ptype t) {
  int count;
  if (in_set(t, TS_BIT)) {
    count = 2;
  } else if (in_set(t, TS_SINT)) {
    count = 6;
  } else if (in_set(t, TS_UINT)) {
    count = 10;
  } else {
    count = CMP_COUNT;
  }
  const char *names[CMP_COUNT];
  for (int i = 0; i < CMP_COUNT; i++) {
    bool unsigned_only = i >= CMP_LO && i <= CMP_HS;
    names[i] = i < count && !(is_float(t) && unsigned_only) ? cmp_names[i] : NULL;
  }
  int k = take_one(d, names, CMP_COUNT);
  if (k < 0) {
    /* A comparison this type does not have (setp.lo.s32) is named as such. */
    for (unsigned i = 0; i < d->n; i++) {
      for (int c = 0; c < CMP_COUNT && !d->used[i]; c++) {
        if (part_is(d, i, cmp_names[c])) {
          return unsupported_part(d, i);
        }
      }
    }
    return missing(d, "comparison");
  }
  in->cmp = (uint8_t)k;
  static const char *const bools[] = {NULL, "and", "or", "xor"};
  int b = TAKE_ONE(d, bools);
  in->subop = (uint8_t)(b < 0 ? BOOL_NONE : b);
  if (t == PT_F32 || in_set(t, TS_H)) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  return true;
}

#define TS_CMP (TS_BIT | TS_INT | TS_F | TS_H | TS_BH)

static bool dec_setp(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_CMP, &t) || !take_cmp(d, in, t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dst(sh, PT_PRED);
  slot(sh, R_PDST2, PT_PRED, 0);
  src(sh, t);
  src(sh, t);
  if (in->subop != BOOL_NONE) {
    src(sh, PT_PRED);
  }
  return true;
}

static bool dec_set(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype dt, st;
  if (!need_type(d, TB(PT_U32) | TB(PT_S32) | TB(PT_F32), &dt) || !need_type(d, TS_CMP, &st) ||
      !take_cmp(d, in, st)) {
    return false;
  }
  in->type = (uint8_t)dt;
  in->type2 = (uint8_t)st;
  dst(sh, dt);
  src(sh, st);
  src(sh, st);
  if (in->subop != BOOL_NONE) {
    src(sh, PT_PRED);
  }
  return true;
}

static bool dec_selp(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TS_BIT | TS_INT | TS_F, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  dsrc(sh, t, 2);
  src(sh, PT_PRED);
  return true;
}

static bool dec_slct(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t, c;
  if (!need_type(d, TS_BIT | TS_INT | TS_F, &t) ||
      !need_type(d, TB(PT_S32) | TB(PT_F32), &c)) {
    return false;
  }
  if (c == PT_F32) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  in->type = (uint8_t)t;
  in->type2 = (uint8_t)c;
  dsrc(sh, t, 2);
  src(sh, c);
  return true;
}

/* ---- data movement ---------------------------------------------------------------- */

static bool dec_mov(dec *d, st_inst *in, ptx_shape *sh) {
  st_ptype t;
  if (!need_type(d, TB(PT_PRED) | TS_BIT | TB(PT_B128) | TS_INT | TS_F, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  if (t == PT_PRED) {
    dsrc(sh, t, 1);
  } else {
    slot(sh, R_DST, t, SLOT_VEC | SLOT_VSINK);
    slot(sh, R_SRC, t, SLOT_VEC | SLOT_SREG | SLOT_SYM);
  }
  return true;
}

#define TS_CVT                                                                              \
  (TB(PT_U8) | TB(PT_U16) | TB(PT_U32) | TB(PT_U64) | TB(PT_S8) | TB(PT_S16) | TB(PT_S32) |   \
   TB(PT_S64) | TB(PT_F16) | TB(PT_BF16) | TB(PT_F32) | TB(PT_F64))

static bool illegal_rnd(dec *d) { return fail(d, "%s rounding modifier in", "illegal"); }

static bool dec_cvt(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const rnd_names[] = {NULL,  "rn",  "rz",  "rm",  "rp",
                                          NULL,  "rni", "rzi", "rmi", "rpi"};
  int k = TAKE_ONE(d, rnd_names);
  in->rnd = (uint8_t)(k < 0 ? RND_NONE : k);
  st_ptype dt, at;
  if (!need_type(d, TS_CVT | TB(PT_F16X2) | TB(PT_BF16X2), &dt) || !need_type(d, TS_CVT, &at)) {
    return false;
  }
  in->type = (uint8_t)dt;
  in->type2 = (uint8_t)at;
  bool frnd = in->rnd >= RND_RN && in->rnd <= RND_RP;
  bool irnd = in->rnd >= RND_RNI;
  if (dt == PT_F16X2 || dt == PT_BF16X2) {
    /* cvt.rn.f16x2.f32 d, a, b: two f32 values packed. */
    if (at != PT_F32) {
      return bad_type(d, at);
    }
    if (!frnd) {
      return in->rnd == RND_NONE ? missing(d, "rounding modifier") : illegal_rnd(d);
    }
    take_flag(d, in, "relu", IF_RELU);
    dst(sh, PT_B32);
    src(sh, PT_F32);
    src(sh, PT_F32);
    return true;
  }
  bool df = is_float(dt), af = is_float(at);
  bool ok;
  bool required;
  if (!df && !af) {
    ok = in->rnd == RND_NONE;
    required = false;
  } else if (!df) {
    ok = irnd;
    required = true;
  } else if (!af) {
    ok = frnd;
    required = true;
  } else if (dt == at) {
    ok = in->rnd == RND_NONE || irnd;
    required = false;
  } else if (st_ptype_size(dt) <= st_ptype_size(at)) {
    ok = frnd;
    required = true;
  } else {
    ok = in->rnd == RND_NONE;
    required = false;
  }
  if (!ok) {
    return required && in->rnd == RND_NONE ? missing(d, "rounding modifier") : illegal_rnd(d);
  }
  if (dt == PT_F32 || at == PT_F32) {
    take_flag(d, in, "ftz", IF_FTZ);
  }
  take_flag(d, in, "sat", IF_SAT);
  if ((dt == PT_F16 || dt == PT_BF16) && at == PT_F32) {
    take_flag(d, in, "relu", IF_RELU);
  }
  slot(sh, R_DST, dt, SLOT_WIDE);
  slot(sh, R_SRC, at, SLOT_WIDE | SLOT_SREG);
  return true;
}

/* State spaces by name; "shared::cta" and "param::entry"/"param::func" too. */
static const char *const space_names[] = {NULL,     NULL,          "global",       "shared",
                                          "local",  "const",       "param",        "shared::cta",
                                          "param::entry", "param::func"};

static st_space space_of_index(int k) {
  switch (k) {
  case 7: return SP_SHARED;
  case 8:
  case 9: return SP_PARAM;
  default: return k < 0 ? SP_NONE : (st_space)k;
  }
}

static bool dec_cvta(dec *d, st_inst *in, ptx_shape *sh) {
  in->mode = take(d, "to") ? CVTA_TO_SPACE : CVTA_TO_GENERIC;
  int k = TAKE_ONE(d, space_names);
  st_ptype t;
  if (!need_type(d, TB(PT_U32) | TB(PT_U64), &t)) {
    return false;
  }
  if (k < 0) {
    return missing(d, "state space");
  }
  in->space = (uint8_t)space_of_index(k);
  in->type = (uint8_t)t;
  dst(sh, t);
  slot(sh, R_SRC, t, SLOT_SYM);
  return true;
}

static const char *const scope_names[] = {NULL, "cta", NULL, "gpu", "sys"}; /* st_scope */

static bool take_scope(dec *d, st_inst *in) {
  int k = TAKE_ONE(d, scope_names);
  in->scope = (uint8_t)(k < 0 ? SCOPE_NONE : k);
  return k >= 0;
}

/* Cache operators and eviction hints: accepted; a load's .cg and .cv are
 * recorded (IF_CG, IF_CV: the timing model serves them from the L2, not the
 * L1), the rest are not. .L2::cache_hint adds a cache-policy operand. */
static bool take_cache_hints(dec *d, st_inst *in, bool is_store) {
  static const char *const load_ops[] = {"ca", "cg", "cs", "lu", "cv"};
  static const char *const store_ops[] = {"wb", "cg", "cs", "wt"};
  static const char *const evict[] = {"L1::evict_normal", "L1::evict_unchanged",
                                      "L1::evict_first", "L1::evict_last", "L1::no_allocate"};
  static const char *const prefetch_size[] = {"L2::64B", "L2::128B", "L2::256B"};
  if (is_store) {
    TAKE_ONE(d, store_ops);
  } else {
    int op = TAKE_ONE(d, load_ops);
    in->flags |= op == 1 ? IF_CG : op == 4 ? IF_CV : 0u;
    TAKE_ONE(d, prefetch_size);
  }
  TAKE_ONE(d, evict);
  return take(d, "L2::cache_hint");
}

/* ld, ldu, st. */
static bool dec_ldst(dec *d, st_inst *in, ptx_shape *sh) {
  bool is_st = in->op == OP_ST;
  int k = TAKE_ONE(d, space_names);
  in->space = (uint8_t)space_of_index(k);
  if (in->op == OP_LDU && in->space != SP_NONE && in->space != SP_GLOBAL) {
    return fail(d, "%s state space in", "unsupported");
  }
  if (is_st && in->space == SP_CONST) {
    return fail(d, "%s .const in", "store to");
  }
  if (in->op != OP_LDU) {
    static const char *const orders[] = {"weak", "relaxed", "acquire", "release", "volatile",
                                         "mmio"};
    int o = TAKE_ONE(d, orders);
    if (o == 2 && is_st) {
      return fail(d, "%s .acquire in", "unsupported");
    }
    if (o == 3 && !is_st) {
      return fail(d, "%s .release in", "unsupported");
    }
    switch (o) {
    case 0: in->order = ORDER_WEAK; break;
    case 1: in->order = ORDER_RELAXED; break;
    case 2: in->order = ORDER_ACQUIRE; break;
    case 3: in->order = ORDER_RELEASE; break;
    case 4:
      in->order = ORDER_VOLATILE;
      in->flags |= IF_VOLATILE;
      break;
    case 5:
      if (!take(d, "relaxed") || !take(d, "sys")) {
        return missing(d, ".relaxed.sys after .mmio");
      }
      in->order = ORDER_MMIO;
      in->scope = SCOPE_SYS;
      break;
    default: break;
    }
    if (in->order == ORDER_RELAXED || in->order == ORDER_ACQUIRE ||
        in->order == ORDER_RELEASE) {
      if (!take_scope(d, in)) {
        return missing(d, "scope (.cta, .gpu or .sys)");
      }
    }
    if (!is_st && in->space == SP_GLOBAL &&
        (in->order == ORDER_NONE || in->order == ORDER_WEAK)) {
      take_flag(d, in, "nc", IF_NC);
    }
  }
  static const char *const vecs[] = {"v2", "v4"};
  int v = TAKE_ONE(d, vecs);
  in->vec = (uint8_t)(v < 0 ? 1 : v == 0 ? 2 : 4);
  bool hint = take_cache_hints(d, in, is_st);
  st_ptype t;
  if (!need_type(d, TS_MEM, &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  uint16_t data_flags = SLOT_WIDE | (in->vec > 1 ? SLOT_VEC : 0);
  if (is_st) {
    slot(sh, R_ADDR, PT_NONE, 0);
    slot(sh, R_SRC, t, data_flags);
  } else {
    slot(sh, R_DST, t, data_flags | SLOT_VSINK);
    slot(sh, R_ADDR, PT_NONE, 0);
  }
  if (hint) {
    slot(sh, R_SRC, PT_B64, SLOT_DROP);
  }
  return true;
}

static bool dec_prefetch(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const spaces[] = {"global", "local"};
  static const char *const levels[] = {"L1", "L2", "L2::evict_last", "L2::evict_normal"};
  int s = TAKE_ONE(d, spaces);
  in->space = (uint8_t)(s < 0 ? SP_NONE : s == 0 ? SP_GLOBAL : SP_LOCAL);
  int level = TAKE_ONE(d, levels); /* st_prefetch_level */
  if (level < 0) {
    return missing(d, "level (.L1 or .L2)");
  }
  in->mode = (uint8_t)level;
  slot(sh, R_ADDR, PT_NONE, 0);
  return true;
}

static bool dec_isspacep(dec *d, st_inst *in, ptx_shape *sh) {
  int k = TAKE_ONE(d, space_names);
  if (k < 0) {
    return missing(d, "state space");
  }
  in->space = (uint8_t)space_of_index(k);
  dst(sh, PT_PRED);
  slot(sh, R_SRC, PT_NONE, 0);
  return true;
}

/* ---- atomics ------------------------------------------------------------------------ */

static bool dec_atom(dec *d, st_inst *in, ptx_shape *sh) {
  bool is_red = in->op == OP_RED;
  static const char *const ops[] = {"add", "min", "max", "inc", "dec", "cas", "exch",
                                    "and", "or",  "xor"}; /* st_atom_op */
  static const char *const spaces[] = {"global", "shared", "shared::cta"};
  static const char *const orders[] = {"relaxed", "acquire", "release", "acq_rel"};
  int s = TAKE_ONE(d, spaces);
  in->space = (uint8_t)(s < 0 ? SP_NONE : s == 0 ? SP_GLOBAL : SP_SHARED);
  int o = TAKE_ONE(d, orders);
  if (is_red && (o == 1 || o == 3)) {
    return fail(d, "%s memory order in", "unsupported");
  }
  static const uint8_t order_of[] = {ORDER_RELAXED, ORDER_ACQUIRE, ORDER_RELEASE, ORDER_ACQ_REL};
  in->order = (uint8_t)(o < 0 ? ORDER_NONE : order_of[o]);
  take_scope(d, in);
  int op = TAKE_ONE(d, ops);
  st_ptype t = take_type(d);
  if (op < 0 || (is_red && (op == ATOM_CAS || op == ATOM_EXCH))) {
    return missing(d, "operation");
  }
  if (t == PT_NONE) {
    return missing(d, "type");
  }
  uint32_t types;
  switch (op) {
  case ATOM_ADD:
    types = TB(PT_U32) | TB(PT_S32) | TB(PT_U64) | TS_F | TS_H | TS_BH;
    break;
  case ATOM_MIN:
  case ATOM_MAX:
    types = TS_32_64;
    break;
  case ATOM_INC:
  case ATOM_DEC:
    types = TB(PT_U32);
    break;
  case ATOM_CAS:
    types = TS_BIT;
    break;
  default:
    types = TB(PT_B32) | TB(PT_B64);
    break;
  }
  if (!in_set(t, types)) {
    return bad_type(d, t);
  }
  if (op == ATOM_ADD && in_set(t, TS_H | TS_BH) && !take(d, "noftz")) {
    return missing(d, ".noftz");
  }
  bool hint = take(d, "L2::cache_hint");
  in->subop = (uint8_t)op;
  in->type = (uint8_t)t;
  if (!is_red) {
    dst(sh, t);
  }
  slot(sh, R_ADDR, PT_NONE, 0);
  src(sh, t);
  if (op == ATOM_CAS) {
    src(sh, t);
  }
  if (hint) {
    slot(sh, R_SRC, PT_B64, SLOT_DROP);
  }
  return true;
}

/* ---- synchronisation and warp-level ------------------------------------------------- */

static bool dec_bar(dec *d, st_inst *in, ptx_shape *sh) {
  if (!d->is_barrier && take(d, "warp")) {
    if (!take(d, "sync")) {
      return missing(d, ".sync");
    }
    in->op = OP_BAR_WARP;
    in->flags |= IF_SYNC;
    src(sh, PT_B32);
    return true;
  }
  take(d, "cta");
  static const char *const actions[] = {"sync", "arrive", "red"};
  int a = TAKE_ONE(d, actions);
  if (a < 0) {
    return missing(d, ".sync, .arrive or .red");
  }
  /* bar.sync and friends are barrier.sync.aligned by definition. */
  if (!d->is_barrier || take(d, "aligned")) {
    in->flags |= IF_ALIGNED;
  }
  if (a == 0 || a == 1) {
    in->subop = a == 0 ? BAR_SYNC : BAR_ARRIVE;
    src(sh, PT_U32);
    slot(sh, R_SRC, PT_U32, a == 0 ? SLOT_OPT : 0);
    return true;
  }
  static const char *const reds[] = {"popc", "and", "or"};
  int r = TAKE_ONE(d, reds);
  if (r < 0) {
    return missing(d, ".popc, .and or .or");
  }
  st_ptype t;
  if (!need_type(d, r == 0 ? TB(PT_U32) : TB(PT_PRED), &t)) {
    return false;
  }
  in->subop = (uint8_t)(r == 0 ? BAR_RED_POPC : r == 1 ? BAR_RED_AND : BAR_RED_OR);
  in->type = (uint8_t)t;
  dst(sh, t);
  src(sh, PT_U32);
  slot(sh, R_SRC, PT_U32, SLOT_MIDOPT);
  src(sh, PT_PRED);
  return true;
}

/* fence.proxy.* and membar.proxy: proxy fences are not modelled. */
static bool reject_proxy(dec *d) {
  for (unsigned i = 0; i < d->n; i++) {
    if (d->len[i] >= 5 && memcmp(d->part[i], "proxy", 5) == 0) {
      return ptx_error_text(d->p, d->w->line, d->w->col, "unsupported instruction", d->w->text,
                            d->w->len);
    }
  }
  return true;
}

static bool dec_membar(dec *d, st_inst *in, ptx_shape *sh) {
  (void)sh;
  if (!reject_proxy(d)) {
    return false;
  }
  static const char *const levels[] = {"cta", "gl", "sys"};
  int k = TAKE_ONE(d, levels);
  if (k < 0) {
    return missing(d, "level (.cta, .gl or .sys)");
  }
  in->scope = (uint8_t)(k == 0 ? SCOPE_CTA : k == 1 ? SCOPE_GPU : SCOPE_SYS);
  return true;
}

static bool dec_fence(dec *d, st_inst *in, ptx_shape *sh) {
  (void)sh;
  if (!reject_proxy(d)) {
    return false;
  }
  static const char *const sems[] = {"sc", "acq_rel"};
  int k = TAKE_ONE(d, sems);
  in->order = (uint8_t)(k == 0 ? ORDER_SC : ORDER_ACQ_REL);
  if (!take_scope(d, in)) {
    return missing(d, "scope (.cta, .gpu or .sys)");
  }
  return true;
}

static bool need_sync(dec *d, st_inst *in) {
  if (!take(d, "sync")) {
    return missing(d, ".sync (the non-.sync form is not supported on sm_70 and later)");
  }
  in->flags |= IF_SYNC;
  return true;
}

static bool dec_shfl(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const modes[] = {"up", "down", "bfly", "idx"}; /* st_shfl_mode */
  if (!need_sync(d, in)) {
    return false;
  }
  int k = TAKE_ONE(d, modes);
  if (k < 0) {
    return missing(d, ".up, .down, .bfly or .idx");
  }
  st_ptype t;
  if (!need_type(d, TB(PT_B32), &t)) {
    return false;
  }
  in->subop = (uint8_t)k;
  in->type = (uint8_t)t;
  dst(sh, PT_B32);
  slot(sh, R_PDST2, PT_PRED, 0);
  src(sh, PT_B32);
  src(sh, PT_U32);
  src(sh, PT_U32);
  src(sh, PT_B32);
  return true;
}

static bool dec_vote(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const modes[] = {"all", "any", "uni", "ballot"}; /* st_vote_mode */
  if (!need_sync(d, in)) {
    return false;
  }
  int k = TAKE_ONE(d, modes);
  if (k < 0) {
    return missing(d, ".all, .any, .uni or .ballot");
  }
  st_ptype t;
  if (!need_type(d, k == VOTE_BALLOT ? TB(PT_B32) : TB(PT_PRED), &t)) {
    return false;
  }
  in->subop = (uint8_t)k;
  in->type = (uint8_t)t;
  dst(sh, t);
  src(sh, PT_PRED);
  src(sh, PT_B32);
  return true;
}

static bool dec_match(dec *d, st_inst *in, ptx_shape *sh) {
  static const char *const modes[] = {"any", "all"}; /* st_match_mode */
  int k = TAKE_ONE(d, modes);
  if (k < 0) {
    return missing(d, ".any or .all");
  }
  if (!need_sync(d, in)) {
    return false;
  }
  st_ptype t;
  if (!need_type(d, TB(PT_B32) | TB(PT_B64), &t)) {
    return false;
  }
  in->subop = (uint8_t)k;
  in->type = (uint8_t)t;
  dst(sh, PT_B32);
  if (k == MATCH_ALL) {
    slot(sh, R_PDST2, PT_PRED, 0);
  }
  src(sh, t);
  src(sh, PT_B32);
  return true;
}

static bool dec_one_type(dec *d, st_inst *in, ptx_shape *sh, st_ptype want, ptx_role role) {
  st_ptype t;
  if (!need_type(d, TB(want), &t)) {
    return false;
  }
  in->type = (uint8_t)t;
  slot(sh, role, t, 0);
  return true;
}

static bool dec_activemask(dec *d, st_inst *in, ptx_shape *sh) {
  return dec_one_type(d, in, sh, PT_B32, R_DST);
}

static bool dec_nanosleep(dec *d, st_inst *in, ptx_shape *sh) {
  return dec_one_type(d, in, sh, PT_U32, R_SRC);
}

/* ---- control flow --------------------------------------------------------------------- */

static bool dec_bra(dec *d, st_inst *in, ptx_shape *sh) {
  take_flag(d, in, "uni", IF_UNI);
  slot(sh, R_LABEL, PT_NONE, 0);
  return true;
}

/* brx.idx{.uni} index, table: the index is .u32; the table operand becomes
 * OPND_VEC when the function ends (parse_named.c). */
static bool dec_brx(dec *d, st_inst *in, ptx_shape *sh) {
  if (!take(d, "idx")) {
    return missing(d, ".idx");
  }
  take_flag(d, in, "uni", IF_UNI);
  slot(sh, R_SRC, PT_U32, 0);
  slot(sh, R_LABEL, PT_NONE, 0);
  return true;
}

static bool dec_call_ret(dec *d, st_inst *in, ptx_shape *sh) {
  (void)sh; /* call operands are parsed by parse_inst.c */
  take_flag(d, in, "uni", IF_UNI);
  return true;
}

static bool dec_plain(dec *d, st_inst *in, ptx_shape *sh) {
  (void)d;
  (void)in;
  (void)sh;
  return true;
}

/* ---- the table ------------------------------------------------------------------------- */

typedef bool (*decode_fn)(dec *d, st_inst *in, ptx_shape *sh);

static const struct mnemonic {
  const char *name;
  st_op op;
  decode_fn decode;
} mnemonics[] = {
    {"add", OP_ADD, dec_addsub},         {"sub", OP_SUB, dec_addsub},
    {"addc", OP_ADDC, dec_addsubc},      {"subc", OP_SUBC, dec_addsubc},
    {"mul", OP_MUL, dec_mul},            {"mad", OP_MAD, dec_mad},
    {"madc", OP_MADC, dec_madc},         {"mul24", OP_MUL24, dec_mul24_2},
    {"mad24", OP_MAD24, dec_mad24},      {"div", OP_DIV, dec_div},
    {"rem", OP_REM, dec_rem},            {"abs", OP_ABS, dec_absneg},
    {"neg", OP_NEG, dec_absneg},         {"min", OP_MIN, dec_minmax},
    {"max", OP_MAX, dec_minmax},         {"sad", OP_SAD, dec_sad},
    {"fma", OP_FMA, dec_fma},            {"rcp", OP_RCP, dec_rcp_sqrt},
    {"sqrt", OP_SQRT, dec_rcp_sqrt},     {"rsqrt", OP_RSQRT, dec_approx},
    {"ex2", OP_EX2, dec_approx},         {"lg2", OP_LG2, dec_approx},
    {"sin", OP_SIN, dec_approx},         {"cos", OP_COS, dec_approx},
    {"tanh", OP_TANH, dec_approx},       {"copysign", OP_COPYSIGN, dec_copysign},
    {"testp", OP_TESTP, dec_testp},      {"dp4a", OP_DP4A, dec_dp},
    {"dp2a", OP_DP2A, dec_dp},           {"popc", OP_POPC, dec_bitcount},
    {"clz", OP_CLZ, dec_bitcount},       {"brev", OP_BREV, dec_bitcount},
    {"bfind", OP_BFIND, dec_bitcount},   {"fns", OP_FNS, dec_fns},
    {"bfe", OP_BFE, dec_bfe},            {"bfi", OP_BFI, dec_bfi},
    {"bmsk", OP_BMSK, dec_bmsk_szext},   {"szext", OP_SZEXT, dec_bmsk_szext},
    {"prmt", OP_PRMT, dec_prmt},         {"shf", OP_SHF, dec_shf},
    {"shl", OP_SHL, dec_shift},          {"shr", OP_SHR, dec_shift},
    {"and", OP_AND, dec_logic},          {"or", OP_OR, dec_logic},
    {"xor", OP_XOR, dec_logic},          {"not", OP_NOT, dec_logic},
    {"cnot", OP_CNOT, dec_logic},        {"lop3", OP_LOP3, dec_lop3},
    {"setp", OP_SETP, dec_setp},         {"set", OP_SET, dec_set},
    {"selp", OP_SELP, dec_selp},         {"slct", OP_SLCT, dec_slct},
    {"mov", OP_MOV, dec_mov},            {"cvt", OP_CVT, dec_cvt},
    {"cvta", OP_CVTA, dec_cvta},         {"ld", OP_LD, dec_ldst},
    {"ldu", OP_LDU, dec_ldst},           {"st", OP_ST, dec_ldst},
    {"prefetch", OP_PREFETCH, dec_prefetch}, {"isspacep", OP_ISSPACEP, dec_isspacep},
    {"atom", OP_ATOM, dec_atom},         {"red", OP_RED, dec_atom},
    {"bar", OP_BAR, dec_bar},            {"barrier", OP_BAR, dec_bar},
    {"membar", OP_MEMBAR, dec_membar},   {"fence", OP_FENCE, dec_fence},
    {"shfl", OP_SHFL, dec_shfl},         {"vote", OP_VOTE, dec_vote},
    {"match", OP_MATCH, dec_match},      {"activemask", OP_ACTIVEMASK, dec_activemask},
    {"nanosleep", OP_NANOSLEEP, dec_nanosleep}, {"bra", OP_BRA, dec_bra},
    {"brx", OP_BRX, dec_brx},            {"call", OP_CALL, dec_call_ret},
    {"ret", OP_RET, dec_call_ret},       {"exit", OP_EXIT, dec_plain},
    {"trap", OP_TRAP, dec_plain},        {"brkpt", OP_BRKPT, dec_plain},
};

bool ptx_decode_opcode(ptx_parser *p, const ptx_token *w, st_inst *in, ptx_shape *shape) {
  dec d;
  memset(&d, 0, sizeof d);
  d.p = p;
  d.w = w;
  memset(shape, 0, sizeof *shape);
  /* Split at dots: the mnemonic, then the modifiers ("L2::cache_hint" is one). */
  const char *s = w->text, *end = w->text + w->len;
  const char *dot = memchr(s, '.', w->len);
  size_t mlen = dot ? (size_t)(dot - s) : w->len;
  while (dot != NULL) {
    const char *start = dot + 1;
    dot = memchr(start, '.', (size_t)(end - start));
    const char *stop = dot ? dot : end;
    if (d.n == PTX_MAX_PARTS || stop == start) {
      return ptx_error_text(p, w->line, w->col, "unsupported instruction", w->text, w->len);
    }
    d.part[d.n] = start;
    d.len[d.n] = (size_t)(stop - start);
    d.n++;
  }
  const struct mnemonic *mn = NULL;
  for (size_t i = 0; i < sizeof mnemonics / sizeof *mnemonics; i++) {
    if (mnemonics[i].name[0] == s[0] && strlen(mnemonics[i].name) == mlen &&
        memcmp(mnemonics[i].name, s, mlen) == 0) {
      mn = &mnemonics[i];
      break;
    }
  }
  if (mn == NULL) {
    return ptx_error_text(p, w->line, w->col, "unsupported instruction", w->text, w->len);
  }
  d.is_barrier = strcmp(mn->name, "barrier") == 0;
  in->op = (uint16_t)mn->op;
  in->vec = 1;
  return mn->decode(&d, in, shape) && finish(&d);
}
