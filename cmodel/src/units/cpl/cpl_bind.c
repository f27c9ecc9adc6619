/* cpl in the model: CAWA's criticality prediction, an SM controller selected
 * by sm.warp_scheduler gcaws, l1d.policy cacp or cpl.enable
 * (docs/units/cpl.md).
 *
 * At the start of the issue stage the binding evaluates the unit (its
 * outputs are a function of its registers and of which warps are live and
 * in which TB) and publishes the criticality of every warp slot
 * (st_sm_signals.crit) and the critical ones (st_sm_signals.critical) for
 * the issue units and the LD/ST unit; a warp whose value changed is woken.
 * At the end of the SM's stages it takes the cycle's events (TB launches
 * since the last edge, write-backs per warp, each scheduler's issue with the
 * issued and the next instruction index) and clocks the unit. The registers
 * change only on those events, so skipped idle cycles need no step.
 *
 * The accuracy statistic (spec §1.3.2): every cpl.sample_period cycles each
 * warp of a TB is "slow" when its crit exceeds that of at least half the
 * TB's warps (a TB of one warp: that warp); when the TB retires, the warp
 * that exited last is its critical warp, and the samples in which it was
 * slow count as correct. Sample points inside skipped cycles see the
 * registers of the cycle after them, which skipped cycles do not change. */
#include <string.h>

#include "core/unit_host.h"
#include "units/cpl/cpl.h"
#include "units/cpl/cpl_acc.h"
#include "units/roles.h"

typedef struct cpl_bind {
  uint64_t prev_now;                 /* the cycle of the last issue_begin */
  uint8_t seen;                      /* prev_now is valid */
  uint8_t last_exit[ST_U_MAX_TBS];   /* per TB slot: the warp slot that exited last */
  cpl_acc acc;                       /* the accuracy statistic (units/cpl/cpl_acc.h) */
} cpl_bind;

enum { C_SAMPLES = 0, C_CORRECT, C_TBS, C_COUNT };

/* The unit's inputs that describe the SM's warps (live, TB). */
static void gather_warps(st_uinst *u, const st_sm *sm) {
  cpl_in *in = u->in;
  const cpl_params *p = u->p;
  uint64_t occ = st_uh_occupied(sm);
  memset(in->live, 0, p->n_warps);
  memset(in->tb, 0, p->n_warps);
  ST_BITS(w, occ) {
    if (w < p->n_warps) {
      unsigned tb = st_uh_warp_tb(sm, (unsigned)w);
      in->tb[w] = (uint8_t)tb;
      in->live[w] = (uint8_t)(!st_uh_warp_finished(sm, (unsigned)w) && !(u->tb_launch >> tb & 1));
    }
  }
}

static void publish(st_uinst *u, st_sm *sm) {
  const cpl_out *out = u->out;
  const cpl_params *p = u->p;
  st_sm_signals *sig = st_uh_signals(sm);
  uint64_t crit_mask = 0, changed = 0;
  for (unsigned w = 0; w < p->n_warps; w++) {
    crit_mask |= (uint64_t)(out->critical[w] & 1) << w;
    if (sig->crit[w] != out->crit[w]) {
      sig->crit[w] = out->crit[w];
      changed |= UINT64_C(1) << w;
    }
  }
  sig->critical = crit_mask;
  if (changed != 0) {
    st_uh_wake(sm, changed); /* gcaws orders warps by crit */
  }
}

static void reset(st_uinst *u, st_sm *sm) {
  memset(u->in, 0, sizeof(cpl_in));
  u->desc->eval(u->p, u->s, u->in, u->out);
  publish(u, sm);
}

/* Samples in (prev_now, now]: each sees the registers as they are now. */
static void sample(st_uinst *u, const st_sm *sm, uint64_t now) {
  cpl_bind *b = u->priv;
  const cpl_params *p = u->p;
  const cpl_state *s = u->s;
  const cpl_in *in = u->in;
  uint64_t period = (uint64_t)sm->cfg->cpl.sample_period;
  uint64_t k = b->seen ? now / period - b->prev_now / period : (now % period == 0);
  b->prev_now = now;
  b->seen = 1;
  if (k == 0) {
    return;
  }
  uint64_t occ = st_uh_occupied(sm), members = 0;
  for (unsigned w = 0; w < p->n_warps; w++) {
    if ((occ >> w & 1) && !(u->tb_launch >> in->tb[w] & 1)) {
      members |= UINT64_C(1) << w;
    }
  }
  cpl_acc_sample(&b->acc, p->n_warps, members, in->tb, s->crit, k);
}

static st_status issue_begin(st_uinst *u, st_sm *sm, uint64_t now, st_error *err) {
  memset(u->in, 0, sizeof(cpl_in));
  cpl_in *in = u->in;
  in->now = (uint32_t)now;
  gather_warps(u, sm);
  st_status rc = st_uinst_eval(u, now, err);
  if (rc != ST_OK) {
    return rc;
  }
  sample(u, sm, now);
  publish(u, sm);
  return ST_OK;
}

/* A TB retired (its last warp exited this cycle): its samples are scored. */
static void retire(st_uinst *u, const st_sm *sm, unsigned tb) {
  cpl_bind *b = u->priv;
  const cpl_params *p = u->p;
  uint64_t occ = st_uh_occupied(sm), warps = 0;
  for (unsigned w = 0; w < p->n_warps; w++) {
    if ((occ >> w & 1) && st_uh_warp_tb(sm, w) == tb) {
      warps |= UINT64_C(1) << w;
    }
  }
  cpl_acc_retire(&b->acc, tb, warps, b->last_exit[tb]);
  u->ctr[C_SAMPLES] = b->acc.total;
  u->ctr[C_CORRECT] = b->acc.correct;
  u->ctr[C_TBS] = b->acc.tbs;
}

static st_status sm_end(st_uinst *u, st_sm *sm, uint64_t now, st_error *err) {
  cpl_in *in = u->in;
  cpl_bind *b = u->priv;
  const cpl_params *p = u->p;
  memset(in, 0, sizeof *in);
  in->now = (uint32_t)now;
  gather_warps(u, sm);
  uint64_t occ = st_uh_occupied(sm);
  for (unsigned w = 0; w < p->n_warps; w++) {
    if ((occ >> w & 1) && (u->tb_launch >> st_uh_warp_tb(sm, w) & 1)) {
      in->launch[w] = 1;
      in->kstatic[w] = (uint16_t)(st_uh_warp_kernel_insts(sm, w) & ((1u << p->ninst_w) - 1));
      cpl_acc_launch(&b->acc, st_uh_warp_tb(sm, w), UINT64_C(1) << w);
    }
  }
  uint64_t cm = st_uh_commit_mask(sm);
  ST_BITS(w, cm) {
    if (w < p->n_warps && !in->launch[w]) {
      in->commit[w] = (uint8_t)st_uh_commits(sm, (unsigned)w);
    }
  }
  const st_sm_events *ev = st_uh_events(sm);
  uint64_t retired = 0;
  for (unsigned k = 0; k < p->n_sched; k++) {
    unsigned slot;
    if (!st_uh_issued(sm, k, &slot)) {
      continue;
    }
    in->iss_valid[k] = 1;
    in->iss_slot[k] = (uint8_t)slot;
    st_uh_issued_pcs(sm, k, &in->iss_pc[k], &in->iss_next[k]);
    if (ev->exit_valid[k]) {
      unsigned tb = ev->exit_tb[k];
      b->last_exit[tb] = (uint8_t)slot;
      bool any_live = false;
      for (unsigned w = 0; w < p->n_warps; w++) {
        any_live = any_live || ((occ >> w & 1) && st_uh_warp_tb(sm, w) == tb &&
                                !st_uh_warp_finished(sm, w));
      }
      if (!any_live) {
        retired |= UINT64_C(1) << tb;
      }
    }
  }
  ST_BITS(tb, retired) {
    retire(u, sm, (unsigned)tb);
  }
  st_status rc = st_uinst_eval(u, now, err);
  if (rc == ST_OK) {
    st_uinst_tick(u);
  }
  return rc;
}

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  st_stat_u(out, "cpl.samples", c[C_SAMPLES]);
  st_stat_u(out, "cpl.samples_correct", c[C_CORRECT]);
  st_stat_u(out, "cpl.tbs_scored", c[C_TBS]);
  st_stat_d(out, "cpl.accuracy",
            c[C_SAMPLES] ? (double)c[C_CORRECT] / (double)c[C_SAMPLES] : 0.0);
}

static const st_smctl_ops ops = {
    .reset = reset, .issue_begin = issue_begin, .sm_end = sm_end};

/* spec §2: the dissertation states no cost for CAWA. */
static const st_unit_seed_cost seed_cost = {
    "CAWA (ISCA'15, dissertation Ch.4): no storage or area stated; spec §2 estimates CPL at "
    "about 1 KB per SM (48 warps x ~170 bits)",
    0, 0, "CAWA", {"wsched_gcaws", "cacp", NULL}};

const st_unit cpl_unit = {
    .desc = &cpl_desc,
    .role = ST_ROLE_SM_CTRL,
    .select = "sm.warp_scheduler=gcaws; l1d.policy=cacp; cpl.enable=true",
    .summary = "CAWA criticality prediction (per-warp nInst x CPI + nStall, critical warp per TB)",
    .ops = &ops,
    .priv_size = sizeof(cpl_bind),
    .n_counters = C_COUNT,
    .report = report,
    .seed_cost = &seed_cost,
};
