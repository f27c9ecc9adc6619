/* The random bench of wsched_tls (the two-level issue scheduler): its inputs drawn from the
 * random SM world (tests/units/common/world.h) shaped by the unit's parameters, and the
 * functional coverage bins every run must hit (docs/units/wsched_tls.md lists them); and the
 * unit's test description (tests/units/common/unit_test.h). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_tls/wsched_tls.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_tls[];

/* A world of two schedulers of NW warps each (one where 2 NW slots or their
 * age ranks do not fit), TBs of up to 8 warps (16 in the larger worlds). */
static void tls_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_tls_params *p = params;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, p->age_w);
  world_stim_init(stim, &wc, seed);
}

static void tls_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  const wsched_tls_params *p = params;
  wsched_tls_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = world_slot(ws, j);
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->exited[j] = (uint8_t)(w->resident[i] && w->exited[i]);
    in->mem_wait[j] = w->mem_wait[i];
    in->age[j] = w->age[i];
  }
}

static void tls_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "fill_from_empty", "an empty active set is filled", true);
  cov_add(c, "drop_mem_wait", "an active warp waiting on a load is dropped", true);
  cov_add(c, "drop_exited", "an exited active warp is dropped", true);
  cov_add(c, "drop_left", "an active warp that left its slot is dropped", true);
  cov_add(c, "set_full", "the set holds CAP warps", true);
  cov_add(c, "set_partial", "fewer eligible warps than CAP: a partial set", true);
  cov_add(c, "grant_in_set", "an active-set warp issues", true);
  cov_add(c, "grant_outside", "no set warp ready: a pending warp issues", true);
  cov_add(c, "rr_wrap", "the round robin wraps within the set", true);
}

static void tls_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_tls_params *p = params;
  const wsched_tls_state *s0 = s0v, *s1 = s1v;
  const wsched_tls_in *in = inv;
  const wsched_tls_out *o = outv;
  if (s0->n_active == 0 && s1->n_active > 0) cov_hit(c, "fill_from_empty");
  for (unsigned i = 0; i < s0->n_active && i < p->cap; i++) {
    unsigned e = s0->active[i];
    if (!in->valid[e]) {
      cov_hit(c, "drop_left");
    } else if (in->exited[e]) {
      cov_hit(c, "drop_exited");
    } else if (in->mem_wait[e]) {
      cov_hit(c, "drop_mem_wait");
    }
  }
  if (s1->n_active == p->cap) cov_hit(c, "set_full");
  if (s1->n_active > 0 && s1->n_active < p->cap) cov_hit(c, "set_partial");
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  int gpos = -1, lpos = -1;
  for (unsigned i = 0; i < s1->n_active; i++) {
    if (s1->active[i] == o->grant) gpos = (int)i;
    if (s0->last_valid && s1->active[i] == s0->last) lpos = (int)i;
  }
  cov_hit(c, gpos >= 0 ? "grant_in_set" : "grant_outside");
  if (gpos >= 0 && lpos >= 0 && gpos <= lpos) cov_hit(c, "rr_wrap");
}

const ut_unit ut_unit_wsched_tls = {
    .name = "wsched_tls",
    .vectors = ut_vectors_wsched_tls,
    .ctests = NULL,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = tls_stim_init,
            .stim_next = tls_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = tls_cov_init,
            .cov = tls_cov,
            .describe = world_stim_describe,
        },
};
