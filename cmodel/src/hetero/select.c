/* HeteroPDP's decision (spec §1.5.5): the least predicted time alone; beside
 * co-runners, the highest weighted fairness of everyone's slowdowns, the
 * co-runners' read from their Bubble-up tables at the pressure the kernel
 * puts on them on each device (hetero.h). */
#include <math.h>

#include "hetero/hetero.h"

/* The least time a prediction is taken as (a model may predict zero or less
 * outside its training range). */
#define MIN_TIME 1e-7

double st_hbubble_at(const double *table, double level) {
  if (!(level > 0.0)) {
    return table[0];
  }
  if (level >= ST_HETERO_LEVELS - 1) {
    return table[ST_HETERO_LEVELS - 1];
  }
  int i = (int)level;
  double frac = level - i;
  return table[i] + frac * (table[i + 1] - table[i]);
}

double st_hetero_fairness(const double *s, const double *w, size_t n) {
  double lo = INFINITY, hi = 0.0;
  for (size_t i = 0; i < n; i++) {
    double x = s[i] * (w != NULL ? w[i] : 1.0);
    lo = x < lo ? x : lo;
    hi = x > hi ? x : hi;
  }
  return n > 0 && hi > 0.0 ? lo / hi : 1.0;
}

static double clamp_level(double x) {
  return !(x > 0.0) ? 0.0 : x > ST_HETERO_LEVELS - 1 ? ST_HETERO_LEVELS - 1 : x;
}

void st_hetero_decide(const st_hdecision_in *in, st_hdecision *out) {
  const st_hmodel_set *ms = in->models;
  for (int d = 0; d < 2; d++) {
    double t = st_hmodel_predict(&ms->m[d == 0 ? HM_CPU_ALONE : HM_GPU_ALONE], &in->f);
    out->t_alone[d] = t > MIN_TIME ? t : MIN_TIME;
    out->t_coloc[d] = out->t_alone[d];
    out->kernel_slowdown[d] = 1.0;
    out->fairness[d] = 1.0;
    out->level[d] = 0.0;
  }
  if (in->n_corun == 0) {
    out->choice = out->t_alone[1] < out->t_alone[0] ? 1 : 0;
    return;
  }
  double best_alone = fmin(out->t_alone[0], out->t_alone[1]);
  for (int d = 0; d < 2; d++) {
    double t = st_hmodel_predict(&ms->m[d == 0 ? HM_CPU_COLOC : HM_GPU_COLOC], &in->f);
    out->t_coloc[d] = t > MIN_TIME ? t : MIN_TIME;
    out->kernel_slowdown[d] =
        out->t_coloc[d] / (in->same_device_norm ? out->t_alone[d] : best_alone);
  }
  /* The kernel's pressure: its working set against the LLC on the CPU; its
   * copies' bandwidth against the host's on the GPU. */
  const st_hpressure *p = &in->pressure;
  double cpu_level = p->llc_bytes > 0.0 ? 8.0 * in->f.v[HF_BUF] / p->llc_bytes : 0.0;
  out->level[0] = clamp_level(cpu_level > p->llc_floor ? cpu_level : p->llc_floor);
  double copy_bw = in->gpu_xfer_s > 0.0 ? in->f.v[HF_XFER] / in->gpu_xfer_s : 0.0;
  /* Averaged over the kernel's time on the GPU: the copies are part of it. */
  double share = in->gpu_xfer_s / out->t_coloc[1];
  share = share > 1.0 ? 1.0 : share;
  out->level[1] = clamp_level(p->host_bw > 0.0 ? 8.0 * copy_bw * share / p->host_bw : 0.0);
  for (int d = 0; d < 2; d++) {
    double s[ST_HETERO_MAX_CORUN + 1], w[ST_HETERO_MAX_CORUN + 1];
    s[0] = out->kernel_slowdown[d];
    w[0] = 1.0;
    for (size_t j = 0; j < in->n_corun; j++) {
      const st_hbubble *b = in->bubble[j];
      out->corun_slowdown[d][j] = st_hbubble_at(d == 0 ? b->llc : b->membw, out->level[d]);
      s[j + 1] = out->corun_slowdown[d][j];
      w[j + 1] = in->weight[j] > 0.0 ? in->weight[j] : 1.0;
    }
    out->fairness[d] = st_hetero_fairness(s, w, in->n_corun + 1);
  }
  out->choice = out->fairness[1] > out->fairness[0] ||
                        (out->fairness[1] == out->fairness[0] && out->t_coloc[1] < out->t_coloc[0])
                    ? 1
                    : 0;
}
