/* ctrlc in the model: the L1D policy of l1d.policy ctrlc, one per L1D
 * (docs/units/ctrlc.md). Its binding is the shared one of the PC-indexed
 * policies (units/l1d_pc_bind.c); here its statistics: besides the shared
 * ones, the sampling periods that ended and the AGG changes they made. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/unit_host.h"
#include "mem/cache_policy.h"
#include "units/ctrlc/ctrlc.h"
#include "units/roles.h"

enum { C_PERIODS = L1DPC_CTR, C_AGG_UP, C_AGG_DOWN, C_COUNT };

/* ---- trace (--trace ctrlc): the L1D's policy events and AGG changes ----------------
 * The cache's hooks are wrapped: each commit is buffered in the instance and the
 * end-of-cycle hook writes the cycle's events, so that a trace sees every L1D line
 * reference (hit, merge, insert at a miss, bypass), every eviction and every AGG
 * change. Nothing is recorded until the trace's first end-of-cycle call (a run
 * without --trace ctrlc only pays a test per hook). */
enum { TR_CAP = 512 };

typedef struct tr_event {
  char kind;       /* H hit, M merge, I insert, B bypassed, E evict, A AGG change */
  uint8_t load;    /* the request is a global load */
  uint8_t pc;      /* the request's PC bits (A: the controller) */
  uint8_t ins_pc;  /* the line's inserting PC bits (H, M, I, E) */
  uint8_t reuse;   /* the line's reuse bit before the event (H, M, E) */
  uint8_t agg;     /* A: the new AGG */
  uint32_t set;
  uint64_t addr;   /* the request's address (H, M, I, B) */
} tr_event;

typedef struct ctrlc_bind {
  l1dpc_bind_state base; /* first: the shared binding casts priv to it */
  bool tracing;
  uint32_t n;
  uint64_t dropped;
  tr_event ev[TR_CAP];
} ctrlc_bind;

static void tr_put(st_uinst *u, char kind, const st_mreq *r, uint32_t set, uint32_t meta,
                   bool has_meta) {
  ctrlc_bind *b = u->priv;
  if (!b->tracing) {
    return;
  }
  if (b->n == TR_CAP) {
    b->dropped++;
    return;
  }
  const ctrlc_params *p = u->p;
  const uint32_t mask = (1u << p->pc_bits) - 1u;
  tr_event *e = &b->ev[b->n++];
  memset(e, 0, sizeof *e);
  e->kind = kind;
  e->set = set;
  if (r != NULL) {
    e->load = (uint8_t)(r->kind == ACC_GLOBAL_R && r->op == MREQ_READ);
    e->pc = (uint8_t)(r->pc & mask);
    e->addr = r->addr;
  }
  if (has_meta) {
    e->ins_pc = (uint8_t)(meta & mask);
    e->reuse = (uint8_t)((meta >> p->pc_bits) & 1u);
  }
}

static void tw_insert(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                      bool replaced, uint32_t old_meta, uint32_t *meta) {
  l1dpc_cache_ops.insert(ctx, c, set, way, r, replaced, old_meta, meta);
  tr_put(ctx, 'I', r, set, *meta, true);
}

static void tw_hit(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                   uint32_t *meta) {
  tr_put(ctx, 'H', r, set, *meta, true);
  l1dpc_cache_ops.hit(ctx, c, set, way, r, meta);
}

static void tw_merge(void *ctx, st_cache *c, uint32_t set, int32_t way, const st_mreq *r,
                     uint32_t *meta) {
  tr_put(ctx, 'M', r, set, meta != NULL ? *meta : 0, meta != NULL);
  l1dpc_cache_ops.merge(ctx, c, set, way, r, meta);
}

static void tw_evict(void *ctx, st_cache *c, uint32_t set, int32_t way, uint32_t meta) {
  tr_put(ctx, 'E', NULL, set, meta, true);
  l1dpc_cache_ops.evict(ctx, c, set, way, meta);
}

static void tw_bypassed(void *ctx, st_cache *c, uint32_t set, const st_mreq *r) {
  tr_put(ctx, 'B', r, set, 0, false);
  l1dpc_cache_ops.bypassed(ctx, c, set, r);
}

static bool tw_bypass(void *ctx, const st_cache *c, uint32_t set, const st_mreq *r) {
  return l1dpc_cache_ops.bypass(ctx, c, set, r); /* pure: nothing to record */
}

static const st_cache_policy_ops traced_cache_ops = {.victim = NULL,
                                                     .bypass = tw_bypass,
                                                     .insert = tw_insert,
                                                     .hit = tw_hit,
                                                     .merge = tw_merge,
                                                     .evict = tw_evict,
                                                     .bypassed = tw_bypassed};

static void after_tick(st_uinst *u, const void *before) {
  const ctrlc_state *s0 = before, *s1 = u->s;
  const ctrlc_in *in = u->in;
  const ctrlc_params *p = u->p;
  if (in->op != L1DPC_OP_EVICT) {
    return;
  }
  unsigned e = in->meta & ((1u << p->pc_bits) - 1u);
  u->ctr[C_PERIODS] += s0->insert[e] + 1u >= ((1u << p->cnt_w) >> s0->agg[e]);
  u->ctr[C_AGG_UP] += s1->agg[e] > s0->agg[e];
  u->ctr[C_AGG_DOWN] += s1->agg[e] < s0->agg[e];
  ctrlc_bind *b = u->priv;
  if (b->tracing && s1->agg[e] != s0->agg[e]) {
    if (b->n == TR_CAP) {
      b->dropped++;
    } else {
      tr_event *t = &b->ev[b->n++];
      memset(t, 0, sizeof *t);
      t->kind = 'A';
      t->pc = (uint8_t)e;
      t->agg = s1->agg[e];
    }
  }
}

static void bind(st_uinst *u, st_sm *sm) {
  l1dpc_bind(u, sm);
  ((l1dpc_bind_state *)u->priv)->after_tick = after_tick;
}

static const st_l1dpol_ops ops = {.cache = &traced_cache_ops, .bind = bind};

/* kernel,name,cycle,sm,event,load,pc,set,addr,ins_pc,reuse,agg: one line per buffered
 * event of the cycle, SM order, then event order within the SM. event: H hit, M merge
 * into a reserved line, I insert (a miss took a line; ins_pc is pc), B bypassed miss,
 * E eviction of a valid line (no address), A AGG change of controller pc (agg is the
 * new value), X events lost (addr: how many; at most 512 an SM a cycle are kept). */
static void trace_cycle(st_trace *t, st_uinst *const *inst, unsigned n_sms) {
  FILE *f = t->f;
  if (!t->header) {
    fprintf(f, "kernel,name,cycle,sm,event,load,pc,set,addr,ins_pc,reuse,agg\n");
    t->header = true;
  }
  for (unsigned i = 0; i < n_sms; i++) {
    if (inst[i] == NULL) {
      continue;
    }
    ctrlc_bind *b = inst[i]->priv;
    b->tracing = true;
    for (uint32_t k = 0; k < b->n; k++) {
      const tr_event *e = &b->ev[k];
      t->events++;
      fprintf(f, "%zu,%s,%" PRIu64 ",%u,%c,%u,%u,%" PRIu32 ",0x%" PRIx64 ",%u,%u,%u\n", t->kernel,
              t->kname, t->cycle, i, e->kind, e->load, e->pc, e->set, e->addr, e->ins_pc,
              e->reuse, e->agg);
    }
    if (b->dropped != 0) {
      fprintf(f, "%zu,%s,%" PRIu64 ",%u,X,0,0,0,%" PRIu64 ",0,0,0\n", t->kernel, t->kname,
              t->cycle, i, b->dropped);
    }
    b->n = 0;
    b->dropped = 0;
  }
}

static const st_unit_trace_ops trace = {
    "one CSV line per L1D policy event (hit, MSHR merge, insertion, bypass, eviction: cycle, "
    "SM, PC, set, address, the line's inserting PC and reuse bit) and per AGG change of a "
    "controller",
    trace_cycle};

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  l1dpc_report("ctrlc", c, out);
  st_stat_u(out, "ctrlc.periods", c[C_PERIODS]);
  st_stat_u(out, "ctrlc.agg_up", c[C_AGG_UP]);
  st_stat_u(out, "ctrlc.agg_down", c[C_AGG_DOWN]);
}

/* Table 5.2 and §5.2: 128 x (3 + 7 + 10 + 10) bits of controllers and 8 bits per L1D line
 * (128 lines): 608 bytes, about 3.5% of the 16 KB L1D. */
static const st_unit_seed_cost seed_cost = {
    "Ctrl-C (ICCD'16, dissertation Ch.5): 608 B (128 controllers x 30 bits + 128 lines x 8 "
    "bits), about 3.5% of the 16 KB L1D",
    0, 608u * 8u, NULL, {NULL}};

const st_unit ctrlc_unit = {
    .desc = &ctrlc_desc,
    .role = ST_ROLE_L1D_POLICY,
    .select = "l1d.policy=ctrlc",
    .summary = "Ctrl-C per-PC control-loop adaptive L1D bypassing (AGG/BYP/ZERO/INSERT per PC)",
    .ops = &ops,
    .priv_size = sizeof(ctrlc_bind),
    .n_counters = C_COUNT,
    .report = report,
    .trace = &trace,
    .seed_cost = &seed_cost,
};
