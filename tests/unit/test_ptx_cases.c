/* Accept/reject verdicts for single instructions, from the table in
 * tests/ptx/cases/instructions.txt ("ok INSTRUCTION" or "err INSTRUCTION", with
 * '#' comments); tests/ptx/ptxas-verdicts.sh compares the table with ptxas. */
#include <stdlib.h>

#include "ptx_test.h"

static void test_instruction_verdicts(void **state) {
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/ptx/cases/instructions.txt", SIMTREF_SOURCE_DIR);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[512];
  unsigned n = 0, wrong = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    char *hash = strchr(line, '#');
    if (hash != NULL) {
      *hash = '\0';
    }
    char *end = line + strlen(line);
    while (end > line && (end[-1] == ' ' || end[-1] == '\n')) {
      *--end = '\0';
    }
    if (line[0] == '\0') {
      continue;
    }
    bool want_ok = strncmp(line, "ok ", 3) == 0;
    assert_true(want_ok || strncmp(line, "err ", 4) == 0);
    const char *inst = line + (want_ok ? 3 : 4);
    while (*inst == ' ') {
      inst++;
    }
    char text[4096];
    ptx_test_wrap(text, sizeof text, inst);
    st_module *m = NULL;
    st_error err;
    st_status s = st_ptx_parse(text, strlen(text), "t.ptx", &m, &err);
    if ((s == ST_OK) != want_ok) {
      print_error("%s: expected %s, got %s\n", inst, want_ok ? "ok" : "an error",
                  s == ST_OK ? "ok" : err.msg);
      wrong++;
    } else if (s != ST_OK) {
      /* Every rejection names its place in the instruction's line. */
      char where[32];
      snprintf(where, sizeof where, "t.ptx:%d:", PTX_TEST_LINE);
      if (strncmp(err.msg, where, strlen(where)) != 0) {
        print_error("%s: error not on its line: %s\n", inst, err.msg);
        wrong++;
      }
    }
    st_module_free(m);
    n++;
  }
  fclose(f);
  assert_true(n > 300);
  assert_int_equal(wrong, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_instruction_verdicts)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
