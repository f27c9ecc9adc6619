/* Issue scheduler, loose round robin: see wsched_lrr.h. */
#include "units/wsched_lrr/wsched_lrr.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void wsched_lrr_reset(const wsched_lrr_params *p, wsched_lrr_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void wsched_lrr_eval(const wsched_lrr_params *p, const wsched_lrr_state *s,
                     const wsched_lrr_in *in, wsched_lrr_out *out) {
  unsigned nw = p->n_warps;
  /* Every byte of out is written: the head (padding too) and the keys past
   * the scheduler's warps zeroed, the others below. */
  memset(out, 0, offsetof(wsched_lrr_out, key));
  memset(out->key + nw, 0, (ST_U_MAX_WARPS - nw) * sizeof out->key[0]);
  /* key[j] = st_u_ring_after(j, last, nw) (j itself before any issue), in
   * two straight runs: the warps up to the last one issued wrap around. */
  unsigned last = s->last_valid ? s->last : nw - 1;
  unsigned wrap = last < nw ? last + 1 : nw;
  for (unsigned j = 0; j < wrap; j++) {
    out->key[j] = (uint32_t)(j + nw - last - 1);
  }
  for (unsigned j = wrap; j < nw; j++) {
    out->key[j] = (uint32_t)(j - last - 1);
  }
  /* The argmin of the keys over the ready warps (st_u_argmin) without the
   * scan: the first ready warp from `wrap` up, else from 0. */
  uint64_t ready = st_u_mask_of(in->ready, nw);
  uint64_t after = wrap < 64 ? ready & ~((UINT64_C(1) << wrap) - 1) : 0;
  uint64_t pick = after != 0 ? after : ready;
  out->grant_valid = (uint8_t)(ready != 0);
  out->grant = (uint8_t)(ready != 0 ? __builtin_ctzll(pick) : 0);
}

void wsched_lrr_tick(const wsched_lrr_params *p, wsched_lrr_state *s, const wsched_lrr_in *in,
                     const wsched_lrr_out *out) {
  (void)p;
  (void)in;
  if (out->grant_valid) {
    s->last_valid = 1;
    s->last = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_lrr_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_lrr_in, ready, 1, p->n_warps);
  ST_USCALAR(l->out, l->n_out, wsched_lrr_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_lrr_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_lrr_out, key, iw, p->n_warps);
  ST_USCALAR(l->state, l->n_state, wsched_lrr_state, last_valid, 1);
  ST_USCALAR(l->state, l->n_state, wsched_lrr_state, last, iw);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_lrr_params, n_warps, "NW"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_lrr_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sched(cfg);
}

ST_UNIT_DESC(wsched_lrr);
