/* wsched_caws in the model: the issue scheduler of sm.warp_scheduler
 * caws_blk, caws_sm and caws_avg, one per warp scheduler. Besides the ready
 * vector it reads which warp slots hold a warp, their age ranks, which were
 * placed since the last edge, and each warp's level, computed here from the
 * oracle (the criticality profile the SM attaches to every warp at its
 * launch: core/unit_host.h) over the whole CTA or SM, never over the
 * scheduler's half alone (spec §7 A-2):
 *   caws_blk: the warp the profile has slowest in its CTA is critical (the
 *             lowest warp index of ties), the others normal;
 *   caws_sm:  the N slowest unfinished warps of the SM are critical (ties to
 *             the oldest), N = the blocks resident on the SM; recomputed
 *             whenever the resident or finished warps change;
 *   caws_avg: time t against its CTA's mean (sum S over n warps): 5 t n > 6 S
 *             (t > 1.2 mean) critical, 5 t n < 4 S (t < 0.8 mean) fast, else
 *             normal.
 * Statistics (report): caws.warps (warps launched) and caws.boosted_warps
 * (those critical at their launch), caws.fast_warps (fast at their launch). */
#include <string.h>

#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_caws/wsched_caws.h"

ST_ISSUE_UNIT_CHECK(wsched_caws);

enum { C_WARPS, C_BOOSTED, C_FAST, C_COUNT };

typedef struct caws_priv {
  /* caws_sm: the SM's critical warp slots, and what they were computed for */
  uint64_t crit, occ, fin;
  uint32_t resident;
  uint8_t known;
} caws_priv;

/* caws_sm: the N slowest unfinished warps of the SM (by the oracle; ties to
 * the older), N = resident blocks. */
static uint64_t sm_critical(const st_sm *sm, uint64_t live, unsigned n) {
  uint64_t crit = 0;
  for (unsigned i = 0; i < 64; i++) {
    if (!(live >> i & 1)) {
      continue;
    }
    uint64_t ti = st_uh_warp_oracle(sm, i);
    unsigned ai = st_uh_warp_age(sm, i), rank = 0;
    for (unsigned k = 0; k < 64; k++) {
      if (k == i || !(live >> k & 1)) {
        continue;
      }
      uint64_t tk = st_uh_warp_oracle(sm, k);
      rank += tk > ti || (tk == ti && st_uh_warp_age(sm, k) < ai);
    }
    if (rank < n) {
      crit |= UINT64_C(1) << i;
    }
  }
  return crit;
}

static unsigned level_of(st_uinst *u, const st_sm *sm, int policy, unsigned slot) {
  unsigned tb = st_uh_warp_tb(sm, slot);
  if (policy == ST_WSCHED_CAWS_BLK) {
    return slot == st_uh_tb_oracle_crit_slot(sm, tb) ? CAWS_CRITICAL : CAWS_NORMAL;
  }
  if (policy == ST_WSCHED_CAWS_AVG) {
    /* Exact integer tests against the CTA's mean (spec §1.2.2, §7 C-4). */
    uint64_t t = st_uh_warp_oracle(sm, slot);
    uint64_t sum = st_uh_tb_oracle_sum(sm, tb);
    uint64_t n = st_uh_tb_warps(sm, tb);
    if (5 * t * n > 6 * sum) {
      return CAWS_CRITICAL;
    }
    return 5 * t * n < 4 * sum ? CAWS_FAST : CAWS_NORMAL;
  }
  const caws_priv *b = u->priv;
  return b->crit >> slot & 1 ? CAWS_CRITICAL : CAWS_NORMAL;
}

static void gather(st_uinst *u, const st_sm *sm, unsigned s, uint64_t was_mem) {
  (void)was_mem;
  wsched_caws_in *in = u->in;
  caws_priv *b = u->priv;
  int policy = st_uh_config(sm)->sm.warp_scheduler;
  unsigned ns = st_uh_sched_count(sm), nw = st_uh_sched_warps(sm, s);
  uint64_t occ = st_uh_occupied(sm);
  if (policy == ST_WSCHED_CAWS_SM) {
    uint64_t fin = 0;
    for (unsigned i = 0; i < 64; i++) {
      if ((occ >> i & 1) && st_uh_warp_finished(sm, i)) {
        fin |= UINT64_C(1) << i;
      }
    }
    unsigned res = st_uh_tb_resident(sm);
    if (!b->known || b->occ != occ || b->fin != fin || b->resident != res || u->tb_launch) {
      b->crit = sm_critical(sm, occ & ~fin, res);
      b->occ = occ;
      b->fin = fin;
      b->resident = res;
      b->known = 1;
    }
  }
  for (unsigned j = 0; j < nw; j++) {
    unsigned slot = j * ns + s;
    if (!(occ >> slot & 1)) {
      continue;
    }
    unsigned tb = st_uh_warp_tb(sm, slot);
    in->valid[j] = 1;
    in->age[j] = (uint8_t)st_uh_warp_age(sm, slot);
    in->launch[j] = (uint8_t)(u->tb_launch >> tb & 1);
    in->level[j] = (uint8_t)level_of(u, sm, policy, slot);
    if (in->launch[j]) {
      u->ctr[C_WARPS]++;
      u->ctr[C_BOOSTED] += in->level[j] == CAWS_CRITICAL;
      u->ctr[C_FAST] += in->level[j] == CAWS_FAST;
    }
  }
}

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  st_stat_u(out, "caws.warps", c[C_WARPS]);
  st_stat_u(out, "caws.boosted_warps", c[C_BOOSTED]);
  st_stat_u(out, "caws.fast_warps", c[C_FAST]);
}

static const st_issue_ops ops = {offsetof(wsched_caws_in, ready), gather};

static const st_unit_seed_cost seed_cost = {
    "CAWA dissertation Ch.3 gives no cost; spec §2 [suggest]: 48 x 6-bit priority counters = "
    "36 B per SM (24 x 6 bits per warp scheduler), plus the oracle input (not implementable)",
    0, 144, NULL, {NULL}};

const st_unit wsched_caws_unit = {
    .desc = &wsched_caws_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=caws_blk|caws_sm|caws_avg",
    .summary = "CAWS oracle criticality-aware issue scheduler (6-bit priority counters, "
               "boosted warps from a criticality profile)",
    .ops = &ops,
    .priv_size = sizeof(caws_priv),
    .n_counters = C_COUNT,
    .report = report,
    .seed_cost = &seed_cost,
};
