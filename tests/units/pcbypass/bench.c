/* The random bench of pcbypass (PC-based adaptive bypassing): the hooks' calls as the cache
 * makes them, with evictions of lines whose reuse depends on their PC (PC 0 never reused,
 * PC 1 always, PC 3 alternating every 4096 cycles) and hits that lower the counters. Variant 1
 * also drives arbitrary inputs now and then. The coverage bins every run must hit are listed
 * in docs/units/pcbypass.md. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/pcbypass/pcbypass.h"
#include "world.h"

extern const bv_vector ut_vectors_pcbypass[];

typedef struct pcb_stim {
  uint64_t rng;
  uint64_t cycles;
  unsigned variant;
} pcb_stim;

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  pcb_stim *st = stim;
  (void)params;
  st->rng = seed ^ 0x9b05688c2b3e6c1full;
  st->variant = variant;
}

static unsigned reuse8(unsigned pc, uint64_t cycles) {
  if (pc == 3) return (cycles >> 12) & 1 ? 8 : 0;
  return pc == 0 ? 0 : pc == 1 ? 8 : (pc * 5u) % 9u;
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  pcb_stim *st = stim;
  const pcbypass_params *p = params;
  pcbypass_in *in = vin;
  (void)state;
  (void)out0;
  const unsigned n = 1u << p->pc_bits, mask = n - 1u;
  uint64_t r = world_rand(&st->rng);
  st->cycles++;
  unsigned pick = (unsigned)(r % 100);
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
  if (pick < 35) {
    in->load = (uint8_t)(pick < 30);
    in->op = (uint8_t)(pick < 10 ? L1DPC_OP_BYPASS : L1DPC_OP_INSERT);
  } else if (pick < 75) {
    unsigned e = (unsigned)((r >> 20) % (n < 4 ? n : 4));
    unsigned reuse = (unsigned)((r >> 40) % 8) < reuse8(e, st->cycles);
    in->op = L1DPC_OP_EVICT;
    in->meta = L1DPC_WORD(p->pc_bits, reuse, e);
  } else {
    in->op = (uint8_t)(pick < 90 ? L1DPC_OP_HIT : L1DPC_OP_MERGE);
    in->load = 1;
    unsigned e = (unsigned)((r >> 20) % (n < 4 ? n : 4));
    if (e == 0 || (e == 3 && !((st->cycles >> 12) & 1))) e = 2; /* dead PCs are not hit */
    in->meta = L1DPC_WORD(p->pc_bits, (r >> 30) & 1, e & mask);
  }
}

static void describe(const void *stim, char *buf, size_t size) {
  const pcb_stim *st = stim;
  snprintf(buf, size, "hook calls, per-PC reuse 0..1, one PC alternating%s",
           st->variant == 1 ? ", arbitrary inputs 8% of cycles" : "");
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  (void)params;
  (void)stim;
  cov_add(c, "bypass_saturated", "a load miss of a saturated PC is bypassed", true);
  cov_add(c, "no_bypass", "a load miss of an unsaturated PC is not", true);
  cov_add(c, "store_not_bypassed", "a store's miss of a saturated PC is not bypassed", true);
  cov_add(c, "cnt_up", "a dead line's eviction raises its PC's counter", true);
  cov_add(c, "cnt_sat_hi", "a dead line's eviction at the saturated counter", true);
  cov_add(c, "cnt_down", "a hit lowers the hit line's PC's counter", true);
  cov_add(c, "cnt_sat_lo", "a hit at counter 0", true);
  cov_add(c, "leaves_saturation", "a hit takes a saturated counter down", true);
  cov_add(c, "merge_no_change", "an MSHR merge sets reuse, no counter moves", true);
  cov_add(c, "evict_reused", "a reused line's eviction moves nothing", true);
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  const pcbypass_params *p = params;
  const pcbypass_state *s0 = s0v;
  const pcbypass_in *in = inv;
  const pcbypass_out *o = outv;
  (void)s1v;
  const unsigned pcb = p->pc_bits, mask = (1u << pcb) - 1u, cmax = (1u << p->cnt_w) - 1u;
  const unsigned pc = in->pc & mask, e = in->meta & mask, reuse = (in->meta >> pcb) & 1u;
  if (in->op == L1DPC_OP_BYPASS || in->op == L1DPC_OP_INSERT) {
    if (in->load && o->bypass) cov_hit(c, "bypass_saturated");
    if (in->load && !o->bypass) cov_hit(c, "no_bypass");
    if (!in->load && s0->cnt[pc] == cmax) cov_hit(c, "store_not_bypassed");
  }
  if (in->op == L1DPC_OP_EVICT) {
    if (reuse) cov_hit(c, "evict_reused");
    else cov_hit(c, s0->cnt[e] == cmax ? "cnt_sat_hi" : "cnt_up");
  }
  if (in->op == L1DPC_OP_HIT) {
    cov_hit(c, s0->cnt[e] == 0 ? "cnt_sat_lo" : "cnt_down");
    if (s0->cnt[e] == cmax) cov_hit(c, "leaves_saturation");
  }
  if (in->op == L1DPC_OP_MERGE && !reuse) cov_hit(c, "merge_no_change");
}

const ut_unit ut_unit_pcbypass = {
    .name = "pcbypass",
    .vectors = ut_vectors_pcbypass,
    .ctests = NULL,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(pcb_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = NULL,
            .stim_reset = NULL,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
