/* The PTX front end on real nvcc 13.0 output (the .ptx files in tests/ptx/cuda,
 * made with nvcc -ptx -arch=sm_75 -O3): every file parses, and chosen instructions,
 * symbols and reconvergence points decode as the PTX says. */
#include "ptx_test.h"

static const char *const files[] = {
    "tests/ptx/cuda/atomics.ptx",    "tests/ptx/cuda/calls.ptx",
    "tests/ptx/cuda/divergence.ptx", "tests/ptx/cuda/floatmath.ptx",
    "tests/ptx/cuda/local_array.ptx", "tests/ptx/cuda/shared.ptx",
    "tests/ptx/cuda/warp.ptx"};

static void test_every_file_parses(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    st_module *m = ptx_parse_tree_file(files[i]);
    assert_int_equal(m->version_major, 9);
    assert_int_equal(m->version_minor, 0);
    assert_string_equal(m->target, "sm_75");
    assert_int_equal(m->address_size, 64);
    for (uint32_t f = 0; f < m->n_funcs; f++) {
      const st_function *fn = &m->funcs[f];
      if (fn->is_extern) {
        continue;
      }
      const st_inst *last = &m->insts[fn->first_inst + fn->n_insts - 1];
      assert_true(last->op == OP_RET || last->op == OP_EXIT || last->op == OP_BRA);
      char buf[256];
      for (uint32_t k = fn->first_inst; k < fn->first_inst + fn->n_insts; k++) {
        st_inst_format(m, &m->insts[k], buf, sizeof buf);
        assert_true(strlen(buf) > 0);
      }
    }
    st_module_free(m);
  }
}

/* The reconvergence PC of the branch on `line` is the PC of the first
 * instruction on `target_line`. */
static void assert_reconv(const st_module *m, uint32_t line, uint32_t target_line) {
  const st_inst *br = ptx_inst_at_line(m, line);
  const st_inst *to = ptx_inst_at_line(m, target_line);
  assert_non_null(br);
  assert_non_null(to);
  assert_int_equal(br->op, OP_BRA);
  assert_int_equal(br->reconv, ptx_pc(m, to));
}

static void test_divergence(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/divergence.ptx");
  /* diamond: early exit, then an if/else whose arms meet at $L__BB0_4. */
  assert_reconv(m, 34, 71);
  assert_reconv(m, 46, 59);
  assert_reconv(m, 47, 56);
  assert_reconv(m, 53, 59);
  const st_inst *br = ptx_inst_at_line(m, 46);
  assert_int_equal(br->guard, ptx_reg(m, "diamond", "%p5"));
  assert_int_equal(br->opnd[0].kind, OPND_LABEL);
  assert_int_equal(br->opnd[0].imm, ptx_pc(m, ptx_inst_at_line(m, 50)));
  assert_true(ptx_inst_at_line(m, 47)->flags & IF_UNI);
  /* loop_break_continue: continue goes to $L__BB1_7, break to $L__BB1_8. */
  assert_reconv(m, 97, 136);
  assert_reconv(m, 110, 136); /* a continue that a later break bypasses */
  assert_reconv(m, 113, 136);
  assert_reconv(m, 117, 131);
  assert_reconv(m, 128, 131);
  assert_reconv(m, 133, 136);
  st_module_free(m);
}

static void test_calls(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/calls.ptx");
  const st_function *vprintf_fn = st_module_find_func(m, "vprintf");
  assert_non_null(vprintf_fn);
  assert_true(vprintf_fn->is_extern);
  assert_int_equal(vprintf_fn->n_insts, 0);
  assert_int_equal(vprintf_fn->n_params, 2);
  assert_int_equal(vprintf_fn->n_rets, 1);

  const st_function *fib = st_module_find_func(m, "_Z3fibi");
  assert_non_null(fib);
  uint32_t fib_index = (uint32_t)(fib - m->funcs);
  /* The recursive call: call.uni (retval0), _Z3fibi, (param0); */
  const st_inst *call = ptx_nth_inst(m, "_Z3fibi", OP_CALL, 0);
  assert_true(call->flags & IF_UNI);
  assert_int_equal(call->nopnds, 0);
  assert_int_equal(call->call_func, fib_index);
  assert_int_equal(call->n_call_rets, 1);
  assert_int_equal(call->n_call_params, 1);
  const st_symbol *ret = &m->syms[m->call_syms[call->call_first]];
  const st_symbol *arg = &m->syms[m->call_syms[call->call_first + 1]];
  assert_string_equal(st_module_str(m, ret->name), "retval0");
  assert_string_equal(st_module_str(m, arg->name), "param0");
  assert_int_equal(arg->kind, SYM_CALL_PARAM);
  assert_int_equal(arg->space, SP_PARAM);
  /* Call-site variables follow the formals in fib's frame: return value at 0,
   * the parameter at 4, then param0 and retval0 of the call sequence. */
  assert_int_equal(arg->offset, 8);
  assert_int_equal(ret->offset, 12);
  assert_int_equal(fib->frame_param_bytes, 16);
  char text[128];
  st_inst_format(m, call, text, sizeof text);
  assert_string_equal(text, "call.uni (retval0), _Z3fibi, (param0);");

  /* Return value: st.param.b32 [func_retval0+0], %r8; */
  const st_inst *st = ptx_nth_inst(m, "_Z3fibi", OP_ST, 2);
  assert_int_equal(st->space, SP_PARAM);
  assert_int_equal(st->type, PT_B32);
  assert_int_equal(st->opnd[0].kind, OPND_ADDR);
  assert_int_equal(st->opnd[0].sym, fib->rets[0]);
  assert_int_equal(m->syms[fib->rets[0]].kind, SYM_RETURN);

  /* The struct parameter: .param .align 8 .b8 _Z8use_pair5pair3_param_0[16] */
  const st_symbol *pair = ptx_sym(m, "_Z8use_pair5pair3", "_Z8use_pair5pair3_param_0");
  assert_int_equal(pair->size, 16);
  assert_int_equal(pair->align, 8);
  assert_int_equal(pair->type, PT_B8);
  const st_inst *ld = ptx_nth_inst(m, "_Z8use_pair5pair3", OP_LD, 0);
  assert_int_equal(ld->opnd[1].imm, 8); /* [param_0+8] */

  /* printf: mov.u64 %rd14, $str; then call vprintf with two arguments. */
  const st_inst *mov = ptx_inst_at_line(m, 195);
  assert_int_equal(mov->op, OP_MOV);
  assert_int_equal(mov->opnd[1].kind, OPND_SYM);
  assert_string_equal(st_module_str(m, m->syms[mov->opnd[1].sym].name), "$str");
  const st_inst *pcall = ptx_nth_inst(m, "call_kernel", OP_CALL, 3);
  assert_int_equal(pcall->call_func, (uint32_t)(vprintf_fn - m->funcs));
  assert_int_equal(pcall->n_call_params, 2);
  /* "n=%d x=%f\n" is in module->data. */
  const st_symbol *str = ptx_sym(m, NULL, "$str");
  assert_int_equal(str->size, 11);
  assert_memory_equal(m->data + str->init, "n=%d x=%f\n", 11);
  st_module_free(m);
}

static void test_shared_and_scopes(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/shared.ptx");
  const st_symbol *dyn = ptx_sym(m, NULL, "dyn");
  assert_true(dyn->is_extern);
  assert_int_equal(dyn->size, 0);
  assert_int_equal(dyn->align, 16);
  assert_int_equal(dyn->space, SP_SHARED);
  /* Demoted variables live in the entry's own shared block. */
  const st_function *rs = st_module_find_func(m, "reduce_static");
  assert_int_equal(rs->shared_bytes, 256 + 1024);
  assert_int_equal(ptx_sym(m, "reduce_static", "module_tile")->offset, 0);
  assert_int_equal(ptx_sym(m, "reduce_static", "_ZZ13reduce_staticE3buf")->offset, 256);
  /* ld.shared.f32 %f6, [module_tile+20]; */
  const st_inst *ld = ptx_inst_at_line(m, 77);
  assert_int_equal(ld->opnd[1].kind, OPND_ADDR);
  assert_int_equal(ld->opnd[1].reg, ST_NO_REG);
  assert_int_equal(ld->opnd[1].imm, 20);
  /* ld.shared.u32 %r20, [%r19+-4]; */
  const st_inst *neg = ptx_inst_at_line(m, 148);
  assert_int_equal(neg->op, OP_LD);
  assert_int_equal(neg->opnd[1].imm, -4);
  /* { .reg .pred %p1; setp.ne.u32 %p1, ...; bar.red.popc.u32 %r3, 0, %p1; }:
   * the inner %p1 is a new register, not the outer one. */
  uint32_t outer_p1 = ptx_reg(m, "reduce_dynamic", "%p1");
  const st_inst *setp = ptx_inst_at_line(m, 119);
  const st_inst *red = ptx_inst_at_line(m, 120);
  assert_int_not_equal(setp->opnd[0].reg, outer_p1);
  assert_int_equal(red->op, OP_BAR);
  assert_int_equal(red->subop, BAR_RED_POPC);
  assert_int_equal(red->type, PT_U32);
  assert_int_equal(red->nopnds, 4);
  assert_int_equal(red->opnd[2].kind, OPND_NONE); /* no thread count */
  assert_int_equal(red->opnd[3].reg, setp->opnd[0].reg);
  const st_inst *red_and = ptx_inst_at_line(m, 129);
  assert_int_equal(red_and->subop, BAR_RED_AND);
  assert_int_equal(red_and->type, PT_PRED);
  /* After the scope, %p1 is the outer register again (setp.gt.s32 %p1 on line 115). */
  assert_int_equal(ptx_inst_at_line(m, 115)->opnd[0].reg, outer_p1);
  const st_inst *bar = ptx_nth_inst(m, "reduce_static", OP_BAR, 0);
  assert_int_equal(bar->subop, BAR_SYNC);
  assert_true(bar->flags & IF_ALIGNED);
  assert_int_equal(bar->nopnds, 1);
  st_module_free(m);
}

static void test_atomics(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/atomics.ptx");
  const st_inst *a = ptx_inst_at_line(m, 56); /* atom.shared.add.u32 %r15, [%r14], 1; */
  assert_int_equal(a->op, OP_ATOM);
  assert_int_equal(a->space, SP_SHARED);
  assert_int_equal(a->subop, ATOM_ADD);
  assert_int_equal(a->type, PT_U32);
  assert_int_equal(a->opnd[2].kind, OPND_IMM);
  assert_int_equal(a->opnd[2].imm, 1);
  const st_inst *cas = ptx_inst_at_line(m, 96); /* atom.global.cas.b32 %r3, [%rd8], %r2, %r1; */
  assert_int_equal(cas->subop, ATOM_CAS);
  assert_int_equal(cas->space, SP_GLOBAL);
  assert_int_equal(cas->nopnds, 4);
  assert_int_equal(cas->opnd[3].reg, ptx_reg(m, "atomic_mix", "%r1"));
  const st_inst *f = ptx_inst_at_line(m, 116); /* atom.global.add.f32 ..., 0f3FC00000; */
  assert_int_equal(f->type, PT_F32);
  assert_int_equal(f->opnd[2].imm, 0x3FC00000);
  const st_inst *sub = ptx_inst_at_line(m, 120); /* atom.global.add.u32 ..., -1; */
  assert_int_equal(sub->opnd[2].imm, -1);
  const st_inst *inc = ptx_inst_at_line(m, 104);
  assert_int_equal(inc->subop, ATOM_INC);
  assert_int_equal(inc->opnd[2].imm, 100);
  st_module_free(m);
}

static void test_local_array(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/local_array.ptx");
  const st_function *fn = st_module_find_func(m, "local_sort");
  assert_int_equal(fn->local_bytes, 64);
  const st_symbol *depot = ptx_sym(m, "local_sort", "__local_depot0");
  assert_int_equal(depot->space, SP_LOCAL);
  assert_int_equal(depot->align, 16);
  assert_int_equal(ptx_reg(m, "local_sort", "%SP"), 0); /* declared first */
  assert_int_equal(ptx_reg(m, "local_sort", "%SPL"), 1);
  const st_inst *st = ptx_inst_at_line(m, 46); /* st.local.v4.u32 [%rd2], {...}; */
  assert_int_equal(st->space, SP_LOCAL);
  assert_int_equal(st->vec, 4);
  assert_int_equal(st->opnd[1].kind, OPND_VEC);
  assert_int_equal(st->opnd[1].comp, 4);
  assert_int_equal(m->vec_elems[st->opnd[1].vec_base].reg, ptx_reg(m, "local_sort", "%r19"));
  const st_inst *ld = ptx_inst_at_line(m, 168); /* ld.local.v4.u32 {...}, [%rd2+16]; */
  assert_int_equal(ld->opnd[0].kind, OPND_VEC);
  assert_int_equal(ld->opnd[1].imm, 16);
  st_module_free(m);
}

static void test_floatmath(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/floatmath.ptx");
  const st_symbol *tab = ptx_sym(m, NULL, "__cudart_i2opi_f");
  assert_int_equal(tab->size, 24);
  assert_int_equal(m->data[tab->init], 65);
  assert_int_equal(m->data[tab->init + 23], 162);
  assert_int_equal(m->global_bytes, 24);
  const st_inst *mov = ptx_inst_at_line(m, 57); /* mov.f32 %f16, 0fBFC90FDA; */
  assert_int_equal(mov->opnd[1].kind, OPND_IMM);
  assert_int_equal(mov->opnd[1].imm, 0xBFC90FDA);
  const st_inst *setp = ptx_inst_at_line(m, 64);
  assert_int_equal(setp->cmp, CMP_LTU);
  assert_int_equal(setp->type, PT_F32);
  assert_int_equal(setp->opnd[1].kind, OPND_NONE); /* no "|q" */
  const st_inst *nc = ptx_inst_at_line(m, 92);
  assert_true(nc->flags & IF_NC);
  assert_int_equal(nc->space, SP_GLOBAL);
  assert_int_equal(ptx_inst_at_line(m, 189)->rnd, RND_RM);
  const st_inst *ex2 = ptx_inst_at_line(m, 199);
  assert_int_equal(ex2->flags & (IF_APPROX | IF_FTZ), IF_APPROX | IF_FTZ);
  assert_int_equal(ptx_inst_at_line(m, 246)->rnd, RND_RN);
  const st_inst *cvt = ptx_inst_at_line(m, 252); /* cvt.rzi.s64.f32 */
  assert_int_equal(cvt->rnd, RND_RZI);
  assert_int_equal(cvt->type, PT_S64);
  assert_int_equal(cvt->type2, PT_F32);
  const st_inst *h = ptx_inst_at_line(m, 272); /* { cvt.rn.f16.f32 %rs1, %f35;} */
  assert_int_equal(h->type, PT_F16);
  assert_int_equal(h->type2, PT_F32);
  const st_inst *hadd = ptx_inst_at_line(m, 280);
  assert_int_equal(hadd->op, OP_ADD);
  assert_int_equal(hadd->type, PT_F16);
  st_module_free(m);
}

static void test_warp(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/ptx/cuda/warp.ptx");
  const st_inst *sh = ptx_inst_at_line(m, 39); /* shfl.sync.down.b32 %r19|%p1, ... */
  assert_int_equal(sh->op, OP_SHFL);
  assert_int_equal(sh->subop, SHFL_DOWN);
  assert_true(sh->flags & IF_SYNC);
  assert_int_equal(sh->nopnds, 6);
  assert_int_equal(sh->opnd[1].reg, ptx_reg(m, "warp_ops", "%p1"));
  const st_inst *ballot = ptx_inst_at_line(m, 59);
  assert_int_equal(ballot->subop, VOTE_BALLOT);
  assert_int_equal(ballot->type, PT_B32);
  const st_inst *match = ptx_inst_at_line(m, 66);
  assert_int_equal(match->subop, MATCH_ANY);
  assert_int_equal(match->nopnds, 3); /* match.any has no "|p" form: d, a, mask */
  assert_int_equal(match->opnd[1].reg, ptx_reg(m, "warp_ops", "%r4"));
  assert_int_equal(ptx_inst_at_line(m, 68)->op, OP_ACTIVEMASK);
  assert_true(ptx_inst_at_line(m, 76)->flags & IF_SHIFTAMT);
  assert_int_equal(ptx_inst_at_line(m, 78)->mode, PRMT_DEFAULT);
  assert_int_equal(ptx_inst_at_line(m, 81)->mode, SHF_L_WRAP);
  const st_inst *dp = ptx_inst_at_line(m, 84);
  assert_int_equal(dp->type, PT_S32);
  assert_int_equal(dp->type2, PT_S32);
  const st_inst *bw = ptx_inst_at_line(m, 114); /* bar.warp.sync -1; */
  assert_int_equal(bw->op, OP_BAR_WARP);
  assert_int_equal(bw->opnd[0].imm, -1);
  const st_inst *lane = ptx_nth_inst(m, "warp_ops", OP_MOV, 0);
  assert_int_equal(lane->opnd[1].kind, OPND_SREG);
  assert_int_equal(lane->opnd[1].sreg, SREG_CTAID);
  assert_int_equal(lane->opnd[1].comp, 0);
  st_module_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_file_parses), cmocka_unit_test(test_divergence),
      cmocka_unit_test(test_calls),             cmocka_unit_test(test_shared_and_scopes),
      cmocka_unit_test(test_atomics),           cmocka_unit_test(test_local_array),
      cmocka_unit_test(test_floatmath),         cmocka_unit_test(test_warp),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
