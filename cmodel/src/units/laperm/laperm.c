/* LaPerm dispatch decision: see laperm.h. */
#include "units/laperm/laperm.h"

#include <string.h>

#include "units/unit_util.h"

unsigned laperm_top_level(const laperm_params *p, unsigned row) {
  for (unsigned l = p->levels; l >= 1; l--) {
    if (row >> (l - 1) & 1u) {
      return l;
    }
  }
  return 0;
}

/* Row s's level bits (L of them). */
static unsigned row_of(const laperm_params *p, const laperm_in *in, unsigned s) {
  return s < p->n_sms ? in->ne[s] & ((1u << p->levels) - 1u) : 0u;
}

int laperm_choose_backup(const laperm_params *p, const laperm_in *in) {
  /* The candidate with the most blocks, ties to the smallest position in the
   * ring after smx: the smallest key (~cnt, position), as the RTL's argmin. */
  const unsigned cmask = (1u << p->cnt_w) - 1u;
  const unsigned pmask = (1u << LAPERM_SM_W) - 1u;
  uint64_t best = UINT64_MAX;
  int which = -1;
  for (unsigned s = 0; s < p->n_sms; s++) {
    if (s == in->smx || row_of(p, in, s) == 0) {
      continue;
    }
    unsigned pos = st_u_ring_after(s, in->smx, p->n_sms) & pmask;
    uint64_t key = (uint64_t)(~in->cnt[s] & cmask) << LAPERM_SM_W | pos;
    if (key < best) {
      best = key;
      which = (int)s;
    }
  }
  return which;
}

void laperm_reset(const laperm_params *p, laperm_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

/* The SM's own backup, if it has one whose row is non-empty: its id, else -1. */
static int kept_backup(const laperm_params *p, const laperm_state *s, const laperm_in *in) {
  if (in->smx >= p->n_sms || !s->bvalid[in->smx]) {
    return -1;
  }
  unsigned b = s->backup[in->smx];
  return row_of(p, in, b) != 0 ? (int)b : -1;
}

void laperm_eval(const laperm_params *p, const laperm_state *s, const laperm_in *in,
                 laperm_out *out) {
  memset(out, 0, sizeof *out);
  unsigned own_sm = p->mode == LAPERM_TBPRI ? 0u : in->smx;
  unsigned own = row_of(p, in, own_sm);
  if (own != 0) {
    out->valid = 1;
    out->stage = LAPERM_STAGE_OWN;
    out->qsm = (uint8_t)own_sm;
    out->lvl = (uint8_t)laperm_top_level(p, own);
    return;
  }
  if (in->ne0) {
    out->valid = 1;
    out->stage = LAPERM_STAGE_PQ0;
    return;
  }
  if (p->mode != LAPERM_ADAPTIVE) {
    return;
  }
  int b = kept_backup(p, s, in);
  if (b < 0) {
    b = laperm_choose_backup(p, in);
  }
  if (b >= 0) {
    out->valid = 1;
    out->stage = LAPERM_STAGE_STEAL;
    out->qsm = (uint8_t)b;
    out->lvl = (uint8_t)laperm_top_level(p, row_of(p, in, (unsigned)b));
  }
}

void laperm_tick(const laperm_params *p, laperm_state *s, const laperm_in *in,
                 const laperm_out *out) {
  /* A new backup choice, taken: remembered (a kept one is the same SM). */
  if (in->take && out->valid && out->stage == LAPERM_STAGE_STEAL && in->smx < p->n_sms &&
      kept_backup(p, s, in) < 0) {
    s->bvalid[in->smx] = 1;
    s->backup[in->smx] = out->qsm;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const laperm_params *p = params;
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, laperm_in, smx, LAPERM_SM_W);
  ST_USCALAR(l->in, l->n_in, laperm_in, ne0, 1);
  ST_UFIELD(l->in, l->n_in, laperm_in, ne, p->levels, p->n_sms);
  ST_UFIELD(l->in, l->n_in, laperm_in, cnt, p->cnt_w, p->n_sms);
  ST_USCALAR(l->in, l->n_in, laperm_in, take, 1);

  ST_USCALAR(l->out, l->n_out, laperm_out, valid, 1);
  ST_USCALAR(l->out, l->n_out, laperm_out, stage, 2);
  ST_USCALAR(l->out, l->n_out, laperm_out, qsm, LAPERM_SM_W);
  ST_USCALAR(l->out, l->n_out, laperm_out, lvl, LAPERM_LVL_W);

  ST_UFIELD(l->state, l->n_state, laperm_state, bvalid, 1, p->n_sms);
  ST_UFIELD(l->state, l->n_state, laperm_state, backup, LAPERM_SM_W, p->n_sms);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(laperm_params, n_sms, "NS"),
    ST_UPARAM(laperm_params, levels, "L"),
    ST_UPARAM(laperm_params, mode, "MODE"),
    ST_UPARAM(laperm_params, cnt_w, "CNT_W"),
};

void laperm_config_params(const st_config *cfg, laperm_params *p) {
  memset(p, 0, sizeof *p);
  int64_t ns = st_config_num_sms(cfg);
  int64_t lv = cfg->laperm.levels;
  p->n_sms = (uint8_t)(ns < 1 ? 1 : ns > LAPERM_MAX_SMS ? LAPERM_MAX_SMS : ns);
  p->levels = (uint8_t)(lv < 1 ? 1 : lv > LAPERM_MAX_LEVELS ? LAPERM_MAX_LEVELS : lv);
  switch (cfg->cta_scheduler.policy) {
  case ST_CTA_LAPERM_SMXBIND: p->mode = LAPERM_SMXBIND; break;
  case ST_CTA_LAPERM_ADAPTIVE: p->mode = LAPERM_ADAPTIVE; break;
  default: p->mode = LAPERM_TBPRI; break;
  }
  p->cnt_w = 16;
}

static void config_params(const st_config *cfg, void *params) {
  laperm_config_params(cfg, params);
}

ST_UNIT_DESC(laperm);
