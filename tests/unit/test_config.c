/* The configuration loader: named configs, dump/reload, overrides, bounds and
 * every error class with its exact message and position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/options.h"
#include "simtref/config.h"

static const char *const named_configs[] = {"gtx480", "dyncta30", "k20c", "tiny"};

static char tmpdir[256];

static int setup(void **state) {
  (void)state;
  snprintf(tmpdir, sizeof tmpdir, "/tmp/simtref-test-config-XXXXXX");
  return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown(void **state) {
  (void)state;
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  return system(cmd) == 0 ? 0 : -1;
}

/* Writes text to <tmpdir>/<name> and returns the path (static buffer). */
static const char *write_yaml(const char *name, const char *text) {
  static char path[512];
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

static void load_named(const char *name, st_config *cfg) {
  char path[1024], err[2048] = "";
  assert_true(st_config_find(name, path, sizeof path));
  st_status rc = st_config_load(cfg, path, NULL, 0, err, sizeof err);
  if (rc != ST_OK) {
    fail_msg("%s: %s", name, err);
  }
}

/* Loads text as a config with overrides and expects failure with exactly
 * the message "<path>:<suffix>". */
static void expect_error(const char *text, const char *const *ov, size_t n_ov,
                         const char *expected_suffix) {
  const char *path = write_yaml("bad.yaml", text);
  st_config cfg;
  char err[2048] = "";
  st_status rc = st_config_load(&cfg, path, ov, n_ov, err, sizeof err);
  assert_int_equal(rc, ST_ERR_CONFIG);
  char expected[2048];
  snprintf(expected, sizeof expected, "%s:%s", path, expected_suffix);
  assert_string_equal(err, expected);
}

static void test_every_named_config_loads(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof named_configs / sizeof named_configs[0]; i++) {
    st_config cfg;
    load_named(named_configs[i], &cfg);
    assert_string_equal(cfg.gpu.name, named_configs[i]);
  }
}

static void test_named_config_values(void **state) {
  (void)state;
  st_config c;
  load_named("gtx480", &c);
  assert_int_equal(st_config_num_sms(&c), 15);
  assert_int_equal(c.sm.max_threads, 1536);
  assert_int_equal(c.l1d.size, 16 * 1024);
  assert_int_equal(c.l1d.sets, 32);
  assert_int_equal(c.l2.size * c.dram.channels * c.dram.subpartitions, 768 * 1024);
  assert_int_equal(c.gpu.core_clock, 700000000);
  assert_int_equal(c.gpu.dram_clock, 924000000);
  assert_int_equal(c.sm.warp_scheduler, ST_WSCHED_LRR);
  assert_int_equal(c.sm.op.dp_div.latency, 330);
  assert_int_equal(c.sm.op.dp_div.interval, 130);

  load_named("dyncta30", &c);
  assert_int_equal(st_config_num_sms(&c), 30);
  assert_int_equal(c.sm.simd_width, 8);
  assert_int_equal(c.gpu.core_clock, 1300000000);
  assert_int_equal(c.l1d.line, 64);
  assert_int_equal(c.l1d.mshr_entries, 64);
  assert_int_equal(c.l2.size * c.dram.channels, 2 * 1024 * 1024);
  assert_int_equal(c.dram.tRC, 35);

  load_named("k20c", &c);
  assert_int_equal(st_config_num_sms(&c), 13);
  assert_int_equal(c.sm.max_ctas, 16);
  assert_int_equal(c.sm.max_threads, 2048);
  assert_int_equal(c.sm.registers, 65536);
  assert_int_equal(c.sm.warp_scheduler, ST_WSCHED_GTO);
  assert_int_equal(c.l1d.sets, 4);
  assert_int_equal(c.l1d.ways, 32);

  load_named("tiny", &c);
  assert_int_equal(st_config_num_sms(&c), 2);
  /* Keys tiny.yaml leaves out take the table default. */
  assert_int_equal(c.sm.ibuffer_size, 2);
}

/* Dumping a config and loading the dump gives the same text and hash. */
static void test_dump_reload_same_hash(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof named_configs / sizeof named_configs[0]; i++) {
    st_config a, b;
    load_named(named_configs[i], &a);
    char *text = st_config_dump(&a);
    assert_non_null(text);
    const char *path = write_yaml("dump.yaml", text);
    char err[2048] = "";
    assert_int_equal(st_config_load(&b, path, NULL, 0, err, sizeof err), ST_OK);
    char *text2 = st_config_dump(&b);
    assert_string_equal(text, text2);
    assert_true(st_config_hash(&a) == st_config_hash(&b));
    free(text);
    free(text2);
  }
}

static void test_hashes_differ_between_configs(void **state) {
  (void)state;
  st_config a, b;
  load_named("gtx480", &a);
  load_named("k20c", &b);
  assert_true(st_config_hash(&a) != st_config_hash(&b));
}

static void test_overrides(void **state) {
  (void)state;
  char path[1024], err[2048] = "";
  assert_true(st_config_find("gtx480", path, sizeof path));
  st_config base, c;
  assert_int_equal(st_config_load(&base, path, NULL, 0, err, sizeof err), ST_OK);
  const char *ov[] = {"sm.warp_scheduler=gto", "l1d.size=32KiB", "l1d.sets=64",
                      "gpu.core_clock=1.4GHz", "l1d.size=64KiB", "l1d.sets=128"};
  assert_int_equal(st_config_load(&c, path, ov, 6, err, sizeof err), ST_OK);
  assert_int_equal(c.sm.warp_scheduler, ST_WSCHED_GTO);
  assert_int_equal(c.l1d.size, 64 * 1024); /* the last override wins */
  assert_int_equal(c.l1d.sets, 128);
  assert_int_equal(c.gpu.core_clock, 1400000000);
  assert_true(st_config_hash(&c) != st_config_hash(&base));
  /* An override that restores the value gives back the same hash. */
  const char *same[] = {"sm.warp_scheduler=lrr"};
  assert_int_equal(st_config_load(&c, path, same, 1, err, sizeof err), ST_OK);
  assert_true(st_config_hash(&c) == st_config_hash(&base));
}

static void test_units(void **state) {
  (void)state;
  const char *path = write_yaml("units.yaml",
                                "l1d: {size: 0.5MiB, sets: 0, ways: 32, line: 128}\n"
                                "sm: {shared_mem: 49152}\n"
                                "gpu: {core_clock: 1.3GHz, dram_clock: 924000kHz}\n"
                                "l2.size: 64KB\n");
  st_config c;
  char err[2048] = "";
  assert_int_equal(st_config_load(&c, path, NULL, 0, err, sizeof err), ST_OK);
  assert_int_equal(c.l1d.size, 512 * 1024);
  assert_int_equal(c.l1d.sets, 128); /* derived: 512 KiB / (32 x 128) */
  assert_int_equal(c.sm.shared_mem, 49152);
  assert_int_equal(c.gpu.core_clock, 1300000000);
  assert_int_equal(c.gpu.dram_clock, 924000000);
  assert_int_equal(c.l2.size, 65536);
}

static void test_error_unknown_key_with_suggestion(void **state) {
  (void)state;
  expect_error("gpu:\n  name: x\nl1d:\n  sise: 16KiB\n", NULL, 0,
               "4:3: error: unknown key 'l1d.sise' (did you mean 'l1d.size'?)");
}

static void test_error_unknown_key_without_suggestion(void **state) {
  (void)state;
  expect_error("frobnicate: 3\n", NULL, 0, "1:1: error: unknown key 'frobnicate'");
}

static void test_error_unknown_section(void **state) {
  (void)state;
  expect_error("sm:\n  warp_sched: gto\n", NULL, 0,
               "2:3: error: unknown key 'sm.warp_sched' (did you mean 'sm.warp_scheduler'?)");
}

static void test_error_wrong_type(void **state) {
  (void)state;
  expect_error("l1d:\n  ways: four\n", NULL, 0,
               "2:9: error: l1d.ways: expected an integer, got 'four'");
  expect_error("gpu:\n  core_clock: 700\n", NULL, 0,
               "2:15: error: gpu.core_clock: expected a frequency with a unit (Hz kHz MHz GHz), "
               "got '700'");
  expect_error("sim: {skip_idle: maybe}\n", NULL, 0,
               "1:18: error: sim.skip_idle: expected true or false, got 'maybe'");
  expect_error("sm:\n  warp_scheduler: gtoo\n", NULL, 0,
               "2:19: error: sm.warp_scheduler: unknown value 'gtoo' (expected one of: lrr gto "
               "tls mwf_lrr mwf_gto gcaws caws_blk caws_sm caws_avg)");
  expect_error("l1d: 16KiB\n", NULL, 0,
               "1:6: error: 'l1d' is a section: expected a mapping of its keys");
  expect_error("l1d:\n  size: {a: 1}\n", NULL, 0,
               "2:9: error: 'l1d.size' takes a value, not a mapping");
}

static void test_error_out_of_range(void **state) {
  (void)state;
  expect_error("l1d:\n  ways: 0\n", NULL, 0, "2:9: error: l1d.ways: 0 is out of range [1, 256]");
  expect_error("sm: {max_ctas: 65}\n", NULL, 0,
               "1:16: error: sm.max_ctas: 65 is out of range [1, 64]");
  expect_error("sm: {shared_mem: 2MiB}\n", NULL, 0,
               "1:18: error: sm.shared_mem: 2MiB is out of range [0, 1048576] bytes");
}

static void test_error_impossible_cache(void **state) {
  (void)state;
  expect_error("l1d:\n  size: 16000\n  sets: 32\n", NULL, 0,
               "2:3: error: l1d: size 16000 B is not sets x ways x line = 32 x 4 x 128 = 16384 B");
  expect_error("l2:\n  line: 96\n", NULL, 0, "2:3: error: l2: line size 96 is not a power of two");
  expect_error("l1i:\n  sets: 3\n  size: 1536\n", NULL, 0,
               "2:3: error: l1i: 3 sets is not a power of two");
}

static void test_error_impossible_cta_limit(void **state) {
  (void)state;
  expect_error("cta_scheduler:\n  policy: static\n  limit: 9\n", NULL, 0,
               "3:3: error: cta_scheduler.limit 9 exceeds sm.max_ctas 8: no SM can host that "
               "many CTAs");
  expect_error("cta_scheduler:\n  policy: static\n", NULL, 0,
               "2:3: error: cta_scheduler.policy static needs cta_scheduler.limit >= 1");
}

static void test_error_impossible_dram(void **state) {
  (void)state;
  expect_error("dram:\n  tRC: 30\n", NULL, 0,
               "2:3: error: dram.tRC 30 is shorter than tRAS + tRP = 40");
}

static void test_error_duplicate_key(void **state) {
  (void)state;
  expect_error("l1d:\n  ways: 4\n  ways: 8\n", NULL, 0,
               "3:3: error: duplicate key 'l1d.ways' (first set at line 2)");
}

static void test_error_yaml_syntax(void **state) {
  (void)state;
  const char *path = write_yaml("syntax.yaml", "l1d: {ways: 4\n");
  st_config cfg;
  char err[2048] = "";
  assert_int_equal(st_config_load(&cfg, path, NULL, 0, err, sizeof err), ST_ERR_CONFIG);
  char prefix[600];
  snprintf(prefix, sizeof prefix, "%s:2:1: error: YAML: did not find expected ',' or '}'", path);
  assert_string_equal(err, prefix);
}

static void test_error_in_override(void **state) {
  (void)state;
  st_config cfg;
  char err[2048] = "";
  const char *ov1[] = {"l1d.sise=4"};
  assert_int_equal(st_config_load(&cfg, NULL, ov1, 1, err, sizeof err), ST_ERR_CONFIG);
  assert_string_equal(err, "-s l1d.sise=4:1:1: error: unknown key 'l1d.sise' (did you mean "
                           "'l1d.size'?)");
  const char *ov2[] = {"sm.warp_scheduler=fifo"};
  assert_int_equal(st_config_load(&cfg, NULL, ov2, 1, err, sizeof err), ST_ERR_CONFIG);
  assert_string_equal(err, "-s sm.warp_scheduler=fifo:1:19: error: sm.warp_scheduler: unknown "
                           "value 'fifo' (expected one of: lrr gto tls mwf_lrr mwf_gto gcaws "
                           "caws_blk caws_sm caws_avg)");
  const char *ov3[] = {"l1d.size"};
  assert_int_equal(st_config_load(&cfg, NULL, ov3, 1, err, sizeof err), ST_ERR_CONFIG);
  assert_string_equal(err, "-s l1d.size:1:1: error: expected key=value");
  /* An impossible combination created by an override points at it. */
  const char *ov4[] = {"cta_scheduler.limit=12"};
  assert_int_equal(st_config_load(&cfg, NULL, ov4, 1, err, sizeof err), ST_ERR_CONFIG);
  assert_string_equal(err, "-s cta_scheduler.limit=12:1:1: error: cta_scheduler.limit 12 "
                           "exceeds sm.max_ctas 8: no SM can host that many CTAs");
}

static void test_missing_file(void **state) {
  (void)state;
  st_config cfg;
  char err[2048] = "";
  assert_int_equal(st_config_load(&cfg, "/nonexistent/x.yaml", NULL, 0, err, sizeof err),
                   ST_ERR_IO);
  assert_string_equal(err, "/nonexistent/x.yaml: error: cannot open config: No such file or "
                           "directory");
}

/* A failed load leaves the caller's config untouched. */
static void test_failed_load_leaves_config(void **state) {
  (void)state;
  st_config cfg;
  st_config_defaults(&cfg);
  cfg.sm.max_ctas = 3;
  const char *path = write_yaml("half.yaml", "sm: {max_ctas: 5}\nl1d: {ways: 0}\n");
  char err[2048];
  assert_int_equal(st_config_load(&cfg, path, NULL, 0, err, sizeof err), ST_ERR_CONFIG);
  assert_int_equal(cfg.sm.max_ctas, 3);
}

/* Every default parses, and the keys of a section are contiguous (the dump
 * nests keys in table order). */
static void test_option_table_is_consistent(void **state) {
  (void)state;
  for (size_t i = 0; i < st_num_options; i++) {
    const st_option *opt = &st_options[i];
    st_config scratch;
    char why[256];
    assert_int_equal(st_option_parse(opt, opt->def, (char *)&scratch + opt->offset, why,
                                     sizeof why),
                     0);
    assert_true(st_option_find(opt->key) == opt);
    /* Whenever a prefix section ends, it must never appear again. */
    for (size_t j = i + 1; j < st_num_options; j++) {
      const char *a = opt->key, *b = st_options[j].key;
      const char *da = strrchr(a, '.');
      size_t la = (size_t)(da - a);
      if (strncmp(a, b, la) == 0 && b[la] == '.' && j > i + 1) {
        /* every key between i and j shares the section too */
        for (size_t k = i + 1; k < j; k++) {
          assert_true(strncmp(st_options[k].key, a, la) == 0);
        }
      }
    }
  }
}

static void test_doc_mentions_every_key(void **state) {
  (void)state;
  char *doc = st_config_doc_markdown();
  assert_non_null(doc);
  for (size_t i = 0; i < st_num_options; i++) {
    char needle[160];
    snprintf(needle, sizeof needle, "| `%s` |", st_options[i].key);
    assert_non_null(strstr(doc, needle));
  }
  free(doc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_named_config_loads),
      cmocka_unit_test(test_named_config_values),
      cmocka_unit_test(test_dump_reload_same_hash),
      cmocka_unit_test(test_hashes_differ_between_configs),
      cmocka_unit_test(test_overrides),
      cmocka_unit_test(test_units),
      cmocka_unit_test(test_error_unknown_key_with_suggestion),
      cmocka_unit_test(test_error_unknown_key_without_suggestion),
      cmocka_unit_test(test_error_unknown_section),
      cmocka_unit_test(test_error_wrong_type),
      cmocka_unit_test(test_error_out_of_range),
      cmocka_unit_test(test_error_impossible_cache),
      cmocka_unit_test(test_error_impossible_cta_limit),
      cmocka_unit_test(test_error_impossible_dram),
      cmocka_unit_test(test_error_duplicate_key),
      cmocka_unit_test(test_error_yaml_syntax),
      cmocka_unit_test(test_error_in_override),
      cmocka_unit_test(test_missing_file),
      cmocka_unit_test(test_failed_load_leaves_config),
      cmocka_unit_test(test_option_table_is_consistent),
      cmocka_unit_test(test_doc_mentions_every_key),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
