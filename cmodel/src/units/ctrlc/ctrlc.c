/* Ctrl-C, control-loop adaptive L1 bypassing: see ctrlc.h. */
#include "units/ctrlc/ctrlc.h"

#include <string.h>

#include "units/unit_util.h"

void ctrlc_reset(const ctrlc_params *p, ctrlc_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void ctrlc_eval(const ctrlc_params *p, const ctrlc_state *s, const ctrlc_in *in, ctrlc_out *out) {
  const unsigned pcb = p->pc_bits;
  const unsigned idx = in->pc & ((1u << pcb) - 1u);
  memset(out, 0, sizeof *out);
  out->bypass = (uint8_t)(in->load && s->byp[idx] < (1u << s->agg[idx]) - 1u);
  out->meta = in->meta;
  if (in->op == L1DPC_OP_INSERT) {
    out->meta = L1DPC_WORD(pcb, 0, idx);
  } else if (in->op == L1DPC_OP_HIT || in->op == L1DPC_OP_MERGE) {
    out->meta = (uint16_t)(in->meta | 1u << pcb);
  }
}

void ctrlc_tick(const ctrlc_params *p, ctrlc_state *s, const ctrlc_in *in, const ctrlc_out *out) {
  (void)out;
  const unsigned pcb = p->pc_bits;
  const unsigned idx = in->pc & ((1u << pcb) - 1u);
  if (in->op == L1DPC_OP_BYPASSED) {
    unsigned bmax = (1u << p->agg_max) - 1u;
    s->byp[idx] = (uint8_t)(s->byp[idx] < bmax ? s->byp[idx] + 1u : bmax);
  } else if (in->op == L1DPC_OP_INSERT && in->load) {
    s->byp[idx] = 0;
  } else if (in->op == L1DPC_OP_EVICT) {
    const unsigned e = in->meta & ((1u << pcb) - 1u);
    const unsigned reuse = (in->meta >> pcb) & 1u;
    const uint32_t ins = (uint32_t)s->insert[e] + 1u;
    const uint32_t zero = (uint32_t)s->zero[e] + (reuse ? 0u : 1u);
    if (ins >= ((1u << p->cnt_w) >> s->agg[e])) {
      if (1000u * zero > (uint32_t)p->thr_hi * ins) {
        s->agg[e] = (uint8_t)(s->agg[e] < p->agg_max ? s->agg[e] + 1u : p->agg_max);
      } else if (1000u * zero < (uint32_t)p->thr_lo * ins) {
        s->agg[e] = (uint8_t)(s->agg[e] > 0 ? s->agg[e] - 1u : 0u);
      }
      s->insert[e] = 0;
      s->zero[e] = 0;
    } else {
      s->insert[e] = (uint16_t)ins;
      s->zero[e] = (uint16_t)zero;
    }
  }
}

static void layout(const void *params, st_ulayout *l) {
  const ctrlc_params *p = params;
  unsigned n = 1u << p->pc_bits;
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, ctrlc_in, op, 3);
  ST_USCALAR(l->in, l->n_in, ctrlc_in, pc, p->pc_bits);
  ST_USCALAR(l->in, l->n_in, ctrlc_in, load, 1);
  ST_USCALAR(l->in, l->n_in, ctrlc_in, meta, p->pc_bits + 1);
  ST_USCALAR(l->out, l->n_out, ctrlc_out, bypass, 1);
  ST_USCALAR(l->out, l->n_out, ctrlc_out, meta, p->pc_bits + 1);
  ST_UFIELD(l->state, l->n_state, ctrlc_state, agg, ctrlc_agg_w(p->agg_max), n);
  ST_UFIELD(l->state, l->n_state, ctrlc_state, byp, p->agg_max, n);
  ST_UFIELD(l->state, l->n_state, ctrlc_state, zero, p->cnt_w, n);
  ST_UFIELD(l->state, l->n_state, ctrlc_state, insert, p->cnt_w, n);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(ctrlc_params, pc_bits, "PC_BITS"),
    ST_UPARAM(ctrlc_params, agg_max, "AGG_MAX"),
    ST_UPARAM(ctrlc_params, cnt_w, "CNT_W"),
    ST_UPARAM(ctrlc_params, thr_hi, "THR_HI"),
    ST_UPARAM(ctrlc_params, thr_lo, "THR_LO"),
};

static void config_params(const st_config *cfg, void *params) {
  ctrlc_params *p = params;
  memset(p, 0, sizeof *p);
  p->pc_bits = (uint8_t)cfg->l1d.ctrlc_pc_bits;
  p->agg_max = (uint8_t)cfg->l1d.ctrlc_agg_max;
  unsigned w = 0;
  while ((INT64_C(1) << w) < cfg->l1d.ctrlc_period && w < 12) {
    w++;
  }
  p->cnt_w = (uint8_t)w;
  p->thr_hi = (uint16_t)cfg->l1d.ctrlc_thr_high;
  p->thr_lo = (uint16_t)cfg->l1d.ctrlc_thr_low;
}

ST_UNIT_DESC(ctrlc);
