/* The random bench of dvfs (the occupancy-bubble controller), and the
 * unit's test description (tests/units/common/unit_test.h).
 *
 * Variant 0 is a small GPU world that answers the controller: blocks of a
 * few warps arrive into a queue (pending), are placed on SMs the unit does
 * not close and that have room, and finish at random; phases of a few
 * samples change the arrival rate, the blocks' lifetimes (some SMs hold
 * long blocks while others empty: bubbles beside targets; long blocks on a
 * diverted SM: drains that run out) and the block size. fits[j] is the
 * world's room on SM j, read in a sample cycle only, now and then flipped.
 * Whatever the world says, an SM is now and then given a planned sample
 * whose accumulation ends at THR-1, THR, THR+1, FULL-1, FULL or 0 (the
 * compares' edges, the last cycle deciding). Variant 1 draws every input
 * at random each cycle (per-phase densities), and now and then a whole
 * sample of 127 warps on every SM (beyond MAXW: the accumulator saturates
 * on the longest samples). The coverage bins are listed in
 * docs/units/dvfs.md; those that need a transition to span a sample apply
 * when P >= S, those that need many samples when S <= 1000. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/dvfs/dvfs.h"
#include "world.h"

extern const bv_vector ut_vectors_dvfs[];
extern const ut_ctest ut_ctests_dvfs[];

typedef struct dv_stim {
  uint64_t rng;
  unsigned variant;
  dvfs_params p;
  unsigned phase;               /* 0 steady, 1 tail, 2 burst, 3 skewed, 4 noisy */
  unsigned phase_samples;       /* samples left in the phase */
  unsigned bw;                  /* warps per block in this phase */
  unsigned arr;                 /* arrivals: per 1024 cycles x NS */
  unsigned life[DVFS_MAX_SMS];  /* a block's mean life on SM i, in samples x 4 */
  uint8_t warps[DVFS_MAX_SMS];  /* resident warps */
  unsigned queue;               /* blocks waiting */
  uint32_t plan[DVFS_MAX_SMS];  /* planned accumulation of this sample, or UINT32_MAX */
  bool front[DVFS_MAX_SMS];     /* ... at MAXW warps from the sample's start, then none */
  bool quiet;                   /* this sample ends with no warp anywhere and nothing pending */
  int focus;                    /* a focus sample: every SM below THR but this one, or -1 */
  unsigned level[DVFS_MAX_SMS]; /* variant 1: SM i's load: 0 idle .. 5 (phase) */
  unsigned density;             /* variant 1: 0..3 */
  bool over;                    /* variant 1: this sample at 127 warps everywhere */
  dvfs_in in;                   /* this cycle's inputs */
  dvfs_out o0;                  /* this cycle's outputs */
} dv_stim;

static unsigned pick(uint64_t *rng, unsigned n) { return n ? (unsigned)(world_rand(rng) % n) : 0; }

static void new_phase(dv_stim *st) {
  const dvfs_params *p = &st->p;
  st->phase = pick(&st->rng, 5);
  st->phase_samples = 2 + pick(&st->rng, 14);
  unsigned q = p->maxw / 4;
  st->bw = st->phase == 1 ? 1 : 1 + pick(&st->rng, q ? q : 1);
  static const unsigned arr[5] = {24, 0, 160, 16, 48};
  st->arr = arr[st->phase];
  for (unsigned i = 0; i < p->n_sms; i++) {
    switch (st->phase) {
    case 1: st->life[i] = 1 + pick(&st->rng, 4); break;                      /* tail: short */
    case 2: st->life[i] = 16 + pick(&st->rng, 64); break;                    /* burst: long */
    case 3: st->life[i] = pick(&st->rng, 2) ? 2 : 40 + pick(&st->rng, 80); break; /* skewed */
    default: st->life[i] = 2 + pick(&st->rng, 24); break;
    }
  }
  st->density = pick(&st->rng, 4);
  for (unsigned i = 0; i < p->n_sms; i++) st->level[i] = pick(&st->rng, 6);
}

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  dv_stim *st = stim;
  st->rng = seed ^ 0x9e3779b97f4a7c15ull;
  st->variant = variant;
  st->p = *(const dvfs_params *)params;
  for (unsigned i = 0; i < DVFS_MAX_SMS; i++) st->plan[i] = UINT32_MAX;
  st->focus = -1;
  new_phase(st);
}

static void stim_reset(void *stim) {
  dv_stim *st = stim;
  for (unsigned i = 0; i < DVFS_MAX_SMS; i++) st->plan[i] = UINT32_MAX;
}

/* A planned accumulation at an edge of the compares (or 0). */
static uint32_t plan_sum(dv_stim *st) {
  const dvfs_params *p = &st->p;
  uint32_t v;
  switch (pick(&st->rng, 6)) {
  case 0: v = p->thr - 1; break;
  case 1: v = p->thr; break;
  case 2: v = p->thr + 1; break;
  case 3: v = p->full - 1; break;
  case 4: v = p->full; break;
  default: v = 0; break;
  }
  uint32_t most = 127u * p->sample;
  return v > most ? most : v;
}

/* The plan's warps in cycle k of the sample (the remainder first, so the
 * last cycle carries the base: a plan of THR ends with a non-zero cycle
 * whenever THR >= S). */
static unsigned plan_at(const dvfs_params *p, uint32_t sum, bool front, unsigned k) {
  if (front) {
    /* MAXW warps a cycle from the start: the accumulation is reached before
     * the sample's last cycle, which has none (when sum < FULL). */
    uint32_t done = (uint32_t)k * p->maxw;
    return done >= sum ? 0 : sum - done < p->maxw ? sum - done : p->maxw;
  }
  uint32_t base = sum / p->sample, rem = sum % p->sample;
  return base + (k < rem);
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  dv_stim *st = stim;
  const dvfs_params *p = params;
  const dvfs_state *s = state;
  const dvfs_out *o0 = out0;
  dvfs_in *in = vin;
  unsigned ns = p->n_sms, k = s->cnt;
  if (k == 0) {
    /* A new sample: new plans; the phase moves on now and then. */
    if (st->phase_samples == 0 || --st->phase_samples == 0) new_phase(st);
    for (unsigned i = 0; i < ns; i++) {
      /* A draining SM mostly keeps its load (drains that run out of W). */
      bool keep = s->drn[i] && pick(&st->rng, 4) != 0;
      st->plan[i] = !keep && pick(&st->rng, 6) == 0 ? plan_sum(st) : UINT32_MAX;
      st->front[i] = st->plan[i] != UINT32_MAX && pick(&st->rng, 3) == 0;
      if (st->front[i] && st->plan[i] < p->thr) st->plan[i] = p->thr + pick(&st->rng, 2);
      if (st->variant == 1 && !keep && pick(&st->rng, 3) == 0) st->level[i] = pick(&st->rng, 6);
    }
    st->quiet = st->variant == 1 ? pick(&st->rng, 16) == 0
                                  : st->phase == 1 && pick(&st->rng, 3) == 0;
    /* The longest samples: at 127 warps (the accumulator saturates after
     * 33,027 cycles), every run; the others now and then. */
    st->over = st->variant == 1 && (p->sample > 1000 || pick(&st->rng, 16) == 0);
    /* A focus sample: every SM in a bubble but SM j, which is below THR
     * too, at FULL, or in range; j is an SM going up when there is one (no
     * target while its transition lasts), else now and then a diverted one.
     * fits[] at random. */
    int up = -1, dv = -1;
    unsigned j0 = pick(&st->rng, ns);
    for (unsigned k2 = 0; k2 < ns; k2++) {
      unsigned r = (j0 + k2) % ns;
      if (up < 0 && !s->dvr[r] && s->xcnt[r] != 0) up = (int)r;
      if (dv < 0 && s->dvr[r]) dv = (int)r;
    }
    st->focus = -1;
    if (pick(&st->rng, up >= 0 ? 2 : 6) == 0) {
      unsigned j = up >= 0 && pick(&st->rng, 4) != 0 ? (unsigned)up
                   : dv >= 0 && pick(&st->rng, 3) == 0 ? (unsigned)dv
                                                       : j0;
      st->focus = (int)j;
      for (unsigned i = 0; i < ns; i++) {
        bool keep = s->drn[i] && pick(&st->rng, 4) != 0;
        st->plan[i] = keep ? UINT32_MAX : pick(&st->rng, p->thr);
        st->front[i] = false;
      }
      switch (pick(&st->rng, 4)) {
      case 0: st->plan[j] = pick(&st->rng, p->thr); break;
      case 1: st->plan[j] = p->full; break;
      default: st->plan[j] = p->thr + pick(&st->rng, p->full - p->thr); break;
      }
    }
  }
  if (st->variant == 0) {
    for (unsigned i = 0; i < ns; i++) {
      unsigned a =
          st->plan[i] != UINT32_MAX ? plan_at(p, st->plan[i], st->front[i], k) : st->warps[i];
      if (st->phase == 4 && st->plan[i] == UINT32_MAX && pick(&st->rng, 4) == 0) {
        a = pick(&st->rng, p->maxw + 1u);
      }
      in->active[i] = (uint8_t)(a > 127 ? 127 : a);
    }
    in->pending = st->queue > 0;
    if (o0->sample) {
      for (unsigned i = 0; i < ns; i++) {
        bool room = st->warps[i] + st->bw <= p->maxw;
        in->fits[i] = (uint8_t)(pick(&st->rng, 8) == 0 ? !room : room);
      }
    }
  } else {
    unsigned d = st->density;
    for (unsigned i = 0; i < ns; i++) {
      unsigned a;
      if (st->over) {
        a = 127;
      } else if (st->plan[i] != UINT32_MAX) {
        a = plan_at(p, st->plan[i], st->front[i], k);
      } else {
        unsigned m = p->maxw;
        switch (st->level[i]) {
        case 0: a = 0; break;
        case 1: a = pick(&st->rng, 2); break;
        case 2: a = pick(&st->rng, 2 * p->thr / p->sample + 2); break;
        case 3: a = 1 + pick(&st->rng, m); break;
        case 4: a = m; break;
        default: a = pick(&st->rng, 4) > d ? 0 : pick(&st->rng, m + 1u); break;
        }
      }
      in->active[i] = (uint8_t)(a > 127 ? 127 : a);
    }
    in->pending = pick(&st->rng, 4) < d + (st->phase == 2);
    if (o0->sample) {
      for (unsigned i = 0; i < ns; i++) in->fits[i] = pick(&st->rng, 4) < d + 1;
    }
  }
  if (st->focus >= 0 && o0->sample) {
    for (unsigned i = 0; i < ns; i++) in->fits[i] = (uint8_t)pick(&st->rng, 2);
  }
  if (st->quiet && o0->sample) {
    /* The GPU falls idle at the sample instant, whatever came before. */
    for (unsigned i = 0; i < ns; i++) in->active[i] = 0;
    in->pending = 0;
  }
  st->in = *in;
  dvfs_model_eval(p, s, in, &st->o0);
}

/* The world after the edge: blocks finish, arrive, and are placed on the
 * SMs this cycle's outputs left open. */
static void stim_edge(void *stim) {
  dv_stim *st = stim;
  const dvfs_params *p = &st->p;
  if (st->variant != 0) return;
  unsigned ns = p->n_sms, S = p->sample;
  for (unsigned i = 0; i < ns; i++) {
    /* A block finishes with probability 4 / (life x S) a cycle per resident block. */
    unsigned blocks = (st->warps[i] + st->bw - 1) / st->bw;
    for (unsigned b = 0; b < blocks; b++) {
      if (pick(&st->rng, st->life[i] * S) < 4) {
        st->warps[i] = (uint8_t)(st->warps[i] > st->bw ? st->warps[i] - st->bw : 0);
      }
    }
  }
  if (pick(&st->rng, 1024u * S) < st->arr * ns * 4u && st->queue < 64) {
    st->queue += 1 + pick(&st->rng, 3);
  }
  unsigned start = pick(&st->rng, ns);
  for (unsigned k = 0; k < ns && st->queue > 0; k++) {
    unsigned i = (start + k) % ns;
    if (!st->o0.closed[i] && st->warps[i] + st->bw <= p->maxw && pick(&st->rng, 2) == 0) {
      st->warps[i] = (uint8_t)(st->warps[i] + st->bw);
      st->queue--;
    }
  }
}

static void describe(const void *stim, char *buf, size_t size) {
  const dv_stim *st = stim;
  snprintf(buf, size, "%s", st->variant == 0 ? "GPU world, phased loads" : "every input random");
}

/* A bin every run must hit, or, on the long-sample sets (S > 64: the
 * K20c's 500 cycles give a run 200 samples), one that some run of those
 * sets must hit. */
static void add(cov_set *c, const char *name, const char *what, bool applicable, bool rare) {
  if (rare) {
    cov_add_any(c, name, what, applicable);
  } else {
    cov_add(c, name, what, applicable);
  }
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  const dvfs_params *p = params;
  (void)stim;
  bool two = p->n_sms >= 2, three = p->n_sms >= 3, many = p->sample <= 1000;
  bool span = p->trans >= p->sample; /* a transition can be in progress at a sample */
  bool rare = p->sample > 64;
  /* A drain starts only in a bubble with a warp at the instant: THR >= 2. */
  bool dr = p->drain != 0 && p->thr >= 2, g = p->glvl != 0;
  cov_add(c, "sample", "a sample ends", many);
  cov_add(c, "bubble", "an SM below the threshold at a sample", many);
  cov_add(c, "no_target", "a non-diverted SM in a bubble with no target", many);
  cov_add(c, "acc_at_thr", "an accumulation equal to THR at a sample (no bubble)", many);
  cov_add(c, "last_cycle_decides", "the sample's last cycle lifts the accumulation to THR or over",
          many && p->thr >= p->sample);
  cov_add(c, "enter_drain", "diverted with active warps: draining starts", two && many && dr);
  cov_add(c, "enter_idle", "diverted at zero occupancy: straight to low", two && many);
  cov_add(c, "enter_no_drain", "diverted with active warps, DRAIN 0: straight to low",
          two && many && !p->drain && p->thr >= 2);
  cov_add(c, "nt_fits", "no target only because the SMs in range have no room", two && many);
  add(c, "nt_full", "no target only because the SMs that fit are at FULL", two && many, rare);
  cov_add(c, "nt_bubble", "no target: every other SM below the threshold too", two && many);
  cov_add(c, "nt_dvr", "no target only because the SMs in range that fit are diverted",
          three && many);
  add(c, "nt_xcnt", "no target only because the SM in range that fits is in transition",
      two && many && span, rare);
  cov_add(c, "drain_done", "a drain completes: transition to low", two && many && dr);
  cov_add(c, "drain_step", "a drain goes on one more sample", two && many && dr &&
          p->drain_samples >= 2);
  add(c, "drain_abort", "a drain abandoned after W samples", two && many && dr, rare);
  cov_add(c, "resume", "a diverted low SM resumes", two && many);
  cov_add(c, "resume_refused", "two or more resume candidates in a sample: one resumes",
          three && many);
  cov_add(c, "resume_blocked", "a low SM with a block waiting stays: a non-diverted SM fits",
          two && many);
  cov_add(c, "down_transition", "an SM going down (low frequency, high voltage)", two && many);
  cov_add(c, "up_transition", "an SM going up (low frequency, high voltage)", two && many);
  cov_add(c, "low_settled", "an SM settled at low (both low)", two && many);
  add(c, "skip_transition",
      "a sample skips an SM in transition that would otherwise act (resume, divert)",
      two && many && span, rare);
  cov_add(c, "gpu_enter", "GPU-level DVFS starts", g && many);
  cov_add(c, "gpu_low", "the GPU level settled low", g && many && p->trans < 64u * p->sample);
  cov_add(c, "gpu_exit", "GPU-level DVFS ends: a block waits", g && many);
  cov_add(c, "gpu_skip", "the per-SM flow skipped while the GPU level is low or moving", g && many);
  add(c, "gpu_enter_skips", "the GPU level goes low where the per-SM flow would have acted",
      g && two && many && p->sample >= 4, rare);
  cov_add_any(c, "acc_saturated", "an accumulator saturates (beyond MAXW warps)",
              127ull * p->sample > DVFS_ACC_MAX);
}

/* Would SM i have a target if condition `drop` were left out? (0 fits, 1
 * < FULL, 2 !dvr, 3 xcnt == 0) */
static bool target_without(const dvfs_params *p, const dvfs_state *s, const dvfs_in *in,
                           unsigned i, int drop) {
  for (unsigned j = 0; j < p->n_sms; j++) {
    uint32_t a = dvfs_acc_next(s, in, j);
    if (j == i || a < p->thr) continue;
    bool ok = (drop == 0 || (in->fits[j] & 1)) && (drop == 1 || a < p->full) &&
              (drop == 2 || !s->dvr[j]) && (drop == 3 || s->xcnt[j] == 0);
    if (ok) return true;
  }
  return false;
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  const dvfs_params *p = params;
  const dvfs_state *s0 = s0v, *s1 = s1v;
  const dvfs_in *in = inv;
  (void)outv;
  unsigned ns = p->n_sms;
  for (unsigned i = 0; i < ns; i++) {
    if (s0->xcnt[i] != 0) cov_hit(c, s0->xtgt[i] ? "down_transition" : "up_transition");
    if (s0->lvl[i] && s0->xcnt[i] == 0) cov_hit(c, "low_settled");
    if (s1->acc[i] == DVFS_ACC_MAX) cov_hit(c, "acc_saturated");
  }
  if (s0->glvl && s0->gxcnt == 0) cov_hit(c, "gpu_low");
  dvfs_decision d;
  dvfs_decide(p, s0, in, &d);
  if (!d.sample) return;
  cov_hit(c, "sample");
  if (d.bubble) cov_hit(c, "bubble");
  if (d.gpu_enter) cov_hit(c, "gpu_enter");
  if (d.gpu_exit) cov_hit(c, "gpu_exit");
  if (d.skip && !d.gpu_enter) cov_hit(c, "gpu_skip");
  if (d.gpu_enter) {
    /* What the per-SM flow would have done without the GPU level. */
    dvfs_params q = *p;
    q.glvl = 0;
    dvfs_decision e;
    dvfs_decide(&q, s0, in, &e);
    if (e.enter | e.drain_done | e.drain_abort | e.drain_step | e.resume) {
      cov_hit(c, "gpu_enter_skips");
    }
  }
  for (unsigned i = 0; i < ns; i++) {
    uint32_t a = dvfs_acc_next(s0, in, i);
    if (a == p->thr) cov_hit(c, "acc_at_thr");
    if (s0->acc[i] < p->thr && a >= p->thr) cov_hit(c, "last_cycle_decides");
  }
  if (d.skip) return;
  unsigned ncand = 0;
  for (unsigned i = 0; i < ns; i++) {
    uint32_t bit = 1u << i;
    bool idle = (in->active[i] & 0x7f) == 0;
    if (d.enter & bit) {
      if (!(d.enter_low & bit)) cov_hit(c, "enter_drain");
      else cov_hit(c, idle ? "enter_idle" : "enter_no_drain");
    }
    if (d.no_target & bit) {
      cov_hit(c, "no_target");
      if (target_without(p, s0, in, i, 0)) cov_hit(c, "nt_fits");
      if (target_without(p, s0, in, i, 1)) cov_hit(c, "nt_full");
      if (target_without(p, s0, in, i, 2)) cov_hit(c, "nt_dvr");
      if (target_without(p, s0, in, i, 3)) cov_hit(c, "nt_xcnt");
      bool others_low = true;
      for (unsigned j = 0; j < ns; j++) {
        if (j != i && dvfs_acc_next(s0, in, j) >= p->thr) others_low = false;
      }
      if (others_low && ns >= 2) cov_hit(c, "nt_bubble");
    }
    if (d.drain_done & bit) cov_hit(c, "drain_done");
    if (d.drain_step & bit) cov_hit(c, "drain_step");
    if (d.drain_abort & bit) cov_hit(c, "drain_abort");
    if (d.resume & bit) cov_hit(c, "resume");
    ncand += (d.candidates >> i) & 1u;
    /* A low, diverted SM that a waiting block would have resumed, but a
     * non-diverted SM fits. */
    if (s0->dvr[i] && !s0->drn[i] && s0->xcnt[i] == 0 && (in->pending & 1) && !d.candidates) {
      cov_hit(c, "resume_blocked");
    }
    /* A transition in progress that the sample skipped, and what the SM
     * would have done: resumed (going down, a block waits, nothing fits),
     * or been diverted (going up, in a bubble, a target exists). */
    if (s0->xcnt[i] != 0) {
      bool none_fits = true;
      for (unsigned j = 0; j < ns; j++) {
        if (!s0->dvr[j] && (in->fits[j] & 1)) none_fits = false;
      }
      bool would_resume = s0->dvr[i] && !s0->drn[i] && (in->pending & 1) && none_fits;
      bool would_enter = !s0->dvr[i] && (d.bubble & bit) && d.target != 0;
      if (would_resume || would_enter) cov_hit(c, "skip_transition");
    }
  }
  if (ncand >= 2) cov_hit(c, "resume_refused");
}

const ut_unit ut_unit_dvfs = {
    .name = "dvfs",
    .vectors = ut_vectors_dvfs,
    .ctests = ut_ctests_dvfs,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(dv_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = stim_edge,
            .stim_reset = stim_reset,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
