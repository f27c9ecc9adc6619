/* dyncta in the model: the DYNCTA controller, an SM controller selected by
 * cta_scheduler.policy dyncta (docs/units/dyncta.md).
 *
 * Its outputs are a function of its registers. After each clock edge (the
 * end of the core cycle, after the thread-block scheduler placed this
 * cycle's blocks, spec/dyncta.md §8 A10) the binding publishes them for the
 * cycles that follow: the paused TB slots, their age ranks and the boost
 * (the SM's paused issue class), and whether the SM takes another block
 * (admit_closed: nCTA >= n, or the kernel's first cycle, in which the
 * controller takes the kernel's N). With an RTL twin, the twin's outputs
 * are compared at the start of each cycle and are what the model uses. The
 * controller counts every skipped cycle (end_cycle with the last cycle's
 * class) and a cycle that ends a window always runs. */
#include <inttypes.h>
#include <string.h>

#include "core/unit_host.h"
#include "units/dyncta/dyncta.h"
#include "units/roles.h"

typedef struct dyncta_bind {
  uint8_t start; /* a kernel began: its first cycle delivers kernel_start */
  uint8_t n_max; /* N of that kernel */
  uint16_t win_idle, win_mem; /* C_idle and C_mem of the last window, as decided on */
} dyncta_bind;

/* The statistics counters (summed over SMs and cycles). */
enum {
  C_CYCLES = 0,     /* kernel cycles the controller ran */
  C_N_SUM,          /* its limit n, summed over them */
  C_ISSUE_CYCLES,   /* cycles while the kernel had unissued blocks */
  C_ISSUE_N_SUM,    /* n summed over those */
  C_PAUSED_SUM,     /* paused blocks, summed over cycles */
  C_PAUSED_CYCLES,  /* cycles with a paused block */
  C_DECISIONS,      /* 4: windows ended in HOLD, INC, DEC, FROZEN */
  C_BOOSTS = C_DECISIONS + 4,
  C_PAUSED_ISSUES,  /* warp instructions issued by warps of paused blocks */
  C_COUNT
};

/* What the outputs mean for the SM, published for the cycles that follow. */
static void publish(const st_uinst *u, st_sm *sm) {
  const dyncta_out *out = u->out;
  const dyncta_params *p = u->p;
  const dyncta_bind *b = u->priv;
  st_sm_signals *sig = st_uh_signals(sm);
  uint64_t m = 0;
  unsigned n = p->n_slots < 64 ? p->n_slots : 64; /* the mask's width */
  for (unsigned s = 0; s < n; s++) {
    m |= (uint64_t)(out->paused[s] & 1) << s;
  }
  sig->tb_paused = m;
  memcpy(sig->tb_rank, out->rank, sizeof sig->tb_rank);
  sig->boost = out->boost;
  uint8_t closed = (uint8_t)(b->start || !out->can_accept);
  if (sig->admit_closed != closed) {
    st_uh_fit_changed(sm); /* (the block scheduler's memo, tbsched.c) */
  }
  sig->admit_closed = closed;
}

/* The outputs of the registers after an edge (the C model's). */
static void refresh(st_uinst *u, st_sm *sm) {
  u->desc->eval(u->p, u->s, u->in, u->out);
  publish(u, sm);
}

static void reset(st_uinst *u, st_sm *sm) { refresh(u, sm); }

static void kernel_begin(st_uinst *u, st_sm *sm, unsigned ctas_per_sm) {
  dyncta_bind *b = u->priv;
  b->start = 1;
  b->n_max = (uint8_t)ctas_per_sm;
  publish(u, sm);
}

static st_status begin_cycle(st_uinst *u, st_sm *sm, uint64_t now, st_error *err) {
  if (u->chk == NULL) {
    return ST_OK; /* the outputs are those published after the last edge */
  }
  /* The twin's outputs (a function of its registers, compared with the C
   * model's) are what the SM and the thread-block scheduler use. */
  st_status rc = st_uinst_eval(u, now, err);
  if (rc == ST_OK) {
    publish(u, sm);
  }
  return rc;
}

static st_status end_cycle(st_uinst *u, st_sm *sm, uint64_t now, bool drained, st_error *err) {
  dyncta_bind *b = u->priv;
  dyncta_in *in = u->in;
  const st_cycle_flags *f = st_uh_flags(sm);
  const st_sm_events *ev = st_uh_events(sm);
  const dyncta_params *p = u->p;
  in->stall = f->stall;
  in->ready = f->ready;
  in->mem_any = f->mem_any;
  in->mem_all = f->mem_all;
  in->membar_all = f->membar_all;
  in->drained = drained;
  in->kernel_start = b->start;
  in->n_max = b->start ? b->n_max : 0;
  in->launch_valid = u->tb_launch != 0;
  in->launch_slot = (uint8_t)(u->tb_launch != 0 ? __builtin_ctzll(u->tb_launch) : 0);
  for (unsigned s = 0; s < p->n_slots; s++) {
    in->cta_exit[s] = (uint8_t)(ev->cta_exit >> s & 1);
  }
  in->paused_ready = ev->paused_ready;
  in->paused_issued = ev->paused_issues != 0;
  /* The outputs are a function of the registers: without an RTL twin they
   * are the ones computed after the last edge. */
  if (u->chk != NULL) {
    st_status rc = st_uinst_eval(u, now, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  const dyncta_out *out = u->out;
  uint64_t *c = u->ctr;
  if (!b->start) {
    /* This cycle ran under the limit the outputs gave (kernel cycles only). */
    c[C_CYCLES]++;
    c[C_N_SUM] += out->n;
    if (!drained) {
      c[C_ISSUE_CYCLES]++;
      c[C_ISSUE_N_SUM] += out->n;
    }
    c[C_PAUSED_SUM] += out->n_paused;
    c[C_PAUSED_CYCLES] += out->n_paused != 0;
    c[C_BOOSTS] += out->boost;
  }
  c[C_PAUSED_ISSUES] += ev->paused_issues;
  {
    /* The window's counts as the decision sees them (the trace reports
     * them): the registers plus this cycle's event, saturating. */
    const dyncta_state *s0 = u->s;
    if (!b->start && s0->timer == p->period - 1) {
      dyncta_cycle cls = dyncta_classify(p, in);
      unsigned cmax = (1u << p->cnt_w) - 1;
      b->win_idle = (uint16_t)(s0->c_idle + (cls == DYNCTA_CYCLE_IDLE && s0->c_idle < cmax));
      b->win_mem = (uint16_t)(s0->c_mem + (cls == DYNCTA_CYCLE_MEM && s0->c_mem < cmax));
    }
  }
  st_uinst_tick(u);
  const dyncta_state *s = u->s;
  if (s->dec_valid) {
    c[C_DECISIONS + (s->decision & 3)]++;
  }
  b->start = 0;
  memset(in, 0, sizeof *in);
  refresh(u, sm);
  return ST_OK;
}

static uint64_t skippable(const st_uinst *u, const st_sm *sm) {
  (void)sm;
  const dyncta_bind *b = u->priv;
  if (b->start) {
    return 0;
  }
  /* The cycle with timer = PERIOD - 1 ends the window. */
  const dyncta_params *p = u->p;
  const dyncta_state *s = u->s;
  uint32_t period = p->period, timer = s->timer;
  return timer + 1 < period ? period - 1 - timer : 0;
}

static const st_smctl_ops ops = {
    .reset = reset,
    .kernel_begin = kernel_begin,
    .begin_cycle = begin_cycle,
    .end_cycle = end_cycle,
    .skippable = skippable,
    .steps_when_idle = true,
};

/* ---- statistics --------------------------------------------------------------- */

/* Windows by decision over all SMs; the limit n averaged over SM cycles,
 * overall and while the kernel still had blocks to issue (the paper's Fig. 9
 * average); paused blocks. */
static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  static const char *const dec_names[4] = {"hold", "inc", "dec", "frozen"};
  char key[64];
  for (int d = 0; d < 4; d++) {
    snprintf(key, sizeof key, "dyncta.windows_%s", dec_names[d]);
    st_stat_u(out, key, c[C_DECISIONS + d]);
  }
  uint64_t dc = c[C_CYCLES], ic = c[C_ISSUE_CYCLES];
  st_stat_d(out, "dyncta.avg_n", dc ? (double)c[C_N_SUM] / (double)dc : 0.0);
  st_stat_d(out, "dyncta.avg_n_issuing", ic ? (double)c[C_ISSUE_N_SUM] / (double)ic : 0.0);
  st_stat_u(out, "dyncta.issuing_cycles", ic / (n_sms ? n_sms : 1));
  st_stat_d(out, "dyncta.avg_paused_ctas", dc ? (double)c[C_PAUSED_SUM] / (double)dc : 0.0);
  st_stat_d(out, "dyncta.paused_cycle_share",
            dc ? (double)c[C_PAUSED_CYCLES] / (double)dc : 0.0);
  st_stat_u(out, "dyncta.paused_warp_issues", c[C_PAUSED_ISSUES]);
  st_stat_u(out, "dyncta.boosts", c[C_BOOSTS]);
}

/* ---- trace: one line per sampling window ------------------------------------------- */

/* After a step: true if it ended a window; *n is the new limit and
 * *n_paused the blocks paused now. */
static bool window(const st_uinst *u, unsigned *n, unsigned *n_paused) {
  const dyncta_state *s = u->s;
  const dyncta_out *out = u->out;
  if (!s->dec_valid) {
    return false;
  }
  *n = out->n;
  *n_paused = out->n_paused;
  return true;
}

/* kernel,name,window,cycle,drained,mean_n,paused,n0,n1,...,ci0,ci1,...,
 * cm0,cm1,...: every SM's window ends in the same cycle; ciK and cmK are
 * SM K's C_idle and C_mem of the window that just ended. */
static void trace_cycle(st_trace *t, st_uinst *const *inst, unsigned n_sms) {
  unsigned n, paused;
  if (n_sms == 0 || inst[0] == NULL || !window(inst[0], &n, &paused)) {
    return;
  }
  t->events++;
  FILE *f = t->f;
  if (!t->header) {
    fprintf(f, "kernel,name,window,cycle,drained,mean_n,paused");
    for (unsigned i = 0; i < n_sms; i++) {
      fprintf(f, ",n%u", i);
    }
    for (unsigned i = 0; i < n_sms; i++) {
      fprintf(f, ",ci%u", i);
    }
    for (unsigned i = 0; i < n_sms; i++) {
      fprintf(f, ",cm%u", i);
    }
    fputc('\n', f);
    t->header = true;
  }
  uint64_t sum = 0, psum = 0;
  for (unsigned i = 0; i < n_sms; i++) {
    if (inst[i] != NULL && window(inst[i], &n, &paused)) {
      sum += n;
      psum += paused;
    }
  }
  fprintf(f, "%zu,%s,%" PRIu64 ",%" PRIu64 ",%d,%.4f,%" PRIu64, t->kernel, t->kname, t->events,
          t->cycle, t->drained, (double)sum / n_sms, psum);
  for (unsigned i = 0; i < n_sms; i++) {
    n = 0;
    if (inst[i] != NULL) {
      window(inst[i], &n, &paused);
    }
    fprintf(f, ",%u", n);
  }
  for (unsigned i = 0; i < n_sms; i++) {
    const dyncta_bind *b = inst[i] != NULL ? inst[i]->priv : NULL;
    fprintf(f, ",%u", b != NULL ? b->win_idle : 0);
  }
  for (unsigned i = 0; i < n_sms; i++) {
    const dyncta_bind *b = inst[i] != NULL ? inst[i]->priv : NULL;
    fprintf(f, ",%u", b != NULL ? b->win_mem : 0);
  }
  fputc('\n', f);
}

static const st_unit_trace_ops trace = {
    "one CSV line per sampling window: kernel, window, cycle, drained, mean n, paused blocks, "
    "each SM's new limit n, then each SM's C_idle and C_mem of the window",
    trace_cycle};

/* spec/dyncta.md §2: Design Compiler on TSMC 65 nm; the paper counts two
 * 11-bit counters and three comparisons. */
static const st_unit_seed_cost seed_cost = {
    "DYNCTA paper: 0.0014 mm2 per core at 65 nm (Design Compiler, TSMC 65 nm; two 11-bit "
    "counters and three comparisons)",
    0.0014, 22, NULL, {NULL}};

const st_unit dyncta_unit = {
    .desc = &dyncta_desc,
    .role = ST_ROLE_SM_CTRL,
    .select = "cta_scheduler.policy=dyncta",
    .summary = "DYNCTA per-SM dynamic CTA limit with CTA pausing",
    .ops = &ops,
    .priv_size = sizeof(dyncta_bind),
    .n_counters = C_COUNT,
    .report = report,
    .trace = &trace,
    .seed_cost = &seed_cost,
};
