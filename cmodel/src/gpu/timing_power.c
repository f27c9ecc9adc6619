/* The timing machine's power model and the occupancy-bubble controller's
 * host (docs/power.md, docs/units/dvfs.md): the activity counters gathered
 * for the power model, its samples, and the per-SM operating points. */
#include "gpu/timing_power.h"

#include <stdlib.h>
#include <string.h>

#include "gpu/timing_internal.h"

static void cache_hm(const st_cache_stats *c, uint64_t *hit, uint64_t *miss) {
  uint64_t h = 0, m = 0;
  for (int k = 0; k < ACC_KINDS; k++) {
    h += c->outcome[k][CACHE_HIT] + c->outcome[k][CACHE_HIT_RESERVED];
    m += c->outcome[k][CACHE_MISS];
  }
  *hit = h;
  *miss = m;
}

void st_tpower_counts(const st_tmachine *tm, st_power_sm_act *act, st_power_unc_act *unc) {
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    const st_sm_stats *x = st_sm_get_stats(tm->sms[i]);
    st_power_sm_act *a = &act[i];
    for (int k = 0; k < 4; k++) {
      a->unit_insts[k] = x->unit_insts[k];
      a->unit_lanes[k] = x->unit_lanes[k];
    }
    a->rf_reads = x->rf_reads;
    a->rf_writes = x->rf_writes;
    a->collectors = x->collector_allocs;
    a->shared_passes = x->shared_passes;
    cache_hm(st_sm_l1i_stats(tm->sms[i]), &a->l1i_hit, &a->l1i_miss);
    cache_hm(st_sm_l1d_stats(tm->sms[i]), &a->l1d_hit, &a->l1d_miss);
    cache_hm(st_sm_l1c_stats(tm->sms[i]), &a->l1c_hit, &a->l1c_miss);
  }
  memset(unc, 0, sizeof *unc);
  for (uint32_t s = 0; s < tm->n_subparts; s++) {
    uint64_t h, m;
    cache_hm(st_subpart_l2_stats(tm->subparts[s]), &h, &m);
    unc->l2_hit += h;
    unc->l2_miss += m;
  }
  const st_icnt_stats *n = st_icnt_get_stats(tm->icnt);
  unc->flits = n->req_flits + n->reply_flits;
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    const st_dram_stats *d = st_dram_get_stats(tm->drams[c]);
    unc->dram_act += d->activates;
    unc->dram_rd += d->reads;
    unc->dram_wr += d->writes;
  }
}

st_status st_tpower_create(st_tmachine *tm, const st_config *cfg, st_error *err) {
  tm->active = calloc(tm->n_sms ? tm->n_sms : 1, sizeof *tm->active);
  if (tm->active == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  if (!cfg->power.enabled) {
    return ST_OK;
  }
  tm->pw_act = calloc(tm->n_sms ? tm->n_sms : 1, sizeof *tm->pw_act);
  if (tm->pw_act == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  return st_power_create(cfg, tm->n_sms, tm->n_channels, &tm->power, err);
}

void st_tpower_destroy(st_tmachine *tm) {
  st_power_destroy(tm->power);
  free(tm->active);
  free(tm->pw_act);
}

void st_tpower_gather(st_tmachine *tm) {
  /* Only an SM's cycle, a reply delivered or a block placed changes its
   * active warps: the others are as they were at the last gather. */
  for (uint32_t k = 0; k < tm->n_act; k++) {
    uint32_t i = tm->act_list[k];
    tm->act_dirty[i] = 0;
    uint32_t a = st_sm_active_warps(tm->sms[i]);
    if (a != tm->active[i]) {
      tm->active[i] = a;
      if (tm->power != NULL) {
        st_power_set_active(tm->power, i, a);
      }
    }
  }
  tm->n_act = 0;
}

uint32_t st_tpower_stale(const st_tmachine *tm) {
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    if (tm->active[i] != st_sm_active_warps(tm->sms[i])) {
      return i;
    }
  }
  return tm->n_sms;
}

void st_tpower_sample_now(st_tmachine *tm) {
  if (tm->power == NULL) {
    return;
  }
  st_power_unc_act unc;
  st_tpower_counts(tm, tm->pw_act, &unc);
  st_power_sample(tm->power, tm->core.cycles, tm->core.next_ps, tm->pw_act, &unc);
}

void st_tpower_front(st_tmachine *tm, bool busy) {
  if (tm->power != NULL) {
    st_power_occupancy(tm->power, 1, busy);
  }
}

void st_tpower_after_edge(st_tmachine *tm) {
  if (tm->power != NULL && st_power_sample_due(tm->power, tm->core.cycles)) {
    st_tpower_sample_now(tm);
  }
}

uint64_t st_tpower_skippable(const st_tmachine *tm) {
  if (tm->power == NULL) {
    return UINT64_MAX;
  }
  return st_power_cycles_to_sample(tm->power, tm->core.cycles);
}

void st_tpower_skipped(st_tmachine *tm, uint64_t n, bool busy) {
  if (tm->power != NULL && n != 0) {
    st_power_occupancy(tm->power, n, busy);
  }
}
