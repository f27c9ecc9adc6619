/* Ctrl-C, instruction-aware control-loop adaptive L1 bypassing
 * (spec/cawa-ctrlc-heteropdp.md §1.4.2-1.4.3, Algorithms 11-12, Table 5.2,
 * §7 D; docs/units/ctrlc.md): one per L1D (rtl/ctrlc.sv), a unit of the L1D
 * policy role; inputs, outputs, the per-line word and the ops: units/l1d_pc.h.
 *
 * 2^PC_BITS controllers, indexed by the load's PC[PC_BITS-1:0], each with
 * AGG (AGG_W bits, 0..AGG_MAX), BYP (AGG_MAX bits), ZERO and INSERT (CNT_W
 * bits each; the sampling period at AGG 0 is 2^CNT_W evictions).
 *   bypass_o  = load && BYP[pc] < 2^AGG[pc] - 1                      (Alg. 11)
 *   meta_o    = INSERT: {0, pc}; HIT, MERGE: meta_i with reuse set; else meta_i
 * At the clock edge:
 *   BYPASSED: BYP[pc] += 1;  INSERT by a load: BYP[pc] = 0
 *   EVICT (Alg. 12), e = the word's ins_pc, in CNT_W+1-bit arithmetic:
 *     ins = INSERT[e] + 1; zero = ZERO[e] + !reuse
 *     if ins >= 2^CNT_W >> AGG[e]:   (the end of the sampling period)
 *        if 1000 x zero > THR_HI x ins: AGG[e] = min(AGG[e] + 1, AGG_MAX)
 *        elif 1000 x zero < THR_LO x ins: AGG[e] = max(AGG[e] - 1, 0)
 *        INSERT[e] = ZERO[e] = 0
 *     else INSERT[e] = ins; ZERO[e] = zero
 * With THR_HI 400 and THR_LO 100 the tests are the spec's 5 x zero > 2 x ins
 * and 10 x zero < ins. Reset: every field 0 (insert every miss). */
#ifndef SIMTREF_UNITS_CTRLC_H
#define SIMTREF_UNITS_CTRLC_H

#include "units/l1d_pc.h"
#include "units/unit.h"

#define CTRLC_MAX_ENTRIES 256u

typedef struct ctrlc_params {
  uint8_t pc_bits;  /* PC_BITS: 2^PC_BITS controllers, 1..8 (first: units/l1d_pc.h) */
  uint8_t agg_max;  /* AGG_MAX: 1..7 */
  uint8_t cnt_w;    /* CNT_W: log2 of the sampling period at AGG 0, 4..12 */
  uint16_t thr_hi;  /* THR_HI: per mille, 1..1000 (1000: AGG never rises) */
  uint16_t thr_lo;  /* THR_LO: per mille, 0..THR_HI-1 */
} ctrlc_params;

typedef struct ctrlc_state {
  uint8_t agg[CTRLC_MAX_ENTRIES];     /* [2^PC_BITS][AGG_W] */
  uint8_t byp[CTRLC_MAX_ENTRIES];     /* [2^PC_BITS][AGG_MAX] */
  uint16_t zero[CTRLC_MAX_ENTRIES];   /* [2^PC_BITS][CNT_W] */
  uint16_t insert[CTRLC_MAX_ENTRIES]; /* [2^PC_BITS][CNT_W] */
} ctrlc_state;

typedef struct ctrlc_in {
  L1DPC_IN_FIELDS;
} ctrlc_in;

typedef struct ctrlc_out {
  L1DPC_OUT_FIELDS;
} ctrlc_out;

/* The width of AGG for AGG_MAX. */
static inline unsigned ctrlc_agg_w(unsigned agg_max) { return st_u_idx_bits(agg_max + 1); }

void ctrlc_reset(const ctrlc_params *p, ctrlc_state *s);
void ctrlc_eval(const ctrlc_params *p, const ctrlc_state *s, const ctrlc_in *in, ctrlc_out *out);
void ctrlc_tick(const ctrlc_params *p, ctrlc_state *s, const ctrlc_in *in, const ctrlc_out *out);

extern const st_unit_desc ctrlc_desc;

#endif
