/* Symbol layout as ir.h specifies: kernel parameter buffer, .func parameter
 * frames with call-site variables, module and entry .shared, .local frames,
 * .global and .const blocks; and the performance directives. */
#include "ptx_test.h"

static const char layout_ptx[] =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".shared .align 8 .b8 ms[12];\n"                       /* module shared: 0..12 */
    ".shared .align 16 .f32 ms2[3];\n"                     /* 16..28 */
    ".extern .shared .align 16 .b8 dyn[];\n"
    ".global .u8 g1;\n"                                    /* 0 */
    ".global .align 8 .u64 g2 = 5;\n"                      /* 8 */
    ".const .align 4 .u32 c1[3] = {1, 2, 3};\n"            /* 0..12 */
    ".func (.param .align 16 .b8 r[32]) f(.param .u8 a, .param .align 8 .b8 s[12])\n"
    "{\n  ret;\n}\n"
    ".visible .entry k(.param .u32 k0, .param .align 8 .b8 k1[12], .param .u8 k2,\n"
    "                  .param .u64 .ptr .global .align 16 k3)\n"
    "  .maxntid 256, 2 .minnctapersm 4 .maxnreg 64\n"
    "{\n"
    "  .local .align 4 .b8 l1[6];\n"                       /* 0..6 */
    "  .local .align 8 .u64 l2;\n"                         /* 8..16 */
    "  .shared .align 4 .b32 es[5];\n"                     /* entry shared 0..20 */
    "  .shared .u16 es2;\n"                                /* 20..22 */
    "  { .param .u8 a1; .param .align 8 .b8 a2[12]; .param .align 16 .b8 rv[32];\n"
    "    call.uni (rv), f, (a1, a2); }\n"
    "  { .param .b32 only; }\n"
    "  ret;\n"
    "}\n"
    ".visible .entry k2() .reqntid 32, 4, 2\n{\n  ret;\n}\n";

static void test_layout(void **state) {
  (void)state;
  st_module *m = ptx_parse_ok(layout_ptx);
  /* module-scope .shared, .global, .const */
  assert_int_equal(ptx_sym(m, NULL, "ms")->offset, 0);
  assert_int_equal(ptx_sym(m, NULL, "ms2")->offset, 16);
  assert_int_equal(m->shared_bytes, 28);
  const st_symbol *dyn = ptx_sym(m, NULL, "dyn");
  assert_true(dyn->is_extern);
  assert_int_equal(dyn->size, 0);
  assert_int_equal(ptx_sym(m, NULL, "g1")->offset, 0);
  assert_int_equal(ptx_sym(m, NULL, "g2")->offset, 8);
  assert_int_equal(m->global_bytes, 16);
  assert_int_equal(m->const_bytes, 12);
  assert_int_equal(m->data[ptx_sym(m, NULL, "g2")->init], 5);
  /* .func frame: the return parameter, then the parameters */
  const st_function *f = st_module_find_func(m, "f");
  assert_int_equal(ptx_sym(m, "f", "r")->offset, 0);
  assert_int_equal(ptx_sym(m, "f", "r")->kind, SYM_RETURN);
  assert_int_equal(ptx_sym(m, "f", "a")->offset, 32);
  assert_int_equal(ptx_sym(m, "f", "s")->offset, 40);
  assert_int_equal(f->frame_param_bytes, 52);
  assert_int_equal(f->param_bytes, 0);
  /* kernel parameter buffer, in order with alignment */
  const st_function *k = st_module_find_func(m, "k");
  assert_true(k->is_entry);
  assert_int_equal(k->n_params, 4);
  assert_int_equal(m->syms[k->params[0]].offset, 0);
  assert_int_equal(m->syms[k->params[1]].offset, 8);
  assert_int_equal(m->syms[k->params[1]].size, 12);
  assert_int_equal(m->syms[k->params[2]].offset, 20);
  assert_int_equal(m->syms[k->params[3]].offset, 24); /* .ptr .align is the pointee's */
  assert_int_equal(m->syms[k->params[3]].align, 8);
  assert_int_equal(k->param_bytes, 32);
  /* locals and entry shared */
  assert_int_equal(ptx_sym(m, "k", "l1")->offset, 0);
  assert_int_equal(ptx_sym(m, "k", "l2")->offset, 8);
  assert_int_equal(k->local_bytes, 16);
  assert_int_equal(ptx_sym(m, "k", "es")->offset, 0);
  assert_int_equal(ptx_sym(m, "k", "es2")->offset, 20);
  assert_int_equal(k->shared_bytes, 22);
  /* call-site variables: a scope's frame space is reused after it closes */
  const st_symbol *a1 = ptx_sym(m, "k", "a1");
  assert_int_equal(a1->kind, SYM_CALL_PARAM);
  assert_int_equal(a1->offset, 0);
  assert_int_equal(ptx_sym(m, "k", "a2")->offset, 8);
  assert_int_equal(ptx_sym(m, "k", "rv")->offset, 32);
  assert_int_equal(ptx_sym(m, "k", "only")->offset, 0);
  assert_int_equal(k->frame_param_bytes, 64);
  /* performance directives */
  assert_int_equal(k->max_ntid[0], 256);
  assert_int_equal(k->max_ntid[1], 2);
  assert_int_equal(k->max_ntid[2], 1);
  assert_int_equal(k->min_ctas_per_sm, 4);
  assert_int_equal(k->max_nreg, 64);
  const st_function *k2 = st_module_find_func(m, "k2");
  assert_int_equal(k2->reqntid[0], 32);
  assert_int_equal(k2->reqntid[1], 4);
  assert_int_equal(k2->reqntid[2], 2);
  assert_int_equal(k2->n_insts, 1);
  assert_null(st_module_find_func(m, "nope"));
  st_module_free(m);
}

/* A prototype, a call through it, then the definition: one function whose
 * parameters take the definition's names. */
static void test_prototype_then_definition(void **state) {
  (void)state;
  const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n"
                     ".func (.param .b32 r0) g(.param .b32 p0);\n"
                     ".visible .entry k()\n{\n"
                     "  .reg .b32 %r<2>;\n"
                     "  { .param .b32 a; .param .b32 r; st.param.b32 [a], 1;\n"
                     "    call.uni (r), g, (a); ld.param.b32 %r1, [r]; }\n"
                     "  ret;\n}\n"
                     ".func (.param .b32 ret_val) g(.param .b32 x)\n{\n"
                     "  .reg .b32 %r<2>;\n"
                     "  ld.param.b32 %r1, [x];\n"
                     "  st.param.b32 [ret_val], %r1;\n"
                     "  ret;\n}\n";
  st_module *m = ptx_parse_ok(text);
  assert_int_equal(m->n_funcs, 2);
  const st_function *g = st_module_find_func(m, "g");
  assert_false(g->is_extern);
  assert_int_equal(g->n_insts, 3);
  assert_string_equal(st_module_str(m, m->syms[g->params[0]].name), "x");
  assert_string_equal(st_module_str(m, m->syms[g->rets[0]].name), "ret_val");
  const st_inst *call = ptx_nth_inst(m, "k", OP_CALL, 0);
  assert_ptr_equal(&m->funcs[call->call_func], g);
  const st_inst *ld = ptx_nth_inst(m, "g", OP_LD, 0);
  assert_int_equal(ld->opnd[1].sym, g->params[0]);
  st_module_free(m);
}

static void test_debug_directives_are_skipped(void **state) {
  (void)state;
  const char *text = "//\n// Generated by NVIDIA NVVM Compiler\n//\n"
                     ".version 9.0\n.target sm_75, debug\n.address_size 64\n"
                     ".file 1 \"/tmp/x.cu\"\n"
                     ".file 2 \"/usr/include/y.h\", 1700000000, 1234\n"
                     ".visible .entry k()\n{\n"
                     "  .loc 1 5 3\n"
                     "  ret; /* a comment\n spanning lines */\n"
                     "  .loc 1 6 1, function_name $L__info_string0, inlined_at 1 2 3\n"
                     "}\n"
                     ".section .debug_str\n{\n$L__info_string0:\n.b8 95\n.b8 0\n}\n"
                     ".pragma \"nounroll\";\n";
  st_module *m = ptx_parse_ok(text);
  assert_int_equal(m->n_insts, 1);
  assert_int_equal(m->insts[0].line, 12);
  st_module_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_prototype_then_definition),
      cmocka_unit_test(test_debug_directives_are_skipped),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
