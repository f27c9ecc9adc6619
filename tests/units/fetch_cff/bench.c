/* The random bench of fetch_cff (the BAWS critical-fetch-first fetch arbiter): its inputs drawn
 * from the random SM world (tests/units/common/world.h) shaped by the unit's parameters, and the
 * functional coverage bins every run must hit (docs/units/fetch_cff.md lists them); and the
 * unit's test description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/fetch_cff/fetch_cff.h"
#include "world.h"

extern const bv_vector ut_vectors_fetch_cff[];
extern const ut_ctest ut_ctests_fetch_cff[];

/* The SM of the unit's parameters: its warp slots, schedulers, TB slots and
 * count width. */
static void cff_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const fetch_cff_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sm(&wc, p->n_warps, p->n_sched);
  wc.ntb = p->n_tbs;
  wc.cnt_w = p->cnt_w;
  world_stim_init(stim, &wc, seed);
}

static void cff_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const fetch_cff_params *p = params;
  fetch_cff_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned i = 0; i < p->n_warps; i++) {
    in->eligible[i] = w->fetch_ok[i];
    in->at_bar[i] = (uint8_t)(w->resident[i] && !w->exited[i] && w->at_bar[i]);
    in->tb[i] = w->tb[i];
    in->age[i] = w->age[i];
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = w->counts[b];
    in->tb_launch[b] = w->launch[b];
  }
  for (unsigned s = 0; s < p->n_sched; s++) {
    in->issue_valid[s] = w->ev[s] != EV_NONE;
    in->issue_warp[s] = in->issue_valid[s] ? w->ev_warp[s] : 0;
  }
}

static bool cff_mwf(const fetch_cff_params *p) {
  return p->mode == CFF_MODE_MWF_LRR || p->mode == CFF_MODE_MWF_GTO;
}

static void cff_cov_init(cov_set *c, const void *params, const void *stim) {
  const fetch_cff_params *p = params;
  (void)stim;
  bool mwf = cff_mwf(p);
  cov_add(c, "no_candidate", "no warp may fetch", true);
  cov_add(c, "skip_bar_decides", "without the barrier skip another warp would fetch",
          p->skip_bar != 0);
  cov_add(c, "bar_warp_fetched", "SKIP_BAR=0: a warp waiting at a barrier fetches",
          p->skip_bar == 0);
  cov_add(c, "post_issue_decides", "this cycle's issue changes the pointer and the grant",
          true);
  cov_add(c, "two_issues", "both schedulers issued this cycle", p->n_sched > 1);
  cov_add(c, "two_issues_one_tb", "MWF: both issued warps of one TB (the later wins)",
          mwf && p->n_sched > 1);
  cov_add(c, "launch_clears", "MWF: a TB launch clears a valid pointer", mwf);
  cov_add(c, "count_decides", "MWF: a TB with more waiting warps beats a smaller id", mwf);
  cov_add(c, "tie_smaller_tb", "MWF: equal counts, the smaller TB slot wins", mwf);
  cov_add(c, "within_wrap", "MWF(LRR): the round robin wraps within the TB",
          p->mode == CFF_MODE_MWF_LRR);
  cov_add(c, "greedy_first", "MWF(GTO) / GTO: the last issued (greedy) warp fetches",
          p->mode == CFF_MODE_MWF_GTO || p->mode == CFF_MODE_GTO);
  cov_add(c, "not_greedy", "MWF(GTO) / GTO: a warp other than the greedy one fetches",
          p->mode == CFF_MODE_MWF_GTO || p->mode == CFF_MODE_GTO);
  cov_add(c, "rr_wrap", "LRR: the round robin wraps past the top warp",
          p->mode == CFF_MODE_LRR);
}

static void cff_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const fetch_cff_params *p = params;
  const fetch_cff_state *s0 = s0v, *e = s1v; /* the state after the edge = post-issue */
  const fetch_cff_in *in = inv;
  const fetch_cff_out *o = outv;
  fetch_cff_in alt;
  fetch_cff_out ao;
  if (in->issue_valid[0] && p->n_sched > 1 && in->issue_valid[1]) {
    cov_hit(c, "two_issues");
    if (in->tb[in->issue_warp[0]] == in->tb[in->issue_warp[1]]) cov_hit(c, "two_issues_one_tb");
  }
  if (cff_mwf(p)) {
    for (unsigned b = 0; b < p->n_tbs; b++) {
      if (in->tb_launch[b] && s0->tb_last_valid[b]) cov_hit(c, "launch_clears");
    }
  }
  if (!o->grant_valid) {
    cov_hit(c, "no_candidate");
    return;
  }
  unsigned g = o->grant;
  if (p->skip_bar) {
    alt = *in;
    memset(alt.at_bar, 0, sizeof alt.at_bar);
    fetch_cff_eval(p, s0, &alt, &ao);
    if (ao.grant != g) cov_hit(c, "skip_bar_decides");
  } else if (in->at_bar[g]) {
    cov_hit(c, "bar_warp_fetched");
  }
  alt = *in;
  memset(alt.issue_valid, 0, sizeof alt.issue_valid);
  fetch_cff_eval(p, s0, &alt, &ao);
  if (ao.grant != g) cov_hit(c, "post_issue_decides");
  if (cff_mwf(p)) {
    unsigned gb = in->tb[g], gc = in->cnt[gb];
    for (unsigned j = 0; j < p->n_warps; j++) {
      bool cand = in->eligible[j] && !(p->skip_bar && in->at_bar[j]);
      unsigned b = in->tb[j], cj = in->cnt[b];
      if (cand && b < gb && cj < gc) cov_hit(c, "count_decides");
      if (cand && b > gb && cj == gc) cov_hit(c, "tie_smaller_tb");
    }
    if (e->tb_last_valid[gb]) {
      if (p->mode == CFF_MODE_MWF_LRR && g < e->tb_last[gb]) cov_hit(c, "within_wrap");
      if (p->mode == CFF_MODE_MWF_GTO) {
        cov_hit(c, g == e->tb_last[gb] ? "greedy_first" : "not_greedy");
      }
    }
  } else if (p->mode == CFF_MODE_GTO) {
    bool greedy = false;
    for (unsigned k = 0; k < p->n_sched; k++) {
      greedy |= e->sched_last_valid[k] && e->sched_last[k] == g;
    }
    cov_hit(c, greedy ? "greedy_first" : "not_greedy");
  } else if (e->sm_last_valid && g < e->sm_last) {
    cov_hit(c, "rr_wrap");
  }
}

const ut_unit ut_unit_fetch_cff = {
    .name = "fetch_cff",
    .vectors = ut_vectors_fetch_cff,
    .ctests = ut_ctests_fetch_cff,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = cff_stim_init,
            .stim_next = cff_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = cff_cov_init,
            .cov = cff_cov,
            .describe = world_stim_describe,
        },
};
