/* Issue scheduler, two-level: see wsched_tls.h. */
#include "units/wsched_tls/wsched_tls.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

unsigned wsched_tls_key_bits(const wsched_tls_params *p) {
  unsigned a = st_u_idx_bits(p->cap), b = (unsigned)p->age_w + 1;
  return 1 + (a > b ? a : b);
}

void wsched_tls_reset(const wsched_tls_params *p, wsched_tls_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

/* The greedy-then-oldest keys {not greedy, age} of the scheduler's warps. */
static void greedy_keys(const wsched_tls_params *p, const wsched_tls_state *s,
                        const wsched_tls_in *in, uint32_t *gk) {
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned greedy = s->last_valid && s->last == j && in->valid[j];
    gk[j] = (uint32_t)(((unsigned)!greedy << p->age_w) | in->age[j]);
  }
}

/* The active set after this cycle's drop and fill, into list; returns its
 * size. The fill takes the other eligible warps in the order of their keys
 * gk, ties to the lower index (the RTL's rank count): the smallest key
 * first, as often as there is room (none, in most cycles). */
static unsigned next_set(const wsched_tls_params *p, const wsched_tls_state *s,
                         const wsched_tls_in *in, uint8_t *list, const uint32_t *gk) {
  unsigned nw = p->n_warps, cap = p->cap;
  uint64_t kept = 0;
  unsigned n = 0;
  for (unsigned i = 0; i < s->n_active && i < cap; i++) {
    unsigned e = s->active[i];
    if (e < nw && in->valid[e] && !in->exited[e] && !in->mem_wait[e]) {
      list[n++] = (uint8_t)e;
      kept |= UINT64_C(1) << e;
    }
  }
  if (n == cap) {
    return n;
  }
  uint32_t kmax = 2u << p->age_w;
  uint64_t cand = 0;
  for (unsigned j = 0; j < nw; j++) {
    bool c = in->valid[j] && !in->exited[j] && !in->mem_wait[j] && gk[j] < kmax;
    cand |= (uint64_t)c << j;
  }
  cand &= ~kept;
  while (n < cap && cand != 0) {
    unsigned best = (unsigned)__builtin_ctzll(cand);
    for (uint64_t m = cand & (cand - 1); m != 0; m &= m - 1) {
      unsigned j = (unsigned)__builtin_ctzll(m);
      best = gk[j] < gk[best] ? j : best;
    }
    list[n++] = (uint8_t)best;
    cand &= ~(UINT64_C(1) << best);
  }
  return n;
}

static void compute(const wsched_tls_params *p, const wsched_tls_state *s,
                    const wsched_tls_in *in, wsched_tls_out *out) {
  unsigned nw = p->n_warps;
  unsigned top = wsched_tls_key_bits(p) - 1;
  uint32_t gk[ST_U_MAX_WARPS] = {0};
  uint8_t list[ST_U_MAX_WARPS];
  greedy_keys(p, s, in, gk);
  unsigned n = next_set(p, s, in, list, gk);
  unsigned start = 0;
  for (unsigned i = 0; i < n; i++) {
    if (s->last_valid && list[i] == s->last) {
      start = i + 1;
    }
  }
  memset(out, 0, sizeof *out);
  for (unsigned j = 0; j < nw; j++) {
    out->key[j] = (uint32_t)((1u << top) | gk[j]);
  }
  for (unsigned i = 0; i < n; i++) {
    out->key[list[i]] = (uint32_t)((i + n - start) % n);
  }
  st_u_argmin(nw, in->ready, out->key, &out->grant_valid, &out->grant);
}

void wsched_tls_eval(const wsched_tls_params *p, const wsched_tls_state *s,
                     const wsched_tls_in *in, wsched_tls_out *out) {
  compute(p, s, in, out);
}

void wsched_tls_tick(const wsched_tls_params *p, wsched_tls_state *s, const wsched_tls_in *in,
                     const wsched_tls_out *out) {
  uint8_t list[ST_U_MAX_WARPS] = {0};
  uint32_t gk[ST_U_MAX_WARPS] = {0};
  greedy_keys(p, s, in, gk);
  unsigned n = next_set(p, s, in, list, gk);
  memcpy(s->active, list, sizeof s->active);
  s->n_active = (uint8_t)n;
  if (out->grant_valid) {
    s->last_valid = 1;
    s->last = out->grant;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const wsched_tls_params *p = params;
  unsigned iw = st_u_idx_bits(p->n_warps);
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, wsched_tls_in, valid, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_tls_in, ready, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_tls_in, exited, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_tls_in, mem_wait, 1, p->n_warps);
  ST_UFIELD(l->in, l->n_in, wsched_tls_in, age, p->age_w, p->n_warps);
  ST_USCALAR(l->out, l->n_out, wsched_tls_out, grant_valid, 1);
  ST_USCALAR(l->out, l->n_out, wsched_tls_out, grant, iw);
  ST_UFIELD(l->out, l->n_out, wsched_tls_out, key, wsched_tls_key_bits(p), p->n_warps);
  ST_USCALAR(l->state, l->n_state, wsched_tls_state, n_active, st_u_idx_bits(p->cap + 1u));
  ST_UFIELD(l->state, l->n_state, wsched_tls_state, active, iw, p->cap);
  ST_USCALAR(l->state, l->n_state, wsched_tls_state, last_valid, 1);
  ST_USCALAR(l->state, l->n_state, wsched_tls_state, last, iw);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(wsched_tls_params, n_warps, "NW"),
    ST_UPARAM(wsched_tls_params, age_w, "AGE_W"),
    ST_UPARAM(wsched_tls_params, cap, "CAP"),
};

static void config_params(const st_config *cfg, void *params) {
  wsched_tls_params *p = params;
  memset(p, 0, sizeof *p);
  unsigned nw = st_u_warps_per_sched(cfg);
  p->n_warps = (uint8_t)nw;
  p->age_w = (uint8_t)st_u_idx_bits(st_u_warps_per_sm(cfg));
  p->cap = (uint8_t)((uint64_t)cfg->sm.tls_active_warps < nw ? cfg->sm.tls_active_warps : nw);
}

ST_UNIT_DESC(wsched_tls);
