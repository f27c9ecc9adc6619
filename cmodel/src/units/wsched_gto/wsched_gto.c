/* Issue scheduler, greedy then oldest: see wsched_gto.h. */
#include "units/wsched_gto/wsched_gto.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void wsched_gto_reset(const wsched_gto_params *p, wsched_gto_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void wsched_gto_eval(const wsched_gto_params *p, const wsched_gto_state *s,
                     const wsched_gto_in *in, wsched_gto_out *out) {
  unsigned nw = p->n_warps;
  memset(out, 0, sizeof *out);
  for (unsigned j = 0; j < nw; j++) {
    unsigned greedy = s->last_valid && s->last == j && in->valid[j];
    out->key[j] = (uint32_t)(((unsigned)!greedy << p->age_w) | in->age[j]);
  }
  st_u_argmin(nw, in->ready, out->key, &out->grant_valid, &out->grant);
}

void wsched_gto_tick(const wsched_gto_params *p, wsched_gto_state *s, const wsched_gto_in *in,
                     const wsched_gto_out *out) {
  (void)p;
  (void)in;
  if (out->grant_valid) {
    s->last_valid = 1;
    s->last = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_gto_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_gto_in, valid, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_gto_in, ready, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_gto_in, age, p->age_w, p->n_warps);
  ST_USCALAR(l->out, l->n_out, wsched_gto_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_gto_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_gto_out, key, p->age_w + 1, p->n_warps);
  ST_USCALAR(l->state, l->n_state, wsched_gto_state, last_valid, 1);
  ST_USCALAR(l->state, l->n_state, wsched_gto_state, last, iw);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_gto_params, n_warps, "NW"),
    ST_UPARAM(wsched_gto_params, age_w, "AGE_W"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_gto_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sched(cfg);
  p->age_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
}

ST_UNIT_DESC(wsched_gto);
