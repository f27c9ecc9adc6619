/* The SM's co-verified units: one issue scheduler per warp scheduler (the
 * policy of sm.warp_scheduler), the fetch arbiter (sm.fetch_arbiter),
 * with a BAWS issue policy the warp priority table, and with
 * cta_scheduler.policy dyncta the DYNCTA controller. Each is a C unit model
 * (units/) stepped by the SM; with co-simulation on for it, an RTL twin from
 * the provider runs in lock-step (docs/cosim.md). */
#include <stdio.h>
#include <string.h>

#include "core/sm_internal.h"

static const st_unit_desc *sched_desc(int kind) {
  switch ((st_warp_sched_kind)kind) {
  case ST_WSCHED_GTO: return &wsched_gto_desc;
  case ST_WSCHED_TLS: return &wsched_tls_desc;
  case ST_WSCHED_MWF_LRR:
  case ST_WSCHED_MWF_GTO: return &wsched_mwf_desc;
  default: return &wsched_lrr_desc;
  }
}

static void uinst_init(st_uinst *u, const st_unit_desc *d, const st_config *cfg,
                       const char *name) {
  memset(u, 0, sizeof *u);
  u->desc = d;
  d->config_params(cfg, &u->p);
  d->reset(&u->p, &u->s);
  snprintf(u->name, sizeof u->name, "%s", name);
}

void st_sm_units_init(st_sm *sm) {
  const st_config *cfg = sm->cfg;
  char name[24];
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    snprintf(name, sizeof name, "sm%u.wsched%u", sm->id, s);
    uinst_init(&sm->sched[s].u, sched_desc(cfg->sm.warp_scheduler), cfg, name);
    sm->sched[s].n_warps = (sm->max_warps + sm->n_sched - 1 - s) / sm->n_sched;
  }
  snprintf(name, sizeof name, "sm%u.fetch", sm->id);
  uinst_init(&sm->fetch, cfg->sm.fetch_arbiter == ST_FETCH_CFF ? &fetch_cff_desc : &fetch_rr_desc,
             cfg, name);
  sm->has_wpt = cfg->sm.warp_scheduler == ST_WSCHED_MWF_LRR ||
                cfg->sm.warp_scheduler == ST_WSCHED_MWF_GTO;
  if (sm->has_wpt) {
    snprintf(name, sizeof name, "sm%u.wpt", sm->id);
    uinst_init(&sm->wpt, &wpt_desc, cfg, name);
  }
  sm->has_dyncta = cfg->cta_scheduler.policy == ST_CTA_DYNCTA;
  if (sm->has_dyncta) {
    snprintf(name, sizeof name, "sm%u.dyncta", sm->id);
    uinst_init(&sm->dyn, &dyncta_desc, cfg, name);
    dyncta_eval(&sm->dyn.p.dyn, &sm->dyn.s.dyn, &sm->dyn_in, &sm->dyn_out);
  }
}

static void uinst_reset(st_uinst *u) {
  u->desc->reset(&u->p, &u->s);
  if (u->chk != NULL) {
    u->prov->reset(u->chk);
  }
}

void st_sm_units_reset_sched(st_sm *sm) {
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    uinst_reset(&sm->sched[s].u);
    sm->sched[s].launch_pending = 0;
  }
}

void st_sm_units_destroy(st_sm *sm) {
  st_uinst *all[ST_MAX_SCHED + 3];
  unsigned n = 0;
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    all[n++] = &sm->sched[s].u;
  }
  all[n++] = &sm->fetch;
  all[n++] = &sm->wpt;
  all[n++] = &sm->dyn;
  for (unsigned i = 0; i < n; i++) {
    if (all[i]->chk != NULL) {
      all[i]->prov->destroy(all[i]->chk);
      all[i]->chk = NULL;
    }
  }
}

st_status st_uinst_eval(st_uinst *u, uint64_t now, const void *in, void *out, st_error *err) {
  if (u->chk == NULL) {
    u->desc->eval(&u->p, &u->s, in, out);
    return ST_OK;
  }
  u->desc->eval(&u->p, &u->s, in, &u->c_out);
  return u->prov->eval(u->chk, now, in, &u->s, &u->c_out, out, err);
}

void st_uinst_tick(st_uinst *u, const void *in, const void *out) {
  u->desc->tick(&u->p, &u->s, in, u->chk != NULL ? (const void *)&u->c_out : out);
  if (u->chk != NULL) {
    u->prov->tick(u->chk);
  }
}

st_status st_sm_units_end_cycle(st_sm *sm, uint64_t now) {
  if (!sm->has_wpt) {
    return ST_OK;
  }
  wpt_in *in = &sm->wpt_in;
  for (uint32_t b = 0; b < sm->wpt.p.wpt.n_tbs; b++) {
    in->tb_launch[b] = (uint8_t)((sm->wpt_launch_pending >> b) & 1);
  }
  wpt_out out;
  st_status rc = st_uinst_eval(&sm->wpt, now, in, &out, sm->exec->err);
  if (rc != ST_OK) {
    return rc;
  }
  st_uinst_tick(&sm->wpt, in, &out);
  sm->wpt_launch_pending = 0;
  memset(in, 0, sizeof *in);
  return ST_OK;
}

void st_sm_units_tb_launch(st_sm *sm, uint32_t b) {
  uint64_t bit = UINT64_C(1) << b;
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    sm->sched[s].launch_pending |= bit;
  }
  sm->fetch_launch_pending |= bit;
  sm->wpt_launch_pending |= bit;
}

/* ---- co-simulation: which instances get an RTL twin -------------------- */

/* The next entry of a comma-separated "UNIT[:MUTANT],..." list at *p: the
 * unit into item, the text after ':' (empty if none) into mutant; advances
 * *p past the entry. False at the end of the list. */
static bool next_entry(const char **p, char item[ST_CONFIG_NAME_MAX],
                       char mutant[ST_CONFIG_NAME_MAX]) {
  if (**p == '\0') {
    return false;
  }
  const char *end = strchr(*p, ',');
  size_t len = end != NULL ? (size_t)(end - *p) : strlen(*p);
  snprintf(item, ST_CONFIG_NAME_MAX, "%.*s", (int)len, *p);
  char *colon = strchr(item, ':');
  mutant[0] = '\0';
  if (colon != NULL) {
    *colon = '\0';
    snprintf(mutant, ST_CONFIG_NAME_MAX, "%s", colon + 1);
  }
  *p += len;
  if (**p == ',') {
    (*p)++;
  }
  return true;
}

/* True if the comma-separated list names this instance's unit: by its
 * role (wsched, fetch, wpt), its RTL module name, or "all". mutant gets the
 * ":MUTANT" suffix of the matching entry (empty if none). */
static bool listed(const char *list, const char *role, const char *module,
                   char mutant[ST_CONFIG_NAME_MAX]) {
  char item[ST_CONFIG_NAME_MAX];
  while (next_entry(&list, item, mutant)) {
    if (strcmp(item, role) == 0 || strcmp(item, module) == 0 || strcmp(item, "all") == 0) {
      return true;
    }
  }
  mutant[0] = '\0';
  return false;
}

/* Every entry of the list must name a unit this SM has. */
static st_status check_list(const st_sm *sm, const char *key, const char *list, st_error *err) {
  char item[ST_CONFIG_NAME_MAX], mutant[ST_CONFIG_NAME_MAX];
  while (next_entry(&list, item, mutant)) {
    bool ok = strcmp(item, "all") == 0 || strcmp(item, "wsched") == 0 ||
              strcmp(item, "fetch") == 0 || strcmp(item, sm->sched[0].u.desc->name) == 0 ||
              strcmp(item, sm->fetch.desc->name) == 0 ||
              (sm->has_wpt && strcmp(item, "wpt") == 0) ||
              (sm->has_dyncta && strcmp(item, "dyncta") == 0);
    if (!ok) {
      const char *why = st_unit_find(item) != NULL || strcmp(item, "wpt") == 0
                            ? "is not in use with this configuration"
                            : "is not a unit";
      return st_error_set(err, ST_ERR_CONFIG,
                          "%s: '%s' %s (units in use: wsched = %s, fetch = %s%s%s; or all)", key,
                          item, why, sm->sched[0].u.desc->name, sm->fetch.desc->name,
                          sm->has_wpt ? ", wpt" : "",
                          sm->has_dyncta ? ", dyncta (cta_scheduler.policy dyncta)" : "");
    }
  }
  return ST_OK;
}

static st_status attach_one(st_sm *sm, st_uinst *u, const char *role,
                            const st_cosim_provider *prov, st_error *err) {
  char mutant[ST_CONFIG_NAME_MAX], ignored[ST_CONFIG_NAME_MAX];
  if (!listed(sm->cfg->cosim.units, role, u->desc->name, mutant)) {
    return ST_OK;
  }
  bool drives = listed(sm->cfg->cosim.rtl_drives, role, u->desc->name, ignored);
  st_status rc = prov->attach(prov->ctx, u->desc, &u->p, u->name, mutant[0] ? mutant : NULL,
                              drives, sm->cfg, &u->chk, err);
  if (rc != ST_OK) {
    return rc;
  }
  u->prov = prov;
  /* The twin starts from reset, like the C model did. */
  u->desc->reset(&u->p, &u->s);
  prov->reset(u->chk);
  return ST_OK;
}

st_status st_sm_units_attach(st_sm *sm, const st_cosim_provider *prov, st_error *err) {
  const st_config *cfg = sm->cfg;
  if (cfg->cosim.units[0] == '\0') {
    if (cfg->cosim.rtl_drives[0] != '\0') {
      return st_error_set(err, ST_ERR_CONFIG,
                          "cosim.rtl_drives needs the same units in cosim.units");
    }
    return ST_OK;
  }
  st_status rc = check_list(sm, "cosim.units", cfg->cosim.units, err);
  if (rc == ST_OK) {
    rc = check_list(sm, "cosim.rtl_drives", cfg->cosim.rtl_drives, err);
  }
  if (rc != ST_OK) {
    return rc;
  }
  if (prov == NULL) {
    return st_error_set(err, ST_ERR_UNSUPPORTED,
                        "co-simulation (cosim.units = %s) is not available: this simtref was "
                        "built without Verilator (install verilator and rebuild)",
                        cfg->cosim.units);
  }
  for (uint32_t s = 0; rc == ST_OK && s < sm->n_sched; s++) {
    rc = attach_one(sm, &sm->sched[s].u, "wsched", prov, err);
  }
  if (rc == ST_OK) {
    rc = attach_one(sm, &sm->fetch, "fetch", prov, err);
  }
  if (rc == ST_OK && sm->has_wpt) {
    rc = attach_one(sm, &sm->wpt, "wpt", prov, err);
  }
  if (rc == ST_OK && sm->has_dyncta) {
    rc = attach_one(sm, &sm->dyn, "dyncta", prov, err);
    if (rc == ST_OK) {
      dyncta_eval(&sm->dyn.p.dyn, &sm->dyn.s.dyn, &sm->dyn_in, &sm->dyn_out);
    }
  }
  return rc;
}

/* ---- DYNCTA ------------------------------------------------------------- */

/* The outputs of the controller's registers, for the cycle that follows. */
static void dyncta_refresh(st_sm *sm) {
  dyncta_eval(&sm->dyn.p.dyn, &sm->dyn.s.dyn, &sm->dyn_in, &sm->dyn_out);
  uint64_t m = 0;
  for (uint32_t b = 0; b < sm->dyn.p.dyn.n_slots; b++) {
    m |= (uint64_t)(sm->dyn_out.paused[b] & 1) << b;
  }
  sm->paused = m;
}

st_status st_sm_dyncta_begin_cycle(st_sm *sm, uint64_t now, st_error *err) {
  if (!sm->has_dyncta || sm->dyn.chk == NULL) {
    return ST_OK; /* dyn_out is already the C model's outputs for this cycle */
  }
  /* With an RTL twin: its outputs (a function of its registers, compared
   * with the C model's) are what the SM and the CTA scheduler use. */
  dyncta_out out;
  st_status rc = st_uinst_eval(&sm->dyn, now, &sm->dyn_in, &out, err);
  if (rc == ST_OK) {
    sm->dyn_out = out;
  }
  return rc;
}

st_status st_sm_dyncta_step(st_sm *sm, uint64_t now, bool drained, st_error *err) {
  if (!sm->has_dyncta) {
    return ST_OK;
  }
  dyncta_in *in = &sm->dyn_in;
  in->stall = sm->dyn_flags.stall;
  in->ready = sm->dyn_flags.ready;
  in->mem_any = sm->dyn_flags.mem_any;
  in->mem_all = sm->dyn_flags.mem_all;
  in->membar_all = sm->dyn_flags.membar_all;
  in->drained = drained;
  in->kernel_start = sm->dyn_start;
  in->n_max = sm->dyn_start ? sm->dyn_n_max : 0;
  /* The outputs are a function of the registers: without an RTL twin they
   * are the ones computed after the last edge. */
  dyncta_out out = sm->dyn_out;
  if (sm->dyn.chk != NULL) {
    st_status rc = st_uinst_eval(&sm->dyn, now, in, &out, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  st_sm_stats *st = &sm->stats;
  if (!sm->dyn_start) {
    /* This cycle ran under the limit the outputs gave (kernel cycles only). */
    st->dyn_cycles++;
    st->dyn_n_sum += out.n;
    if (!drained) {
      st->dyn_issue_cycles++;
      st->dyn_issue_n_sum += out.n;
    }
    st->dyn_paused_sum += out.n_paused;
    st->dyn_paused_cycles += out.n_paused != 0;
    st->dyn_boosts += out.boost;
  }
  st_uinst_tick(&sm->dyn, in, &out);
  if (sm->dyn.s.dyn.dec_valid) {
    st->dyn_decisions[sm->dyn.s.dyn.decision & 3]++;
  }
  sm->dyn_start = false;
  memset(in, 0, sizeof *in);
  dyncta_refresh(sm);
  return ST_OK;
}

uint64_t st_sm_dyncta_skippable(const st_sm *sm) {
  if (!sm->has_dyncta) {
    return UINT64_MAX;
  }
  if (sm->dyn_start) {
    return 0;
  }
  /* The cycle with timer = PERIOD - 1 ends the window. */
  uint32_t period = sm->dyn.p.dyn.period, timer = sm->dyn.s.dyn.timer;
  return timer + 1 < period ? period - 1 - timer : 0;
}

bool st_sm_dyncta_window(const st_sm *sm, unsigned *n, unsigned *n_paused, unsigned *decision) {
  if (!sm->has_dyncta || !sm->dyn.s.dyn.dec_valid) {
    return false;
  }
  *n = sm->dyn_out.n;
  *n_paused = sm->dyn_out.n_paused;
  *decision = sm->dyn_out.decision;
  return true;
}
