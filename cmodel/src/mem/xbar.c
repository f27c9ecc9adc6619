/* One crossbar network (see xbar.h and docs/memory-model.md, "Interconnect").
 *
 * A cycle c (= x->now, cycles completed before it) has two steps:
 *  1. arbitration, one iSLIP iteration: every input with spare speedup
 *     offers each VC head that is not yet crossing to its output, if that
 *     output is free and its ejection buffer has room for the whole packet;
 *     each output grants the offering input nearest its grant pointer (round
 *     robin); each input accepts up to its spare speedup of those grants,
 *     nearest its accept pointer first; pointers move past an accepted
 *     grant only.
 *  2. every crossing packet moves one flit. A packet whose last flit crossed
 *     in cycle c may be popped once c + 1 + latency cycles have completed.
 * Decisions depend only on port indices and request ids, never on addresses
 * of objects; an empty network holds no time-dependent state. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/fault.h"
#include "mem/xbar.h"

static uint32_t clamp_u32(int64_t v) {
  return v < 1 ? 1u : v > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

bool xbar_init(xbar *x, bool reply, uint32_t n_in, uint32_t n_out, const st_config *cfg) {
  memset(x, 0, sizeof *x);
  x->reply = reply;
  x->skip = cfg->sim.skip_idle;
  x->check = cfg->sim.check_skips;
  x->fault_deaf = st_fault_planted("deaf-crossbar");
  x->fault_blind_ejection = st_fault_planted("blind-ejection");
  x->ej_lb = UINT64_MAX;
  x->n_in = n_in;
  x->n_out = n_out;
  x->vcs = clamp_u32(cfg->icnt.vcs);
  x->vc_cap = clamp_u32(cfg->icnt.vc_buffer);
  x->speedup = clamp_u32(cfg->icnt.input_speedup);
  x->flit = clamp_u32(cfg->icnt.flit_size);
  x->latency = cfg->icnt.latency < 0 ? 0u : (uint32_t)cfg->icnt.latency;
  /* The ejection buffer: vc_buffer * vcs flits at the destination plus the
   * `latency` flits that one output's pipeline can hold in flight, so the
   * fixed latency alone never throttles a stream. */
  x->ej_cap = clamp_u32(cfg->icnt.vc_buffer * cfg->icnt.vcs + (int64_t)x->latency);
  x->in = calloc(n_in, sizeof *x->in);
  x->out = calloc(n_out, sizeof *x->out);
  x->touched = calloc(n_out, sizeof *x->touched);
  x->granted = calloc(n_in, sizeof *x->granted);
  x->vc_of = calloc(n_out ? n_out : 1, sizeof *x->vc_of);
  x->in_words = (n_in + 63) / 64;
  x->out_words = (n_out + 63) / 64;
  size_t iw = x->in_words ? x->in_words : 1, ow = x->out_words ? x->out_words : 1;
  x->drained_in = calloc(iw, sizeof *x->drained_in);
  x->flits_in = calloc(iw, sizeof *x->flits_in);
  x->had_in = calloc(iw, sizeof *x->had_in);
  x->moved_in = calloc(iw, sizeof *x->moved_in);
  x->busy_out = calloc(ow, sizeof *x->busy_out);
  if (x->in == NULL || x->out == NULL || x->touched == NULL || x->granted == NULL ||
      x->drained_in == NULL || x->flits_in == NULL || x->had_in == NULL ||
      x->moved_in == NULL || x->busy_out == NULL || x->vc_of == NULL) {
    return false;
  }
  for (uint32_t o = 0; o < n_out; o++) {
    x->vc_of[o] = o % x->vcs;
  }
  x->flit_shift = (x->flit & (x->flit - 1)) == 0 ? (uint32_t)__builtin_ctz(x->flit) : 32;
  for (uint32_t i = 0; i < n_in; i++) {
    x->in[i].vc = calloc(x->vcs, sizeof *x->in[i].vc);
    x->in[i].grants = calloc(x->vcs, sizeof *x->in[i].grants);
    if (x->in[i].vc == NULL || x->in[i].grants == NULL) {
      return false;
    }
    for (uint32_t v = 0; v < x->vcs; v++) {
      st_mqueue_init(&x->in[i].vc[v].q, 0);
    }
  }
  for (uint32_t o = 0; o < n_out; o++) {
    x->out[o].cand_in = -1;
    x->out[o].ej_ready = UINT64_MAX;
    st_mqueue_init(&x->out[o].ej, 0);
  }
  return true;
}

void xbar_free(xbar *x) {
  if (x->in != NULL) {
    for (uint32_t i = 0; i < x->n_in; i++) {
      free(x->in[i].vc);
      free(x->in[i].grants);
    }
  }
  free(x->in);
  free(x->out);
  free(x->touched);
  free(x->granted);
  free(x->vc_of);
  free(x->drained_in);
  free(x->flits_in);
  free(x->had_in);
  free(x->moved_in);
  free(x->busy_out);
  memset(x, 0, sizeof *x);
}

/* Request network: a read request is one flit (address only); writes,
 * atomics and write-backs carry their data. Reply network: reads and
 * atomics carry their data; write acknowledgements are one flit. */
uint32_t xbar_flits(const xbar *x, const st_mreq *r) {
  bool carries_data = x->reply ? (r->op == MREQ_READ || r->op == MREQ_ATOMIC)
                               : (r->op != MREQ_READ);
  if (!carries_data || r->bytes == 0) {
    return 1;
  }
  if (x->flit_shift < 32) {
    return (r->bytes + x->flit - 1) >> x->flit_shift;
  }
  return (r->bytes + x->flit - 1) / x->flit;
}

static uint32_t dest_of(const xbar *x, const st_mreq *r) {
  return x->reply ? r->cluster : r->subpart;
}

bool xbar_can_push(const xbar *x, uint32_t in, const st_mreq *r) {
  uint32_t d = dest_of(x, r);
  if (in >= x->n_in || d >= x->n_out) {
    return false; /* addressed to no port: never accepted */
  }
  const xb_vc *vc = &x->in[in].vc[x->vc_of[d]];
  /* A packet larger than a whole VC buffer enters an empty one. */
  return vc->used == 0 || vc->used + xbar_flits(x, r) <= x->vc_cap;
}

void xbar_push(xbar *x, uint32_t in, st_mreq *r) {
  xbar_push_input(x, in, r);
  xbar_pushed(x, 1);
}

void xbar_push_input(xbar *x, uint32_t in, st_mreq *r) {
  uint32_t f = xbar_flits(x, r);
  uint32_t d = dest_of(x, r);
  xb_vc *vc = &x->in[in].vc[x->vc_of[d]];
  if (st_mqueue_empty(&vc->q)) {
    vc->head_dest = d;
    vc->head_flits = f;
  }
  st_mqueue_push(&vc->q, r);
  if (!vc->busy) {
    x->in[in].offer_vcs |= UINT64_C(1) << x->vc_of[d];
  }
  vc->used += f;
  x->in[in].buffered += f;
  /* Pushes into different inputs may run on several threads at once
   * (xbar.h); the inputs share the words of the mask. */
  __atomic_fetch_or(&x->flits_in[in / 64], UINT64_C(1) << (in % 64), __ATOMIC_RELAXED);
}

void xbar_pushed(xbar *x, uint64_t k) {
  if (k != 0) {
    x->frozen = false;
    x->packets += k;
  }
}

st_mreq *xbar_pop(xbar *x, uint32_t out) {
  if (out >= x->n_out) {
    return NULL;
  }
  xb_output *o = &x->out[out];
  if (o->ej_ready > x->now) {
    return NULL; /* (the head's t_ready, or none) */
  }
  st_mreq *r = st_mqueue_pop(&o->ej);
  const st_mreq *h = st_mqueue_peek(&o->ej);
  o->ej_ready = h != NULL ? h->t_ready : UINT64_MAX;
  x->frozen = x->frozen && x->fault_deaf; /* ejection room (the planted fault ignores it) */
  o->ej_used -= xbar_flits(x, r);
  x->packets--;
  return r;
}

bool xbar_due(xbar *x) {
  if (x->ej_lb > x->now && !x->check) {
    return false;
  }
  uint64_t m = UINT64_MAX;
  for (uint32_t o = 0; o < x->n_out; o++) {
    m = x->out[o].ej_ready < m ? x->out[o].ej_ready : m;
  }
  if (x->ej_lb > x->now) {
    /* sim.check_skips: the bound is kept as without the check (left as it
     * is), and must hide no ready packet. */
    if (m <= x->now && x->check_msg[0] == '\0') {
      snprintf(x->check_msg, sizeof x->check_msg,
               "interconnect: the %s network's ejection bound hid a packet ready in cycle %" PRIu64,
               x->reply ? "reply" : "request", x->now);
    }
    return false;
  }
  x->ej_lb = m;
  return m <= x->now;
}

/* Distance from pointer p to index i going up, modulo n. */
static uint32_t rr_dist(uint32_t i, uint32_t p, uint32_t n) { return i >= p ? i - p : i + n - p; }

/* Step 1a: every eligible VC head offers itself to its output; each output
 * keeps the offer nearest its grant pointer (the older packet within one
 * input). */
static void collect_offers(xbar *x) {
  x->n_touched = 0;
  for (uint32_t w = 0; w < x->in_words; w++) {
    x->had_in[w] = x->flits_in[w];
    x->moved_in[w] = 0;
  }
  for (uint32_t w = 0; w < x->in_words; w++) {
    for (uint64_t bits = x->had_in[w]; bits != 0; bits &= bits - 1) {
      uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(bits);
      xb_input *in = &x->in[i];
      if (in->xfers >= x->speedup) {
        continue;
      }
      /* The VCs with a head not crossing, lowest first. */
      for (uint64_t m = in->offer_vcs; m != 0; m &= m - 1) {
        uint32_t v = (uint32_t)__builtin_ctzll(m);
        xb_vc *vc = &in->vc[v];
        uint32_t d = vc->head_dest;
        xb_output *o = &x->out[d];
        if (o->busy || (o->ej_used != 0 && o->ej_used + vc->head_flits > x->ej_cap)) {
          continue;
        }
        if (o->cand_in < 0) {
          x->touched[x->n_touched++] = d;
        } else {
          uint32_t cur = rr_dist((uint32_t)o->cand_in, o->grant_ptr, x->n_in);
          uint32_t mine = rr_dist(i, o->grant_ptr, x->n_in);
          /* Equal distances: the same input, whose older head goes first. */
          if (mine > cur || (mine == cur && st_mqueue_peek(&vc->q)->id >=
                                                st_mqueue_peek(&in->vc[o->cand_vc].q)->id)) {
            continue;
          }
        }
        o->cand_in = (int32_t)i;
        o->cand_vc = v;
      }
    }
  }
}

static void start_transfer(xbar *x, uint32_t i, uint32_t d) {
  xb_output *o = &x->out[d];
  xb_input *in = &x->in[i];
  xb_vc *vc = &in->vc[o->cand_vc];
  uint32_t f = vc->head_flits;
  vc->busy = true;
  in->offer_vcs &= ~(UINT64_C(1) << o->cand_vc);
  in->xfers++;
  o->busy = true;
  x->busy_out[d / 64] |= UINT64_C(1) << (d % 64);
  x->n_busy++;
  o->in = i;
  o->vc = o->cand_vc;
  o->left = f;
  o->ej_used += f; /* the whole packet's room is reserved at grant */
  o->grant_ptr = (i + 1) % x->n_in;
}

/* Step 1b: grants go to their inputs; each input accepts up to its spare
 * speedup, nearest its accept pointer first. */
static void accept_grants(xbar *x) {
  x->n_granted = 0;
  for (uint32_t t = 0; t < x->n_touched; t++) {
    uint32_t d = x->touched[t];
    xb_input *in = &x->in[x->out[d].cand_in];
    if (in->n_grants == 0) {
      x->granted[x->n_granted++] = (uint32_t)x->out[d].cand_in;
    }
    in->grants[in->n_grants++] = d;
  }
  for (uint32_t g = 0; g < x->n_granted; g++) {
    uint32_t i = x->granted[g];
    xb_input *in = &x->in[i];
    uint32_t budget = x->speedup - in->xfers;
    uint32_t last = 0;
    bool any = false;
    while (budget > 0 && in->n_grants > 0) {
      uint32_t best = 0;
      for (uint32_t k = 1; k < in->n_grants; k++) {
        if (rr_dist(in->grants[k], in->accept_ptr, x->n_out) <
            rr_dist(in->grants[best], in->accept_ptr, x->n_out)) {
          best = k;
        }
      }
      uint32_t d = in->grants[best];
      in->grants[best] = in->grants[--in->n_grants];
      start_transfer(x, i, d);
      last = d;
      any = true;
      budget--;
    }
    if (any) {
      in->accept_ptr = (last + 1) % x->n_out;
    }
    in->n_grants = 0;
  }
  for (uint32_t t = 0; t < x->n_touched; t++) {
    x->out[x->touched[t]].cand_in = -1;
  }
}

/* Step 2: one flit per crossing packet. */
static void move_flits(xbar *x, uint64_t c) {
  for (uint32_t w = 0; w < x->out_words; w++) {
    for (uint64_t bits = x->busy_out[w]; bits != 0; bits &= bits - 1) {
      uint32_t d = w * 64 + (uint32_t)__builtin_ctzll(bits);
      xb_output *o = &x->out[d];
      xb_input *in = &x->in[o->in];
      xb_vc *vc = &in->vc[o->vc];
      uint64_t in_bit = UINT64_C(1) << (o->in % 64);
      vc->used--;
      in->drained++;
      x->drained_in[o->in / 64] |= in_bit;
      x->moved_in[o->in / 64] |= in_bit;
      if (--in->buffered == 0) {
        x->flits_in[o->in / 64] &= ~in_bit;
      }
      x->flits_moved++;
      if (--o->left == 0) {
        st_mreq *r = st_mqueue_pop(&vc->q);
        const st_mreq *h = st_mqueue_peek(&vc->q);
        if (h != NULL) {
          vc->head_dest = dest_of(x, h);
          vc->head_flits = xbar_flits(x, h);
          in->offer_vcs |= UINT64_C(1) << o->vc;
        }
        vc->busy = false;
        in->xfers--;
        o->busy = false;
        x->busy_out[w] &= ~(UINT64_C(1) << (d % 64));
        x->n_busy--;
        r->t_ready = c + 1 + x->latency;
        if (st_mqueue_empty(&o->ej)) {
          o->ej_ready = r->t_ready;
          if (r->t_ready < x->ej_lb && !x->fault_blind_ejection) { /* (the planted fault forgets) */
            x->ej_lb = r->t_ready;
          }
        }
        st_mqueue_push(&o->ej, r);
      }
    }
  }
}

void xbar_cycle(xbar *x) {
  const uint64_t c = x->now;
  const bool was_frozen = x->frozen;
  if (was_frozen && !x->check) {
    x->stall_cycles += x->frozen_stalls;
    x->now = c + 1;
    return;
  }
  const uint32_t frozen_stalls = x->frozen_stalls;
  collect_offers(x);
  if (was_frozen && (x->n_touched != 0 || x->n_busy != 0) && x->check_msg[0] == '\0') {
    snprintf(x->check_msg, sizeof x->check_msg,
             "interconnect: the %s network offered a packet in cycle %" PRIu64 " where it was frozen",
             x->reply ? "reply" : "request", c);
  }
  /* Nothing offered and nothing crossing: the state changes only by a push
   * or a pop (the offers' inputs are the VC heads, the outputs' ejection
   * room and the crossings), so the next cycles are this one again. */
  x->frozen = x->n_touched == 0 && x->n_busy == 0 && x->skip;
  accept_grants(x);
  move_flits(x, c);
  uint32_t stalls = 0;
  for (uint32_t w = 0; w < x->in_words; w++) {
    stalls += st_bitcount64(x->had_in[w] & ~x->moved_in[w]);
  }
  if (was_frozen && stalls != frozen_stalls && x->check_msg[0] == '\0') {
    snprintf(x->check_msg, sizeof x->check_msg,
             "interconnect: the %s network counted %u stalls in cycle %" PRIu64 " where it was frozen with %u",
             x->reply ? "reply" : "request", stalls, c, frozen_stalls);
  }
  x->stall_cycles += stalls;
  x->frozen_stalls = stalls;
  x->now = c + 1;
}
