/* Basic blocks and immediate post-dominators: st_inst.reconv of every branch
 * on diamonds, nested ifs, loops with break and continue, paths that only
 * meet at exit, predicated ret/exit, infinite loops, the implicit ret, and
 * brx.idx with its .branchtargets table. */
#include "ptx_test.h"

#define KERNEL_HEAD                                                                     \
  ".version 9.0\n.target sm_75\n.address_size 64\n"                                  \
  ".visible .entry k(.param .u32 n)\n{\n"                                            \
  "  .reg .pred %p<4>;\n  .reg .b32 %r<8>;\n"

/* Parses KERNEL_HEAD + body + "}" and returns the module; the body's first
 * instruction is PC 0. */
static st_module *kernel(const char *body) {
  char text[4096];
  snprintf(text, sizeof text, "%s%s}\n", KERNEL_HEAD, body);
  st_module *m = ptx_parse_ok(text);
  assert_int_equal(m->funcs[0].first_inst, 0);
  return m;
}

static void assert_branch(const st_module *m, uint32_t pc, uint32_t target, uint32_t reconv) {
  const st_inst *in = &m->insts[pc];
  assert_int_equal(in->op, OP_BRA);
  assert_int_equal(in->opnd[0].imm, target);
  assert_int_equal(in->reconv, reconv);
}

static void test_diamond(void **state) {
  (void)state;
  st_module *m = kernel("  ld.param.u32 %r1, [n];\n"   /* 0 */
                        "  setp.lt.s32 %p1, %r1, 5;\n" /* 1 */
                        "  @%p1 bra ELSE;\n"           /* 2 */
                        "  add.s32 %r2, %r1, 1;\n"     /* 3 */
                        "  bra.uni JOIN;\n"            /* 4 */
                        "ELSE:\n"
                        "  add.s32 %r2, %r1, 2;\n" /* 5 */
                        "JOIN:\n"
                        "  add.s32 %r3, %r2, 1;\n" /* 6 */
                        "  ret;\n");               /* 7 */
  assert_branch(m, 2, 5, 6);
  assert_branch(m, 4, 6, 6);
  assert_int_equal(m->funcs[0].n_insts, 8);
  st_module_free(m);
}

static void test_nested_ifs(void **state) {
  (void)state;
  st_module *m = kernel("  @%p1 bra OUT;\n"          /* 0 */
                        "  @%p2 bra INNER_ELSE;\n"   /* 1 */
                        "  add.s32 %r1, %r1, 1;\n"   /* 2 */
                        "  bra.uni INNER_JOIN;\n"    /* 3 */
                        "INNER_ELSE:\n"
                        "  add.s32 %r1, %r1, 2;\n"   /* 4 */
                        "INNER_JOIN:\n"
                        "  @%p3 bra OUT;\n"          /* 5 */
                        "  add.s32 %r1, %r1, 3;\n"   /* 6 */
                        "OUT:\n"
                        "  ret;\n");                 /* 7 */
  assert_branch(m, 0, 7, 7);
  assert_branch(m, 1, 4, 5);
  assert_branch(m, 3, 5, 5);
  assert_branch(m, 5, 7, 7);
  st_module_free(m);
}

static void test_loop_break_continue(void **state) {
  (void)state;
  st_module *m = kernel("LOOP:\n"
                        "  add.s32 %r1, %r1, 1;\n" /* 0 */
                        "  @%p1 bra CONT;\n"       /* 1: continue */
                        "  @%p2 bra AFTER;\n"      /* 2: break */
                        "  add.s32 %r2, %r2, 1;\n" /* 3 */
                        "CONT:\n"
                        "  @%p3 bra LOOP;\n"       /* 4: back edge */
                        "AFTER:\n"
                        "  ret;\n");               /* 5 */
  /* The break path skips CONT, so the continue only reconverges after the loop. */
  assert_branch(m, 1, 4, 5);
  assert_branch(m, 2, 5, 5);
  assert_branch(m, 4, 0, 5);
  st_module_free(m);
}

static void test_loop_continue_only(void **state) {
  (void)state;
  st_module *m = kernel("LOOP:\n"
                        "  @%p1 bra CONT;\n"       /* 0: continue */
                        "  add.s32 %r2, %r2, 1;\n" /* 1 */
                        "CONT:\n"
                        "  add.s32 %r1, %r1, 1;\n" /* 2 */
                        "  @%p3 bra LOOP;\n"       /* 3 */
                        "  ret;\n");               /* 4 */
  assert_branch(m, 0, 2, 2);
  assert_branch(m, 3, 0, 4);
  st_module_free(m);
}

static void test_paths_meet_only_at_exit(void **state) {
  (void)state;
  st_module *m = kernel("  @%p1 bra B;\n"          /* 0 */
                        "  add.s32 %r1, %r1, 1;\n" /* 1 */
                        "  exit;\n"                /* 2 */
                        "B:\n"
                        "  add.s32 %r1, %r1, 2;\n" /* 3 */
                        "  ret;\n");               /* 4 */
  assert_branch(m, 0, 3, ST_NO_PC);
  st_module_free(m);
}

static void test_predicated_ret_is_an_exit_edge(void **state) {
  (void)state;
  st_module *m = kernel("  @%p1 bra A;\n"          /* 0 */
                        "  @%p2 ret;\n"            /* 1: may leave early */
                        "  add.s32 %r1, %r1, 1;\n" /* 2 */
                        "A:\n"
                        "  @%p3 bra C;\n"          /* 3 */
                        "  @!%p2 exit;\n"          /* 4 */
                        "C:\n"
                        "  ret;\n");               /* 5 */
  assert_branch(m, 0, 3, ST_NO_PC);
  assert_branch(m, 3, 5, ST_NO_PC);
  st_module_free(m);
  m = kernel("  @%p1 ret;\n"            /* 0 */
             "  @%p2 bra X;\n"          /* 1 */
             "  add.s32 %r1, %r1, 1;\n" /* 2 */
             "X:\n"
             "  trap;\n");              /* 3 */
  assert_branch(m, 1, 3, 3);
  st_module_free(m);
}

static void test_infinite_loop(void **state) {
  (void)state;
  st_module *m = kernel("  @%p1 bra DONE;\n" /* 0 */
                        "SPIN:\n"
                        "  bra.uni SPIN;\n" /* 1: never reaches exit */
                        "DONE:\n"
                        "  ret;\n");        /* 2 */
  /* Blocks that never reach the exit are left out of post-dominance: the
   * branch into the spin loop reconverges where its other path goes. */
  assert_branch(m, 0, 2, 2);
  assert_branch(m, 1, 1, ST_NO_PC);
  st_module_free(m);
}

static void test_label_at_the_end_gets_a_ret(void **state) {
  (void)state;
  st_module *m = kernel("  @%p1 bra END;\n"        /* 0 */
                        "  add.s32 %r1, %r1, 1;\n"  /* 1 */
                        "END:\n");                  /* 2: implicit ret */
  assert_int_equal(m->funcs[0].n_insts, 3);
  assert_int_equal(m->insts[2].op, OP_RET);
  assert_int_equal(m->insts[2].guard, ST_NO_REG);
  assert_branch(m, 0, 2, 2);
  st_module_free(m);
  /* After a ret, a trailing label also needs an instruction to point at. */
  m = kernel("  @%p1 bra END;\n  ret;\nEND:\n");
  assert_int_equal(m->funcs[0].n_insts, 3);
  assert_branch(m, 0, 2, ST_NO_PC);
  st_module_free(m);
}

static void test_calls_do_not_split_paths(void **state) {
  (void)state;
  const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n"
                     ".func f()\n{\n  ret;\n}\n"
                     ".visible .entry k()\n{\n  .reg .pred %p<2>;\n"
                     "  @%p1 bra J;\n"          /* 1 */
                     "  call.uni f, ();\n"      /* 2 */
                     "J:\n  ret;\n}\n";         /* 3 */
  st_module *m = ptx_parse_ok(text);
  assert_branch(m, 1, 3, 3);
  assert_int_equal(m->insts[2].op, OP_CALL);
  st_module_free(m);
}

/* The targets of the brx.idx at pc, in table order, and its reconvergence PC. */
static void assert_brx(const st_module *m, uint32_t pc, const uint32_t *targets, uint32_t n,
                       uint32_t reconv) {
  const st_inst *in = &m->insts[pc];
  assert_int_equal(in->op, OP_BRX);
  assert_int_equal(in->nopnds, 2);
  assert_int_equal(in->opnd[1].kind, OPND_VEC);
  assert_int_equal(in->opnd[1].imm, n);
  for (uint32_t i = 0; i < n; i++) {
    const st_vec_elem *e = &m->vec_elems[in->opnd[1].vec_base + i];
    assert_int_equal(e->kind, OPND_LABEL);
    assert_int_equal(e->imm, targets[i]);
  }
  assert_int_equal(in->reconv, reconv);
}

static void test_brx_four_way_join(void **state) {
  (void)state;
  st_module *m = kernel("  and.b32 %r1, %r1, 3;\n"     /* 0 */
                        "  {\n"
                        "  $T: .branchtargets $L0, $L1, $L2, $L3;\n"
                        "  brx.idx %r1, $T;\n"         /* 1 */
                        "$L0:\n"
                        "  mov.u32 %r2, 100;\n"        /* 2 */
                        "  bra.uni $END;\n"            /* 3 */
                        "$L1:\n"
                        "  add.u32 %r2, %r1, 200;\n"   /* 4 */
                        "  bra.uni $END;\n"            /* 5 */
                        "$L2:\n"
                        "  mul.lo.u32 %r2, %r1, 3;\n"  /* 6 */
                        "  bra.uni $END;\n"            /* 7 */
                        "$L3:\n"
                        "  not.b32 %r2, %r1;\n"        /* 8 */
                        "$END:\n"
                        "  }\n"
                        "  add.s32 %r3, %r2, 1;\n"     /* 9 */
                        "  ret;\n");                   /* 10 */
  static const uint32_t targets[] = {2, 4, 6, 8};
  assert_brx(m, 1, targets, 4, 9);
  assert_int_equal(m->insts[1].opnd[0].kind, OPND_REG);
  assert_int_equal(m->insts[1].opnd[0].reg, ptx_reg(m, "k", "%r1"));
  assert_int_equal(m->insts[1].guard, ST_NO_REG);
  assert_branch(m, 3, 9, 9);
  assert_branch(m, 7, 9, 9);
  char text[128];
  st_inst_format(m, &m->insts[1], text, sizeof text);
  assert_string_equal(text, "brx.idx %r1, {$PC2, $PC4, $PC6, $PC8};");
  st_module_free(m);
}

static void test_brx_guarded_repeated_targets(void **state) {
  (void)state;
  /* @%p brx also falls through; a table may name a label twice; the table may
   * come after the brx and be shared by two of them. */
  st_module *m = kernel("  @%p1 brx.idx.uni %r1, $T;\n" /* 0 */
                        "  add.s32 %r2, %r2, 1;\n"      /* 1: fall-through */
                        "  brx.idx 1, $T;\n"            /* 2 */
                        "A:\n"
                        "  add.s32 %r2, %r2, 2;\n"      /* 3 */
                        "  bra.uni J;\n"                /* 4 */
                        "B:\n"
                        "  add.s32 %r2, %r2, 3;\n"      /* 5 */
                        "J:\n"
                        "  $T: .branchtargets B, A, B;\n"
                        "  ret;\n");                    /* 6 */
  static const uint32_t targets[] = {5, 3, 5};
  assert_brx(m, 0, targets, 3, 6);
  assert_brx(m, 2, targets, 3, 6);
  assert_int_equal(m->insts[0].opnd[1].vec_base, m->insts[2].opnd[1].vec_base);
  assert_true(m->insts[0].flags & IF_UNI);
  assert_int_equal(m->insts[0].guard, ptx_reg(m, "k", "%p1"));
  assert_int_equal(m->insts[2].opnd[0].kind, OPND_IMM);
  assert_int_equal(m->insts[2].opnd[0].imm, 1);
  char text[128];
  st_inst_format(m, &m->insts[0], text, sizeof text);
  assert_string_equal(text, "@%p1 brx.idx.uni %r1, {$PC5, $PC3, $PC5};");
  st_module_free(m);
  /* Both paths of the guarded brx go through the table: its post-dominator
   * is the table's, not the table itself. */
  m = kernel("  @%p1 brx.idx %r1, $T;\n" /* 0 */
             "  brx.idx %r2, $T;\n"      /* 1 */
             "A:\n"
             "  add.s32 %r3, %r3, 1;\n"  /* 2 */
             "  bra.uni J;\n"            /* 3 */
             "B:\n"
             "  add.s32 %r3, %r3, 2;\n"  /* 4 */
             "J:\n"
             "  ret;\n"                  /* 5 */
             "  $T: .branchtargets A, B;\n");
  static const uint32_t ab[] = {2, 4};
  assert_brx(m, 0, ab, 2, 5);
  assert_brx(m, 1, ab, 2, 5);
  st_module_free(m);
}

static void test_brx_paths_meet_only_at_exit(void **state) {
  (void)state;
  st_module *m = kernel("  $T: .branchtargets A, B;\n"
                        "  brx.idx %r1, $T;\n" /* 0 */
                        "A:\n"
                        "  exit;\n"            /* 1 */
                        "B:\n"
                        "  ret;\n");           /* 2 */
  static const uint32_t targets[] = {1, 2};
  assert_brx(m, 0, targets, 2, ST_NO_PC);
  st_module_free(m);
  /* An unguarded brx ends a body: no implicit ret after a trailing one. */
  m = kernel("L:\n  $T: .branchtargets L;\n  add.s32 %r1, %r1, 1;\n  brx.idx %r1, $T;\n");
  assert_int_equal(m->funcs[0].n_insts, 2);
  static const uint32_t loop[] = {0};
  assert_brx(m, 1, loop, 1, ST_NO_PC);
  st_module_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_diamond),
      cmocka_unit_test(test_nested_ifs),
      cmocka_unit_test(test_loop_break_continue),
      cmocka_unit_test(test_loop_continue_only),
      cmocka_unit_test(test_paths_meet_only_at_exit),
      cmocka_unit_test(test_predicated_ret_is_an_exit_edge),
      cmocka_unit_test(test_infinite_loop),
      cmocka_unit_test(test_label_at_the_end_gets_a_ret),
      cmocka_unit_test(test_calls_do_not_split_paths),
      cmocka_unit_test(test_brx_four_way_join),
      cmocka_unit_test(test_brx_guarded_repeated_targets),
      cmocka_unit_test(test_brx_paths_meet_only_at_exit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
