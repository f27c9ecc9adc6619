/* The random bench of wpt (the BAWS warp priority table): its inputs drawn from the random SM
 * world (tests/units/common/world.h) shaped by the unit's parameters, and the functional coverage
 * bins every run must hit (docs/units/wpt.md lists them); and the unit's test description
 * (tests/units/common/unit_test.h). */
#include <inttypes.h>
#include <string.h>

#include "unit_test.h"
#include "units/wpt/wpt.h"
#include "world.h"

extern const bv_vector ut_vectors_wpt[];
extern const ut_ctest ut_ctests_wpt[];

/* The unit's TB slots, schedulers and counters (exits counted as it counts
 * them) in 16 warp slots (48 beyond 4 TB slots), with TBs of up to 16 warps:
 * a counter of 3 bits saturates. */
static void wpt_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wpt_params *p = params;
  world_cfg wc = {p->n_tbs <= 4 ? 16u : 48u, p->n_sched, p->n_tbs, p->cnt_w, 16, p->count_exited};
  (void)variant;
  world_stim_init(stim, &wc, seed);
}

static void wpt_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  world_stim *ws = stim;
  const world *w = &ws->w;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  (void)params;
  world_wpt_in(w, vin);
}

static void wpt_cov_init(cov_set *c, const void *params, const void *stim) {
  const world_cfg *wc = &((const world_stim *)stim)->w.c;
  const wpt_params *p = params;
  unsigned max = (1u << p->cnt_w) - 1;
  bool two = p->n_sched >= 2;
  cov_add(c, "plus0", "a waiting TB without events holds its count", true);
  cov_add(c, "plus1", "a counter takes +1", true);
  cov_add(c, "plus2", "a counter takes +2 (both schedulers, one TB, one cycle)", two);
  cov_add(c, "clear_arrival", "the last arrival releases: cleared", true);
  cov_add(c, "clear_exit", "an exit releases the waiting warps: cleared", true);
  cov_add(c, "release_wins", "an arrival and a release of one TB in one cycle: cleared", two);
  cov_add(c, "launch_clear", "a TB launch into the slot (count was 0 after its last exit)",
          true);
  /* Legal counts stay below the TB's warps; saturation needs a TB of at
   * least 2^CNT_W + 1 warps (a deliberately narrow counter). */
  cov_add(c, "saturate", "an increment at 2^CNT_W - 1 holds", wc->max_tb_warps >= max + 2);
  cov_add(c, "exit_counted", "COUNT_EXITED: an exit adds one", p->count_exited != 0);
  cov_add(c, "exit_not_counted", "an exit that releases nothing leaves the count",
          p->count_exited == 0);
  cov_add(c, "two_tbs", "arrivals of two TBs in one cycle", two);
}

static void wpt_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wpt_params *p = params;
  const wpt_state *s0 = s0v, *s1 = s1v;
  const wpt_in *in = inv;
  unsigned max = (1u << p->cnt_w) - 1;
  (void)outv;
  if (p->n_sched >= 2 && in->arr_valid[0] && in->arr_valid[1] && in->arr_tb[0] != in->arr_tb[1]) {
    cov_hit(c, "two_tbs");
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    unsigned narr = 0, nex = 0, arel = 0, erel = 0;
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (in->arr_valid[k] && in->arr_tb[k] == b) {
        narr++;
        arel |= in->arr_rel[k];
      }
      if (in->exit_valid[k] && in->exit_tb[k] == b) {
        nex++;
        erel |= in->exit_rel[k];
      }
    }
    unsigned v0 = s0->cnt[b], v1 = s1->cnt[b];
    if (in->tb_launch[b]) {
      cov_hit(c, "launch_clear");
      continue;
    }
    if (narr + nex == 0) {
      if (v0 > 0) cov_hit(c, "plus0");
      continue;
    }
    if (arel || erel) {
      if (v1 == 0 && arel && v0 > 0) cov_hit(c, "clear_arrival");
      if (v1 == 0 && erel && v0 > 0) cov_hit(c, "clear_exit");
      if (v1 == 0 && narr + nex >= 2) cov_hit(c, "release_wins");
      continue;
    }
    unsigned inc = narr + (p->count_exited ? nex : 0);
    if (v0 + inc > max && v1 == max) cov_hit(c, "saturate");
    if (v1 == v0 + 1) cov_hit(c, "plus1");
    if (v1 == v0 + 2) cov_hit(c, "plus2");
    if (nex > 0 && p->count_exited && v1 > v0) cov_hit(c, "exit_counted");
    if (nex > 0 && narr == 0 && !p->count_exited && v1 == v0) cov_hit(c, "exit_not_counted");
  }
}

/* The invariant of §1.3 (count == warps waiting) holds while the unit has
 * seen every event since the world began, with exits not counted and no
 * saturation. */
static void wpt_check(bv_env *e, const void *stim, const void *params, const void *s0v,
                      uint64_t cycle) {
  const world_stim *ws = stim;
  const wpt_params *p = params;
  const wpt_state *s0 = s0v;
  if (ws->reset_seen || p->count_exited || ws->w.c.max_tb_warps > (1u << p->cnt_w)) {
    return;
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    bv_check(e, __FILE__, __LINE__, s0->cnt[b] == world_waiting(&ws->w, b),
             "spec 1.3 invariant cnt == popcount(at_bar)", "cycle %" PRIu64 " TB%u: %u, %u",
             cycle, b, s0->cnt[b], world_waiting(&ws->w, b));
  }
}

const ut_unit ut_unit_wpt = {
    .name = "wpt",
    .vectors = ut_vectors_wpt,
    .ctests = ut_ctests_wpt,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(world_stim),
            .stim_init = wpt_stim_init,
            .stim_next = wpt_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = wpt_cov_init,
            .cov = wpt_cov,
    .check = wpt_check,
            .describe = world_stim_describe,
        },
};
