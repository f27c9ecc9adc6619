/* Stimulus for the DYNCTA unit: see dyncta_stim.h. */
#include "dyncta_stim.h"

#include <string.h>

uint64_t dyncta_stim_rand(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A value below n (n >= 1). */
static unsigned below(uint64_t *x, unsigned n) { return (unsigned)(dyncta_stim_rand(x) % n); }

/* True with probability 1/n. */
static int one_in(uint64_t *x, unsigned n) { return below(x, n) == 0; }

void dyncta_stim_init(dyncta_stim *g, const dyncta_params *p, uint64_t seed, int illegal) {
  memset(g, 0, sizeof *g);
  g->p = p;
  g->rng = seed;
  g->illegal = illegal;
  g->exit_rate = 64;
}

void dyncta_stim_flags(const dyncta_params *p, uint64_t *rng, dyncta_cycle c, dyncta_in *in) {
  /* Rejection sampling over the five flags, stall and ready drawn rarely so
   * that the memory and idle rules are reached often. */
  for (;;) {
    uint64_t r = dyncta_stim_rand(rng);
    in->stall = (r & 7) == 0;
    in->ready = ((r >> 3) & 3) == 0;
    in->mem_any = (r >> 5) & 1;
    in->mem_all = (r >> 6) & 1;
    in->membar_all = (r >> 7) & 1;
    if (c == DYNCTA_CYCLE_STALL) {
      in->stall = 1;
    } else if (c == DYNCTA_CYCLE_ACTIVE) {
      in->stall = 0;
      in->ready = 1;
    }
    if (dyncta_classify(p, in) == c) {
      return;
    }
  }
}

/* A window total: a threshold boundary, a saturation point or random. */
static unsigned pick_total(uint64_t *x, unsigned period, unsigned cmax, unsigned t1, unsigned t2) {
  unsigned v;
  switch (below(x, 12)) {
  case 0:
    v = 0;
    break;
  case 1:
    v = t1 > 0 ? t1 - 1 : 0;
    break;
  case 2:
    v = t1;
    break;
  case 3:
    v = t1 + 1;
    break;
  case 4:
    v = t2 > 0 ? t2 - 1 : 0;
    break;
  case 5:
    v = t2;
    break;
  case 6:
    v = t2 + 1;
    break;
  case 7:
    v = cmax;
    break;
  case 8:
    v = cmax + 1;
    break;
  case 9:
    v = period;
    break;
  default:
    v = below(x, period + 1);
    break;
  }
  return v < period ? v : period;
}

static void plan_window(dyncta_stim *g, unsigned left) {
  const dyncta_params *p = g->p;
  unsigned cmax = (1u << p->cnt_w) - 1;
  unsigned idle = pick_total(&g->rng, p->period, cmax, p->t_idle, p->t_idle);
  unsigned mem = pick_total(&g->rng, p->period, cmax, p->t_mem_l, p->t_mem_h);
  /* Both fit in the window; a coin decides which one yields. */
  if (idle + mem > p->period) {
    if (one_in(&g->rng, 2)) {
      idle = p->period - mem;
    } else {
      mem = p->period - idle;
    }
  }
  /* A plan made mid-window (after a kernel start) keeps its proportions. */
  g->plan_idle = idle < left ? idle : left;
  g->plan_mem = mem < left - g->plan_idle ? mem : left - g->plan_idle;
}

static dyncta_cycle other_class(dyncta_stim *g) {
  unsigned k = below(&g->rng, g->p->strict ? 3 : 2);
  return k == 0 ? DYNCTA_CYCLE_ACTIVE : k == 1 ? DYNCTA_CYCLE_STALL : DYNCTA_CYCLE_MEMBAR;
}

static void cta_events(dyncta_stim *g, const dyncta_state *s, const dyncta_out *out,
                       dyncta_in *in) {
  const dyncta_params *p = g->p;
  unsigned ns = p->n_slots;
  unsigned slot_lim = 1u << dyncta_slot_bits(p);
  /* Exits: usually of a resident CTA, sometimes two at once. */
  if (s->n_cta > 0 && one_in(&g->rng, g->exit_rate)) {
    unsigned n_ev = one_in(&g->rng, 4) ? 2 + below(&g->rng, 2) : 1;
    for (unsigned e = 0; e < n_ev; e++) {
      /* The k-th resident CTA by slot. */
      unsigned k = below(&g->rng, s->n_cta);
      for (unsigned b = 0; b < ns; b++) {
        if (s->valid[b] && k-- == 0) {
          in->cta_exit[b] = 1;
          break;
        }
      }
    }
  }
  if (g->illegal && one_in(&g->rng, 997)) {
    in->cta_exit[below(&g->rng, ns)] = 1;
  }
  /* A launch into a slot that is free after this cycle's exits, while the
   * unit accepts one and the kernel has CTAs left. */
  int allowed = out->can_accept && g->ctas_left > 0;
  int rogue = g->illegal && one_in(&g->rng, 211);
  if ((allowed && one_in(&g->rng, 2)) || rogue) {
    unsigned b = below(&g->rng, ns);
    unsigned tries = 0;
    while (!rogue && s->valid[b] && !in->cta_exit[b] && tries++ < 4 * ns) {
      b = below(&g->rng, ns);
    }
    if (rogue && one_in(&g->rng, 4)) {
      b = below(&g->rng, slot_lim); /* possibly past the last slot */
    }
    if (rogue || !s->valid[b] || in->cta_exit[b]) {
      in->launch_valid = 1;
      in->launch_slot = (uint8_t)b;
      if (allowed && (!s->valid[b] || in->cta_exit[b])) {
        g->ctas_left--;
      }
    }
  }
}

static void kernel_events(dyncta_stim *g, const dyncta_state *s, dyncta_in *in) {
  const dyncta_params *p = g->p;
  unsigned nmax_lim = 1u << dyncta_n_bits(p);
  int start = 0;
  if (g->ctas_left == 0 && s->n_cta == 0) {
    if (g->gap == 0) {
      start = 1;
    } else {
      g->gap--;
    }
  }
  if (one_in(&g->rng, 150000)) {
    start = 1; /* a start while CTAs are resident: the unit keeps them */
  }
  if (start) {
    in->kernel_start = 1;
    /* N: usually 1..NTB, sometimes 0 or past NTB (the unit clamps). */
    in->n_max =
        (uint8_t)(one_in(&g->rng, 4) ? below(&g->rng, nmax_lim) : 1 + below(&g->rng, p->n_slots));
    g->ctas_left = 1 + below(&g->rng, one_in(&g->rng, 4) ? 4 : 16u * p->n_slots);
    g->gap = below(&g->rng, 300);
    /* CTA lifetimes from a fraction of a window to several windows. */
    g->exit_rate = (16u + p->period / 8) << below(&g->rng, 4);
  }
}

void dyncta_stim_next(dyncta_stim *g, const dyncta_state *s, const dyncta_out *out, dyncta_in *in) {
  const dyncta_params *p = g->p;
  memset(in, 0, sizeof *in);
  if (s->timer == 0) {
    plan_window(g, p->period - s->timer);
  }
  /* This cycle's class: the plan's events spread evenly over the window. */
  unsigned left = p->period - s->timer;
  unsigned r = below(&g->rng, left);
  dyncta_cycle c;
  if (r < g->plan_idle) {
    c = DYNCTA_CYCLE_IDLE;
    g->plan_idle--;
  } else if (r < g->plan_idle + g->plan_mem) {
    c = DYNCTA_CYCLE_MEM;
    g->plan_mem--;
  } else {
    c = other_class(g);
  }
  dyncta_stim_flags(p, &g->rng, c, in);

  cta_events(g, s, out, in);
  kernel_events(g, s, in);
  in->drained = g->ctas_left == 0;
  if (one_in(&g->rng, 20000)) {
    in->drained ^= 1; /* the flag is the GPU's; the unit takes it as given */
  }

  /* Warps of paused CTAs: long starvation phases, short random ones, and a
   * scheduler that usually serves a paused warp when boosted. */
  if (g->starve_left == 0 && one_in(&g->rng, 3000)) {
    unsigned lim = p->starve_t ? 2u * p->starve_t + 8 : 4096;
    g->starve_left = 1 + below(&g->rng, lim);
  }
  if (g->starve_left > 0) {
    g->starve_left--;
    in->paused_ready = 1;
    in->paused_issued = out->boost && one_in(&g->rng, 2);
    if (one_in(&g->rng, 5000)) {
      in->paused_issued = 1; /* the phase breaks once */
    }
  } else {
    in->paused_ready = out->n_paused > 0 && one_in(&g->rng, 2);
    in->paused_issued = in->paused_ready && one_in(&g->rng, 3);
  }
  g->cycle++;
}

/* ---- the derived trace of spec §1.5(e) ---------------------------------- */

/* Slots: A 0, B 1, C 2, D 3; E takes slot 0 after A leaves. */
const dyncta_trace_window dyncta_trace_e[DYNCTA_TRACE_WINDOWS] = {
    {3, 520, 3, DYNCTA_DEC, 0x08},  /* mem high: paused {D} */
    {0, 410, 2, DYNCTA_DEC, 0x0c},  /* mem high: paused {C, D} */
    {5, 200, 2, DYNCTA_HOLD, 0x0c}, /* medium: hold */
    {2, 90, 3, DYNCTA_INC, 0x08},   /* mem low, nCTA > n: C resumes */
    {20, 700, 4, DYNCTA_INC, 0x00}, /* idle high first; A left mid-window */
    {0, 384, 3, DYNCTA_DEC, 0x01},  /* mem high (>= 384): paused {E} */
    {16, 0, 4, DYNCTA_INC, 0x00},   /* idle high (>= 16): E resumes */
};

void dyncta_trace_next(uint64_t cycle, const dyncta_state *s, const dyncta_out *out,
                       dyncta_in *in) {
  static const dyncta_params p0 = {.strict = 0}; /* classification only */
  uint64_t x = cycle * 2654435761u + 1;          /* varies the flags, not the class */
  memset(in, 0, sizeof *in);
  if (cycle == 0) {
    in->kernel_start = 1;
    in->n_max = 8;
    dyncta_stim_flags(&p0, &x, DYNCTA_CYCLE_ACTIVE, in);
    return;
  }
  unsigned w = (unsigned)((cycle - 1) / 2048), off = (unsigned)((cycle - 1) % 2048);
  dyncta_cycle c = DYNCTA_CYCLE_ACTIVE;
  if (w < DYNCTA_TRACE_WINDOWS) {
    if (off < dyncta_trace_e[w].c_idle) {
      c = DYNCTA_CYCLE_IDLE;
    } else if (off < dyncta_trace_e[w].c_idle + dyncta_trace_e[w].c_mem) {
      c = DYNCTA_CYCLE_MEM;
    }
  }
  dyncta_stim_flags(&p0, &x, c, in);
  if (w == 4 && off == 1024) {
    in->cta_exit[0] = 1; /* A completes */
  }
  /* The kernel has CTAs left: one more whenever the unit accepts it. */
  if (out->can_accept) {
    for (unsigned b = 0; b < 8; b++) {
      if (!s->valid[b] && !in->cta_exit[b]) {
        in->launch_valid = 1;
        in->launch_slot = (uint8_t)b;
        break;
      }
    }
  }
}
