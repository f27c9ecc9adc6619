/* Register-file rows (ptx/regalloc.c): registers whose values are never
 * needed at once share a row, and those that are never do. Each case checks
 * the rows the parser assigned and runs the kernel, its outputs against
 * values worked out here; the planted fault (a guarded write taken to end the
 * value before it) must make a run give wrong values. */
#include "ptx_test.h"

#include <stdlib.h>

#include "gpu_fixture.h"

/* ---- the rows assigned ---------------------------------------------------- */

static const st_function *func(const st_module *m, const char *name) {
  const st_function *fn = st_module_find_func(m, name);
  assert_non_null(fn);
  assert_non_null(fn->rows);
  assert_true(fn->n_rows >= 1 && fn->n_rows <= fn->n_regs);
  for (uint32_t r = 0; r < fn->n_regs; r++) {
    assert_true(fn->rows[r] < fn->n_rows);
  }
  return fn;
}

static uint32_t row(const st_module *m, const char *fname, const char *reg) {
  return func(m, fname)->rows[ptx_reg(m, fname, reg)];
}

static st_module *parse(const char *body) {
  char text[8192];
  snprintf(text, sizeof text, "%s%s", header, body);
  return ptx_parse_ok(text);
}

/* A chain of values, each read once by the next: two rows hold it, four the
 * whole kernel (at the address's sum: %r20, %rd1, %rd2 and %rd3). */
static const char *const chain_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<22>;\n"
    "  .reg .b64 %rd<5>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  add.s32 %r2, %r1, 1;\n  add.s32 %r3, %r2, 1;\n  add.s32 %r4, %r3, 1;\n"
    "  add.s32 %r5, %r4, 1;\n  add.s32 %r6, %r5, 1;\n  add.s32 %r7, %r6, 1;\n"
    "  add.s32 %r8, %r7, 1;\n  add.s32 %r9, %r8, 1;\n  add.s32 %r10, %r9, 1;\n"
    "  add.s32 %r11, %r10, 1;\n  add.s32 %r12, %r11, 1;\n  add.s32 %r13, %r12, 1;\n"
    "  add.s32 %r14, %r13, 1;\n  add.s32 %r15, %r14, 1;\n  add.s32 %r16, %r15, 1;\n"
    "  add.s32 %r17, %r16, 1;\n  add.s32 %r18, %r17, 1;\n  add.s32 %r19, %r18, 1;\n"
    "  add.s32 %r20, %r19, 1;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r21, %tid.x;\n"
    "  mul.wide.u32 %rd2, %r21, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r20;\n"
    "  ret;\n"
    "}\n";

static void test_chain_shares_rows(void **state) {
  (void)state;
  st_module *m = parse(chain_ptx);
  const st_function *fn = func(m, "k");
  assert_int_equal(fn->n_regs, 22 + 5);
  assert_int_equal(fn->n_rows, 4);
  /* A destination never takes the row of a source of its own instruction. */
  char a[16], b[16];
  for (int i = 1; i < 20; i++) {
    snprintf(a, sizeof a, "%%r%d", i);
    snprintf(b, sizeof b, "%%r%d", i + 1);
    assert_int_not_equal(row(m, "k", a), row(m, "k", b));
  }
  st_module_free(m);
}

/* A loop: the sum, the counter and the loop's temporary are live together. */
static const char *const loop_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<6>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  mov.u32 %r1, 0;\n"
    "  mov.u32 %r2, %tid.x;\n"
    "$LOOP:\n"
    "  add.s32 %r3, %r2, 5;\n"
    "  add.s32 %r1, %r1, %r3;\n"
    "  add.s32 %r2, %r2, 1;\n"
    "  setp.lt.u32 %p1, %r2, 40;\n"
    "  @%p1 bra $LOOP;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r4, %tid.x;\n"
    "  mul.wide.u32 %rd2, %r4, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r1;\n"
    "  ret;\n"
    "}\n";

static void test_loop_values_apart(void **state) {
  (void)state;
  st_module *m = parse(loop_ptx);
  uint32_t r1 = row(m, "k", "%r1"), r2 = row(m, "k", "%r2"), r3 = row(m, "k", "%r3");
  assert_int_not_equal(r1, r2);
  assert_int_not_equal(r1, r3);
  assert_int_not_equal(r2, r3);
  assert_int_not_equal(row(m, "k", "%p1"), r1);
  assert_int_not_equal(row(m, "k", "%p1"), r2);
  st_module_free(m);
}

/* %r5 is read and never written (it reads 0): no register written before
 * that read may share its row. */
static const char *const undef_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<7>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  add.s32 %r2, %r1, 3;\n"
    "  mul.lo.s32 %r3, %r2, 2;\n"
    "  add.s32 %r4, %r3, %r5;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r4;\n"
    "  ret;\n"
    "}\n";

static void test_unwritten_register_apart(void **state) {
  (void)state;
  st_module *m = parse(undef_ptx);
  uint32_t r5 = row(m, "k", "%r5");
  assert_int_not_equal(row(m, "k", "%r1"), r5);
  assert_int_not_equal(row(m, "k", "%r2"), r5);
  assert_int_not_equal(row(m, "k", "%r3"), r5);
  st_module_free(m);
}

/* A guarded write: the lanes whose guard is false keep %r1's first value,
 * so %r3, written in between, must not take its row. */
static const char *const guard_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<8>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  mov.u32 %r1, 7;\n"
    "  mov.u32 %r2, %tid.x;\n"
    "  and.b32 %r5, %r2, 1;\n"
    "  setp.eq.u32 %p1, %r5, 0;\n"
    "  mov.u32 %r3, 9;\n"
    "  @%p1 mov.u32 %r1, 5;\n"
    "  add.s32 %r4, %r1, %r3;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mul.wide.u32 %rd2, %r2, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r4;\n"
    "  ret;\n"
    "}\n";

static void test_guarded_write_keeps_value(void **state) {
  (void)state;
  st_module *m = parse(guard_ptx);
  uint32_t r1 = row(m, "k", "%r1");
  assert_int_not_equal(r1, row(m, "k", "%r2"));
  assert_int_not_equal(r1, row(m, "k", "%r3"));
  assert_int_not_equal(r1, row(m, "k", "%r5"));
  assert_int_not_equal(r1, row(m, "k", "%p1"));
  st_module_free(m);
}

/* spmv's kernel (the committed workload) declares 109 registers; fewer
 * than a third of that many rows hold them. */
static void test_workload_rows(void **state) {
  (void)state;
  st_module *m = ptx_parse_tree_file("workloads/spmv/spmv.ptx");
  for (uint32_t f = 0; f < m->n_funcs; f++) {
    const st_function *fn = &m->funcs[f];
    if (!fn->is_entry) {
      continue;
    }
    assert_int_equal(fn->n_regs, 109);
    assert_true(fn->n_rows * 3 < fn->n_regs);
  }
  st_module_free(m);
}

/* ---- runs ----------------------------------------------------------------- */

/* Runs kernel k of body on one CTA of n threads with an output buffer of n
 * words, into out. */
static void run(fixture *f, const char *body, uint32_t n, uint32_t *out) {
  st_kmodule *m = load(f, body);
  uint64_t buf;
  assert_int_equal(st_malloc(f->gpu, n * 4, &buf, &f->err), ST_OK);
  st_arg args[] = {ST_ARG_PTR(buf)};
  assert_int_equal(st_launch(f->gpu, m, "k", st_dim3_make(1, 1, 1), st_dim3_make(n, 1, 1), 0,
                             args, 1, &f->err),
                   ST_OK);
  assert_int_equal(st_synchronize(f->gpu, &f->err), ST_OK);
  assert_int_equal(st_memcpy_dtoh(f->gpu, out, buf, n * 4, &f->err), ST_OK);
}

static void test_runs(void **state) {
  fixture *f = *state;
  uint32_t out[64];
  run(f, chain_ptx, 64, out);
  for (uint32_t t = 0; t < 64; t++) {
    assert_int_equal(out[t], t + 19);
  }
  run(f, loop_ptx, 64, out);
  for (uint32_t t = 0; t < 64; t++) {
    uint32_t sum = 0;
    uint32_t i = t;
    do { /* the loop runs once even when tid >= 40 */
      sum += i + 5;
      i++;
    } while (i < 40);
    assert_int_equal(out[t], sum);
  }
  run(f, undef_ptx, 64, out);
  for (uint32_t t = 0; t < 64; t++) {
    assert_int_equal(out[t], (t + 3) * 2);
  }
  run(f, guard_ptx, 64, out);
  for (uint32_t t = 0; t < 64; t++) {
    assert_int_equal(out[t], t % 2 ? 16 : 14);
  }
}

/* shfl reads other lanes of its source while it writes its destination: the
 * two keep apart (the source's last read is the shfl). */
static const char *const shfl_ptx =
    ".visible .entry k(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<8>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mul.lo.s32 %r2, %r1, 3;\n"
    "  add.s32 %r3, %r1, 1;\n"
    "  and.b32 %r4, %r3, 31;\n"
    "  shfl.sync.idx.b32 %r5, %r2, %r4, 31, 0xffffffff;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n"
    "}\n";

static void test_shfl_source_apart(void **state) {
  fixture *f = *state;
  st_module *m = parse(shfl_ptx);
  assert_int_not_equal(row(m, "k", "%r5"), row(m, "k", "%r2"));
  assert_int_not_equal(row(m, "k", "%r5"), row(m, "k", "%r4"));
  st_module_free(m);
  uint32_t out[32];
  run(f, shfl_ptx, 32, out);
  for (uint32_t t = 0; t < 32; t++) {
    assert_int_equal(out[t], ((t + 1) % 32) * 3);
  }
}

/* The planted fault: a guarded write taken to end the value before it. The
 * rows then let %r1's first value be overwritten, and the run's values for
 * the lanes whose guard is false are wrong. */
static void test_planted_fault_caught(void **state) {
  fixture *f = *state;
  setenv("SIMTREF_FAULT", "regalloc-guard-kills", 1);
  st_module *m = parse(guard_ptx);
  uint32_t shared = row(m, "k", "%r1") == row(m, "k", "%r2") ||
                    row(m, "k", "%r1") == row(m, "k", "%r3") ||
                    row(m, "k", "%r1") == row(m, "k", "%r5");
  st_module_free(m);
  uint32_t out[64];
  run(f, guard_ptx, 64, out);
  unsetenv("SIMTREF_FAULT");
  assert_true(shared);
  uint32_t wrong = 0;
  for (uint32_t t = 0; t < 64; t++) {
    wrong += out[t] != (t % 2 ? 16u : 14u);
  }
  assert_true(wrong > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_chain_shares_rows),
      cmocka_unit_test(test_loop_values_apart),
      cmocka_unit_test(test_unwritten_register_apart),
      cmocka_unit_test(test_guarded_write_keeps_value),
      cmocka_unit_test(test_workload_rows),
      cmocka_unit_test_setup_teardown(test_runs, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shfl_source_apart, setup, teardown),
      cmocka_unit_test_setup_teardown(test_planted_fault_caught, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
