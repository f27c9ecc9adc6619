/* Issue scheduler, greedy criticality-aware (CAWA): see wsched_gcaws.h. */
#include "units/wsched_gcaws/wsched_gcaws.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void wsched_gcaws_reset(const wsched_gcaws_params *p, wsched_gcaws_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void wsched_gcaws_eval(const wsched_gcaws_params *p, const wsched_gcaws_state *s,
                       const wsched_gcaws_in *in, wsched_gcaws_out *out) {
  unsigned nw = p->n_warps;
  uint32_t cmask = (UINT32_C(1) << p->crit_w) - 1;
  memset(out, 0, sizeof *out);
  for (unsigned j = 0; j < nw; j++) {
    unsigned greedy = s->last_valid && s->last == j && in->valid[j];
    uint32_t inv = ~in->crit[j] & cmask;
    out->key[j] = ((uint32_t)!greedy << (p->crit_w + p->age_w)) | (inv << p->age_w) | in->age[j];
  }
  st_u_argmin(nw, in->ready, out->key, &out->grant_valid, &out->grant);
}

void wsched_gcaws_tick(const wsched_gcaws_params *p, wsched_gcaws_state *s,
                       const wsched_gcaws_in *in, const wsched_gcaws_out *out) {
  (void)p;
  (void)in;
  if (out->grant_valid) {
    s->last_valid = 1;
    s->last = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_gcaws_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_gcaws_in, valid, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_gcaws_in, ready, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_gcaws_in, age, p->age_w, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_gcaws_in, crit, p->crit_w, p->n_warps);
  ST_USCALAR(l->out, l->n_out, wsched_gcaws_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_gcaws_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_gcaws_out, key, 1 + p->crit_w + p->age_w, p->n_warps);
  ST_USCALAR(l->state, l->n_state, wsched_gcaws_state, last_valid, 1);
  ST_USCALAR(l->state, l->n_state, wsched_gcaws_state, last, iw);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_gcaws_params, n_warps, "NW"),
    ST_UPARAM(wsched_gcaws_params, age_w, "AGE_W"),
    ST_UPARAM(wsched_gcaws_params, crit_w, "CRIT_W"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_gcaws_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sched(cfg);
  p->age_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
  p->crit_w = (uint8_t)cfg->cpl.crit_bits;
}

ST_UNIT_DESC(wsched_gcaws);
