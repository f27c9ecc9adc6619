/* The random bench of dyncta (the DYNCTA controller): its inputs from the
 * seeded random core of dyncta_stim.c (windows whose idle and memory-wait
 * totals sit at the thresholds and at saturation, CTAs that launch when the
 * unit accepts them and exit at random, kernels that restart with a new N,
 * starvation phases), in two variants per RTL build: legal, and with protocol
 * violations the unit must ignore the same way in C and RTL; the functional
 * coverage bins (docs/units/dyncta.md lists them); and the unit's test
 * description (tests/units/common/unit_test.h). */
#include <stdio.h>
#include <string.h>

#include "dyncta_stim.h"
#include "unit_test.h"
#include "units/dyncta/dyncta.h"

extern const bv_vector ut_vectors_dyncta[];

static void dy_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  dyncta_stim_init(stim, params, seed, variant == 1);
}

static void dy_stim_next(void *stim, const void *params, const void *state, const void *out0,
                         void *in) {
  (void)params;
  dyncta_stim_next(stim, state, out0, in);
}

static void dy_describe(const void *stim, char *buf, size_t size) {
  const dyncta_stim *g = stim;
  snprintf(buf, size, "%s", g->illegal ? "with protocol violations" : "legal");
}

static void dy_cov_init(cov_set *c, const void *params, const void *stim) {
  const dyncta_params *p = params;
  (void)stim;
  /* Every run: kernels start and windows end. With windows of up to 512
   * cycles (200 and more in a run of 100,000) every run also takes each
   * decision and pauses and resumes CTAs (as test_dyncta's runs); with the
   * spec's 2048, some run of the unit must. */
  bool many = p->period <= 512;
  cov_add(c, "kernel", "a kernel starts", true);
  cov_add(c, "window", "a window ends with a decision", true);
  (many ? cov_add : cov_add_any)(c, "inc", "an INC window raises n", true);
  (many ? cov_add : cov_add_any)(c, "dec", "a DEC window lowers n", true);
  (many ? cov_add : cov_add_any)(c, "hold", "a HOLD window", true);
  (many ? cov_add : cov_add_any)(c, "pause", "a running CTA becomes paused", true);
  (many ? cov_add : cov_add_any)(c, "resume", "a paused CTA resumes", true);
  /* Some run of the unit. */
  cov_add_any(c, "inc_at_max", "INC with n = N: n holds", true);
  cov_add_any(c, "dec_at_one", "DEC with n = 1: n holds", true);
  cov_add_any(c, "frozen", "FREEZE: a window ends while the kernel is drained", p->freeze != 0);
  cov_add_any(c, "sat_idle", "C_idle saturated at 2^CNT_W - 1", true);
  cov_add_any(c, "sat_mem", "C_mem saturated at 2^CNT_W - 1", true);
  cov_add_any(c, "eq_t_idle", "a window ends with C_idle = T_IDLE", true);
  cov_add_any(c, "eq_t_mem_l", "a window ends with C_mem = T_MEM_L", true);
  cov_add_any(c, "eq_t_mem_h", "a window ends with C_mem = T_MEM_H", true);
  cov_add_any(c, "resume_inc", "a paused CTA resumes on an INC", true);
  cov_add_any(c, "resume_exit", "a paused CTA resumes because another CTA left", true);
  cov_add_any(c, "exit_paused", "a paused CTA completes", true);
  cov_add_any(c, "multi_exit", "two or more CTAs leave in one cycle", true);
  cov_add_any(c, "refill", "a slot is freed and refilled in one cycle", true);
  cov_add_any(c, "launch_paused", "a CTA launched past the limit starts paused", true);
  cov_add_any(c, "boost", "the starvation guard boosts the paused warps", p->starve_t != 0);
  cov_add_any(c, "clamp", "a kernel starts with N outside 1..NTB", true);
}

static bool is_paused(const dyncta_state *s, unsigned b) {
  return s->valid[b] && s->rank[b] >= s->n;
}

static void dy_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                   const void *inv, const void *outv) {
  const dyncta_params *p = params;
  const dyncta_state *s0 = s0v, *s1 = s1v;
  const dyncta_in *in = inv;
  const dyncta_out *o = outv;
  unsigned ns = p->n_slots, cmax = (1u << p->cnt_w) - 1;
  if (in->kernel_start) {
    cov_hit(c, "kernel");
    if (in->n_max == 0 || in->n_max > ns) cov_hit(c, "clamp");
  }
  if (s0->c_idle == cmax) cov_hit(c, "sat_idle");
  if (s0->c_mem == cmax) cov_hit(c, "sat_mem");
  if (o->boost) cov_hit(c, "boost");
  bool inc = false;
  if (s1->dec_valid && !in->kernel_start) {
    /* the window's final counts: this cycle's event included */
    dyncta_cycle cls = dyncta_classify(p, in);
    unsigned ci = s0->c_idle + (cls == DYNCTA_CYCLE_IDLE && s0->c_idle < cmax);
    unsigned cm = s0->c_mem + (cls == DYNCTA_CYCLE_MEM && s0->c_mem < cmax);
    cov_hit(c, "window");
    if (ci == p->t_idle) cov_hit(c, "eq_t_idle");
    if (cm == p->t_mem_l) cov_hit(c, "eq_t_mem_l");
    if (cm == p->t_mem_h) cov_hit(c, "eq_t_mem_h");
    switch (s1->decision) {
    case DYNCTA_INC:
      inc = true;
      cov_hit(c, s1->n > s0->n ? "inc" : "inc_at_max");
      break;
    case DYNCTA_DEC: cov_hit(c, s1->n < s0->n ? "dec" : "dec_at_one"); break;
    case DYNCTA_HOLD: cov_hit(c, "hold"); break;
    default: cov_hit(c, "frozen"); break;
    }
  }
  unsigned exits = 0;
  bool resumed = false;
  for (unsigned b = 0; b < ns; b++) {
    bool gone = in->cta_exit[b] && s0->valid[b];
    bool launched = in->launch_valid && in->launch_slot == b && s1->valid[b] &&
                    (!s0->valid[b] || gone);
    exits += gone;
    if (gone && is_paused(s0, b)) cov_hit(c, "exit_paused");
    if (launched && gone) cov_hit(c, "refill");
    if (launched && is_paused(s1, b)) cov_hit(c, "launch_paused");
    if (!launched && !gone && s0->valid[b]) {
      if (!is_paused(s0, b) && is_paused(s1, b)) cov_hit(c, "pause");
      if (is_paused(s0, b) && !is_paused(s1, b)) resumed = true;
    }
  }
  if (exits >= 2) cov_hit(c, "multi_exit");
  if (resumed) {
    cov_hit(c, "resume");
    cov_hit(c, inc ? "resume_inc" : "resume_exit");
  }
}

const ut_unit ut_unit_dyncta = {
    .name = "dyncta",
    .vectors = ut_vectors_dyncta,
    .ctests = NULL,
    .bench =
        {
            .variants = 2,
            .reset_mid = false,
            .stim_size = sizeof(dyncta_stim),
            .stim_init = dy_stim_init,
            .stim_next = dy_stim_next,
            .cov_init = dy_cov_init,
            .cov = dy_cov,
            .describe = dy_describe,
        },
};
