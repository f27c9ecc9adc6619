/* PC-based adaptive bypassing: see pcbypass.h. */
#include "units/pcbypass/pcbypass.h"

#include <string.h>

#include "units/unit_util.h"

void pcbypass_reset(const pcbypass_params *p, pcbypass_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void pcbypass_eval(const pcbypass_params *p, const pcbypass_state *s, const pcbypass_in *in,
                   pcbypass_out *out) {
  const unsigned pcb = p->pc_bits;
  const unsigned idx = in->pc & ((1u << pcb) - 1u);
  memset(out, 0, sizeof *out);
  out->bypass = (uint8_t)(in->load && s->cnt[idx] == (1u << p->cnt_w) - 1u);
  out->meta = in->meta;
  if (in->op == L1DPC_OP_INSERT) {
    out->meta = L1DPC_WORD(pcb, 0, idx);
  } else if (in->op == L1DPC_OP_HIT || in->op == L1DPC_OP_MERGE) {
    out->meta = (uint16_t)(in->meta | 1u << pcb);
  }
}

void pcbypass_tick(const pcbypass_params *p, pcbypass_state *s, const pcbypass_in *in,
                   const pcbypass_out *out) {
  (void)out;
  const unsigned pcb = p->pc_bits;
  const unsigned e = in->meta & ((1u << pcb) - 1u);
  const unsigned cmax = (1u << p->cnt_w) - 1u;
  if (in->op == L1DPC_OP_EVICT && !((in->meta >> pcb) & 1u)) {
    s->cnt[e] = (uint8_t)(s->cnt[e] < cmax ? s->cnt[e] + 1u : cmax);
  } else if (in->op == L1DPC_OP_HIT) {
    s->cnt[e] = (uint8_t)(s->cnt[e] > 0 ? s->cnt[e] - 1u : 0u);
  }
}

static void layout(const void *params, st_ulayout *l) {
  const pcbypass_params *p = params;
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, pcbypass_in, op, 3);
  ST_USCALAR(l->in, l->n_in, pcbypass_in, pc, p->pc_bits);
  ST_USCALAR(l->in, l->n_in, pcbypass_in, load, 1);
  ST_USCALAR(l->in, l->n_in, pcbypass_in, meta, p->pc_bits + 1);
  ST_USCALAR(l->out, l->n_out, pcbypass_out, bypass, 1);
  ST_USCALAR(l->out, l->n_out, pcbypass_out, meta, p->pc_bits + 1);
  ST_UFIELD(l->state, l->n_state, pcbypass_state, cnt, p->cnt_w, 1u << p->pc_bits);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(pcbypass_params, pc_bits, "PC_BITS"),
    ST_UPARAM(pcbypass_params, cnt_w, "CNT_W"),
};

static void config_params(const st_config *cfg, void *params) {
  pcbypass_params *p = params;
  memset(p, 0, sizeof *p);
  p->pc_bits = (uint8_t)cfg->l1d.pcb_pc_bits;
  p->cnt_w = (uint8_t)cfg->l1d.pcb_counter_bits;
}

ST_UNIT_DESC(pcbypass);
