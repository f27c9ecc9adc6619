/* BAWS's warp priority table: see wpt.h. */
#include "units/wpt/wpt.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void wpt_reset(const wpt_params *p, wpt_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void wpt_eval(const wpt_params *p, const wpt_state *s, const wpt_in *in, wpt_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  memcpy(out->cnt, s->cnt, p->n_tbs);
}

static unsigned apply(unsigned v, unsigned max, int rel, int counts) {
  if (rel) {
    return 0;
  }
  return counts && v < max ? v + 1 : v;
}

void wpt_tick(const wpt_params *p, wpt_state *s, const wpt_in *in, const wpt_out *out) {
  (void)out;
  unsigned max = (1u << p->cnt_w) - 1;
  for (unsigned b = 0; b < p->n_tbs; b++) {
    unsigned v = in->tb_launch[b] ? 0 : s->cnt[b];
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (in->arr_valid[k] && in->arr_tb[k] == b) {
        v = apply(v, max, in->arr_rel[k], 1);
      }
      if (in->exit_valid[k] && in->exit_tb[k] == b) {
        v = apply(v, max, in->exit_rel[k], p->count_exited);
      }
    }
    s->cnt[b] = (uint8_t)v;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wpt_params *p = params;
  unsigned tw = st_u_idx_bits(p->n_tbs);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wpt_in, arr_valid, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, arr_tb, tw, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, arr_rel, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, exit_valid, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, exit_tb, tw, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, exit_rel, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, wpt_in, tb_launch, 1, p->n_tbs);
  ST_UFIELD(l->out, l->n_out, wpt_out, cnt, p->cnt_w, p->n_tbs);
  ST_UFIELD(l->state, l->n_state, wpt_state, cnt, p->cnt_w, p->n_tbs);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wpt_params, n_tbs, "NTB"),
    ST_UPARAM(wpt_params, n_sched, "NS"),
    ST_UPARAM(wpt_params, cnt_w, "CNT_W"),
    ST_UPARAM(wpt_params, count_exited, "COUNT_EXITED"),
};

static void config_params(const st_config *cfg, void *params) {
  wpt_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_tbs = (uint8_t)cfg->sm.max_ctas;
  p->n_sched = (uint8_t)cfg->sm.num_schedulers;
  p->cnt_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
  p->count_exited = cfg->sm.mwf_count_exited ? 1 : 0;
}

ST_UNIT_DESC(wpt);
