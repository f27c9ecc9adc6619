/* The random bench of wsched_caws (the CAWS oracle issue scheduler): its inputs drawn from the
 * random SM world (tests/units/common/world.h) shaped by the unit's parameters, a warp's launch
 * flag in the first cycle its TB is resident (as the model's binding gives it), levels drawn
 * now and then per warp (all four codes, 3 included), and the functional coverage bins every
 * run must hit (docs/units/wsched_caws.md lists them). */
#include <string.h>

#include "unit_test.h"
#include "units/wsched_caws/wsched_caws.h"
#include "world.h"

extern const bv_vector ut_vectors_wsched_caws[];

typedef struct caws_stim {
  world_stim ws; /* first: the world's edge/reset/describe take the stimulus as a world_stim */
  uint64_t rng;
  uint8_t level[ST_U_MAX_WARPS];
  uint8_t placed[64]; /* TB slots placed at the last edge */
} caws_stim;

static void caws_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  const wsched_caws_params *p = params;
  caws_stim *cs = stim;
  world_cfg wc;
  (void)variant;
  world_cfg_sched(&wc, p->n_warps, p->age_w);
  world_stim_init(&cs->ws, &wc, seed);
  cs->rng = seed ^ 0x5bd1e9955bd1e995ull;
  memset(cs->level, 0, sizeof cs->level);
  memset(cs->placed, 0, sizeof cs->placed);
}

static void caws_stim_next(void *stim, const void *params, const void *state, const void *out0,
                           void *vin) {
  caws_stim *cs = stim;
  world_stim *ws = &cs->ws;
  const world *w = &ws->w;
  const wsched_caws_params *p = params;
  (void)state;
  (void)out0;
  world_begin(&ws->w);
  wsched_caws_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = world_slot(ws, j);
    uint64_t r = world_rand(&cs->rng);
    if ((r & 15) == 0) {
      cs->level[j] = (uint8_t)((r >> 4) & 3);
    }
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->age[j] = w->age[i];
    in->launch[j] = (uint8_t)(w->resident[i] && cs->placed[w->tb[i]]);
    in->level[j] = cs->level[j];
  }
  /* The TBs this cycle's edge places: their warps see launch in the next cycle. */
  for (unsigned b = 0; b < w->c.ntb; b++) {
    cs->placed[b] = w->launch[b];
  }
}

static void caws_cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "no_ready", "no warp ready: the counters hold", true);
  cov_add(c, "idle_hold", "no grant while a counter is above 0 (no decrement on idle)", true);
  cov_add(c, "launch", "a warp's launch: its counter restarts from its index", true);
  cov_add(c, "reset_critical", "a critical warp issues: RST_CRIT", true);
  cov_add(c, "reset_normal", "a normal warp issues: RST_NORM", true);
  cov_add(c, "reset_fast", "a fast warp issues: RST_FAST", true);
  cov_add(c, "reset_level3", "a warp of level code 3 issues: read as normal", true);
  cov_add(c, "saturate", "a counter at 0 on a grant cycle stays at 0", true);
  cov_add(c, "counter_over_age", "a smaller counter goes before an older ready warp", true);
  cov_add(c, "tie_to_oldest", "equal counters among ready warps: the oldest goes", true);
  cov_add(c, "not_ready_min", "the smallest counter's warp is not ready: another issues", true);
}

static void caws_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                     const void *inv, const void *outv) {
  const wsched_caws_params *p = params;
  const wsched_caws_state *s = s0v;
  const wsched_caws_in *in = inv;
  const wsched_caws_out *o = outv;
  unsigned cmask = (1u << p->cnt_w) - 1;
  unsigned cnt[ST_U_MAX_WARPS];
  (void)s1v;
  for (unsigned j = 0; j < p->n_warps; j++) {
    cnt[j] = in->launch[j] ? j & cmask : s->cnt[j];
    if (in->launch[j] && in->valid[j]) cov_hit(c, "launch");
  }
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    for (unsigned j = 0; j < p->n_warps; j++) {
      if (cnt[j] != 0) {
        cov_hit(c, "idle_hold");
        break;
      }
    }
    return;
  }
  unsigned g = o->grant;
  static const char *const lv[4] = {"reset_normal", "reset_critical", "reset_fast",
                                    "reset_level3"};
  cov_hit(c, lv[in->level[g] & 3]);
  for (unsigned j = 0; j < p->n_warps; j++) {
    if (j != g && cnt[j] == 0) cov_hit(c, "saturate");
    if (j != g && in->valid[j] && !in->ready[j] && cnt[j] < cnt[g]) cov_hit(c, "not_ready_min");
    if (j == g || !in->ready[j]) continue;
    if (in->age[j] < in->age[g] && cnt[j] > cnt[g]) cov_hit(c, "counter_over_age");
    if (cnt[j] == cnt[g] && in->age[j] > in->age[g]) cov_hit(c, "tie_to_oldest");
  }
}

const ut_unit ut_unit_wsched_caws = {
    .name = "wsched_caws",
    .vectors = ut_vectors_wsched_caws,
    .ctests = NULL,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(caws_stim),
            .stim_init = caws_stim_init,
            .stim_next = caws_stim_next,
            .stim_edge = world_stim_edge,
            .stim_reset = world_stim_reset,
            .cov_init = caws_cov_init,
            .cov = caws_cov,
            .describe = world_stim_describe,
        },
};
