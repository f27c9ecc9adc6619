/* The SM's unit instances, made from the unit registry (units/registry.h):
 * one issue scheduler per warp scheduler (the unit of role warp issue that
 * the configuration selects), one fetch arbiter, every SM controller the
 * configuration selects, and the L1D's policy when one is selected (its
 * hooks handed to the cache). The SM steps them through their role's hooks
 * (units/roles.h); with co-simulation on for an instance, its RTL twin runs
 * in lock-step (docs/cosim.md). Nothing here names a unit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sm_internal.h"
#include "mem/cache_policy.h"

/* Each controller publishes the outputs of its reset state. */
static void controllers_reset(st_sm *sm) {
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    if (ops->reset != NULL) {
      ops->reset(sm->ctl[i], sm);
    }
  }
}

static st_status add_instance(st_sm *sm, const st_unit *u, uint32_t index, st_uinst **out,
                              st_error *err) {
  st_uinst *x = NULL;
  st_status rc = st_uinst_create(u, sm->cfg, sm->id, index, &x, err);
  if (rc != ST_OK) {
    return rc;
  }
  sm->uinst[sm->n_uinst++] = x;
  *out = x;
  return ST_OK;
}

st_status st_sm_units_init(st_sm *sm, st_error *err) {
  const st_config *cfg = sm->cfg;
  size_t cap = sm->n_sched + 2 + ST_SM_MAX_CTL;
  sm->uinst = calloc(cap, sizeof *sm->uinst);
  if (sm->uinst == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory creating an SM");
  }
  const st_unit *issue = NULL, *fetch = NULL;
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    if (!st_unit_selected(u, cfg)) {
      continue;
    }
    st_status rc = ST_OK;
    switch (u->role) {
    case ST_ROLE_WARP_ISSUE:
      issue = u;
      for (uint32_t s = 0; rc == ST_OK && s < sm->n_sched; s++) {
        rc = add_instance(sm, u, s, &sm->sched[s].u, err);
        sm->sched[s].n_warps = (sm->max_warps + sm->n_sched - 1 - s) / sm->n_sched;
      }
      break;
    case ST_ROLE_FETCH:
      fetch = u;
      rc = add_instance(sm, u, 0, &sm->fetch, err);
      break;
    case ST_ROLE_SM_CTRL:
      if (sm->n_ctl == ST_SM_MAX_CTL) {
        return st_error_set(err, ST_ERR_CONFIG, "more than %d SM controllers selected",
                            ST_SM_MAX_CTL);
      }
      rc = add_instance(sm, u, 0, &sm->ctl[sm->n_ctl], err);
      sm->n_ctl += rc == ST_OK;
      break;
    case ST_ROLE_L1D_POLICY: {
      if (sm->l1d_pol != NULL) {
        return st_error_set(err, ST_ERR_CONFIG, "two L1D policies selected: %s and %s",
                            sm->l1d_pol->unit->desc->name, u->desc->name);
      }
      rc = add_instance(sm, u, 0, &sm->l1d_pol, err);
      if (rc == ST_OK) {
        const st_l1dpol_ops *ops = u->ops;
        if (ops->bind != NULL) {
          ops->bind(sm->l1d_pol, sm);
        }
        st_cache_set_policy(sm->l1d, ops->cache, sm->l1d_pol);
      }
      break;
    }
    case ST_ROLE_TB_SCHED:
    case ST_ROLE_GPU:
      break; /* GPU-level instances: the GPU makes them (gpu/gpu_units.c) */
    default:
      rc = st_error_set(err, ST_ERR_CONFIG, "unit %s: the model has no place for role %s yet",
                        u->desc->name, st_role_name(u->role));
      break;
    }
    if (rc != ST_OK) {
      return rc;
    }
  }
  controllers_reset(sm);
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    sm->ctl_issue_begin = sm->ctl_issue_begin || ops->issue_begin != NULL;
    sm->ctl_sm_end = sm->ctl_sm_end || ops->sm_end != NULL;
    sm->ctl_end_cycle = sm->ctl_end_cycle || ops->end_cycle != NULL;
  }
  sm->ctl_still = true;
  for (uint32_t i = 0; i < sm->n_ctl && !sm->fault_ctl_still; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    sm->ctl_still = sm->ctl_still && ops->begin_cycle == NULL && ops->end_cycle == NULL &&
                    ops->skippable == NULL;
  }
  if (issue == NULL || fetch == NULL) {
    /* The registry check (st_registry_check) rules this out. */
    return st_error_set(err, ST_ERR_INTERNAL, "no %s unit selected",
                        issue == NULL ? "warp issue" : "fetch");
  }
  return ST_OK;
}

void st_sm_units_destroy(st_sm *sm) {
  for (uint32_t i = 0; i < sm->n_uinst; i++) {
    st_uinst_destroy(sm->uinst[i]);
  }
  free(sm->uinst);
  sm->uinst = NULL;
  sm->n_uinst = 0;
}

void st_sm_units_kernel_begin(st_sm *sm, unsigned ctas_per_sm, bool gpu_idle) {
  for (uint32_t s = 0; gpu_idle && s < sm->n_sched; s++) {
    st_uinst_reset(sm->sched[s].u);
    sm->sched[s].u->tb_launch = 0;
  }
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    if (ops->kernel_begin != NULL) {
      ops->kernel_begin(sm->ctl[i], sm, ctas_per_sm);
    }
  }
}

void st_sm_units_tb_launch(st_sm *sm, uint32_t b) {
  uint64_t bit = UINT64_C(1) << b;
  for (uint32_t i = 0; i < sm->n_uinst; i++) {
    sm->uinst[i]->tb_launch |= bit;
  }
}

/* ---- the controllers' hooks ------------------------------------------------ */

#define CTL_PHASE(hook, ...)                                                               \
  for (uint32_t i = 0; i < sm->n_ctl; i++) {                                               \
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;                                       \
    if (ops->hook != NULL) {                                                               \
      st_status rc = ops->hook(sm->ctl[i], sm, __VA_ARGS__);                               \
      if (rc != ST_OK) {                                                                   \
        return rc;                                                                         \
      }                                                                                    \
    }                                                                                      \
  }

st_status st_sm_units_begin_cycle(st_sm *sm, uint64_t now, st_error *err) {
  CTL_PHASE(begin_cycle, now, err);
  return ST_OK;
}

st_status st_sm_units_issue_begin_hooks(st_sm *sm, uint64_t now, st_error *err) {
  CTL_PHASE(issue_begin, now, err);
  return ST_OK;
}

st_status st_sm_units_sm_end_hooks(st_sm *sm, uint64_t now, st_error *err) {
  CTL_PHASE(sm_end, now, err);
  sm->ev_issue_any = false;
  /* The issue stage's events were taken. */
  memset(sm->ev.arr_valid, 0, sizeof sm->ev.arr_valid);
  memset(sm->ev.arr_tb, 0, sizeof sm->ev.arr_tb);
  memset(sm->ev.arr_rel, 0, sizeof sm->ev.arr_rel);
  memset(sm->ev.exit_valid, 0, sizeof sm->ev.exit_valid);
  memset(sm->ev.exit_tb, 0, sizeof sm->ev.exit_tb);
  memset(sm->ev.exit_rel, 0, sizeof sm->ev.exit_rel);
  ST_BITS(w, sm->ev.commit_mask) {
    sm->ev.commit[w] = 0;
  }
  sm->ev.commit_mask = 0;
  return ST_OK;
}

st_status st_sm_units_end_cycle(st_sm *sm, uint64_t now, bool drained, st_error *err) {
  CTL_PHASE(end_cycle, now, drained, err);
  sm->ev.cta_exit = 0;
  sm->ev.paused_issues = 0;
  sm->ev.paused_ready = 0;
  return ST_OK;
}

bool st_sm_units_has_begin(const st_sm *sm) {
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    if (((const st_smctl_ops *)sm->ctl[i]->unit->ops)->begin_cycle != NULL) {
      return true;
    }
  }
  return false;
}

bool st_sm_units_has_end(const st_sm *sm) { return sm->ctl_end_cycle; }

bool st_sm_units_has_ctl(const st_sm *sm) { return sm->n_ctl > 0; }

uint64_t st_sm_units_skippable(const st_sm *sm) {
  uint64_t q = UINT64_MAX;
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    if (ops->skippable != NULL) {
      uint64_t x = ops->skippable(sm->ctl[i], sm);
      q = x < q ? x : q;
    }
  }
  return q;
}

bool st_sm_units_step_idle(const st_sm *sm) {
  for (uint32_t i = 0; i < sm->n_ctl; i++) {
    const st_smctl_ops *ops = sm->ctl[i]->unit->ops;
    if (ops->steps_when_idle && ops->end_cycle != NULL) {
      return true;
    }
  }
  return false;
}

st_uinst *st_sm_unit_instance(const st_sm *sm, const st_unit *u) {
  for (uint32_t i = 0; i < sm->n_uinst; i++) {
    if (sm->uinst[i]->unit == u) {
      return sm->uinst[i];
    }
  }
  return NULL;
}

st_uinst *const *st_sm_units(const st_sm *sm, uint32_t *n) {
  *n = sm->n_uinst;
  return sm->uinst;
}

/* ---- co-simulation: which instances get an RTL twin -------------------- */

typedef struct list_check {
  const st_sm *sm;
  const char *key;
  st_error *err;
} list_check;

/* Every entry of the list must name a unit this SM has (or "all", or a role
 * one of its units plays). */
static bool check_entry(void *ctx, const char *name, size_t len, const char *fault,
                        size_t fault_len) {
  (void)fault;
  (void)fault_len;
  list_check *c = ctx;
  for (uint32_t i = 0; i < c->sm->n_uinst; i++) {
    if (st_unit_list_names(c->sm->uinst[i]->unit, name, len)) {
      return true;
    }
  }
  /* The GPU-level units the configuration selects (the GPU makes them). */
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    if (st_role_scope(u->role) == ST_USCOPE_GPU && st_unit_selected(u, c->sm->cfg) &&
        st_unit_list_names(u, name, len)) {
      return true;
    }
  }
  char in_use[512] = "";
  size_t o = 0;
  for (uint32_t i = 0; i < c->sm->n_uinst; i++) {
    const st_unit *u = c->sm->uinst[i]->unit;
    if (i > 0 && c->sm->uinst[i - 1]->unit == u) {
      continue; /* the other schedulers */
    }
    int w = snprintf(in_use + o, sizeof in_use - o, "%s%s (%s)", o ? ", " : "", u->desc->name,
                     st_role_name(u->role));
    o += w > 0 && (size_t)w < sizeof in_use - o ? (size_t)w : 0;
  }
  bool known = false;
  for (size_t i = 0; i < st_unit_count() && !known; i++) {
    known = strlen(st_unit_get(i)->desc->name) == len &&
            memcmp(st_unit_get(i)->desc->name, name, len) == 0;
  }
  for (int r = 0; r < ST_ROLE_COUNT && !known; r++) {
    known = strlen(st_role_name((st_role)r)) == len &&
            memcmp(st_role_name((st_role)r), name, len) == 0;
  }
  st_error_set(c->err, ST_ERR_CONFIG, "%s: '%.*s' %s (units in use: %s; or all)", c->key, (int)len,
               name, known ? "is not in use with this configuration" : "is not a unit", in_use);
  return false;
}

typedef struct list_find {
  const st_unit *u;
  bool found;
  const char *fault;
  size_t fault_len;
} list_find;

static bool find_entry(void *ctx, const char *name, size_t len, const char *fault,
                       size_t fault_len) {
  list_find *f = ctx;
  if (st_unit_list_names(f->u, name, len)) {
    f->found = true;
    f->fault = fault;
    f->fault_len = fault_len;
  }
  return true;
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
  list_check c = {sm, "cosim.units", err};
  if (!st_unit_list_each(cfg->cosim.units, check_entry, &c)) {
    return ST_ERR_CONFIG;
  }
  c.key = "cosim.rtl_drives";
  if (!st_unit_list_each(cfg->cosim.rtl_drives, check_entry, &c)) {
    return ST_ERR_CONFIG;
  }
  if (prov == NULL) {
    return st_error_set(err, ST_ERR_UNSUPPORTED,
                        "co-simulation (cosim.units = %s) is not available: this simtref was "
                        "built without Verilator (install verilator and rebuild)",
                        cfg->cosim.units);
  }
  st_status rc = st_units_attach_listed(sm->uinst, sm->n_uinst, prov, cfg, err);
  if (rc != ST_OK) {
    return rc;
  }
  /* The twins were reset with their C models: the controllers publish the
   * outputs of the reset state again. */
  controllers_reset(sm);
  return ST_OK;
}

st_status st_units_attach_listed(st_uinst **list, uint32_t n, const st_cosim_provider *prov,
                                 const st_config *cfg, st_error *err) {
  for (uint32_t i = 0; i < n; i++) {
    st_uinst *x = list[i];
    list_find f = {x->unit, false, NULL, 0};
    st_unit_list_each(cfg->cosim.units, find_entry, &f);
    if (!f.found) {
      continue;
    }
    list_find d = {x->unit, false, NULL, 0};
    st_unit_list_each(cfg->cosim.rtl_drives, find_entry, &d);
    char *fault = NULL;
    if (f.fault != NULL && f.fault_len > 0) {
      fault = strndup(f.fault, f.fault_len);
      if (fault == NULL) {
        return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
      }
    }
    st_status rc = st_uinst_attach(x, prov, fault, d.found, cfg, err);
    free(fault);
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}
