/* The random bench of cacp (CAWA's L1D policy): a shadow cache set drives the unit as the
 * cache's hooks do (victim queries, insertions into the chosen way, hits, evictions, fills
 * of reserved ways), with instruction indices and lines drawn from small pools so that
 * signatures repeat and the tables reach both ends; the set's words follow the unit's
 * outputs at every edge. Variant 1 also draws any input at random now and then (the unit's
 * outputs are defined for every input). The coverage bins every run must hit are listed in
 * docs/units/cacp.md. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/cacp/cacp.h"
#include "world.h"

extern const bv_vector ut_vectors_cacp[];

typedef struct cacp_stim {
  uint64_t rng;
  unsigned variant;
  uint64_t cycles;
  uint8_t wstate[CACP_MAX_WAYS], wdirty[CACP_MAX_WAYS];
  uint16_t meta[CACP_MAX_WAYS];
  cacp_in last;      /* the inputs of this cycle */
  uint8_t apply;     /* the edge applies them to the shadow set */
  uint16_t pend[CACP_MAX_WAYS]; /* the set's words the unit gives for them */
} cacp_stim;

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  cacp_stim *st = stim;
  (void)params;
  st->rng = seed ^ 0x6a09e667f3bcc908ull;
  st->variant = variant;
}

static unsigned pick(uint64_t *rng, unsigned n) { return (unsigned)(world_rand(rng) % n); }

/* A request drawn from the pools: 4 instruction indices, 6 lines (plus an offset). */
static void draw_req(cacp_stim *st, const cacp_params *p, cacp_in *in) {
  static const uint8_t pcs[4] = {0x00, 0x13, 0x80, 0xFF};
  uint64_t r = world_rand(&st->rng);
  in->req = 1;
  in->pc = pcs[r & 3];
  in->addr = (uint16_t)(((r >> 2) % 6) << p->sig_shift | ((r >> 8) & 0x7F));
  in->crit = (uint8_t)((r >> 16) & 1);
  unsigned kind = (unsigned)((r >> 17) % 8);
  in->load = (uint8_t)(kind < 5);
  in->store = (uint8_t)(kind == 5 || kind == 6);
}

/* The first way of `state` st in the set, from a random start, or -1. */
static int find_way(cacp_stim *st, const cacp_params *p, uint8_t state) {
  unsigned start = pick(&st->rng, p->ways);
  for (unsigned k = 0; k < p->ways; k++) {
    unsigned w = (start + k) % p->ways;
    if (st->wstate[w] == state) return (int)w;
  }
  return -1;
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  cacp_stim *st = stim;
  const cacp_params *p = params;
  cacp_in *in = vin;
  (void)out0;
  memset(in, 0, sizeof *in);
  st->apply = 0;
  st->cycles++;
  for (unsigned w = 0; w < p->ways; w++) {
    in->wstate[w] = st->wstate[w];
    in->wdirty[w] = st->wdirty[w];
    in->meta[w] = st->meta[w];
  }
  unsigned r = pick(&st->rng, 100);
  if (st->variant == 1 && r < 8) {
    /* any input at all */
    uint64_t x = world_rand(&st->rng), y = world_rand(&st->rng);
    in->op = (uint8_t)(x % 5);
    in->req = (uint8_t)(x >> 3 & 1);
    in->pc = (uint8_t)(x >> 8);
    in->addr = (uint16_t)(x >> 16);
    in->crit = (uint8_t)(x >> 32 & 1);
    in->load = (uint8_t)(x >> 33 & 1);
    in->store = (uint8_t)(x >> 34 & 1);
    in->clean_only = (uint8_t)(x >> 35 & 1);
    in->way = (uint8_t)((x >> 36) & ((1u << st_u_idx_bits(p->ways)) - 1));
    in->replaced = (uint8_t)(x >> 42 & 1);
    in->old_meta = (uint16_t)(y & 0xFFF);
    for (unsigned w = 0; w < p->ways; w++) {
      in->wstate[w] = (uint8_t)((y >> (12 + w % 16)) % 3);
      in->meta[w] = (uint16_t)((y >> (w % 20)) & 0xFFF);
    }
    return;
  }
  if (r < 30) {
    /* a miss: the victim query; half the time the insertion follows in the next cycle */
    in->op = CACP_OP_VICTIM;
    draw_req(st, p, in);
    in->clean_only = (uint8_t)(pick(&st->rng, 6) == 0);
    cacp_out o;
    cacp_eval(p, state, in, &o);
    if (o.victim_valid && pick(&st->rng, 2) == 0) {
      /* the insertion, at once (the model's next cycle would see the same state) */
      in->op = CACP_OP_INSERT;
      in->way = o.victim;
      in->replaced = (uint8_t)(st->wstate[o.victim] == CACP_WAY_VALID);
      in->old_meta = in->replaced ? st->meta[o.victim] : 0;
      in->clean_only = 0;
      if (pick(&st->rng, 10) == 0) in->req = 0; /* a lost reservation's fill */
      st->apply = 1;
    }
  } else if (r < 65) {
    int w = find_way(st, p, CACP_WAY_VALID);
    if (w >= 0) {
      in->op = CACP_OP_HIT;
      draw_req(st, p, in);
      in->way = (uint8_t)w;
      st->apply = 1;
    }
  } else if (r < 85) {
    int w = find_way(st, p, CACP_WAY_VALID);
    if (w >= 0) {
      in->op = CACP_OP_EVICT;
      in->way = (uint8_t)w;
      in->old_meta = st->meta[w];
      st->apply = 1;
    }
  } else if (r < 95) {
    int w = find_way(st, p, CACP_WAY_RESERVED);
    if (w >= 0) {
      st->wstate[w] = CACP_WAY_VALID; /* a fill: no hook */
      st->wdirty[w] = (uint8_t)(pick(&st->rng, 4) == 0);
    }
  } else {
    int w = find_way(st, p, CACP_WAY_VALID);
    if (w >= 0) st->wdirty[w] = (uint8_t)!st->wdirty[w];
  }
  st->last = *in;
  if (st->apply) {
    cacp_out o;
    cacp_eval(p, state, in, &o); /* the words the RTL must match at this eval */
    memcpy(st->pend, o.meta, sizeof st->pend);
  }
}

/* The edge: the shadow set takes the op's effect. */
static void stim_edge(void *stim) {
  cacp_stim *st = stim;
  if (!st->apply) return;
  const cacp_in *in = &st->last;
  if (in->op == CACP_OP_INSERT) {
    memcpy(st->meta, st->pend, sizeof st->meta);
    st->wstate[in->way] = pick(&st->rng, 3) == 0 ? CACP_WAY_VALID : CACP_WAY_RESERVED;
    st->wdirty[in->way] = 0;
  } else if (in->op == CACP_OP_HIT) {
    st->meta[in->way] = st->pend[in->way];
    if (in->store) st->wdirty[in->way] = 1;
  } else if (in->op == CACP_OP_EVICT) {
    st->wstate[in->way] = CACP_WAY_INVALID;
    st->wdirty[in->way] = 0;
    st->meta[in->way] = 0;
  }
  st->apply = 0;
}

static void stim_reset(void *stim) {
  cacp_stim *st = stim;
  st->apply = 0;
}

static void describe(const void *stim, char *buf, size_t size) {
  const cacp_stim *st = stim;
  snprintf(buf, size, "shadow set, 4 instruction indices x 6 lines%s",
           st->variant == 1 ? ", arbitrary inputs 8% of cycles" : "");
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  const cacp_params *p = params;
  (void)stim;
  cov_add(c, "victim_invalid", "the victim is an invalid way", true);
  cov_add(c, "victim_rrpv3", "the victim is a valid way at RRPV 3", true);
  cov_add(c, "victim_aging", "the victim is a valid way below RRPV 3 (the partition ages)", true);
  cov_add(c, "victim_none", "no way of the partition may be replaced", true);
  cov_add(c, "clean_only_skip", "clean_only passes over a dirty valid way", true);
  cov_add(c, "insert_critical", "a line goes to the critical partition", true);
  cov_add(c, "insert_noncritical", "a line goes to the non-critical partition", true);
  cov_add(c, "insert_distant", "SHiP 0: inserted at RRPV 3", true);
  cov_add(c, "insert_long", "SHiP > 0: inserted at RRPV 2", true);
  cov_add(c, "insert_no_req", "an insertion without a request (signature 0)", true);
  cov_add(c, "age_saturates", "aging reaches RRPV 3 with some to spare", true);
  cov_add(c, "hit_crit_load", "a critical load hits", true);
  cov_add(c, "hit_noncrit_load", "a non-critical load hits", true);
  cov_add(c, "hit_store", "a store hits (flags only)", true);
  cov_add(c, "hit_other", "an access that is neither load nor store hits (promotion only)", true);
  cov_add(c, "ccbp_sat_hi", "CCBP stays at 3 on a critical load hit", true);
  cov_add(c, "ship_sat_hi", "SHiP stays at 3 on a load hit", true);
  cov_add(c, "evict_wrong_crit", "a critical-way line reused by non-critical requests only is evicted",
          true);
  cov_add(c, "evict_dead", "a line never reused is evicted", true);
  cov_add(c, "evict_reused", "a line reused by a critical request is evicted (no training)", true);
  cov_add(c, "ccbp_sat_lo", "CCBP stays at 0 on a wrong-critical eviction", true);
  cov_add(c, "ship_sat_lo", "SHiP stays at 0 on a dead eviction", true);
  cov_add(c, "last_way", "an op on the last way", p->ways > 1);
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  const cacp_params *p = params;
  const cacp_state *s0 = s0v;
  const cacp_in *in = inv;
  const cacp_out *o = outv;
  (void)s1v;
  if ((in->op == CACP_OP_HIT || in->op == CACP_OP_EVICT || in->op == CACP_OP_INSERT) &&
      in->way == p->ways - 1) {
    cov_hit(c, "last_way");
  }
  if (in->op == CACP_OP_VICTIM) {
    unsigned lo = o->part_crit ? 0 : p->cways, hi = o->part_crit ? p->cways : p->ways;
    if (!o->victim_valid) {
      cov_hit(c, "victim_none");
    } else if (in->wstate[o->victim] == CACP_WAY_INVALID) {
      cov_hit(c, "victim_invalid");
    } else if (CACP_META_RRPV(in->meta[o->victim]) == 3) {
      cov_hit(c, "victim_rrpv3");
    } else {
      cov_hit(c, "victim_aging");
    }
    for (unsigned w = lo; w < hi && in->clean_only; w++) {
      if (in->wstate[w] == CACP_WAY_VALID && in->wdirty[w]) cov_hit(c, "clean_only_skip");
    }
  } else if (in->op == CACP_OP_INSERT && in->way < p->ways) {
    cov_hit(c, o->part_crit ? "insert_critical" : "insert_noncritical");
    cov_hit(c, CACP_META_RRPV(o->meta[in->way]) == 3 ? "insert_distant" : "insert_long");
    if (!in->req) cov_hit(c, "insert_no_req");
    unsigned age = in->replaced ? 3u - CACP_META_RRPV(in->old_meta) : 0u;
    for (unsigned w = 0; w < p->ways; w++) {
      if (w != in->way && in->wstate[w] == CACP_WAY_VALID && age > 0 &&
          ((o->part_crit && w < p->cways) || (!o->part_crit && w >= p->cways)) &&
          CACP_META_RRPV(in->meta[w]) + age > 3) {
        cov_hit(c, "age_saturates");
      }
    }
  } else if (in->op == CACP_OP_HIT && in->way < p->ways) {
    uint8_t sig = CACP_META_SIG(in->meta[in->way]);
    if (in->load) {
      cov_hit(c, in->crit ? "hit_crit_load" : "hit_noncrit_load");
      if (in->crit && s0->ccbp[sig] == 3) cov_hit(c, "ccbp_sat_hi");
      if (s0->ship[sig] == 3) cov_hit(c, "ship_sat_hi");
    } else if (in->store) {
      cov_hit(c, "hit_store");
    } else {
      cov_hit(c, "hit_other");
    }
  } else if (in->op == CACP_OP_EVICT && in->way < p->ways) {
    uint16_t m = in->old_meta;
    uint8_t sig = CACP_META_SIG(m);
    if (!CACP_META_CREUSE(m) && CACP_META_NCREUSE(m) && in->way < p->cways) {
      cov_hit(c, "evict_wrong_crit");
      if (s0->ccbp[sig] == 0) cov_hit(c, "ccbp_sat_lo");
    } else if (!CACP_META_CREUSE(m) && !CACP_META_NCREUSE(m)) {
      cov_hit(c, "evict_dead");
      if (s0->ship[sig] == 0) cov_hit(c, "ship_sat_lo");
    } else if (CACP_META_CREUSE(m)) {
      cov_hit(c, "evict_reused");
    }
  }
}

const ut_unit ut_unit_cacp = {
    .name = "cacp",
    .vectors = ut_vectors_cacp,
    .ctests = NULL,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(cacp_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = stim_edge,
            .stim_reset = stim_reset,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
