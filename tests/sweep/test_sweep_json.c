/* Unit tests of the sweep helpers that need no simulation: the stats.json
 * reader (tools/simtref/sweep_json.c) and shell quoting (sweep_util.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "sweep_json.h"
#include "sweep_util.h"

static const char *const good =
    "{\n  \"simtref_version\": \"0.1.0\",\n  \"workload\": \"mm\",\n  \"cycles\": 75890,\n"
    "  \"ipc\": 61.744947,\n  \"neg\": -1.5e-3,\n  \"esc\": \"a\\\"b\\\\c\\u0041\",\n"
    "  \"flag\": true,\n  \"none\": null,\n"
    "  \"kernels\": [\n    {\n      \"name\": \"k\",\n      \"cycles\": 1 \n    }\n  ]\n}\n";

static void reads_top_level_scalars_in_order(void **state) {
  (void)state;
  sweep_stats s;
  char err[128];
  assert_true(sweep_stats_parse(good, &s, err, sizeof err));
  assert_true(s.has_kernels);
  assert_int_equal(s.n, 6); /* true and null are not kept */
  assert_string_equal(s.m[0].key, "simtref_version");
  assert_false(s.m[0].is_number);
  assert_string_equal(s.m[2].key, "cycles");
  assert_true(s.m[2].is_number);
  assert_string_equal(s.m[2].text, "75890");
  const sweep_json_member *ipc = sweep_stats_get(&s, "ipc");
  assert_non_null(ipc);
  assert_string_equal(ipc->text, "61.744947");
  assert_true(ipc->number == 61.744947);
  assert_true(sweep_stats_get(&s, "neg")->number == -1.5e-3);
  assert_string_equal(sweep_stats_get(&s, "esc")->text, "a\"b\\cA");
  assert_null(sweep_stats_get(&s, "name")); /* kernels' members are not top-level */
  sweep_stats_free(&s);
}

static void rejects_bad_json(void **state) {
  (void)state;
  const char *bad[] = {
      "",                              /* empty */
      "[1]",                           /* not an object */
      "{\"a\": 1,}",                   /* trailing comma */
      "{\"a\": 01}",                   /* leading zero */
      "{\"a\": 1.}",                   /* no fraction digits */
      "{\"a\": \"x}",                  /* unterminated string */
      "{\"a\": 1} x",                  /* text after the object */
      "{\"a\": [1, 2}",                /* unbalanced */
      "{a: 1}",                        /* unquoted name */
      "{\"a\": tru}",                  /* bad word */
      "{\"kernels\": [\n    {\n      \"name\": \"k\"", /* cut short */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sweep_stats s;
    char err[128] = "";
    if (sweep_stats_parse(bad[i], &s, err, sizeof err)) {
      fail_msg("accepted bad JSON #%zu: %s", i, bad[i]);
    }
    assert_true(strncmp(err, "line ", 5) == 0);
  }
}

static void reads_non_finite_numbers(void **state) {
  (void)state;
  sweep_stats s;
  char err[128];
  assert_true(sweep_stats_parse("{\"a\": nan, \"b\": -inf, \"c\": [-nan]}", &s, err, sizeof err));
  assert_int_equal(s.n, 2);
  assert_true(s.m[0].is_number);
  assert_true(s.m[0].number != s.m[0].number);
  assert_string_equal(s.m[1].text, "-inf");
  sweep_stats_free(&s);
}

static char *write_temp(const char *text, size_t len) {
  char *path = sw_strdup("/tmp/sweep-json-XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, len), (ssize_t)len);
  close(fd);
  return path;
}

static void complete_means_whole_file(void **state) {
  (void)state;
  char *p = write_temp(good, strlen(good));
  assert_true(sweep_stats_complete(p));
  remove(p);
  free(p);
  /* Cut anywhere: not complete. */
  for (size_t cut = 0; cut < strlen(good); cut += 7) {
    p = write_temp(good, cut);
    assert_false(sweep_stats_complete(p));
    remove(p);
    free(p);
  }
  /* Valid JSON without the writer's ending or without kernels: not complete. */
  const char *others[] = {"{\"kernels\": []}", "{\"a\": 1}\n", "{\"a\": [\n]\n}\n"};
  for (size_t i = 0; i < 3; i++) {
    p = write_temp(others[i], strlen(others[i]));
    assert_false(sweep_stats_complete(p));
    remove(p);
    free(p);
  }
  assert_false(sweep_stats_complete("/nonexistent/stats.json"));
}

static void shell_join_quotes_what_needs_it(void **state) {
  (void)state;
  char *argv[] = {"/opt/simtref/bin/simtref", "sweep", "/home/a b/it's.yaml", "--job",
                  "mm/tiny/n1", "", "x=1,y@2%3+4:5", NULL};
  char *s = sw_shell_join(argv);
  assert_string_equal(s, "/opt/simtref/bin/simtref sweep '/home/a b/it'\\''s.yaml' --job "
                         "mm/tiny/n1 '' x=1,y@2%3+4:5");
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_top_level_scalars_in_order),
      cmocka_unit_test(rejects_bad_json),
      cmocka_unit_test(reads_non_finite_numbers),
      cmocka_unit_test(complete_means_whole_file),
      cmocka_unit_test(shell_join_quotes_what_needs_it),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
