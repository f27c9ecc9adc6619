/* Directed vectors of pcbypass, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.4.4 and,
 * where the spec leaves a detail to the unit, from the unit's header contract
 * (cmodel/src/units/pcbypass/pcbypass.h). No expected value was taken from a model's output.
 *
 * They run on the C model (unit/model/pcbypass) and on the Verilated RTL in lock-step with it
 * (cosim/pcbypass). Parameter sets (verif/units/pcbypass/builds.cmake): "small" PC_BITS=3
 * CNT_W=3, "tiny" PC_BITS=2 CNT_W=1. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/pcbypass/pcbypass.h"

static unsigned cnt(bv_unit *u, unsigned pc) {
  return ((const pcbypass_state *)bv_state(u))->cnt[pc];
}

static const pcbypass_out *op(bv_unit *u, uint8_t o, unsigned pc, unsigned load, uint16_t meta) {
  pcbypass_in in;
  memset(&in, 0, sizeof in);
  in.op = o;
  in.pc = (uint8_t)pc;
  in.load = (uint8_t)load;
  in.meta = meta;
  return bv_step(u, &in);
}

/* §1.4.4: each eviction of a never-reused line of PC 4 raises its counter; at 7 (saturated,
 * 3 bits) every load miss of PC 4 bypasses, and the counter stays at 7; a reused line's
 * eviction changes nothing; a hit on a line of PC 4 lowers it, ending the bypassing; at 0 it
 * stays. The line's word: {0, pc} at insertion, reuse set by a hit or a merge. (small) */
static void vec_pcb_saturate(bv_env *e) {
  bv_unit *u = bv_open_set(e, &pcbypass_desc, "small", NULL);
  if (u == NULL) return;
  for (unsigned k = 0; k < 6; k++) op(u, L1DPC_OP_EVICT, 0, 0, L1DPC_WORD(3, 0, 4));
  BV_EQ(e, cnt(u, 4), 6);
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 4, 1, 0)->bypass; BV_EQ(e, v_, 0); } /* 6: not yet */
  op(u, L1DPC_OP_EVICT, 0, 0, L1DPC_WORD(3, 1, 4));    /* reused: no change */
  BV_EQ(e, cnt(u, 4), 6);
  op(u, L1DPC_OP_EVICT, 0, 0, L1DPC_WORD(3, 0, 4));
  BV_EQ(e, cnt(u, 4), 7);
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 4, 1, 0)->bypass; BV_EQ(e, v_, 1); }
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 4, 0, 0)->bypass; BV_EQ(e, v_, 0); } /* a store: never */
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 5, 1, 0)->bypass; BV_EQ(e, v_, 0); } /* another PC */
  op(u, L1DPC_OP_EVICT, 0, 0, L1DPC_WORD(3, 0, 4));
  BV_EQ(e, cnt(u, 4), 7); /* saturated */
  /* an MSHR merge marks reuse but does not lower the counter; a hit does */
  { unsigned v_ = op(u, L1DPC_OP_MERGE, 2, 1, L1DPC_WORD(3, 0, 4))->meta; BV_EQ(e, v_, L1DPC_WORD(3, 1, 4)); }
  BV_EQ(e, cnt(u, 4), 7);
  { unsigned v_ = op(u, L1DPC_OP_HIT, 2, 1, L1DPC_WORD(3, 0, 4))->meta; BV_EQ(e, v_, L1DPC_WORD(3, 1, 4)); }
  BV_EQ(e, cnt(u, 4), 6); /* the hit line's inserting PC, not the requester's */
  BV_EQ(e, cnt(u, 2), 0);
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 4, 1, 0)->bypass; BV_EQ(e, v_, 0); }
  for (unsigned k = 0; k < 8; k++) op(u, L1DPC_OP_HIT, 4, 1, L1DPC_WORD(3, 1, 4));
  BV_EQ(e, cnt(u, 4), 0); /* saturated at 0 */
  { unsigned v_ = op(u, L1DPC_OP_INSERT, 4, 1, 0)->meta; BV_EQ(e, v_, L1DPC_WORD(3, 0, 4)); }
}

/* One-bit counters (tiny): one dead line makes its PC bypass every miss until a hit. */
static void vec_pcb_one_bit(bv_env *e) {
  bv_unit *u = bv_open_set(e, &pcbypass_desc, "tiny", NULL);
  if (u == NULL) return;
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 3, 1, 0)->bypass; BV_EQ(e, v_, 0); }
  op(u, L1DPC_OP_EVICT, 0, 0, L1DPC_WORD(2, 0, 3));
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 3, 1, 0)->bypass; BV_EQ(e, v_, 1); }
  op(u, L1DPC_OP_HIT, 1, 1, L1DPC_WORD(2, 0, 3));
  { unsigned v_ = op(u, L1DPC_OP_BYPASS, 3, 1, 0)->bypass; BV_EQ(e, v_, 0); }
}

const bv_vector ut_vectors_pcbypass[] = {
    {"pcb_saturate", vec_pcb_saturate},
    {"pcb_one_bit", vec_pcb_one_bit},
    {NULL, NULL},
};
