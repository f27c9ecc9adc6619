/* The power and energy model (power.h, docs/power.md). */
#include "power/power.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Per SM: its operating point, the sample's time integrals, its energy. */
typedef struct pw_sm {
  unsigned fstate, vstate;
  uint64_t t_last;      /* ps: the integrals below reach up to here */
  double v2f_ps;        /* sum over the sample of (V/V0)^2 (f/f0) dt, ps */
  double v2_ps;         /* sum of (V/V0)^2 dt, ps */
  uint64_t occ_acc;     /* active warps summed over the sample's core cycles, up to occ_from */
  uint64_t occ_from;    /* the sample's core cycles when occ_cur was set */
  uint32_t occ_cur;     /* active warps now */
  st_power_sm_act last; /* the counters at the last sample */
  double e[PW_SM_PARTS];/* joules, whole run */
  double occ_last;      /* the mean occupancy of the sample being closed (the trace) */
  uint64_t bubbles;     /* samples in a bubble */
  double e_bubble;      /* energy drawn in them */
  uint64_t ps_time[16]; /* ps spent at each frequency state */
} pw_sm;

struct st_power {
  const st_config *cfg;
  uint32_t n_sms, n_channels;
  pw_sm *sm;
  unsigned u_fstate, u_vstate;
  uint64_t u_t_last;
  double u_v2f_ps, u_v2_ps;
  st_power_unc_act u_last;
  double u_e[PW_UNC_PARTS];
  uint64_t t_sample;     /* ps: the last sample's end */
  uint64_t cycle_sample; /* core cycle of the last sample's end */
  uint64_t samples, busy_samples, sm_samples;
  uint64_t t_total;      /* ps sampled */
  uint64_t warp_slots;   /* warp slots per SM */
  uint64_t thr_ppm;      /* the bubble threshold, millionths */
  double e_pj[32];       /* the per-event energies, joules (see enum below) */
  double p_w[8];         /* the powers, watts */
  double v2[16], f[16];  /* (V/V0)^2 and f/f0 of each P-state */
  bool busy_now;         /* a kernel was resident in the sample being run */
  uint64_t occ_n;        /* core cycles of the sample so far (st_power_occupancy) */
  FILE *trace;
  double trace_last_e;   /* total energy at the last row */
  double *row_sm;        /* per SM: the energy of the sample being closed */
};

enum { E_INST, E_SP, E_SFU, E_DP, E_MEM, E_RFR, E_RFW, E_OC, E_SH, E_L1IH, E_L1IM, E_L1DH,
       E_L1DM, E_L1CH, E_L1CM, E_L2H, E_L2M, E_FLIT, E_ACT, E_RD, E_WR, E_REF, E_COUNT };
enum { P_SM_IDLE, P_SM_LEAK, P_UNC_IDLE, P_UNC_LEAK, P_CONST };

static const char *const sm_part_names[PW_SM_PARTS] = {
    "front", "exec", "rf", "collectors", "shared", "l1i", "l1d", "l1c", "idle", "leakage"};
static const char *const unc_part_names[PW_UNC_PARTS] = {
    "l2", "noc", "dram", "dram_refresh", "uncore_idle", "uncore_leakage", "constant"};

st_status st_power_create(const st_config *cfg, uint32_t n_sms, uint32_t n_channels,
                          st_power **out, st_error *err) {
  st_power *pw = calloc(1, sizeof *pw);
  if (pw == NULL || (pw->sm = calloc(n_sms ? n_sms : 1, sizeof *pw->sm)) == NULL ||
      (pw->row_sm = calloc(n_sms ? n_sms : 1, sizeof *pw->row_sm)) == NULL) {
    st_power_destroy(pw);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  pw->cfg = cfg;
  pw->n_sms = n_sms;
  pw->n_channels = n_channels;
  const int64_t e[E_COUNT] = {
      cfg->power.e_inst,     cfg->power.e_sp_lane,  cfg->power.e_sfu_lane, cfg->power.e_dp_lane,
      cfg->power.e_mem_lane, cfg->power.e_rf_read,  cfg->power.e_rf_write, cfg->power.e_collector,
      cfg->power.e_shared,   cfg->power.e_l1i_hit,  cfg->power.e_l1i_miss, cfg->power.e_l1d_hit,
      cfg->power.e_l1d_miss, cfg->power.e_l1c_hit,  cfg->power.e_l1c_miss, cfg->power.e_l2_hit,
      cfg->power.e_l2_miss,  cfg->power.e_flit,     cfg->power.e_dram_act, cfg->power.e_dram_rd,
      cfg->power.e_dram_wr,  cfg->power.e_dram_ref};
  for (int k = 0; k < E_COUNT; k++) {
    pw->e_pj[k] = (double)e[k] * 1e-18; /* millionths of a pJ -> J */
  }
  const int64_t p[5] = {cfg->power.p_sm_idle, cfg->power.p_sm_leak, cfg->power.p_uncore_idle,
                        cfg->power.p_uncore_leak, cfg->power.p_const};
  for (int k = 0; k < 5; k++) {
    pw->p_w[k] = (double)p[k] * 1e-9; /* millionths of a mW -> W */
  }
  int n = cfg->power.n_pstates > 0 ? cfg->power.n_pstates : 1;
  double v0 = cfg->power.n_pstates > 0 ? (double)cfg->power.ps_uv[0] : 1.0;
  double f0 = cfg->power.n_pstates > 0 ? (double)cfg->power.ps_hz[0] : 1.0;
  for (int k = 0; k < 16; k++) {
    int s = k < n ? k : n - 1;
    double v = cfg->power.n_pstates > 0 ? (double)cfg->power.ps_uv[s] / v0 : 1.0;
    pw->v2[k] = v * v;
    pw->f[k] = cfg->power.n_pstates > 0 ? (double)cfg->power.ps_hz[s] / f0 : 1.0;
  }
  pw->warp_slots = (uint64_t)(cfg->sm.max_threads / cfg->sm.warp_size);
  pw->thr_ppm = (uint64_t)cfg->dvfs.threshold;
  *out = pw;
  return ST_OK;
}

void st_power_destroy(st_power *pw) {
  if (pw != NULL) {
    free(pw->sm);
    free(pw->row_sm);
    free(pw);
  }
}

int64_t st_power_pstate_hz(const st_power *pw, unsigned state) {
  const st_config *cfg = pw->cfg;
  if (cfg->power.n_pstates == 0) {
    return cfg->gpu.core_clock;
  }
  return cfg->power.ps_hz[state < (unsigned)cfg->power.n_pstates ? state
                                                                  : (unsigned)cfg->power.n_pstates - 1];
}

void st_power_set_trace(st_power *pw, FILE *f) {
  pw->trace = f;
  pw->trace_last_e = st_power_energy(pw);
  if (f == NULL) {
    return;
  }
  fprintf(f, "# simtref power trace v1: one row per power sample (power.sample_cycles core "
             "cycles); powers in W, occupancy as a share of the warp slots\n");
  fprintf(f, "cycle,time_us,total_w");
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    fprintf(f, ",sm%u_w", i);
  }
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    fprintf(f, ",sm%u_mhz", i);
  }
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    fprintf(f, ",sm%u_occ", i);
  }
  for (int k = 0; k < PW_SM_PARTS; k++) {
    fprintf(f, ",%s_w", sm_part_names[k]);
  }
  for (int k = 0; k < PW_UNC_PARTS; k++) {
    fprintf(f, ",%s_w", unc_part_names[k]);
  }
  fputc('\n', f);
}

/* Integrates SM i's time-based parts up to t. */
static void sm_advance(st_power *pw, pw_sm *s, uint64_t t) {
  if (t <= s->t_last) {
    return;
  }
  double dt = (double)(t - s->t_last);
  s->v2f_ps += pw->v2[s->vstate] * pw->f[s->fstate] * dt;
  s->v2_ps += pw->v2[s->vstate] * dt;
  s->ps_time[s->fstate & 15] += t - s->t_last;
  s->t_last = t;
}

static void unc_advance(st_power *pw, uint64_t t) {
  if (t <= pw->u_t_last) {
    return;
  }
  double dt = (double)(t - pw->u_t_last);
  pw->u_v2f_ps += pw->v2[pw->u_vstate] * pw->f[pw->u_fstate] * dt;
  pw->u_v2_ps += pw->v2[pw->u_vstate] * dt;
  pw->u_t_last = t;
}

void st_power_set_sm(st_power *pw, uint32_t i, uint64_t t_ps, unsigned fstate, unsigned vstate) {
  pw_sm *s = &pw->sm[i];
  sm_advance(pw, s, t_ps);
  s->fstate = fstate & 15;
  s->vstate = vstate & 15;
}

void st_power_set_uncore(st_power *pw, uint64_t t_ps, unsigned fstate, unsigned vstate) {
  unc_advance(pw, t_ps);
  pw->u_fstate = fstate & 15;
  pw->u_vstate = vstate & 15;
}

/* Each SM's active warps are summed over the sample's cycles lazily: a
 * count holds from the cycle it was set (occ_from) until it changes or the
 * sample closes, so a cycle costs nothing per SM. */
static void occ_close(pw_sm *s, uint64_t occ_n) {
  s->occ_acc += (uint64_t)s->occ_cur * (occ_n - s->occ_from);
  s->occ_from = occ_n;
}

void st_power_set_active(st_power *pw, uint32_t i, uint32_t active) {
  pw_sm *s = &pw->sm[i];
  if (s->occ_cur != active) {
    occ_close(s, pw->occ_n);
    s->occ_cur = active;
  }
}

void st_power_occupancy(st_power *pw, uint64_t n, bool busy) {
  pw->busy_now = pw->busy_now || busy;
  pw->occ_n += n;
}

bool st_power_sample_due(const st_power *pw, uint64_t cycle) {
  return cycle >= pw->cycle_sample + (uint64_t)pw->cfg->power.sample_cycles;
}

uint64_t st_power_cycles_to_sample(const st_power *pw, uint64_t cycle) {
  uint64_t end = pw->cycle_sample + (uint64_t)pw->cfg->power.sample_cycles;
  return end > cycle ? end - cycle : 0;
}

static double d(uint64_t a, uint64_t b) { return (double)(a - b); }

void st_power_sample(st_power *pw, uint64_t cycle, uint64_t t_ps, const st_power_sm_act *act,
                     const st_power_unc_act *unc) {
  if (t_ps <= pw->t_sample) {
    return;
  }
  bool busy = pw->busy_now;
  pw->busy_now = false;
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    occ_close(&pw->sm[i], pw->occ_n);
  }
  const double *e = pw->e_pj;
  double dt_ps = (double)(t_ps - pw->t_sample);
  double dt = dt_ps * 1e-12;
  uint64_t cycles = cycle - pw->cycle_sample;
  double part_row[PW_SM_PARTS + PW_UNC_PARTS];
  memset(part_row, 0, sizeof part_row);
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    pw_sm *s = &pw->sm[i];
    const st_power_sm_act *a = &act[i], *b = &s->last;
    sm_advance(pw, s, t_ps);
    double v2 = s->v2_ps / dt_ps; /* the sample's mean (V/V0)^2 */
    double x[PW_SM_PARTS];
    uint64_t insts = 0;
    for (int k = 0; k < 4; k++) {
      insts += a->unit_insts[k] - b->unit_insts[k];
    }
    x[PW_SM_FRONT] = (double)insts * e[E_INST];
    x[PW_SM_EXEC] = d(a->unit_lanes[0], b->unit_lanes[0]) * e[E_SP] +
                    d(a->unit_lanes[1], b->unit_lanes[1]) * e[E_SFU] +
                    d(a->unit_lanes[2], b->unit_lanes[2]) * e[E_DP] +
                    d(a->unit_lanes[3], b->unit_lanes[3]) * e[E_MEM];
    x[PW_SM_RF] = d(a->rf_reads, b->rf_reads) * e[E_RFR] + d(a->rf_writes, b->rf_writes) * e[E_RFW];
    x[PW_SM_OC] = d(a->collectors, b->collectors) * e[E_OC];
    x[PW_SM_SHARED] = d(a->shared_passes, b->shared_passes) * e[E_SH];
    x[PW_SM_L1I] = d(a->l1i_hit, b->l1i_hit) * e[E_L1IH] + d(a->l1i_miss, b->l1i_miss) * e[E_L1IM];
    x[PW_SM_L1D] = d(a->l1d_hit, b->l1d_hit) * e[E_L1DH] + d(a->l1d_miss, b->l1d_miss) * e[E_L1DM];
    x[PW_SM_L1C] = d(a->l1c_hit, b->l1c_hit) * e[E_L1CH] + d(a->l1c_miss, b->l1c_miss) * e[E_L1CM];
    for (int k = 0; k < PW_SM_IDLE; k++) {
      x[k] *= v2;
    }
    x[PW_SM_IDLE] = pw->p_w[P_SM_IDLE] * s->v2f_ps * 1e-12;
    x[PW_SM_LEAK] = pw->p_w[P_SM_LEAK] * s->v2_ps * 1e-12;
    double tot = 0.0;
    for (int k = 0; k < PW_SM_PARTS; k++) {
      s->e[k] += x[k];
      part_row[k] += x[k];
      tot += x[k];
    }
    pw->row_sm[i] = tot;
    /* A bubble: mean occupancy below T over the sample, while a kernel ran. */
    if (busy && cycles > 0) {
      pw->sm_samples++;
      if (s->occ_acc * UINT64_C(1000000) < pw->thr_ppm * pw->warp_slots * cycles) {
        s->bubbles++;
        s->e_bubble += tot;
      }
    }
    s->last = *a;
    s->v2f_ps = 0.0;
    s->v2_ps = 0.0;
  }
  if (pw->trace != NULL) {
    /* Occupancies before they restart. */
    for (uint32_t i = 0; i < pw->n_sms; i++) {
      pw->sm[i].occ_last = cycles > 0 ? (double)pw->sm[i].occ_acc /
                                            ((double)pw->warp_slots * (double)cycles)
                                      : 0.0;
    }
  }
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    pw->sm[i].occ_acc = 0;
    pw->sm[i].occ_from = 0;
  }
  pw->occ_n = 0;
  unc_advance(pw, t_ps);
  double v2u = pw->u_v2_ps / dt_ps;
  const st_power_unc_act *b = &pw->u_last;
  double u[PW_UNC_PARTS];
  u[PW_UNC_L2] = (d(unc->l2_hit, b->l2_hit) * e[E_L2H] + d(unc->l2_miss, b->l2_miss) * e[E_L2M]) * v2u;
  u[PW_UNC_NOC] = d(unc->flits, b->flits) * e[E_FLIT] * v2u;
  u[PW_UNC_DRAM] = d(unc->dram_act, b->dram_act) * e[E_ACT] + d(unc->dram_rd, b->dram_rd) * e[E_RD] +
                   d(unc->dram_wr, b->dram_wr) * e[E_WR];
  u[PW_UNC_REFRESH] = dt / ((double)pw->cfg->power.dram_refresh_ns * 1e-9) *
                      (double)pw->n_channels * e[E_REF];
  u[PW_UNC_IDLE] = pw->p_w[P_UNC_IDLE] * pw->u_v2f_ps * 1e-12;
  u[PW_UNC_LEAK] = pw->p_w[P_UNC_LEAK] * pw->u_v2_ps * 1e-12;
  u[PW_UNC_CONST] = pw->p_w[P_CONST] * dt;
  for (int k = 0; k < PW_UNC_PARTS; k++) {
    pw->u_e[k] += u[k];
    part_row[PW_SM_PARTS + k] = u[k];
  }
  pw->u_last = *unc;
  pw->u_v2f_ps = 0.0;
  pw->u_v2_ps = 0.0;
  pw->samples++;
  pw->busy_samples += busy;
  pw->t_total += t_ps - pw->t_sample;
  if (pw->trace != NULL) {
    FILE *f = pw->trace;
    double tot = st_power_energy(pw);
    fprintf(f, "%" PRIu64 ",%.4f,%.3f", cycle, (double)t_ps * 1e-6,
            (tot - pw->trace_last_e) / dt);
    pw->trace_last_e = tot;
    for (uint32_t i = 0; i < pw->n_sms; i++) {
      fprintf(f, ",%.3f", pw->row_sm[i] / dt);
    }
    for (uint32_t i = 0; i < pw->n_sms; i++) {
      fprintf(f, ",%.0f", (double)st_power_pstate_hz(pw, pw->sm[i].fstate) * 1e-6);
    }
    for (uint32_t i = 0; i < pw->n_sms; i++) {
      fprintf(f, ",%.4f", pw->sm[i].occ_last);
    }
    for (int k = 0; k < PW_SM_PARTS + PW_UNC_PARTS; k++) {
      fprintf(f, ",%.3f", part_row[k] / dt);
    }
    fputc('\n', f);
  }
  pw->t_sample = t_ps;
  pw->cycle_sample = cycle;
}

double st_power_energy(const st_power *pw) {
  double t = 0.0;
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    for (int k = 0; k < PW_SM_PARTS; k++) {
      t += pw->sm[i].e[k];
    }
  }
  for (int k = 0; k < PW_UNC_PARTS; k++) {
    t += pw->u_e[k];
  }
  return t;
}

void st_power_stats(const st_power *pw, st_statset *out) {
  double secs = (double)pw->t_total * 1e-12;
  double total = st_power_energy(pw);
  char key[64];
  st_stat_d(out, "power.energy_uj", total * 1e6);
  st_stat_d(out, "power.avg_w", secs > 0 ? total / secs : 0.0);
  st_stat_d(out, "power.time_us", secs * 1e6);
  st_stat_u(out, "power.samples", pw->samples);
  double part[PW_SM_PARTS];
  memset(part, 0, sizeof part);
  double sm_total = 0.0;
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    double t = 0.0;
    for (int k = 0; k < PW_SM_PARTS; k++) {
      part[k] += pw->sm[i].e[k];
      t += pw->sm[i].e[k];
    }
    sm_total += t;
    snprintf(key, sizeof key, "power.sm.%u.energy_uj", i);
    st_stat_d(out, key, t * 1e6);
    snprintf(key, sizeof key, "power.sm.%u.avg_w", i);
    st_stat_d(out, key, secs > 0 ? t / secs : 0.0);
  }
  st_stat_d(out, "power.sms.energy_uj", sm_total * 1e6);
  for (int k = 0; k < PW_SM_PARTS; k++) {
    snprintf(key, sizeof key, "power.part.%s.energy_uj", sm_part_names[k]);
    st_stat_d(out, key, part[k] * 1e6);
    snprintf(key, sizeof key, "power.part.%s.avg_w", sm_part_names[k]);
    st_stat_d(out, key, secs > 0 ? part[k] / secs : 0.0);
  }
  for (int k = 0; k < PW_UNC_PARTS; k++) {
    snprintf(key, sizeof key, "power.part.%s.energy_uj", unc_part_names[k]);
    st_stat_d(out, key, pw->u_e[k] * 1e6);
    snprintf(key, sizeof key, "power.part.%s.avg_w", unc_part_names[k]);
    st_stat_d(out, key, secs > 0 ? pw->u_e[k] / secs : 0.0);
  }
  /* Bubbles and the ideal power gating of bubble SMs (spec §6.1). */
  uint64_t bubbles = 0;
  double e_bubble = 0.0;
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    bubbles += pw->sm[i].bubbles;
    e_bubble += pw->sm[i].e_bubble;
  }
  st_stat_u(out, "power.sm_samples_busy", pw->sm_samples);
  st_stat_u(out, "power.bubble_samples", bubbles);
  st_stat_d(out, "power.bubble_occurrence",
            pw->sm_samples > 0 ? (double)bubbles / (double)pw->sm_samples : 0.0);
  st_stat_d(out, "power.bubble_energy_uj", e_bubble * 1e6);
  st_stat_d(out, "power.ideal_gating_saving", total > 0 ? e_bubble / total : 0.0);
  /* Time at each P-state, summed over SMs, as a share of SM time. */
  uint64_t all = 0, at[16];
  memset(at, 0, sizeof at);
  for (uint32_t i = 0; i < pw->n_sms; i++) {
    for (int k = 0; k < 16; k++) {
      at[k] += pw->sm[i].ps_time[k];
      all += pw->sm[i].ps_time[k];
    }
  }
  int n = pw->cfg->power.n_pstates > 0 ? pw->cfg->power.n_pstates : 1;
  for (int k = 0; k < n; k++) {
    snprintf(key, sizeof key, "power.pstate.%d.sm_time_share", k);
    st_stat_d(out, key, all > 0 ? (double)at[k] / (double)all : 0.0);
  }
}
