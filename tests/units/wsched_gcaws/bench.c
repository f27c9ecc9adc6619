/* The random bench of wsched_gcaws (CAWA's greedy criticality-aware issue scheduler): its
 * inputs drawn from the random SM world (tests/units/common/world.h) shaped by the unit's
 * parameters, with criticality values drawn from a few levels (ties, both extremes), and
 * the functional coverage bins every run must hit (docs/units/wsched_gcaws.md lists them). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_gcaws/wsched_gcaws.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_gcaws[];

typedef struct gcaws_stim {
  world_stim ws; /* first: the world's edge/reset/describe take the stimulus as a world_stim */
  uint64_t rng;
  uint32_t crit[ST_U_MAX_WARPS];
} gcaws_stim;

static void gcaws_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_gcaws_params *p = params;
  gcaws_stim *gs = stim;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, p->age_w);
  world_stim_init(&gs->ws, &wc, seed);
  gs->rng = seed ^ 0x9e3779b97f4a7c15ull;
}

static void gcaws_stim_next(void *stim, const void *params, const void *state, const void *out0,
                            void *vin) {
  gcaws_stim *gs = stim;
  world_stim *ws = &gs->ws;
  const world *w = &ws->w;
  const wsched_gcaws_params *p = params;
  uint32_t cmax = (UINT32_C(1) << p->crit_w) - 1;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  wsched_gcaws_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = world_slot(ws, j);
    /* Each warp's crit changes now and then, to one of 0, 1, mid, max-1, max or any. */
    uint64_t r = world_rand(&gs->rng);
    if ((r & 7) == 0) {
      static const unsigned lv[6] = {0, 1, 2, 3, 4, 5};
      unsigned k = lv[(r >> 3) % 6];
      gs->crit[j] = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? cmax / 2 : k == 3 ? cmax - 1
                  : k == 4 ? cmax : (uint32_t)(r >> 16) & cmax;
    }
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->age[j] = w->age[i];
    in->crit[j] = gs->crit[j];
  }
}

static void gcaws_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "greedy_kept", "the greedy (last issued) warp issues again", true);
  cov_add(c, "greedy_over_critical", "the greedy warp goes before a more critical ready warp",
          true);
  cov_add(c, "greedy_stalled", "the greedy warp is resident but not ready: most critical", true);
  cov_add(c, "greedy_left", "the last issued warp left its slot: no greedy warp", true);
  cov_add(c, "crit_over_age", "a more critical warp goes before an older ready warp", true);
  cov_add(c, "tie_to_oldest", "equal crit among ready warps: the oldest goes", true);
  cov_add(c, "crit_max", "the granted warp has the largest crit (2^CRIT_W - 1)", true);
}

static void gcaws_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                      const void *inv, const void *outv) {
  const wsched_gcaws_params *p = params;
  const wsched_gcaws_state *s = s0v;
  const wsched_gcaws_in *in = inv;
  const wsched_gcaws_out *o = outv;
  uint32_t cmax = (UINT32_C(1) << p->crit_w) - 1;
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
      if (in->ready[j] && in->crit[j] > in->crit[g]) {
        cov_hit(c, "greedy_over_critical");
        break;
      }
    }
    return;
  }
  if (s->last_valid && in->valid[s->last] && !in->ready[s->last]) cov_hit(c, "greedy_stalled");
  if (in->crit[g] == cmax) cov_hit(c, "crit_max");
  for (unsigned j = 0; j < p->n_warps; j++) {
    if (j == g || !in->ready[j]) continue;
    if (in->age[j] < in->age[g] && in->crit[j] < in->crit[g]) cov_hit(c, "crit_over_age");
    if (in->crit[j] == in->crit[g] && in->age[j] > in->age[g]) cov_hit(c, "tie_to_oldest");
  }
}

const ut_unit ut_unit_wsched_gcaws = {
    .name = "wsched_gcaws",
    .vectors = ut_vectors_wsched_gcaws,
    .ctests = NULL,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(gcaws_stim),
            .stim_init = gcaws_stim_init,
            .stim_next = gcaws_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = gcaws_cov_init,
            .cov = gcaws_cov,
            .describe = world_stim_describe,
        },
};
