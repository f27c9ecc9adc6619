/* Thread-block scheduler policies (tbsched.h). */
#include "gpu/tbsched.h"

#include <inttypes.h>
#include <string.h>

#include "units/laperm/laperm.h"
#include "units/uinst.h"

/* The first kernel or group in the scheduling order (FCFS) with blocks left
 * that fits on sm, or NULL. A group whose record is still being loaded from
 * global memory (dtbl.overflow global) stalls the scheduler until it is
 * there: nothing after it is handed out before it. */
static st_lkernel *fitting_at(const st_tbs_host *h, const st_sm *sm, uint64_t now,
                              uint64_t *wait) {
  for (st_lkernel *lk = h->q->sched_head; lk != NULL; lk = lk->sched_next) {
    if (lk->t_ready > now) {
      *wait = lk->t_ready < *wait ? lk->t_ready : *wait; /* (the answer may change then) */
      return NULL;
    }
    if (st_sm_can_launch(sm, &lk->rk)) {
      return lk;
    }
  }
  return NULL;
}

static st_lkernel *fitting(const st_tbs_host *h, const st_sm *sm, uint64_t now) {
  uint64_t wait = UINT64_MAX;
  return fitting_at(h, sm, now, &wait);
}

bool st_tbs_placeable(const st_tbs_host *h) {
  if (!st_launchq_unissued(h->q)) {
    return false;
  }
  for (uint32_t i = 0; i < h->n_sms; i++) {
    if (fitting(h, h->sms[i], UINT64_MAX - 1) != NULL) {
      return true;
    }
  }
  return false;
}

/* ---- round robin (rr, static, dyncta) --------------------------------------- */

typedef struct rr_state {
  uint32_t next_sm; /* the rotating pointer */
} rr_state;

/* One block per SM per cycle, SMs in round-robin order from the pointer as
 * it was at the start of the cycle (moving it during the scan would skip
 * SMs), blocks in increasing id. */
static st_status rr_dispatch(void *state, const st_tbs_host *h, uint64_t now, st_error *err) {
  rr_state *rr = state;
  st_launchq *q = h->q;
  if (!st_launchq_unissued(q)) {
    return ST_OK;
  }
  /* The last scan placed nothing, and nothing it read has changed since:
   * this one places nothing either (sim.check_skips scans and checks). */
  bool memo = h->fit_epoch != NULL && q->fit_memo.valid &&
              q->fit_memo.version == q->sched_version &&
              (q->fit_memo.epoch == *h->fit_epoch || h->fault_stale_fit) &&
              now < q->fit_memo.until;
  if (memo && !h->check_skips) {
    return ST_OK;
  }
  uint64_t wait = UINT64_MAX;
  bool placed = false;
  uint32_t i = rr->next_sm % h->n_sms; /* (the pointer, as it was at the start of the cycle) */
  for (uint32_t k = 0; k < h->n_sms && st_launchq_unissued(q);
       k++, i = i + 1 == h->n_sms ? 0 : i + 1) {
    st_lkernel *lk = fitting_at(h, h->sms[i], now, &wait);
    if (lk != NULL && memo) {
      return st_error_set(err, ST_ERR_INTERNAL,
                          "sim.check_skips: the block scheduler's memo would have placed "
                          "nothing at core cycle %" PRIu64 ", where a block of %s fits SM %u",
                          now, lk->k->name, i);
    }
    if (lk != NULL) {
      placed = true;
      st_status rc = h->place(h->ctx, i, lk, now, err);
      if (rc != ST_OK) {
        return rc;
      }
      rr->next_sm = i + 1 == h->n_sms ? 0 : i + 1;
    }
  }
  if (!placed && h->fit_epoch != NULL) {
    q->fit_memo.valid = true;
    q->fit_memo.version = q->sched_version;
    q->fit_memo.epoch = *h->fit_epoch;
    q->fit_memo.until = wait;
  }
  return ST_OK;
}

/* ---- LaPerm (laperm_tbpri, laperm_smxbind, laperm_adaptive) ----------------- */

#define LP_MAX_SMS LAPERM_MAX_SMS
#define LP_MAX_LEVELS 16 /* levels 0..15 */

enum { LP_TBPRI = 0, LP_SMXBIND = 1, LP_ADAPTIVE = 2 };

typedef struct lp_queue {
  st_lkernel *head, *tail;
} lp_queue;

typedef struct lp_state {
  uint32_t next_sm;  /* the rotating pointer */
  /* Row s, level l (1..L): the kernels and groups bound to SM s (TB-Pri:
   * row 0 for all) at level l; pq0: level 0 (host kernels). */
  lp_queue q[LP_MAX_SMS][LP_MAX_LEVELS];
  lp_queue ovf[LP_MAX_SMS][LP_MAX_LEVELS]; /* in global memory: no on-chip entry free */
  uint32_t onchip[LP_MAX_SMS]; /* on-chip entries of each row */
  uint32_t cap;                /* on-chip entries per row */
  uint64_t refill;             /* laperm.refill_latency */
  lp_queue pq0;
  uint64_t queued[LP_MAX_SMS]; /* blocks left in each row */
  uint32_t mode, levels;
} lp_state;

static uint32_t lp_mode(const st_config *cfg) {
  switch (cfg->cta_scheduler.policy) {
  case ST_CTA_LAPERM_TBPRI: return LP_TBPRI;
  case ST_CTA_LAPERM_SMXBIND: return LP_SMXBIND;
  default: return LP_ADAPTIVE;
  }
}

static void lp_push(lp_queue *x, st_lkernel *lk) {
  lk->tq_next = NULL;
  if (x->tail != NULL) {
    x->tail->tq_next = lk;
  } else {
    x->head = lk;
  }
  x->tail = lk;
}

/* Takes the head of x off (x not empty). */
static st_lkernel *lp_pop(lp_queue *x) {
  st_lkernel *lk = x->head;
  x->head = lk->tq_next;
  if (x->head == NULL) {
    x->tail = NULL;
  }
  return lk;
}

static lp_queue *lp_queue_of(lp_state *s, const st_lkernel *lk, uint32_t *row) {
  uint32_t level = lk->prio < s->levels ? lk->prio : s->levels;
  if (level == 0) {
    *row = UINT32_MAX;
    return &s->pq0;
  }
  *row = s->mode == LP_TBPRI ? 0 : lk->parent_sm % LP_MAX_SMS;
  return &s->q[*row][level];
}

/* A kernel or group enters the scheduling order: its queue, on chip if the
 * row has an entry free, else the row's overflow in global memory. */
static void lp_on_sched(void *ctx, st_lkernel *lk) {
  lp_state *s = ctx;
  uint32_t row;
  lp_queue *x = lp_queue_of(s, lk, &row);
  if (row == UINT32_MAX) {
    lp_push(x, lk);
    return;
  }
  s->queued[row] += lk->k->num_ctas - lk->next_cta;
  if (s->onchip[row] < s->cap) {
    s->onchip[row]++;
    lp_push(x, lk);
  } else {
    lp_push(&s->ovf[row][x - s->q[row]], lk);
  }
}

/* An on-chip entry of row r was freed: the oldest entry of the highest
 * level of r's overflow is loaded into it (spec §7 #16). */
static void lp_refill(lp_state *s, uint32_t r, uint64_t now) {
  s->onchip[r]--;
  for (uint32_t l = s->levels; l >= 1; l--) {
    lp_queue *o = &s->ovf[r][l];
    if (o->head != NULL) {
      st_lkernel *lk = lp_pop(o);
      uint64_t ready = now + s->refill;
      lk->t_ready = lk->t_ready > ready ? lk->t_ready : ready;
      lp_push(&s->q[r][l], lk);
      s->onchip[r]++;
      return;
    }
  }
}

static void lp_run_begin(void *state, const st_tbs_host *h) {
  lp_state *s = state;
  memset(s, 0, sizeof *s);
  s->mode = lp_mode(h->cfg);
  s->levels = (uint32_t)h->cfg->laperm.levels;
  uint64_t cap = (uint64_t)h->cfg->laperm.queue_entries * (s->mode == LP_TBPRI ? h->n_sms : 1);
  s->cap = cap < UINT32_MAX ? (uint32_t)cap : UINT32_MAX;
  s->refill = (uint64_t)h->cfg->laperm.refill_latency;
  h->q->on_sched = lp_on_sched;
  h->q->on_sched_ctx = s;
}

/* LaPerm's decision for SM sm (spec §1.3.4), by the laperm unit (its RTL
 * twin under co-simulation): its inputs from the queues, its answer the
 * queue SM sm takes a block from, or NULL. */
static st_status lp_decide(lp_state *s, st_uinst *u, uint32_t sm, uint32_t n, uint64_t now,
                           lp_queue **x, uint32_t *row, st_error *err) {
  const laperm_tbs_ops *ops = u->unit->ops;
  const laperm_params *p = u->p;
  laperm_in *in = u->in;
  memset(in, 0, sizeof *in);
  in->smx = (uint8_t)sm;
  in->ne0 = s->pq0.head != NULL;
  uint64_t cmax = (UINT64_C(1) << p->cnt_w) - 1;
  for (uint32_t r = 0; r < n; r++) {
    for (uint32_t l = 1; l <= s->levels; l++) {
      in->ne[r] |= (uint16_t)(s->q[r][l].head != NULL) << (l - 1);
    }
    in->cnt[r] = (uint16_t)(s->queued[r] < cmax ? s->queued[r] : cmax);
  }
  st_status rc = ops->decide(u, now, err);
  if (rc != ST_OK) {
    return rc;
  }
  const laperm_out *o = u->out;
  *x = NULL;
  *row = UINT32_MAX;
  if (o->valid && o->stage == LAPERM_STAGE_PQ0) {
    *x = &s->pq0;
  } else if (o->valid && o->qsm < n && o->lvl >= 1 && o->lvl <= s->levels) {
    *row = o->qsm;
    *x = &s->q[o->qsm][o->lvl];
  }
  return ST_OK;
}

static st_status lp_dispatch(void *state, const st_tbs_host *h, uint64_t now, st_error *err) {
  lp_state *s = state;
  if (!st_launchq_unissued(h->q)) {
    return ST_OK;
  }
  if (h->unit == NULL) {
    return st_error_set(err, ST_ERR_INTERNAL, "cta_scheduler.policy %s: no laperm unit",
                        st_config_enum_name("cta_scheduler.policy",
                                            (size_t)h->cfg->cta_scheduler.policy));
  }
  uint32_t n = h->n_sms < LP_MAX_SMS ? h->n_sms : LP_MAX_SMS;
  uint32_t start = s->next_sm;
  for (uint32_t k = 0; k < n && st_launchq_unissued(h->q); k++) {
    uint32_t i = (start + k) % n;
    uint32_t row = UINT32_MAX;
    lp_queue *x = NULL;
    st_status rc = lp_decide(s, h->unit, i, n, now, &x, &row, err);
    if (rc != ST_OK) {
      return rc;
    }
    st_lkernel *lk = x != NULL ? x->head : NULL;
    bool take = lk != NULL && lk->t_ready <= now && st_sm_can_launch(h->sms[i], &lk->rk);
    rc = ((const laperm_tbs_ops *)h->unit->unit->ops)->commit(h->unit, take, now, err);
    if (rc != ST_OK) {
      return rc;
    }
    if (!take) {
      continue; /* strict priority: the SM waits for its candidate */
    }
    rc = h->place(h->ctx, i, lk, now, err);
    if (rc != ST_OK) {
      return rc;
    }
    if (row != UINT32_MAX) {
      s->queued[row]--;
    }
    if (lk->next_cta >= lk->k->num_ctas) {
      lp_pop(x);
      if (row != UINT32_MAX) {
        lp_refill(s, row, now);
      }
    }
    s->next_sm = (i + 1) % n;
  }
  return ST_OK;
}

static uint32_t limit_occupancy(const st_config *cfg, uint32_t occ) {
  (void)cfg;
  return occ;
}

static uint32_t limit_static(const st_config *cfg, uint32_t occ) {
  uint64_t lim = (uint64_t)cfg->cta_scheduler.limit;
  return lim > 0 && lim < occ ? (uint32_t)lim : occ;
}

static uint32_t guaranteed_all(const st_config *cfg, uint32_t limit) {
  (void)cfg;
  return limit;
}

/* DYNCTA's limit n may fall to 1: blocks beyond it wait unissued. */
static uint32_t guaranteed_one(const st_config *cfg, uint32_t limit) {
  (void)cfg;
  return limit > 1 ? 1 : limit;
}

static const st_tbs_policy policies[ST_CTA_POLICY_COUNT] = {
    [ST_CTA_RR] = {"rr", limit_occupancy, guaranteed_all, rr_dispatch, NULL, NULL, sizeof(rr_state),
                  false},
    [ST_CTA_STATIC] = {"static", limit_static, guaranteed_all, rr_dispatch, NULL,
                       NULL, sizeof(rr_state), false},
    [ST_CTA_DYNCTA] = {"dyncta", limit_occupancy, guaranteed_one, rr_dispatch, NULL,
                       NULL, sizeof(rr_state), false},
    [ST_CTA_LAPERM_TBPRI] = {"laperm_tbpri", limit_occupancy, guaranteed_all, lp_dispatch, NULL,
                             lp_run_begin, sizeof(lp_state), true},
    [ST_CTA_LAPERM_SMXBIND] = {"laperm_smxbind", limit_occupancy, guaranteed_all, lp_dispatch,
                               NULL, lp_run_begin, sizeof(lp_state), true},
    [ST_CTA_LAPERM_ADAPTIVE] = {"laperm_adaptive", limit_occupancy, guaranteed_all, lp_dispatch,
                                NULL, lp_run_begin, sizeof(lp_state), true},
};

const st_tbs_policy *st_tbs_policy_of(const st_config *cfg) {
  int p = cfg->cta_scheduler.policy;
  return &policies[p >= 0 && p < ST_CTA_POLICY_COUNT ? p : ST_CTA_RR];
}
