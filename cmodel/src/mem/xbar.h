/* One crossbar network of the interconnect (the request network or the reply
 * network): input buffers with virtual channels, round-robin output
 * arbitration with input speedup, per-output ejection buffers, a fixed
 * traversal latency. Private to cmodel/src/mem/ (icnt.c builds two). */
#ifndef SIMTREF_MEM_XBAR_H
#define SIMTREF_MEM_XBAR_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/mem.h"

typedef struct xb_vc {
  st_mqueue q;      /* packets in arrival order */
  uint32_t used;    /* flits buffered (the head's unsent flits included) */
  bool busy;        /* the head packet is crossing the switch */
  uint32_t head_dest, head_flits; /* the head packet's output and size (kept when the
                                     head changes: arbitration then reads no packet) */
} xb_vc;

typedef struct xb_input {
  xb_vc *vc;        /* vcs of them */
  uint32_t buffered;   /* flits over all VCs */
  uint64_t drained;    /* flits that ever left (a refused push may fit only after one does) */
  uint64_t offer_vcs;  /* VCs holding a packet whose head is not crossing (bit v: VC v) */
  uint32_t xfers;      /* packets crossing from this input now (<= speedup) */
  uint32_t accept_ptr; /* iSLIP accept pointer over outputs */
  uint32_t n_grants;   /* this cycle's grants (scratch) */
  uint32_t *grants;    /* outputs that granted this input this cycle (scratch, vcs) */
} xb_input;

typedef struct xb_output {
  bool busy;           /* a packet is crossing to this output */
  uint32_t in, vc, left; /* ...from this input and VC, flits still to cross */
  uint32_t grant_ptr;  /* iSLIP grant pointer over inputs */
  int32_t cand_in;     /* this cycle's chosen requester (scratch; -1 none) */
  uint32_t cand_vc;
  st_mqueue ej;        /* packets crossed or arrived, in crossing order */
  uint64_t ej_ready;   /* the head's t_ready (UINT64_MAX: none), kept beside the queue */
  uint32_t ej_used;    /* flits reserved in the ejection buffer */
} xb_output;

typedef struct xbar {
  bool reply;          /* reply network: destination is r->cluster, else r->subpart */
  bool skip;           /* sim.skip_idle: frozen cycles are not evaluated */
  bool check;          /* sim.check_skips: they are, and must be as predicted */
  bool fault_deaf;     /* planted fault (SIMTREF_FAULT=deaf-crossbar): a pop does not end a
                          frozen stretch */
  bool fault_blind_ejection; /* planted fault (SIMTREF_FAULT=blind-ejection): a packet that
                                reaches an empty ejection buffer leaves ej_lb as it was */
  uint64_t ej_lb;      /* no ejection buffer's head is ready before it (xbar_due) */
  uint64_t *drained_in; /* bit per input: a flit left it since xbar_take_drained last read
                           the bit's word (in_words words) */
  uint32_t in_words;
  uint64_t *flits_in;   /* bit per input: it holds flits (buffered > 0); in_words words */
  uint64_t *had_in;     /* scratch of a cycle: the inputs that held flits at its start... */
  uint64_t *moved_in;   /* ...and those a flit left in it (the others of had_in stalled) */
  uint64_t *busy_out;   /* bit per output: a packet is crossing to it; out_words words */
  uint32_t out_words;
  char check_msg[128];
  uint32_t n_in, n_out, vcs, vc_cap, ej_cap, speedup, flit, latency;
  uint32_t flit_shift;  /* log2(flit) when flit is a power of two, else 32 (a division) */
  uint32_t *vc_of;      /* per output: the VC its packets take at every input (d % vcs) */
  xb_input *in;
  xb_output *out;
  uint32_t *touched, n_touched;    /* outputs with a candidate this cycle (scratch) */
  uint32_t *granted, n_granted;    /* inputs with grants this cycle (scratch) */
  uint64_t packets;    /* pushed and not yet popped */
  uint32_t n_busy;     /* outputs with a packet crossing */
  bool frozen;         /* the last cycle offered nothing and nothing crosses: until a push or a
                          pop, every cycle is the same (only the stalls counted) */
  uint32_t frozen_stalls; /* inputs holding flits, each a stall cycle per frozen cycle */
  uint64_t now;        /* completed cycles */
  uint64_t flits_moved, stall_cycles;
} xbar;

/* Builds a network of n_in inputs and n_out outputs; false on host OOM. */
bool xbar_init(xbar *x, bool reply, uint32_t n_in, uint32_t n_out, const st_config *cfg);
void xbar_free(xbar *x);
/* Flits r occupies on this network (see docs/memory-model.md). */
uint32_t xbar_flits(const xbar *x, const st_mreq *r);
bool xbar_can_push(const xbar *x, uint32_t in, const st_mreq *r);
/* Changes whenever a flit leaves input in's buffers: a push refused at one
 * value is refused again until it changes (pushes only take room). */
static inline uint64_t xbar_in_stamp(const xbar *x, uint32_t in) {
  return in < x->n_in ? x->in[in].drained : 0;
}
void xbar_push(xbar *x, uint32_t in, st_mreq *r);
/* xbar_push in two parts, for pushes made on several threads at once (each
 * into inputs of its own): xbar_push_input changes only input in's state;
 * xbar_pushed then completes k such pushes (the network's packet count and
 * its frozen state), on one thread. */
void xbar_push_input(xbar *x, uint32_t in, st_mreq *r);
void xbar_pushed(xbar *x, uint64_t k);
st_mreq *xbar_pop(xbar *x, uint32_t out);
/* Whether some output's head is ready to pop (false: every xbar_pop now
 * returns NULL). Once the cycle reaches the bound it keeps, the bound is made
 * exact here; before it, sim.check_skips reads every head all the same and
 * reports a bound that hid a ready packet (the bound left as it is). */
bool xbar_due(xbar *x);
/* Word w of the inputs a flit left since the word was last taken (bit i:
 * input 64 w + i; their stamps changed), cleared. */
static inline uint64_t xbar_take_drained(xbar *x, uint32_t w) {
  uint64_t m = x->drained_in[w];
  x->drained_in[w] = 0;
  return m;
}
void xbar_cycle(xbar *x);

#endif
