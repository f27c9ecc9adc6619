/* Thread-block scheduler policies (tbsched.h). */
#include "gpu/tbsched.h"

/* The first kernel or group in the scheduling order (FCFS) with blocks left
 * that fits on sm, or NULL. */
static st_lkernel *fitting(const st_tbs_host *h, const st_sm *sm, uint64_t now) {
  for (st_lkernel *lk = h->q->sched_head; lk != NULL; lk = lk->sched_next) {
    if (lk->t_ready <= now && st_sm_can_launch(sm, &lk->rk)) {
      return lk;
    }
  }
  return NULL;
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
  if (!st_launchq_unissued(h->q)) {
    return ST_OK;
  }
  uint32_t start = rr->next_sm;
  for (uint32_t k = 0; k < h->n_sms && st_launchq_unissued(h->q); k++) {
    uint32_t i = (start + k) % h->n_sms;
    st_lkernel *lk = fitting(h, h->sms[i], now);
    if (lk != NULL) {
      st_status rc = h->place(h->ctx, i, lk, now, err);
      if (rc != ST_OK) {
        return rc;
      }
      rr->next_sm = (i + 1) % h->n_sms;
    }
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
    [ST_CTA_RR] = {"rr", limit_occupancy, guaranteed_all, rr_dispatch, NULL, sizeof(rr_state)},
    [ST_CTA_STATIC] = {"static", limit_static, guaranteed_all, rr_dispatch, NULL,
                       sizeof(rr_state)},
    [ST_CTA_DYNCTA] = {"dyncta", limit_occupancy, guaranteed_one, rr_dispatch, NULL,
                       sizeof(rr_state)},
    /* LaPerm's policies: placeholders until the laperm unit is hosted. */
    [ST_CTA_LAPERM_TBPRI] = {"laperm_tbpri", limit_occupancy, guaranteed_all, rr_dispatch, NULL,
                             sizeof(rr_state)},
    [ST_CTA_LAPERM_SMXBIND] = {"laperm_smxbind", limit_occupancy, guaranteed_all, rr_dispatch,
                               NULL, sizeof(rr_state)},
    [ST_CTA_LAPERM_ADAPTIVE] = {"laperm_adaptive", limit_occupancy, guaranteed_all, rr_dispatch,
                                NULL, sizeof(rr_state)},
};

const st_tbs_policy *st_tbs_policy_of(const st_config *cfg) {
  int p = cfg->cta_scheduler.policy;
  return &policies[p >= 0 && p < ST_CTA_POLICY_COUNT ? p : ST_CTA_RR];
}
