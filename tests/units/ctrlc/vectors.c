/* Directed vectors of ctrlc, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.4.1-1.4.3
 * (Algorithms 11 and 12, Table 5.2) and §7 D (each vector names the part it follows) and, where
 * the spec leaves a detail to the unit, from the unit's header contract
 * (cmodel/src/units/ctrlc/ctrlc.h). No expected value was taken from a model's output.
 *
 * They run on the C model (unit/model/ctrlc) and on the Verilated RTL in lock-step with it
 * (cosim/ctrlc). Parameter sets (verif/units/ctrlc/builds.cmake): "small" PC_BITS=3
 * AGG_MAX=3 CNT_W=4 THR_HI=400 THR_LO=100, "thr" PC_BITS=2 AGG_MAX=3 CNT_W=4 THR_HI=250
 * THR_LO=125, and gtx480's Table 5.2 set PC_BITS=7 AGG_MAX=7 CNT_W=10 THR_HI=400 THR_LO=100. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/ctrlc/ctrlc.h"

static const ctrlc_params table52 = {7, 7, 10, 400, 100};

/* One eviction of a line inserted by PC e, reused or not. */
static void evict(bv_unit *u, unsigned pc_bits, unsigned e, unsigned reuse) {
  ctrlc_in in;
  memset(&in, 0, sizeof in);
  in.op = L1DPC_OP_EVICT;
  in.meta = L1DPC_WORD(pc_bits, reuse, e);
  bv_step(u, &in);
}

static unsigned agg(bv_unit *u, unsigned e) { return ((const ctrlc_state *)bv_state(u))->agg[e]; }

/* §7 D (test 5): a PC whose lines are never reused climbs AGG 0 -> 7 with sampling periods of
 * 1024, 512, ..., 16 evictions (1024 >> AGG), each ending exactly at its last eviction, and
 * stays at 7 (saturation; period 8). Table 5.2's parameters. */
static void vec_ctrlc_climb(bv_env *e) {
  bv_unit *u = bv_open(e, &ctrlc_desc, &table52);
  if (u == NULL) return;
  for (unsigned a = 0; a < 7; a++) {
    unsigned period = 1024u >> a;
    for (unsigned k = 0; k + 1 < period; k++) evict(u, 7, 5, 0);
    BV_EQ(e, agg(u, 5), a); /* one eviction before the end of the period */
    BV_EQ(e, ((const ctrlc_state *)bv_state(u))->insert[5], period - 1);
    BV_EQ(e, ((const ctrlc_state *)bv_state(u))->zero[5], period - 1);
    evict(u, 7, 5, 0);
    BV_EQ(e, agg(u, 5), a + 1);
    BV_EQ(e, ((const ctrlc_state *)bv_state(u))->insert[5], 0);
  }
  for (unsigned k = 0; k < 3 * 8; k++) evict(u, 7, 5, 0);
  BV_EQ(e, agg(u, 5), 7);
  BV_EQ(e, agg(u, 4), 0); /* other controllers untouched */
  /* every line reused: AGG falls one step per period, 8, 16, ..., back to 0, and stays */
  for (unsigned a = 7; a > 0; a--) {
    unsigned period = 1024u >> a;
    for (unsigned k = 0; k < period; k++) evict(u, 7, 5, 1);
    BV_EQ(e, agg(u, 5), a - 1);
  }
  for (unsigned k = 0; k < 2048; k++) evict(u, 7, 5, 1);
  BV_EQ(e, agg(u, 5), 0);
}

/* Alg. 12's integer tests at the default thresholds (0.4, 0.1): at AGG 0 (period 1024) 409
 * zero-reuse evictions (0.3994) hold AGG, 410 (0.4004) raise it; at AGG 1 (period 512) 52
 * (0.1016) hold it, 51 (0.0996) lower it. */
static void vec_ctrlc_default_thresholds(bv_env *e) {
  bv_unit *u = bv_open(e, &ctrlc_desc, &table52);
  if (u == NULL) return;
  static const struct { unsigned from, zero, period, to; } cases[] = {
      {0, 409, 1024, 0}, {0, 410, 1024, 1}, {1, 52, 512, 1}, {1, 51, 512, 0}};
  for (unsigned c = 0; c < BV_N_OF(cases); c++) {
    BV_EQ(e, agg(u, 9), cases[c].from);
    for (unsigned k = 0; k < cases[c].period; k++) evict(u, 7, 9, k >= cases[c].zero);
    BV_EQ(e, agg(u, 9), cases[c].to);
  }
}

/* Both thresholds exactly: with THR_HI 0.25 and THR_LO 0.125 over 16 evictions, 4 zero-reuse
 * evictions (= 0.25) hold AGG, 5 raise it; at AGG 1 (period 8) 1 (= 0.125) holds, 0 lowers.
 * Saturation at 0: a period below the low threshold at AGG 0 leaves 0. (set "thr") */
static void vec_ctrlc_exact_thresholds(bv_env *e) {
  bv_unit *u = bv_open_set(e, &ctrlc_desc, "thr", NULL);
  if (u == NULL) return;
  for (unsigned k = 0; k < 16; k++) evict(u, 2, 1, k >= 2);
  BV_EQ(e, agg(u, 1), 0); /* 2/16 = 0.125: not below THR_LO; saturation not reached */
  for (unsigned k = 0; k < 16; k++) evict(u, 2, 1, 1);
  BV_EQ(e, agg(u, 1), 0); /* 0/16: down, saturated at 0 */
  for (unsigned k = 0; k < 16; k++) evict(u, 2, 1, k >= 4);
  BV_EQ(e, agg(u, 1), 0); /* 4/16 = 0.25: not above */
  for (unsigned k = 0; k < 16; k++) evict(u, 2, 1, k >= 5);
  BV_EQ(e, agg(u, 1), 1); /* 5/16 */
  for (unsigned k = 0; k < 8; k++) evict(u, 2, 1, k >= 1);
  BV_EQ(e, agg(u, 1), 1); /* 1/8 = 0.125: held */
  for (unsigned k = 0; k < 8; k++) evict(u, 2, 1, 1);
  BV_EQ(e, agg(u, 1), 0); /* 0/8 */
}

/* Alg. 11: at AGG a, a PC's misses go 2^a - 1 bypasses, then one insertion (which clears
 * BYP), counted across all requests with that PC; other PCs are independent; only loads. The
 * line's word: {0, pc} at insertion, the reuse bit set by a hit or an MSHR merge. (small) */
static void vec_ctrlc_bypass_pattern(bv_env *e) {
  bv_unit *u = bv_open_set(e, &ctrlc_desc, "small", NULL);
  if (u == NULL) return;
  /* AGG of PC 6 to 2: two periods of zero-reuse evictions (16, then 8) */
  for (unsigned k = 0; k < 24; k++) evict(u, 3, 6, 0);
  BV_EQ(e, agg(u, 6), 2);
  ctrlc_in in;
  memset(&in, 0, sizeof in);
  in.pc = 6;
  in.load = 1;
  for (int round = 0; round < 2; round++) {
    for (unsigned k = 0; k < 3; k++) {
      in.op = L1DPC_OP_BYPASS;
      const ctrlc_out *o = bv_eval(u, &in);
      BV_EQ(e, o->bypass, 1);
      in.op = L1DPC_OP_BYPASSED;
      bv_step(u, &in);
    }
    in.op = L1DPC_OP_BYPASS;
    BV_EQ(e, ((const ctrlc_out *)bv_eval(u, &in))->bypass, 0);
    in.op = L1DPC_OP_INSERT;
    unsigned im = ((const ctrlc_out *)bv_step(u, &in))->meta;
    BV_EQ(e, im, 6u);
    BV_EQ(e, ((const ctrlc_state *)bv_state(u))->byp[6], 0);
  }
  /* a store (not a load) is never bypassed; PC 5 at AGG 0 never either */
  in.op = L1DPC_OP_BYPASS;
  in.load = 0;
  BV_EQ(e, ((const ctrlc_out *)bv_eval(u, &in))->bypass, 0);
  in.load = 1;
  in.pc = 5;
  BV_EQ(e, ((const ctrlc_out *)bv_eval(u, &in))->bypass, 0);
  /* hit and merge set the reuse bit, keep ins_pc */
  in.op = L1DPC_OP_HIT;
  in.meta = L1DPC_WORD(3, 0, 2);
  unsigned m = ((const ctrlc_out *)bv_step(u, &in))->meta;
  BV_EQ(e, m, L1DPC_WORD(3, 1, 2));
  in.op = L1DPC_OP_MERGE;
  m = ((const ctrlc_out *)bv_step(u, &in))->meta;
  BV_EQ(e, m, L1DPC_WORD(3, 1, 2));
  /* an insertion that is not a load's (a write-validate) leaves BYP alone */
  in.pc = 6;
  in.op = L1DPC_OP_BYPASSED;
  bv_step(u, &in);
  in.op = L1DPC_OP_INSERT;
  in.load = 0;
  bv_step(u, &in);
  BV_EQ(e, ((const ctrlc_state *)bv_state(u))->byp[6], 1);
}

/* §1.4.1: the thrashing pattern (a0..ak)^N with k > associativity in one 4-way LRU set: every
 * access misses and every line is evicted unused (LRU alone never hits), so the loads' PC
 * leaves AGG 0 after its first period; bypassing then keeps lines long enough to be hit, and
 * once evicted lines show reuse the loop stops raising AGG. The vector asserts AGG rose and
 * that hits and bypasses both go on to the end.
 * The set is modelled here in the vector (LRU, 4 ways), the unit decides. (small) */
static void vec_ctrlc_thrashing(bv_env *e) {
  bv_unit *u = bv_open_set(e, &ctrlc_desc, "small", NULL);
  if (u == NULL) return;
  uint32_t line[4] = {0}, stamp[4] = {0};
  uint16_t word[4] = {0};
  uint8_t valid[4] = {0};
  uint32_t t = 0, hits_late = 0, bypasses_late = 0, agg_top = 0;
  const unsigned k = 6; /* lines a0..a5 > 4 ways */
  for (unsigned n = 0; n < 60; n++) {
    for (unsigned a = 0; a < k; a++) {
      ctrlc_in in;
      memset(&in, 0, sizeof in);
      in.pc = 2;
      in.load = 1;
      int hit = -1;
      for (int w = 0; w < 4; w++) if (valid[w] && line[w] == a) hit = w;
      if (hit >= 0) {
        in.op = L1DPC_OP_HIT;
        in.meta = word[hit];
        word[hit] = ((const ctrlc_out *)bv_step(u, &in))->meta;
        stamp[hit] = ++t;
        hits_late += n >= 40;
        continue;
      }
      in.op = L1DPC_OP_BYPASS;
      if (((const ctrlc_out *)bv_eval(u, &in))->bypass) {
        in.op = L1DPC_OP_BYPASSED;
        bv_step(u, &in);
        bypasses_late += n >= 40;
        continue;
      }
      int v = 0;
      for (int w = 0; w < 4; w++) {
        if (!valid[w]) { v = w; break; }
        if (stamp[w] < stamp[v]) v = w;
      }
      if (valid[v]) {
        ctrlc_in ev;
        memset(&ev, 0, sizeof ev);
        ev.op = L1DPC_OP_EVICT;
        ev.meta = word[v];
        bv_step(u, &ev);
      }
      in.op = L1DPC_OP_INSERT;
      word[v] = ((const ctrlc_out *)bv_step(u, &in))->meta;
      line[v] = a;
      valid[v] = 1;
      stamp[v] = ++t;
    }
    agg_top = agg(u, 2) > agg_top ? agg(u, 2) : agg_top;
  }
  BV_CHECK(e, agg_top >= 1, "thrashing: AGG never left 0"); /* the first 16 evictions are dead */
  BV_CHECK(e, bypasses_late > 0 && hits_late > 0,
           "thrashing: %u bypasses and %u hits in the last 20 rounds", bypasses_late, hits_late);
}

const bv_vector ut_vectors_ctrlc[] = {
    {"ctrlc_climb", vec_ctrlc_climb},
    {"ctrlc_default_thresholds", vec_ctrlc_default_thresholds},
    {"ctrlc_exact_thresholds", vec_ctrlc_exact_thresholds},
    {"ctrlc_bypass_pattern", vec_ctrlc_bypass_pattern},
    {"ctrlc_thrashing", vec_ctrlc_thrashing},
    {NULL, NULL},
};
