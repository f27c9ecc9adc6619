/* agt in the model: DTBL's aggregated group table, one per GPU, selected by
 * dtbl.enable (docs/units/agt.md).
 *
 * The GPU's SMX scheduler is its host: for every DTBL event (a kernel entering
 * or leaving the kernel distributor, a group joining a kernel, a native grid
 * or a group fully handed out, a block of a group starting or ending) it
 * fills the inputs with one of agt.h's agt_cmd_* helpers and calls
 * agt_host_step (this binding's `step`), which evaluates the instance, counts
 * the statistics and clocks it. Several events of one core cycle are
 * sequential commands. */
#include <inttypes.h>
#include <string.h>

#include "units/agt/agt.h"
#include "units/roles.h"
#include "units/uinst.h"

enum {
  C_JOINS = 0, /* JOIN commands */
  C_HITS,      /* ... that allocated an entry */
  C_CONFLICTS, /* ... that found their entry busy */
  C_REFUSED,   /* ... refused (busy and no global record) */
  C_FREES,     /* entries freed */
  C_ERRORS,    /* illegal commands */
  C_COUNT
};

st_status agt_host_step(st_uinst *u, const agt_in *in, uint64_t now, st_error *err) {
  memcpy(u->in, in, sizeof *in);
  st_status rc = st_uinst_eval(u, now, err);
  if (rc != ST_OK) {
    return rc;
  }
  const agt_out *o = u->out;
  uint64_t *c = u->ctr;
  if ((in->cmd & 7u) == AGT_JOIN && !o->error) {
    c[C_JOINS]++;
    c[C_HITS] += o->hit;
    c[C_CONFLICTS] += o->conflict;
    c[C_REFUSED] += !o->accept;
  }
  c[C_FREES] += o->freed;
  c[C_ERRORS] += o->error;
  st_uinst_tick(u);
  return ST_OK;
}

static const agt_host_ops ops = {.step = agt_host_step};

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  if (c[C_JOINS] == 0 && c[C_ERRORS] == 0) {
    return; /* no group was launched: nothing to say */
  }
  st_stat_u(out, "agt.joins", c[C_JOINS]);
  st_stat_u(out, "agt.hits", c[C_HITS]);
  st_stat_d(out, "agt.hit_rate", c[C_JOINS] ? (double)c[C_HITS] / (double)c[C_JOINS] : 0.0);
  st_stat_u(out, "agt.conflicts", c[C_CONFLICTS]);
  st_stat_u(out, "agt.refused", c[C_REFUSED]);
  st_stat_u(out, "agt.frees", c[C_FREES]);
  st_stat_u(out, "agt.errors", c[C_ERRORS]);
}

/* Spec §2: the AGT, 1024 entries x 20 B = 20 KB (about 0.5% of the SMXs' register files and
 * shared memory), and 1096 B of new fields elsewhere (KDE NAGEI/LAGEI 256 B, FCFS first bits
 * 4 B, SSCR.AGEI 4 B, 208 TBCR.AGEI 832 B): 21,576 B in all. */
static const st_unit_seed_cost seed_cost = {
    "DTBL (ISCA'15, dissertation Ch.4): AGT 1024 x 20 B = 20 KB (about 0.5% of the SMXs' RF "
    "and shared memory) + 1096 B of new KDE/FCFS/SSCR/TBCR fields",
    0, 21576u * 8u, NULL, {NULL}};

const st_unit agt_unit = {
    .desc = &agt_desc,
    .role = ST_ROLE_GPU,
    .select = "dtbl.enable=true",
    .summary = "DTBL aggregated group table: entry allocation by hardware-thread hash, per-kernel "
               "group lists (NAGEI/LAGEI, Next), FCFS mark/first bits, executing-block counts",
    .ops = &ops,
    .priv_size = 0,
    .n_counters = C_COUNT,
    .report = report,
    .trace = NULL,
    .seed_cost = &seed_cost,
};
