/* dvfs's place in the model (units/dvfs/dvfs_bind.c): the parameters from
 * the configuration (THR from the threshold's millionths), the selection,
 * the host's calls dvfs_eval / dvfs_tick on a real unit instance through
 * the entry's ops, and the dvfs.* statistics they count. Expected values
 * follow dvfs.h's rules step by step. Label "unit". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "simtref/stats.h"
#include "units/dvfs/dvfs.h"
#include "units/registry.h"
#include "units/uinst.h"

extern const st_unit dvfs_unit;

static st_config cfg;

static void config(int64_t sms, int64_t max_threads, int64_t sample, int64_t thr_millionths) {
  st_config_defaults(&cfg);
  cfg.gpu.num_clusters = sms;
  cfg.gpu.sms_per_cluster = 1;
  cfg.sm.max_threads = max_threads;
  cfg.sm.warp_size = 32;
  cfg.dvfs.enable = true;
  cfg.dvfs.sample_cycles = sample;
  cfg.dvfs.threshold = thr_millionths;
}

static const st_stat *stat_of(const st_statset *ss, const char *key) {
  const st_stat *x = st_stat_get(ss, key);
  if (x == NULL) fail_msg("no statistic %s", key);
  return x;
}

static uint64_t stat(const st_uinst *u, const char *key) {
  st_statset ss;
  st_statset_init(&ss, "t");
  dvfs_unit.report(u->ctr, &cfg, 4, &ss);
  uint64_t v = stat_of(&ss, key)->u;
  st_statset_free(&ss);
  return v;
}

static void test_config_params(void **state) {
  (void)state;
  dvfs_params p;
  /* The K20c: 13 SMX, 2048 threads = 64 warps, 500-cycle samples, T =
   * 0.0625: THR = 0.0625 x 64 x 500 = 2000 (spec §6.2). */
  config(13, 2048, 500, 62500);
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.n_sms, 13);
  assert_int_equal(p.maxw, 64);
  assert_int_equal(p.sample, 500);
  assert_int_equal(p.thr, 2000);
  assert_int_equal(p.full, 32000);
  assert_int_equal(p.drain_samples, 10);
  assert_int_equal(p.trans, 500);
  assert_int_equal(p.drain, 1);
  assert_int_equal(p.glvl, 1);
  /* Fig. 32's T = 0.2: 6400. */
  config(13, 2048, 500, 200000);
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.thr, 6400);
  /* Rounding to the nearest: 0.1 x 48 x 7 = 33.6 -> 34; 0.1 x 48 x 5 = 24. */
  config(15, 1536, 7, 100000);
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.maxw, 48);
  assert_int_equal(p.thr, 34);
  assert_int_equal(p.full, 336);
  config(15, 1536, 5, 100000);
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.thr, 24);
  /* ... and at least 1: 0.000001 x 1 x 1. */
  config(1, 32, 1, 1);
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.maxw, 1);
  assert_int_equal(p.thr, 1);
  assert_int_equal(p.full, 1);
  /* The other keys. */
  config(32, 2048, 65535, 999999);
  cfg.dvfs.drain_samples = 255;
  cfg.dvfs.transition_cycles = 10000;
  cfg.dvfs.drain = false;
  cfg.dvfs.gpu_level = false;
  dvfs_config_params(&cfg, &p);
  assert_int_equal(p.n_sms, 32);
  assert_int_equal(p.thr, 4194236); /* 0.999999 x 64 x 65535 = 4194235.8 */
  assert_int_equal(p.full, 4194240);
  assert_int_equal(p.drain_samples, 255);
  assert_int_equal(p.trans, 10000);
  assert_int_equal(p.drain, 0);
  assert_int_equal(p.glvl, 0);
  /* Selected by dvfs.enable alone. */
  assert_true(st_unit_selected(&dvfs_unit, &cfg));
  cfg.dvfs.enable = false;
  assert_false(st_unit_selected(&dvfs_unit, &cfg));
  assert_int_equal(dvfs_unit.role, ST_ROLE_GPU);
}

/* One cycle through the entry's ops: the inputs, eval (twice in a sample
 * cycle, as a host that reads `sample` first), tick. */
static const dvfs_out *cycle(st_uinst *u, const uint8_t *active, unsigned pending,
                             const uint8_t *fits) {
  const dvfs_gpu_ops *ops = dvfs_unit.ops;
  dvfs_in *in = u->in;
  st_error err;
  st_error_clear(&err);
  memcpy(in->active, active, 4);
  in->pending = (uint8_t)pending;
  memset(in->fits, 0, sizeof in->fits);
  assert_int_equal(ops->eval(u, 0, &err), ST_OK);
  const dvfs_out *o = u->out;
  if (o->sample) {
    memcpy(in->fits, fits, 4);
    assert_int_equal(ops->eval(u, 0, &err), ST_OK);
  }
  static dvfs_out keep;
  keep = *o;
  assert_int_equal(ops->tick(u, 0, &err), ST_OK);
  return &keep;
}

static void test_eval_tick(void **state) {
  (void)state;
  /* 4 SMs of 8 warps, S = 4, T = 0.25: THR = 8, FULL = 32; W = 2, P = 3. */
  config(4, 256, 4, 250000);
  cfg.dvfs.drain_samples = 2;
  cfg.dvfs.transition_cycles = 3;
  st_uinst *u = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_uinst_create(&dvfs_unit, &cfg, UINT32_MAX, 0, &u, &err), ST_OK);
  const dvfs_state *s = u->s;
  const dvfs_params *p = u->p;
  assert_int_equal(p->thr, 8);
  assert_int_equal(p->full, 32);
  const uint8_t busy0[4] = {0, 4, 4, 0}; /* SMs 1, 2 at 16 a sample */
  const uint8_t busy1[4] = {1, 4, 4, 0};
  const uint8_t fit1[4] = {0, 1, 0, 0}, none[4] = {0, 0, 0, 0};
  /* Sample 1 (cycles 0-3): SM 0 drains (a warp at the instant), SM 3 idle
   * goes straight to low; SM 1 is the target. */
  cycle(u, busy0, 1, fit1);
  cycle(u, busy0, 1, fit1);
  cycle(u, busy0, 1, fit1);
  const dvfs_out *o = cycle(u, busy1, 1, fit1);
  assert_int_equal(o->sample, 1);
  assert_int_equal(s->dvr[0], 1);
  assert_int_equal(s->drn[0], 1);
  assert_int_equal(s->dvr[3], 1);
  assert_int_equal(s->xcnt[3], 3);
  /* Sample 2: SM 0 keeps its warp (one more sample); sample 3: abandoned (W = 2). */
  for (int k = 0; k < 8; k++) {
    cycle(u, busy1, 1, fit1);
  }
  assert_int_equal(s->dvr[0], 0);
  assert_int_equal(s->lvl[3], 1);
  /* Sample 4: nothing fits, a block waits: SM 3 resumes. SM 0 in a bubble,
   * but no SM fits: no target. */
  for (int k = 0; k < 4; k++) {
    cycle(u, busy1, 1, none);
  }
  assert_int_equal(s->dvr[3], 0);
  assert_int_equal(s->xcnt[3], 3);
  /* Samples 5-6: every SM idle, nothing pending: the GPU level goes low at
   * the end of sample 5 (SM 3's up transition finished at cycle 18). */
  const uint8_t idle[4] = {0, 0, 0, 0};
  for (int k = 0; k < 8; k++) {
    cycle(u, idle, 0, none);
  }
  assert_int_equal(s->glvl, 1);
  assert_int_equal(s->gxcnt, 0);
  /* Sample 7: a block waits: back up. */
  for (int k = 0; k < 4; k++) {
    cycle(u, idle, 1, none);
  }
  assert_int_equal(s->gxcnt, 3);
  assert_int_equal(s->gxtgt, 0);
  /* 28 cycles in all. */
  assert_int_equal(stat(u, "dvfs.cycles"), 28);
  assert_int_equal(stat(u, "dvfs.samples"), 7);
  assert_int_equal(stat(u, "dvfs.sm_samples"), 28);
  /* Bubbles: sample 1: SMs 0, 3; 2: SMs 0 (4 < 8), 3; 3: SMs 0, 3; 4: SMs
   * 0, 3; 5, 6, 7: all four. */
  assert_int_equal(stat(u, "dvfs.bubble_samples"), 2 + 2 + 2 + 2 + 4 + 4 + 4);
  assert_int_equal(stat(u, "dvfs.diversions"), 2);
  assert_int_equal(stat(u, "dvfs.diversions_drain"), 1);
  assert_int_equal(stat(u, "dvfs.diversions_direct"), 1);
  assert_int_equal(stat(u, "dvfs.drains_completed"), 0);
  assert_int_equal(stat(u, "dvfs.drains_abandoned"), 1);
  assert_int_equal(stat(u, "dvfs.resumes"), 1);
  assert_int_equal(stat(u, "dvfs.resumes_refused"), 0);
  /* Sample 4: SM 0 (no SM fits); samples 5-7 run no per-SM flow. */
  assert_int_equal(stat(u, "dvfs.no_target"), 1);
  assert_int_equal(stat(u, "dvfs.gpu_entries"), 1);
  assert_int_equal(stat(u, "dvfs.gpu_exits"), 1);
  /* Samples 6 and 7 skipped (low or in transition at their start); the
   * entry's sample 5 ran no per-SM flow either. */
  assert_int_equal(stat(u, "dvfs.gpu_skipped_samples"), 3);
  /* SM 3: down cycles 4-6, low 7-15, up 16-18: 15 cycles at the low
   * frequency, 9 at the low voltage; the GPU level from cycle 20 (down
   * 20-22, low 23-27): 8 cycles x 4 SMs. */
  assert_int_equal(stat(u, "dvfs.gpu_low_freq_cycles"), 8);
  assert_int_equal(stat(u, "dvfs.sm_low_freq_cycles"), 15 + 8 * 4);
  assert_int_equal(stat(u, "dvfs.sm_low_volt_cycles"), 9 + 5 * 4);
  /* closed: SM 0 draining cycles 4-11 (8), SM 3 4-18 (15), all four 20-27. */
  assert_int_equal(stat(u, "dvfs.sm_closed_cycles"), 8 + 15 + 8 * 4);
  st_statset ss;
  st_statset_init(&ss, "t");
  dvfs_unit.report(u->ctr, &cfg, 4, &ss);
  assert_true(stat_of(&ss, "dvfs.bubble_fraction")->d > 0.71 &&
              stat_of(&ss, "dvfs.bubble_fraction")->d < 0.72); /* 20 / 28 */
  st_statset_free(&ss);
  st_uinst_destroy(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_config_params),
      cmocka_unit_test(test_eval_tick),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
