/* Directed vectors of cacp, derived by hand from spec/cawa-ctrlc-heteropdp.md §1.3.4
 * (Algorithms 7-9) and §7 B-4..B-6, B-9 (each vector names the part it follows) and, where
 * the spec leaves a detail to the unit, from the unit's header contract
 * (cmodel/src/units/cacp/cacp.h), which is cited then. No expected value was taken from a
 * model's output.
 *
 * They run on the C model (unit/model/cacp) and on the Verilated RTL in lock-step with it
 * (cosim/cacp). Parameter sets (verif/units/cacp/builds.cmake): "small" WAYS=4 CWAYS=2
 * THR=1 SIG_SHIFT=7 and "odd" WAYS=8 CWAYS=3 THR=0 SIG_SHIFT=0. */
#include <stdio.h>
#include <string.h>

#include "bv.h"
#include "units/cacp/cacp.h"

/* A request of instruction pc for line n (128 B lines): signature pc ^ n in set "small". */
static void req(cacp_in *in, uint8_t op, uint8_t pc, unsigned line, uint8_t crit) {
  in->op = op;
  in->req = 1;
  in->pc = pc;
  in->addr = (uint16_t)(line << 7);
  in->crit = crit;
  in->load = op == CACP_OP_HIT || op == CACP_OP_INSERT || op == CACP_OP_VICTIM;
  in->store = 0;
}

/* Runs a crit (or not) load hit on way w of the current inputs' set: one clock edge. */
static void hit(bv_unit *u, cacp_in *in, unsigned w, uint8_t crit) {
  cacp_in h = *in;
  h.op = CACP_OP_HIT;
  h.way = (uint8_t)w;
  h.crit = crit;
  h.load = 1;
  h.store = 0;
  const cacp_out *o = bv_step(u, &h);
  in->meta[w] = o->meta[w]; /* the tag array keeps the new word */
}

/* Alg. 7 at reset (CCBP 0: non-critical ways; SHiP 1: "long", RRPV 2): the victim is the
 * partition's first invalid way; the new word is {RRPV 2, no reuse, sig}. */
static void vec_cacp_reset_insert(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cacp_desc, "small", NULL);
  if (u == NULL) return;
  const cacp_state *s = bv_state(u);
  BV_EQ(e, s->ccbp[0], 0);
  BV_EQ(e, s->ship[255], 1);
  cacp_in in;
  memset(&in, 0, sizeof in);
  req(&in, CACP_OP_VICTIM, 0x30, 5, 0);
  const cacp_out *o = bv_eval(u, &in);
  BV_EQ(e, o->sig, 0x30 ^ 5);
  BV_EQ(e, o->part_crit, 0);
  BV_EQ(e, o->victim_valid, 1);
  BV_EQ(e, o->victim, 2); /* ways 2-3 are the non-critical partition */
  in.wstate[2] = CACP_WAY_RESERVED; /* way 2 waits for a fill: never a victim */
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim, 3);
  in.wstate[3] = CACP_WAY_RESERVED;
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim_valid, 0); /* the critical ways are not the request's */
  in.wstate[2] = in.wstate[3] = CACP_WAY_INVALID;
  in.op = CACP_OP_INSERT;
  in.way = 2;
  o = bv_step(u, &in);
  BV_EQ(e, o->meta[2], (2u << 10) | (0x30u ^ 5u));
  BV_EQ(e, o->meta[0], 0);
  /* without a request (a lost reservation's fill): signature 0, non-critical */
  memset(&in, 0, sizeof in);
  in.op = CACP_OP_VICTIM;
  o = bv_eval(u, &in);
  BV_EQ(e, o->sig, 0);
  BV_EQ(e, o->victim, 2);
}

/* Alg. 8: a hit promotes to RRPV 0; a critical load sets c_reuse and raises CCBP and SHiP,
 * a non-critical one nc_reuse and SHiP only, saturating at 3; a store sets the flag only
 * (B-9); an atomic (neither load nor store) only promotes. CCBP > THR (= 1) then predicts
 * critical (Alg. 7): counter 2, not 1 (B-5). */
static void vec_cacp_hit_training(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cacp_desc, "small", NULL);
  if (u == NULL) return;
  const cacp_state *s = bv_state(u);
  cacp_in in;
  memset(&in, 0, sizeof in);
  in.wstate[3] = CACP_WAY_VALID;
  in.meta[3] = (uint16_t)((2u << 10) | 0x21u);
  hit(u, &in, 3, 1);
  BV_EQ(e, in.meta[3], (1u << 8) | 0x21u);
  BV_EQ(e, s->ccbp[0x21], 1);
  BV_EQ(e, s->ship[0x21], 2);
  req(&in, CACP_OP_VICTIM, 0x20, 1, 0); /* sig 0x21 */
  const cacp_out *o = bv_eval(u, &in);
  BV_EQ(e, o->part_crit, 0); /* 1 is not above THR */
  hit(u, &in, 3, 1);
  BV_EQ(e, s->ccbp[0x21], 2);
  BV_EQ(e, s->ship[0x21], 3);
  req(&in, CACP_OP_VICTIM, 0x20, 1, 0);
  o = bv_eval(u, &in);
  BV_EQ(e, o->part_crit, 1);
  BV_EQ(e, o->victim, 0);
  hit(u, &in, 3, 1);
  hit(u, &in, 3, 1);
  BV_EQ(e, s->ccbp[0x21], 3); /* saturated */
  BV_EQ(e, s->ship[0x21], 3);
  /* a non-critical load: nc_reuse, SHiP only */
  in.meta[2] = (uint16_t)((3u << 10) | 0x44u);
  in.wstate[2] = CACP_WAY_VALID;
  hit(u, &in, 2, 0);
  BV_EQ(e, in.meta[2], (1u << 9) | 0x44u);
  BV_EQ(e, s->ccbp[0x44], 0);
  BV_EQ(e, s->ship[0x44], 2);
  /* a store: the flag and RRPV 0, no training */
  in.meta[2] = (uint16_t)((3u << 10) | 0x45u);
  cacp_in st = in;
  st.op = CACP_OP_HIT;
  st.way = 2;
  st.load = 0;
  st.store = 1;
  st.crit = 1;
  o = bv_step(u, &st);
  BV_EQ(e, o->meta[2], (1u << 8) | 0x45u);
  BV_EQ(e, s->ccbp[0x45], 0);
  BV_EQ(e, s->ship[0x45], 1);
  /* an atomic: promotion only */
  st.store = 0;
  o = bv_step(u, &st);
  BV_EQ(e, o->meta[2], 0x45u);
  BV_EQ(e, s->ship[0x45], 1);
}

/* RRIP inside the partition (B-6): the victim is the first way with the largest RRPV; the
 * insertion ages the partition's other valid lines by 3 - the victim's RRPV, saturating at
 * 3, and leaves the other partition, reserved and invalid ways alone; SHiP 0 inserts at 3. */
static void vec_cacp_rrip(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cacp_desc, "small", NULL);
  if (u == NULL) return;
  cacp_in in;
  memset(&in, 0, sizeof in);
  for (unsigned w = 0; w < 4; w++) in.wstate[w] = CACP_WAY_VALID;
  in.meta[0] = (uint16_t)(3u << 10); /* critical partition: not a candidate */
  in.meta[1] = (uint16_t)(0u << 10);
  in.meta[2] = (uint16_t)((1u << 10) | 0x11u);
  in.meta[3] = (uint16_t)((1u << 10) | 0x12u);
  req(&in, CACP_OP_VICTIM, 0x00, 7, 0);
  const cacp_out *o = bv_eval(u, &in);
  BV_EQ(e, o->victim, 2); /* equal RRPV 1: the first */
  in.meta[3] = (uint16_t)((2u << 10) | 0x12u);
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim, 3);
  /* replace way 3 (RRPV 2): way 2 ages by 1, way 0 and 1 (other partition) stay */
  in.op = CACP_OP_INSERT;
  in.way = 3;
  in.replaced = 1;
  in.old_meta = in.meta[3];
  o = bv_step(u, &in);
  BV_EQ(e, o->meta[2], (2u << 10) | 0x11u);
  BV_EQ(e, o->meta[0], 3u << 10);
  BV_EQ(e, o->meta[1], 0u);
  BV_EQ(e, o->meta[3], (2u << 10) | 0x07u);
  /* a victim at RRPV 0 ages the others by 3, saturating: 2 + 3 -> 3 */
  in.meta[2] = (uint16_t)((2u << 10) | 0x11u);
  in.old_meta = 0x0013u; /* RRPV 0, no reuse */
  o = bv_eval(u, &in);
  BV_EQ(e, o->meta[2], (3u << 10) | 0x11u);
  /* no replaced line: no aging */
  in.replaced = 0;
  o = bv_eval(u, &in);
  BV_EQ(e, o->meta[2], (2u << 10) | 0x11u);
  /* a reserved way is neither aged nor a victim */
  in.wstate[2] = CACP_WAY_RESERVED;
  in.replaced = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->meta[2], (2u << 10) | 0x11u);
  /* Alg. 9 lowers SHiP[sig 7] twice on dead evictions: the next insertion is distant */
  cacp_in ev;
  memset(&ev, 0, sizeof ev);
  ev.op = CACP_OP_EVICT;
  ev.way = 3;
  ev.old_meta = 0x07u;
  bv_step(u, &ev);
  bv_step(u, &ev);
  BV_EQ(e, ((const cacp_state *)bv_state(u))->ship[7], 0);
  in.wstate[2] = CACP_WAY_VALID;
  in.replaced = 0;
  o = bv_eval(u, &in);
  BV_EQ(e, o->meta[3], (3u << 10) | 0x07u);
}

/* Alg. 9: a critical-partition line reused by non-critical requests only lowers CCBP; the
 * same line in the non-critical ways does not; a line never reused lowers SHiP; a line
 * reused by a critical request changes nothing; both saturate at 0. */
static void vec_cacp_evict_training(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cacp_desc, "small", NULL);
  if (u == NULL) return;
  const cacp_state *s = bv_state(u);
  cacp_in in;
  memset(&in, 0, sizeof in);
  in.wstate[0] = CACP_WAY_VALID;
  in.meta[0] = 0x09u;
  for (int k = 0; k < 3; k++) hit(u, &in, 0, 1); /* CCBP[9] 3, SHiP[9] 3 */
  BV_EQ(e, s->ccbp[9], 3);
  cacp_in ev;
  memset(&ev, 0, sizeof ev);
  ev.op = CACP_OP_EVICT;
  ev.way = 1;
  ev.old_meta = (1u << 9) | 0x09u; /* nc_reuse only, critical way 1 */
  bv_step(u, &ev);
  BV_EQ(e, s->ccbp[9], 2);
  BV_EQ(e, s->ship[9], 3);
  ev.way = 2; /* the same line in a non-critical way */
  bv_step(u, &ev);
  BV_EQ(e, s->ccbp[9], 2);
  ev.way = 1;
  ev.old_meta = (1u << 9) | (1u << 8) | 0x09u; /* reused by both: nothing */
  bv_step(u, &ev);
  BV_EQ(e, s->ccbp[9], 2);
  BV_EQ(e, s->ship[9], 3);
  ev.old_meta = 0x09u; /* dead */
  bv_step(u, &ev);
  BV_EQ(e, s->ship[9], 2);
  BV_EQ(e, s->ccbp[9], 2);
  ev.old_meta = (1u << 9) | 0x0Au; /* CCBP[10] is 0: saturates */
  bv_step(u, &ev);
  BV_EQ(e, s->ccbp[10], 0);
  ev.old_meta = 0x0Bu;
  bv_step(u, &ev);
  BV_EQ(e, s->ship[11], 0);
  bv_step(u, &ev);
  BV_EQ(e, s->ship[11], 0);
}

/* The victim with clean_only (the cache's rule for a write-validate fill): dirty valid ways
 * are skipped, invalid ways still go first. The byte signature (B-4, SIG_SHIFT 0), THR 0
 * and an uneven 3 + 5 split (set "odd"). */
static void vec_cacp_clean_only_byte_sig(bv_env *e) {
  bv_unit *u = bv_open_set(e, &cacp_desc, "odd", NULL);
  if (u == NULL) return;
  cacp_in in;
  memset(&in, 0, sizeof in);
  for (unsigned w = 0; w < 8; w++) in.wstate[w] = CACP_WAY_VALID;
  in.op = CACP_OP_VICTIM;
  in.req = 1;
  in.pc = 0x0F;
  in.addr = 0x1234; /* byte address bits 7:0 = 0x34 */
  in.load = 1;
  in.meta[3] = (uint16_t)(3u << 10);
  in.meta[6] = (uint16_t)(3u << 10);
  in.wdirty[3] = 1;
  const cacp_out *o = bv_eval(u, &in);
  BV_EQ(e, o->sig, 0x0Fu ^ 0x34u);
  BV_EQ(e, o->part_crit, 0);
  BV_EQ(e, o->victim, 3); /* dirty counts without clean_only */
  in.clean_only = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim, 6);
  for (unsigned w = 3; w < 8; w++) in.wdirty[w] = 1;
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim_valid, 0);
  in.wstate[7] = CACP_WAY_INVALID; /* invalid lines are clean */
  o = bv_eval(u, &in);
  BV_EQ(e, o->victim_valid, 1);
  BV_EQ(e, o->victim, 7);
  /* THR 0: one critical hit makes the signature critical: ways 0-2 */
  cacp_in h = in;
  h.op = CACP_OP_HIT;
  h.way = 0;
  h.crit = 1;
  h.meta[0] = (uint16_t)(0x0Fu ^ 0x34u);
  bv_step(u, &h);
  in.clean_only = 0;
  o = bv_eval(u, &in);
  BV_EQ(e, o->part_crit, 1);
  BV_EQ(e, o->victim, 0);
}

const bv_vector ut_vectors_cacp[] = {
    {"cacp_reset_insert", vec_cacp_reset_insert},
    {"cacp_hit_training", vec_cacp_hit_training},
    {"cacp_rrip", vec_cacp_rrip},
    {"cacp_evict_training", vec_cacp_evict_training},
    {"cacp_clean_only_byte_sig", vec_cacp_clean_only_byte_sig},
    {NULL, NULL},
};
