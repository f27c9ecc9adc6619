/* Fetch arbiter, Critical-Fetch-First: see fetch_cff.h. */
#include "units/fetch_cff/fetch_cff.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void fetch_cff_reset(const fetch_cff_params *p, fetch_cff_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

/* The post-issue pointers: the registers with this cycle's grants applied. */
static void post_issue(const fetch_cff_params *p, const fetch_cff_state *s,
                       const fetch_cff_in *in, fetch_cff_state *e) {
  memset(e, 0, sizeof *e);
  if (p->mode == CFF_MODE_MWF_LRR || p->mode == CFF_MODE_MWF_GTO) {
    for (unsigned b = 0; b < p->n_tbs; b++) {
      if (!in->tb_launch[b]) {
        e->tb_last_valid[b] = s->tb_last_valid[b];
        e->tb_last[b] = s->tb_last[b];
      }
    }
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (in->issue_valid[k]) {
        unsigned b = in->tb[in->issue_warp[k]];
        e->tb_last_valid[b] = 1;
        e->tb_last[b] = in->issue_warp[k];
      }
    }
  } else if (p->mode == CFF_MODE_GTO) {
    for (unsigned k = 0; k < p->n_sched; k++) {
      e->sched_last_valid[k] = in->issue_valid[k] ? 1 : s->sched_last_valid[k];
      e->sched_last[k] = in->issue_valid[k] ? in->issue_warp[k] : s->sched_last[k];
    }
  } else {
    e->sm_last_valid = s->sm_last_valid;
    e->sm_last = s->sm_last;
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (in->issue_valid[k]) {
        e->sm_last_valid = 1;
        e->sm_last = in->issue_warp[k];
      }
    }
  }
}

/* The candidates' key, the smallest first (ties: the lower index, as
 * st_u_argmin). Only candidates are keyed: a cycle with none (most cycles of
 * a full I-buffer) grants nothing without the post-issue pointers. */
void fetch_cff_eval(const fetch_cff_params *p, const fetch_cff_state *s, const fetch_cff_in *in,
                    fetch_cff_out *out) {
  unsigned n = p->n_warps;
  memset(out, 0, sizeof *out);
  uint64_t cand = st_u_mask_of(in->eligible, n);
  if (p->skip_bar) {
    cand &= ~st_u_mask_of(in->at_bar, n);
  }
  if (cand == 0) {
    return;
  }
  fetch_cff_state e;
  post_issue(p, s, in, &e);
  unsigned tw = st_u_idx_bits(p->n_tbs);
  unsigned rw = p->mode == CFF_MODE_MWF_GTO ? st_u_idx_bits(n + 1u) : st_u_idx_bits(n);
  unsigned cmax = (1u << p->cnt_w) - 1;
  uint64_t best = UINT64_MAX;
  for (; cand != 0; cand &= cand - 1) {
    unsigned i = (unsigned)__builtin_ctzll(cand);
    unsigned b = in->tb[i];
    uint32_t key;
    switch (p->mode) {
    case CFF_MODE_LRR:
      key = e.sm_last_valid ? st_u_ring_after(i, e.sm_last, n) : i;
      break;
    case CFF_MODE_GTO: {
      unsigned greedy = 0;
      for (unsigned k = 0; k < p->n_sched; k++) {
        greedy |= e.sched_last_valid[k] && e.sched_last[k] == i;
      }
      key = ((unsigned)!greedy << p->age_w) | in->age[i];
      break;
    }
    default: {
      unsigned rank;
      if (p->mode == CFF_MODE_MWF_GTO) {
        rank = e.tb_last_valid[b] && e.tb_last[b] == i ? 0 : i + 1;
      } else {
        rank = e.tb_last_valid[b] ? st_u_ring_after(i, e.tb_last[b], n) : i;
      }
      key = ((((cmax - in->cnt[b]) << tw) | b) << rw) | rank;
      break;
    }
    }
    uint64_t v = (uint64_t)key << 8 | i;
    best = v < best ? v : best;
  }
  out->grant_valid = 1;
  out->grant = (uint8_t)(best & 0xff);
}

void fetch_cff_tick(const fetch_cff_params *p, fetch_cff_state *s, const fetch_cff_in *in,
                    const fetch_cff_out *out) {
  (void)out;
  fetch_cff_state e;
  post_issue(p, s, in, &e);
  *s = e;
}

static void layout(const void *params, st_ulayout *l) {
  const fetch_cff_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps), tw = st_u_idx_bits(p->n_tbs);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, eligible, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, at_bar, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, tb, tw, p->n_warps);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, age, p->age_w, p->n_warps);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, cnt, p->cnt_w, p->n_tbs);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, issue_valid, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, issue_warp, iw, p->n_sched);
  ST_UFIELD(l->in, l->n_in, fetch_cff_in, tb_launch, 1, p->n_tbs);
  ST_USCALAR(l->out, l->n_out, fetch_cff_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, fetch_cff_out, grant, iw);
  if (p->mode == CFF_MODE_MWF_LRR || p->mode == CFF_MODE_MWF_GTO) {
    ST_UFIELD(l->state, l->n_state, fetch_cff_state, tb_last_valid, 1, p->n_tbs);
    ST_UFIELD(l->state, l->n_state, fetch_cff_state, tb_last, iw, p->n_tbs);
  } else if (p->mode == CFF_MODE_GTO) {
    ST_UFIELD(l->state, l->n_state, fetch_cff_state, sched_last_valid, 1, p->n_sched);
    ST_UFIELD(l->state, l->n_state, fetch_cff_state, sched_last, iw, p->n_sched);
  } else {
    ST_USCALAR(l->state, l->n_state, fetch_cff_state, sm_last_valid, 1);
    ST_USCALAR(l->state, l->n_state, fetch_cff_state, sm_last, iw);
  }
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(fetch_cff_params, n_warps, "NWS"),
    ST_UPARAM(fetch_cff_params, n_sched, "NS"),
    ST_UPARAM(fetch_cff_params, n_tbs, "NTB"),
    ST_UPARAM(fetch_cff_params, cnt_w, "CNT_W"),
    ST_UPARAM(fetch_cff_params, age_w, "AGE_W"),
    ST_UPARAM(fetch_cff_params, mode, "MODE"),
    ST_UPARAM(fetch_cff_params, skip_bar, "SKIP_BAR"),
};

static void config_params(const st_config *cfg, void *params) {
  fetch_cff_params *p = params;
  memset(p, 0, sizeof *p);
  unsigned nws = st_u_warps_per_sm(cfg);
  p->n_warps = (uint8_t)nws;
  p->n_sched = (uint8_t)cfg->sm.num_schedulers;
  p->n_tbs = (uint8_t)cfg->sm.max_ctas;
  p->cnt_w = (uint8_t)st_u_idx_bits(nws);
  p->age_w = (uint8_t)st_u_idx_bits(nws);
  switch ((st_warp_sched_kind)cfg->sm.warp_scheduler) {
  case ST_WSCHED_LRR: p->mode = CFF_MODE_LRR; break;
  case ST_WSCHED_MWF_LRR: p->mode = CFF_MODE_MWF_LRR; break;
  case ST_WSCHED_MWF_GTO: p->mode = CFF_MODE_MWF_GTO; break;
  default: p->mode = CFF_MODE_GTO; break;
  }
  p->skip_bar = cfg->sm.cff_skip_barrier_warps ? 1 : 0;
}

ST_UNIT_DESC(fetch_cff);
