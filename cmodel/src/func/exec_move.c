/* mov (registers, immediates, special registers, symbol addresses, vector
 * packing and unpacking) and cvt. */
#include "func/exec_internal.h"
#include "func/fparith.h"

/* mov.bN d, {a, b, ...}: packs the elements, lowest first; mov.bN {a, b, ...}, s
 * unpacks. The element width is the type width divided by the count. */
static void exec_mov_vector(st_ectx *c, bool pack) {
  const st_inst *in = c->in;
  const st_module *m = c->env->k->mod;
  const st_operand *v = &in->opnd[pack ? 1 : 0];
  unsigned n = v->comp ? v->comp : 1;
  unsigned total = st_ptype_size((st_ptype)in->type) * 8;
  unsigned ebits = total / n;
  uint64_t emask = ebits >= 64 ? UINT64_MAX : (UINT64_C(1) << ebits) - 1;
  if (pack) {
    uint64_t *d = st_dst(c, 0);
    const uint64_t *rows[4] = {NULL, NULL, NULL, NULL};
    uint64_t imm[4] = {0, 0, 0, 0};
    for (unsigned e = 0; e < n && e < 4; e++) {
      const st_vec_elem *x = &m->vec_elems[v->vec_base + e];
      if (x->kind == OPND_REG) {
        rows[e] = st_warp_reg(c->w, x->reg);
      } else {
        imm[e] = (uint64_t)x->imm;
      }
    }
    ST_LANES(l, c->mask) {
      uint64_t r = 0;
      for (unsigned e = 0; e < n && e < 4; e++) {
        uint64_t x = rows[e] ? rows[e][l] : imm[e];
        r |= (x & emask) << (e * ebits);
      }
      d[l] = r;
    }
    return;
  }
  const uint64_t *s = st_src(c, 1);
  uint64_t src[ST_WARP_SIZE];
  memcpy(src, s, sizeof src);
  for (unsigned e = 0; e < n && e < 4; e++) {
    const st_vec_elem *x = &m->vec_elems[v->vec_base + e];
    if (x->kind != OPND_REG) {
      continue;
    }
    uint64_t *d = st_warp_reg(c->w, x->reg);
    ST_LANES(l, c->mask) { d[l] = (src[l] >> (e * ebits)) & emask; }
  }
}

static void exec_mov(st_ectx *c) {
  const st_inst *in = c->in;
  if (in->opnd[1].kind == OPND_VEC) {
    exec_mov_vector(c, true);
    return;
  }
  if (in->opnd[0].kind == OPND_VEC) {
    exec_mov_vector(c, false);
    return;
  }
  unsigned n = in->type == PT_PRED ? 8 : st_ptype_size((st_ptype)in->type);
  const uint64_t *a = st_src(c, 1);
  uint64_t *d = st_dst(c, 0);
  if (in->type == PT_PRED) {
    ST_LANES(l, c->mask) { d[l] = a[l] != 0; }
    return;
  }
  ST_LANES(l, c->mask) { d[l] = st_trunc(a[l], n); }
}

static void exec_cvt(st_ectx *c) {
  const st_inst *in = c->in;
  st_ptype dt = (st_ptype)in->type, stype = (st_ptype)in->type2;
  const uint64_t *a = st_src(c, 1);
  uint64_t *d = st_dst(c, 0);
  st_rnd rnd = (st_rnd)in->rnd;
  unsigned mods = in->flags;
  /* Fast paths for the conversions kernels use most, where the host's IEEE
   * conversion (round to nearest, the host's mode between instructions) is
   * exactly PTX's: integer to float, and f32 to f64 without .ftz. */
  bool rn = rnd == RND_NONE || rnd == RND_RN;
  if (rn && (mods & (IF_FTZ | IF_SAT)) == 0) {
    if (dt == PT_F32 && (stype == PT_U32 || stype == PT_S32)) {
      bool sgn = stype == PT_S32;
      ST_LANES(l, c->mask) {
        float f = sgn ? (float)(int32_t)a[l] : (float)(uint32_t)a[l];
        uint32_t bits;
        memcpy(&bits, &f, 4);
        d[l] = bits;
      }
      return;
    }
    if (dt == PT_F64 && (stype == PT_U32 || stype == PT_S32)) {
      bool sgn = stype == PT_S32;
      ST_LANES(l, c->mask) {
        double f = sgn ? (double)(int32_t)a[l] : (double)(uint32_t)a[l];
        memcpy(&d[l], &f, 8);
      }
      return;
    }
  }
  if ((mods & IF_SAT) == 0 && !st_ptype_is_float(dt) && !st_ptype_is_float(stype) &&
      st_ptype_size(dt) != 0 && st_ptype_size(stype) != 0) {
    /* Integer to integer (widening an index, mostly): the source extended by
     * its signedness, then cut to the destination and extended by its own, as
     * st_cvt's integer path and the st_extend below give, without the call. */
    ST_LANES(l, c->mask) { d[l] = st_extend(st_extend(a[l], stype), dt); }
    return;
  }
  /* st_cvt zero-extends; a signed narrow result fills the register with its sign. */
  ST_LANES(l, c->mask) { d[l] = st_extend(st_cvt(dt, stype, a[l], rnd, mods), dt); }
}

void st_exec_move(st_ectx *c) {
  if (c->in->op == OP_CVT) {
    exec_cvt(c);
  } else {
    exec_mov(c);
  }
}
