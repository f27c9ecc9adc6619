/* CACP, criticality-aware cache prioritization (CAWA): see cacp.h. */
#include "units/cacp/cacp.h"

#include <string.h>

#include "units/unit_util.h"

void cacp_reset(const cacp_params *p, cacp_state *s) {
  (void)p;
  memset(s->ccbp, 0, sizeof s->ccbp);
  memset(s->ship, 1, sizeof s->ship);
}

void cacp_eval(const cacp_params *p, const cacp_state *s, const cacp_in *in, cacp_out *out) {
  const unsigned nw = p->ways;
  memset(out, 0, sizeof *out);
  const uint8_t sig = in->req ? (uint8_t)(in->pc ^ (uint8_t)(in->addr >> p->sig_shift)) : 0;
  out->sig = sig;
  out->part_crit = (uint8_t)(in->req && s->ccbp[sig] > p->thr);
  const unsigned lo = out->part_crit ? 0u : p->cways;
  const unsigned hi = out->part_crit ? p->cways : nw;

  /* the victim: first invalid way, else the lowest valid way with the largest RRPV */
  int inv = -1, best = -1;
  unsigned best_rr = 0;
  for (unsigned w = lo; w < hi; w++) {
    if (in->wstate[w] == CACP_WAY_INVALID) {
      if (inv < 0) {
        inv = (int)w;
      }
    } else if (in->wstate[w] == CACP_WAY_VALID && !(in->clean_only && in->wdirty[w])) {
      unsigned rr = CACP_META_RRPV(in->meta[w]);
      if (best < 0 || rr > best_rr) {
        best = (int)w;
        best_rr = rr;
      }
    }
  }
  out->victim_valid = (uint8_t)(inv >= 0 || best >= 0);
  out->victim = (uint8_t)(inv >= 0 ? inv : best >= 0 ? best : 0);

  memcpy(out->meta, in->meta, nw * sizeof in->meta[0]);
  const unsigned way = in->way < nw ? in->way : 0;
  if (in->op == CACP_OP_INSERT) {
    unsigned age = in->replaced ? 3u - CACP_META_RRPV(in->old_meta) : 0u;
    for (unsigned w = lo; w < hi; w++) {
      if (w != way && in->wstate[w] == CACP_WAY_VALID) {
        unsigned rr = CACP_META_RRPV(in->meta[w]) + age;
        out->meta[w] = (uint16_t)((in->meta[w] & 0x3FFu) | (rr > 3 ? 3u : rr) << 10);
      }
    }
    out->meta[way] = cacp_meta(sig, 0, 0, s->ship[sig] == 0 ? 3u : 2u);
  } else if (in->op == CACP_OP_HIT) {
    uint16_t m = in->meta[way];
    uint32_t cr = CACP_META_CREUSE(m), ncr = CACP_META_NCREUSE(m);
    if (in->load || in->store) {
      cr |= in->crit;
      ncr |= !in->crit;
    }
    out->meta[way] = cacp_meta(CACP_META_SIG(m), cr, ncr, 0);
  }
}

static void sat_inc(uint8_t *c) { *c = (uint8_t)(*c < 3 ? *c + 1 : 3); }
static void sat_dec(uint8_t *c) { *c = (uint8_t)(*c > 0 ? *c - 1 : 0); }

void cacp_tick(const cacp_params *p, cacp_state *s, const cacp_in *in, const cacp_out *out) {
  (void)out;
  const unsigned way = in->way < p->ways ? in->way : 0;
  if (in->op == CACP_OP_HIT && in->load) {
    uint8_t sig = CACP_META_SIG(in->meta[way]);
    if (in->crit) {
      sat_inc(&s->ccbp[sig]);
    }
    sat_inc(&s->ship[sig]);
  } else if (in->op == CACP_OP_EVICT) {
    uint16_t m = in->old_meta;
    uint8_t sig = CACP_META_SIG(m);
    if (!CACP_META_CREUSE(m) && CACP_META_NCREUSE(m) && way < p->cways) {
      sat_dec(&s->ccbp[sig]);
    } else if (!CACP_META_CREUSE(m) && !CACP_META_NCREUSE(m)) {
      sat_dec(&s->ship[sig]);
    }
  }
}

static void layout(const void *params, st_ulayout *l) {
  const cacp_params *p = params;
  unsigned ww = st_u_idx_bits(p->ways);
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, cacp_in, op, 3);
  ST_USCALAR(l->in, l->n_in, cacp_in, req, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, pc, 8);
  ST_USCALAR(l->in, l->n_in, cacp_in, addr, 16);
  ST_USCALAR(l->in, l->n_in, cacp_in, crit, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, load, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, store, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, clean_only, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, way, ww);
  ST_USCALAR(l->in, l->n_in, cacp_in, replaced, 1);
  ST_USCALAR(l->in, l->n_in, cacp_in, old_meta, 12);
  ST_UFIELD(l->in, l->n_in, cacp_in, wstate, 2, p->ways);
  ST_UFIELD(l->in, l->n_in, cacp_in, wdirty, 1, p->ways);
  ST_UFIELD(l->in, l->n_in, cacp_in, meta, 12, p->ways);
  ST_USCALAR(l->out, l->n_out, cacp_out, sig, 8);
  ST_USCALAR(l->out, l->n_out, cacp_out, part_crit, 1);
  ST_USCALAR(l->out, l->n_out, cacp_out, victim_valid, 1);
  ST_USCALAR(l->out, l->n_out, cacp_out, victim, ww);
  ST_UFIELD(l->out, l->n_out, cacp_out, meta, 12, p->ways);
  ST_UFIELD(l->state, l->n_state, cacp_state, ccbp, 2, CACP_ENTRIES);
  ST_UFIELD(l->state, l->n_state, cacp_state, ship, 2, CACP_ENTRIES);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(cacp_params, ways, "WAYS"),
    ST_UPARAM(cacp_params, cways, "CWAYS"),
    ST_UPARAM(cacp_params, thr, "THR"),
    ST_UPARAM(cacp_params, sig_shift, "SIG_SHIFT"),
};

static void config_params(const st_config *cfg, void *params) {
  cacp_params *p = params;
  memset(p, 0, sizeof *p);
  int64_t ways = cfg->l1d.ways;
  p->ways = (uint8_t)(ways < 2 ? 2 : ways > (int64_t)CACP_MAX_WAYS ? CACP_MAX_WAYS : ways);
  int64_t cw = cfg->l1d.cacp_critical_ways;
  p->cways = (uint8_t)(cw < 1 ? 1 : cw >= p->ways ? p->ways - 1 : cw);
  p->thr = (uint8_t)cfg->l1d.cacp_ccbp_threshold;
  unsigned shift = 0;
  if (cfg->l1d.cacp_signature != ST_CACP_SIG_BYTE) {
    while ((INT64_C(1) << shift) < cfg->l1d.line && shift < 8) {
      shift++;
    }
  }
  p->sig_shift = (uint8_t)shift;
}

ST_UNIT_DESC(cacp);
