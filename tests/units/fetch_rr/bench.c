/* The random bench of fetch_rr (the round-robin fetch arbiter): its inputs drawn from the random
 * SM world (tests/units/common/world.h) shaped by the unit's parameters, and the functional
 * coverage bins every run must hit (docs/units/fetch_rr.md lists them); and the unit's test
 * description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/fetch_rr/fetch_rr.h"
#include "world.h"

extern const bv_vector ut_vectors_fetch_rr[];
extern const ut_ctest ut_ctests_fetch_rr[];

/* A world of the unit's warp slots under two schedulers. */
static void frr_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const fetch_rr_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sm(&wc, p->n_warps, 2);
  world_stim_init(stim, &wc, seed);
}

static void frr_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const fetch_rr_params *p = params;
  fetch_rr_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned i = 0; i < p->n_warps; i++) in->eligible[i] = w->fetch_ok[i];
}

static void frr_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_eligible", "no warp may fetch: pointer holds", true);
  cov_add(c, "next_in_order", "the warp after the pointer fetches", true);
  cov_add(c, "skip", "warps after the pointer are skipped", true);
  cov_add(c, "wrap", "the scan wraps past the top warp", true);
  cov_add(c, "same_again", "only the warp fetched last may fetch: it goes again", true);
  cov_add(c, "ptr_top", "the pointer is the top warp (next is warp 0)", true);
}

static void frr_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const fetch_rr_params *p = params;
  const fetch_rr_state *s = s0v;
  const fetch_rr_out *o = outv;
  (void)s1v;
  (void)inv;
  if (!o->grant_valid) {
    cov_hit(c, "no_eligible");
    return;
  }
  unsigned next = (s->ptr + 1u) % p->n_warps;
  cov_hit(c, o->grant == next ? "next_in_order" : "skip");
  if (o->grant < s->ptr) cov_hit(c, "wrap");
  if (o->grant == s->ptr) cov_hit(c, "same_again");
  if (s->ptr == p->n_warps - 1) cov_hit(c, "ptr_top");
}

const ut_unit ut_unit_fetch_rr = {
    .name = "fetch_rr",
    .vectors = ut_vectors_fetch_rr,
    .ctests = ut_ctests_fetch_rr,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = frr_stim_init,
            .stim_next = frr_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = frr_cov_init,
            .cov = frr_cov,
            .describe = world_stim_describe,
        },
};
