/* The random bench of laperm (LaPerm's dispatch decision), and the unit's test
 * description (tests/units/common/unit_test.h).
 *
 * Variant 0 is a queue world: blocks queued per SM row and level and in PQ0
 * arrive in phases (none, a trickle, bursts; TB-Pri's go to row 0), the SMs
 * are examined round robin (now and then one at random, and, below 32 SMs,
 * an index that names no SM), the host takes most answers (the rest "do not
 * fit", §7 #15: one in eight, and half of the new backup choices), and a
 * taken answer removes a block from the queue it names, so rows empty and
 * backups go stale as in a run. Variant 1 draws
 * every input at random each cycle (rows, counts unrelated to the rows,
 * take with or without an answer). The coverage bins every run must hit are
 * listed in docs/units/laperm.md. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/laperm/laperm.h"
#include "world.h"

extern const bv_vector ut_vectors_laperm[];
extern const ut_ctest ut_ctests_laperm[];

typedef struct lp_stim {
  uint64_t rng;
  unsigned variant;
  laperm_params p;
  uint64_t cycle;
  unsigned rate;                                     /* arrivals per 256 cycles */
  unsigned ptr;                                      /* the next SM examined */
  uint16_t q[LAPERM_MAX_SMS][LAPERM_MAX_LEVELS];     /* blocks queued */
  uint16_t pq0;
  laperm_out ans; /* this cycle's answer (the C model's, equal to the RTL's) */
  uint8_t take;
} lp_stim;

static unsigned pick(uint64_t *rng, unsigned n) { return (unsigned)(world_rand(rng) % n); }

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  lp_stim *st = stim;
  st->rng = seed ^ 0x3c6ef372fe94f82bull;
  st->variant = variant;
  st->p = *(const laperm_params *)params;
  st->rate = 32;
}

static void stim_reset(void *stim) {
  lp_stim *st = stim;
  st->ptr = 0; /* the host's examination pointer restarts with the unit */
}

static unsigned row_bits(const lp_stim *st, unsigned s) {
  unsigned r = 0;
  for (unsigned l = 0; l < st->p.levels; l++) r |= (st->q[s][l] != 0) << l;
  return r;
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  lp_stim *st = stim;
  const laperm_params *p = params;
  laperm_in *in = vin;
  (void)out0;
  unsigned ns = p->n_sms, cmax = (1u << p->cnt_w) - 1u;
  if (st->cycle % 128 == 0) {
    static const unsigned rates[5] = {0, 2, 12, 48, 160};
    st->rate = rates[pick(&st->rng, 5)];
  }
  unsigned r = pick(&st->rng, 100);
  if (r < 2 && ns < LAPERM_MAX_SMS) {
    in->smx = (uint8_t)(ns + pick(&st->rng, LAPERM_MAX_SMS - ns));
  } else if (r < 12) {
    in->smx = (uint8_t)pick(&st->rng, ns);
  } else {
    in->smx = (uint8_t)st->ptr;
  }
  if (st->variant == 0) {
    in->ne0 = st->pq0 != 0;
    for (unsigned s = 0; s < ns; s++) {
      unsigned n = 0;
      for (unsigned l = 0; l < p->levels; l++) n += st->q[s][l];
      in->ne[s] = (uint16_t)row_bits(st, s);
      in->cnt[s] = (uint16_t)(n > cmax ? cmax : n);
    }
  } else {
    /* density 0..3 of this phase: rate's class */
    unsigned d = st->rate == 0 ? 0 : st->rate < 20 ? 1 : st->rate < 100 ? 2 : 3;
    in->ne0 = pick(&st->rng, 8) < d;
    for (unsigned s = 0; s < ns; s++) {
      for (unsigned l = 0; l < p->levels; l++) {
        if (pick(&st->rng, 3u * ns) < d) in->ne[s] |= (uint16_t)(1u << l);
      }
      unsigned c = pick(&st->rng, 4);
      in->cnt[s] = (uint16_t)(c == 0 ? world_rand(&st->rng) & cmax : c == 1 ? cmax : c);
      in->cnt[s] &= (uint16_t)cmax;
    }
  }
  laperm_eval(p, state, in, &st->ans);
  if (st->variant == 0) {
    /* One answer in eight does not fit; a new backup choice, one in two
     * (so that SMs with one possible backup also see one not taken). */
    bool fresh = st->ans.stage == LAPERM_STAGE_STEAL && in->smx < ns &&
                 !(((const laperm_state *)state)->bvalid[in->smx] &&
                   (in->ne[((const laperm_state *)state)->backup[in->smx]] &
                    ((1u << p->levels) - 1u)) != 0);
    in->take = (uint8_t)(st->ans.valid && pick(&st->rng, fresh ? 2 : 8) != 0);
  } else {
    in->take = (uint8_t)(pick(&st->rng, 4) != 0);
  }
  st->take = (uint8_t)(in->take && st->ans.valid);
}

static void stim_edge(void *stim) {
  lp_stim *st = stim;
  const laperm_params *p = &st->p;
  unsigned ns = p->n_sms;
  st->cycle++;
  st->ptr = (st->ptr + 1) % ns;
  if (st->variant != 0) return;
  if (st->take) {
    if (st->ans.stage == LAPERM_STAGE_PQ0) {
      st->pq0--;
    } else if (st->ans.qsm < ns && st->ans.lvl >= 1) {
      uint16_t *q = &st->q[st->ans.qsm][st->ans.lvl - 1];
      if (*q > 0) (*q)--;
    }
  }
  if (pick(&st->rng, 256) < st->rate) {
    /* A group of 1..6 blocks: a child of some SM's block at some level. */
    unsigned s = p->mode == LAPERM_TBPRI ? 0 : pick(&st->rng, ns);
    unsigned l = pick(&st->rng, p->levels);
    unsigned n = 1 + pick(&st->rng, 6);
    if (st->q[s][l] < 1000) st->q[s][l] = (uint16_t)(st->q[s][l] + n);
  }
  if (pick(&st->rng, 1024) < st->rate && st->pq0 < 1000) {
    st->pq0 = (uint16_t)(st->pq0 + 1 + pick(&st->rng, 3)); /* a host kernel's blocks */
  }
}

static void describe(const void *stim, char *buf, size_t size) {
  const lp_stim *st = stim;
  snprintf(buf, size, "%s",
           st->variant == 0 ? "queue world, phased arrivals" : "every input random");
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  const laperm_params *p = params;
  const lp_stim *st = stim;
  bool ad = p->mode == LAPERM_ADAPTIVE, many = p->n_sms >= 3;
  cov_add(c, "own", "stage 1: the own (TB-Pri: global) levels serve", true);
  cov_add(c, "own_before_pq0", "stage 1 while PQ0 has an entry too", true);
  cov_add(c, "pq0", "stage 2: PQ0 serves", true);
  cov_add(c, "none", "no queue serves the SM", true);
  cov_add(c, "lvl_top", "the answer's level is L", true);
  cov_add(c, "lvl_one", "the answer's level is 1 (L > 1)", p->levels > 1);
  cov_add(c, "lvl_mid", "a level strictly between 1 and L", p->levels > 2);
  cov_add(c, "lvl_over_lower", "the highest level chosen over a lower non-empty one",
          p->levels > 1);
  cov_add(c, "tbpri_fallback_pq0", "TB-Pri: the global levels empty, PQ0 serves",
          p->mode == LAPERM_TBPRI);
  cov_add(c, "tbpri_rows_ignored", "TB-Pri: rows other than 0 non-empty, not served",
          p->mode == LAPERM_TBPRI && p->n_sms > 1 && st->variant == 1);
  cov_add(c, "pq0_while_others", "PQ0 served while other SMs' rows hold work",
          p->mode != LAPERM_TBPRI && p->n_sms > 1);
  cov_add(c, "bind_idle_others", "SMX-Bind: none while other SMs' rows hold work",
          p->mode == LAPERM_SMXBIND && p->n_sms > 1);
  cov_add(c, "qsm_last", "the answer names SM NS-1's queues", p->mode != LAPERM_TBPRI);
  cov_add(c, "steal_new", "stage 3 with a new backup choice", ad);
  cov_add(c, "steal_kept", "stage 3 from the kept (sticky) backup", ad);
  cov_add(c, "sticky_matters", "the kept backup differs from what a new choice would be",
          ad && many);
  cov_add(c, "sticky_dropped", "the backup's row emptied: a new one taken", ad && many);
  cov_add(c, "backup_commit", "a taken new choice is remembered", ad);
  cov_add(c, "steal_not_taken", "a new choice not taken is not remembered", ad && many);
  cov_add(c, "tie", "a new choice among several SMs with the most blocks", ad && many);
  cov_add(c, "tie_wrap", "a tie won by an id below smx (the ring wraps)", ad && many);
  cov_add(c, "tie_not_lowest", "a tie won by an SM that is not the lowest id", ad && many);
  cov_add_any(c, "smx_no_sm", "smx names no SM", p->n_sms < LAPERM_MAX_SMS);
}

static unsigned row_of(const laperm_params *p, const laperm_in *in, unsigned s) {
  return s < p->n_sms ? in->ne[s] & ((1u << p->levels) - 1u) : 0u;
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  const laperm_params *p = params;
  const laperm_state *s0 = s0v, *s1 = s1v;
  const laperm_in *in = inv;
  const laperm_out *o = outv;
  unsigned ns = p->n_sms, smx = in->smx;
  bool others = false;
  for (unsigned s = 0; s < ns; s++) {
    if (s != (p->mode == LAPERM_TBPRI ? 0u : smx) && row_of(p, in, s) != 0) others = true;
  }
  if (smx >= ns) cov_hit(c, "smx_no_sm");
  if (!o->valid) {
    cov_hit(c, "none");
    if (p->mode == LAPERM_SMXBIND && others) cov_hit(c, "bind_idle_others");
    return;
  }
  if (o->stage == LAPERM_STAGE_PQ0) {
    cov_hit(c, "pq0");
    if (p->mode == LAPERM_TBPRI) {
      cov_hit(c, "tbpri_fallback_pq0");
      if (others) cov_hit(c, "tbpri_rows_ignored");
    } else if (others) {
      cov_hit(c, "pq0_while_others");
    }
    return;
  }
  if (o->lvl == p->levels) cov_hit(c, "lvl_top");
  if (o->lvl == 1) cov_hit(c, "lvl_one");
  if (o->lvl > 1 && o->lvl < p->levels) cov_hit(c, "lvl_mid");
  if (o->lvl > 1 && (row_of(p, in, o->qsm) & ((1u << (o->lvl - 1)) - 1u)) != 0) {
    cov_hit(c, "lvl_over_lower");
  }
  if (o->qsm == ns - 1) cov_hit(c, "qsm_last");
  if (o->stage == LAPERM_STAGE_OWN) {
    cov_hit(c, "own");
    if (in->ne0) cov_hit(c, "own_before_pq0");
    if (p->mode == LAPERM_TBPRI && others) cov_hit(c, "tbpri_rows_ignored");
    return;
  }
  /* stage 3 */
  bool had = smx < ns && s0->bvalid[smx];
  bool kept = had && row_of(p, in, s0->backup[smx]) != 0;
  int fresh = laperm_choose_backup(p, in);
  if (kept) {
    cov_hit(c, "steal_kept");
    if (fresh >= 0 && (unsigned)fresh != s0->backup[smx]) cov_hit(c, "sticky_matters");
    return;
  }
  cov_hit(c, "steal_new");
  if (!in->take && smx < ns) cov_hit(c, "steal_not_taken");
  if (in->take && smx < ns && s1->bvalid[smx] && s1->backup[smx] == o->qsm) {
    cov_hit(c, "backup_commit");
    if (had && s0->backup[smx] != o->qsm) cov_hit(c, "sticky_dropped");
  }
  /* The tie-break: the SMs with the winner's count. */
  unsigned cmask = (1u << p->cnt_w) - 1u, ties = 0, lowest = ns;
  for (unsigned s = 0; s < ns; s++) {
    if (s != smx && row_of(p, in, s) != 0 && (in->cnt[s] & cmask) == (in->cnt[o->qsm] & cmask)) {
      ties++;
      if (s < lowest) lowest = s;
    }
  }
  if (ties >= 2 && smx < ns) {
    cov_hit(c, "tie");
    if (o->qsm < smx) cov_hit(c, "tie_wrap");
    if (o->qsm != lowest) cov_hit(c, "tie_not_lowest");
  }
}

const ut_unit ut_unit_laperm = {
    .name = "laperm",
    .vectors = ut_vectors_laperm,
    .ctests = ut_ctests_laperm,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(lp_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = stim_edge,
            .stim_reset = stim_reset,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
