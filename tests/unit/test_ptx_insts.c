/* Decoding of single instructions: opcode, types, rounding, comparison,
 * sub-operation, mode, state space, vector width, scope, order and flags;
 * operands and immediates; and st_inst_format's text. */
#include "ptx_test.h"

/* The decoded fields one instruction must have. */
typedef struct expect {
  const char *text;
  st_op op;
  st_ptype type, type2;
  uint8_t rnd, cmp, subop, mode, space, vec, scope, order;
  uint32_t flags;
  uint8_t nopnds;
} expect;

/* Parses one instruction in the standard kernel; the caller frees *m. */
static const st_inst *decode(const char *text, st_module **m) {
  char buf[4096];
  ptx_test_wrap(buf, sizeof buf, text);
  *m = ptx_parse_ok(buf);
  const st_inst *in = ptx_inst_at_line(*m, PTX_TEST_LINE);
  assert_non_null(in);
  return in;
}

#define E(text, op, t, t2, rnd, cmp, subop, mode, space, vec, scope, order, flags, n) \
  {text, op, t, t2, rnd, cmp, subop, mode, space, vec, scope, order, flags, n}

static const expect cases[] = {
    E("add.s32 %r1, %r2, %r3;", OP_ADD, PT_S32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3),
    E("add.cc.u32 %r1, %r2, %r3;", OP_ADD, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_CC, 3),
    E("addc.u32 %r1, %r2, %r3;", OP_ADDC, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3),
    E("sub.sat.s32 %r1, %r2, %r3;", OP_SUB, PT_S32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_SAT, 3),
    E("mul.wide.s32 %rd1, %r1, %r2;", OP_MUL, PT_S32, 0, 0, 0, 0, MUL_WIDE, 0, 1, 0, 0, 0, 3),
    E("mad.lo.s32 %r1, %r2, %r3, %r1;", OP_MAD, PT_S32, 0, 0, 0, 0, MUL_LO, 0, 1, 0, 0, 0, 4),
    E("mad.hi.u64 %rd1, %rd2, %rd3, %rd1;", OP_MAD, PT_U64, 0, 0, 0, 0, MUL_HI, 0, 1, 0, 0, 0, 4),
    E("mad.wide.u32 %rd1, %r1, %r2, %rd2;", OP_MAD, PT_U32, 0, 0, 0, 0, MUL_WIDE, 0, 1, 0, 0, 0,
      4),
    E("mul24.lo.s32 %r1, %r2, %r3;", OP_MUL24, PT_S32, 0, 0, 0, 0, MUL_LO, 0, 1, 0, 0, 0, 3),
    E("div.rn.f32 %f1, %f2, %f3;", OP_DIV, PT_F32, 0, RND_RN, 0, 0, 0, 0, 1, 0, 0, 0, 3),
    E("div.full.f32 %f1, %f2, %f3;", OP_DIV, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_FULL, 3),
    E("div.approx.ftz.f32 %f1, %f2, %f3;", OP_DIV, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_APPROX | IF_FTZ, 3),
    E("rcp.rn.f64 %fd1, %fd2;", OP_RCP, PT_F64, 0, RND_RN, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("rcp.approx.ftz.f64 %fd1, %fd2;", OP_RCP, PT_F64, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_APPROX | IF_FTZ, 2),
    E("sqrt.rn.f32 %f1, %f2;", OP_SQRT, PT_F32, 0, RND_RN, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("fma.rn.ftz.sat.f32 %f1, %f2, %f3, %f1;", OP_FMA, PT_F32, 0, RND_RN, 0, 0, 0, 0, 1, 0, 0,
      IF_FTZ | IF_SAT, 4),
    E("setp.ne.and.s32 %p1|%p2, %r1, %r2, !%p3;", OP_SETP, PT_S32, 0, 0, CMP_NE, BOOL_AND, 0,
      0, 1, 0, 0, 0, 5),
    E("set.lt.u32.f32 %r1, %f1, %f2;", OP_SET, PT_U32, PT_F32, 0, CMP_LT, 0, 0, 0, 1, 0, 0, 0,
      3),
    E("selp.b32 %r1, %r2, %r3, %p1;", OP_SELP, PT_B32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4),
    E("slct.s32.f32 %r1, %r2, %r3, %f1;", OP_SLCT, PT_S32, PT_F32, 0, 0, 0, 0, 0, 1, 0, 0, 0,
      4),
    E("cvt.rzi.s32.f32 %r1, %f1;", OP_CVT, PT_S32, PT_F32, RND_RZI, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("cvt.rn.f32.u64 %f1, %rd1;", OP_CVT, PT_F32, PT_U64, RND_RN, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("cvt.u16.u32 %h1, %r1;", OP_CVT, PT_U16, PT_U32, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("cvt.sat.u8.s32 %r1, %r2;", OP_CVT, PT_U8, PT_S32, 0, 0, 0, 0, 0, 1, 0, 0, IF_SAT, 2),
    E("cvt.rn.f16.f32 %h1, %f1;", OP_CVT, PT_F16, PT_F32, RND_RN, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("cvt.f32.f16 %f1, %h1;", OP_CVT, PT_F32, PT_F16, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("cvta.to.global.u64 %rd1, %rd2;", OP_CVTA, PT_U64, 0, 0, 0, 0, CVTA_TO_SPACE, SP_GLOBAL,
      1, 0, 0, 0, 2),
    E("cvta.shared.u64 %rd1, %rd2;", OP_CVTA, PT_U64, 0, 0, 0, 0, CVTA_TO_GENERIC, SP_SHARED, 1,
      0, 0, 0, 2),
    E("ld.global.nc.v4.f32 {%f1, %f2, %f3, %f1}, [%rd1];", OP_LD, PT_F32, 0, 0, 0, 0, 0,
      SP_GLOBAL, 4, 0, 0, IF_NC, 2),
    E("ld.shared.v2.u32 {%r1, %r2}, [%r3];", OP_LD, PT_U32, 0, 0, 0, 0, 0, SP_SHARED, 2, 0, 0,
      0, 2),
    E("ld.param.u64 %rd1, [p];", OP_LD, PT_U64, 0, 0, 0, 0, 0, SP_PARAM, 1, 0, 0, 0, 2),
    E("ld.local.u8 %r1, [%rd1];", OP_LD, PT_U8, 0, 0, 0, 0, 0, SP_LOCAL, 1, 0, 0, 0, 2),
    E("ld.volatile.global.u32 %r1, [%rd1];", OP_LD, PT_U32, 0, 0, 0, 0, 0, SP_GLOBAL, 1, 0,
      ORDER_VOLATILE, IF_VOLATILE, 2),
    E("ld.relaxed.gpu.global.u32 %r1, [%rd1];", OP_LD, PT_U32, 0, 0, 0, 0, 0, SP_GLOBAL, 1,
      SCOPE_GPU, ORDER_RELAXED, 0, 2),
    E("ld.acquire.gpu.u32 %r1, [%rd1];", OP_LD, PT_U32, 0, 0, 0, 0, 0, SP_NONE, 1, SCOPE_GPU,
      ORDER_ACQUIRE, 0, 2),
    E("ld.global.cg.L1::evict_last.u32 %r1, [%rd1];", OP_LD, PT_U32, 0, 0, 0, 0, 0, SP_GLOBAL,
      1, 0, 0, IF_CG, 2),
    E("ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;", OP_LD, PT_U32, 0, 0, 0, 0, 0,
      SP_GLOBAL, 1, 0, 0, 0, 2),
    E("st.global.v2.f64 [%rd1], {%fd1, %fd2};", OP_ST, PT_F64, 0, 0, 0, 0, 0, SP_GLOBAL, 2, 0,
      0, 0, 2),
    E("st.release.sys.global.u32 [%rd1], %r1;", OP_ST, PT_U32, 0, 0, 0, 0, 0, SP_GLOBAL, 1,
      SCOPE_SYS, ORDER_RELEASE, 0, 2),
    E("st.global.cs.u32 [%rd1], %r1;", OP_ST, PT_U32, 0, 0, 0, 0, 0, SP_GLOBAL, 1, 0, 0, 0, 2),
    E("atom.global.add.u32 %r1, [%rd1], %r2;", OP_ATOM, PT_U32, 0, 0, 0, ATOM_ADD, 0, SP_GLOBAL,
      1, 0, 0, 0, 3),
    E("atom.global.cas.b32 %r1, [%rd1], %r2, %r3;", OP_ATOM, PT_B32, 0, 0, 0, ATOM_CAS, 0,
      SP_GLOBAL, 1, 0, 0, 0, 4),
    E("atom.shared.inc.u32 %r1, [%r2], 100;", OP_ATOM, PT_U32, 0, 0, 0, ATOM_INC, 0, SP_SHARED,
      1, 0, 0, 0, 3),
    E("atom.add.f32 %f1, [%rd1], %f2;", OP_ATOM, PT_F32, 0, 0, 0, ATOM_ADD, 0, SP_NONE, 1, 0, 0,
      0, 3),
    E("atom.global.acq_rel.gpu.add.u64 %rd1, [%rd2], 1;", OP_ATOM, PT_U64, 0, 0, 0, ATOM_ADD, 0,
      SP_GLOBAL, 1, SCOPE_GPU, ORDER_ACQ_REL, 0, 3),
    E("atom.global.exch.b64 %rd1, [%rd2], %rd3;", OP_ATOM, PT_B64, 0, 0, 0, ATOM_EXCH, 0,
      SP_GLOBAL, 1, 0, 0, 0, 3),
    E("red.global.add.u32 [%rd1], %r1;", OP_RED, PT_U32, 0, 0, 0, ATOM_ADD, 0, SP_GLOBAL, 1, 0,
      0, 0, 2),
    E("red.shared.max.s32 [%r1], %r2;", OP_RED, PT_S32, 0, 0, 0, ATOM_MAX, 0, SP_SHARED, 1, 0,
      0, 0, 2),
    E("bar.sync 0;", OP_BAR, 0, 0, 0, 0, BAR_SYNC, 0, 0, 1, 0, 0, IF_ALIGNED, 1),
    E("bar.sync 1, 64;", OP_BAR, 0, 0, 0, 0, BAR_SYNC, 0, 0, 1, 0, 0, IF_ALIGNED, 2),
    E("barrier.sync 2;", OP_BAR, 0, 0, 0, 0, BAR_SYNC, 0, 0, 1, 0, 0, 0, 1),
    E("barrier.sync.aligned 0;", OP_BAR, 0, 0, 0, 0, BAR_SYNC, 0, 0, 1, 0, 0, IF_ALIGNED, 1),
    E("bar.arrive 1, 64;", OP_BAR, 0, 0, 0, 0, BAR_ARRIVE, 0, 0, 1, 0, 0, IF_ALIGNED, 2),
    E("bar.red.popc.u32 %r1, 0, %p1;", OP_BAR, PT_U32, 0, 0, 0, BAR_RED_POPC, 0, 0, 1, 0, 0,
      IF_ALIGNED, 4),
    E("bar.red.and.pred %p1, 0, 32, !%p2;", OP_BAR, PT_PRED, 0, 0, 0, BAR_RED_AND, 0, 0, 1, 0,
      0, IF_ALIGNED, 4),
    E("bar.red.or.pred %p1, 0, %p2;", OP_BAR, PT_PRED, 0, 0, 0, BAR_RED_OR, 0, 0, 1, 0, 0,
      IF_ALIGNED, 4),
    E("bar.warp.sync -1;", OP_BAR_WARP, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_SYNC, 1),
    E("membar.gl;", OP_MEMBAR, 0, 0, 0, 0, 0, 0, 0, 1, SCOPE_GPU, 0, 0, 0),
    E("membar.cta;", OP_MEMBAR, 0, 0, 0, 0, 0, 0, 0, 1, SCOPE_CTA, 0, 0, 0),
    E("fence.acq_rel.gpu;", OP_FENCE, 0, 0, 0, 0, 0, 0, 0, 1, SCOPE_GPU, ORDER_ACQ_REL, 0, 0),
    E("fence.sc.sys;", OP_FENCE, 0, 0, 0, 0, 0, 0, 0, 1, SCOPE_SYS, ORDER_SC, 0, 0),
    E("shfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;", OP_SHFL, PT_B32, 0, 0, 0, SHFL_DOWN, 0, 0,
      1, 0, 0, IF_SYNC, 6),
    E("shfl.sync.idx.b32 %r1, %r2, %r3, 0x1f, %r1;", OP_SHFL, PT_B32, 0, 0, 0, SHFL_IDX, 0, 0,
      1, 0, 0, IF_SYNC, 6),
    E("vote.sync.ballot.b32 %r1, %p1, -1;", OP_VOTE, PT_B32, 0, 0, 0, VOTE_BALLOT, 0, 0, 1, 0,
      0, IF_SYNC, 3),
    E("vote.sync.all.pred %p1, !%p2, %r1;", OP_VOTE, PT_PRED, 0, 0, 0, VOTE_ALL, 0, 0, 1, 0, 0,
      IF_SYNC, 3),
    E("match.any.sync.b32 %r1, %r2, -1;", OP_MATCH, PT_B32, 0, 0, 0, MATCH_ANY, 0, 0, 1, 0, 0,
      IF_SYNC, 3),
    E("match.all.sync.b64 %r1|%p1, %rd2, -1;", OP_MATCH, PT_B64, 0, 0, 0, MATCH_ALL, 0, 0, 1, 0,
      0, IF_SYNC, 4),
    E("activemask.b32 %r1;", OP_ACTIVEMASK, PT_B32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1),
    E("bra.uni L0;", OP_BRA, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_UNI, 1),
    E("ret;", OP_RET, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),
    E("exit;", OP_EXIT, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),
    E("trap;", OP_TRAP, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),
    E("prmt.b32.f4e %r1, %r2, %r3, %r1;", OP_PRMT, PT_B32, 0, 0, 0, 0, PRMT_F4E, 0, 1, 0, 0, 0,
      4),
    E("shf.l.wrap.b32 %r1, %r2, %r3, %r1;", OP_SHF, PT_B32, 0, 0, 0, 0, SHF_L_WRAP, 0, 1, 0, 0,
      0, 4),
    E("shf.r.clamp.b32 %r1, %r2, %r3, 5;", OP_SHF, PT_B32, 0, 0, 0, 0, SHF_R_CLAMP, 0, 1, 0, 0,
      0, 4),
    E("bmsk.clamp.b32 %r1, %r2, %r3;", OP_BMSK, PT_B32, 0, 0, 0, 0, SHF_L_CLAMP, 0, 1, 0, 0, 0,
      3),
    E("szext.wrap.s32 %r1, %r2, 8;", OP_SZEXT, PT_S32, 0, 0, 0, 0, SHF_L_WRAP, 0, 1, 0, 0, 0, 3),
    E("lop3.b32 %r1, %r2, %r3, %r1, 0x96;", OP_LOP3, PT_B32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5),
    E("bfind.shiftamt.u32 %r1, %r2;", OP_BFIND, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_SHIFTAMT,
      2),
    E("bfe.s32 %r1, %r2, 8, 4;", OP_BFE, PT_S32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4),
    E("bfi.b64 %rd1, %rd2, %rd3, %r1, %r2;", OP_BFI, PT_B64, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5),
    E("brev.b32 %r1, %r2;", OP_BREV, PT_B32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("popc.b64 %r1, %rd1;", OP_POPC, PT_B64, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("testp.finite.f32 %p1, %f1;", OP_TESTP, PT_F32, 0, 0, 0, TESTP_FINITE, 0, 0, 1, 0, 0, 0,
      2),
    E("testp.notanumber.f64 %p1, %fd1;", OP_TESTP, PT_F64, 0, 0, 0, TESTP_NOTANUMBER, 0, 0, 1,
      0, 0, 0, 2),
    E("copysign.f32 %f1, %f2, %f3;", OP_COPYSIGN, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3),
    E("min.ftz.NaN.f32 %f1, %f2, %f3;", OP_MIN, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_FTZ | IF_NAN, 3),
    E("max.xorsign.abs.f32 %f1, %f2, %f3;", OP_MAX, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_XORSIGN | IF_ABS, 3),
    E("abs.ftz.f32 %f1, %f2;", OP_ABS, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_FTZ, 2),
    E("neg.f64 %fd1, %fd2;", OP_NEG, PT_F64, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("ex2.approx.ftz.f32 %f1, %f2;", OP_EX2, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_APPROX | IF_FTZ, 2),
    E("lg2.approx.f32 %f1, %f2;", OP_LG2, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_APPROX, 2),
    E("sin.approx.f32 %f1, %f2;", OP_SIN, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_APPROX, 2),
    E("tanh.approx.f32 %f1, %f2;", OP_TANH, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0, IF_APPROX, 2),
    E("rsqrt.approx.ftz.f32 %f1, %f2;", OP_RSQRT, PT_F32, 0, 0, 0, 0, 0, 0, 1, 0, 0,
      IF_APPROX | IF_FTZ, 2),
    E("dp4a.s32.s32 %r1, %r2, %r3, %r1;", OP_DP4A, PT_S32, PT_S32, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4),
    E("dp2a.hi.u32.s32 %r1, %r2, %r3, %r1;", OP_DP2A, PT_U32, PT_S32, 0, 0, 0, MUL_HI, 0, 1, 0,
      0, 0, 4),
    E("nanosleep.u32 %r1;", OP_NANOSLEEP, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1),
    E("isspacep.global %p1, %rd1;", OP_ISSPACEP, 0, 0, 0, 0, 0, 0, SP_GLOBAL, 1, 0, 0, 0, 2),
    E("prefetch.global.L2 [%rd1];", OP_PREFETCH, 0, 0, 0, 0, 0, PREFETCH_L2, SP_GLOBAL, 1, 0, 0,
      0, 1),
    E("prefetch.local.L1 [%rd1];", OP_PREFETCH, 0, 0, 0, 0, 0, PREFETCH_L1, SP_LOCAL, 1, 0, 0,
      0, 1),
    E("sad.u32 %r1, %r2, %r3, %r1;", OP_SAD, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4),
    E("not.pred %p1, %p2;", OP_NOT, PT_PRED, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
    E("mov.u32 %r1, %laneid;", OP_MOV, PT_U32, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2),
};

static void test_fields(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const expect *e = &cases[i];
    st_module *m;
    const st_inst *in = decode(e->text, &m);
    print_message("%s\n", e->text);
    assert_int_equal(in->op, e->op);
    assert_int_equal(in->type, e->type);
    assert_int_equal(in->type2, e->type2);
    assert_int_equal(in->rnd, e->rnd);
    assert_int_equal(in->cmp, e->cmp);
    assert_int_equal(in->subop, e->subop);
    assert_int_equal(in->mode, e->mode);
    assert_int_equal(in->space, e->space);
    assert_int_equal(in->vec, e->vec);
    assert_int_equal(in->scope, e->scope);
    assert_int_equal(in->order, e->order);
    assert_int_equal(in->flags, e->flags);
    assert_int_equal(in->nopnds, e->nopnds);
    assert_int_equal(in->line, PTX_TEST_LINE);
    assert_int_equal(in->col, 3);
    st_module_free(m);
  }
}

static void test_operands(void **state) {
  (void)state;
  st_module *m;
  const st_inst *in = decode("@!%p2 setp.ne.and.s32 %p1|%p2, %r1, -7, !%p3;", &m);
  assert_int_equal(in->guard, ptx_reg(m, "t", "%p2"));
  assert_true(in->guard_neg);
  assert_int_equal(in->opnd[0].kind, OPND_REG);
  assert_int_equal(in->opnd[0].reg, ptx_reg(m, "t", "%p1"));
  assert_int_equal(in->opnd[1].reg, ptx_reg(m, "t", "%p2"));
  assert_int_equal(in->opnd[3].kind, OPND_IMM);
  assert_int_equal(in->opnd[3].imm, -7);
  assert_int_equal(in->opnd[4].reg, ptx_reg(m, "t", "%p3"));
  assert_true(in->opnd[4].neg);
  st_module_free(m);

  in = decode("ld.global.v2.f32 {%f1, _}, [%rd1+-8];", &m);
  assert_int_equal(in->opnd[0].kind, OPND_VEC);
  assert_int_equal(in->opnd[0].comp, 2);
  assert_int_equal(m->vec_elems[in->opnd[0].vec_base].kind, OPND_REG);
  assert_int_equal(m->vec_elems[in->opnd[0].vec_base + 1].kind, OPND_SINK);
  assert_int_equal(in->opnd[1].kind, OPND_ADDR);
  assert_int_equal(in->opnd[1].reg, ptx_reg(m, "t", "%rd1"));
  assert_int_equal(in->opnd[1].sym, ST_NO_SYM);
  assert_int_equal(in->opnd[1].imm, -8);
  st_module_free(m);

  in = decode("mov.u64 %rd1, gvar+8;", &m);
  assert_int_equal(in->opnd[1].kind, OPND_SYM);
  assert_int_equal(in->opnd[1].imm, 8);
  assert_string_equal(st_module_str(m, m->syms[in->opnd[1].sym].name), "gvar");
  st_module_free(m);

  in = decode("mov.u32 %r1, %ctaid.z;", &m);
  assert_int_equal(in->opnd[1].kind, OPND_SREG);
  assert_int_equal(in->opnd[1].sreg, SREG_CTAID);
  assert_int_equal(in->opnd[1].comp, 2);
  st_module_free(m);

  in = decode("mov.u32 %r1, %envreg7;", &m);
  assert_int_equal(in->opnd[1].sreg, SREG_ENVREG);
  assert_int_equal(in->opnd[1].comp, 7);
  st_module_free(m);

  in = decode("ld.shared.u32 %r1, [svar+4];", &m);
  assert_int_equal(in->opnd[1].reg, ST_NO_REG);
  assert_string_equal(st_module_str(m, m->syms[in->opnd[1].sym].name), "svar");
  assert_int_equal(in->opnd[1].imm, 4);
  st_module_free(m);

  in = decode("shfl.sync.up.b32 %r1, %r2, 1, 0, -1;", &m);
  assert_int_equal(in->opnd[1].kind, OPND_NONE); /* no "|p" */
  assert_int_equal(in->opnd[2].reg, ptx_reg(m, "t", "%r2"));
  st_module_free(m);

  in = decode("shfl.sync.up.b32 %r1|_, %r2, 1, 0, -1;", &m);
  assert_int_equal(in->opnd[1].kind, OPND_SINK);
  st_module_free(m);

  in = decode("bar.red.popc.u32 %r1, 1, 64, %p1;", &m);
  assert_int_equal(in->opnd[2].kind, OPND_IMM);
  assert_int_equal(in->opnd[2].imm, 64);
  st_module_free(m);

  in = decode("mov.b64 {%r1, %r2}, %rd1;", &m);
  assert_int_equal(in->opnd[0].kind, OPND_VEC);
  assert_int_equal(in->opnd[1].kind, OPND_REG);
  st_module_free(m);

  in = decode("mov.b32 %r1, {0, %h1};", &m);
  assert_int_equal(m->vec_elems[in->opnd[1].vec_base].kind, OPND_IMM);
  st_module_free(m);

  in = decode("ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;", &m);
  assert_int_equal(in->nopnds, 2); /* the cache policy is checked and dropped */
  st_module_free(m);
}

/* The immediate bits of operand idx of one instruction. */
static int64_t imm(const char *text, unsigned idx) {
  st_module *m;
  const st_inst *in = decode(text, &m);
  assert_int_equal(in->opnd[idx].kind, OPND_IMM);
  int64_t v = in->opnd[idx].imm;
  st_module_free(m);
  return v;
}

static void test_immediates(void **state) {
  (void)state;
  assert_int_equal(imm("mov.f32 %f1, 0f3F800000;", 1), 0x3F800000);
  assert_int_equal(imm("mov.f64 %fd1, 0d3FF0000000000000;", 1), 0x3FF0000000000000);
  assert_int_equal(imm("mov.f32 %f1, 1.5;", 1), 0x3FC00000);
  assert_int_equal(imm("mov.f32 %f1, 0.1;", 1), 0x3DCCCCCD);
  assert_int_equal(imm("add.f32 %f1, %f2, -1.5;", 2), 0xBFC00000);
  assert_int_equal(imm("add.f32 %f1, %f2, 1;", 2), 0x3F800000); /* integer as a float */
  assert_int_equal(imm("add.f64 %fd1, %fd2, -2;", 2), (int64_t)0xC000000000000000);
  assert_int_equal(imm("mov.f64 %fd1, 0f3F800000;", 1), 0x3FF0000000000000);
  assert_int_equal(imm("mov.f32 %f1, 0d3FF0000000000000;", 1), 0x3F800000);
  assert_int_equal(imm("mov.f32 %f1, 0d7FF8000000000000;", 1), 0x7FC00000);
  assert_int_equal(imm("mov.f32 %f1, 1e39;", 1), 0x7F800000); /* overflows to inf */
  assert_int_equal(imm("mov.f32 %f1, 1e-46;", 1), 0);          /* underflows to zero */
  assert_int_equal(imm("mov.f32 %f1, 1.4e-45;", 1), 1);        /* smallest subnormal */
  assert_int_equal(imm("mov.b32 %r1, 0f3F800000;", 1), 0x3F800000);
  assert_int_equal(imm("mov.b16 %h1, 0x3C00;", 1), 0x3C00);
  assert_int_equal(imm("add.f16 %h1, %h2, 0f3F800000;", 2), 0x3C00);
  assert_int_equal(imm("fma.rn.f16 %h1, %h2, %h3, 65520.0;", 3), 0x7C00); /* ties to inf */
  assert_int_equal(imm("fma.rn.f16 %h1, %h2, %h3, 65519.0;", 3), 0x7BFF);
  assert_int_equal(imm("fma.rn.f16 %h1, %h2, %h3, 1e-7;", 3), 0x0002);   /* subnormal */
  assert_int_equal(imm("fma.rn.f16 %h1, %h2, %h3, -0.0;", 3), 0x8000);
  assert_int_equal(imm("add.bf16 %h1, %h2, 1.00390625;", 2), 0x3F80);    /* tie to even */
  assert_int_equal(imm("add.bf16 %h1, %h2, 1.01171875;", 2), 0x3F82);    /* tie to even, up */
  assert_int_equal(imm("mov.u32 %r1, -1;", 1), -1);
  assert_int_equal(imm("mov.u32 %r1, 0xFFFFFFFF;", 1), 0xFFFFFFFF);
  assert_int_equal(imm("mov.u32 %r1, 42U;", 1), 42);
  assert_int_equal(imm("mov.u32 %r1, 017;", 1), 15);
  assert_int_equal(imm("mov.u32 %r1, 0b101;", 1), 5);
  assert_int_equal(imm("mov.s64 %rd1, -9223372036854775808;", 1), INT64_MIN);
  assert_int_equal(imm("mov.u64 %rd1, 0xFFFFFFFFFFFFFFFF;", 1), -1);
  assert_int_equal(imm("mov.pred %p1, -1;", 1), 1);
  assert_int_equal(imm("selp.f64 %fd1, %fd2, 0d4000000000000000, %p1;", 2), 0x4000000000000000);
  assert_int_equal(imm("cvt.rn.f32.s32 %f1, 7;", 1), 7); /* the source type is s32 */
  assert_int_equal(imm("lop3.b32 %r1, %r2, %r3, %r1, 0x96;", 4), 0x96);
}

static void test_initialisers(void **state) {
  (void)state;
  const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n"
                     ".global .align 4 .f32 xf[4] = {1.5, 0f40000000, -2};\n"
                     ".const .align 2 .b16 h[2][2] = {{1}, {2, 3}};\n"
                     ".global .align 8 .u64 p[2] = {xf, generic(h)+2};\n"
                     ".global .s8 neg = -1;\n"
                     ".global .align 4 .u32 tail[] = {7, 8, 9};\n"
                     ".global .v2 .f64 v = {0.5, 0d3FF0000000000000};\n";
  st_module *m = ptx_parse_ok(text);
  const st_symbol *xf = ptx_sym(m, NULL, "xf");
  const uint8_t want_xf[16] = {0, 0, 0xC0, 0x3F, 0, 0, 0, 0x40, 0, 0, 0, 0xC0, 0, 0, 0, 0};
  assert_int_equal(xf->size, 16);
  assert_memory_equal(m->data + xf->init, want_xf, 16);
  const st_symbol *h = ptx_sym(m, NULL, "h");
  const uint8_t want_h[8] = {1, 0, 0, 0, 2, 0, 3, 0};
  assert_int_equal(h->space, SP_CONST);
  assert_memory_equal(m->data + h->init, want_h, 8);
  assert_int_equal(m->const_bytes, 8);
  const st_symbol *p = ptx_sym(m, NULL, "p");
  assert_int_equal(p->offset, 16);
  assert_int_equal(m->n_relocs, 2);
  assert_int_equal(m->relocs[0].at, p->init);
  assert_int_equal(m->relocs[0].size, 8);
  assert_int_equal(m->relocs[0].generic, 0);
  assert_ptr_equal(&m->syms[m->relocs[0].sym], xf);
  assert_int_equal(m->relocs[1].at, p->init + 8);
  assert_int_equal(m->relocs[1].generic, 1);
  assert_int_equal(m->relocs[1].addend, 2);
  assert_ptr_equal(&m->syms[m->relocs[1].sym], h);
  assert_int_equal(m->data[ptx_sym(m, NULL, "neg")->init], 0xFF);
  const st_symbol *tail = ptx_sym(m, NULL, "tail");
  assert_int_equal(tail->size, 12);
  assert_int_equal(tail->offset, 36);
  const st_symbol *v = ptx_sym(m, NULL, "v");
  assert_int_equal(v->size, 16);
  assert_int_equal(v->align, 16);
  assert_int_equal(m->global_bytes, 64);
  st_module_free(m);
}

/* format(parse(text)) for one instruction. */
static void assert_format(const char *text, const char *want) {
  st_module *m;
  const st_inst *in = decode(text, &m);
  char buf[256];
  st_inst_format(m, in, buf, sizeof buf);
  assert_string_equal(buf, want);
  st_module_free(m);
}

static void test_format(void **state) {
  (void)state;
  assert_format("@!%p1 add.cc.u32 %r1, %r2, 7;", "@!%p1 add.cc.u32 %r1, %r2, 7;");
  assert_format("setp.ne.and.s32 %p1|%p2, %r1, %r2, !%p3;",
                "setp.ne.and.s32 %p1|%p2, %r1, %r2, !%p3;");
  assert_format("setp.lt.f32 %p1, %f1, 0f3F800000;", "setp.lt.f32 %p1, %f1, 0f3F800000;");
  assert_format("ld.global.nc.v4.f32 {%f1, %f2, %f3, _}, [%rd1+16];",
                "ld.global.nc.v4.f32 {%f1, %f2, %f3, _}, [%rd1+16];");
  assert_format("ld.relaxed.gpu.global.u32 %r1, [%rd1+-4];",
                "ld.relaxed.gpu.global.u32 %r1, [%rd1+-4];");
  assert_format("atom.global.acq_rel.gpu.add.u64 %rd1, [%rd2], 1;",
                "atom.acq_rel.gpu.global.add.u64 %rd1, [%rd2], 1;");
  assert_format("cvt.rzi.ftz.sat.s32.f32 %r1, %f1;", "cvt.rzi.ftz.sat.s32.f32 %r1, %f1;");
  assert_format("mul.wide.s32 %rd1, %r1, 4;", "mul.wide.s32 %rd1, %r1, 4;");
  assert_format("mov.u32 %r1, %tid.y;", "mov.u32 %r1, %tid.y;");
  assert_format("mov.f64 %fd1, 0d3FF0000000000000;", "mov.f64 %fd1, 0d3FF0000000000000;");
  assert_format("shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;",
                "shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;");
  assert_format("bar.red.popc.u32 %r1, 0, %p1;", "bar.red.popc.u32 %r1, 0, %p1;");
  assert_format("bra.uni L0;", "bra.uni $PC1;");
  assert_format("membar.gl;", "membar.gl;");
  assert_format("prmt.b32.f4e %r1, %r2, %r3, %r1;", "prmt.b32.f4e %r1, %r2, %r3, %r1;");
  assert_format("ld.shared.u32 %r1, [svar+4];", "ld.shared.u32 %r1, [svar+4];");
  /* A buffer too small is cut, never overrun. */
  st_module *m;
  const st_inst *in = decode("add.s32 %r1, %r2, %r3;", &m);
  char small[8];
  st_inst_format(m, in, small, sizeof small);
  assert_string_equal(small, "add.s32");
  st_module_free(m);
  assert_string_equal(st_op_name(OP_LOP3), "lop3");
  assert_string_equal(st_op_name(OP_COUNT), "invalid");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fields),       cmocka_unit_test(test_operands),
      cmocka_unit_test(test_immediates),   cmocka_unit_test(test_initialisers),
      cmocka_unit_test(test_format),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
