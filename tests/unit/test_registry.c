/* The unit registry (cmodel/src/units/registry.h): its entries agree with
 * the option table, the check catches planted errors in a registry,
 * selection by configuration, instances and their names, RTL parameters
 * rendered and read back, unit lists (--cosim, --trace). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "simtref/config.h"
#include "units/registry.h"
#include "units/uinst.h"

static void load(st_config *cfg, const char *name, const char *const *ovr, size_t n) {
  char path[4096], err[1024];
  assert_true(st_config_find(name, path, sizeof path));
  if (st_config_load(cfg, path, ovr, n, err, sizeof err) != ST_OK) {
    fail_msg("%s", err);
  }
}

/* The names of the units cfg selects, space-separated, registry order. */
static void selected(const st_config *cfg, char *buf, size_t size) {
  size_t o = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    if (st_unit_selected(u, cfg)) {
      o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? " " : "", u->desc->name);
    }
  }
}

static void test_registry_consistent(void **state) {
  (void)state;
  char why[512] = "";
  bool ok = st_registry_check(why, sizeof why);
  if (!ok) {
    fail_msg("%s", why);
  }
  assert_int_equal(st_unit_count(), 17);
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    assert_ptr_equal(st_unit_by_name(u->desc->name), u);
    assert_ptr_equal(st_unit_find(u->desc->name), u->desc);
    assert_non_null(u->summary);
  }
  assert_null(st_unit_by_name("wsched_fifo"));
}

/* A copy of a registry entry with one field changed. */
static st_unit planted(const char *name, const char *select) {
  st_unit u = *st_unit_by_name(name);
  u.select = select;
  return u;
}

static void expect_refused(const st_unit *const *list, size_t n, const char *what) {
  char why[512] = "";
  assert_false(st_registry_check_list(list, n, why, sizeof why));
  if (strstr(why, what) == NULL) {
    fail_msg("expected '%s' in: %s", what, why);
  }
}

static void test_registry_check_catches(void **state) {
  (void)state;
  /* The real registry's entries, one of them replaced. */
  /* Room for every entry and the one added below. */
  const st_unit *list[32];
  size_t n = st_unit_count();
  assert_true(n + 1 <= sizeof list / sizeof list[0]);
  for (size_t i = 0; i < n; i++) {
    list[i] = st_unit_get(i);
  }
  st_unit bad_key = planted("wsched_gto", "sm.warp_schedulr=gto");
  list[1] = &bad_key;
  expect_refused(list, n, "not an enum or bool option");
  st_unit bad_value = planted("wsched_gto", "sm.warp_scheduler=gtoo");
  list[1] = &bad_value;
  expect_refused(list, n, "'gtoo' is not a value of sm.warp_scheduler");
  st_unit twice = planted("wsched_gto", "sm.warp_scheduler=gto|lrr");
  list[1] = &twice;
  expect_refused(list, n, "lrr selects 2 wsched units");
  list[1] = st_unit_get(1);
  /* A policy value no issue unit plays. */
  const st_unit *no_tls[32];
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(st_unit_get(i)->desc->name, "wsched_tls") != 0) {
      no_tls[m++] = st_unit_get(i);
    }
  }
  expect_refused(no_tls, m, "tls selects 0 wsched units");
  /* The same unit twice. */
  list[n] = st_unit_get(0);
  expect_refused(list, n + 1, "registered twice");
  /* An issue unit selected by two keys. */
  st_unit two_keys = planted("wsched_gto", "sm.warp_scheduler=gto; sm.fetch_arbiter=cff");
  list[1] = &two_keys;
  expect_refused(list, n, "selected by one key");
}

static void test_selection(void **state) {
  (void)state;
  st_config cfg;
  char got[256];
  load(&cfg, "gtx480", NULL, 0);
  selected(&cfg, got, sizeof got);
  assert_string_equal(got, "wsched_lrr fetch_rr");
  const char *baws[] = {"sm.warp_scheduler=mwf_gto", "sm.fetch_arbiter=cff"};
  load(&cfg, "gtx480", baws, 2);
  selected(&cfg, got, sizeof got);
  assert_string_equal(got, "wsched_mwf fetch_cff wpt");
  const char *dyn[] = {"cta_scheduler.policy=dyncta", "sm.warp_scheduler=tls"};
  load(&cfg, "dyncta30", dyn, 2);
  selected(&cfg, got, sizeof got);
  assert_string_equal(got, "wsched_tls fetch_rr dyncta");
  /* Instances: one issue scheduler per warp scheduler, one of the others. */
  load(&cfg, "k20c", NULL, 0);
  assert_int_equal(st_unit_instances(st_unit_by_name("wsched_gto"), &cfg), 4);
  assert_int_equal(st_unit_instances(st_unit_by_name("fetch_rr"), &cfg), 1);
  assert_int_equal(st_role_scope(ST_ROLE_WARP_ISSUE), ST_USCOPE_SCHED);
  assert_string_equal(st_role_name(ST_ROLE_SM_CTRL), "smctl");
}

static void test_params_roundtrip(void **state) {
  (void)state;
  const char *cfgs[] = {"gtx480", "dyncta30", "k20c", "tiny"};
  for (size_t c = 0; c < 4; c++) {
    st_config cfg;
    load(&cfg, cfgs[c], NULL, 0);
    for (size_t i = 0; i < st_unit_count(); i++) {
      const st_unit *u = st_unit_get(i);
      char text[512], again[512], why[256];
      assert_true(st_unit_config_rtl_params(u, &cfg, text, sizeof text));
      unsigned char p[4096] = {0}, q[4096] = {0};
      u->desc->config_params(&cfg, p);
      if (!st_unit_parse_params(u->desc, text, q, why, sizeof why)) {
        fail_msg("%s: %s: %s", u->desc->name, text, why);
      }
      assert_memory_equal(p, q, u->desc->params_size);
      assert_true(st_unit_rtl_params(u->desc, q, again, sizeof again));
      assert_string_equal(text, again);
    }
  }
  const st_unit_desc *d = st_unit_find("wsched_gto");
  unsigned char p[64] = {0};
  char why[256];
  assert_false(st_unit_parse_params(d, "NW=8", p, why, sizeof why));
  assert_string_equal(why, "parameter AGE_W of wsched_gto is missing");
  assert_false(st_unit_parse_params(d, "NW=8 AGE_W=4 CAP=3", p, why, sizeof why));
  assert_string_equal(why, "wsched_gto has no parameter CAP");
  assert_false(st_unit_parse_params(d, "NW=300 AGE_W=4", p, why, sizeof why));
  assert_string_equal(why, "parameter NW: bad value '300'");
  assert_false(st_unit_parse_params(d, "NW=8 NW=8 AGE_W=4", p, why, sizeof why));
  assert_string_equal(why, "parameter NW given twice");
  char small[8];
  unsigned char ok[64] = {0};
  assert_true(st_unit_parse_params(d, "AGE_W=4 NW=8", ok, why, sizeof why));
  assert_false(st_unit_rtl_params(d, ok, small, sizeof small)); /* does not fit */
}

typedef struct seen {
  char names[8][32];
  char faults[8][32];
  int n;
} seen;

static bool record(void *ctx, const char *name, size_t len, const char *fault, size_t flen) {
  seen *s = ctx;
  snprintf(s->names[s->n], 32, "%.*s", (int)len, name);
  snprintf(s->faults[s->n], 32, "%.*s", fault != NULL ? (int)flen : 0, fault != NULL ? fault : "");
  s->n++;
  return true;
}

static void test_lists(void **state) {
  (void)state;
  seen s = {0};
  assert_true(st_unit_list_each("wsched,dyncta:short_window,all", record, &s));
  assert_int_equal(s.n, 3);
  assert_string_equal(s.names[1], "dyncta");
  assert_string_equal(s.faults[1], "short_window");
  assert_string_equal(s.faults[0], "");
  const st_unit *mwf = st_unit_by_name("wsched_mwf");
  assert_true(st_unit_list_names(mwf, "wsched", 6));
  assert_true(st_unit_list_names(mwf, "wsched_mwf", 10));
  assert_true(st_unit_list_names(mwf, "all", 3));
  assert_false(st_unit_list_names(mwf, "fetch", 5));
  assert_false(st_unit_list_names(mwf, "wsched_m", 8));
}

static void test_instances(void **state) {
  (void)state;
  st_config cfg;
  load(&cfg, "gtx480", NULL, 0);
  st_error err;
  st_error_clear(&err);
  st_uinst *u = NULL;
  assert_int_equal(st_uinst_create(st_unit_by_name("wsched_lrr"), &cfg, 3, 1, &u, &err), ST_OK);
  assert_string_equal(u->name, "sm3.wsched1");
  assert_ptr_not_equal(u->in, u->out);
  /* eval with nobody ready grants nothing; a ready warp is granted. */
  assert_int_equal(st_uinst_eval(u, 0, &err), ST_OK);
  assert_int_equal(((const uint8_t *)u->out)[0], 0);
  ((uint8_t *)u->in)[5] = 1;
  assert_int_equal(st_uinst_eval(u, 0, &err), ST_OK);
  assert_int_equal(((const uint8_t *)u->out)[0], 1);
  assert_int_equal(((const uint8_t *)u->out)[1], 5);
  u->tb_launch = 4;
  st_uinst_tick(u);
  assert_int_equal(u->tb_launch, 0);
  st_uinst_destroy(u);
  assert_int_equal(st_uinst_create(st_unit_by_name("fetch_rr"), &cfg, 0, 0, &u, &err), ST_OK);
  assert_string_equal(u->name, "sm0.fetch");
  st_uinst_destroy(u);
  const char *dyn[] = {"cta_scheduler.policy=dyncta"};
  load(&cfg, "gtx480", dyn, 1);
  assert_int_equal(st_uinst_create(st_unit_by_name("dyncta"), &cfg, 2, 0, &u, &err), ST_OK);
  assert_string_equal(u->name, "sm2.dyncta");
  assert_int_equal(u->unit->n_counters > 0, 1);
  st_uinst_destroy(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_registry_consistent), cmocka_unit_test(test_registry_check_catches),
      cmocka_unit_test(test_selection),           cmocka_unit_test(test_params_roundtrip),
      cmocka_unit_test(test_lists),               cmocka_unit_test(test_instances),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
