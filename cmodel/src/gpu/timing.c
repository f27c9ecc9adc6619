/* The timing run loop: clock domains on one picosecond time base (one clock
 * per SM), the launch queue and the thread-block scheduler, moving requests
 * between SMs, the interconnect, the L2 sub-partitions and DRAM, the units
 * at the GPU loop's hooks, idle-cycle skipping and deadlock detection. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/fault.h"
#include "common/par.h"
#include "common/strbuf.h"
#include "gpu/critprof.h"
#include "gpu/launch.h"
#include "gpu/cdp.h"
#include "gpu/dtbl.h"
#include "gpu/timing_internal.h"
#include "gpu/timing_power.h"
#include "power/power.h"
#include "units/dvfs/dvfs.h"
#include "units/uinst.h"

static uint64_t period_of(int64_t hz) {
  return (uint64_t)((1000000000000ULL + (uint64_t)hz / 2) / (uint64_t)hz);
}

void st_tmachine_destroy(st_tmachine *tm) {
  if (tm == NULL) {
    return;
  }
  for (uint32_t i = 0; i < tm->n_sms && tm->sms; i++) {
    st_sm_destroy(tm->sms[i]);
  }
  for (uint32_t i = 0; i < tm->n_subparts && tm->subparts; i++) {
    st_subpart_destroy(tm->subparts[i]);
  }
  for (uint32_t i = 0; i < tm->n_channels && tm->drams; i++) {
    st_dram_destroy(tm->drams[i]);
  }
  st_icnt_destroy(tm->icnt);
  free(tm->sms);
  free(tm->subparts);
  free(tm->drams);
  free(tm->staged);
  free(tm->mapped);
  free(tm->refused);
  free(tm->smclk);
  free(tm->inbox);
  free(tm->due);
  free(tm->idle_until);
  free(tm->doze);
  free(tm->par_wake);
  free(tm->outq);
  free(tm->awake);
  free(tm->blocked);
  free(tm->cl_blocked);
  free(tm->ran);
  free(tm->icount);
  free(tm->ran_list);
  free(tm->push_list);
  free(tm->act_dirty);
  free(tm->act_list);
  free(tm->tbs_state);
  st_dtbl_destroy(tm->dtbl);
  st_tpower_destroy(tm);
  free(tm->sm_fstate);
  free(tm->sm_vstate);
  for (uint32_t i = 0; i < tm->n_gunits; i++) {
    st_uinst_destroy(tm->gunits[i]);
  }
  free(tm->gunits);
  st_par_destroy(tm->par); /* its threads stop before the pools they use go */
  for (uint32_t i = 0; tm->psm != NULL && i < tm->n_sms; i++) {
    st_mreq_log_free(&tm->psm[i].log);
  }
  free(tm->psm);
  for (uint32_t c = 0; tm->pch != NULL && c < tm->n_channels; c++) {
    st_mreq_log_free(&tm->pch[c].log);
  }
  free(tm->pch);
  free(tm->sm_err);
  /* Requests move between the pools: every pool's chunks go together. */
  for (uint32_t w = 0; tm->redir != NULL && w < tm->n_redir; w++) {
    st_mreq_redirect_destroy(&tm->redir[w]);
  }
  free(tm->redir);
  st_mreq_pool_destroy(&tm->pool);
  free(tm);
}

/* sim.threads > 1 (and no sim.check_skips, whose checks run serially): the
 * thread pool and what each thread and SM keeps of a step. */
static st_status par_create(st_tmachine *tm, const st_config *cfg, st_error *err) {
  uint32_t threads = (uint32_t)cfg->sim.threads;
  if (threads > tm->n_sms) {
    threads = tm->n_sms; /* an SM is the unit of work */
  }
  if (threads <= 1 || cfg->sim.check_skips) {
    return ST_OK;
  }
  tm->redir = aligned_alloc(64, threads * sizeof *tm->redir);
  tm->psm = aligned_alloc(64, tm->n_sms * sizeof *tm->psm);
  tm->pch = aligned_alloc(64, tm->n_channels * sizeof *tm->pch);
  tm->sm_err = calloc(tm->n_sms, sizeof *tm->sm_err);
  if (tm->redir == NULL || tm->psm == NULL || tm->pch == NULL || tm->sm_err == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  memset(tm->psm, 0, tm->n_sms * sizeof *tm->psm);
  memset(tm->pch, 0, tm->n_channels * sizeof *tm->pch);
  for (uint32_t w = 0; w < threads; w++) {
    st_mreq_redirect_init(&tm->redir[w], w);
  }
  tm->n_redir = threads;
  /* For the tests: every step on the threads (a host choice like the
   * others: results do not change). */
  const char *steps = getenv("SIMTREF_PAR_STEPS");
  tm->tune.always = steps != NULL && strcmp(steps, "all") == 0;
  st_status rc = st_par_create(threads, tm->n_sms + tm->n_channels, &tm->par, err);
  for (uint32_t i = 0; rc == ST_OK && i < tm->n_sms; i++) {
    st_sm_set_par(tm->sms[i], tm->par);
  }
  return rc;
}

static inline bool bit_get(const uint64_t *w, uint32_t i) { return (w[i / 64] >> (i % 64)) & 1u; }
static inline void bit_set(uint64_t *w, uint32_t i) { w[i / 64] |= UINT64_C(1) << (i % 64); }
static inline void bit_put(uint64_t *w, uint32_t i, bool v) {
  w[i / 64] = (w[i / 64] & ~(UINT64_C(1) << (i % 64))) | ((uint64_t)v << (i % 64));
}

static st_status machine_create(const st_config *cfg, st_tmachine **out, st_error *err) {
  st_tmachine *tm = calloc(1, sizeof *tm);
  if (tm == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  st_mreq_pool_init(&tm->pool);
  tm->n_sms = (uint32_t)st_config_num_sms(cfg);
  tm->n_clusters = (uint32_t)cfg->gpu.num_clusters;
  tm->n_channels = (uint32_t)cfg->dram.channels;
  tm->n_subparts = tm->n_channels * (uint32_t)cfg->dram.subpartitions;
  tm->sms = calloc(tm->n_sms, sizeof *tm->sms);
  tm->subparts = calloc(tm->n_subparts, sizeof *tm->subparts);
  tm->drams = calloc(tm->n_channels, sizeof *tm->drams);
  tm->staged = calloc(tm->n_subparts, sizeof *tm->staged);
  tm->mapped = calloc(tm->n_sms, sizeof *tm->mapped);
  tm->refused = calloc(tm->n_sms, sizeof *tm->refused);
  tm->fault_stale_push = st_fault_planted("stale-push");
  tm->fault_stale_active = st_fault_planted("stale-active");
  tm->fault_stale_fit = st_fault_planted("stale-fit");
  tm->fault_unrebased_doze = st_fault_planted("unrebased-doze");
  tm->fault_par_doze = st_fault_planted("par-uncounted-doze");
  tm->smclk = calloc(tm->n_sms, sizeof *tm->smclk);
  tm->inbox = calloc(tm->n_sms, sizeof *tm->inbox);
  tm->due = calloc(tm->n_sms, sizeof *tm->due);
  tm->idle_until = calloc(tm->n_sms, sizeof *tm->idle_until);
  tm->tbs = st_tbs_policy_of(cfg);
  tm->tbs_state = calloc(1, tm->tbs->state_size ? tm->tbs->state_size : 1);
  st_status rc = ST_OK;
  if (tm->sms == NULL || tm->subparts == NULL || tm->drams == NULL || tm->staged == NULL ||
      tm->mapped == NULL || tm->refused == NULL || tm->smclk == NULL || tm->inbox == NULL || tm->due == NULL ||
      tm->idle_until == NULL ||
      tm->tbs_state == NULL) {
    rc = st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  for (uint32_t i = 0; rc == ST_OK && i < tm->n_sms; i++) {
    rc = st_sm_create(cfg, i, &tm->pool, &tm->sms[i], err);
  }
  for (uint32_t c = 0; rc == ST_OK && c < tm->n_channels; c++) {
    rc = st_dram_create(cfg, c, &tm->drams[c], err);
  }
  for (uint32_t s = 0; rc == ST_OK && s < tm->n_subparts; s++) {
    uint32_t ch = s / (uint32_t)cfg->dram.subpartitions;
    rc = st_subpart_create(cfg, s, tm->drams[ch], &tm->pool, &tm->subparts[s], err);
  }
  if (rc == ST_OK) {
    rc = st_icnt_create(cfg, tm->n_clusters, tm->n_subparts, &tm->icnt, err);
  }
  /* The GPU-level units the configuration selects. */
  for (size_t i = 0; rc == ST_OK && i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    if (st_role_scope(u->role) != ST_USCOPE_GPU || !st_unit_selected(u, cfg)) {
      continue;
    }
    st_uinst **g = realloc(tm->gunits, (tm->n_gunits + 1) * sizeof *g);
    if (g == NULL) {
      rc = st_error_set(err, ST_ERR_NOMEM, "out of host memory");
      break;
    }
    tm->gunits = g;
    rc = st_uinst_create(u, cfg, UINT32_MAX, 0, &tm->gunits[tm->n_gunits], err);
    tm->n_gunits += rc == ST_OK;
  }
  if (rc == ST_OK) {
    rc = st_tpower_create(tm, cfg, err);
  }
  if (rc == ST_OK && cfg->dvfs.enable) {
    const st_unit *du = st_unit_by_name("dvfs");
    for (uint32_t g = 0; g < tm->n_gunits; g++) {
      tm->dvfs = tm->gunits[g]->unit == du ? tm->gunits[g] : tm->dvfs;
    }
    tm->sm_fstate = calloc(tm->n_sms, 1);
    tm->sm_vstate = calloc(tm->n_sms, 1);
    tm->low_pstate = cfg->dvfs.low_pstate >= 0 ? (unsigned)cfg->dvfs.low_pstate
                                               : (unsigned)cfg->power.n_pstates - 1;
    if (tm->dvfs == NULL || tm->sm_fstate == NULL || tm->sm_vstate == NULL) {
      rc = st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
  }
  if (rc == ST_OK && cfg->dtbl.enable) {
    tm->dtbl = st_dtbl_find(tm->gunits, tm->n_gunits);
    if (tm->dtbl == NULL) {
      rc = st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
  }
  if (rc != ST_OK) {
    st_tmachine_destroy(tm);
    return rc;
  }
  tm->core.period_ps = period_of(cfg->gpu.core_clock);
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    tm->smclk[i].period_ps = tm->core.period_ps;
    st_mqueue_init(&tm->inbox[i], 0);
  }
  tm->uniform = true;
  tm->ctl_begin = tm->n_sms > 0 && st_sm_units_has_begin(tm->sms[0]);
  tm->ctl_end = tm->n_sms > 0 && st_sm_units_has_end(tm->sms[0]);
  tm->ctl_any = tm->n_sms > 0 && st_sm_units_has_ctl(tm->sms[0]);
  tm->icnt_clk.period_ps = period_of(cfg->gpu.icnt_clock);
  tm->l2.period_ps = period_of(cfg->gpu.l2_clock);
  tm->dram.period_ps = period_of(cfg->gpu.dram_clock);
  rc = par_create(tm, cfg, err);
  if (rc != ST_OK) {
    st_tmachine_destroy(tm);
    return rc;
  }
  tm->n_words = (tm->n_sms + 63) / 64;
  tm->outq = calloc(tm->n_words ? tm->n_words : 1, sizeof *tm->outq);
  tm->awake = calloc(tm->n_words ? tm->n_words : 1, sizeof *tm->awake);
  tm->blocked = calloc(tm->n_words ? tm->n_words : 1, sizeof *tm->blocked);
  tm->cl_blocked = calloc(tm->n_clusters ? tm->n_clusters : 1, sizeof *tm->cl_blocked);
  tm->sms_per_cluster = (uint32_t)cfg->gpu.sms_per_cluster;
  tm->ran = malloc(tm->n_sms);
  tm->icount = calloc(tm->n_sms, sizeof *tm->icount);
  tm->ran_list = malloc((tm->n_sms ? tm->n_sms : 1) * sizeof *tm->ran_list);
  tm->push_list = malloc((tm->n_sms ? tm->n_sms : 1) * sizeof *tm->push_list);
  tm->act_dirty = calloc(tm->n_sms ? tm->n_sms : 1, 1);
  tm->act_list = malloc((tm->n_sms ? tm->n_sms : 1) * sizeof *tm->act_list);
  if (tm->outq == NULL || tm->awake == NULL || tm->blocked == NULL ||
      tm->cl_blocked == NULL || tm->ran == NULL || tm->icount == NULL ||
      tm->ran_list == NULL || tm->push_list == NULL || tm->act_dirty == NULL ||
      tm->act_list == NULL) {
    st_tmachine_destroy(tm);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  memset(tm->ran, 1, tm->n_sms);
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    bit_set(tm->outq, i);
    bit_set(tm->awake, i);
    tm->ran_list[i] = i;
    st_tm_act_mark(tm, i);
  }
  tm->n_ran = tm->n_sms;
  if (tm->par == NULL) {
    /* Serially, each SM's sleep is also kept in one array (sm.h, st_sm_doze). */
    tm->doze = calloc(tm->n_sms, sizeof *tm->doze);
    if (tm->doze == NULL) {
      st_tmachine_destroy(tm);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    tm->lazy = !cfg->sim.check_skips;
    tm->doze_min = UINT64_MAX;
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      tm->doze[i].done = &tm->doze_done;
      tm->doze[i].wake_word = &tm->awake[i / 64];
      tm->doze[i].wake_bit = UINT64_C(1) << (i % 64);
      st_sm_set_doze(tm->sms[i], &tm->doze[i]);
    }
  } else {
    /* With threads, as a serial run without lazy dozes (tick_core): a
     * dozing SM's cycle is counted, not run, on whichever path the step
     * takes. Its doze's end sets a word of its own (the SM's thread may
     * write it; nothing reads it). */
    tm->doze = calloc(tm->n_sms, sizeof *tm->doze);
    tm->par_wake = calloc(tm->n_sms, sizeof *tm->par_wake);
    if (tm->doze == NULL || tm->par_wake == NULL) {
      st_tmachine_destroy(tm);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      tm->doze[i].done = &tm->doze_done; /* (0: the loop counts each cycle) */
      tm->doze[i].wake_word = &tm->par_wake[i];
      tm->doze[i].wake_bit = 1;
      st_sm_set_doze(tm->sms[i], &tm->doze[i]);
    }
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_sm_set_fit_epoch(tm->sms[i], &tm->fit_epoch);
  }
  *out = tm;
  return ST_OK;
}

/* ---- clocks --------------------------------------------------------------- */

/* The clock's edge at next_ps happened: the next one, one period on (the
 * period set since the last edge takes effect at this boundary). */
static void clock_edge(st_tclock *c) {
  if (c->new_period != 0) {
    c->period_ps = c->new_period;
    c->new_period = 0;
  }
  c->next_ps += c->period_ps;
  c->cycles++;
}

/* Advances a clock that has nothing to do past its edges before time t (it
 * stops at the first edge at or after t); returns the edges skipped. */
static uint64_t clock_skip(st_tclock *c, uint64_t t) {
  uint64_t n = 0;
  if (c->next_ps < t && c->new_period != 0) {
    clock_edge(c);
    n++;
  }
  if (c->next_ps < t) {
    uint64_t k = (t - c->next_ps + c->period_ps - 1) / c->period_ps;
    c->next_ps += k * c->period_ps;
    c->cycles += k;
    n += k;
  }
  return n;
}

static void skip_clock(st_tclock *c, uint64_t t) { (void)clock_skip(c, t); }

/* SM i's clock. */
static inline st_tclock *sm_clock(st_tmachine *tm, uint32_t i) {
  return tm->uniform ? &tm->core : &tm->smclk[i];
}

/* SM i has an edge at the time step being run (tick_core). */
static inline bool sm_due(const st_tmachine *tm, uint32_t i) { return tm->uniform || tm->due[i]; }

/* The cycle SM i runs at the time step being run, or its next one. */
static inline uint64_t sm_now(const st_tmachine *tm, uint32_t i) {
  return tm->uniform ? tm->core.cycles : tm->smclk[i].cycles;
}

/* Whether every SM clock is the core clock (period and phase). */
static void update_uniform(st_tmachine *tm) {
  bool u = true;
  for (uint32_t i = 0; i < tm->n_sms && u; i++) {
    const st_tclock *c = &tm->smclk[i];
    u = c->period_ps == tm->core.period_ps && c->next_ps == tm->core.next_ps &&
        c->new_period == 0 && c->cycles == tm->core.cycles;
  }
  tm->uniform = u;
}

st_status st_timing_set_sm_clock(st_gpu *gpu, uint32_t sm, int64_t hz, st_error *err) {
  st_status rc = st_timing_prepare(gpu, err);
  if (rc != ST_OK) {
    return rc;
  }
  st_tmachine *tm = gpu->tm;
  if (sm >= tm->n_sms || hz <= 0 || hz > INT64_C(100000000000)) {
    return st_error_set(err, ST_ERR_USAGE, "SM clock: no SM %u or a bad frequency %" PRId64 " Hz",
                        sm, hz);
  }
  st_tmachine_set_sm_clock(tm, sm, hz);
  return ST_OK;
}

void st_tmachine_set_sm_clock(st_tmachine *tm, uint32_t sm, int64_t hz) {
  if (tm->lazy) {
    /* The SMs' cycles may part: from now on the loop visits every SM and
     * counts a dozing SM's cycles one by one (what the dozes counted so far
     * is kept in skipped). */
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      tm->doze[i].skipped = st_sm_doze_count(&tm->doze[i]);
      tm->doze[i].from = 0;
    }
    tm->doze_done = 0;
    tm->lazy = false;
  }
  if (tm->uniform) {
    /* From now on the SM clocks are kept one by one. */
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      tm->smclk[i] = tm->core;
    }
  }
  st_tclock *c = &tm->smclk[sm];
  uint64_t p = period_of(hz);
  c->new_period = p != c->period_ps ? p : 0;
  update_uniform(tm);
}

/* ---- one run ------------------------------------------------------------------ */

typedef struct run_state {
  st_gpu *gpu;
  st_tmachine *tm;
  st_launchq q;
  st_tbs_host host;
  st_snapshot *before;  /* per host launch: the machine when it became resident */
  st_snapshot last;     /* the machine when the run totals were last brought up to date */
  st_error *err;
  uint64_t base_tinsts; /* the machine's thread instructions when the run began */
  uint64_t base_total;  /* the GPU's thread instructions when the run began */
  uint64_t last_progress_cycle, last_insts;
} run_state;

static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The oldest resident kernel (messages, traces), or NULL. */
static const st_lkernel *oldest(const run_state *rs) {
  return rs->q.n_resident > 0 ? rs->q.resident[0] : NULL;
}

/* The oldest resident host launch (the kernel statistics belong to), or
 * NULL. */
static const st_lkernel *oldest_host(const run_state *rs) {
  for (size_t i = 0; i < rs->q.n_resident; i++) {
    if (rs->q.resident[i]->stats != NULL) {
      return rs->q.resident[i];
    }
  }
  return NULL;
}

/* Hands the progress hook where the run stands (gpu/progress.h): reads the
 * machine, changes nothing. */
static void report_progress(run_state *rs) {
  st_gpu *gpu = rs->gpu;
  const st_tmachine *tm = rs->tm;
  const st_lkernel *lk = oldest_host(rs);
  lk = lk != NULL ? lk : oldest(rs);
  uint64_t tinsts = 0;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    tinsts += st_sm_get_stats(tm->sms[i])->thread_insts;
  }
  st_progress p = {.kernel = lk != NULL ? lk->k->name : "",
                   .launch = gpu->progress.first_launch + (lk != NULL && lk->host ? lk->index : 0),
                   .kernels_done = gpu->totals.kernels,
                   .cycles = gpu->totals.cycles + (tm->core.cycles - rs->last.core_cycles),
                   .thread_insts = rs->base_total + (tinsts - rs->base_tinsts),
                   .max_insts = (uint64_t)gpu->cfg.sim.max_insts};
  st_progress_report(&gpu->progress, &p, gpu->totals.wall_seconds);
}

/* ---- units at the GPU loop ------------------------------------------------- */

/* The start of the due SMs' cycles for their controllers. */
static st_status units_begin_cycle(run_state *rs) {
  st_tmachine *tm = rs->tm;
  for (uint32_t i = 0; tm->ctl_begin && i < tm->n_sms; i++) {
    if (sm_due(tm, i)) {
      st_status rc = st_sm_units_begin_cycle(tm->sms[i], sm_now(tm, i), rs->err);
      if (rc != ST_OK) {
        return rc;
      }
    }
  }
  return ST_OK;
}

/* The end of SM i's cycle `now` for its controllers, after the thread-block
 * scheduler (spec/dyncta.md §8 A10 for DYNCTA). */
static st_status unit_end_cycle(run_state *rs, uint32_t i, uint64_t now) {
  return st_sm_units_end_cycle(rs->tm->sms[i], now, !st_launchq_unissued(&rs->q), rs->err);
}

/* The units' traces (--trace UNIT) at the end of core cycle `now`. */
static void units_trace(run_state *rs, uint64_t now) {
  st_gpu *gpu = rs->gpu;
  const st_lkernel *lk = oldest_host(rs);
  for (size_t t = 0; t < gpu->n_traces && lk != NULL; t++) {
    st_unit_trace_run *tr = &gpu->traces[t];
    if (tr->unit->trace == NULL || tr->inst == NULL) {
      continue; /* the generic trace is written at every evaluation */
    }
    tr->t.kernel = (size_t)(lk->stats - gpu->kstats);
    tr->t.kname = lk->k->name;
    tr->t.cycle = now + 1 - lk->k_start;
    tr->t.drained = !st_launchq_unissued(&rs->q);
    tr->unit->trace->cycle(&tr->t, tr->inst, rs->tm->n_sms);
  }
}

/* ---- placing blocks ---------------------------------------------------------- */

static st_status place(void *ctx, uint32_t sm, st_lkernel *lk, uint64_t now, st_error *err) {
  run_state *rs = ctx;
  (void)now;
  st_tm_act_mark(rs->tm, sm);
  st_status rc = st_sm_launch_cta(rs->tm->sms[sm], &lk->rk, lk->next_cta, sm_now(rs->tm, sm), err);
  if (rc != ST_OK) {
    return rc;
  }
  if (st_launchq_placed(&rs->q, lk) != ST_OK) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  rs->gpu->totals.ctas++;
  st_dtbl *d = rs->tm->dtbl;
  if (d == NULL) {
    return ST_OK;
  }
  /* DTBL's table follows the blocks handed out (docs/units/dtbl.md). */
  bool last = lk->next_cta == lk->k->num_ctas;
  if (lk->target != NULL) {
    rc = st_dtbl_tb_start(d, lk->agt_ref, rs->tm->core.cycles, err);
    if (rc == ST_OK && last) {
      uint32_t gnext = lk->chain_next != NULL ? lk->chain_next->agt_ref : 0;
      rc = st_dtbl_group_done(d, lk->target->kde, lk->agt_ref, gnext, rs->tm->core.cycles, err);
    }
  } else if (last) {
    rc = st_dtbl_native_done(d, lk->kde, rs->tm->core.cycles, err);
  }
  return rc;
}

/* ---- the occupancy-bubble controller ------------------------------------------ */

/* One core cycle of the dvfs unit (docs/units/dvfs.md): its inputs (each
 * SM's active warps, whether a block waits, and at a sample's end where the
 * next waiting block fits), its clock edge, and the operating points and
 * closings its new registers name applied from the next cycle on. full: a
 * cycle run in full (false: a skipped one, which is never a sample's end). */
static st_status dvfs_cycle(run_state *rs, uint64_t now, bool full) {
  st_tmachine *tm = rs->tm;
  st_uinst *u = tm->dvfs;
  const dvfs_gpu_ops *ops = u->unit->ops;
  dvfs_in *in = u->in;
  const dvfs_out *out = u->out;
  memset(in, 0, sizeof *in);
  uint32_t n = tm->n_sms < DVFS_MAX_SMS ? tm->n_sms : DVFS_MAX_SMS;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t a = tm->active[i]; /* gathered for this cycle (st_tpower_gather) */
    in->active[i] = (uint8_t)(a < 127 ? a : 127);
  }
  in->pending = st_launchq_unissued(&rs->q);
  st_status rc = ops->eval(u, now, rs->err);
  if (rc != ST_OK) {
    return rc;
  }
  if (out->sample && full) {
    /* The next block in the scheduling order: where it would fit. With no
     * block waiting, every SM has room for "the next" one (condition 3 of
     * a diversion target holds vacuously; docs/units/dvfs.md). */
    const st_lkernel *lk = rs->q.sched_head;
    while (lk != NULL && lk->t_ready > now) {
      lk = lk->sched_next;
    }
    for (uint32_t j = 0; j < n; j++) {
      in->fits[j] = !in->pending || (lk != NULL && st_sm_fits(tm->sms[j], &lk->rk));
    }
    rc = ops->eval(u, now, rs->err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  rc = ops->tick(u, now, rs->err);
  if (rc == ST_OK) {
    rc = ops->eval(u, now, rs->err); /* the outputs of the registers just written */
  }
  if (rc != ST_OK) {
    return rc;
  }
  /* The registers' outputs applied from the next cycle on: closings,
   * clocks, voltages. A skipped stretch never holds a sample's end or a
   * transition's end (dvfs_skippable), so they hold through it. */
  uint64_t t = tm->core.next_ps + tm->core.period_ps;
  for (uint32_t i = 0; i < n; i++) {
    st_sm_set_closed(tm->sms[i], out->closed[i] != 0);
    uint8_t f = out->flow[i] ? (uint8_t)tm->low_pstate : 0;
    uint8_t v = out->vlow[i] ? (uint8_t)tm->low_pstate : 0;
    if (f != tm->sm_fstate[i]) {
      st_tmachine_set_sm_clock(tm, i, rs->gpu->cfg.power.ps_hz[f]);
    }
    if ((f != tm->sm_fstate[i] || v != tm->sm_vstate[i]) && tm->power != NULL) {
      st_power_set_sm(tm->power, i, t, f, v);
    }
    tm->sm_fstate[i] = f;
    tm->sm_vstate[i] = v;
  }
  uint8_t gf = out->gflow ? (uint8_t)tm->low_pstate : 0;
  uint8_t gv = out->gvlow ? (uint8_t)tm->low_pstate : 0;
  if ((gf != tm->unc_fstate || gv != tm->unc_vstate) && tm->power != NULL) {
    st_power_set_uncore(tm->power, t, gf, gv);
  }
  tm->unc_fstate = gf;
  tm->unc_vstate = gv;
  return ST_OK;
}

/* Core cycles from the next one on that skipping may jump over without
 * hiding a dvfs sample's end or a P-state transition's end (each runs in
 * full). */
static uint64_t dvfs_skippable(const st_tmachine *tm) {
  const dvfs_state *s = tm->dvfs->s;
  const dvfs_params *p = tm->dvfs->p;
  uint64_t q = (uint64_t)(p->sample - 1u - s->cnt % p->sample);
  for (uint32_t i = 0; i < p->n_sms; i++) {
    if (s->xcnt[i] != 0 && (uint64_t)s->xcnt[i] - 1 < q) {
      q = (uint64_t)s->xcnt[i] - 1;
    }
  }
  if (s->gxcnt != 0 && (uint64_t)s->gxcnt - 1 < q) {
    q = (uint64_t)s->gxcnt - 1;
  }
  return q;
}

/* ---- the core phase of one time step --------------------------------------- */

/* sim.check_skips: SM i runs a cycle that idle-cycle skipping would have
 * skipped; it must account what skipping would and change nothing. */
static st_status checked_idle_cycle(run_state *rs, uint32_t i, uint64_t now) {
  st_tmachine *tm = rs->tm;
  st_sm_stats expect;
  st_sm_activity before, after;
  st_sm_idle_stats(tm->sms[i], &expect);
  st_sm_activity_of(tm->sms[i], &before);
  st_status rc = st_sm_cycle(tm->sms[i], now);
  if (rc != ST_OK) {
    return rc;
  }
  st_sm_activity_of(tm->sms[i], &after);
  char why[160];
  if (st_sm_stats_differ(st_sm_get_stats(tm->sms[i]), &expect, why, sizeof why) ||
      st_sm_activity_differ(&after, &before, why, sizeof why)) {
    return st_error_set(rs->err, ST_ERR_INTERNAL,
                        "sim.check_skips: idle-cycle skipping would have given another result "
                        "at SM %u, cycle %" PRIu64 ": it was to be skipped up to cycle %" PRIu64
                        ", but run in full it accounts %s",
                        i, now, tm->idle_until[i], why);
  }
  return ST_OK;
}

/* ---- parallel simulation (sim.threads) -------------------------------------- */

/* Free requests each thread's pool holds before a step. */
#define PAR_POOL_RESERVE 512
/* Steps between comparisons of serial and threaded stepping, and the steps
 * each is timed over. */
#define PAR_TUNE_PERIOD 65536
#define PAR_TUNE_WINDOW 2048

static uint64_t host_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---- the memory partitions' cycles --------------------------------------------- */

/* Sub-partition s's L2 cycle, then its replies into the reply network while
 * it takes them; returns how many. With `input`, only the sub-partition's
 * own input of the network changes (st_icnt_push_reply_input): the caller
 * completes the pushes. */
static uint64_t subpart_cycle(st_tmachine *tm, uint32_t s, bool input) {
  st_subpart_cycle(tm->subparts[s]);
  uint64_t n = 0;
  st_mreq *r;
  while ((r = st_subpart_peek_reply(tm->subparts[s])) != NULL &&
         st_icnt_can_push_reply(tm->icnt, s, r)) {
    st_subpart_pop_reply(tm->subparts[s]);
    if (input) {
      st_icnt_push_reply_input(tm->icnt, s, r);
    } else {
      st_icnt_push_reply(tm->icnt, s, r);
    }
    n++;
  }
  return n;
}

/* DRAM channel c's cycle; what it finished goes back to its sub-partitions. */
static void channel_cycle(st_tmachine *tm, uint32_t c) {
  st_dram_cycle(tm->drams[c]);
  st_mreq *r;
  while ((r = st_dram_pop_done(tm->drams[c])) != NULL) {
    st_subpart_dram_done(tm->subparts[r->subpart], r);
  }
}

/* Parallel simulation (docs/performance.md, "Parallel simulation"): the L2
 * and DRAM edges are not run when they come but kept, in time order, and run
 * with the next step of the SMs, one item per DRAM channel with its
 * sub-partitions. That order is the serial one where it can be seen: a
 * channel and its sub-partitions touch no other's state; between two
 * interconnect cycles they meet the rest of the machine only through their
 * own inputs of the reply network (which only the interconnect's cycle
 * reads: the edges kept are run before it), and the SMs, the front end and
 * the statistics read them only after the step that runs the edges, which
 * comes before the next core cycle as the edges do in a serial run. Their
 * requests are numbered before the SMs' (the edges came first) in channel
 * order, which is sub-partition order, as tick_l2 makes them; a second L2
 * edge would break that order, so it runs the kept edges first. */
enum { MEM_EDGE_L2 = 0, MEM_EDGE_DRAM = 1 };

/* The kept edges of channel c and its sub-partitions; returns the replies
 * pushed (into their own inputs: st_icnt_replies_pushed completes them). */
static uint64_t mem_channel_edges(st_tmachine *tm, uint32_t c) {
  const uint32_t per = tm->n_subparts / tm->n_channels;
  uint64_t pushed = 0;
  for (uint32_t k = 0; k < tm->n_mem_edges; k++) {
    if (tm->mem_edge[k] == MEM_EDGE_L2) {
      for (uint32_t s = c * per; s < (c + 1) * per; s++) {
        pushed += subpart_cycle(tm, s, true);
      }
    } else {
      channel_cycle(tm, c);
    }
  }
  return pushed;
}

static void mem_edges_done(st_tmachine *tm) {
  tm->n_mem_edges = 0;
  tm->mem_l2 = false;
}

/* Runs the kept edges now, on the calling thread, channel by channel. */
static void mem_edges_flush(st_tmachine *tm) {
  if (tm->n_mem_edges == 0) {
    return;
  }
  uint64_t pushed = 0;
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    pushed += mem_channel_edges(tm, c);
  }
  st_icnt_replies_pushed(tm->icnt, pushed);
  mem_edges_done(tm);
}

/* An L2 or DRAM edge of a run with threads: kept for the next step. */
static void mem_edge_keep(st_tmachine *tm, uint8_t kind) {
  if ((kind == MEM_EDGE_L2 && tm->mem_l2) ||
      tm->n_mem_edges == sizeof tm->mem_edge / sizeof tm->mem_edge[0]) {
    mem_edges_flush(tm);
  }
  tm->mem_edge[tm->n_mem_edges++] = kind;
  tm->mem_l2 = tm->mem_l2 || kind == MEM_EDGE_L2;
}

/* Item `i` of a step on thread `worker`: SM i's cycle (i < n_sms), or the
 * kept memory edges of channel i - n_sms. An SM's requests come from the
 * thread's pool and are logged, its error goes to its own record. */
static void par_sm_item(void *ctx, uint32_t i, uint32_t worker) {
  run_state *rs = ctx;
  st_tmachine *tm = rs->tm;
  if (i >= tm->n_sms) {
    struct st_par_ch *ch = &tm->pch[i - tm->n_sms];
    st_mreq_redirect *d = &tm->redir[worker];
    d->log = &ch->log;
    st_mreq_redirect_set(d);
    ch->pushed = mem_channel_edges(tm, i - tm->n_sms);
    st_mreq_redirect_set(NULL);
    return;
  }
  tm->psm[i].rc = ST_OK;
  if (!tm->psm[i].run) {
    return;
  }
  st_mreq_redirect *d = &tm->redir[worker];
  d->log = &tm->psm[i].log;
  st_mreq_redirect_set(d);
  tm->sm_err[i].code = ST_OK;
  st_sm_set_error(tm->sms[i], &tm->sm_err[i]);
  tm->psm[i].rc = st_sm_cycle(tm->sms[i], sm_now(tm, i));
  st_mreq_redirect_set(NULL);
}

/* The SMs' cycles on the pool's threads, then, in SM order, what a serial
 * run does between them: requests get their ids, finished CTAs retire (on
 * the SMs whose cycle succeeded), and the first SM (in order) that failed
 * gives the run's error. The state SMs
 * share is touched only by instructions that wait for their turn
 * (st_tinst.ordered), in SM order: results equal a serial run's. */
static st_status par_sm_cycles(run_state *rs) {
  st_tmachine *tm = rs->tm;
  for (uint32_t w = 0; w < tm->n_redir; w++) {
    if (tm->redir[w].pool.n_free < PAR_POOL_RESERVE / 2) {
      st_mreq_pool_refill(&tm->redir[w].pool, &tm->pool, PAR_POOL_RESERVE);
    }
  }
  /* Steps go to the threads while the threads are measured to be faster:
   * every PAR_TUNE_PERIOD steps, a window of steps runs serially, then one
   * on the threads, each timed on the host's clock, and the faster way runs
   * until the next comparison. (Deciding step by step, say by the number of
   * busy SMs, moves the SMs' state between cores' caches at every change,
   * which costs more than it saves.) Either way gives the same results;
   * only the host's speed decides. */
  uint64_t phase = tm->tune.steps++ % PAR_TUNE_PERIOD;
  bool threaded = tm->tune.threaded;
  if (phase == 0 || phase == PAR_TUNE_WINDOW || phase == 2 * PAR_TUNE_WINDOW) {
    uint64_t t = host_ns();
    if (phase == PAR_TUNE_WINDOW) {
      tm->tune.serial_ns = t - tm->tune.t0;
    } else if (phase == 2 * PAR_TUNE_WINDOW) {
      tm->tune.threaded = t - tm->tune.t0 < tm->tune.serial_ns;
    }
    tm->tune.t0 = t;
  }
  if (phase < 2 * PAR_TUNE_WINDOW) {
    threaded = phase >= PAR_TUNE_WINDOW;
  }
  if (!threaded && !tm->tune.always) {
    /* Serially, as without threads (CTAs retire at the end of their SM's
     * cycle, as there). */
    mem_edges_flush(tm);
    st_par_serial(tm->par, true);
    st_status first = ST_OK;
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      if (tm->psm[i].run) {
        st_status rc = st_sm_cycle(tm->sms[i], sm_now(tm, i));
        if (rc == ST_OK) {
          st_sm_retire(tm->sms[i]);
        }
        first = first == ST_OK ? rc : first;
      }
    }
    st_par_serial(tm->par, false);
    return first;
  }
  const uint32_t mem_items = tm->n_mem_edges != 0 ? tm->n_channels : 0;
  st_par_run(tm->par, tm->n_sms + mem_items, par_sm_item, rs);
  uint64_t pushed = 0;
  for (uint32_t c = 0; c < mem_items; c++) {
    st_mreq_log_number(&tm->pool, &tm->pch[c].log);
    pushed += tm->pch[c].pushed;
  }
  st_icnt_replies_pushed(tm->icnt, pushed);
  mem_edges_done(tm);
  st_status rc = ST_OK;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_mreq_log_number(&tm->pool, &tm->psm[i].log);
    st_sm_set_error(tm->sms[i], rs->err);
    if (rc == ST_OK && tm->psm[i].rc != ST_OK) {
      rc = tm->psm[i].rc;
      if (rs->err->code == ST_OK) {
        *rs->err = tm->sm_err[i];
      }
    }
    if (tm->psm[i].rc == ST_OK && tm->psm[i].run) {
      st_sm_retire(tm->sms[i]);
    }
  }
  return rc;
}

/* SM i ran a cycle: check_limits reads its counts again. */
static void ran_mark(st_tmachine *tm, uint32_t i) {
  if (!tm->ran[i]) {
    tm->ran[i] = 1;
    tm->ran_list[tm->n_ran++] = i;
  }
}

/* The SMs' cycles of a serial run with lazy dozes (tm->lazy, one clock for
 * all SMs): the SMs whose awake bit is set run theirs in SM order; an SM
 * found dozing loses its bit (its cycles are counted when read); the push
 * loop visits those that ran and those holding a request. Returns the first
 * failure in SM order, every SM's cycle run. */
static st_status lazy_sm_cycles(st_tmachine *tm) {
  const uint64_t now = tm->core.cycles;
  if (now >= tm->doze_min) {
    /* Dozes that end by time at this cycle. */
    tm->doze_min = UINT64_MAX;
    for (uint32_t w = 0; w < tm->n_words; w++) {
      uint32_t left = tm->n_sms - w * 64;
      uint64_t sms = left >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << left) - 1;
      for (uint64_t m = ~tm->awake[w] & sms; m != 0; m &= m - 1) {
        uint32_t b = (uint32_t)__builtin_ctzll(m);
        uint64_t u = tm->doze[w * 64 + b].until;
        if (u <= now) {
          tm->awake[w] |= UINT64_C(1) << b;
        } else {
          tm->doze_min = u < tm->doze_min ? u : tm->doze_min;
        }
      }
    }
  }
  for (uint32_t cw = 0; cw * 64 < tm->n_clusters; cw++) {
    /* The clusters a flit left since the last look: their stamps moved, and
     * their SMs' refused requests are offered again. */
    uint64_t moved = st_icnt_take_request_drains(tm->icnt, cw);
    for (uint64_t m = tm->n_blocked != 0 && !tm->fault_stale_push ? moved : 0; m != 0;
         m &= m - 1) {
      uint32_t c = cw * 64 + (uint32_t)__builtin_ctzll(m);
      if (tm->cl_blocked[c] == 0) {
        continue;
      }
      uint32_t end = (c + 1) * tm->sms_per_cluster;
      for (uint32_t i = c * tm->sms_per_cluster; i < end && i < tm->n_sms; i++) {
        bit_put(tm->blocked, i, false);
      }
      tm->n_blocked -= tm->cl_blocked[c];
      tm->cl_blocked[c] = 0;
    }
  }
  st_status first = ST_OK;
  for (uint32_t w = 0; w < tm->n_words; w++) {
    for (uint64_t m = tm->awake[w] | (tm->outq[w] & ~tm->blocked[w]); m != 0; m &= m - 1) {
      uint32_t b = (uint32_t)__builtin_ctzll(m);
      uint32_t i = w * 64 + b;
      uint64_t until = tm->doze[i].until;
      if (now < until) {
        if ((tm->awake[w] >> b) & 1u) {
          tm->awake[w] &= ~(UINT64_C(1) << b);
          tm->doze_min = until < tm->doze_min ? until : tm->doze_min;
        }
        if (((tm->outq[w] & ~tm->blocked[w]) >> b) & 1u) {
          tm->push_list[tm->n_push++] = i;
        }
        continue;
      }
      if (!((tm->blocked[w] >> b) & 1u)) {
        tm->push_list[tm->n_push++] = i;
      }
      ran_mark(tm, i);
      if (!tm->fault_stale_active) {
        st_tm_act_mark(tm, i);
      }
      st_status rc = st_sm_cycle(tm->sms[i], now);
      first = first == ST_OK ? rc : first;
    }
  }
  tm->doze_done = now + 1;
  return first;
}

/* A cycle of SM i's sleep, outside the lazy path: counted (when count),
 * not run (sm.h), and the SM listed for the push loop when its outgoing queue
 * holds a request. */
static void doze_cycle(st_tmachine *tm, uint32_t i, bool count) {
  if (count) {
    tm->doze[i].skipped++;
  }
  if (bit_get(tm->outq, i)) {
    tm->push_list[tm->n_push++] = i;
  }
}

static st_status tick_core(run_state *rs, uint64_t t) {
  st_tmachine *tm = rs->tm;
  bool front = tm->core.next_ps == t;
  if (tm->lazy) {
    tm->doze_done = tm->core.cycles; /* (it is: the last step or skip set it so) */
  }
  for (uint32_t i = 0; !tm->uniform && i < tm->n_sms; i++) {
    tm->due[i] = tm->smclk[i].next_ps == t;
  }
  st_status rc = units_begin_cycle(rs);
  if (rc != ST_OK) {
    return rc;
  }
  /* Replies go to their SM: at once when its clock has an edge now (after
   * any that waited for it), else into its inbox. */
  for (uint32_t i = 0; !tm->uniform && i < tm->n_sms; i++) {
    st_mreq *r;
    while (tm->due[i] && (r = st_mqueue_pop(&tm->inbox[i])) != NULL) {
      st_tm_act_mark(tm, i);
      st_sm_deliver(tm->sms[i], r, tm->smclk[i].cycles);
    }
  }
  bool replies = st_icnt_replies_due(tm->icnt);
  for (uint32_t c = 0; replies && c < tm->n_clusters; c++) {
    st_mreq *r;
    while ((r = st_icnt_pop_reply(tm->icnt, c)) != NULL) {
      if (sm_due(tm, r->sm)) {
        st_tm_act_mark(tm, r->sm);
        st_sm_deliver(tm->sms[r->sm], r, sm_now(tm, r->sm));
      } else {
        st_mqueue_push(&tm->inbox[r->sm], r);
      }
    }
  }
  /* Every SM runs its cycle, even after one failed: the run stops with the
   * first failure in SM order, the cycle complete (as on threads, where
   * the SMs after the failing one have run theirs by then). */
  bool check = rs->gpu->cfg.sim.check_skips;
  st_status first = ST_OK;
  /* The SMs the push loop below visits, in SM order: those that ran, and
   * those that dozed with a request still queued. */
  tm->n_push = 0;
  if (tm->lazy) {
    first = lazy_sm_cycles(tm);
  }
  for (uint32_t i = 0; tm->par == NULL && !tm->lazy && i < tm->n_sms; i++) {
    if (!sm_due(tm, i)) {
      continue;
    }
    uint64_t now = sm_now(tm, i);
    bool dozes = now < tm->doze[i].until;
    if (dozes && !check) {
      doze_cycle(tm, i, true);
      continue;
    }
    tm->push_list[tm->n_push++] = i;
    ran_mark(tm, i);
    if (!dozes && !tm->fault_stale_active) { /* (the planted fault forgets it) */
      st_tm_act_mark(tm, i); /* (checked: a dozing SM is run, and must not need it) */
    }
    if (dozes && !bit_get(tm->outq, i) && st_sm_peek_outgoing(tm->sms[i]) != NULL) {
      rc = st_error_set(rs->err, ST_ERR_INTERNAL,
                        "sim.check_skips: SM %u dozes with a request to send where the timing "
                        "loop holds its outgoing queue empty",
                        i);
    } else if (check && now < tm->idle_until[i]) {
      rc = checked_idle_cycle(rs, i, now);
    } else {
      rc = st_sm_cycle(tm->sms[i], now);
      if (rc == ST_OK && dozes && !st_sm_slept_on(tm->sms[i])) {
        rc = st_error_set(rs->err, ST_ERR_INTERNAL,
                          "sim.check_skips: a dozing SM would have slept through cycle %" PRIu64
                          " at SM %u, where its sleep had ended",
                          now, i);
      }
    }
    first = first == ST_OK ? rc : first;
  }
  if (first != ST_OK) {
    return first;
  }
  if (tm->par != NULL) {
    /* The SMs that run their cycle in the step: as the serial loop above
     * without lazy dozes (a dozing SM's cycle is counted, not run). */
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      bool run = sm_due(tm, i);
      if (run && sm_now(tm, i) < tm->doze[i].until) {
        doze_cycle(tm, i, !tm->fault_par_doze); /* (the planted fault loses the cycle) */
        run = false;
      } else if (run) {
        tm->push_list[tm->n_push++] = i;
        ran_mark(tm, i);
        st_tm_act_mark(tm, i);
      }
      tm->psm[i].run = run;
    }
    rc = par_sm_cycles(rs);
    if (rc != ST_OK) {
      return rc;
    }
  }
  /* (A dozing SM adds no request: its queue is as the last push left it.) */
  for (uint32_t k = 0; k < tm->n_push; k++) {
    uint32_t i = tm->push_list[k];
    st_sm *sm = tm->sms[i];
    /* The refused request is still the queue's head (only this loop takes
     * from it): while the network's stamp holds it is refused again. */
    if (tm->refused[i].r != NULL &&
        (tm->fault_stale_push ||
         st_icnt_request_stamp(tm->icnt, tm->refused[i].cluster) == tm->refused[i].stamp)) {
      if (check && (st_sm_peek_outgoing(sm) != tm->refused[i].r ||
                    st_icnt_can_push_request(tm->icnt, tm->refused[i].cluster,
                                             tm->refused[i].r))) {
        return st_error_set(rs->err, ST_ERR_INTERNAL,
                            "sim.check_skips: the refused-push memo would have held back a "
                            "request at SM %u that the interconnect accepts",
                            i);
      }
      continue; /* refused again */
    }
    st_mreq *r;
    while ((r = st_sm_peek_outgoing(sm)) != NULL) {
      uint32_t cluster = r->cluster; /* (the SM's, i / gpu.sms_per_cluster, set by it) */
      if (!tm->mapped[i].valid || tm->mapped[i].addr != r->addr) {
        tm->mapped[i].valid = true;
        tm->mapped[i].addr = r->addr;
        tm->mapped[i].subpart = st_addrmap(&rs->gpu->cfg, r->addr).subpart;
      } else if (check && st_addrmap(&rs->gpu->cfg, r->addr).subpart != tm->mapped[i].subpart) {
        return st_error_set(rs->err, ST_ERR_INTERNAL,
                            "sim.check_skips: the address-mapping memo would have given another "
                            "sub-partition at SM %u for address %#" PRIx64,
                            i, r->addr);
      }
      r->subpart = tm->mapped[i].subpart;
      if (!st_icnt_can_push_request(tm->icnt, cluster, r)) {
        tm->refused[i].r = r;
        tm->refused[i].stamp = st_icnt_request_stamp(tm->icnt, cluster);
        tm->refused[i].cluster = cluster;
        if (tm->lazy) {
          bit_set(tm->blocked, i);
          tm->cl_blocked[cluster]++;
          tm->n_blocked++;
        }
        break;
      }
      tm->refused[i].r = NULL;
      st_sm_pop_outgoing(sm);
      st_icnt_push_request(tm->icnt, cluster, r);
    }
    bit_put(tm->outq, i, r != NULL);
  }
  /* The front end: the thread-block scheduler places this cycle's blocks. */
  if (front) {
    rc = tm->tbs->dispatch(tm->tbs_state, &rs->host, tm->core.cycles, rs->err);
    if (tm->dvfs != NULL || tm->power != NULL) {
      st_tpower_gather(tm); /* after the cycle's placements */
      uint32_t stale = check && rc == ST_OK ? st_tpower_stale(tm) : tm->n_sms;
      if (stale < tm->n_sms) {
        return st_error_set(rs->err, ST_ERR_INTERNAL,
                            "sim.check_skips: the gather of active warps would have kept a "
                            "stale count at SM %u, core cycle %" PRIu64 " (%u, now %u)",
                            stale, tm->core.cycles, tm->active[stale],
                            st_sm_active_warps(tm->sms[stale]));
      }
    }
    if (rc == ST_OK && tm->dvfs != NULL) {
      rc = dvfs_cycle(rs, tm->core.cycles, true);
    }
    if (rc != ST_OK) {
      return rc;
    }
  }
  /* The controllers' clock edge: after block exits, issue and placement. */
  for (uint32_t i = 0; tm->ctl_end && i < tm->n_sms; i++) {
    if (sm_due(tm, i)) {
      rc = unit_end_cycle(rs, i, sm_now(tm, i));
      if (rc != ST_OK) {
        return rc;
      }
    }
  }
  for (uint32_t i = 0; !tm->uniform && i < tm->n_sms; i++) {
    if (tm->due[i]) {
      clock_edge(&tm->smclk[i]);
    }
  }
  if (front) {
    units_trace(rs, tm->core.cycles);
    st_tpower_front(tm, rs->q.n_resident > 0);
    clock_edge(&tm->core);
    st_tpower_after_edge(tm);
  }
  return ST_OK;
}

static void tick_icnt(st_tmachine *tm) {
  st_icnt_cycle(tm->icnt);
  bool requests = st_icnt_requests_due(tm->icnt);
  for (uint32_t s = 0; s < tm->n_subparts; s++) {
    if (tm->staged[s] == NULL && requests) {
      tm->staged[s] = st_icnt_pop_request(tm->icnt, s);
    }
    if (tm->staged[s] != NULL && st_subpart_can_accept(tm->subparts[s])) {
      st_subpart_push(tm->subparts[s], tm->staged[s]);
      tm->staged[s] = NULL;
    }
  }
  tm->icnt_clk.cycles++;
}

static void tick_l2(st_tmachine *tm) {
  for (uint32_t s = 0; s < tm->n_subparts; s++) {
    subpart_cycle(tm, s, false);
  }
  tm->l2.cycles++;
}

static void tick_dram(st_tmachine *tm) {
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    channel_cycle(tm, c);
  }
  tm->dram.cycles++;
}

static bool memory_quiet(const st_tmachine *tm) {
  if (!st_icnt_quiet(tm->icnt)) {
    return false;
  }
  for (uint32_t s = 0; s < tm->n_subparts; s++) {
    if (tm->staged[s] != NULL || !st_subpart_quiet(tm->subparts[s])) {
      return false;
    }
  }
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    if (!st_dram_quiet(tm->drams[c])) {
      return false;
    }
  }
  return true;
}

/* ---- kernels becoming resident and ending ------------------------------------ */

/* Brings the GPU's run totals up to the machine now. */
static void update_totals(run_state *rs) {
  st_snapshot now;
  st_timing_snapshot(rs->tm, &now);
  st_run_totals *t = &rs->gpu->totals;
  t->warp_insts += now.sm.warp_insts - rs->last.sm.warp_insts;
  t->thread_insts += now.sm.thread_insts - rs->last.sm.thread_insts;
  t->cycles += now.core_cycles - rs->last.core_cycles;
  rs->last = now;
}

/* lk's view for the SMs (rk), or an error if one of its blocks does not
 * fit an SM. */
static st_status setup_rk(run_state *rs, st_lkernel *lk) {
  st_gpu *gpu = rs->gpu;
  st_tmachine *tm = rs->tm;
  const st_config *cfg = &gpu->cfg;
  const st_kernel *k = lk->k;
  uint32_t per_sm = st_occupancy(cfg, k);
  if (per_sm == 0) {
    return st_error_set(rs->err, ST_ERR_USAGE,
                        "kernel %s: one CTA (%u threads, %u registers per thread, %u bytes of "
                        "shared memory) does not fit an SM",
                        k->name, k->threads_per_cta, k->regs_per_thread, k->shared_total);
  }
  st_rkernel *rk = &lk->rk;
  rk->dec = k->kmod->tinst;
  rk->ctas_per_sm = per_sm;
  rk->regs_per_cta = k->regs_per_thread * k->warps_per_cta * ST_WARP_SIZE;
  uint64_t g = (uint64_t)cfg->sm.shared_granularity;
  rk->shared_per_cta = k->shared_total > 0 ? (uint32_t)((k->shared_total + g - 1) / g * g) : 0;
  memset(&rk->env, 0, sizeof rk->env);
  rk->env.k = k;
  rk->env.gmem = &gpu->gmem;
  rk->env.nsmid = tm->n_sms;
  rk->env.nwarpid = (uint32_t)(cfg->sm.max_threads / ST_WARP_SIZE);
  rk->env.err = rs->err;
  rk->env.devrt = st_cdp_ops();
  rk->env.devrt_ctx = gpu->cdp;
  /* The criticality profile: recording it, and the CAWS oracle's times
   * (host launches only). */
  rk->launch = lk->stats != NULL ? (uint32_t)(lk->stats - gpu->kstats) : UINT32_MAX;
  rk->oracle = NULL;
  rk->rec_sink = NULL;
  rk->rec_ctx = NULL;
  if (gpu->crit_rec != NULL && lk->host) {
    st_status rc = st_critprof_add_launch(gpu->crit_rec, rk->launch, k, rs->err);
    if (rc != ST_OK) {
      return rc;
    }
    rk->rec_sink = st_critprof_add_record;
    rk->rec_ctx = gpu->crit_rec;
  }
  st_status orc = st_gpu_oracle_ready(gpu, rs->err);
  if (orc != ST_OK) {
    return orc;
  }
  if (gpu->oracle != NULL && lk->host) {
    const st_critlaunch *ol = st_critprof_match(gpu->oracle, rk->launch, k, rs->err);
    if (ol == NULL) {
      return ST_ERR_USAGE;
    }
    rk->oracle = ol->time;
  }
  return ST_OK;
}

/* Makes lk resident: its view for the SMs, its statistics, the SMs' units
 * told. */
static st_status start_kernel(run_state *rs, st_lkernel *lk) {
  st_gpu *gpu = rs->gpu;
  st_tmachine *tm = rs->tm;
  const st_kernel *k = lk->k;
  bool idle = rs->q.n_resident == 0;
  if (st_launchq_start(&rs->q, lk, tm->core.cycles) != ST_OK) {
    return st_error_set(rs->err, ST_ERR_NOMEM, "out of host memory");
  }
  gpu->totals.kernels++;
  if (lk->host) {
    /* Statistics per host launch; a device launch's count in cdp.* and
     * in its host launch's. */
    lk->stats = st_gpu_next_kernel_stats(gpu, k->name);
    if (lk->stats == NULL) {
      return st_error_set(rs->err, ST_ERR_NOMEM, "out of host memory");
    }
  } else if (lk->kind == ST_CDP_GROUP) {
    st_cdp_group_started(gpu->cdp, k, tm->core.cycles - lk->t_arrive, ST_GROUP_AS_KERNEL);
  } else {
    st_cdp_started(gpu->cdp, k, tm->core.cycles - lk->t_arrive);
  }
  st_status rc = setup_rk(rs, lk);
  if (rc == ST_OK && rs->tm->dtbl != NULL) {
    rc = st_dtbl_mark(rs->tm->dtbl, lk->kde, tm->core.cycles, rs->err);
  }
  if (rc != ST_OK) {
    return rc;
  }
  if (lk->host) {
    st_timing_snapshot(tm, &rs->before[lk->index]);
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_sm_kernel_begin(tm->sms[i], &lk->rk, idle);
  }
  if (idle) {
    for (size_t t = 0; t < gpu->n_traces; t++) {
      gpu->traces[t].t.events = 0; /* windows or lines of this kernel */
    }
  }
  lk->wall0 = wall_now();
  return ST_OK;
}

/* lk ended (or the run stopped): its statistics. */
static void end_kernel(run_state *rs, st_lkernel *lk) {
  st_snapshot after;
  st_timing_snapshot(rs->tm, &after);
  update_totals(rs);
  if (lk->stats != NULL && lk->host) {
    st_timing_fill_stats(&rs->gpu->cfg, &after, &rs->before[lk->index], rs->tm->n_sms,
                         wall_now() - lk->wall0, lk->stats);
    st_stat_u(lk->stats, "ctas_per_sm", lk->rk.ctas_per_sm);
    st_stat_u(lk->stats, "regs_per_thread", lk->k->regs_per_thread);
  }
}

/* DTBL: group g has reached the SMX scheduler. It joins the first eligible
 * resident kernel if the AGT takes it, else it goes on as a kernel. */
static st_status start_group(run_state *rs, st_lkernel *g) {
  st_gpu *gpu = rs->gpu;
  uint64_t now = rs->tm->core.cycles;
  st_lkernel *k = st_launchq_eligible(&rs->q, g);
  uint32_t ref = 0;
  rs->gpu->dtbl_searches++;
  if (k != NULL) {
    /* With dtbl.overflow global a busy entry leaves the group's record in
     * global memory (its reference: any non-zero value below bit 31). */
    uint32_t gref = gpu->cfg.dtbl.overflow == ST_DTBL_OVF_GLOBAL
                        ? (uint32_t)(g->index % UINT32_C(0x7fffffff)) + 1
                        : 0;
    st_status rc = st_dtbl_join(rs->tm->dtbl, k->kde, g->hw_tid, gref, now, &ref, rs->err);
    if (rc != ST_OK) {
      return rc;
    }
    rs->gpu->dtbl_eligible++;
  }
  if (ref == 0) {
    g->as_kernel = true; /* launched as a device kernel */
    rs->q.dirty = true;
    return ST_OK;
  }
  g->agt_ref = ref;
  uint64_t ready = (ref & ST_DTBL_ONCHIP) ? now : now + (uint64_t)gpu->cfg.dtbl.miss_latency;
  st_status rc = setup_rk(rs, g);
  if (rc != ST_OK) {
    return rc;
  }
  if (st_launchq_join(&rs->q, g, k, now, ready) != ST_OK) {
    return st_error_set(rs->err, ST_ERR_NOMEM, "out of host memory");
  }
  st_cdp_group_started(gpu->cdp, g->k, now - g->t_arrive, ST_GROUP_JOINED);
  for (uint32_t i = 0; i < rs->tm->n_sms; i++) {
    st_sm_kernel_begin(rs->tm->sms[i], &g->rk, false);
  }
  return ST_OK;
}

/* Starts every launch that may start now. */
static st_status start_kernels(run_state *rs) {
  st_lkernel *lk;
  while ((lk = st_launchq_startable(&rs->q, rs->tm->core.cycles)) != NULL) {
    st_status rc = lk->kind == ST_CDP_GROUP && !lk->as_kernel ? start_group(rs, lk)
                                                                : start_kernel(rs, lk);
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}

static bool machine_drained(const st_tmachine *tm) {
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    if (!st_sm_drained(tm->sms[i])) {
      return false;
    }
  }
  return memory_quiet(tm);
}

/* Ends the resident kernels that are done: every block placed and retired,
 * and, for the only resident kernel, the SMs and the memory system drained.
 * Returns true if one ended. */
static st_status end_done_kernels(run_state *rs, bool *ended) {
  *ended = false;
  st_dtbl *d = rs->tm->dtbl;
  /* Joined groups: their blocks' ends told to the AGT; a group whose
   * blocks are all done is done. */
  for (size_t i = 0; i < rs->q.n_groups;) {
    st_lkernel *g = rs->q.groups[i];
    for (; g->tb_ended < g->rk.ctas_retired; g->tb_ended++) {
      st_status rc = st_dtbl_tb_end(d, g->agt_ref, rs->tm->core.cycles, rs->err);
      if (rc != ST_OK) {
        return rc;
      }
    }
    if (g->next_cta >= g->k->num_ctas && g->rk.ctas_retired >= g->k->num_ctas) {
      st_launchq_finish_group(&rs->q, g);
      *ended = true;
    } else {
      i++;
    }
  }
  for (size_t i = 0; i < rs->q.n_resident;) {
    st_lkernel *lk = rs->q.resident[i];
    bool done = lk->next_cta >= lk->k->num_ctas && lk->rk.ctas_retired >= lk->k->num_ctas &&
                lk->groups_open == 0 && (rs->q.n_resident > 1 || machine_drained(rs->tm));
    if (!done) {
      i++;
      continue;
    }
    end_kernel(rs, lk);
    st_launchq_finish(&rs->q, lk, rs->tm->core.cycles);
    if (d != NULL) {
      st_status rc = st_dtbl_release(d, lk->kde, rs->tm->core.cycles, rs->err);
      if (rc != ST_OK) {
        return rc;
      }
    }
    *ended = true;
  }
  return ST_OK;
}

/* ---- deadlocks, limits ------------------------------------------------------ */

static st_status report_deadlock(run_state *rs) {
  st_strbuf sb = ST_STRBUF_INIT;
  st_strbuf_printf(&sb, "deadlock in kernel");
  for (size_t i = 0; i < rs->q.n_resident; i++) {
    st_strbuf_printf(&sb, "%s %s", i ? "," : "", rs->q.resident[i]->k->name);
  }
  st_strbuf_printf(&sb, " at core cycle %" PRIu64
                   ": no warp can make progress and no memory request is in flight",
                   rs->tm->core.cycles);
  for (uint32_t i = 0; i < rs->tm->n_sms; i++) {
    char buf[4096];
    st_sm_describe(rs->tm->sms[i], buf, sizeof buf);
    st_strbuf_puts(&sb, buf);
  }
  st_error_set(rs->err, ST_ERR_DEADLOCK, "%s", st_strbuf_cstr(&sb));
  st_strbuf_free(&sb);
  return ST_ERR_DEADLOCK;
}

/* After a front-end cycle: no progress for too long, sim.max_cycles,
 * sim.max_insts. */
static st_status check_limits(run_state *rs) {
  st_tmachine *tm = rs->tm;
  const st_config *cfg = &rs->gpu->cfg;
  /* Only an SM's cycle issues: the counts of the SMs that ran since the
   * last look are read again, and the sums follow them. */
  for (uint32_t k = 0; k < tm->n_ran; k++) {
    uint32_t i = tm->ran_list[k];
    uint64_t w, t;
    st_sm_inst_counts(tm->sms[i], &w, &t);
    tm->icount_warp += w - tm->icount[i].warp;
    tm->icount_thread += t - tm->icount[i].thread;
    tm->icount[i].warp = w;
    tm->icount[i].thread = t;
    tm->ran[i] = 0;
  }
  tm->n_ran = 0;
  uint64_t insts = tm->icount_warp, tinsts = tm->icount_thread;
  uint64_t run_insts = rs->base_total + (tinsts - rs->base_tinsts);
  if (insts != rs->last_insts) {
    rs->last_insts = insts;
    rs->last_progress_cycle = tm->core.cycles;
  } else if (tm->core.cycles - rs->last_progress_cycle > (uint64_t)cfg->sim.deadlock_cycles) {
    return report_deadlock(rs);
  }
  const char *name = oldest(rs) != NULL ? oldest(rs)->k->name : "";
  if (cfg->sim.max_cycles > 0 && tm->core.cycles >= (uint64_t)cfg->sim.max_cycles) {
    rs->gpu->totals.stopped_by = "sim.max_cycles";
    return st_error_set(rs->err, ST_ERR_LIMIT,
                        "kernel %s stopped at core cycle %" PRIu64 " (sim.max_cycles)", name,
                        tm->core.cycles);
  }
  if (cfg->sim.max_insts > 0 && run_insts >= (uint64_t)cfg->sim.max_insts) {
    rs->gpu->totals.stopped_by = "sim.max_insts";
    return st_error_set(rs->err, ST_ERR_LIMIT,
                        "kernel %s stopped: the run reached %" PRIu64
                        " thread instructions (sim.max_insts)",
                        name, run_insts);
  }
  return ST_OK;
}

/* ---- idle-cycle skipping ----------------------------------------------------- */

/* The time a skip may jump to so that the front end looks at core cycle
 * `cycle` as it would without skipping. It looks (at the launch queue,
 * st_launchq_due, and at sim.max_cycles) after a core cycle, with the count
 * of the next: the cycle before `cycle` runs in full. */
static uint64_t front_look_time(const st_tmachine *tm, uint64_t cycle) {
  uint64_t c = cycle > tm->core.cycles + 1 ? cycle - tm->core.cycles - 1 : 0;
  return tm->core.next_ps + c * tm->core.period_ps;
}

/* With the memory system quiet and no block to place, jumps every clock to
 * the earliest time an SM can act (each SM accounts the cycles it skips as
 * it would have run them, and its controllers that count cycles step
 * through them); a cycle a controller must see in full is not skipped. */
static st_status skip_idle(run_state *rs) {
  st_tmachine *tm = rs->tm;
  mem_edges_flush(tm); /* (none are kept here: the step before ran them) */
  uint64_t t_event = UINT64_MAX, t_limit = UINT64_MAX;
  bool step_idle = false;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    const st_tclock *c = sm_clock(tm, i);
    uint64_t now = c->cycles; /* its next cycle to run */
    /* The edges after the next one come at the period set since the last
     * edge, if one was (a P-state change). */
    uint64_t period = c->new_period != 0 ? c->new_period : c->period_ps;
    uint64_t e = st_sm_next_event(tm->sms[i], now - 1);
    if (!tm->uniform && !st_mqueue_empty(&tm->inbox[i])) {
      e = now; /* replies wait for its next edge */
    }
    if (e != UINT64_MAX) {
      uint64_t te = c->next_ps + (e - now) * period;
      t_event = te < t_event ? te : t_event;
    }
    if (tm->ctl_any) {
      uint64_t q = st_sm_units_skippable(tm->sms[i]);
      if (q != UINT64_MAX) {
        uint64_t tq = c->next_ps + q * period;
        t_limit = tq < t_limit ? tq : t_limit;
      }
      step_idle = step_idle || st_sm_units_step_idle(tm->sms[i]);
    }
  }
  uint64_t qp = st_tpower_skippable(tm);
  if (tm->dvfs != NULL) {
    /* The controller's next sample or transition end may open an SM or
     * change a clock: an event. */
    uint64_t qd = dvfs_skippable(tm);
    uint64_t te = tm->core.next_ps + qd * tm->core.period_ps;
    t_event = te < t_event ? te : t_event;
    qp = qd < qp ? qd : qp;
  }
  if (qp != UINT64_MAX) {
    /* A power sample's last cycle runs in full. */
    uint64_t tq = tm->core.next_ps + qp * tm->core.period_ps;
    t_limit = tq < t_limit ? tq : t_limit;
  }
  uint64_t max_cycles = (uint64_t)rs->gpu->cfg.sim.max_cycles;
  if (max_cycles > 0) {
    /* sim.max_cycles stops the run after that many cycles, skipping or not. */
    uint64_t tq = front_look_time(tm, max_cycles);
    t_limit = tq < t_limit ? tq : t_limit;
  }
  bool placeable = st_tbs_placeable(&rs->host);
  if (rs->q.n_waiting != 0 && rs->q.next_time != UINT64_MAX) {
    /* A device launch reaches the pending pool or the kernel distributor. */
    uint64_t te = front_look_time(tm, rs->q.next_time);
    t_event = te < t_event ? te : t_event;
  }
  if (t_event == UINT64_MAX && !placeable) {
    return report_deadlock(rs);
  }
  uint64_t t = t_event < t_limit ? t_event : t_limit;
  uint64_t first = tm->core.next_ps;
  for (uint32_t i = 0; !tm->uniform && i < tm->n_sms; i++) {
    first = tm->smclk[i].next_ps < first ? tm->smclk[i].next_ps : first;
  }
  if (!rs->gpu->cfg.sim.skip_idle || placeable || t_event == UINT64_MAX || t <= first) {
    return ST_OK;
  }
  /* The cycles each SM would skip: its edges before t. */
  st_tclock core_after = tm->core;
  uint64_t n_core = clock_skip(&core_after, t);
  if (rs->gpu->cfg.sim.check_skips) {
    /* The cycles run in full, each checked against what skipping would
     * have accounted (tick_core). */
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      st_tclock c = *sm_clock(tm, i);
      uint64_t now = c.cycles;
      tm->idle_until[i] = now + (tm->uniform ? n_core : clock_skip(&c, t));
    }
    return ST_OK;
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    uint64_t now = sm_now(tm, i);
    uint64_t n = tm->uniform ? n_core : clock_skip(&tm->smclk[i], t);
    if (n == 0) {
      continue;
    }
    st_sm_account_idle(tm->sms[i], n);
    if (tm->lazy && !tm->fault_unrebased_doze) { /* (the planted fault counts them again) */
      st_sm_doze_rebase(&tm->doze[i], now + n);
    }
    for (uint64_t k = 0; step_idle && k < n; k++) {
      st_status rc = unit_end_cycle(rs, i, now + k);
      if (rc != ST_OK) {
        return rc;
      }
    }
  }
  if (tm->dvfs != NULL || tm->power != NULL) {
    st_tpower_gather(tm);
  }
  st_tpower_skipped(tm, n_core, rs->q.n_resident > 0);
  /* The front end's cycles skipped: a scheduler that examines SMs where
   * nothing fits (LaPerm) examines them as it would have (the cycles' order:
   * placements, then the DVFS controller, as in tick_core). */
  bool examine = tm->tbs->examines_idle && st_launchq_unissued(&rs->q);
  for (uint64_t k = 0; (examine || tm->dvfs != NULL) && k < n_core; k++) {
    st_status rc = ST_OK;
    if (examine) {
      uint64_t placed = rs->gpu->totals.ctas;
      rc = tm->tbs->dispatch(tm->tbs_state, &rs->host, tm->core.cycles + k, rs->err);
      if (rc == ST_OK && rs->gpu->totals.ctas != placed) {
        rc = st_error_set(rs->err, ST_ERR_INTERNAL,
                          "idle-cycle skipping: a block was placed in a skipped cycle");
      }
    }
    if (rc == ST_OK && tm->dvfs != NULL) {
      rc = dvfs_cycle(rs, tm->core.cycles + k, false);
    }
    if (rc != ST_OK) {
      return rc;
    }
  }
  tm->core = core_after;
  tm->doze_done = tm->lazy ? tm->core.cycles : 0;
  st_tpower_after_edge(tm);
  skip_clock(&tm->icnt_clk, t);
  skip_clock(&tm->l2, t);
  skip_clock(&tm->dram, t);
  return ST_OK;
}

/* ---- the loop ---------------------------------------------------------------- */

static uint64_t min4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t x = a < b ? a : b;
  uint64_t y = c < d ? c : d;
  return x < y ? x : y;
}

/* The time of the next core-phase step: the core clock's edge or, with
 * unequal SM clocks, an SM's. */
static uint64_t next_core_time(const st_tmachine *tm) {
  uint64_t t = tm->core.next_ps;
  for (uint32_t i = 0; !tm->uniform && i < tm->n_sms; i++) {
    t = tm->smclk[i].next_ps < t ? tm->smclk[i].next_ps : t;
  }
  return t;
}

static st_status run_loop(run_state *rs) {
  st_tmachine *tm = rs->tm;
  rs->last_progress_cycle = tm->core.cycles;
  rs->last_insts = 0;
  while (!st_launchq_all_done(&rs->q)) {
    if (st_progress_due(&rs->gpu->progress, ST_PROGRESS_EVERY_EDGES)) {
      report_progress(rs);
    }
    uint64_t tc = next_core_time(tm);
    uint64_t t = min4(tc, tm->icnt_clk.next_ps, tm->l2.next_ps, tm->dram.next_ps);
    /* Coincident edges run in a fixed order: core (SMs, then the front end),
     * interconnect, L2, DRAM. */
    if (tc == t) {
      bool front = tm->core.next_ps == t;
      st_status rc = tick_core(rs, t);
      if (rc != ST_OK) {
        return rc;
      }
      bool ended = false;
      rc = front ? end_done_kernels(rs, &ended) : ST_OK;
      if (rc != ST_OK) {
        return rc;
      }
      if (ended) {
        if (st_launchq_all_done(&rs->q)) {
          return ST_OK; /* the other domains' edges at t run in the next run */
        }
        /* The next kernels start at once; their first cycle is the next. */
        rc = start_kernels(rs);
        if (rc != ST_OK) {
          return rc;
        }
        rs->last_progress_cycle = tm->core.cycles;
        rs->last_insts = 0;
      } else if (front) {
        rc = st_launchq_due(&rs->q, tm->core.cycles) ? start_kernels(rs) : ST_OK;
        rc = rc == ST_OK ? check_limits(rs) : rc;
        if (rc == ST_OK && memory_quiet(tm)) {
          rc = skip_idle(rs);
        }
        if (rc != ST_OK) {
          return rc;
        }
      }
    }
    if (tm->icnt_clk.next_ps == t) {
      mem_edges_flush(tm); /* (kept only with threads) */
      tick_icnt(tm);
      tm->icnt_clk.next_ps += tm->icnt_clk.period_ps;
      if (rs->gpu->cfg.sim.check_skips && st_icnt_check_failure(tm->icnt) != NULL) {
        return st_error_set(rs->err, ST_ERR_INTERNAL, "sim.check_skips: %s",
                            st_icnt_check_failure(tm->icnt));
      }
    }
    if (tm->l2.next_ps == t) {
      if (tm->par != NULL) {
        mem_edge_keep(tm, MEM_EDGE_L2);
        tm->l2.cycles++;
      } else {
        tick_l2(tm);
      }
      tm->l2.next_ps += tm->l2.period_ps;
      for (uint32_t s = 0; rs->gpu->cfg.sim.check_skips && s < tm->n_subparts; s++) {
        const char *msg = st_subpart_check_failure(tm->subparts[s]);
        if (msg != NULL) {
          return st_error_set(rs->err, ST_ERR_INTERNAL,
                              "sim.check_skips: the refusal memo would have given another "
                              "result: %s",
                              msg);
        }
      }
    }
    if (tm->dram.next_ps == t) {
      if (tm->par != NULL) {
        mem_edge_keep(tm, MEM_EDGE_DRAM);
        tm->dram.cycles++;
      } else {
        tick_dram(tm);
      }
      tm->dram.next_ps += tm->dram.period_ps;
      for (uint32_t c = 0; rs->gpu->cfg.sim.check_skips && c < tm->n_channels; c++) {
        const char *msg = st_dram_check_failure(tm->drams[c]);
        if (msg != NULL) {
          return st_error_set(rs->err, ST_ERR_INTERNAL, "sim.check_skips: %s", msg);
        }
      }
    }
  }
  return ST_OK;
}

/* ---- device launches ---------------------------------------------------------- */

/* A device launch made by a warp of a resident kernel (gpu/cdp.h). */
static st_status device_launch(void *ctx, st_cdp_launch *l, st_error *err) {
  run_state *rs = ctx;
  l->k.launch_id = ++rs->gpu->next_launch_id;
  uint64_t key = l->kind == ST_CDP_CREATED ? l->stream : l->parent_cta;
  return st_launchq_add_device(&rs->q, &l->k, l->parent_id, key, l->kind, l->t_arrive,
                               l->parent_sm, l->hw_tid, err);
}

/* ---- entry point ------------------------------------------------------------ */

st_status st_timing_attach_traces(st_gpu *gpu, st_error *err) {
  st_tmachine *tm = gpu->tm;
  if (gpu->power_trace != NULL && tm->power != NULL && !tm->power_traced) {
    st_power_set_trace(tm->power, gpu->power_trace);
    tm->power_traced = true;
  }
  for (size_t t = 0; t < gpu->n_traces; t++) {
    st_unit_trace_run *tr = &gpu->traces[t];
    if (tr->inst != NULL) {
      continue;
    }
    tr->inst = calloc(tm->n_sms, sizeof *tr->inst);
    if (tr->inst == NULL) {
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      tr->inst[i] = st_sm_unit_instance(tm->sms[i], tr->unit);
      if (tr->unit->trace != NULL) {
        continue;
      }
      /* The generic trace: every instance writes each evaluation. */
      uint32_t n = 0;
      st_uinst *const *all = st_sm_units(tm->sms[i], &n);
      for (uint32_t k = 0; k < n; k++) {
        if (all[k]->unit == tr->unit) {
          all[k]->trace = tr->f;
        }
      }
    }
    if (tr->unit->trace == NULL && tr->inst[0] != NULL && !tr->t.header) {
      st_uinst_trace_header(tr->unit->desc, tr->inst[0]->p, tr->f);
      tr->t.header = true;
    }
    /* A GPU-level unit (agt, laperm): the generic trace of its instance. */
    for (uint32_t g = 0; g < tm->n_gunits; g++) {
      st_uinst *x = tm->gunits[g];
      if (x->unit == tr->unit && tr->unit->trace == NULL) {
        x->trace = tr->f;
        if (!tr->t.header) {
          st_uinst_trace_header(tr->unit->desc, x->p, tr->f);
          tr->t.header = true;
        }
      }
    }
  }
  return ST_OK;
}

st_status st_timing_prepare(st_gpu *gpu, st_error *err) {
  if (gpu->tm != NULL) {
    return ST_OK;
  }
  st_status rc = machine_create(&gpu->cfg, &gpu->tm, err);
  for (uint32_t i = 0; rc == ST_OK && i < gpu->tm->n_sms; i++) {
    rc = st_sm_attach_cosim(gpu->tm->sms[i], gpu->cosim, err); /* cosim.units */
  }
  if (rc == ST_OK && gpu->cfg.cosim.units[0] != '\0' && gpu->cosim != NULL) {
    rc = st_units_attach_listed(gpu->tm->gunits, gpu->tm->n_gunits, gpu->cosim, &gpu->cfg, err);
  }
  if (rc == ST_OK) {
    rc = st_timing_attach_traces(gpu, err);
  }
  if (rc != ST_OK) {
    st_tmachine_destroy(gpu->tm);
    gpu->tm = NULL;
  }
  return rc;
}

st_status st_run_timing(st_gpu *gpu, st_kernel *launches, size_t n, st_error *err) {
  st_status rc = st_timing_prepare(gpu, err);
  if (rc != ST_OK || n == 0) {
    return rc;
  }
  st_tmachine *tm = gpu->tm;
  run_state *rs = calloc(1, sizeof *rs);
  if (rs == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  rs->gpu = gpu;
  rs->tm = tm;
  rs->err = err;
  rs->before = calloc(n, sizeof *rs->before);
  rc = rs->before == NULL
           ? st_error_set(err, ST_ERR_NOMEM, "out of host memory")
           : st_launchq_init(&rs->q, launches, n, tm->n_sms,
                             (size_t)gpu->cfg.gpu.max_concurrent_kernels,
                             (uint64_t)gpu->cfg.cdp.dispatch_latency, err);
  if (rc == ST_OK) {
    rs->q.kd = &gpu->kd;
    rs->q.kd_last = tm->core.cycles;
    rs->q.levels = (uint8_t)gpu->cfg.laperm.levels;
    st_cdp_set_sink(gpu->cdp, device_launch, rs);
    rs->host = (st_tbs_host){.cfg = &gpu->cfg,
                             .sms = tm->sms,
                             .n_sms = tm->n_sms,
                             .q = &rs->q,
                             .place = place,
                             .ctx = rs,
                             .unit = NULL,
                             .fit_epoch = &tm->fit_epoch,
                             .check_skips = gpu->cfg.sim.check_skips,
                             .fault_stale_fit = tm->fault_stale_fit};
    for (uint32_t g = 0; g < tm->n_gunits; g++) {
      if (tm->gunits[g]->unit->role == ST_ROLE_TB_SCHED) {
        rs->host.unit = tm->gunits[g];
      }
    }
    if (tm->tbs->run_begin != NULL) {
      tm->tbs->run_begin(tm->tbs_state, &rs->host);
    }
    for (uint32_t i = 0; i < tm->n_sms; i++) {
      st_sm_set_error(tm->sms[i], err);
    }
    st_timing_snapshot(tm, &rs->last);
    rs->base_tinsts = rs->last.sm.thread_insts;
    rs->base_total = gpu->totals.thread_insts;
    rc = start_kernels(rs);
  }
  if (rc == ST_OK) {
    rc = run_loop(rs);
  }
  mem_edges_flush(tm); /* the memory edges a run with threads kept, before the statistics */
  if (rc != ST_OK) {
    /* Statistics up to the stop for every kernel that was running. */
    for (size_t i = 0; i < rs->q.n_resident; i++) {
      end_kernel(rs, rs->q.resident[i]);
    }
  }
  st_launchq_account(&rs->q, tm->core.cycles);
  st_tpower_sample_now(tm); /* the energy up to the end of the run */
  st_cdp_set_sink(gpu->cdp, NULL, NULL);
  update_totals(rs);
  st_launchq_free(&rs->q);
  free(rs->before);
  free(rs);
  return rc;
}
