/* Combinations of values that no single option's bounds can rule out. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "config/options.h"
#include "config/origin.h"

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* Where to point an error about key: where it was set, else where `other`
 * was set, else the config file itself. */
static st_srcpos where(const st_config_origin *origin, const char *key, const char *other) {
  const st_option *opt = st_option_find(key);
  if (opt != NULL && origin->pos[st_option_index(opt)].file != NULL) {
    return origin->pos[st_option_index(opt)];
  }
  if (other != NULL) {
    opt = st_option_find(other);
    if (opt != NULL && origin->pos[st_option_index(opt)].file != NULL) {
      return origin->pos[st_option_index(opt)];
    }
  }
  st_srcpos p = {origin->default_file != NULL ? origin->default_file : "<defaults>", 0, 0};
  return p;
}

static st_status check_cache(st_cache_config *c, const char *sec, const st_config_origin *origin,
                             st_error *err) {
  char k_size[48], k_sets[48], k_line[48], k_ways[48];
  snprintf(k_size, sizeof k_size, "%s.size", sec);
  snprintf(k_sets, sizeof k_sets, "%s.sets", sec);
  snprintf(k_line, sizeof k_line, "%s.line", sec);
  snprintf(k_ways, sizeof k_ways, "%s.ways", sec);
  if (!is_pow2(c->line)) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, k_line, NULL),
                       "%s: line size %" PRId64 " is not a power of two", sec, c->line);
  }
  int64_t way_bytes = c->ways * c->line;
  if (c->sets == 0) {
    if (c->size % way_bytes != 0) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k_size, k_ways),
                         "%s: size %" PRId64 " B is not a whole number of sets of ways x line = "
                         "%" PRId64 " x %" PRId64 " B",
                         sec, c->size, c->ways, c->line);
    }
    c->sets = c->size / way_bytes;
  } else if (c->sets * way_bytes != c->size) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, k_size, k_sets),
                       "%s: size %" PRId64 " B is not sets x ways x line = %" PRId64 " x %" PRId64
                       " x %" PRId64 " = %" PRId64 " B",
                       sec, c->size, c->sets, c->ways, c->line, c->sets * way_bytes);
  }
  if (!is_pow2(c->sets)) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, k_sets, k_size),
                       "%s: %" PRId64 " sets is not a power of two", sec, c->sets);
  }
  return ST_OK;
}

/* Parses power.pstates ("core/1.0V, 600MHz/0.925V, ...") into
 * cfg->power.ps_hz / ps_uv; the table must fall in frequency, not rise in
 * voltage, and start at the core clock. */
static st_status check_pstates(st_config *cfg, const st_config_origin *origin, st_error *err) {
  const char *k = "power.pstates";
  const st_option *fopt = st_option_find("gpu.core_clock");
  st_option vopt = {"power.pstates", ST_OPT_DEC, 0, 300000, 1500000, "", NULL, "V", "", false};
  st_option hopt = *fopt;
  hopt.min = 1000000;
  hopt.max = cfg->gpu.core_clock;
  int n = 0;
  const char *p = cfg->power.pstates;
  while (1) {
    while (*p == ' ' || *p == '\t') {
      p++;
    }
    const char *end = strchr(p, ',');
    size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t')) {
      len--;
    }
    char item[96];
    if (len == 0 || len >= sizeof item) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: P-state %d is %s (expected FREQ/VOLTAGE such as "
                         "600MHz/0.925V)",
                         n, len == 0 ? "empty" : "too long");
    }
    if (n >= 16) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: more than 16 P-states");
    }
    memcpy(item, p, len);
    item[len] = '\0';
    char *slash = strchr(item, '/');
    size_t vl = slash != NULL ? strlen(slash + 1) : 0;
    if (slash == NULL || vl < 2 || slash[vl] != 'V') {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: P-state %d '%s' is not FREQ/VOLTAGE (such as "
                         "600MHz/0.925V)",
                         n, item);
    }
    *slash = '\0';
    slash[vl] = '\0';
    char why[160];
    int64_t hz = 0, uv = 0;
    if (strcmp(item, "core") == 0) {
      hz = cfg->gpu.core_clock;
    } else if (st_option_parse(&hopt, item, &hz, why, sizeof why) != 0) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: P-state %d frequency: %s (it must lie between 1MHz "
                         "and gpu.core_clock)",
                         n, why);
    }
    if (st_option_parse(&vopt, slash + 1, &uv, why, sizeof why) != 0) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: P-state %d voltage: %s V", n, why);
    }
    if (n == 0 && hz != cfg->gpu.core_clock) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, "gpu.core_clock"),
                         "power.pstates: P0 runs at %" PRId64 " Hz, not gpu.core_clock (%" PRId64
                         " Hz); write it as core/VOLTAGE",
                         hz, cfg->gpu.core_clock);
    }
    if (n > 0 && (hz >= cfg->power.ps_hz[n - 1] || uv > cfg->power.ps_uv[n - 1])) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, k, NULL),
                         "power.pstates: the table is not monotonic: P%d (%" PRId64
                         " Hz, %" PRId64 " uV) after P%d (%" PRId64 " Hz, %" PRId64
                         " uV); frequencies must fall and voltages must not rise",
                         n, hz, uv, n - 1, cfg->power.ps_hz[n - 1], cfg->power.ps_uv[n - 1]);
    }
    cfg->power.ps_hz[n] = hz;
    cfg->power.ps_uv[n] = uv;
    n++;
    if (end == NULL) {
      break;
    }
    p = end + 1;
  }
  cfg->power.n_pstates = n;
  if (cfg->dvfs.low_pstate >= n) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dvfs.low_pstate", k),
                       "dvfs.low_pstate %" PRId64 " names no P-state: power.pstates has %d",
                       cfg->dvfs.low_pstate, n);
  }
  if (cfg->dvfs.enable && n < 2) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, k, "dvfs.enable"),
                       "dvfs.enable: power.pstates needs a low P-state besides P0");
  }
  if (cfg->dvfs.enable && cfg->dvfs.low_pstate == 0) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dvfs.low_pstate", NULL),
                       "dvfs.low_pstate 0 is the nominal P-state, not a low one");
  }
  if (cfg->dvfs.enable && st_config_num_sms(cfg) > 32) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dvfs.enable", "gpu.num_clusters"),
                       "dvfs.enable: the occupancy-bubble controller serves at most 32 SMs; "
                       "this GPU has %" PRId64,
                       st_config_num_sms(cfg));
  }
  return ST_OK;
}

st_status st_config_validate(st_config *cfg, const st_config_origin *origin, st_error *err) {
  struct {
    st_cache_config *c;
    const char *name;
  } caches[] = {{&cfg->l1i, "l1i"}, {&cfg->l1d, "l1d"}, {&cfg->l1c, "l1c"},
                {&cfg->l1t, "l1t"}, {&cfg->l2, "l2"}};
  for (size_t i = 0; i < sizeof caches / sizeof caches[0]; i++) {
    st_status rc = check_cache(caches[i].c, caches[i].name, origin, err);
    if (rc != ST_OK) {
      return rc;
    }
  }

  if (cfg->l1d.policy == ST_L1D_POLICY_CACP &&
      (cfg->l1d.cacp_critical_ways < 1 || cfg->l1d.cacp_critical_ways >= cfg->l1d.ways)) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "l1d.cacp.critical_ways", "l1d.ways"),
                       "l1d.policy cacp: l1d.cacp.critical_ways %" PRId64
                       " does not split the %" PRId64 " ways of l1d.ways into two partitions "
                       "(it must be 1 .. l1d.ways - 1)",
                       cfg->l1d.cacp_critical_ways, cfg->l1d.ways);
  }

  if (cfg->dtbl.enable && cfg->gpu.max_concurrent_kernels > 64) {
    return st_error_at(err, ST_ERR_CONFIG,
                       where(origin, "gpu.max_concurrent_kernels", "dtbl.enable"),
                       "dtbl.enable: the aggregated group table links at most 64 kernel-"
                       "distributor entries; gpu.max_concurrent_kernels is %" PRId64,
                       cfg->gpu.max_concurrent_kernels);
  }
  if ((cfg->cta_scheduler.policy == ST_CTA_LAPERM_TBPRI ||
       cfg->cta_scheduler.policy == ST_CTA_LAPERM_SMXBIND ||
       cfg->cta_scheduler.policy == ST_CTA_LAPERM_ADAPTIVE) &&
      st_config_num_sms(cfg) > 32) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "cta_scheduler.policy", "gpu.num_clusters"),
                       "cta_scheduler.policy laperm_*: LaPerm's unit serves at most 32 SMs; this "
                       "GPU has %" PRId64,
                       st_config_num_sms(cfg));
  }
  st_status prc = check_pstates(cfg, origin, err);
  if (prc != ST_OK) {
    return prc;
  }
  if (!is_pow2(cfg->dtbl.agt_entries)) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dtbl.agt_entries", NULL),
                       "dtbl.agt_entries %" PRId64 " is not a power of two (the table is "
                       "indexed by the hardware thread id modulo its size)",
                       cfg->dtbl.agt_entries);
  }

  if (cfg->l1d.policy == ST_L1D_POLICY_CTRLC) {
    const int64_t per = cfg->l1d.ctrlc_period;
    if ((per & (per - 1)) != 0) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, "l1d.ctrlc.sample_period", NULL),
                         "l1d.ctrlc.sample_period %" PRId64 " is not a power of two", per);
    }
    if ((per >> cfg->l1d.ctrlc_agg_max) < 2) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, "l1d.ctrlc.agg_max",
                                                   "l1d.ctrlc.sample_period"),
                         "l1d.ctrlc.agg_max %" PRId64 " leaves a sampling period of %" PRId64
                         " >> %" PRId64 " < 2 evictions",
                         cfg->l1d.ctrlc_agg_max, per, cfg->l1d.ctrlc_agg_max);
    }
    if (cfg->l1d.ctrlc_thr_low >= cfg->l1d.ctrlc_thr_high) {
      return st_error_at(err, ST_ERR_CONFIG, where(origin, "l1d.ctrlc.threshold_low",
                                                   "l1d.ctrlc.threshold_high"),
                         "l1d.ctrlc.threshold_low %" PRId64 " is not below threshold_high %"
                         PRId64, cfg->l1d.ctrlc_thr_low, cfg->l1d.ctrlc_thr_high);
    }
  }

  const int64_t warp = cfg->sm.warp_size;
  if (cfg->sm.max_threads % warp != 0) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "sm.max_threads", NULL),
                       "sm.max_threads %" PRId64 " is not a multiple of the warp size %" PRId64,
                       cfg->sm.max_threads, warp);
  }
  if (warp % cfg->sm.simd_width != 0) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "sm.simd_width", NULL),
                       "sm.simd_width %" PRId64 " does not divide the warp size %" PRId64,
                       cfg->sm.simd_width, warp);
  }
  const int64_t max_warps = cfg->sm.max_threads / warp;
  if (cfg->sm.num_schedulers > max_warps) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "sm.num_schedulers", "sm.max_threads"),
                       "sm.num_schedulers %" PRId64 " exceeds the %" PRId64
                       " warps an SM can hold",
                       cfg->sm.num_schedulers, max_warps);
  }

  /* CTA limits: a limit that no SM can host can never be met. */
  const int64_t limit = cfg->cta_scheduler.limit;
  if (cfg->cta_scheduler.policy == ST_CTA_STATIC && limit == 0) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "cta_scheduler.policy", NULL),
                       "cta_scheduler.policy static needs cta_scheduler.limit >= 1");
  }
  if (limit > cfg->sm.max_ctas) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "cta_scheduler.limit", "sm.max_ctas"),
                       "cta_scheduler.limit %" PRId64 " exceeds sm.max_ctas %" PRId64
                       ": no SM can host that many CTAs",
                       limit, cfg->sm.max_ctas);
  }
  if (limit > max_warps) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "cta_scheduler.limit", "sm.max_threads"),
                       "cta_scheduler.limit %" PRId64 " exceeds the %" PRId64
                       " warps an SM can hold: no SM can host that many CTAs",
                       limit, max_warps);
  }

  /* DYNCTA: the low memory threshold may not lie above the high one. */
  if (cfg->dyncta.t_mem_l > cfg->dyncta.t_mem_h) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dyncta.t_mem_l", "dyncta.t_mem_h"),
                       "dyncta.t_mem_l %" PRId64 " exceeds dyncta.t_mem_h %" PRId64,
                       cfg->dyncta.t_mem_l, cfg->dyncta.t_mem_h);
  }

  /* DRAM */
  if (cfg->dram.tRC < cfg->dram.tRAS + cfg->dram.tRP) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dram.tRC", "dram.tRAS"),
                       "dram.tRC %" PRId64 " is shorter than tRAS + tRP = %" PRId64,
                       cfg->dram.tRC, cfg->dram.tRAS + cfg->dram.tRP);
  }
  if (cfg->dram.banks % cfg->dram.bank_groups != 0) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dram.bank_groups", "dram.banks"),
                       "dram.bank_groups %" PRId64 " does not divide dram.banks %" PRId64,
                       cfg->dram.bank_groups, cfg->dram.banks);
  }
  if (!is_pow2(cfg->dram.page_size)) {
    return st_error_at(err, ST_ERR_CONFIG, where(origin, "dram.page_size", NULL),
                       "dram.page_size %" PRId64 " is not a power of two", cfg->dram.page_size);
  }
  if (!is_pow2(cfg->dram.partition_interleave) ||
      cfg->dram.partition_interleave % cfg->l2.line != 0) {
    return st_error_at(err, ST_ERR_CONFIG,
                       where(origin, "dram.partition_interleave", "l2.line"),
                       "dram.partition_interleave %" PRId64
                       " is not a power-of-two multiple of the L2 line (%" PRId64 " B)",
                       cfg->dram.partition_interleave, cfg->l2.line);
  }
  return ST_OK;
}
