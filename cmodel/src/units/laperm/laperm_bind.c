/* laperm in the model: LaPerm's dispatch decision, the thread-block
 * scheduler unit of cta_scheduler.policy laperm_tbpri / laperm_smxbind /
 * laperm_adaptive, one per GPU (docs/units/laperm.md).
 *
 * The host (the thread-block scheduler) keeps the priority queues and
 * examines one SM per cycle: it fills the instance's inputs from its queues,
 * asks for the answer (laperm_decide), tries to dispatch a block of the
 * queue the answer names, and reports whether it did (laperm_commit: the
 * clock edge, with `take`). The statistics count the examinations, the
 * answers and the dispatches by stage, the answers that did not fit, and
 * the backup choices Adaptive-Bind committed. */
#include <stdio.h>
#include <string.h>

#include "units/laperm/laperm.h"
#include "units/registry.h"
#include "units/uinst.h"

/* The statistics counters (summed over the run). */
enum {
  C_EXAMINED = 0,  /* SMs examined (one decision each) */
  C_ANSWER,        /* 4: answers by stage (LAPERM_STAGE_*: none, own, PQ0, stolen) */
  C_TAKEN = C_ANSWER + 4, /* 4: dispatches by stage (index 0 unused) */
  C_NO_FIT = C_TAKEN + 4, /* an answer the SM could not take: it skipped the cycle */
  C_BACKUP_NEW,    /* Adaptive-Bind: a new backup SM committed (first choice or a switch) */
  C_BACKUP_SWITCH, /* of those, the ones that replaced a different valid backup */
  C_COUNT
};

st_status laperm_decide(st_uinst *u, uint64_t now, st_error *err) {
  laperm_in *in = u->in;
  in->take = 0;
  return st_uinst_eval(u, now, err);
}

st_status laperm_commit(st_uinst *u, bool took, uint64_t now, st_error *err) {
  laperm_in *in = u->in;
  const laperm_out *out = u->out;
  const laperm_params *p = u->p;
  const laperm_state *s = u->s;
  uint64_t *c = u->ctr;
  unsigned stage = out->valid ? out->stage & 3u : LAPERM_STAGE_NONE;
  bool take = took && out->valid;
  if (take) {
    /* The edge takes the inputs of the cycle's last evaluation: evaluate
     * once more with take set (the answer does not depend on it). */
    in->take = 1;
    st_status rc = st_uinst_eval(u, now, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  c[C_EXAMINED]++;
  c[C_ANSWER + stage]++;
  if (take) {
    c[C_TAKEN + stage]++;
  } else if (out->valid) {
    c[C_NO_FIT]++;
  }
  unsigned smx = in->smx;
  bool had = smx < p->n_sms && s->bvalid[smx];
  unsigned before = had ? s->backup[smx] : 0;
  st_uinst_tick(u);
  if (smx < p->n_sms && s->bvalid[smx] && (!had || s->backup[smx] != before)) {
    c[C_BACKUP_NEW]++;
    c[C_BACKUP_SWITCH] += had;
  }
  memset(in, 0, sizeof *in);
  return ST_OK;
}

static const laperm_tbs_ops ops = {laperm_decide, laperm_commit};

/* ---- statistics --------------------------------------------------------------- */

/* laperm.examined: SMs examined; laperm.answer_{none,own,pq0,stolen}: the
 * answers by stage; laperm.dispatch_{own,pq0,stolen}: the blocks dispatched
 * by stage; laperm.no_fit: answers the SM could not take (it skipped the
 * cycle, spec §7 #15); laperm.backup_choices: new backup SMs committed by
 * Adaptive-Bind, laperm.backup_switches those that replaced another valid
 * backup; laperm.stolen_kept: stolen blocks taken from a backup already
 * held (sticky). */
static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  static const char *const stage_names[4] = {"none", "own", "pq0", "stolen"};
  char key[64];
  st_stat_u(out, "laperm.examined", c[C_EXAMINED]);
  for (int k = 0; k < 4; k++) {
    snprintf(key, sizeof key, "laperm.answer_%s", stage_names[k]);
    st_stat_u(out, key, c[C_ANSWER + k]);
  }
  for (int k = 1; k < 4; k++) {
    snprintf(key, sizeof key, "laperm.dispatch_%s", stage_names[k]);
    st_stat_u(out, key, c[C_TAKEN + k]);
  }
  st_stat_u(out, "laperm.no_fit", c[C_NO_FIT]);
  st_stat_u(out, "laperm.backup_choices", c[C_BACKUP_NEW]);
  st_stat_u(out, "laperm.backup_switches", c[C_BACKUP_SWITCH]);
  uint64_t stolen = c[C_TAKEN + LAPERM_STAGE_STEAL];
  st_stat_u(out, "laperm.stolen_kept", stolen > c[C_BACKUP_NEW] ? stolen - c[C_BACKUP_NEW] : 0);
}

/* spec §1.3.6 and §2: the on-chip queues the decision reads, which the
 * dissertation counts as LaPerm's cost (our unit holds only the decision
 * and its backup registers; the queue storage is the host's): 128 entries
 * x 24 B per SMX plus the 32 x 24 B PQ0, for the 13 SMX of the K20c
 * 13 x 3072 B + 768 B = 40,704 B = 325,632 bits. */
static const st_unit_seed_cost seed_cost = {
    "LaPerm (dissertation Ch.5): 128 x 24 B priority-queue SRAM per SMX (about 1% of RF + "
    "shared memory) plus the 32 x 24 B PQ0; storage bits for the 13-SMX K20c",
    0.0, 325632u, NULL, {NULL}};

const st_unit laperm_unit = {
    .desc = &laperm_desc,
    .role = ST_ROLE_TB_SCHED,
    .select = "cta_scheduler.policy=laperm_tbpri|laperm_smxbind|laperm_adaptive",
    .summary = "LaPerm dispatch decision: which priority queue serves the SM examined "
               "(TB-Pri, SMX-Bind, Adaptive-Bind)",
    .ops = &ops,
    .priv_size = 0,
    .n_counters = C_COUNT,
    .report = report,
    .trace = NULL,
    .seed_cost = &seed_cost,
};
