/* The timing machine's statistics: snapshots of every counter, and the
 * statistics of an interval between two (a kernel, or the whole run). */
#include <stdio.h>
#include <string.h>

#include "gpu/cdp.h"
#include "gpu/timing_internal.h"
#include "power/power.h"
#include "units/uinst.h"


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
  to->write_validates += x->write_validates;
  to->crit_accesses += x->crit_accesses;
  to->crit_hits += x->crit_hits;
  to->bypasses += x->bypasses;
}

void st_timing_snapshot(const st_tmachine *tm, st_snapshot *s) {
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
    if (i == 0) {
      /* The GPU-level units' counters. */
      for (uint32_t g = 0; g < tm->n_gunits; g++) {
        const st_uinst *u = tm->gunits[g];
        size_t off = st_unit_ctr_offset(u->unit);
        for (unsigned c = 0; c < u->unit->n_counters; c++) {
          s->ctr[off + c] += u->ctr[c];
        }
      }
    }
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
  if (a->write_validates != b->write_validates) {
    snprintf(key, sizeof key, "%s.write_validates", level);
    st_stat_u(out, key, a->write_validates - b->write_validates);
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

void st_timing_fill_stats(const st_config *cfg, const st_snapshot *a, const st_snapshot *b,
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
  uint64_t dc = a->sm.disparity_ctas - b->sm.disparity_ctas;
  st_stat_d(out, "warp.exit_disparity",
            dc ? (double)(a->sm.disparity_ppm - b->sm.disparity_ppm) / 1e6 / (double)dc : 0.0);
  st_stat_u(out, "warp_disparity.ctas", dc);
  st_stat_d(out, "warp_disparity.mean",
            dc ? (double)(a->sm.disparity_ppm - b->sm.disparity_ppm) / 1e6 / (double)dc : 0.0);
  st_stat_d(out, "warp_disparity.idle_share",
            dc ? (double)(a->sm.idle_share_ppm - b->sm.idle_share_ppm) / 1e6 / (double)dc
               : 0.0);
  st_stat_d(out, "warp_disparity.equalize_speedup",
            dc ? (double)(a->sm.equalize_ppm - b->sm.equalize_ppm) / 1e6 / (double)dc : 0.0);
  uint64_t we = a->sm.warps_exited - b->sm.warps_exited;
  st_stat_d(out, "warp_disparity.warp_cycles",
            we ? (double)(a->sm.warp_time_sum - b->sm.warp_time_sum) / (double)we : 0.0);
  /* The stall-attribution probe: cycles per warp in each category. */
  static const char *const probe_names[PROBE_KINDS] = {
      "scheduling", "sync", "fetch", "ctrl", "data", "data_miss", "mshr", "structural", "exec"};
  uint64_t pw = a->sm.probe_warps - b->sm.probe_warps;
  st_stat_u(out, "probe.warps", pw);
  st_stat_d(out, "probe.elapsed",
            pw ? (double)(a->sm.probe_elapsed - b->sm.probe_elapsed) / (double)pw : 0.0);
  for (int k = 0; k < PROBE_KINDS; k++) {
    snprintf(key, sizeof key, "probe.%s", probe_names[k]);
    st_stat_d(out, key, pw ? (double)(a->sm.probe[k] - b->sm.probe[k]) / (double)pw : 0.0);
  }
  if (cfg->sm.warp_scheduler == ST_WSCHED_CAWS_BLK || cfg->sm.warp_scheduler == ST_WSCHED_CAWS_SM ||
      cfg->sm.warp_scheduler == ST_WSCHED_CAWS_AVG) {
    /* The CAWS oracle against this run (docs/units/wsched_caws.md). */
    uint64_t oc = a->sm.oracle_ctas - b->sm.oracle_ctas;
    st_stat_u(out, "caws.ctas", oc);
    st_stat_d(out, "caws.inversion",
              oc ? (double)(a->sm.oracle_inverted - b->sm.oracle_inverted) / (double)oc : 0.0);
    st_stat_d(out, "caws.crit_warp_cycles",
              oc ? (double)(a->sm.oracle_crit_time - b->sm.oracle_crit_time) / (double)oc : 0.0);
  }
  st_stat_u(out, "l1i.fetches", a->sm.fetches - b->sm.fetches);
  cache_stats(out, "l1i", &a->l1i, &b->l1i, wi);
  cache_stats(out, "l1d", &a->l1d, &b->l1d, wi);
  {
    /* CAWA's measures: the L1D hit rate of critical warps' requests
     * (st_mreq.crit) beside all, global-load misses per 1000 thread
     * instructions, and the L1D policy's bypasses */
    const st_cache_stats *x = &a->l1d, *y = &b->l1d;
    uint64_t acc = cache_accesses(x, y);
    uint64_t hits = 0;
    for (int k = 0; k < ACC_KINDS; k++) {
      hits += x->outcome[k][CACHE_HIT] - y->outcome[k][CACHE_HIT];
    }
    uint64_t ca = x->crit_accesses - y->crit_accesses, ch = x->crit_hits - y->crit_hits;
    uint64_t glm = x->outcome[ACC_GLOBAL_R][CACHE_MISS] - y->outcome[ACC_GLOBAL_R][CACHE_MISS];
    st_stat_d(out, "l1d.hit_rate", acc ? (double)hits / (double)acc : 0.0);
    st_stat_u(out, "l1d.crit.accesses", ca);
    st_stat_u(out, "l1d.crit.hits", ch);
    st_stat_d(out, "l1d.crit.hit_rate", ca ? (double)ch / (double)ca : 0.0);
    st_stat_d(out, "l1d.global_r.mpki_thread", ti ? (double)glm * 1000.0 / (double)ti : 0.0);
    st_stat_u(out, "l1d.bypasses", x->bypasses - y->bypasses);
  }
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
    st_stat_u(out, "host_peak_rss_bytes", st_host_peak_rss_bytes());
    st_cdp_stats(gpu->cdp, out);
    return;
  }
  st_timing_snapshot(gpu->tm, &now);
  st_timing_fill_stats(&gpu->cfg, &now, &zero, gpu->tm->n_sms, gpu->totals.wall_seconds, out);
  st_stat_u(out, "host_peak_rss_bytes", st_host_peak_rss_bytes());
  if (gpu->tm->power != NULL) {
    st_power_stats(gpu->tm->power, out);
  }
  st_cdp_stats(gpu->cdp, out);
  if (gpu->dtbl_searches > 0) {
    st_stat_u(out, "dtbl.kde_searches", gpu->dtbl_searches);
    st_stat_u(out, "dtbl.kde_hits", gpu->dtbl_eligible);
    st_stat_d(out, "dtbl.kde_hit_rate", (double)gpu->dtbl_eligible / (double)gpu->dtbl_searches);
  }
  const st_kd_stats *kd = &gpu->kd;
  if (st_cdp_used(gpu->cdp) && kd->cycles > 0) {
    /* The kernel distributor's entries held (resident or dispatching). */
    st_stat_d(out, "kd.occupancy_avg", (double)kd->occupied / (double)kd->cycles);
    st_stat_u(out, "kd.occupancy_max", kd->max);
    st_stat_u(out, "kd.full_cycles", kd->full);
    for (uint32_t i = 0; i <= kd->max && i <= 32; i++) {
      char key[48];
      snprintf(key, sizeof key, "kd.cycles_held.%u", i);
      st_stat_u(out, key, kd->hist[i]);
    }
    /* Over time: the mean entries held in each window of kd.series.window
     * cycles from the first device-runtime run on (the last window may be
     * partly run). */
    st_stat_u(out, "kd.series.window", kd->window);
    for (uint32_t i = 0; i < kd->n_series; i++) {
      char key[48];
      snprintf(key, sizeof key, "kd.series.%u", i);
      uint64_t span = kd->window;
      if (i + 1 == kd->n_series) {
        uint64_t last = kd->t0 + kd->cycles - (kd->t0 + (uint64_t)i * kd->window);
        span = last > 0 && last < span ? last : span;
      }
      st_stat_d(out, key, (double)kd->series[i] / (double)span);
    }
  }
}

