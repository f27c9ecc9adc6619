/* The BAWS scheduler units' C models against spec/baws.md: every directed
 * vector of vectors.c of one unit family (BAWS_FAMILY: "wsched", "fetch" or
 * "wpt"), one cmocka test each, on the C model alone. The RTL-vs-C bench
 * (baws_cosim.c) runs the same vectors against the RTL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bv.h"

#ifndef BAWS_FAMILY
#error "BAWS_FAMILY must name the unit family"
#endif

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

int main(void) {
  static struct CMUnitTest tests[64];
  static const bv_vector *state[64];
  size_t n = 0, flen = strlen(BAWS_FAMILY);
  for (size_t i = 0; i < bv_n_vectors && n < 64; i++) {
    if (strncmp(bv_vectors[i].unit, BAWS_FAMILY, flen) == 0) {
      state[n] = &bv_vectors[i];
      tests[n].name = bv_vectors[i].name;
      tests[n].test_func = run_vector;
      tests[n].setup_func = NULL;
      tests[n].teardown_func = NULL;
      tests[n].initial_state = (void *)state[n];
      n++;
    }
  }
  if (n == 0) {
    print_error("no vector of family %s\n", BAWS_FAMILY);
    return 1;
  }
  return _cmocka_run_group_tests("baws_" BAWS_FAMILY, tests, n, NULL, NULL);
}
