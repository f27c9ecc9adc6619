/* CACP over st_cache's L1D policy hooks: Algorithms 7 (miss: partition,
 * victim, insertion), 8 (hit: promotion, training) and 9 (eviction:
 * training). See cacp_core.h. */
#include "units/cacp/cacp_core.h"

#include <string.h>

bool cacp_params_ok(const cacp_params *p, const char **why) {
  if (p->critical_ways == 0 || p->critical_ways >= p->ways) {
    *why = "l1d.cacp.critical_ways must be at least 1 and less than the L1D's ways (l1d.ways)";
    return false;
  }
  if (p->ccbp_threshold > 3) {
    *why = "l1d.cacp.ccbp_threshold must be 0..3 (2-bit counters)";
    return false;
  }
  return true;
}

void cacp_reset(cacp *k, const cacp_params *p) {
  memset(k, 0, sizeof *k);
  k->p = *p;
  memset(k->s.ship, 1, sizeof k->s.ship);
}

uint8_t cacp_signature(const cacp_params *p, uint32_t pc, uint64_t addr) {
  uint64_t a = p->sig_byte ? addr : addr >> p->line_log2;
  return (uint8_t)((pc ^ (uint32_t)a) & 0xFFu);
}

bool cacp_predict_critical(const cacp *k, uint8_t sig) {
  return k->s.ccbp[sig] > k->p.ccbp_threshold;
}

static void sat_inc(uint8_t *c, uint64_t *n) {
  if (*c < 3) {
    (*c)++;
    (*n)++;
  }
}

static void sat_dec(uint8_t *c, uint64_t *n) {
  if (*c > 0) {
    (*c)--;
    (*n)++;
  }
}

/* The partition [lo, hi) of a request. */
static void partition(const cacp *k, const st_mreq *r, uint32_t *lo, uint32_t *hi) {
  bool crit = r != NULL && cacp_predict_critical(k, cacp_signature(&k->p, r->pc, r->addr));
  *lo = crit ? 0 : k->p.critical_ways;
  *hi = crit ? k->p.critical_ways : k->p.ways;
}

/* Pure: an invalid way of the partition (lowest first), else the lowest way
 * with the largest RRPV among valid ways (the one that reaches 3 first when
 * the partition ages by 3 - max); reserved ways never. With clean_only dirty
 * ways are skipped. -1 when none. */
static int32_t cacp_victim(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r,
                           bool clean_only) {
  const cacp *k = ctx;
  uint32_t lo, hi;
  partition(k, r, &lo, &hi);
  int32_t best = -1;
  uint32_t best_rrpv = 0;
  for (uint32_t w = lo; w < hi; w++) {
    st_cache_way_state st = st_cache_way(c, set, (int32_t)w);
    if (st == ST_WAY_INVALID) {
      return (int32_t)w;
    }
    if (st != ST_WAY_VALID || (clean_only && st_cache_way_dirty(c, set, (int32_t)w))) {
      continue;
    }
    uint32_t rrpv = CACP_META_RRPV(st_cache_meta_of(c, set, (int32_t)w));
    if (best < 0 || rrpv > best_rrpv) {
      best = (int32_t)w;
      best_rrpv = rrpv;
    }
  }
  return best;
}

/* Commit: ages the partition by 3 - max RRPV of its valid lines (the victim
 * had the max), then sets the new line's word. */
static void cacp_insert(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                        bool replaced, uint32_t old_meta, uint32_t *meta) {
  cacp *k = ctx;
  uint32_t lo, hi;
  partition(k, r, &lo, &hi);
  if (replaced) {
    /* the victim had the partition's largest RRPV: every valid line of the
     * partition ages by 3 - that, so the victim would have reached 3 */
    uint32_t age = 3u - CACP_META_RRPV(old_meta);
    for (uint32_t w = lo; w < hi && age > 0; w++) {
      if ((int32_t)w != way && st_cache_way(c, set, (int32_t)w) == ST_WAY_VALID) {
        uint32_t *m = st_cache_meta(c, set, (int32_t)w);
        uint32_t rr = CACP_META_RRPV(*m) + age;
        *m = (*m & ~(3u << 10)) | (rr > 3 ? 3u : rr) << 10;
      }
    }
  }
  uint8_t sig = r != NULL ? cacp_signature(&k->p, r->pc, r->addr) : 0;
  bool crit = lo == 0;
  if (crit) {
    k->n.pred_critical++;
    k->n.critical_inserts++;
  } else {
    k->n.pred_noncritical++;
  }
  uint32_t rrpv = k->s.ship[sig] == 0 ? 3u : 2u;
  if (rrpv == 3) {
    k->n.pred_distant++;
  } else {
    k->n.pred_long++;
  }
  *meta = cacp_meta(sig, 0, 0, rrpv);
}

static void cacp_hit(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                     uint32_t *meta) {
  (void)c;
  (void)set;
  (void)way;
  cacp *k = ctx;
  uint8_t sig = CACP_META_SIG(*meta);
  uint32_t cr = CACP_META_CREUSE(*meta), ncr = CACP_META_NCREUSE(*meta);
  /* B-9: global loads train the tables; a store hit sets the reuse flags
   * only; every hit promotes */
  const bool load = r->kind == ACC_GLOBAL_R && r->op == MREQ_READ;
  const bool store = r->op == MREQ_WRITE;
  if (load || store) {
    if (r->crit) {
      cr = 1;
    } else {
      ncr = 1;
    }
  }
  if (load) {
    if (r->crit) {
      sat_inc(&k->s.ccbp[sig], &k->n.ccbp_inc);
    }
    sat_inc(&k->s.ship[sig], &k->n.ship_inc);
  }
  *meta = cacp_meta(sig, cr, ncr, 0);
}

static void cacp_evict(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta) {
  (void)c;
  (void)set;
  cacp *k = ctx;
  uint8_t sig = CACP_META_SIG(meta);
  bool in_crit = (uint32_t)way < k->p.critical_ways;
  if (!CACP_META_CREUSE(meta) && CACP_META_NCREUSE(meta) && in_crit) {
    sat_dec(&k->s.ccbp[sig], &k->n.ccbp_dec);
  } else if (!CACP_META_CREUSE(meta) && !CACP_META_NCREUSE(meta)) {
    sat_dec(&k->s.ship[sig], &k->n.ship_dec);
  }
}

const st_cache_policy_ops cacp_ops = {cacp_victim, NULL, cacp_insert, cacp_hit,
                                      NULL,        cacp_evict, NULL};
