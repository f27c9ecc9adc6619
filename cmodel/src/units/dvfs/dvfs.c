/* The occupancy-bubble controller: see dvfs.h. */
#include "units/dvfs/dvfs.h"

#include <string.h>

#define ACT_MASK ((1u << DVFS_ACT_W) - 1u)

static unsigned act(const dvfs_in *in, unsigned i) { return in->active[i] & ACT_MASK; }

uint32_t dvfs_acc_next(const dvfs_state *s, const dvfs_in *in, unsigned i) {
  uint32_t a = (s->acc[i] & DVFS_ACC_MAX) + act(in, i);
  return a > DVFS_ACC_MAX ? DVFS_ACC_MAX : a;
}

void dvfs_decide(const dvfs_params *p, const dvfs_state *s, const dvfs_in *in,
                 dvfs_decision *d) {
  memset(d, 0, sizeof *d);
  const unsigned ns = p->n_sms;
  d->sample = s->cnt == (uint16_t)(p->sample - 1u);
  if (!d->sample) {
    return;
  }
  bool pending = in->pending & 1u;
  bool idle = true;     /* every SM has no active warp at the sample instant */
  bool avail = false;   /* a non-diverted SM could take the next block */
  for (unsigned i = 0; i < ns; i++) {
    uint32_t a = dvfs_acc_next(s, in, i);
    bool fits = in->fits[i] & 1u;
    idle = idle && act(in, i) == 0;
    avail = avail || (!s->dvr[i] && fits);
    if (a < p->thr) {
      d->bubble |= 1u << i;
    } else if (!s->dvr[i] && a < p->full && fits && s->xcnt[i] == 0) {
      d->target |= 1u << i;
    }
  }
  /* a. The GPU level. */
  if (p->glvl) {
    bool busy = s->glvl || s->gxcnt != 0;
    d->gpu_enter = idle && !pending && !busy;
    d->gpu_exit = s->glvl && s->gxcnt == 0 && pending;
    d->skip = busy || d->gpu_enter;
  }
  if (d->skip) {
    return;
  }
  /* b. Each SM without a transition in progress. */
  for (unsigned i = 0; i < ns; i++) {
    uint32_t bit = 1u << i;
    if (s->xcnt[i] != 0) {
      continue;
    }
    if (!s->dvr[i]) {
      if (d->bubble & bit) {
        /* A target is never i itself (it needs acc'[j] >= THR). */
        if (d->target != 0) {
          d->enter |= bit;
          if (act(in, i) == 0 || !p->drain) {
            d->enter_low |= bit;
          }
        } else {
          d->no_target |= bit;
        }
      }
    } else if (s->drn[i]) {
      if (act(in, i) == 0) {
        d->drain_done |= bit;
      } else if ((unsigned)s->dcnt[i] + 1u >= p->drain_samples) {
        d->drain_abort |= bit;
      } else {
        d->drain_step |= bit;
      }
    } else if (pending && !avail) {
      d->candidates |= bit;
    }
  }
  d->resume = d->candidates & (~d->candidates + 1u); /* the lowest-numbered */
}

void dvfs_reset(const dvfs_params *p, dvfs_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

void dvfs_model_eval(const dvfs_params *p, const dvfs_state *s, const dvfs_in *in,
                     dvfs_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  const unsigned ns = p->n_sms;
  bool gbusy = s->glvl || s->gxcnt != 0;
  bool gset = s->glvl && s->gxcnt == 0;
  out->sample = s->cnt == (uint16_t)(p->sample - 1u);
  out->gflow = gbusy;
  out->gvlow = gset;
  out->dvfs = s->glvl || (s->gxcnt != 0 && s->gxtgt);
  for (unsigned i = 0; i < ns; i++) {
    bool x = s->xcnt[i] != 0;
    out->closed[i] = s->dvr[i] || x || gbusy;
    out->flow[i] = s->lvl[i] || x || gbusy;
    out->vlow[i] = (s->lvl[i] && !x) || gset;
    out->dvr[i] = s->dvr[i];
    out->drn[i] = s->drn[i];
    out->dvfs |= (uint64_t)(s->lvl[i] || (x && s->xtgt[i])) << (i + 1);
  }
}

void dvfs_model_tick(const dvfs_params *p, dvfs_state *s, const dvfs_in *in,
                     const dvfs_out *out) {
  (void)out;
  const unsigned ns = p->n_sms;
  dvfs_decision d;
  dvfs_decide(p, s, in, &d);
  uint32_t acc[DVFS_MAX_SMS];
  for (unsigned i = 0; i < ns; i++) {
    acc[i] = dvfs_acc_next(s, in, i);
  }
  /* 2. Transitions in progress (only a register with xcnt == 0 starts one below). */
  for (unsigned i = 0; i < ns; i++) {
    if (s->xcnt[i] != 0 && --s->xcnt[i] == 0) {
      s->lvl[i] = s->xtgt[i];
    }
  }
  if (s->gxcnt != 0 && --s->gxcnt == 0) {
    s->glvl = s->gxtgt;
  }
  if (!d.sample) {
    for (unsigned i = 0; i < ns; i++) {
      s->acc[i] = acc[i];
    }
    s->cnt++;
    return;
  }
  /* 3. The sample's decisions. */
  if (d.gpu_enter || d.gpu_exit) {
    s->gxcnt = p->trans;
    s->gxtgt = d.gpu_enter;
  }
  for (unsigned i = 0; i < ns; i++) {
    uint32_t bit = 1u << i;
    bool down = (d.enter_low | d.drain_done) & bit;
    if (d.enter & bit) {
      s->dvr[i] = 1;
      if (!down) {
        s->drn[i] = 1;
        s->dcnt[i] = 0;
      }
    }
    if (d.drain_done & bit) {
      s->drn[i] = 0;
    }
    if (d.drain_abort & bit) {
      s->drn[i] = 0;
      s->dvr[i] = 0;
    }
    if (d.drain_step & bit) {
      s->dcnt[i]++;
    }
    if (down) {
      s->xcnt[i] = p->trans;
      s->xtgt[i] = 1;
    }
    if (d.resume & bit) {
      s->dvr[i] = 0;
      s->xcnt[i] = p->trans;
      s->xtgt[i] = 0;
    }
    s->acc[i] = 0;
  }
  s->cnt = 0;
}

static void layout(const void *params, st_ulayout *l) {
  const dvfs_params *p = params;
  memset(l, 0, sizeof *l);
  ST_UFIELD(l->in, l->n_in, dvfs_in, active, DVFS_ACT_W, p->n_sms);
  ST_USCALAR(l->in, l->n_in, dvfs_in, pending, 1);
  ST_UFIELD(l->in, l->n_in, dvfs_in, fits, 1, p->n_sms);

  ST_USCALAR(l->out, l->n_out, dvfs_out, sample, 1);
  ST_UFIELD(l->out, l->n_out, dvfs_out, closed, 1, p->n_sms);
  ST_UFIELD(l->out, l->n_out, dvfs_out, flow, 1, p->n_sms);
  ST_UFIELD(l->out, l->n_out, dvfs_out, vlow, 1, p->n_sms);
  ST_USCALAR(l->out, l->n_out, dvfs_out, gflow, 1);
  ST_USCALAR(l->out, l->n_out, dvfs_out, gvlow, 1);
  ST_UFIELD(l->out, l->n_out, dvfs_out, dvr, 1, p->n_sms);
  ST_UFIELD(l->out, l->n_out, dvfs_out, drn, 1, p->n_sms);
  ST_USCALAR(l->out, l->n_out, dvfs_out, dvfs, p->n_sms + 1u);

  ST_UFIELD(l->state, l->n_state, dvfs_state, acc, DVFS_ACC_W, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, dvr, 1, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, drn, 1, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, dcnt, DVFS_DCNT_W, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, lvl, 1, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, xcnt, DVFS_XCNT_W, p->n_sms);
  ST_UFIELD(l->state, l->n_state, dvfs_state, xtgt, 1, p->n_sms);
  ST_USCALAR(l->state, l->n_state, dvfs_state, cnt, DVFS_CNT_W);
  ST_USCALAR(l->state, l->n_state, dvfs_state, glvl, 1);
  ST_USCALAR(l->state, l->n_state, dvfs_state, gxcnt, DVFS_XCNT_W);
  ST_USCALAR(l->state, l->n_state, dvfs_state, gxtgt, 1);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(dvfs_params, n_sms, "NS"),     ST_UPARAM(dvfs_params, maxw, "MAXW"),
    ST_UPARAM(dvfs_params, sample, "S"),     ST_UPARAM(dvfs_params, thr, "THR"),
    ST_UPARAM(dvfs_params, full, "FULL"),    ST_UPARAM(dvfs_params, drain_samples, "W"),
    ST_UPARAM(dvfs_params, trans, "P"),      ST_UPARAM(dvfs_params, drain, "DRAIN"),
    ST_UPARAM(dvfs_params, glvl, "GLVL"),
};

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void dvfs_config_params(const st_config *cfg, dvfs_params *p) {
  memset(p, 0, sizeof *p);
  int64_t ws = cfg->sm.warp_size > 0 ? cfg->sm.warp_size : 1;
  int64_t maxw = clamp(cfg->sm.max_threads / ws, 1, 64);
  int64_t s = clamp(cfg->dvfs.sample_cycles, 1, 65535);
  int64_t t = clamp(cfg->dvfs.threshold, 0, 1000000);
  int64_t thr = (t * maxw * s + 500000) / 1000000; /* floor(T x MAXW x S + 1/2) */
  p->n_sms = (uint8_t)clamp(st_config_num_sms(cfg), 1, DVFS_MAX_SMS);
  p->maxw = (uint8_t)maxw;
  p->sample = (uint16_t)s;
  p->thr = (uint32_t)clamp(thr, 1, DVFS_ACC_MAX);
  p->full = (uint32_t)(maxw * s);
  p->drain_samples = (uint8_t)clamp(cfg->dvfs.drain_samples, 1, 255);
  p->trans = (uint16_t)clamp(cfg->dvfs.transition_cycles, 1, 65535);
  p->drain = cfg->dvfs.drain;
  p->glvl = cfg->dvfs.gpu_level;
}

static void config_params(const st_config *cfg, void *params) {
  dvfs_config_params(cfg, params);
}

/* As ST_UNIT_DESC(dvfs) would, with the model's functions under their names here. */
static void desc_reset(const void *p, void *s) { dvfs_reset(p, s); }
static void desc_eval(const void *p, const void *s, const void *in, void *out) {
  dvfs_model_eval(p, s, in, out);
}
static void desc_tick(const void *p, void *s, const void *in, const void *out) {
  dvfs_model_tick(p, s, in, out);
}
const st_unit_desc dvfs_desc = {"dvfs",
                                sizeof(dvfs_params),
                                sizeof(dvfs_state),
                                sizeof(dvfs_in),
                                sizeof(dvfs_out),
                                layout,
                                desc_reset,
                                desc_eval,
                                desc_tick,
                                rtl_param_list,
                                sizeof rtl_param_list / sizeof rtl_param_list[0],
                                config_params};
