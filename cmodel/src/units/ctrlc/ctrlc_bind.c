/* ctrlc in the model: the L1D policy of l1d.policy ctrlc, one per L1D
 * (docs/units/ctrlc.md). Its binding is the shared one of the PC-indexed
 * policies (units/l1d_pc_bind.c); here its statistics: besides the shared
 * ones, the sampling periods that ended and the AGG changes they made. */
#include <string.h>

#include "core/unit_host.h"
#include "mem/cache_policy.h"
#include "units/ctrlc/ctrlc.h"
#include "units/roles.h"

enum { C_PERIODS = L1DPC_CTR, C_AGG_UP, C_AGG_DOWN, C_COUNT };

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
}

static void bind(st_uinst *u, st_sm *sm) {
  l1dpc_bind(u, sm);
  ((l1dpc_bind_state *)u->priv)->after_tick = after_tick;
}

static const st_l1dpol_ops ops = {.cache = &l1dpc_cache_ops, .bind = bind};

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
    .priv_size = sizeof(l1dpc_bind_state),
    .n_counters = C_COUNT,
    .report = report,
    .seed_cost = &seed_cost,
};
