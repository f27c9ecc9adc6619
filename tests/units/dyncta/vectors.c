/* Directed vectors of dyncta: the derived trace of spec/dyncta.md §1.5(e)
 * (dyncta_stim.h), window by window, on the spec's default parameters with
 * N = 8. The expected decisions, limits and paused sets were worked out by
 * hand from the spec (dyncta_trace_e); test_dyncta.c checks the C model
 * against them in more detail. Here the same trace runs on the C model
 * (unit/model/dyncta) and on the Verilated RTL in lock-step with it
 * (cosim/dyncta), where every expectation checks the RTL's own outputs. */
#include <string.h>

#include "bv.h"
#include "dyncta_stim.h"
#include "units/dyncta/dyncta.h"

static unsigned paused_mask(const dyncta_out *o) {
  unsigned m = 0;
  for (unsigned b = 0; b < 8; b++) {
    m |= (unsigned)(o->paused[b] != 0) << b;
  }
  return m;
}

static void vec_trace_e(bv_env *e) {
  dyncta_params p;
  dyncta_default_params(&p, 8);
  bv_unit *u = bv_open(e, &dyncta_desc, &p);
  if (u == NULL) return;
  dyncta_in in, zero;
  dyncta_out cur;
  memset(&zero, 0, sizeof zero);
  unsigned w = 0;
  for (uint64_t t = 0; t < DYNCTA_TRACE_CYCLES; t++) {
    /* the outputs of this cycle's state (registered: no input reaches them) */
    memcpy(&cur, bv_eval(u, &zero), sizeof cur);
    dyncta_trace_next(t, bv_state(u), &cur, &in);
    bv_eval(u, &in);
    bv_tick(u);
    const dyncta_out *o = bv_eval(u, &zero);
    const dyncta_state *s = bv_state(u);
    if (t == 4) { /* A..D resident, n0 = 4 */
      BV_EQ(e, o->n, 4);
      BV_EQ(e, s->n_cta, 4);
      BV_EQ(e, o->can_accept, 0);
      for (unsigned b = 0; b < 4; b++) BV_EQ(e, o->rank[b], b);
    }
    if (t == 1 + 4 * 2048 + 1024) { /* A completed: nCTA = 3 = n, D resumes */
      BV_EQ(e, s->n_cta, 3);
      BV_EQ(e, o->n, 3);
      BV_EQ(e, paused_mask(o), 0);
      BV_EQ(e, o->rank[1], 0);
      BV_EQ(e, o->rank[3], 2);
    }
    if (t == 5 * 2048 + 1) { /* E placed in A's slot, the youngest */
      BV_EQ(e, s->valid[0], 1);
      BV_EQ(e, o->rank[0], 3);
      BV_EQ(e, s->n_cta, 4);
    }
    if (o->dec_valid) {
      if (!BV_CHECK(e, w < DYNCTA_TRACE_WINDOWS, "window %u past the trace", w)) break;
      BV_EQ(e, t, (uint64_t)(w + 1) * 2048);
      BV_EQ(e, o->decision, dyncta_trace_e[w].decision);
      BV_EQ(e, o->n, dyncta_trace_e[w].n_after);
      BV_EQ(e, paused_mask(o), dyncta_trace_e[w].paused_after);
      w++;
    }
  }
  BV_EQ(e, w, DYNCTA_TRACE_WINDOWS);
}

const bv_vector ut_vectors_dyncta[] = {
    {"trace_e", vec_trace_e},
    {NULL, NULL},
};
