/* PC-based adaptive bypassing with SHiP-like confidence counters (Tian et
 * al., GPGPU'15, as the Ctrl-C chapter models it: spec/cawa-ctrlc-heteropdp.md
 * §1.4.4; docs/units/pcbypass.md): one per L1D (rtl/pcbypass.sv), a unit of
 * the L1D policy role; inputs, outputs, the per-line word and the ops:
 * units/l1d_pc.h.
 *
 * 2^PC_BITS counters of CNT_W bits, indexed by PC[PC_BITS-1:0]:
 *   bypass_o = load && CNT[pc] == 2^CNT_W - 1 (saturated: bypass every miss)
 *   meta_o   = INSERT: {0, pc}; HIT, MERGE: meta_i with reuse set; else meta_i
 * At the clock edge: EVICT of a line never reused: CNT[ins_pc] += 1
 * (saturating); HIT: CNT[the line's ins_pc] -= 1 (saturating at 0).
 * Reset: every counter 0. */
#ifndef SIMTREF_UNITS_PCBYPASS_H
#define SIMTREF_UNITS_PCBYPASS_H

#include "units/l1d_pc.h"
#include "units/unit.h"

#define PCBYPASS_MAX_ENTRIES 256u

typedef struct pcbypass_params {
  uint8_t pc_bits; /* PC_BITS: 1..8 (first: units/l1d_pc.h) */
  uint8_t cnt_w;   /* CNT_W: 1..4 */
} pcbypass_params;

typedef struct pcbypass_state {
  uint8_t cnt[PCBYPASS_MAX_ENTRIES]; /* [2^PC_BITS][CNT_W] */
} pcbypass_state;

typedef struct pcbypass_in {
  L1DPC_IN_FIELDS;
} pcbypass_in;

typedef struct pcbypass_out {
  L1DPC_OUT_FIELDS;
} pcbypass_out;

void pcbypass_reset(const pcbypass_params *p, pcbypass_state *s);
void pcbypass_eval(const pcbypass_params *p, const pcbypass_state *s, const pcbypass_in *in,
                   pcbypass_out *out);
void pcbypass_tick(const pcbypass_params *p, pcbypass_state *s, const pcbypass_in *in,
                   const pcbypass_out *out);

extern const st_unit_desc pcbypass_desc;

#endif
