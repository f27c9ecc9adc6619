/* CAWA's criticality prediction logic: see cpl.h. */
#include "units/cpl/cpl.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void cpl_reset(const cpl_params *p, cpl_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

static uint32_t sat(uint64_t v, unsigned w) {
  uint64_t max = (UINT64_C(1) << w) - 1;
  return (uint32_t)(v > max ? max : v);
}

uint32_t cpl_criticality(const cpl_params *p, uint32_t ninst, uint32_t nstall, uint32_t committed,
                         uint32_t elapsed) {
  uint64_t el = sat(elapsed, p->crit_w);
  uint64_t cpi = (el << 8) / (committed != 0 ? committed : 1u); /* < 2^(CRIT_W+8) */
  uint64_t prod = ((uint64_t)ninst * cpi) >> 8;                 /* < 2^(NINST_W+CRIT_W) */
  return sat(prod + nstall, p->crit_w);
}

void cpl_eval(const cpl_params *p, const cpl_state *s, const cpl_in *in, cpl_out *out) {
  unsigned nw = p->n_warps;
  memcpy(out->crit, s->crit, nw * sizeof out->crit[0]);
  memset(out->crit + nw, 0, (ST_U_MAX_WARPS - nw) * sizeof out->crit[0]);
  memset(out->critical, 0, sizeof out->critical);
  /* The largest crit among each TB's live warps; a live warp equal to it is critical. */
  uint64_t live = st_u_mask_of(in->live, nw), any = 0;
  uint32_t tbmax[ST_U_MAX_TBS];
  for (uint64_t m = live; m != 0; m &= m - 1) {
    unsigned w = (unsigned)__builtin_ctzll(m);
    unsigned b = in->tb[w] & (ST_U_MAX_TBS - 1);
    if (!(any >> b & 1) || s->crit[w] > tbmax[b]) {
      tbmax[b] = s->crit[w];
      any |= UINT64_C(1) << b;
    }
  }
  for (uint64_t m = live; m != 0; m &= m - 1) {
    unsigned w = (unsigned)__builtin_ctzll(m);
    out->critical[w] = (uint8_t)(s->crit[w] == tbmax[in->tb[w] & (ST_U_MAX_TBS - 1)]);
  }
}

void cpl_tick(const cpl_params *p, cpl_state *s, const cpl_in *in, const cpl_out *out) {
  (void)out;
  const uint32_t now = in->now;
  const uint32_t nmax = (1u << p->ninst_w) - 1;
  /* Only a slot with a launch, a commit or an issue changes. */
  unsigned nw = p->n_warps;
  uint64_t touched = st_u_mask_of(in->launch, nw) | st_u_mask_of(in->commit, nw);
  for (unsigned k = 0; k < p->n_sched; k++) {
    if (in->iss_valid[k] && in->iss_slot[k] < nw) {
      touched |= UINT64_C(1) << in->iss_slot[k];
    }
  }
  for (; touched != 0; touched &= touched - 1) {
    unsigned w = (unsigned)__builtin_ctzll(touched);
    if (in->launch[w]) {
      s->ninst[w] = (uint16_t)(in->kstatic[w] & nmax);
      s->nstall[w] = 0;
      s->committed[w] = 0;
      s->crit[w] = 0;
      s->t_launch[w] = now;
      s->t_last[w] = now;
      continue;
    }
    uint32_t ninst = s->ninst[w];
    if (in->commit[w] != 0) {
      s->committed[w] = sat((uint64_t)s->committed[w] + in->commit[w], p->crit_w);
      ninst = ninst > in->commit[w] ? ninst - in->commit[w] : 0;
    }
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (!in->iss_valid[k] || in->iss_slot[k] != w) {
        continue;
      }
      uint32_t gap = now - s->t_last[w];
      s->nstall[w] = sat((uint64_t)s->nstall[w] + (gap > 0 ? gap - 1 : 0), p->crit_w);
      s->t_last[w] = now;
      uint64_t c = in->iss_pc[k], n = in->iss_next[k];
      if (n <= c) {
        uint64_t up = (uint64_t)ninst + (c - n) + 1;
        ninst = up > nmax ? nmax : (uint32_t)up;
      } else if (n > c + 1) {
        uint64_t skip = n - c - 1;
        ninst = ninst > skip ? (uint32_t)(ninst - skip) : 0;
      }
      s->crit[w] = cpl_criticality(p, ninst, s->nstall[w], s->committed[w], now - s->t_launch[w]);
    }
    s->ninst[w] = (uint16_t)ninst;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const cpl_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps), tw = st_u_idx_bits(p->n_tbs);
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, cpl_in, now, 32);
  ST_UFIELD(l->in, l->n_in, cpl_in, live, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, cpl_in, tb, tw, p->n_warps);
  ST_UFIELD(l->in, l->n_in, cpl_in, launch, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, cpl_in, kstatic, p->ninst_w, p->n_warps);
  ST_UFIELD(l->in, l->n_in, cpl_in, commit, 8, p->n_warps);
  ST_UFIELD(l->in, l->n_in, cpl_in, iss_valid, 1, p->n_sched);
  ST_UFIELD(l->in, l->n_in, cpl_in, iss_slot, iw, p->n_sched);
  ST_UFIELD(l->in, l->n_in, cpl_in, iss_pc, 32, p->n_sched);
  ST_UFIELD(l->in, l->n_in, cpl_in, iss_next, 32, p->n_sched);
  ST_UFIELD(l->out, l->n_out, cpl_out, crit, p->crit_w, p->n_warps);
  ST_UFIELD(l->out, l->n_out, cpl_out, critical, 1, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, ninst, p->ninst_w, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, nstall, p->crit_w, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, committed, p->crit_w, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, t_launch, 32, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, t_last, 32, p->n_warps);
  ST_UFIELD(l->state, l->n_state, cpl_state, crit, p->crit_w, p->n_warps);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(cpl_params, n_warps, "NW"),
    ST_UPARAM(cpl_params, n_sched, "NS"),
    ST_UPARAM(cpl_params, n_tbs, "NTB"),
    ST_UPARAM(cpl_params, ninst_w, "NINST_W"),
    ST_UPARAM(cpl_params, crit_w, "CRIT_W"),
};

static void config_params(const st_config *cfg, void *params) {
  cpl_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sm(cfg);
  p->n_sched = (uint8_t)cfg->sm.num_schedulers;
  p->n_tbs = (uint8_t)cfg->sm.max_ctas;
  p->ninst_w = (uint8_t)cfg->cpl.ninst_bits;
  p->crit_w = (uint8_t)cfg->cpl.crit_bits;
}

ST_UNIT_DESC(cpl);
