/* Floating-point forms of the arithmetic, comparison and special-function
 * instructions (f32, f64, f16, bf16 and their packed pairs). The bit-exact
 * semantics live in fparith.c; this file only walks the threads. */
#include "func/exec_internal.h"
#include "func/fparith.h"

#define LOOP1(expr)                          \
  do {                                       \
    const uint64_t *a = st_src(c, 1);        \
    uint64_t *d = st_dst(c, 0);              \
    ST_LANES(l, c->mask) { d[l] = (expr); }  \
  } while (0)

#define LOOP2(expr)                          \
  do {                                       \
    const uint64_t *a = st_src(c, 1);        \
    const uint64_t *b = st_src(c, 2);        \
    uint64_t *d = st_dst(c, 0);              \
    ST_LANES(l, c->mask) { d[l] = (expr); }  \
  } while (0)

#define LOOP3(expr)                          \
  do {                                       \
    const uint64_t *a = st_src(c, 1);        \
    const uint64_t *b = st_src(c, 2);        \
    const uint64_t *cc = st_src(c, 3);       \
    uint64_t *d = st_dst(c, 0);              \
    ST_LANES(l, c->mask) { d[l] = (expr); }  \
  } while (0)

#define A32 ((uint32_t)a[l])
#define B32 ((uint32_t)b[l])
#define C32 ((uint32_t)cc[l])
#define A16 ((uint16_t)a[l])
#define B16 ((uint16_t)b[l])
#define C16 ((uint16_t)cc[l])

static void unsupported(st_ectx *c) {
  char text[160];
  st_inst_format(c->env->k->mod, c->in, text, sizeof text);
  st_fault(c, (uint32_t)__builtin_ctz(c->mask), 0, 0, "unsupported floating-point form '%s'",
           text);
}

static void setp_float(st_ectx *c) {
  const st_inst *in = c->in;
  const uint64_t *a = st_src(c, 2);
  const uint64_t *b = st_src(c, 3);
  const uint64_t *pc = in->subop != BOOL_NONE ? st_src(c, 4) : NULL;
  uint64_t *p = st_dst(c, 0);
  uint64_t *q = in->opnd[1].kind == OPND_REG ? st_dst(c, 1) : c->sink;
  bool f64 = in->type == PT_F64;
  ST_LANES(l, c->mask) {
    bool r = f64 ? st_f64_cmp(a[l], b[l], (st_cmp)in->cmp)
                 : st_f32_cmp((uint32_t)a[l], (uint32_t)b[l], (st_cmp)in->cmp, in->flags);
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

static void exec_f32(st_ectx *c) {
  const st_inst *in = c->in;
  st_rnd r = (st_rnd)in->rnd;
  unsigned m = in->flags;
  bool approx = (m & IF_APPROX) != 0;
  switch ((st_op)in->op) {
  case OP_ADD: LOOP2(st_f32_add(A32, B32, r, m)); return;
  case OP_SUB: LOOP2(st_f32_sub(A32, B32, r, m)); return;
  case OP_MUL: LOOP2(st_f32_mul(A32, B32, r, m)); return;
  case OP_MAD:
  case OP_FMA: LOOP3(st_f32_fma(A32, B32, C32, r, m)); return;
  case OP_DIV:
    if (approx) {
      LOOP2(st_f32_div_approx(A32, B32, m));
    } else if (m & IF_FULL) {
      LOOP2(st_f32_div_full(A32, B32, m));
    } else {
      LOOP2(st_f32_div(A32, B32, r, m));
    }
    return;
  case OP_RCP:
    if (approx) {
      LOOP1(st_f32_rcp_approx(A32, m));
    } else {
      LOOP1(st_f32_rcp(A32, r, m));
    }
    return;
  case OP_SQRT:
    if (approx) {
      LOOP1(st_f32_sqrt_approx(A32, m));
    } else {
      LOOP1(st_f32_sqrt(A32, r, m));
    }
    return;
  case OP_RSQRT: LOOP1(st_f32_rsqrt_approx(A32, m)); return;
  case OP_EX2: LOOP1(st_f32_ex2_approx(A32, m)); return;
  case OP_LG2: LOOP1(st_f32_lg2_approx(A32, m)); return;
  case OP_SIN: LOOP1(st_f32_sin_approx(A32, m)); return;
  case OP_COS: LOOP1(st_f32_cos_approx(A32, m)); return;
  case OP_TANH: LOOP1(st_f32_tanh_approx(A32)); return;
  case OP_ABS: LOOP1(st_f32_abs(A32, m)); return;
  case OP_NEG: LOOP1(st_f32_neg(A32, m)); return;
  case OP_MIN: LOOP2(st_f32_min(A32, B32, m)); return;
  case OP_MAX: LOOP2(st_f32_max(A32, B32, m)); return;
  case OP_COPYSIGN: LOOP2(st_f32_copysign(A32, B32)); return;
  case OP_TESTP: LOOP1(st_f32_testp(A32, (st_testp_op)in->subop)); return;
  case OP_SETP: setp_float(c); return;
  default: unsupported(c); return;
  }
}

static void exec_f64(st_ectx *c) {
  const st_inst *in = c->in;
  st_rnd r = (st_rnd)in->rnd;
  unsigned m = in->flags;
  switch ((st_op)in->op) {
  case OP_ADD: LOOP2(st_f64_add(a[l], b[l], r)); return;
  case OP_SUB: LOOP2(st_f64_sub(a[l], b[l], r)); return;
  case OP_MUL: LOOP2(st_f64_mul(a[l], b[l], r)); return;
  case OP_MAD:
  case OP_FMA: LOOP3(st_f64_fma(a[l], b[l], cc[l], r)); return;
  case OP_DIV: LOOP2(st_f64_div(a[l], b[l], r)); return;
  case OP_RCP:
    if (m & IF_APPROX) {
      LOOP1(st_f64_rcp_approx_ftz(a[l]));
    } else {
      LOOP1(st_f64_rcp(a[l], r));
    }
    return;
  case OP_SQRT: LOOP1(st_f64_sqrt(a[l], r)); return;
  case OP_RSQRT:
    if (m & IF_FTZ) {
      LOOP1(st_f64_rsqrt_approx_ftz(a[l]));
    } else {
      LOOP1(st_f64_rsqrt_approx(a[l]));
    }
    return;
  case OP_ABS: LOOP1(st_f64_abs(a[l])); return;
  case OP_NEG: LOOP1(st_f64_neg(a[l])); return;
  case OP_MIN: LOOP2(st_f64_min(a[l], b[l])); return;
  case OP_MAX: LOOP2(st_f64_max(a[l], b[l])); return;
  case OP_COPYSIGN: LOOP2(st_f64_copysign(a[l], b[l])); return;
  case OP_TESTP: LOOP1(st_f64_testp(a[l], (st_testp_op)in->subop)); return;
  case OP_SETP: setp_float(c); return;
  default: unsupported(c); return;
  }
}

static void exec_f16(st_ectx *c) {
  const st_inst *in = c->in;
  unsigned m = in->flags;
  bool bf = in->type == PT_BF16;
  switch ((st_op)in->op) {
  case OP_ADD: LOOP2(bf ? st_bf16_add(A16, B16) : st_f16_add(A16, B16, m)); return;
  case OP_SUB: LOOP2(bf ? st_bf16_sub(A16, B16) : st_f16_sub(A16, B16, m)); return;
  case OP_MUL: LOOP2(bf ? st_bf16_mul(A16, B16) : st_f16_mul(A16, B16, m)); return;
  case OP_FMA: LOOP3(bf ? st_bf16_fma(A16, B16, C16) : st_f16_fma(A16, B16, C16, m)); return;
  case OP_NEG: LOOP1(bf ? st_bf16_neg(A16) : st_f16_neg(A16, m)); return;
  case OP_ABS: LOOP1(bf ? st_bf16_abs(A16) : st_f16_abs(A16, m)); return;
  case OP_MIN: LOOP2(bf ? st_bf16_min(A16, B16, m) : st_f16_min(A16, B16, m)); return;
  case OP_MAX: LOOP2(bf ? st_bf16_max(A16, B16, m) : st_f16_max(A16, B16, m)); return;
  default: unsupported(c); return;
  }
}

static void exec_x2(st_ectx *c) {
  const st_inst *in = c->in;
  unsigned m = in->flags;
  st_ptype t = (st_ptype)in->type;
  switch ((st_op)in->op) {
  case OP_ADD: LOOP2(st_x2_add(t, A32, B32, m)); return;
  case OP_SUB: LOOP2(st_x2_sub(t, A32, B32, m)); return;
  case OP_MUL: LOOP2(st_x2_mul(t, A32, B32, m)); return;
  case OP_FMA: LOOP3(st_x2_fma(t, A32, B32, C32, m)); return;
  case OP_MIN: LOOP2(st_x2_min(t, A32, B32, m)); return;
  case OP_MAX: LOOP2(st_x2_max(t, A32, B32, m)); return;
  default: unsupported(c); return;
  }
}

void st_exec_alu_float(st_ectx *c) {
  switch ((st_ptype)c->in->type) {
  case PT_F32: exec_f32(c); return;
  case PT_F64: exec_f64(c); return;
  case PT_F16:
  case PT_BF16: exec_f16(c); return;
  case PT_F16X2:
  case PT_BF16X2: exec_x2(c); return;
  default: unsupported(c); return;
  }
}
