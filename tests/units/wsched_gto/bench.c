/* The random bench of wsched_gto (the greedy-then-oldest issue scheduler): its inputs drawn from
 * the random SM world (tests/units/common/world.h) shaped by the unit's parameters, and the
 * functional coverage bins every run must hit (docs/units/wsched_gto.md lists them); and the
 * unit's test description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_gto/wsched_gto.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_gto[];
extern const ut_ctest ut_ctests_wsched_gto[];

/* A world of two schedulers of NW warps each (one where 2 NW slots or their
 * age ranks do not fit), TBs of up to 8 warps (16 in the larger worlds). */
static void gto_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_gto_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, p->age_w);
  world_stim_init(stim, &wc, seed);
}

static void gto_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const wsched_gto_params *p = params;
  wsched_gto_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = world_slot(ws, j);
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->age[j] = w->age[i];
  }
}

static void gto_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "greedy_kept", "the greedy (last issued) warp issues again", true);
  cov_add(c, "greedy_over_older", "the greedy warp goes before an older ready warp", true);
  cov_add(c, "greedy_stalled", "the greedy warp is resident but not ready: oldest ready", true);
  cov_add(c, "greedy_left", "the last issued warp left its slot: no greedy warp", true);
  cov_add(c, "age_not_index", "the oldest ready warp is not the lowest-index ready warp", true);
}

static void gto_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_gto_params *p = params;
  const wsched_gto_state *s = s0v;
  const wsched_gto_in *in = inv;
  const wsched_gto_out *o = outv;
  (void)s1v;
  if (s->last_valid && !in->valid[s->last]) cov_hit(c, "greedy_left");
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  unsigned g = o->grant;
  bool greedy = s->last_valid && s->last == g && in->valid[g];
  if (greedy) {
    cov_hit(c, "greedy_kept");
    for (unsigned j = 0; j < p->n_warps; j++) {
      if (in->ready[j] && in->age[j] < in->age[g]) {
        cov_hit(c, "greedy_over_older");
        break;
      }
    }
    return;
  }
  if (s->last_valid && in->valid[s->last] && !in->ready[s->last]) cov_hit(c, "greedy_stalled");
  for (unsigned j = 0; j < g; j++) {
    if (in->ready[j]) {
      cov_hit(c, "age_not_index");
      break;
    }
  }
}

const ut_unit ut_unit_wsched_gto = {
    .name = "wsched_gto",
    .vectors = ut_vectors_wsched_gto,
    .ctests = ut_ctests_wsched_gto,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = gto_stim_init,
            .stim_next = gto_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = gto_cov_init,
            .cov = gto_cov,
            .describe = world_stim_describe,
        },
};
