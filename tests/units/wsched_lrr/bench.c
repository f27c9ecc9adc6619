/* The random bench of wsched_lrr (the loose round-robin issue scheduler): its inputs drawn from
 * the random SM world (tests/units/common/world.h) shaped by the unit's parameters, and the
 * functional coverage bins every run must hit (docs/units/wsched_lrr.md lists them); and the
 * unit's test description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_lrr[];
extern const ut_ctest ut_ctests_wsched_lrr[];

/* A world of two schedulers of NW warps each (one where 2 NW slots do not
 * fit), TBs of up to 8 warps (16 in the larger worlds). */
static void lrr_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_lrr_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, 6);
  world_stim_init(stim, &wc, seed);
}

static void lrr_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const wsched_lrr_params *p = params;
  wsched_lrr_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) in->ready[j] = w->ready[world_slot(ws, j)];
}

static void lrr_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_ready", "no warp ready: no grant, pointer holds", true);
  cov_add(c, "before_first_issue", "a grant with no warp issued since reset", true);
  cov_add(c, "next_in_order", "the warp right after the last issued is granted", true);
  cov_add(c, "skip_not_ready", "warps after the last issued are skipped (not ready)", true);
  cov_add(c, "wrap", "the order wraps past the top warp (grant < last)", true);
  cov_add(c, "last_again", "only the last issued warp is ready: it goes again", true);
  cov_add(c, "last_is_top", "the last issued warp is the top index (next is warp 0)", true);
}

static void lrr_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_lrr_params *p = params;
  const wsched_lrr_state *s = s0v;
  const wsched_lrr_out *o = outv;
  (void)s1v;
  (void)inv;
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  if (!s->last_valid) {
    cov_hit(c, "before_first_issue");
    return;
  }
  cov_hit(c, o->key[o->grant] == 0 ? "next_in_order" : "skip_not_ready");
  if (o->grant < s->last) cov_hit(c, "wrap");
  if (o->grant == s->last) cov_hit(c, "last_again");
  if (s->last == p->n_warps - 1) cov_hit(c, "last_is_top");
}

const ut_unit ut_unit_wsched_lrr = {
    .name = "wsched_lrr",
    .vectors = ut_vectors_wsched_lrr,
    .ctests = ut_ctests_wsched_lrr,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = lrr_stim_init,
            .stim_next = lrr_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = lrr_cov_init,
            .cov = lrr_cov,
            .describe = world_stim_describe,
        },
};
