/* The timing run loop: clock domains on one picosecond time base, the
 * baseline CTA scheduler, moving requests between SMs, the interconnect,
 * the L2 sub-partitions and DRAM, idle-cycle skipping, deadlock detection,
 * and the statistics of each kernel. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/strbuf.h"
#include "core/sm.h"
#include "gpu/gpu_internal.h"
#include "gpu/timing.h"
#include "mem/mem.h"
#include "units/uinst.h"

typedef struct st_tclock {
  uint64_t period_ps;
  uint64_t next_ps;
  uint64_t cycles;
} st_tclock;

struct st_tmachine {
  st_mreq_pool pool;
  uint32_t n_sms, n_clusters, n_subparts, n_channels;
  st_sm **sms;
  st_icnt *icnt;
  st_subpart **subparts;
  st_dram **drams;
  st_mreq **staged;   /* per sub-partition: arrived from the icnt, not yet accepted */
  st_tclock core, icnt_clk, l2, dram;
  uint32_t cta_rr;
  /* Per SM, the address last mapped to a sub-partition and the result: a
   * request the interconnect refused is tried again next cycle, and the
   * mapping (a pure function of the address) need not be redone. */
  struct {
    bool valid;
    uint64_t addr;
    uint32_t subpart;
  } *mapped;
};

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
  st_mreq_pool_destroy(&tm->pool);
  free(tm);
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
  st_status rc = ST_OK;
  if (tm->sms == NULL || tm->subparts == NULL || tm->drams == NULL || tm->staged == NULL ||
      tm->mapped == NULL) {
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
  if (rc != ST_OK) {
    st_tmachine_destroy(tm);
    return rc;
  }
  tm->core.period_ps = period_of(cfg->gpu.core_clock);
  tm->icnt_clk.period_ps = period_of(cfg->gpu.icnt_clock);
  tm->l2.period_ps = period_of(cfg->gpu.l2_clock);
  tm->dram.period_ps = period_of(cfg->gpu.dram_clock);
  *out = tm;
  return ST_OK;
}

/* ---- one tick of each clock domain -------------------------------------- */

typedef struct run_state {
  st_gpu *gpu;
  st_tmachine *tm;
  const st_kernel *k;
  uint64_t next_cta;
  st_error *err;
  uint64_t k_start;  /* core cycle of the kernel's first cycle */
} run_state;

/* ---- units at the GPU loop ------------------------------------------------- */

/* The start of core cycle `now` for every SM's controllers. */
static st_status units_begin_cycle(run_state *rs, uint64_t now) {
  st_tmachine *tm = rs->tm;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_status rc = st_sm_units_begin_cycle(tm->sms[i], now, rs->err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}

/* The end of core cycle `now` for every SM's controllers, after the
 * thread-block scheduler (spec/dyncta.md §8 A10 for DYNCTA). */
static st_status units_end_cycle(run_state *rs, uint64_t now) {
  st_tmachine *tm = rs->tm;
  bool drained = rs->next_cta >= rs->k->num_ctas;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_status rc = st_sm_units_end_cycle(tm->sms[i], now, drained, rs->err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}

/* The units' traces (--trace UNIT) at the end of core cycle `now`. */
static void units_trace(run_state *rs, uint64_t now) {
  st_gpu *gpu = rs->gpu;
  st_tmachine *tm = rs->tm;
  for (size_t t = 0; t < gpu->n_traces; t++) {
    st_unit_trace_run *tr = &gpu->traces[t];
    if (tr->unit->trace == NULL || tr->inst == NULL) {
      continue; /* the generic trace is written at every evaluation */
    }
    tr->t.kernel = gpu->n_kstats - 1;
    tr->t.kname = rs->k->name;
    tr->t.cycle = now + 1 - rs->k_start;
    tr->t.drained = rs->next_cta >= rs->k->num_ctas;
    tr->unit->trace->cycle(&tr->t, tr->inst, tm->n_sms);
  }
}

static st_status tick_core(run_state *rs) {
  st_tmachine *tm = rs->tm;
  uint64_t now = tm->core.cycles;
  st_status brc = units_begin_cycle(rs, now);
  if (brc != ST_OK) {
    return brc;
  }
  /* Replies for every cluster go to their SM. */
  for (uint32_t c = 0; c < tm->n_clusters; c++) {
    st_mreq *r;
    while ((r = st_icnt_pop_reply(tm->icnt, c)) != NULL) {
      st_sm_deliver(tm->sms[r->sm], r, now);
    }
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_status rc = st_sm_cycle(tm->sms[i], now);
    if (rc != ST_OK) {
      return rc;
    }
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_sm *sm = tm->sms[i];
    uint32_t cluster = i / (uint32_t)rs->gpu->cfg.gpu.sms_per_cluster;
    st_mreq *r;
    while ((r = st_sm_peek_outgoing(sm)) != NULL) {
      if (!tm->mapped[i].valid || tm->mapped[i].addr != r->addr) {
        tm->mapped[i].valid = true;
        tm->mapped[i].addr = r->addr;
        tm->mapped[i].subpart = st_addrmap(&rs->gpu->cfg, r->addr).subpart;
      }
      r->subpart = tm->mapped[i].subpart;
      if (!st_icnt_can_push_request(tm->icnt, cluster, r)) {
        break;
      }
      st_sm_pop_outgoing(sm);
      st_icnt_push_request(tm->icnt, cluster, r);
    }
  }
  /* CTA scheduler: one CTA per SM per cycle, SMs in round-robin order from
   * a rotating pointer, CTAs in increasing id, to SMs below their limit (the
   * occupancy limit, cta_scheduler.limit, or the SM's DYNCTA limit n). */
  uint32_t rr_start = tm->cta_rr; /* the pointer at the start of the cycle */
  for (uint32_t k = 0; k < tm->n_sms && rs->next_cta < rs->k->num_ctas; k++) {
    uint32_t i = (rr_start + k) % tm->n_sms;
    if (st_sm_can_launch(tm->sms[i])) {
      st_status rc = st_sm_launch_cta(tm->sms[i], rs->next_cta++, now, rs->err);
      if (rc != ST_OK) {
        return rc;
      }
      tm->cta_rr = (i + 1) % tm->n_sms;
      rs->gpu->totals.ctas++;
    }
  }
  /* The controllers' clock edge: after block exits, issue and placement. */
  st_status erc = units_end_cycle(rs, now);
  if (erc != ST_OK) {
    return erc;
  }
  units_trace(rs, now);
  tm->core.cycles++;
  return ST_OK;
}

static void tick_icnt(st_tmachine *tm) {
  st_icnt_cycle(tm->icnt);
  for (uint32_t s = 0; s < tm->n_subparts; s++) {
    if (tm->staged[s] == NULL) {
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
    st_subpart_cycle(tm->subparts[s]);
    st_mreq *r;
    while ((r = st_subpart_peek_reply(tm->subparts[s])) != NULL &&
           st_icnt_can_push_reply(tm->icnt, s, r)) {
      st_subpart_pop_reply(tm->subparts[s]);
      st_icnt_push_reply(tm->icnt, s, r);
    }
  }
  tm->l2.cycles++;
}

static void tick_dram(st_tmachine *tm) {
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    st_dram_cycle(tm->drams[c]);
    st_mreq *r;
    while ((r = st_dram_pop_done(tm->drams[c])) != NULL) {
      st_subpart_dram_done(tm->subparts[r->subpart], r);
    }
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

/* Advances a clock that has nothing to do up to time t (not past it). */
static void skip_clock(st_tclock *c, uint64_t t) {
  if (c->next_ps < t) {
    uint64_t n = (t - c->next_ps + c->period_ps - 1) / c->period_ps;
    c->next_ps += n * c->period_ps;
    c->cycles += n;
  }
}

static st_status report_deadlock(run_state *rs) {
  st_strbuf sb = ST_STRBUF_INIT;
  st_strbuf_printf(&sb, "deadlock in kernel %s at core cycle %" PRIu64
                   ": no warp can make progress and no memory request is in flight",
                   rs->k->name, rs->tm->core.cycles);
  for (uint32_t i = 0; i < rs->tm->n_sms; i++) {
    char buf[4096];
    st_sm_describe(rs->tm->sms[i], buf, sizeof buf);
    st_strbuf_puts(&sb, buf);
  }
  st_error_set(rs->err, ST_ERR_DEADLOCK, "%s", st_strbuf_cstr(&sb));
  st_strbuf_free(&sb);
  return ST_ERR_DEADLOCK;
}

static bool kernel_done(const run_state *rs) {
  if (rs->next_cta < rs->k->num_ctas) {
    return false;
  }
  for (uint32_t i = 0; i < rs->tm->n_sms; i++) {
    if (!st_sm_drained(rs->tm->sms[i])) {
      return false;
    }
  }
  return memory_quiet(rs->tm);
}

static uint64_t min4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t x = a < b ? a : b;
  uint64_t y = c < d ? c : d;
  return x < y ? x : y;
}

static st_status run_loop(run_state *rs) {
  st_tmachine *tm = rs->tm;
  const st_config *cfg = &rs->gpu->cfg;
  /* sim.max_insts counts the thread instructions of the whole run: the
   * earlier kernels' plus this one's so far. */
  uint64_t sm_start = 0;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    sm_start += st_sm_get_stats(tm->sms[i])->thread_insts;
  }
  uint64_t last_progress_cycle = tm->core.cycles, last_insts = 0;
  for (;;) {
    uint64_t t = min4(tm->core.next_ps, tm->icnt_clk.next_ps, tm->l2.next_ps, tm->dram.next_ps);
    /* Coincident edges run in a fixed order: core, interconnect, L2, DRAM. */
    if (tm->core.next_ps == t) {
      st_status rc = tick_core(rs);
      if (rc != ST_OK) {
        return rc;
      }
      tm->core.next_ps += tm->core.period_ps;
      if (kernel_done(rs)) {
        return ST_OK;
      }
      uint64_t insts = 0, tinsts = 0;
      for (uint32_t i = 0; i < tm->n_sms; i++) {
        insts += st_sm_get_stats(tm->sms[i])->warp_insts;
        tinsts += st_sm_get_stats(tm->sms[i])->thread_insts;
      }
      uint64_t run_insts = rs->gpu->totals.thread_insts + (tinsts - sm_start);
      if (insts != last_insts) {
        last_insts = insts;
        last_progress_cycle = tm->core.cycles;
      } else if (tm->core.cycles - last_progress_cycle > (uint64_t)cfg->sim.deadlock_cycles) {
        return report_deadlock(rs);
      }
      if (cfg->sim.max_cycles > 0 && tm->core.cycles >= (uint64_t)cfg->sim.max_cycles) {
        rs->gpu->totals.stopped_by = "sim.max_cycles";
        return st_error_set(rs->err, ST_ERR_LIMIT,
                            "kernel %s stopped at core cycle %" PRIu64 " (sim.max_cycles)",
                            rs->k->name, tm->core.cycles);
      }
      if (cfg->sim.max_insts > 0 && run_insts >= (uint64_t)cfg->sim.max_insts) {
        rs->gpu->totals.stopped_by = "sim.max_insts";
        return st_error_set(rs->err, ST_ERR_LIMIT,
                            "kernel %s stopped: the run reached %" PRIu64
                            " thread instructions (sim.max_insts)",
                            rs->k->name, run_insts);
      }
      /* Skip the core cycles in which nothing can happen. */
      if (memory_quiet(tm)) {
        uint64_t now = tm->core.cycles; /* the next core cycle to run */
        uint64_t next = UINT64_MAX;
        for (uint32_t i = 0; i < tm->n_sms; i++) {
          uint64_t e = st_sm_next_event(tm->sms[i], now - 1);
          next = e < next ? e : next;
        }
        bool launchable = false;
        for (uint32_t i = 0; i < tm->n_sms && rs->next_cta < rs->k->num_ctas; i++) {
          launchable = launchable || st_sm_can_launch(tm->sms[i]);
        }
        if (next == UINT64_MAX && !launchable) {
          return report_deadlock(rs);
        }
        /* Controllers that count cycles (DYNCTA) step through the skipped
         * ones (idle or memory-wait cycles for their counters), and a cycle
         * one of them must see in full (the end of a window) runs. */
        uint64_t skippable = UINT64_MAX;
        bool step_idle = false;
        for (uint32_t i = 0; i < tm->n_sms; i++) {
          uint64_t q = st_sm_units_skippable(tm->sms[i]);
          skippable = q < skippable ? q : skippable;
          step_idle = step_idle || st_sm_units_step_idle(tm->sms[i]);
        }
        if (next != UINT64_MAX && next - now > skippable) {
          next = now + skippable;
        }
        if (cfg->sim.skip_idle && !launchable && next > now && next != UINT64_MAX) {
          uint64_t n = next - now;
          for (uint32_t i = 0; i < tm->n_sms; i++) {
            st_sm_account_idle(tm->sms[i], n);
          }
          for (uint64_t c = 0; step_idle && c < n; c++) {
            st_status rc = units_end_cycle(rs, now + c);
            if (rc != ST_OK) {
              return rc;
            }
          }
          tm->core.cycles += n;
          tm->core.next_ps += n * tm->core.period_ps;
          skip_clock(&tm->icnt_clk, tm->core.next_ps);
          skip_clock(&tm->l2, tm->core.next_ps);
          skip_clock(&tm->dram, tm->core.next_ps);
        }
      }
    }
    if (tm->icnt_clk.next_ps == t) {
      tick_icnt(tm);
      tm->icnt_clk.next_ps += tm->icnt_clk.period_ps;
    }
    if (tm->l2.next_ps == t) {
      tick_l2(tm);
      tm->l2.next_ps += tm->l2.period_ps;
    }
    if (tm->dram.next_ps == t) {
      tick_dram(tm);
      tm->dram.next_ps += tm->dram.period_ps;
    }
  }
}

/* ---- statistics ----------------------------------------------------------- */

typedef struct st_snapshot {
  st_sm_stats sm;          /* summed over SMs */
  uint64_t ctr[ST_UNIT_CTR_MAX]; /* the units' counters, summed over instances */
  st_cache_stats l1i, l1d, l1c, l2;
  st_dram_stats dram;
  st_icnt_stats icnt;
  uint64_t core_cycles, dram_cycles, time_ps;
} st_snapshot;

static void add_cache(st_cache_stats *to, const st_cache_stats *x) {
  for (int k = 0; k < ACC_KINDS; k++) {
    for (int o = 0; o < CACHE_OUTCOMES; o++) {
      to->outcome[k][o] += x->outcome[k][o];
    }
  }
  for (int r = 0; r < RESFAIL_KINDS; r++) {
    to->resfail[r] += x->resfail[r];
  }
  to->evictions += x->evictions;
  to->writebacks += x->writebacks;
  to->fills += x->fills;
}

static void snapshot(const st_tmachine *tm, st_snapshot *s) {
  memset(s, 0, sizeof *s);
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    const st_sm_stats *x = st_sm_get_stats(tm->sms[i]);
    const uint64_t *src = (const uint64_t *)x;
    uint64_t *dst = (uint64_t *)&s->sm;
    for (size_t w = 0; w < sizeof *x / sizeof(uint64_t); w++) {
      dst[w] += src[w];
    }
    uint32_t n_units = 0;
    st_uinst *const *units = st_sm_units(tm->sms[i], &n_units);
    for (uint32_t k = 0; k < n_units; k++) {
      const st_uinst *u = units[k];
      size_t off = st_unit_ctr_offset(u->unit);
      for (unsigned c = 0; c < u->unit->n_counters; c++) {
        s->ctr[off + c] += u->ctr[c];
      }
    }
    add_cache(&s->l1i, st_sm_l1i_stats(tm->sms[i]));
    add_cache(&s->l1d, st_sm_l1d_stats(tm->sms[i]));
    add_cache(&s->l1c, st_sm_l1c_stats(tm->sms[i]));
  }
  for (uint32_t i = 0; i < tm->n_subparts; i++) {
    add_cache(&s->l2, st_subpart_l2_stats(tm->subparts[i]));
  }
  for (uint32_t c = 0; c < tm->n_channels; c++) {
    const st_dram_stats *d = st_dram_get_stats(tm->drams[c]);
    s->dram.reads += d->reads;
    s->dram.writes += d->writes;
    s->dram.activates += d->activates;
    s->dram.precharges += d->precharges;
    s->dram.row_hits += d->row_hits;
    s->dram.row_misses += d->row_misses;
    s->dram.data_busy += d->data_busy;
  }
  s->icnt = *st_icnt_get_stats(tm->icnt);
  s->core_cycles = tm->core.cycles;
  s->dram_cycles = tm->dram.cycles;
  s->time_ps = tm->core.next_ps;
}

static const char *const acc_names[ACC_KINDS] = {"global_r", "global_w", "local_r", "local_w",
                                                 "const_r",  "inst_r",   "atomic",  "writeback"};
static const char *const outcome_names[CACHE_OUTCOMES] = {"hit", "hit_reserved", "miss",
                                                          "resfail"};
static const char *const stall_names[STALL_KINDS] = {
    "issued", "exit", "barrier", "control", "fetch", "data_mem", "data_alu", "structural",
    "not_selected"};

static uint64_t cache_misses(const st_cache_stats *a, const st_cache_stats *b) {
  uint64_t m = 0;
  for (int k = 0; k < ACC_KINDS; k++) {
    m += a->outcome[k][CACHE_MISS] - b->outcome[k][CACHE_MISS];
  }
  return m;
}

static uint64_t cache_accesses(const st_cache_stats *a, const st_cache_stats *b) {
  uint64_t m = 0;
  for (int k = 0; k < ACC_KINDS; k++) {
    for (int o = 0; o < CACHE_OUTCOMES; o++) {
      if (o != CACHE_RESFAIL) {
        m += a->outcome[k][o] - b->outcome[k][o];
      }
    }
  }
  return m;
}

static void cache_stats(st_statset *out, const char *level, const st_cache_stats *a,
                        const st_cache_stats *b, uint64_t warp_insts) {
  char key[64];
  for (int k = 0; k < ACC_KINDS; k++) {
    for (int o = 0; o < CACHE_OUTCOMES; o++) {
      uint64_t v = a->outcome[k][o] - b->outcome[k][o];
      if (v != 0) {
        snprintf(key, sizeof key, "%s.%s.%s", level, acc_names[k], outcome_names[o]);
        st_stat_u(out, key, v);
      }
    }
  }
  static const char *const why[RESFAIL_KINDS] = {"none", "mshr_full", "merge_full", "miss_queue",
                                                 "no_line"};
  for (int r = 1; r < RESFAIL_KINDS; r++) {
    uint64_t v = a->resfail[r] - b->resfail[r];
    if (v != 0) {
      snprintf(key, sizeof key, "%s.resfail.%s", level, why[r]);
      st_stat_u(out, key, v);
    }
  }
  uint64_t acc = cache_accesses(a, b), miss = cache_misses(a, b);
  snprintf(key, sizeof key, "%s.accesses", level);
  st_stat_u(out, key, acc);
  snprintf(key, sizeof key, "%s.misses", level);
  st_stat_u(out, key, miss);
  snprintf(key, sizeof key, "%s.miss_rate", level);
  st_stat_d(out, key, acc ? (double)miss / (double)acc : 0.0);
  snprintf(key, sizeof key, "%s.mpki", level);
  st_stat_d(out, key, warp_insts ? (double)miss * 1000.0 / (double)warp_insts : 0.0);
}

static void fill_stats(const st_config *cfg, const st_snapshot *a, const st_snapshot *b,
                       uint32_t n_sms, double wall, st_statset *out) {
  uint64_t cycles = a->core_cycles - b->core_cycles;
  uint64_t wi = a->sm.warp_insts - b->sm.warp_insts;
  uint64_t ti = a->sm.thread_insts - b->sm.thread_insts;
  st_stat_u(out, "cycles", cycles);
  st_stat_u(out, "warp_insts", wi);
  st_stat_u(out, "thread_insts", ti);
  st_stat_d(out, "ipc", cycles ? (double)ti / (double)cycles : 0.0);
  st_stat_d(out, "warp_ipc", cycles ? (double)wi / (double)cycles : 0.0);
  double sim_s = (double)(a->time_ps - b->time_ps) * 1e-12;
  st_stat_d(out, "sim_seconds", sim_s);
  st_stat_d(out, "wall_seconds", wall);
  st_stat_d(out, "sim_thread_insts_per_second", wall > 0 ? (double)ti / wall : 0.0);
  st_stat_d(out, "sim_cycles_per_second", wall > 0 ? (double)cycles / wall : 0.0);
  static const char *const states[CORE_STATES] = {"active", "mem_wait", "stall", "idle"};
  uint64_t sm_cycles = a->sm.cycles - b->sm.cycles;
  char key[64];
  for (int s = 0; s < CORE_STATES; s++) {
    snprintf(key, sizeof key, "sm.%s_cycles", states[s]);
    st_stat_u(out, key, a->sm.state[s] - b->sm.state[s]);
  }
  st_stat_d(out, "sm.ract",
            sm_cycles ? (double)(a->sm.state[CORE_ACTIVE] - b->sm.state[CORE_ACTIVE]) /
                            (double)sm_cycles
                      : 0.0);
  for (int s = 0; s < STALL_KINDS; s++) {
    snprintf(key, sizeof key, "stall.%s", stall_names[s]);
    st_stat_u(out, key, a->sm.stall[s] - b->sm.stall[s]);
  }
  st_stat_u(out, "stall.writeback_cycles", a->sm.wb_stall_cycles - b->sm.wb_stall_cycles);
  st_stat_u(out, "sm.reg_bank_conflict_cycles",
            a->sm.bank_conflict_cycles - b->sm.bank_conflict_cycles);
  st_stat_u(out, "sm.shared_bank_conflicts", a->sm.shared_bank_extra - b->sm.shared_bank_extra);
  uint64_t mi = a->sm.mem_insts - b->sm.mem_insts, ml = a->sm.mem_lines - b->sm.mem_lines;
  st_stat_u(out, "sm.global_mem_insts", mi);
  st_stat_d(out, "sm.lines_per_mem_inst", mi ? (double)ml / (double)mi : 0.0);
  uint64_t lc = a->sm.mem_latency_count - b->sm.mem_latency_count;
  st_stat_d(out, "mem.avg_round_trip_cycles",
            lc ? (double)(a->sm.mem_latency_sum - b->sm.mem_latency_sum) / (double)lc : 0.0);
  st_stat_u(out, "sm.ctas", a->sm.ctas_done - b->sm.ctas_done);
  st_stat_u(out, "l1i.fetches", a->sm.fetches - b->sm.fetches);
  cache_stats(out, "l1i", &a->l1i, &b->l1i, wi);
  cache_stats(out, "l1d", &a->l1d, &b->l1d, wi);
  cache_stats(out, "l1c", &a->l1c, &b->l1c, wi);
  cache_stats(out, "l2", &a->l2, &b->l2, wi);
  uint64_t hits = a->dram.row_hits - b->dram.row_hits;
  uint64_t misses = a->dram.row_misses - b->dram.row_misses;
  st_stat_u(out, "dram.reads", a->dram.reads - b->dram.reads);
  st_stat_u(out, "dram.writes", a->dram.writes - b->dram.writes);
  st_stat_u(out, "dram.activates", a->dram.activates - b->dram.activates);
  st_stat_d(out, "dram.row_hit_rate", hits + misses ? (double)hits / (double)(hits + misses) : 0.0);
  uint64_t dcyc = (a->dram_cycles - b->dram_cycles) * (uint64_t)cfg->dram.channels;
  st_stat_d(out, "dram.bandwidth_utilization",
            dcyc ? (double)(a->dram.data_busy - b->dram.data_busy) / (double)dcyc : 0.0);
  uint64_t bytes_per_cmd = (uint64_t)(cfg->dram.chips_per_channel * cfg->dram.bus_width *
                                      cfg->dram.burst_length);
  uint64_t cmds = (a->dram.reads - b->dram.reads) + (a->dram.writes - b->dram.writes);
  st_stat_d(out, "dram.gbytes_per_second",
            sim_s > 0 ? (double)(cmds * bytes_per_cmd) / sim_s * 1e-9 : 0.0);
  /* The statistics of the units in use (registry order). */
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    if (u->report == NULL || !st_unit_selected(u, cfg)) {
      continue;
    }
    uint64_t d[ST_UNIT_CTR_MAX];
    size_t off = st_unit_ctr_offset(u);
    for (unsigned c = 0; c < u->n_counters; c++) {
      d[c] = a->ctr[off + c] - b->ctr[off + c];
    }
    u->report(d, cfg, n_sms, out);
  }
  st_stat_u(out, "icnt.request_flits", a->icnt.req_flits - b->icnt.req_flits);
  st_stat_u(out, "icnt.reply_flits", a->icnt.reply_flits - b->icnt.reply_flits);
}

void st_timing_run_stats(st_gpu *gpu, st_statset *out) {
  st_snapshot zero, now;
  memset(&zero, 0, sizeof zero);
  if (gpu->tm == NULL) {
    st_stat_u(out, "cycles", 0);
    st_stat_u(out, "warp_insts", gpu->totals.warp_insts);
    st_stat_u(out, "thread_insts", gpu->totals.thread_insts);
    st_stat_d(out, "ipc", 0.0);
    st_stat_d(out, "wall_seconds", gpu->totals.wall_seconds);
    st_stat_d(out, "sim_thread_insts_per_second",
              gpu->totals.wall_seconds > 0
                  ? (double)gpu->totals.thread_insts / gpu->totals.wall_seconds
                  : 0.0);
    return;
  }
  snapshot(gpu->tm, &now);
  fill_stats(&gpu->cfg, &now, &zero, gpu->tm->n_sms, gpu->totals.wall_seconds, out);
}

/* ---- entry point ------------------------------------------------------------ */

static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

st_status st_timing_attach_traces(st_gpu *gpu, st_error *err) {
  st_tmachine *tm = gpu->tm;
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
  if (rc == ST_OK) {
    rc = st_timing_attach_traces(gpu, err);
  }
  if (rc != ST_OK) {
    st_tmachine_destroy(gpu->tm);
    gpu->tm = NULL;
  }
  return rc;
}

st_status st_run_timing(st_gpu *gpu, st_kernel *k, st_statset *out, st_error *err) {
  const st_config *cfg = &gpu->cfg;
  st_status prc = st_timing_prepare(gpu, err);
  if (prc != ST_OK) {
    return prc;
  }
  st_tmachine *tm = gpu->tm;
  const st_tinst *dec = k->kmod->tinst;
  uint32_t per_sm = st_occupancy(cfg, k);
  if (per_sm == 0) {
    return st_error_set(err, ST_ERR_USAGE,
                        "kernel %s: one CTA (%u threads, %u registers per thread, %u bytes of "
                        "shared memory) does not fit an SM",
                        k->name, k->threads_per_cta, k->regs_per_thread, k->shared_total);
  }
  st_exec_env env;
  memset(&env, 0, sizeof env);
  env.k = k;
  env.gmem = &gpu->gmem;
  env.nsmid = tm->n_sms;
  env.nwarpid = (uint32_t)(cfg->sm.max_threads / ST_WARP_SIZE);
  env.err = err;
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_sm_begin_kernel(tm->sms[i], k, dec, per_sm, &env);
  }
  st_snapshot before, after;
  snapshot(tm, &before);
  run_state rs = {gpu, tm, k, 0, err, tm->core.cycles};
  for (size_t t = 0; t < gpu->n_traces; t++) {
    gpu->traces[t].t.events = 0; /* windows or lines of this kernel */
  }
  double t0 = wall_now();
  st_status rc = run_loop(&rs);
  double wall = wall_now() - t0;
  snapshot(tm, &after);
  gpu->totals.warp_insts += after.sm.warp_insts - before.sm.warp_insts;
  gpu->totals.thread_insts += after.sm.thread_insts - before.sm.thread_insts;
  gpu->totals.cycles += after.core_cycles - before.core_cycles;
  if (out != NULL) {
    fill_stats(cfg, &after, &before, tm->n_sms, wall, out);
    st_stat_u(out, "ctas_per_sm", per_sm);
    st_stat_u(out, "regs_per_thread", k->regs_per_thread);
  }
  for (uint32_t i = 0; i < tm->n_sms; i++) {
    st_sm_begin_kernel(tm->sms[i], NULL, NULL, 0, NULL);
  }
  return rc;
}
