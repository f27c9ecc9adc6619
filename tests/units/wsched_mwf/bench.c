/* The random bench of wsched_mwf (the BAWS most-waiting-first issue scheduler): its inputs drawn
 * from the random SM world (tests/units/common/world.h) shaped by the unit's parameters, and the
 * functional coverage bins every run must hit (docs/units/wsched_mwf.md lists them); and the
 * unit's test description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_mwf/wsched_mwf.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_mwf[];
extern const ut_ctest ut_ctests_wsched_mwf[];

/* A world of two schedulers of NW warps each (one where 2 NW slots do not
 * fit) with the unit's TB slots and count width. */
static void mwf_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_mwf_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, 6);
  wc.ntb = p->n_tbs;
  wc.cnt_w = p->cnt_w;
  world_stim_init(stim, &wc, seed);
}

static void mwf_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const wsched_mwf_params *p = params;
  wsched_mwf_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = world_slot(ws, j);
    in->ready[j] = w->ready[i];
    in->tb[j] = w->tb[i];
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = w->counts[b];
    in->tb_launch[b] = w->launch[b];
  }
}

static void mwf_cov_init(cov_set *c, const void *params, const void *stim) {
  const wsched_mwf_params *p = params;
  (void)stim;
  bool lrr = p->variant == MWF_VARIANT_LRR;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "count_decides", "a TB with more waiting warps beats a smaller TB id", true);
  cov_add(c, "tie_smaller_tb", "equal counts: the smaller TB slot wins", true);
  cov_add(c, "waiting_tb_issues", "a warp of a TB with waiting warps (count > 0) issues", true);
  cov_add(c, "lower_tb_fallback", "a higher-count TB has no ready warp: a lower one issues",
          true);
  cov_add(c, "no_pointer", "the TB has no last-issued warp: from its lowest warp", true);
  cov_add(c, "launch_clears", "a TB launch clears a valid pointer", true);
  cov_add(c, "within_wrap", "MWF(LRR): the round robin wraps within the TB", lrr);
  cov_add(c, "within_next", "MWF(LRR): the next warp after the TB's last issued", lrr);
  cov_add(c, "greedy_kept", "MWF(GTO): the TB's last issued warp first", !lrr);
  cov_add(c, "greedy_stalled", "MWF(GTO): it stalls, the TB's oldest ready warp", !lrr);
}

static void mwf_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_mwf_params *p = params;
  const wsched_mwf_state *s = s0v;
  const wsched_mwf_in *in = inv;
  const wsched_mwf_out *o = outv;
  (void)s1v;
  for (unsigned b = 0; b < p->n_tbs; b++) {
    if (in->tb_launch[b] && s->last_valid[b]) cov_hit(c, "launch_clears");
  }
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  unsigned g = o->grant, gb = in->tb[g], gc = in->cnt[gb];
  bool beats = false, tie = false, fallback = false;
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned b = in->tb[j], cj = in->cnt[b];
    if (in->ready[j] && b < gb && cj < gc) beats = true;
    if (in->ready[j] && b > gb && cj == gc) tie = true;
    if (!in->ready[j] && cj > gc) fallback = true;
  }
  if (beats) cov_hit(c, "count_decides");
  if (tie) cov_hit(c, "tie_smaller_tb");
  if (fallback) cov_hit(c, "lower_tb_fallback");
  if (gc > 0) cov_hit(c, "waiting_tb_issues");
  if (!s->last_valid[gb] || in->tb_launch[gb]) {
    cov_hit(c, "no_pointer");
  } else if (p->variant == MWF_VARIANT_LRR) {
    if (g < s->last[gb]) cov_hit(c, "within_wrap");
    if (g == s->last[gb] + 1u) cov_hit(c, "within_next");
  } else {
    cov_hit(c, g == s->last[gb] ? "greedy_kept" : "greedy_stalled");
  }
}

const ut_unit ut_unit_wsched_mwf = {
    .name = "wsched_mwf",
    .vectors = ut_vectors_wsched_mwf,
    .ctests = ut_ctests_wsched_mwf,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = mwf_stim_init,
            .stim_next = mwf_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = mwf_cov_init,
            .cov = mwf_cov,
            .describe = world_stim_describe,
        },
};
