/* The binding of the PC-indexed L1D policies (units/l1d_pc.h) to the cache's
 * hooks: each hook fills the unit's inputs from the request and the line's
 * word, evaluates it (with an RTL twin, in lock-step) and applies its
 * outputs; a commit hook also clocks it. A C/RTL difference becomes the run's
 * error (the SM stops after its LD/ST stage). */
#include <stdio.h>
#include <string.h>

#include "core/unit_host.h"
#include "mem/cache_policy.h"
#include "units/l1d_pc.h"
#include "units/roles.h"

void l1dpc_bind(st_uinst *u, st_sm *sm) { ((l1dpc_bind_state *)u->priv)->sm = sm; }

static l1dpc_in *gather(st_uinst *u, uint8_t op, const st_mreq *r, uint32_t meta) {
  l1dpc_in *in = u->in;
  memset(in, 0, u->desc->in_size);
  in->op = op;
  in->meta = (uint16_t)meta;
  if (r != NULL) {
    in->pc = (uint8_t)r->pc;
    in->load = (uint8_t)(r->kind == ACC_GLOBAL_R && r->op == MREQ_READ);
  }
  /* the unit's widths: PC_BITS of pc, PC_BITS + 1 of the word */
  const unsigned pcb = *(const uint8_t *)u->p; /* every unit's first parameter is PC_BITS */
  in->pc &= (uint8_t)((1u << pcb) - 1u);
  in->meta &= (uint16_t)((1u << (pcb + 1)) - 1u);
  return in;
}

static const l1dpc_out *eval(st_uinst *u) {
  l1dpc_bind_state *b = u->priv;
  st_error scratch;
  st_error_clear(&scratch);
  st_error *err = b->sm != NULL ? st_uh_error(b->sm) : NULL;
  if (err == NULL || err->code != ST_OK) {
    err = &scratch; /* no run in progress, or its first report is kept */
  }
  (void)st_uinst_eval(u, b->sm != NULL ? st_uh_cycles(b->sm) : 0, err);
  return u->out;
}

static void tick(st_uinst *u) {
  l1dpc_bind_state *b = u->priv;
  if (b->after_tick != NULL) {
    memcpy(u->s_prev, u->s, u->desc->state_size);
    st_uinst_tick(u);
    b->after_tick(u, u->s_prev);
  } else {
    st_uinst_tick(u);
  }
}

static bool hook_bypass(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r) {
  (void)c;
  (void)set;
  st_uinst *u = ctx;
  gather(u, L1DPC_OP_BYPASS, r, 0);
  return eval(u)->bypass != 0;
}

static void hook_bypassed(void *ctx, st_cache *c, uint32_t set, const st_mreq *r) {
  (void)c;
  (void)set;
  st_uinst *u = ctx;
  gather(u, L1DPC_OP_BYPASSED, r, 0);
  (void)eval(u);
  u->ctr[L1DPC_C_BYPASSES]++;
  tick(u);
}

static void hook_insert(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                        bool replaced, uint32_t old_meta, uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  (void)replaced;
  (void)old_meta;
  st_uinst *u = ctx;
  const l1dpc_in *in = gather(u, L1DPC_OP_INSERT, r, 0);
  *meta = eval(u)->meta;
  u->ctr[L1DPC_C_INSERTS] += in->load;
  tick(u);
}

static void hook_hit(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                     uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  st_uinst *u = ctx;
  gather(u, L1DPC_OP_HIT, r, *meta);
  *meta = eval(u)->meta;
  tick(u);
}

static void hook_merge(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                       uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  if (meta == NULL) {
    return; /* the reservation was lost: no line to mark */
  }
  st_uinst *u = ctx;
  gather(u, L1DPC_OP_MERGE, r, *meta);
  *meta = eval(u)->meta;
  tick(u);
}

static void hook_evict(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta) {
  (void)c;
  (void)set;
  (void)way;
  st_uinst *u = ctx;
  const l1dpc_in *in = gather(u, L1DPC_OP_EVICT, NULL, meta);
  const unsigned pcb = *(const uint8_t *)u->p;
  u->ctr[(in->meta >> pcb) & 1u ? L1DPC_C_EVICT_REUSED : L1DPC_C_EVICT_ZERO]++;
  (void)eval(u);
  tick(u);
}

const st_cache_policy_ops l1dpc_cache_ops = {.victim = NULL,
                                             .bypass = hook_bypass,
                                             .insert = hook_insert,
                                             .hit = hook_hit,
                                             .merge = hook_merge,
                                             .evict = hook_evict,
                                             .bypassed = hook_bypassed};

void l1dpc_report(const char *prefix, const uint64_t *c, st_statset *out) {
  char k[64];
  snprintf(k, sizeof k, "%s.bypasses", prefix);
  st_stat_u(out, k, c[L1DPC_C_BYPASSES]);
  snprintf(k, sizeof k, "%s.inserts", prefix);
  st_stat_u(out, k, c[L1DPC_C_INSERTS]);
  snprintf(k, sizeof k, "%s.evicted_zero_reuse", prefix);
  st_stat_u(out, k, c[L1DPC_C_EVICT_ZERO]);
  snprintf(k, sizeof k, "%s.evicted_reused", prefix);
  st_stat_u(out, k, c[L1DPC_C_EVICT_REUSED]);
  uint64_t ev = c[L1DPC_C_EVICT_ZERO] + c[L1DPC_C_EVICT_REUSED];
  snprintf(k, sizeof k, "%s.zero_reuse_fraction", prefix);
  st_stat_d(out, k, ev ? (double)c[L1DPC_C_EVICT_ZERO] / (double)ev : 0.0);
}
