/* Fetch arbiter, round robin: see fetch_rr.h. */
#include "units/fetch_rr/fetch_rr.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

void fetch_rr_reset(const fetch_rr_params *p, fetch_rr_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void fetch_rr_eval(const fetch_rr_params *p, const fetch_rr_state *s, const fetch_rr_in *in,
                   fetch_rr_out *out) {
  unsigned n = p->n_warps;
  memset(out, 0, sizeof *out);
  /* The first eligible warp after ptr: scan ptr+1 .. n-1, then 0 .. ptr. */
  unsigned start = s->ptr + 1u < n ? s->ptr + 1u : 0u;
  for (unsigned i = start; i < n; i++) {
    if (in->eligible[i]) {
      out->grant_valid = 1;
      out->grant = (uint8_t)i;
      return;
    }
  }
  for (unsigned i = 0; i < start; i++) {
    if (in->eligible[i]) {
      out->grant_valid = 1;
      out->grant = (uint8_t)i;
      return;
    }
  }
}

void fetch_rr_tick(const fetch_rr_params *p, fetch_rr_state *s, const fetch_rr_in *in,
                   const fetch_rr_out *out) {
  (void)p;
  (void)in;
  if (out->grant_valid) {
    s->ptr = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const fetch_rr_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, fetch_rr_in, eligible, 1, p->n_warps);
  ST_USCALAR(l->out, l->n_out, fetch_rr_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, fetch_rr_out, grant, iw);
  ST_USCALAR(l->state, l->n_state, fetch_rr_state, ptr, iw);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(fetch_rr_params, n_warps, "NWS"),
};

static void config_params(const st_config *cfg, void *params) {
  fetch_rr_params *p = params;
  memset(p, 0, sizeof *p);
  p->n_warps = (uint8_t)st_u_warps_per_sm(cfg);
}

ST_UNIT_DESC(fetch_rr);
