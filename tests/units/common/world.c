/* Seeded random stimulus of the scheduling units' benches: see world.h. */
#include "world.h"

#include <stdio.h>
#include <string.h>

uint64_t world_rand(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static unsigned below(world *w, unsigned n) { return (unsigned)(world_rand(&w->rng) % n); }
static int chance(world *w, unsigned p256) { return below(w, 256) < p256; }

static unsigned popcount64(uint64_t m) {
  unsigned n = 0;
  for (; m != 0; m &= m - 1) n++;
  return n;
}

unsigned world_waiting(const world *w, unsigned b) { return popcount64(w->bar[b]); }

/* New rates every few hundred cycles: idle, busy, barrier-heavy, churning. */
static void draw_phase(world *w) {
  static const unsigned ready[] = {24, 80, 160, 250};
  static const unsigned bar[] = {20, 60, 120};
  static const unsigned ex[] = {2, 8, 24};
  static const unsigned launch[] = {8, 64, 200};
  w->p_ready = ready[below(w, 4)];
  w->p_issue = 160 + below(w, 97);
  w->p_bar = bar[below(w, 3)];
  w->p_exit = ex[below(w, 3)];
  w->p_launch = launch[below(w, 3)];
  w->p_mem = 16 + below(w, 64);
  w->p_fetch = 32 + below(w, 200);
  w->phase_left = 100 + below(w, 400);
}

void world_init(world *w, const world_cfg *c, uint64_t seed) {
  memset(w, 0, sizeof *w);
  w->c = *c;
  w->rng = seed * UINT64_C(0x2545f4914f6cdd1d) + 1;
  w->wp.n_tbs = (uint8_t)c->ntb;
  w->wp.n_sched = (uint8_t)c->ns;
  w->wp.cnt_w = (uint8_t)c->cnt_w;
  w->wp.count_exited = (uint8_t)c->count_exited;
  wpt_reset(&w->wp, &w->ws);
  for (unsigned i = 0; i < c->nws; i++) {
    w->tb[i] = (uint8_t)below(w, c->ntb);
    w->age[i] = (uint8_t)below(w, c->nws);
  }
  draw_phase(w);
}

/* Places a TB into free slot b: 1..max_tb_warps free warp slots. */
static void launch_tb(world *w, unsigned b) {
  unsigned nws = w->c.nws, nfree = 0;
  uint8_t freeslot[64];
  for (unsigned i = 0; i < nws; i++) {
    if (!w->resident[i]) freeslot[nfree++] = (uint8_t)i;
  }
  if (nfree == 0) return;
  unsigned max = w->c.max_tb_warps < nfree ? w->c.max_tb_warps : nfree;
  unsigned k = 1 + below(w, max);
  if (below(w, 4) == 0) k = max; /* often as large as fits */
  uint64_t m = 0;
  if (below(w, 4) != 0) {
    /* a contiguous run of free slots, from a random free slot on */
    unsigned i = freeslot[below(w, nfree)];
    for (unsigned n = 0; n < nws && popcount64(m) < k; n++, i = (i + 1) % nws) {
      if (w->resident[i]) {
        if (m != 0) break;
        continue;
      }
      m |= UINT64_C(1) << i;
    }
  } else {
    while (popcount64(m) < k) m |= UINT64_C(1) << freeslot[below(w, nfree)];
  }
  w->busy[b] = 1;
  w->warps[b] = w->live[b] = m;
  w->bar[b] = 0;
  for (unsigned i = 0; i < nws; i++) {
    if ((m >> i) & 1) {
      w->resident[i] = 1;
      w->exited[i] = 0;
      w->at_bar[i] = 0;
      w->tb[i] = (uint8_t)b;
      w->seq[i] = w->next_seq++;
    }
  }
}

/* Age ranks: 0 for the oldest resident warp (launch order). */
static void rank_ages(world *w) {
  for (unsigned i = 0; i < w->c.nws; i++) {
    if (!w->resident[i]) continue;
    unsigned r = 0;
    for (unsigned j = 0; j < w->c.nws; j++) {
      r += w->resident[j] && w->seq[j] < w->seq[i];
    }
    w->age[i] = (uint8_t)r;
  }
}

void world_begin(world *w) {
  const world_cfg *c = &w->c;
  if (w->phase_left-- == 0) draw_phase(w);
  wpt_out wo;
  wpt_in none;
  memset(&none, 0, sizeof none);
  wpt_eval(&w->wp, &w->ws, &none, &wo);
  memcpy(w->counts, wo.cnt, sizeof w->counts);
  memset(w->launch, 0, sizeof w->launch);
  /* At most one TB launch per cycle, into a free TB slot, when a warp slot
   * is free (as GPGPU-Sim issues at most one CTA per SM per cycle). */
  unsigned nfree = 0;
  for (unsigned i = 0; i < c->nws; i++) nfree += !w->resident[i];
  if (nfree > 0 && chance(w, w->p_launch)) {
    unsigned b = below(w, c->ntb);
    if (!w->busy[b]) w->launch[b] = 1;
  }
  for (unsigned i = 0; i < c->nws; i++) {
    unsigned live = w->resident[i] && !w->exited[i];
    w->ready[i] = (uint8_t)(live && !w->at_bar[i] && chance(w, w->p_ready));
    w->mem_wait[i] = (uint8_t)(live && !w->ready[i] && chance(w, w->p_mem));
    w->fetch_ok[i] = (uint8_t)(live && chance(w, w->p_fetch));
    if (!w->resident[i]) {
      /* arbitrary, in range */
      if (below(w, 8) == 0) w->tb[i] = (uint8_t)below(w, c->ntb);
      if (below(w, 8) == 0) w->age[i] = (uint8_t)below(w, c->nws);
    }
  }
  /* Issue events, scheduler by scheduler, on the next-state masks. */
  memcpy(w->nlive, w->live, sizeof w->nlive);
  memcpy(w->nbar, w->bar, sizeof w->nbar);
  for (unsigned s = 0; s < c->ns; s++) {
    w->ev[s] = EV_NONE;
    w->ev_rel[s] = 0;
    uint8_t cand[64];
    unsigned n = 0;
    for (unsigned i = s; i < c->nws; i += c->ns) {
      if (w->ready[i]) cand[n++] = (uint8_t)i;
    }
    if (n == 0 || !chance(w, w->p_issue)) continue;
    unsigned i = cand[below(w, n)], b = w->tb[i];
    uint64_t bit = UINT64_C(1) << i;
    w->ev_warp[s] = (uint8_t)i;
    if (chance(w, w->p_bar)) {
      w->ev[s] = EV_BAR;
      w->nbar[b] |= bit;
      if (w->nbar[b] == w->nlive[b]) {
        w->nbar[b] = 0;
        w->ev_rel[s] = 1;
      }
    } else if (chance(w, w->p_exit)) {
      w->ev[s] = EV_EXIT;
      w->nlive[b] &= ~bit;
      if ((w->nbar[b] != 0 && w->nbar[b] == w->nlive[b]) || w->nlive[b] == 0) {
        w->nbar[b] = 0;
        w->ev_rel[s] = 1;
      }
    } else {
      w->ev[s] = EV_PLAIN;
    }
  }
}

void world_wpt_in(const world *w, wpt_in *in) {
  const world_cfg *c = &w->c;
  memset(in, 0, sizeof *in);
  for (unsigned s = 0; s < c->ns; s++) {
    unsigned b = w->tb[w->ev_warp[s]];
    if (w->ev[s] == EV_BAR) {
      in->arr_valid[s] = 1;
      in->arr_tb[s] = (uint8_t)b;
      in->arr_rel[s] = w->ev_rel[s];
    } else if (w->ev[s] == EV_EXIT) {
      in->exit_valid[s] = 1;
      in->exit_tb[s] = (uint8_t)b;
      in->exit_rel[s] = w->ev_rel[s];
    }
  }
  for (unsigned b = 0; b < c->ntb; b++) in->tb_launch[b] = w->launch[b];
}

void world_end(world *w) {
  const world_cfg *c = &w->c;
  wpt_in in;
  world_wpt_in(w, &in);
  wpt_out wo;
  wpt_eval(&w->wp, &w->ws, &in, &wo);
  wpt_tick(&w->wp, &w->ws, &in, &wo);

  for (unsigned b = 0; b < c->ntb; b++) {
    if (!w->busy[b]) continue;
    w->live[b] = w->nlive[b];
    w->bar[b] = w->nbar[b];
    for (unsigned i = 0; i < c->nws; i++) {
      if ((w->warps[b] >> i) & 1) {
        w->exited[i] = (uint8_t)!((w->live[b] >> i) & 1);
        w->at_bar[i] = (uint8_t)((w->bar[b] >> i) & 1);
      }
    }
    if (w->live[b] == 0) { /* the TB is done: its slots are free */
      for (unsigned i = 0; i < c->nws; i++) {
        if ((w->warps[b] >> i) & 1) w->resident[i] = 0;
      }
      w->busy[b] = 0;
      w->warps[b] = 0;
    }
  }
  for (unsigned b = 0; b < c->ntb; b++) {
    if (w->launch[b] && !w->busy[b]) launch_tb(w, b);
  }
  rank_ages(w);
  w->cycle++;
}

void world_stim_init(world_stim *ws, const world_cfg *c, uint64_t seed) {
  memset(ws, 0, sizeof *ws);
  world_init(&ws->w, c, seed);
  ws->sched = (unsigned)(seed % c->ns);
}

void world_stim_edge(void *stim) { world_end(&((world_stim *)stim)->w); }

void world_stim_reset(void *stim) { ((world_stim *)stim)->reset_seen = 1; }

void world_stim_describe(const void *stim, char *buf, size_t size) {
  const world_stim *ws = stim;
  const world_cfg *c = &ws->w.c;
  snprintf(buf, size, "world nws=%u ns=%u ntb=%u tb<=%u%s; sched %u", c->nws, c->ns, c->ntb,
           c->max_tb_warps, c->count_exited ? " exits counted" : "", ws->sched);
}

unsigned world_slot(const world_stim *ws, unsigned j) { return j * ws->w.c.ns + ws->sched; }

void world_cfg_sm(world_cfg *wc, unsigned nws, unsigned ns) {
  memset(wc, 0, sizeof *wc);
  wc->nws = nws;
  wc->ns = ns;
  wc->ntb = nws <= 16 ? 4 : 8;
  wc->cnt_w = nws <= 16 ? 3 : 6;
  wc->max_tb_warps = nws <= 16 ? 8 : 16;
  wc->count_exited = 0;
}

void world_cfg_sched(world_cfg *wc, unsigned nw, unsigned age_w) {
  unsigned two = 2 * nw <= 64 && 2 * nw <= (1u << age_w);
  world_cfg_sm(wc, two ? 2 * nw : nw, two ? 2 : 1);
}
