/* A unit's C model against its tests, C alone (cmocka, label "unit"): its
 * directed vectors (tests/units/U/vectors.c), one test each, and its other
 * C-model tests (the spec's pseudo-code as a reference, ...). The RTL-vs-C
 * bench (unit_bench.c) runs the same vectors against the RTL.
 *
 * usage: unit_ctests UNIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"

static void on_fail(void *ctx, const char *msg) {
  (void)ctx;
  print_error("%s\n", msg);
}

static void run_vector(void **state) {
  const bv_vector *v = *state;
  bv_env e;
  memset(&e, 0, sizeof e);
  e.fail = on_fail;
  unsigned bad = bv_run_vector(&e, v);
  assert_true(e.checks > 0);
  assert_int_equal(bad, 0);
}

#define MAX_TESTS 128

int main(int argc, char **argv) {
  const ut_unit *t = argc == 2 ? ut_unit_find(argv[1]) : NULL;
  if (t == NULL) {
    fprintf(stderr, "usage: unit_ctests UNIT (a unit with tests/units/UNIT/bench.c)\n");
    return 2;
  }
  static struct CMUnitTest tests[MAX_TESTS];
  size_t n = 0, nv = ut_n_vectors(t), nc = ut_n_ctests(t);
  for (size_t i = 0; i < nv && n < MAX_TESTS; i++, n++) {
    tests[n].name = t->vectors[i].name;
    tests[n].test_func = run_vector;
    tests[n].setup_func = NULL;
    tests[n].teardown_func = NULL;
    tests[n].initial_state = (void *)&t->vectors[i];
  }
  for (size_t i = 0; i < nc && n < MAX_TESTS; i++, n++) {
    tests[n].name = t->ctests[i].name;
    tests[n].test_func = t->ctests[i].run;
    tests[n].setup_func = NULL;
    tests[n].teardown_func = NULL;
    tests[n].initial_state = NULL;
  }
  if (nv == 0) {
    print_error("no directed vector for %s\n", t->name);
    return 1;
  }
  return _cmocka_run_group_tests(t->name, tests, n, NULL, NULL);
}
