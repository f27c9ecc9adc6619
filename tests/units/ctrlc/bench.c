/* The random bench of ctrlc (Ctrl-C's per-PC bypass controllers): the hooks' calls as the
 * cache makes them. A load miss is answered as the unit decides (bypassed, or inserted);
 * evictions return lines of PCs with different reuse (PC 0 never reused, PC 1 always, the
 * others in between) so that controllers climb to AGG_MAX, fall back to 0 and sit between;
 * hits, MSHR merges and stores' insertions now and then. Variant 1 also drives arbitrary
 * inputs now and then (the unit's outputs are defined for every input). The coverage bins
 * every run must hit are listed in docs/units/ctrlc.md. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/ctrlc/ctrlc.h"
#include "world.h"

extern const bv_vector ut_vectors_ctrlc[];

typedef struct ctrlc_stim {
  uint64_t rng;
  uint64_t cycles;
  unsigned variant;
} ctrlc_stim;

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  ctrlc_stim *st = stim;
  (void)params;
  st->rng = seed ^ 0x510e527fade682d1ull;
  st->variant = variant;
}

/* A PC's chance (in 8ths) that its line was reused when it is evicted: PC 2 sits between the
 * thresholds (a zero-reuse fraction of 0.25 on average); PC 3 alternates between never and
 * always every 16384 cycles, so that a controller climbs and falls again. */
static unsigned reuse8(unsigned pc, uint64_t cycles) {
  if (pc == 3) return (cycles >> 14) & 1 ? 8 : 0;
  if (pc == 2) return 6;
  return pc == 0 ? 0 : pc == 1 ? 8 : (pc * 5u) % 9u;
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  ctrlc_stim *st = stim;
  const ctrlc_params *p = params;
  const ctrlc_state *s = state;
  ctrlc_in *in = vin;
  (void)out0;
  const unsigned n = 1u << p->pc_bits, mask = n - 1u;
  uint64_t r = world_rand(&st->rng);
  st->cycles++;
  unsigned pick = (unsigned)(r % 100);
  /* hot PCs: the first four take most of the traffic */
  unsigned pc = (unsigned)((r >> 8) & 3) < 3 ? (unsigned)((r >> 10) % (n < 4 ? n : 4))
                                              : (unsigned)((r >> 12) & mask);
  memset(in, 0, sizeof *in);
  in->pc = (uint8_t)pc;
  if (st->variant == 1 && pick < 8) {
    uint64_t x = world_rand(&st->rng);
    in->op = (uint8_t)(x % 8);
    in->load = (uint8_t)(x >> 3 & 1);
    in->meta = (uint16_t)((x >> 8) & ((1u << (p->pc_bits + 1)) - 1u));
    return;
  }
  if (pick < 40) {
    /* a load misses: bypassed or inserted, as the unit says */
    in->load = 1;
    unsigned agg = s->agg[pc], byp = s->byp[pc];
    bool bypass = byp < (1u << agg) - 1u;
    in->op = (uint8_t)(pick < 5 ? L1DPC_OP_BYPASS : bypass ? L1DPC_OP_BYPASSED : L1DPC_OP_INSERT);
    if (pick >= 37) {
      in->load = 0; /* a store's question or insertion */
      in->op = (uint8_t)(pick < 39 ? L1DPC_OP_BYPASS : L1DPC_OP_INSERT);
    }
  } else if (pick < 85) {
    unsigned e = (unsigned)((r >> 20) % (n < 4 ? n : 4));
    if (((r >> 24) & 7) == 0) e = (unsigned)((r >> 28) & mask);
    unsigned reuse = (unsigned)((r >> 40) % 8) < reuse8(e, st->cycles);
    in->op = L1DPC_OP_EVICT;
    in->meta = L1DPC_WORD(p->pc_bits, reuse, e);
  } else {
    in->op = (uint8_t)(pick < 95 ? L1DPC_OP_HIT : L1DPC_OP_MERGE);
    in->load = (uint8_t)(pick & 1);
    in->meta = L1DPC_WORD(p->pc_bits, (r >> 30) & 1, (r >> 32) & mask);
  }
}

static void describe(const void *stim, char *buf, size_t size) {
  const ctrlc_stim *st = stim;
  snprintf(buf, size, "hook calls, per-PC reuse 0..1, one PC alternating%s",
           st->variant == 1 ? ", arbitrary inputs 8% of cycles" : "");
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "bypass_taken", "a load miss is bypassed (BYP < 2^AGG - 1)", true);
  cov_add(c, "no_bypass_agg0", "a load miss at AGG 0 is inserted", true);
  cov_add(c, "insert_after_bypasses", "a load's insertion clears a BYP of 2^AGG - 1 > 0", true);
  cov_add(c, "store_not_bypassed", "a store's miss is not bypassed though its PC would be", true);
  cov_add(c, "agg_up", "a period ends above the high threshold: AGG rises", true);
  cov_add(c, "agg_down", "a period ends below the low threshold: AGG falls", true);
  cov_add(c, "agg_hold", "a period ends between the thresholds: AGG stays", true);
  cov_add(c, "agg_sat_hi", "a period ends above the high threshold at AGG_MAX", true);
  cov_add(c, "agg_sat_lo", "a period ends below the low threshold at AGG 0", true);
  cov_add(c, "period_short", "a period ends at AGG_MAX (2^CNT_W >> AGG_MAX evictions)", true);
  cov_add(c, "evict_zero", "a line never reused is evicted", true);
  cov_add(c, "evict_reused", "a reused line is evicted", true);
  cov_add(c, "hit_sets_reuse", "a hit sets a clear reuse bit", true);
  cov_add(c, "merge_sets_reuse", "an MSHR merge sets a clear reuse bit", true);
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  const ctrlc_params *p = params;
  const ctrlc_state *s0 = s0v, *s1 = s1v;
  const ctrlc_in *in = inv;
  const ctrlc_out *o = outv;
  const unsigned pcb = p->pc_bits, mask = (1u << pcb) - 1u;
  const unsigned pc = in->pc & mask;
  if ((in->op == L1DPC_OP_BYPASS || in->op == L1DPC_OP_BYPASSED) && o->bypass) {
    cov_hit(c, "bypass_taken");
  }
  if (in->op == L1DPC_OP_INSERT && in->load && s0->agg[pc] == 0) cov_hit(c, "no_bypass_agg0");
  if (in->op == L1DPC_OP_INSERT && in->load && s0->byp[pc] > 0 &&
      s0->byp[pc] == (1u << s0->agg[pc]) - 1u) {
    cov_hit(c, "insert_after_bypasses");
  }
  if (!in->load && s0->byp[pc] < (1u << s0->agg[pc]) - 1u && !o->bypass) {
    cov_hit(c, "store_not_bypassed");
  }
  if ((in->op == L1DPC_OP_HIT || in->op == L1DPC_OP_MERGE) && !((in->meta >> pcb) & 1u)) {
    cov_hit(c, in->op == L1DPC_OP_HIT ? "hit_sets_reuse" : "merge_sets_reuse");
  }
  if (in->op != L1DPC_OP_EVICT) return;
  const unsigned e = in->meta & mask, reuse = (in->meta >> pcb) & 1u;
  cov_hit(c, reuse ? "evict_reused" : "evict_zero");
  uint32_t ins = s0->insert[e] + 1u, zero = s0->zero[e] + !reuse;
  if (ins < ((1u << p->cnt_w) >> s0->agg[e])) return;
  bool up = 1000u * zero > (uint32_t)p->thr_hi * ins;
  bool down = !up && 1000u * zero < (uint32_t)p->thr_lo * ins;
  if (s0->agg[e] == p->agg_max) cov_hit(c, "period_short");
  if (up && s0->agg[e] == p->agg_max) cov_hit(c, "agg_sat_hi");
  if (down && s0->agg[e] == 0) cov_hit(c, "agg_sat_lo");
  if (s1->agg[e] > s0->agg[e]) cov_hit(c, "agg_up");
  if (s1->agg[e] < s0->agg[e]) cov_hit(c, "agg_down");
  if (!up && !down) cov_hit(c, "agg_hold");
}

const ut_unit ut_unit_ctrlc = {
    .name = "ctrlc",
    .vectors = ut_vectors_ctrlc,
    .ctests = NULL,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(ctrlc_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = NULL,
            .stim_reset = NULL,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
