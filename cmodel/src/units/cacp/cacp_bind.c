/* cacp in the model: the L1D policy of l1d.policy cacp, one per L1D
 * (docs/units/cacp.md). Its binding is the cache's policy hooks
 * (mem/cache_policy.h): each hook fills the unit's inputs from the request
 * and from the set it touches (way states, dirty bits, the lines' words),
 * evaluates it (with an RTL twin, in lock-step), applies its outputs (the
 * victim, the set's new words) and, for a commit hook, clocks it. A C/RTL
 * difference becomes the run's error (the SM stops after its LD/ST stage).
 *
 * Statistics (cacp.*): insertions per partition and per SHiP prediction,
 * and every table counter that moved, counted from the registers before and
 * after each clock edge. */
#include <string.h>

#include "core/unit_host.h"
#include "mem/cache_policy.h"
#include "units/cacp/cacp.h"
#include "units/roles.h"

typedef struct cacp_bind {
  st_sm *sm; /* its SM (the cycle for reports, the run's error), or NULL */
} cacp_bind;

enum {
  C_INS_CRIT = 0, C_INS_NONCRIT, C_INS_DISTANT, C_INS_LONG, C_CCBP_INC, C_CCBP_DEC, C_SHIP_INC,
  C_SHIP_DEC, C_COUNT
};

static void bind(st_uinst *u, st_sm *sm) { ((cacp_bind *)u->priv)->sm = sm; }

/* The inputs of an evaluation on `set` of c for op (request r or NULL). */
static cacp_in *gather(st_uinst *u, const st_cache *c, uint32_t set, uint8_t op,
                       const st_mreq *r) {
  cacp_in *in = u->in;
  const cacp_params *p = u->p;
  memset(in, 0, sizeof *in);
  in->op = op;
  if (r != NULL) {
    in->req = 1;
    in->pc = (uint8_t)r->pc;
    in->addr = (uint16_t)r->addr;
    in->crit = (uint8_t)(r->crit != 0);
    in->load = (uint8_t)(r->kind == ACC_GLOBAL_R && r->op == MREQ_READ);
    in->store = (uint8_t)(r->op == MREQ_WRITE);
  }
  for (unsigned w = 0; w < p->ways; w++) {
    st_cache_way_state st = st_cache_way(c, set, (int32_t)w);
    in->wstate[w] = (uint8_t)st;
    in->wdirty[w] = (uint8_t)(st == ST_WAY_VALID && st_cache_way_dirty(c, set, (int32_t)w));
    in->meta[w] = (uint16_t)st_cache_meta_of(c, set, (int32_t)w);
  }
  return in;
}

/* Evaluates; a C/RTL difference becomes the run's error (the first one). */
static const cacp_out *eval(st_uinst *u) {
  cacp_bind *b = u->priv;
  st_error scratch;
  st_error_clear(&scratch);
  st_error *err = b->sm != NULL ? st_uh_error(b->sm) : NULL;
  if (err == NULL || err->code != ST_OK) {
    err = &scratch; /* no run in progress, or its first report is kept */
  }
  (void)st_uinst_eval(u, b->sm != NULL ? st_uh_cycles(b->sm) : 0, err);
  return u->out;
}

/* The clock edge; counts the table entries that moved. */
static void tick(st_uinst *u) {
  const cacp_in *in = u->in;
  const cacp_out *out = u->out;
  const cacp_state *s = u->s;
  uint8_t sig = 0;
  if (in->op == CACP_OP_HIT) {
    sig = CACP_META_SIG(in->meta[in->way]);
  } else if (in->op == CACP_OP_EVICT) {
    sig = CACP_META_SIG(in->old_meta);
  } else {
    sig = out->sig;
  }
  uint8_t c0 = s->ccbp[sig], h0 = s->ship[sig];
  st_uinst_tick(u);
  u->ctr[C_CCBP_INC] += s->ccbp[sig] > c0;
  u->ctr[C_CCBP_DEC] += s->ccbp[sig] < c0;
  u->ctr[C_SHIP_INC] += s->ship[sig] > h0;
  u->ctr[C_SHIP_DEC] += s->ship[sig] < h0;
}

static int32_t hook_victim(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r,
                           bool clean_only) {
  st_uinst *u = ctx;
  cacp_in *in = gather(u, c, set, CACP_OP_VICTIM, r);
  in->clean_only = (uint8_t)clean_only;
  const cacp_out *o = eval(u);
  return o->victim_valid ? (int32_t)o->victim : -1;
}

static void hook_insert(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                        bool replaced, uint32_t old_meta, uint32_t *meta) {
  st_uinst *u = ctx;
  const cacp_params *p = u->p;
  cacp_in *in = gather(u, c, set, CACP_OP_INSERT, r);
  in->way = (uint8_t)way;
  in->replaced = (uint8_t)replaced;
  in->old_meta = (uint16_t)(old_meta & 0xFFFu);
  const cacp_out *o = eval(u);
  for (unsigned w = 0; w < p->ways; w++) {
    if ((int32_t)w != way && o->meta[w] != in->meta[w]) {
      *st_cache_meta(c, set, (int32_t)w) = o->meta[w];
    }
  }
  *meta = o->meta[way];
  u->ctr[o->part_crit ? C_INS_CRIT : C_INS_NONCRIT]++;
  u->ctr[CACP_META_RRPV(o->meta[way]) == 3 ? C_INS_DISTANT : C_INS_LONG]++;
  tick(u);
}

static void hook_hit(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                     uint32_t *meta) {
  st_uinst *u = ctx;
  cacp_in *in = gather(u, c, set, CACP_OP_HIT, r);
  in->way = (uint8_t)way;
  const cacp_out *o = eval(u);
  *meta = o->meta[way];
  tick(u);
}

static void hook_evict(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta) {
  st_uinst *u = ctx;
  cacp_in *in = gather(u, c, set, CACP_OP_EVICT, NULL);
  in->way = (uint8_t)way;
  in->old_meta = (uint16_t)(meta & 0xFFFu);
  (void)eval(u);
  tick(u);
}

static const st_cache_policy_ops cache_ops = {
    .victim = hook_victim, .insert = hook_insert, .hit = hook_hit, .evict = hook_evict};

static const st_l1dpol_ops ops = {.cache = &cache_ops, .bind = bind};

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  st_stat_u(out, "cacp.inserts_critical", c[C_INS_CRIT]);
  st_stat_u(out, "cacp.inserts_noncritical", c[C_INS_NONCRIT]);
  st_stat_u(out, "cacp.inserts_distant", c[C_INS_DISTANT]);
  st_stat_u(out, "cacp.inserts_long", c[C_INS_LONG]);
  st_stat_u(out, "cacp.ccbp_inc", c[C_CCBP_INC]);
  st_stat_u(out, "cacp.ccbp_dec", c[C_CCBP_DEC]);
  st_stat_u(out, "cacp.ship_inc", c[C_SHIP_INC]);
  st_stat_u(out, "cacp.ship_dec", c[C_SHIP_DEC]);
}

/* spec §2: the dissertation states no cost for CAWA. */
static const st_unit_seed_cost seed_cost = {
    "CAWA (ISCA'15, dissertation Ch.4): no storage or area stated; spec §2 estimates CCBP and "
    "SHiP at 2 x 256 x 2 bits and 12 bits per L1D line",
    0, 0, NULL, {NULL}};

const st_unit cacp_unit = {
    .desc = &cacp_desc,
    .role = ST_ROLE_L1D_POLICY,
    .select = "l1d.policy=cacp",
    .summary = "CAWA criticality-aware L1D prioritization (critical ways, CCBP + SHiP, RRIP)",
    .ops = &ops,
    .priv_size = sizeof(cacp_bind),
    .n_counters = C_COUNT,
    .report = report,
    .seed_cost = &seed_cost,
};
