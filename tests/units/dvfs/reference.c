/* The occupancy-bubble controller written out again as the spec states it
 * (dtbl-laperm-dvfs.md §1.4.3, Fig. 36's reconstructed pseudo-code, with
 * §6.2's window accumulation and transitions and §7 #22's exit from the GPU
 * level), in another form than the unit's C model: each SM is one
 * explicit state, NORMAL -> DRAIN -> DOWN(P) -> LOW -> UP(P) -> NORMAL (the
 * power-management FSM of the spec's RTL hints), the GPU level likewise
 * (NORMAL -> DOWN -> LOW -> UP), and the sample's decisions are taken SM
 * by SM in Fig. 36's loop order with its resumed_this_sample flag. The
 * registers the unit keeps are read off these states.
 *
 * The test (fig36_reference, label "unit", unit_ctests) runs the reference
 * and the C model side by side on seeded random inputs for several
 * parameter sets and compares every output each cycle and the registers
 * the states define (xtgt only during a transition, dcnt only while
 * draining: the unit leaves them as they were afterwards). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/dvfs/dvfs.h"
#include "world.h"

typedef enum { R_NORMAL, R_DRAIN, R_DOWN, R_LOW, R_UP } r_mode;

typedef struct r_sm {
  r_mode m;
  unsigned sum;   /* active warps summed over the window so far */
  unsigned drain; /* drain_cnt */
  unsigned left;  /* cycles left of a transition (DOWN, UP) */
} r_sm;

typedef struct r_ctl {
  unsigned ns, maxw, S, W, P, T; /* T: the threshold in warp-cycles (T x 64 x 500 of §6.2) */
  bool drain_enabled, gpu_level;
  r_sm sm[DVFS_MAX_SMS];
  unsigned t; /* cycle within the window */
  r_mode g;   /* the GPU level: NORMAL, DOWN, LOW, UP */
  unsigned gleft;
} r_ctl;

static void r_init(r_ctl *c, const dvfs_params *p) {
  memset(c, 0, sizeof *c);
  c->ns = p->n_sms;
  c->maxw = p->maxw;
  c->S = p->sample;
  c->W = p->drain_samples;
  c->P = p->trans;
  c->T = p->thr;
  c->drain_enabled = p->drain;
  c->gpu_level = p->glvl;
}

static bool diverted(r_mode m) { return m == R_DRAIN || m == R_DOWN || m == R_LOW; }
static bool in_transition(r_mode m) { return m == R_DOWN || m == R_UP; }

/* The outputs the states imply. */
static void r_outputs(const r_ctl *c, dvfs_out *o) {
  memset(o, 0, sizeof *o);
  bool g_any = c->g != R_NORMAL;
  o->sample = c->t + 1 == c->S;
  o->gflow = g_any;
  o->gvlow = c->g == R_LOW;
  o->dvfs = g_any; /* set at the start of the GPU's descent, clear at the end of its ascent */
  for (unsigned i = 0; i < c->ns; i++) {
    r_mode m = c->sm[i].m;
    o->closed[i] = m != R_NORMAL || g_any;
    o->flow[i] = m == R_DOWN || m == R_LOW || m == R_UP || g_any;
    o->vlow[i] = m == R_LOW || c->g == R_LOW;
    o->dvr[i] = diverted(m);
    o->drn[i] = m == R_DRAIN;
    if (m == R_DOWN || m == R_LOW || m == R_UP) {
      o->dvfs |= 2ull << i;
    }
  }
}

static void start(r_sm *s, r_mode m, unsigned P) {
  s->m = m;
  s->left = P;
}

/* One clock edge with these inputs. */
static void r_edge(r_ctl *c, const dvfs_in *in) {
  const r_ctl old = *c;
  /* The window: this cycle's warps count. */
  for (unsigned i = 0; i < c->ns; i++) {
    unsigned s = c->sm[i].sum + (in->active[i] & 0x7f);
    c->sm[i].sum = s > DVFS_ACC_MAX ? DVFS_ACC_MAX : s;
  }
  /* The regulator: transitions run on. */
  for (unsigned i = 0; i < c->ns; i++) {
    r_sm *s = &c->sm[i];
    if (in_transition(s->m) && --s->left == 0) {
      s->m = s->m == R_DOWN ? R_LOW : R_NORMAL;
    }
  }
  if (in_transition(c->g) && --c->gleft == 0) {
    c->g = c->g == R_DOWN ? R_LOW : R_NORMAL;
  }
  if (old.t + 1 < c->S) {
    c->t++;
    return;
  }
  /* Every S cycles (Fig. 36); occ[i] is the window's sum (this cycle's
   * warps included), "occ == 0" the warps at the sample instant. */
  unsigned occ[DVFS_MAX_SMS];
  for (unsigned i = 0; i < c->ns; i++) {
    occ[i] = c->sm[i].sum;
  }
  bool pending = in->pending & 1;
  bool all_idle = true;
  for (unsigned i = 0; i < c->ns; i++) {
    all_idle = all_idle && (in->active[i] & 0x7f) == 0;
  }
  bool skip_all = false;
  if (c->gpu_level) {
    if (old.g == R_NORMAL && all_idle && !pending) {
      c->g = R_DOWN; /* GPU-level DVFS -> lowest; DVFS[0] set */
      c->gleft = c->P;
      skip_all = true; /* continue */
    } else if (old.g == R_LOW && pending) {
      c->g = R_UP; /* §7 #22: leave as soon as a TB is pending */
      c->gleft = c->P;
    }
    if (old.g != R_NORMAL) {
      skip_all = true;
    }
  }
  /* "no non-diverted SMX can take the next TB" */
  bool none_can_take = true;
  for (unsigned j = 0; j < c->ns; j++) {
    if (!diverted(old.sm[j].m) && (in->fits[j] & 1)) {
      none_can_take = false;
    }
  }
  bool resumed_this_sample = false;
  for (unsigned i = 0; i < c->ns && !skip_all; i++) {
    const r_sm *o = &old.sm[i];
    r_sm *s = &c->sm[i];
    bool idle_now = (in->active[i] & 0x7f) == 0;
    if (in_transition(o->m)) {
      continue; /* the transition may span several samples */
    }
    if (!diverted(o->m)) { /* NORMAL */
      bool found = false;
      for (unsigned j = 0; j < c->ns; j++) {
        if (j != i && !diverted(old.sm[j].m) && !in_transition(old.sm[j].m) && occ[j] >= c->T &&
            occ[j] < c->maxw * c->S && (in->fits[j] & 1)) {
          found = true;
        }
      }
      if (occ[i] < c->T && found) {
        if (idle_now || !c->drain_enabled) {
          start(s, R_DOWN, c->P);
        } else {
          s->m = R_DRAIN;
          s->drain = 0;
        }
      }
    } else if (o->m == R_DRAIN) {
      if (idle_now) {
        start(s, R_DOWN, c->P);
      } else if (++s->drain >= c->W) {
        s->m = R_NORMAL; /* abort */
      }
    } else { /* LOW */
      if (pending && none_can_take && !resumed_this_sample) {
        start(s, R_UP, c->P);
        resumed_this_sample = true;
      }
    }
  }
  for (unsigned i = 0; i < c->ns; i++) {
    c->sm[i].sum = 0;
  }
  c->t = 0;
}

/* The registers the reference's states define, against the unit's. */
static void r_compare_state(const r_ctl *c, const dvfs_state *s, const char *where) {
  char msg[160];
  snprintf(msg, sizeof msg, "%s: cnt", where);
  if (s->cnt != c->t) fail_msg("%s %u, reference %u", msg, s->cnt, c->t);
  for (unsigned i = 0; i < c->ns; i++) {
    const r_sm *r = &c->sm[i];
    unsigned lvl = r->m == R_LOW || r->m == R_UP;
    unsigned x = in_transition(r->m) ? r->left : 0;
    if (s->acc[i] != r->sum || s->dvr[i] != diverted(r->m) || s->drn[i] != (r->m == R_DRAIN) ||
        s->lvl[i] != lvl || s->xcnt[i] != x ||
        (in_transition(r->m) && s->xtgt[i] != (r->m == R_DOWN)) ||
        (r->m == R_DRAIN && s->dcnt[i] != r->drain)) {
      fail_msg("%s: SM %u: unit acc %u dvr %u drn %u dcnt %u lvl %u xcnt %u xtgt %u; reference "
               "state %d sum %u drain %u left %u",
               where, i, s->acc[i], s->dvr[i], s->drn[i], s->dcnt[i], s->lvl[i], s->xcnt[i],
               s->xtgt[i], (int)r->m, r->sum, r->drain, r->left);
    }
  }
  unsigned glvl = c->g == R_LOW || c->g == R_UP;
  unsigned gx = in_transition(c->g) ? c->gleft : 0;
  if (s->glvl != glvl || s->gxcnt != gx || (in_transition(c->g) && s->gxtgt != (c->g == R_DOWN))) {
    fail_msg("%s: GPU level: unit glvl %u gxcnt %u gxtgt %u; reference state %d left %u", where,
             s->glvl, s->gxcnt, s->gxtgt, (int)c->g, c->gleft);
  }
}

static void r_compare_out(const r_ctl *c, const dvfs_out *a, const dvfs_out *b, const char *where) {
  if (a->sample != b->sample || a->gflow != b->gflow || a->gvlow != b->gvlow ||
      a->dvfs != b->dvfs) {
    fail_msg("%s: unit sample %u gflow %u gvlow %u dvfs %llx; reference %u %u %u %llx", where,
             a->sample, a->gflow, a->gvlow, (unsigned long long)a->dvfs, b->sample, b->gflow,
             b->gvlow, (unsigned long long)b->dvfs);
  }
  for (unsigned i = 0; i < c->ns; i++) {
    if (a->closed[i] != b->closed[i] || a->flow[i] != b->flow[i] || a->vlow[i] != b->vlow[i] ||
        a->dvr[i] != b->dvr[i] || a->drn[i] != b->drn[i]) {
      fail_msg("%s: SM %u: unit closed %u flow %u vlow %u dvr %u drn %u; reference %u %u %u %u %u",
               where, i, a->closed[i], a->flow[i], a->vlow[i], a->dvr[i], a->drn[i], b->closed[i],
               b->flow[i], b->vlow[i], b->dvr[i], b->drn[i]);
    }
  }
}

/* Seeded inputs: phases of per-SM load levels (idle, light, near the
 * threshold, busy, full), pending and fits drawn per phase, and now and
 * then a whole sample at more than MAXW warps (the accumulator saturates
 * on the widest samples). Returns how often each branch was taken. */
typedef struct r_counts {
  unsigned long enter_drain, enter_low, drain_done, drain_abort, resume, refused, gpu_in, gpu_out;
} r_counts;

static void check_fig36(const dvfs_params *p, uint64_t seed, unsigned cycles, r_counts *k) {
  dvfs_state s;
  dvfs_reset(p, &s);
  r_ctl c;
  r_init(&c, p);
  uint64_t rng = seed;
  unsigned level[DVFS_MAX_SMS] = {0};
  unsigned pend_rate = 2, fit_rate = 2;
  bool over = false;
  memset(k, 0, sizeof *k);
  for (unsigned cyc = 0; cyc < cycles; cyc++) {
    if (s.cnt == 0) {
      /* A new sample: new levels now and then. */
      if (world_rand(&rng) % 3 == 0) {
        for (unsigned i = 0; i < p->n_sms; i++) {
          level[i] = (unsigned)(world_rand(&rng) % 6);
        }
        pend_rate = (unsigned)(world_rand(&rng) % 5);
        fit_rate = (unsigned)(world_rand(&rng) % 5);
      }
      over = world_rand(&rng) % 16 == 0;
    }
    dvfs_in in;
    memset(&in, 0, sizeof in);
    for (unsigned i = 0; i < p->n_sms; i++) {
      unsigned m = p->maxw, a;
      switch (level[i]) {
      case 0: a = 0; break;
      case 1: a = (unsigned)(world_rand(&rng) % 2); break;
      case 2: a = (unsigned)(world_rand(&rng) % (2 * p->thr / p->sample + 2)); break;
      case 3: a = (unsigned)(world_rand(&rng) % (m + 1)); break;
      case 4: a = m; break;
      default: a = world_rand(&rng) % 4 == 0 ? 0 : (unsigned)(world_rand(&rng) % (m + 1)); break;
      }
      in.active[i] = (uint8_t)(over ? 127 : a > 127 ? 127 : a);
    }
    in.pending = world_rand(&rng) % 4 < pend_rate;
    /* fits[] only in a sample cycle, as the host fills it */
    if (s.cnt + 1u == p->sample) {
      for (unsigned i = 0; i < p->n_sms; i++) {
        in.fits[i] = world_rand(&rng) % 4 < fit_rate;
      }
    }
    char where[96];
    snprintf(where, sizeof where, "NS %u S %u P %u cycle %u", p->n_sms, p->sample, p->trans, cyc);
    dvfs_out a, b;
    dvfs_model_eval(p, &s, &in, &a);
    r_outputs(&c, &b);
    r_compare_out(&c, &a, &b, where);
    dvfs_decision d;
    dvfs_decide(p, &s, &in, &d);
    k->enter_drain += __builtin_popcount(d.enter & ~d.enter_low);
    k->enter_low += __builtin_popcount(d.enter_low);
    k->drain_done += __builtin_popcount(d.drain_done);
    k->drain_abort += __builtin_popcount(d.drain_abort);
    k->resume += __builtin_popcount(d.resume);
    k->refused += __builtin_popcount(d.candidates & ~d.resume);
    k->gpu_in += d.gpu_enter;
    k->gpu_out += d.gpu_exit;
    dvfs_model_tick(p, &s, &in, &a);
    r_edge(&c, &in);
    r_compare_state(&c, &s, where);
  }
}

static void test_dvfs_fig36(void **state) {
  (void)state;
  /* NS MAXW S THR FULL W P DRAIN GLVL */
  static const dvfs_params sets[] = {
      {13, 64, 500, 2000, 32000, 10, 500, 1, 1}, /* k20c */
      {13, 64, 500, 2000, 32000, 10, 10000, 1, 1}, /* k20c, off-chip regulator */
      {2, 8, 8, 8, 64, 3, 2, 1, 0},
      {3, 8, 4, 4, 32, 1, 1, 0, 1},
      {13, 16, 16, 16, 256, 4, 40, 1, 1},
      {13, 16, 8, 8, 128, 2, 20, 0, 0},
      {32, 64, 12, 48, 768, 6, 5, 1, 1},
      {4, 4, 1, 1, 4, 2, 1, 1, 1},
      {1, 4, 4, 2, 16, 2, 3, 1, 1},
      {2, 64, 65535, 262140, 4194240, 255, 65535, 1, 1},
  };
  r_counts all = {0};
  for (unsigned k = 0; k < sizeof sets / sizeof sets[0]; k++) {
    r_counts n;
    unsigned cycles = sets[k].sample >= 500 ? 400000 : 60000;
    check_fig36(&sets[k], 101 + k, cycles, &n);
    all.enter_drain += n.enter_drain;
    all.enter_low += n.enter_low;
    all.drain_done += n.drain_done;
    all.drain_abort += n.drain_abort;
    all.resume += n.resume;
    all.refused += n.refused;
    all.gpu_in += n.gpu_in;
    all.gpu_out += n.gpu_out;
  }
  /* The comparison saw every branch, many times. */
  assert_true(all.enter_drain > 50);
  assert_true(all.enter_low > 50);
  assert_true(all.drain_done > 20);
  assert_true(all.drain_abort > 20);
  assert_true(all.resume > 50);
  assert_true(all.refused > 10);
  assert_true(all.gpu_in > 10);
  assert_true(all.gpu_out > 10);
}

const ut_ctest ut_ctests_dvfs[] = {{"fig36_reference", test_dvfs_fig36}, {NULL, NULL}};
