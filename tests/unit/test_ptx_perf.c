/* Parsing time grows linearly: a generated kernel of 28,000 lines (labels,
 * branches, loads, fma with immediates, thousands of registers) parses well
 * within two seconds even under the sanitizers (a quadratic step would take
 * minutes). */
#include <stdlib.h>
#include <time.h>

#include "common/strbuf.h"
#include "ptx_test.h"

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void test_large_kernel(void **state) {
  (void)state;
  st_strbuf sb = ST_STRBUF_INIT;
  st_strbuf_puts(&sb, ".version 9.0\n.target sm_75\n.address_size 64\n"
                      ".visible .entry big(.param .u64 p)\n{\n"
                      "  .reg .pred %p<100>;\n  .reg .b32 %r<5000>;\n"
                      "  .reg .b64 %rd<100>;\n  .reg .f32 %f<5000>;\n"
                      "  ld.param.u64 %rd1, [p];\n");
  const unsigned n = 20000;
  for (unsigned i = 0; i < n; i++) {
    unsigned k = i % 4999 + 1;
    if (i % 10 == 0) {
      st_strbuf_printf(&sb, "  setp.lt.s32 %%p%u, %%r%u, %u;\n  @%%p%u bra $L__BB%u;\n"
                            "  add.s32 %%r%u, %%r%u, 1;\n$L__BB%u:\n",
                       i % 99 + 1, k, i, i % 99 + 1, i, k, k, i);
    } else if (i % 3 == 0) {
      st_strbuf_printf(&sb, "  fma.rn.f32 %%f%u, %%f%u, 0f3F800000, %%f%u;\n", k, k,
                       (k * 7) % 4999 + 1);
    } else {
      st_strbuf_printf(&sb, "  ld.global.u32 %%r%u, [%%rd1+%u];\n", k, 4 * k);
    }
  }
  st_strbuf_puts(&sb, "  ret;\n}\n");
  assert_false(sb.failed);
  double t0 = seconds_now();
  st_module *m = ptx_parse_ok(st_strbuf_cstr(&sb));
  double elapsed = seconds_now() - t0;
  print_message("parsed %zu bytes, %u instructions in %.3f s\n", sb.len, m->n_insts, elapsed);
  assert_int_equal(m->n_insts, n + n / 10 * 2 + 2);
  assert_true(elapsed < 2.0);
  st_module_free(m);
  st_strbuf_free(&sb);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_large_kernel)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
