/* Issue scheduler, CAWS oracle priority counters: see wsched_caws.h. */
#include "units/wsched_caws/wsched_caws.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void wsched_caws_reset(const wsched_caws_params *p, wsched_caws_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

/* The counter warp j goes on with this cycle: its index at a launch. */
static unsigned counter_of(const wsched_caws_params *p, const wsched_caws_state *s,
                           const wsched_caws_in *in, unsigned j) {
  unsigned cmask = (1u << p->cnt_w) - 1;
  return in->launch[j] ? j & cmask : s->cnt[j];
}

void wsched_caws_eval(const wsched_caws_params *p, const wsched_caws_state *s,
                      const wsched_caws_in *in, wsched_caws_out *out) {
  unsigned nw = p->n_warps;
  memset(out, 0, sizeof *out);
  for (unsigned j = 0; j < nw; j++) {
    out->key[j] = (uint32_t)counter_of(p, s, in, j) << p->age_w | in->age[j];
  }
  st_u_argmin(nw, in->ready, out->key, &out->grant_valid, &out->grant);
}

void wsched_caws_tick(const wsched_caws_params *p, wsched_caws_state *s,
                      const wsched_caws_in *in, const wsched_caws_out *out) {
  unsigned cmask = (1u << p->cnt_w) - 1;
  uint8_t next[ST_U_MAX_WARPS];
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned c = counter_of(p, s, in, j);
    if (!out->grant_valid) {
      next[j] = (uint8_t)c;
    } else if (j == out->grant) {
      unsigned lv = in->level[j] & 3u;
      next[j] = (uint8_t)((lv == CAWS_CRITICAL ? p->rst_crit
                           : lv == CAWS_FAST   ? p->rst_fast
                                               : p->rst_norm) & cmask);
    } else {
      next[j] = (uint8_t)(c != 0 ? c - 1 : 0);
    }
  }
  memcpy(s->cnt, next, p->n_warps);
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_caws_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_caws_in, valid, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_caws_in, ready, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_caws_in, launch, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_caws_in, level, 2, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_caws_in, age, p->age_w, p->n_warps);
  ST_USCALAR(l->out, l->n_out, wsched_caws_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_caws_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_caws_out, key, p->cnt_w + p->age_w, p->n_warps);
  ST_UFIELD(l->state, l->n_state, wsched_caws_state, cnt, p->cnt_w, p->n_warps);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_caws_params, n_warps, "NW"),
    ST_UPARAM(wsched_caws_params, age_w, "AGE_W"),
    ST_UPARAM(wsched_caws_params, cnt_w, "CNT_W"),
    ST_UPARAM(wsched_caws_params, rst_crit, "RST_CRIT"),
    ST_UPARAM(wsched_caws_params, rst_norm, "RST_NORM"),
    ST_UPARAM(wsched_caws_params, rst_fast, "RST_FAST"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_caws_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sched(cfg);
  p->age_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
  p->cnt_w = 6; /* spec §1.2.2 [suggest]: 0..63 holds the reset values 40, 48, 60 */
  p->rst_crit = (uint8_t)cfg->sm.caws.reset_critical;
  p->rst_norm = (uint8_t)cfg->sm.caws.reset_normal;
  p->rst_fast = (uint8_t)cfg->sm.caws.reset_fast;
}

ST_UNIT_DESC(wsched_caws);
