/* LaPerm: the locality-aware thread-block dispatch decision (spec
 * dtbl-laperm-dvfs.md §1.3.1-§1.3.5, §7 #12-#15), one per GPU, role
 * thread-block scheduler (rtl/laperm.sv; docs/units/laperm.md).
 *
 * The queues are the host's (the thread-block scheduler, gpu/tbsched.c): for
 * SMX-Bind and Adaptive-Bind one priority queue per SM and level 1..L, for
 * TB-Pri one global set of levels 1..L (presented as SM row 0), and the
 * shared level-0 queue PQ0 (host kernels, top-level parents). The unit sees
 * only which of them are non-empty and how many blocks each SM has queued,
 * and answers, for the one SM examined this cycle (`smx`), whose queue's
 * head that SM takes a block from:
 *
 *   TB-Pri   (MODE 0)  the highest non-empty level of row 0 (L..1): stage 1,
 *                      qsm 0; else PQ0: stage 2; else none. smx is not used.
 *   SMX-Bind (MODE 1)  the highest non-empty level of row smx: stage 1, qsm
 *                      smx; else PQ0: stage 2; else none.
 *   Adaptive (MODE 2)  as SMX-Bind, then stage 3 (steal): if backup[smx] is
 *                      valid and that SM's row is non-empty, its highest
 *                      level (the sticky backup, kept); else b = the SM with
 *                      the most queued blocks (cnt) among those with a
 *                      non-empty row other than smx, ties to the first id
 *                      after smx (cyclic: smx+1, ..., NS-1, 0, ...), and its
 *                      highest level (a new backup choice); else none.
 *
 * The answer: valid (some queue serves smx), stage (LAPERM_STAGE_*), qsm
 * (whose queues: smx at stage 1 of the binding modes, b at stage 3, 0
 * otherwise), lvl (the level, 1..L; 0 for PQ0 and for none).
 *
 * The clock edge. A new backup choice is remembered (backup[smx] := b,
 * bvalid[smx] := 1) only at an edge whose cycle took the answer (`take`:
 * the host dispatched a block of it). A candidate that does not fit on the
 * SM makes the SM skip the cycle (spec §7 #15, strict priority, no bypass),
 * and then nothing is remembered: the next examination of the SM decides
 * again on the counts of that time, so a backup is the SM a block was
 * really stolen from. A kept backup stays as it is; a backup whose row has
 * emptied is replaced at the next stage-3 dispatch (sticky until empty,
 * §1.3.3) and otherwise left valid (it is not consulted while its row is
 * empty). Stages 1 and 2 never change the registers, nor do TB-Pri and
 * SMX-Bind at all.
 *
 * smx must be below NS: a larger value reads an empty own row (SMX-Bind,
 * Adaptive-Bind; TB-Pri reads row 0 whatever smx is) and no backup (the
 * answer may still be PQ0 or a steal) and commits nothing.
 *
 * No hidden state, no floating point, no allocation (units/unit.h). */
#ifndef SIMTREF_UNITS_LAPERM_H
#define SIMTREF_UNITS_LAPERM_H

#include "common/error.h"
#include "units/unit.h"

/* The largest configuration: SMs and levels. */
#define LAPERM_MAX_SMS 32
#define LAPERM_MAX_LEVELS 15
/* Width of an SM index (smx, qsm, backup) and of a level (lvl). */
#define LAPERM_SM_W 5
#define LAPERM_LVL_W 4

/* MODE: the policy (cta_scheduler.policy laperm_tbpri / smxbind / adaptive). */
enum { LAPERM_TBPRI = 0, LAPERM_SMXBIND = 1, LAPERM_ADAPTIVE = 2 };

/* stage: where the answer comes from. */
enum {
  LAPERM_STAGE_NONE = 0, /* no queue serves the SM this cycle */
  LAPERM_STAGE_OWN = 1,  /* its own bound levels (TB-Pri: the global levels) */
  LAPERM_STAGE_PQ0 = 2,  /* the shared level-0 queue */
  LAPERM_STAGE_STEAL = 3 /* another SM's bound levels (Adaptive-Bind's backup) */
};

typedef struct laperm_params {
  uint8_t n_sms;  /* NS: SMs, 1..32 */
  uint8_t levels; /* L: the highest priority level, 1..15 */
  uint8_t mode;   /* MODE: LAPERM_TBPRI / SMXBIND / ADAPTIVE */
  uint8_t cnt_w;  /* CNT_W: width of a queued-block count, 1..16 */
} laperm_params;

typedef struct laperm_state {
  uint8_t bvalid[LAPERM_MAX_SMS]; /* [NS][1] SM s has a backup */
  uint8_t backup[LAPERM_MAX_SMS]; /* [NS][5] SM s's backup SM (0 while not valid) */
} laperm_state;

typedef struct laperm_in {
  uint8_t smx;                  /* [5] the SM examined this cycle */
  uint8_t ne0;                  /* [1] PQ0 holds an entry */
  uint16_t ne[LAPERM_MAX_SMS];  /* [NS][L] bit l-1: SM s's level-l queue is non-empty */
  uint16_t cnt[LAPERM_MAX_SMS]; /* [NS][CNT_W] blocks queued bound to SM s */
  uint8_t take;                 /* [1] the host dispatched from this cycle's answer */
} laperm_in;

typedef struct laperm_out {
  uint8_t valid; /* [1] some queue serves smx */
  uint8_t stage; /* [2] LAPERM_STAGE_* */
  uint8_t qsm;   /* [5] whose queues (stage 1 and 3); 0 otherwise */
  uint8_t lvl;   /* [4] the level, 1..L (stage 1 and 3); 0 otherwise */
} laperm_out;

/* The highest set bit of a row of L level bits, as a level 1..L; 0 when the
 * row is empty. */
unsigned laperm_top_level(const laperm_params *p, unsigned row);

/* The SM Adaptive-Bind would newly choose as smx's backup for these inputs
 * (the most queued blocks, ties to the first id after smx), or -1 when no
 * other SM has a non-empty row. */
int laperm_choose_backup(const laperm_params *p, const laperm_in *in);

void laperm_reset(const laperm_params *p, laperm_state *s);
void laperm_eval(const laperm_params *p, const laperm_state *s, const laperm_in *in,
                 laperm_out *out);
void laperm_tick(const laperm_params *p, laperm_state *s, const laperm_in *in,
                 const laperm_out *out);

/* The parameters of the GPU's instance: NS = the SMs (gpu.num_clusters x
 * gpu.sms_per_cluster), L = laperm.levels, MODE from cta_scheduler.policy
 * (TB-Pri for a policy that is not LaPerm's), CNT_W = 16. */
void laperm_config_params(const st_config *cfg, laperm_params *p);

extern const st_unit_desc laperm_desc;

/* ---- the host's calls (laperm_bind.c) -------------------------------------------
 * The thread-block scheduler keeps the queues; for the SM it examines in a
 * cycle it fills the instance's laperm_in (take 0) and calls laperm_decide,
 * which evaluates it (with an RTL twin: compares, and the twin's answer is
 * the one to use) and leaves the answer in u->out. When it has tried the
 * answer it calls laperm_commit with took = the block was dispatched: the
 * clock edge with take set (evaluated once more, so that the twin's edge
 * sees it), and the unit's statistics. Every examined SM is one decide and
 * one commit, also when the answer is none. */
struct st_uinst;
st_status laperm_decide(struct st_uinst *u, uint64_t now, st_error *err);
st_status laperm_commit(struct st_uinst *u, bool took, uint64_t now, st_error *err);

/* The binding of the thread-block scheduler role for LaPerm (its entry's
 * ops): the two calls above. */
typedef struct laperm_tbs_ops {
  st_status (*decide)(struct st_uinst *u, uint64_t now, st_error *err);
  st_status (*commit)(struct st_uinst *u, bool took, uint64_t now, st_error *err);
} laperm_tbs_ops;

#endif
