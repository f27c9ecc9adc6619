/* Issue scheduler, Most-Waiting-First: see wsched_mwf.h. */
#include "units/wsched_mwf/wsched_mwf.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

unsigned wsched_mwf_rank_bits(const wsched_mwf_params *p) {
  return p->variant == MWF_VARIANT_GTO ? st_u_idx_bits(p->n_warps + 1u)
                                       : st_u_idx_bits(p->n_warps);
}

unsigned wsched_mwf_key_bits(const wsched_mwf_params *p) {
  return p->cnt_w + st_u_idx_bits(p->n_tbs) + wsched_mwf_rank_bits(p);
}

void wsched_mwf_reset(const wsched_mwf_params *p, wsched_mwf_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void wsched_mwf_eval(const wsched_mwf_params *p, const wsched_mwf_state *s,
                     const wsched_mwf_in *in, wsched_mwf_out *out) {
  unsigned nw = p->n_warps;
  unsigned rw = wsched_mwf_rank_bits(p), tw = st_u_idx_bits(p->n_tbs);
  unsigned cmax = (1u << p->cnt_w) - 1;
  memset(out, 0, sizeof *out);
  for (unsigned j = 0; j < nw; j++) {
    unsigned b = in->tb[j];
    unsigned rank;
    if (p->variant == MWF_VARIANT_GTO) {
      rank = s->last_valid[b] && s->last[b] == j ? 0 : j + 1;
    } else {
      rank = s->last_valid[b] ? st_u_ring_after(j, s->last[b], nw) : j;
    }
    unsigned inv = cmax - in->cnt[b];
    out->key[j] = (uint32_t)((((inv << tw) | b) << rw) | rank);
  }
  st_u_argmin(nw, in->ready, out->key, &out->grant_valid, &out->grant);
}

void wsched_mwf_tick(const wsched_mwf_params *p, wsched_mwf_state *s, const wsched_mwf_in *in,
                     const wsched_mwf_out *out) {
  for (unsigned b = 0; b < p->n_tbs; b++) {
    if (in->tb_launch[b]) {
      s->last_valid[b] = 0;
      s->last[b] = 0;
    }
  }
  if (out->grant_valid) {
    unsigned b = in->tb[out->grant];
    s->last_valid[b] = 1;
    s->last[b] = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_mwf_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps), tw = st_u_idx_bits(p->n_tbs);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_mwf_in, ready, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_mwf_in, tb, tw, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_mwf_in, cnt, p->cnt_w, p->n_tbs);
  ST_UFIELD(l->in, l->n_in, wsched_mwf_in, tb_launch, 1, p->n_tbs);
  ST_USCALAR(l->out, l->n_out, wsched_mwf_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_mwf_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_mwf_out, key, wsched_mwf_key_bits(p), p->n_warps);
  ST_UFIELD(l->state, l->n_state, wsched_mwf_state, last_valid, 1, p->n_tbs);
  ST_UFIELD(l->state, l->n_state, wsched_mwf_state, last, iw, p->n_tbs);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_mwf_params, n_warps, "NW"),
    ST_UPARAM(wsched_mwf_params, n_tbs, "NTB"),
    ST_UPARAM(wsched_mwf_params, cnt_w, "CNT_W"),
    ST_UPARAM(wsched_mwf_params, variant, "VARIANT"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_mwf_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sched(cfg);
  p->n_tbs = (uint8_t)cfg->sm.max_ctas;
  p->cnt_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
  p->variant = cfg->sm.warp_scheduler == ST_WSCHED_MWF_GTO ? MWF_VARIANT_GTO : MWF_VARIANT_LRR;
}

ST_UNIT_DESC(wsched_mwf);
