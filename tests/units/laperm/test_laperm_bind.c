/* laperm's place in the model (units/laperm/laperm_bind.c): the parameters
 * from the configuration, the host's calls laperm_decide / laperm_commit on
 * a real unit instance, and the laperm.* statistics they count. Expected
 * values follow the rules of laperm.h step by step. Label "unit". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "simtref/stats.h"
#include "units/laperm/laperm.h"
#include "units/registry.h"
#include "units/uinst.h"

extern const st_unit laperm_unit;

static st_config cfg;

static void config(int policy, int64_t sms, int64_t levels) {
  st_config_defaults(&cfg);
  cfg.gpu.num_clusters = sms;
  cfg.gpu.sms_per_cluster = 1;
  cfg.laperm.levels = levels;
  cfg.cta_scheduler.policy = policy;
}

static uint64_t stat(const st_uinst *u, const char *key) {
  st_statset ss;
  st_statset_init(&ss, "t");
  laperm_unit.report(u->ctr, &cfg, 4, &ss);
  const st_stat *x = st_stat_get(&ss, key);
  assert_non_null(x);
  uint64_t v = x->u;
  st_statset_free(&ss);
  return v;
}

static void test_config_params(void **state) {
  (void)state;
  laperm_params p;
  config(ST_CTA_LAPERM_TBPRI, 13, 4);
  laperm_config_params(&cfg, &p);
  assert_int_equal(p.n_sms, 13);
  assert_int_equal(p.levels, 4);
  assert_int_equal(p.mode, LAPERM_TBPRI);
  assert_int_equal(p.cnt_w, 16);
  config(ST_CTA_LAPERM_SMXBIND, 30, 8);
  laperm_config_params(&cfg, &p);
  assert_int_equal(p.n_sms, 30);
  assert_int_equal(p.levels, 8);
  assert_int_equal(p.mode, LAPERM_SMXBIND);
  config(ST_CTA_LAPERM_ADAPTIVE, 2, 15);
  laperm_config_params(&cfg, &p);
  assert_int_equal(p.mode, LAPERM_ADAPTIVE);
  /* The unit is selected by the three policies only. */
  assert_true(st_unit_selected(&laperm_unit, &cfg));
  config(ST_CTA_RR, 2, 4);
  assert_false(st_unit_selected(&laperm_unit, &cfg));
  config(ST_CTA_DYNCTA, 2, 4);
  assert_false(st_unit_selected(&laperm_unit, &cfg));
}

/* One examination: the inputs, decide, the expected answer, commit. */
static void examine(st_uinst *u, unsigned smx, unsigned ne0, const uint16_t *ne,
                    const uint16_t *cnt, unsigned stage, unsigned qsm, bool took) {
  laperm_in *in = u->in;
  st_error err;
  st_error_clear(&err);
  in->smx = (uint8_t)smx;
  in->ne0 = (uint8_t)ne0;
  memcpy(in->ne, ne, 4 * sizeof ne[0]);
  memcpy(in->cnt, cnt, 4 * sizeof cnt[0]);
  assert_int_equal(laperm_decide(u, 0, &err), ST_OK);
  const laperm_out *o = u->out;
  assert_int_equal(o->stage, stage);
  assert_int_equal(o->valid, stage != LAPERM_STAGE_NONE);
  assert_int_equal(o->qsm, qsm);
  assert_int_equal(laperm_commit(u, took, 0, &err), ST_OK);
  /* The host fills the inputs afresh for the next SM. */
  assert_int_equal(in->smx, 0);
  assert_int_equal(in->take, 0);
}

static void test_decide_commit(void **state) {
  (void)state;
  config(ST_CTA_LAPERM_ADAPTIVE, 4, 1);
  st_uinst *u = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_uinst_create(&laperm_unit, &cfg, UINT32_MAX, 0, &u, &err), ST_OK);
  const laperm_state *s = u->s;
  const uint16_t none[4] = {0, 0, 0, 0};
  const uint16_t at2[4] = {0, 0, 1, 0}, c2[4] = {0, 0, 2, 0};
  const uint16_t at3[4] = {0, 0, 0, 1}, c3[4] = {0, 0, 0, 5};
  const uint16_t at1[4] = {0, 1, 0, 0}, c1[4] = {0, 1, 0, 0};
  /* PQ0, dispatched. */
  examine(u, 0, 1, none, none, LAPERM_STAGE_PQ0, 0, true);
  /* SM 1 steals from SM 2; the block does not fit: not remembered. */
  examine(u, 1, 0, at2, c2, LAPERM_STAGE_STEAL, 2, false);
  assert_int_equal(s->bvalid[1], 0);
  /* Again, dispatched: backup[1] = 2. */
  examine(u, 1, 0, at2, c2, LAPERM_STAGE_STEAL, 2, true);
  assert_int_equal(s->bvalid[1], 1);
  assert_int_equal(s->backup[1], 2);
  /* Kept although SM 3 now has more. */
  const uint16_t at23[4] = {0, 0, 1, 1}, c23[4] = {0, 0, 1, 5};
  examine(u, 1, 0, at23, c23, LAPERM_STAGE_STEAL, 2, true);
  /* SM 2 emptied: a switch to SM 3. */
  examine(u, 1, 0, at3, c3, LAPERM_STAGE_STEAL, 3, true);
  assert_int_equal(s->backup[1], 3);
  /* Nothing to serve: "took" is ignored. */
  examine(u, 2, 0, none, none, LAPERM_STAGE_NONE, 0, true);
  /* SM 1's own level. */
  examine(u, 1, 1, at1, c1, LAPERM_STAGE_OWN, 1, true);
  assert_int_equal(stat(u, "laperm.examined"), 7);
  assert_int_equal(stat(u, "laperm.answer_none"), 1);
  assert_int_equal(stat(u, "laperm.answer_own"), 1);
  assert_int_equal(stat(u, "laperm.answer_pq0"), 1);
  assert_int_equal(stat(u, "laperm.answer_stolen"), 4);
  assert_int_equal(stat(u, "laperm.dispatch_own"), 1);
  assert_int_equal(stat(u, "laperm.dispatch_pq0"), 1);
  assert_int_equal(stat(u, "laperm.dispatch_stolen"), 3);
  assert_int_equal(stat(u, "laperm.no_fit"), 1);
  assert_int_equal(stat(u, "laperm.backup_choices"), 2);
  assert_int_equal(stat(u, "laperm.backup_switches"), 1);
  assert_int_equal(stat(u, "laperm.stolen_kept"), 1);
  st_uinst_destroy(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_config_params),
      cmocka_unit_test(test_decide_commit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
