/* brx.idx with .branchtargets tables, indirect calls with .callprototype, and
 * function names used as values (mov and initialisers), as ir.h represents
 * them: on the functional-test PTX nvcc made (tests/func/call, tests/func/simt)
 * and on small hand-written kernels. Error messages are in test_ptx_errors.c,
 * reconvergence of brx.idx in test_ptx_cfg.c. */
#include "ptx_test.h"

#define HEAD ".version 9.0\n.target sm_75\n.address_size 64\n"

static uint32_t func_index(const st_module *m, const char *name) {
  const st_function *fn = st_module_find_func(m, name);
  assert_non_null(fn);
  return (uint32_t)(fn - m->funcs);
}

static const char *call_sym_name(const st_module *m, const st_inst *in, unsigned k) {
  return st_module_str(m, m->syms[m->call_syms[in->call_first + k]].name);
}

/* An indirect call of the function pointer `reg` of function fname with one
 * return value and two arguments, as nvcc writes them. */
static void assert_indirect_call(const st_module *m, const st_inst *in, const char *fname,
                                 const char *reg) {
  assert_int_equal(in->op, OP_CALL);
  assert_int_equal(in->call_func, ST_INDIRECT_CALL);
  assert_int_equal(in->nopnds, 1);
  assert_int_equal(in->opnd[0].kind, OPND_REG);
  assert_int_equal(in->opnd[0].reg, ptx_reg(m, fname, reg));
  assert_int_equal(in->n_call_rets, 1);
  assert_int_equal(in->n_call_params, 2);
  assert_string_equal(call_sym_name(m, in, 0), "retval0");
  assert_string_equal(call_sym_name(m, in, 1), "param0");
  assert_string_equal(call_sym_name(m, in, 2), "param1");
  for (unsigned k = 0; k < 3; k++) {
    const st_symbol *s = &m->syms[m->call_syms[in->call_first + k]];
    assert_int_equal(s->kind, SYM_CALL_PARAM);
    assert_int_equal(s->func, func_index(m, fname));
    assert_int_equal(s->size, 4);
  }
  assert_false(in->flags & IF_UNI);
}

static void test_call_ptx(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/func/call/call.ptx");
  const char *twice = "_Z5twicePFjjjEjj";
  assert_indirect_call(m, ptx_inst_at_line(m, 263), twice, "%rd1");
  assert_indirect_call(m, ptx_inst_at_line(m, 280), twice, "%rd1");
  assert_indirect_call(m, ptx_inst_at_line(m, 496), "call_kernel", "%rd33");
  /* The two call sequences reuse the same frame bytes (scopes). */
  const st_inst *a = ptx_inst_at_line(m, 263), *b = ptx_inst_at_line(m, 280);
  assert_int_equal(m->syms[m->call_syms[a->call_first]].offset,
                   m->syms[m->call_syms[b->call_first]].offset);
  char text[128];
  st_inst_format(m, a, text, sizeof text);
  assert_string_equal(text, "call (retval0), %rd1, (param0, param1);");
  /* mov.u64 %rd26, _Z6op_xorjj; ...: the function's address as an immediate */
  static const struct {
    uint32_t line;
    const char *func;
  } movs[] = {{476, "_Z6op_xorjj"}, {477, "_Z6op_addjj"}, {479, "_Z6op_subjj"},
              {480, "_Z6op_muljj"}};
  for (size_t i = 0; i < sizeof movs / sizeof *movs; i++) {
    const st_inst *mov = ptx_inst_at_line(m, movs[i].line);
    assert_int_equal(mov->op, OP_MOV);
    assert_int_equal(mov->type, PT_U64);
    assert_int_equal(mov->opnd[1].kind, OPND_IMM);
    uint32_t f = func_index(m, movs[i].func);
    assert_int_equal((uint64_t)mov->opnd[1].imm, ST_FUNC_ADDRESS(f));
    assert_int_equal(ST_FUNC_INDEX((uint64_t)mov->opnd[1].imm), f);
  }
  /* Direct calls are unchanged. */
  const st_inst *direct = ptx_nth_inst(m, "call_kernel", OP_CALL, 0);
  assert_int_equal(direct->call_func, func_index(m, "_Z3mixjiyfdPKj"));
  assert_int_equal(direct->nopnds, 0);
  st_module_free(m);
}

static void test_simt_ptx(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("tests/func/simt/simt.ptx");
  const st_inst *brx = ptx_inst_at_line(m, 656); /* brx.idx %r182, $Lbrx_ts; */
  assert_non_null(brx);
  assert_int_equal(brx->op, OP_BRX);
  assert_int_equal(brx->nopnds, 2);
  assert_int_equal(brx->opnd[0].kind, OPND_REG);
  assert_string_equal(st_module_str(m, m->regs[m->funcs[brx->func].first_reg +
                                               brx->opnd[0].reg].name),
                      "%r182");
  assert_int_equal(brx->opnd[1].kind, OPND_VEC);
  assert_int_equal(brx->opnd[1].imm, 4);
  static const uint32_t target_lines[] = {658, 661, 664, 667}; /* $Lbrx_0 .. $Lbrx_3 */
  for (unsigned i = 0; i < 4; i++) {
    const st_vec_elem *e = &m->vec_elems[brx->opnd[1].vec_base + i];
    assert_int_equal(e->kind, OPND_LABEL);
    assert_int_equal(e->imm, ptx_pc(m, ptx_inst_at_line(m, target_lines[i])));
  }
  /* The four arms meet at $Lbrx_end, whose first instruction is on line 671. */
  assert_int_equal(brx->reconv, ptx_pc(m, ptx_inst_at_line(m, 671)));
  st_module_free(m);
}

static void test_prototype_forms(void **state) {
  (void)state;
  const char *text =
      HEAD ".extern .func (.param .b32 r) ext(.param .b32 a);\n"
      ".func (.param .align 8 .b8 q[16]) pair(.param .b64 x)\n{\n  ret;\n}\n"
      ".visible .entry k()\n{\n"
      "  .reg .pred %p<2>;\n  .reg .b64 %rd<4>;\n"
      "  mov.u64 %rd1, pair;\n"                                                /* 13 */
      "  mov.b64 %rd2, ext;\n"                                                 /* 14 */
      "  {\n"
      "  .param .b64 x;\n  .param .align 8 .b8 q[16];\n"
      "  P: .callprototype (.param .align 8 .b8 _[16]) _ (.param .b64 _);\n"
      "  @!%p1 call.uni (q), %rd1, (x), P;\n"                                  /* 19 */
      "  }\n"
      "  none: .callprototype _ () .noreturn;\n"
      "  call %rd2, none;\n"                                                   /* 22 */
      "  call %rd2, (), none;\n"                                               /* 23 */
      "  ret;\n}\n";
  st_module *m = ptx_parse_ok(text);
  const st_inst *mov = ptx_inst_at_line(m, 13);
  assert_int_equal((uint64_t)mov->opnd[1].imm, ST_FUNC_ADDRESS(func_index(m, "pair")));
  mov = ptx_inst_at_line(m, 14);
  assert_int_equal((uint64_t)mov->opnd[1].imm, ST_FUNC_ADDRESS(func_index(m, "ext")));
  assert_true(m->funcs[func_index(m, "ext")].is_extern);
  const st_inst *c = ptx_inst_at_line(m, 19);
  assert_int_equal(c->call_func, ST_INDIRECT_CALL);
  assert_int_equal(c->opnd[0].reg, ptx_reg(m, "k", "%rd1"));
  assert_int_equal(c->guard, ptx_reg(m, "k", "%p1"));
  assert_true(c->guard_neg);
  assert_true(c->flags & IF_UNI);
  assert_int_equal(c->n_call_rets, 1);
  assert_int_equal(c->n_call_params, 1);
  assert_string_equal(call_sym_name(m, c, 0), "q");
  assert_string_equal(call_sym_name(m, c, 1), "x");
  for (uint32_t line = 22; line <= 23; line++) {
    c = ptx_inst_at_line(m, line);
    assert_int_equal(c->call_func, ST_INDIRECT_CALL);
    assert_int_equal(c->opnd[0].reg, ptx_reg(m, "k", "%rd2"));
    assert_int_equal(c->n_call_rets, 0);
    assert_int_equal(c->n_call_params, 0);
  }
  st_module_free(m);
}

static void test_function_address_initialisers(void **state) {
  (void)state;
  const char *text = HEAD ".func f()\n{\n  ret;\n}\n"
                          ".func g()\n{\n  ret;\n}\n"
                          ".global .u64 one = g;\n"
                          ".global .align 8 .u64 tab[3] = {g, f, generic(one)+8};\n";
  st_module *m = ptx_parse_ok(text);
  const st_symbol *one = ptx_sym(m, NULL, "one"), *tab = ptx_sym(m, NULL, "tab");
  uint64_t words[4];
  memcpy(&words[0], m->data + one->init, 8);
  memcpy(&words[1], m->data + tab->init, 24);
  assert_int_equal(words[0], ST_FUNC_ADDRESS(func_index(m, "g")));
  assert_int_equal(words[1], ST_FUNC_ADDRESS(func_index(m, "g")));
  assert_int_equal(words[2], ST_FUNC_ADDRESS(func_index(m, "f")));
  assert_int_equal(words[3], 0); /* a variable's address: relocated by the loader */
  /* A function's address is a constant: only the variable gets a relocation. */
  assert_int_equal(m->n_relocs, 1);
  assert_int_equal(m->relocs[0].at, tab->init + 16);
  assert_int_equal(m->relocs[0].sym, (uint32_t)(one - m->syms));
  st_module_free(m);
}

/* A kernel entry's address (the child of a device-side launch,
 * docs/cdp.md) is a constant like a device function's. */
static void test_kernel_entry_address(void **state) {
  (void)state;
  const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n"
                     ".visible .entry child()\n{\n  ret;\n}\n"
                     ".visible .entry parent()\n{\n  .reg .b64 %rd<2>;\n"
                     "  mov.u64 %rd1, child;\n  ret;\n}\n";
  st_module *m = ptx_parse_ok(text);
  const st_inst *mov = ptx_inst_at_line(m, 11);
  assert_int_equal(mov->opnd[1].kind, OPND_IMM);
  assert_int_equal((uint64_t)mov->opnd[1].imm, ST_FUNC_ADDRESS(func_index(m, "child")));
  st_module_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_call_ptx),
      cmocka_unit_test(test_simt_ptx),
      cmocka_unit_test(test_prototype_forms),
      cmocka_unit_test(test_function_address_initialisers),
      cmocka_unit_test(test_kernel_entry_address),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
