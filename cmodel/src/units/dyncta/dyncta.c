/* DYNCTA per-core controller: see dyncta.h. */
#include "units/dyncta/dyncta.h"

#include <stdio.h>
#include <string.h>

#include "units/unit_util.h"

dyncta_cycle dyncta_classify(const dyncta_params *p, const dyncta_in *in) {
  if (in->stall) {
    return DYNCTA_CYCLE_STALL;
  }
  if (in->ready) {
    return DYNCTA_CYCLE_ACTIVE;
  }
  if (in->mem_any && (p->strict ? in->mem_all : in->membar_all)) {
    return DYNCTA_CYCLE_MEM;
  }
  if (in->mem_any && in->membar_all) {
    return DYNCTA_CYCLE_MEMBAR;
  }
  return DYNCTA_CYCLE_IDLE;
}

unsigned dyncta_initial_n(const dyncta_params *p, unsigned n_max) {
  switch (p->init_n) {
  case DYNCTA_INIT_ONE:
    return 1;
  case DYNCTA_INIT_HALF:
    return n_max / 2 > 0 ? n_max / 2 : 1;
  default:
    return n_max;
  }
}

void dyncta_default_params(dyncta_params *p, unsigned n_slots) {
  memset(p, 0, sizeof *p);
  p->n_slots = (uint8_t)n_slots;
  p->cnt_w = 11;
  p->period = 2048;
  p->t_idle = 16;
  p->t_mem_l = 128;
  p->t_mem_h = 384;
  p->init_n = DYNCTA_INIT_HALF;
  p->freeze = 0;
  p->starve_t = DYNCTA_STARVE_DEFAULT;
  p->strict = 0;
}

void dyncta_reset(const dyncta_params *p, dyncta_state *s) {
  memset(s, 0, sizeof *s);
  /* Out of reset the unit behaves as after a kernel start with N = NTB. */
  s->n_max = p->n_slots;
  s->n = (uint8_t)dyncta_initial_n(p, p->n_slots);
  s->decision = DYNCTA_HOLD;
}

static unsigned boost_now(const dyncta_params *p, const dyncta_state *s) {
  return p->starve_t != 0 && s->starve == p->starve_t;
}

void dyncta_eval(const dyncta_params *p, const dyncta_state *s, const dyncta_in *in,
                 dyncta_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  out->n = s->n;
  out->n_paused = (uint8_t)(s->n_cta > s->n ? s->n_cta - s->n : 0);
  out->can_accept = s->n_cta < s->n;
  for (unsigned b = 0; b < p->n_slots; b++) {
    out->paused[b] = s->valid[b] && s->rank[b] >= s->n;
    out->rank[b] = s->rank[b];
  }
  out->decision = s->decision;
  out->dec_valid = s->dec_valid;
  out->boost = (uint8_t)boost_now(p, s);
}

/* The window's decision from its final counts (Algorithm 1 comparisons). */
static unsigned decide(const dyncta_params *p, unsigned c_idle, unsigned c_mem) {
  if (c_idle >= p->t_idle) {
    return DYNCTA_INC;
  }
  if (c_mem < p->t_mem_l) {
    return DYNCTA_INC;
  }
  if (c_mem >= p->t_mem_h) {
    return DYNCTA_DEC;
  }
  return DYNCTA_HOLD;
}

/* CTA slots: exits, then the launch (intra-cycle order of §8 A10). */
static void tick_slots(const dyncta_params *p, dyncta_state *s, const dyncta_in *in) {
  uint8_t gone[ST_U_MAX_TBS];
  unsigned n_gone = 0;
  for (unsigned b = 0; b < p->n_slots; b++) {
    gone[b] = (uint8_t)(in->cta_exit[b] && s->valid[b]);
    n_gone += gone[b];
  }
  if (n_gone == 0 && !in->launch_valid) {
    return; /* the usual cycle: nothing moves (the same result as below, faster) */
  }
  uint8_t rank[ST_U_MAX_TBS];
  for (unsigned j = 0; j < p->n_slots; j++) {
    /* Compaction: a CTA moves up by the number of older CTAs that left. */
    unsigned older_gone = 0;
    for (unsigned k = 0; k < p->n_slots; k++) {
      older_gone += gone[k] && s->rank[k] < s->rank[j];
    }
    rank[j] = (uint8_t)(s->rank[j] - older_gone);
  }
  unsigned left = s->n_cta - n_gone;
  unsigned launched = 0;
  for (unsigned b = 0; b < p->n_slots; b++) {
    unsigned free_slot = !s->valid[b] || gone[b];
    if (in->launch_valid && in->launch_slot == b && free_slot) {
      s->valid[b] = 1;
      s->rank[b] = (uint8_t)left; /* the youngest */
      launched = 1;
    } else if (gone[b]) {
      s->valid[b] = 0;
      s->rank[b] = 0;
    } else {
      s->rank[b] = s->valid[b] ? rank[b] : 0;
    }
  }
  s->n_cta = (uint8_t)(left + launched);
}

void dyncta_tick(const dyncta_params *p, dyncta_state *s, const dyncta_in *in,
                 const dyncta_out *out) {
  (void)out;
  unsigned boost = boost_now(p, s);
  tick_slots(p, s, in);

  if (in->kernel_start) {
    unsigned nm = in->n_max == 0 ? 1 : in->n_max > p->n_slots ? p->n_slots : in->n_max;
    s->n_max = (uint8_t)nm;
    s->n = (uint8_t)dyncta_initial_n(p, nm);
    s->c_idle = 0;
    s->c_mem = 0;
    s->timer = 0;
    s->decision = DYNCTA_HOLD;
    s->dec_valid = 0;
    s->starve = 0;
    return;
  }

  /* The window counters take this cycle's event, saturating. */
  dyncta_cycle cls = dyncta_classify(p, in);
  unsigned cmax = (1u << p->cnt_w) - 1;
  unsigned c_idle = s->c_idle + (cls == DYNCTA_CYCLE_IDLE && s->c_idle < cmax);
  unsigned c_mem = s->c_mem + (cls == DYNCTA_CYCLE_MEM && s->c_mem < cmax);

  if (s->timer == p->period - 1) {
    unsigned d = decide(p, c_idle, c_mem);
    if (p->freeze && in->drained) {
      d = DYNCTA_FROZEN;
    }
    if (d == DYNCTA_INC && s->n < s->n_max) {
      s->n++;
    } else if (d == DYNCTA_DEC && s->n > 1) {
      s->n--;
    }
    s->decision = (uint8_t)d;
    s->dec_valid = 1;
    s->c_idle = 0;
    s->c_mem = 0;
    s->timer = 0;
  } else {
    s->dec_valid = 0;
    s->c_idle = (uint16_t)c_idle;
    s->c_mem = (uint16_t)c_mem;
    s->timer++;
  }

  /* Starvation: consecutive cycles with a paused warp ready and none issued. */
  if (p->starve_t == 0 || boost || !in->paused_ready || in->paused_issued) {
    s->starve = 0;
  } else {
    s->starve++;
  }
}

static void layout(const void *params, st_ulayout *l) {
  const dyncta_params *p = params;
  unsigned sw = dyncta_slot_bits(p), nw = dyncta_n_bits(p);
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, dyncta_in, kernel_start, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, n_max, nw);
  ST_USCALAR(l->in, l->n_in, dyncta_in, drained, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, stall, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, ready, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, mem_any, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, mem_all, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, membar_all, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, launch_valid, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, launch_slot, sw);
  ST_UFIELD(l->in, l->n_in, dyncta_in, cta_exit, 1, p->n_slots);
  ST_USCALAR(l->in, l->n_in, dyncta_in, paused_ready, 1);
  ST_USCALAR(l->in, l->n_in, dyncta_in, paused_issued, 1);

  ST_USCALAR(l->out, l->n_out, dyncta_out, n, nw);
  ST_USCALAR(l->out, l->n_out, dyncta_out, n_paused, nw);
  ST_USCALAR(l->out, l->n_out, dyncta_out, can_accept, 1);
  ST_UFIELD(l->out, l->n_out, dyncta_out, paused, 1, p->n_slots);
  ST_UFIELD(l->out, l->n_out, dyncta_out, rank, sw, p->n_slots);
  ST_USCALAR(l->out, l->n_out, dyncta_out, decision, 2);
  ST_USCALAR(l->out, l->n_out, dyncta_out, dec_valid, 1);
  ST_USCALAR(l->out, l->n_out, dyncta_out, boost, 1);

  ST_USCALAR(l->state, l->n_state, dyncta_state, c_idle, p->cnt_w);
  ST_USCALAR(l->state, l->n_state, dyncta_state, c_mem, p->cnt_w);
  ST_USCALAR(l->state, l->n_state, dyncta_state, timer, dyncta_timer_bits(p));
  ST_USCALAR(l->state, l->n_state, dyncta_state, n, nw);
  ST_USCALAR(l->state, l->n_state, dyncta_state, n_max, nw);
  ST_USCALAR(l->state, l->n_state, dyncta_state, n_cta, nw);
  ST_UFIELD(l->state, l->n_state, dyncta_state, valid, 1, p->n_slots);
  ST_UFIELD(l->state, l->n_state, dyncta_state, rank, sw, p->n_slots);
  ST_USCALAR(l->state, l->n_state, dyncta_state, decision, 2);
  ST_USCALAR(l->state, l->n_state, dyncta_state, dec_valid, 1);
  ST_USCALAR(l->state, l->n_state, dyncta_state, starve, dyncta_starve_bits(p));
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(dyncta_params, n_slots, "NTB"),
    ST_UPARAM(dyncta_params, cnt_w, "CNT_W"),
    ST_UPARAM(dyncta_params, period, "PERIOD"),
    ST_UPARAM(dyncta_params, t_idle, "T_IDLE"),
    ST_UPARAM(dyncta_params, t_mem_l, "T_MEM_L"),
    ST_UPARAM(dyncta_params, t_mem_h, "T_MEM_H"),
    ST_UPARAM(dyncta_params, init_n, "INIT_N"),
    ST_UPARAM(dyncta_params, freeze, "FREEZE"),
    ST_UPARAM(dyncta_params, starve_t, "STARVE_T"),
    ST_UPARAM(dyncta_params, strict, "STRICT"),
};

static void config_params(const st_config *cfg, void *params) { dyncta_config_params(cfg, params); }

ST_UNIT_DESC(dyncta);
