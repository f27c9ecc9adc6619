/* The AGT (DTBL's aggregated group table): see agt.h. */
#include "units/agt/agt.h"

#include <string.h>

#include "units/unit_util.h"

void agt_reset(const agt_params *p, agt_state *s) {
  (void)p;
  memset(s, 0, sizeof *s);
}

/* What one command does: the outputs, and the writes of the clock edge. */
typedef struct agt_plan {
  agt_out out;
  unsigned kde_ok;   /* kde < NKDE */
  unsigned kde;
  unsigned alloc;    /* allocate entry ind */
  unsigned ind;
  unsigned link;     /* next[lidx] = ref */
  unsigned lidx;
  unsigned set_dist; /* dist[ridx] = 1 */
  unsigned free_e;   /* valid[ridx] = 0 */
  unsigned inc, dec; /* exebl[ridx] +- 1 */
  unsigned ridx;
  unsigned kde_we;   /* the KDE's registers take the values below */
  uint32_t nagei, lagei;
  uint8_t marked, first;
} agt_plan;

static void plan(const agt_params *p, const agt_state *s, const agt_in *in, agt_plan *pl) {
  memset(pl, 0, sizeof *pl);
  agt_out *o = &pl->out;
  const uint32_t mask = agt_entries(p) - 1u;
  const unsigned kde = in->kde & 63u;
  const unsigned kde_ok = kde < p->nkde;
  pl->kde = kde;
  pl->kde_ok = kde_ok;
  /* kde's registers as they are; the command changes the copies */
  uint32_t nagei = kde_ok ? s->nagei[kde] : 0, lagei = kde_ok ? s->lagei[kde] : 0;
  uint8_t marked = kde_ok ? s->marked[kde] : 0, first = kde_ok ? s->first[kde] : 0;
  const unsigned ridx = in->ref & mask;
  const unsigned ronchip = agt_ref_onchip(in->ref);
  pl->ridx = ridx;
  o->n_valid = s->nvalid;

  switch (in->cmd & 7u) {
  case AGT_MARK:
    if (!kde_ok) {
      o->error = 1;
      break;
    }
    marked = 1;
    first = 1;
    nagei = 0;
    lagei = 0;
    pl->kde_we = 1;
    break;
  case AGT_JOIN: {
    if (!kde_ok) {
      o->error = 1;
      break;
    }
    const unsigned ind = in->hwtid & mask;
    uint32_t ref;
    if (!s->valid[ind]) {
      o->hit = 1;
      ref = agt_ref_of(ind);
      pl->alloc = 1;
      pl->ind = ind;
    } else {
      o->conflict = 1;
      ref = in->gref & ~AGT_REF_ONCHIP;
    }
    if (ref == 0) {
      break; /* refused: the host launches the group as a device kernel */
    }
    o->accept = 1;
    o->ref = ref;
    if (p->link) {
      if (nagei == 0) {
        nagei = ref;
        lagei = ref;
        if (!marked) {
          marked = 1;
          first = 0;
          o->requeue = 1;
        }
      } else {
        if (agt_ref_onchip(lagei)) {
          pl->link = 1;
          pl->lidx = lagei & mask;
        } else {
          o->link_global = 1;
        }
        lagei = ref;
      }
      pl->kde_we = 1;
    }
    break;
  }
  case AGT_NATIVE_DONE:
    if (!kde_ok) {
      o->error = 1;
      break;
    }
    first = 0;
    if (nagei == 0) {
      marked = 0;
      o->unmark = 1;
    }
    pl->kde_we = 1;
    break;
  case AGT_GROUP_DONE:
    if (in->ref == 0 || (ronchip && (!s->valid[ridx] || s->dist[ridx])) ||
        (p->link && (!kde_ok || in->ref != nagei))) {
      o->error = 1;
      break;
    }
    if (ronchip) {
      pl->set_dist = 1;
      if (s->exebl[ridx] == 0) {
        pl->free_e = 1;
        o->freed = 1;
      }
    }
    if (p->link) {
      /* the last group (ref == lagei) has no Next: its word is stale, not read */
      nagei = !ronchip ? in->gnext : in->ref == lagei ? 0 : s->next[ridx];
      if (nagei == 0) {
        lagei = 0;
        marked = 0;
        o->unmark = 1;
      }
      pl->kde_we = 1;
    }
    break;
  case AGT_TB_START:
    if (!ronchip) {
      break;
    }
    if (!s->valid[ridx] || s->dist[ridx] || s->exebl[ridx] == (1u << p->exe_w) - 1u) {
      o->error = 1;
      break;
    }
    pl->inc = 1;
    break;
  case AGT_TB_END:
    if (!ronchip) {
      break;
    }
    if (!s->valid[ridx] || s->exebl[ridx] == 0) {
      o->error = 1;
      break;
    }
    pl->dec = 1;
    if (s->exebl[ridx] == 1 && s->dist[ridx]) {
      pl->free_e = 1;
      o->freed = 1;
    }
    break;
  case AGT_RELEASE:
    if (!kde_ok) {
      o->error = 1;
      break;
    }
    nagei = 0;
    lagei = 0;
    marked = 0;
    first = 0;
    pl->kde_we = 1;
    break;
  default:
    break;
  }
  pl->nagei = nagei;
  pl->lagei = lagei;
  pl->marked = marked;
  pl->first = first;
  o->nagei = nagei;
  o->marked = marked;
  o->first = first;
}

void agt_eval(const agt_params *p, const agt_state *s, const agt_in *in, agt_out *out) {
  agt_plan pl;
  plan(p, s, in, &pl);
  *out = pl.out;
}

void agt_tick(const agt_params *p, agt_state *s, const agt_in *in, const agt_out *out) {
  (void)out;
  agt_plan pl;
  plan(p, s, in, &pl);
  if (pl.alloc) {
    s->valid[pl.ind] = 1;
    s->dist[pl.ind] = 0;
    s->exebl[pl.ind] = 0; /* next is not cleared: see GROUP_DONE */
  }
  if (pl.link) {
    s->next[pl.lidx] = pl.out.ref;
  }
  if (pl.set_dist) {
    s->dist[pl.ridx] = 1;
  }
  if (pl.inc) {
    s->exebl[pl.ridx]++;
  }
  if (pl.dec) {
    s->exebl[pl.ridx]--;
  }
  if (pl.free_e) {
    s->valid[pl.ridx] = 0;
  }
  if (pl.kde_we) {
    s->nagei[pl.kde] = pl.nagei;
    s->lagei[pl.kde] = pl.lagei;
    s->marked[pl.kde] = pl.marked;
    s->first[pl.kde] = pl.first;
  }
  s->nvalid = (uint16_t)(s->nvalid + pl.alloc - pl.free_e);
}

void agt_config_params(const st_config *cfg, agt_params *p) {
  memset(p, 0, sizeof *p);
  unsigned w = 0;
  while (w < 31 && (1ull << (w + 1)) <= (uint64_t)cfg->dtbl.agt_entries) {
    w++;
  }
  p->agt_w = (uint8_t)(w < 4 ? 4 : w > AGT_MAX_W ? AGT_MAX_W : w);
  int64_t k = cfg->gpu.max_concurrent_kernels;
  p->nkde = (uint8_t)(k < 1 ? 1 : k > AGT_MAX_KDE ? AGT_MAX_KDE : k);
  p->exe_w = 16;
  int pol = cfg->cta_scheduler.policy;
  p->link = pol == ST_CTA_LAPERM_TBPRI || pol == ST_CTA_LAPERM_SMXBIND ||
                    pol == ST_CTA_LAPERM_ADAPTIVE
                ? 0
                : 1;
}

static void layout(const void *params, st_ulayout *l) {
  const agt_params *p = params;
  const unsigned n = agt_entries(p);
  memset(l, 0, sizeof *l);
  ST_USCALAR(l->in, l->n_in, agt_in, cmd, 3);
  ST_USCALAR(l->in, l->n_in, agt_in, kde, 6);
  ST_USCALAR(l->in, l->n_in, agt_in, hwtid, 11);
  ST_USCALAR(l->in, l->n_in, agt_in, gref, 32);
  ST_USCALAR(l->in, l->n_in, agt_in, ref, 32);
  ST_USCALAR(l->in, l->n_in, agt_in, gnext, 32);

  ST_USCALAR(l->out, l->n_out, agt_out, accept, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, hit, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, conflict, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, ref, 32);
  ST_USCALAR(l->out, l->n_out, agt_out, requeue, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, link_global, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, unmark, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, freed, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, error, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, nagei, 32);
  ST_USCALAR(l->out, l->n_out, agt_out, marked, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, first, 1);
  ST_USCALAR(l->out, l->n_out, agt_out, n_valid, p->agt_w + 1u);

  ST_UFIELD(l->state, l->n_state, agt_state, nagei, 32, p->nkde);
  ST_UFIELD(l->state, l->n_state, agt_state, lagei, 32, p->nkde);
  ST_UFIELD(l->state, l->n_state, agt_state, marked, 1, p->nkde);
  ST_UFIELD(l->state, l->n_state, agt_state, first, 1, p->nkde);
  ST_USCALAR(l->state, l->n_state, agt_state, nvalid, p->agt_w + 1u);
  ST_UFIELD(l->state, l->n_state, agt_state, valid, 1, n);
  ST_UFIELD(l->state, l->n_state, agt_state, dist, 1, n);
  /* SRAM arrays in the RTL (rtl/prim/prim_ram_1r1w.sv); without LINK next is one word */
  ST_UFIELD_SRAM(l->state, l->n_state, agt_state, exebl, p->exe_w, n);
  ST_UFIELD_SRAM(l->state, l->n_state, agt_state, next, 32, p->link ? n : 1u);
}

static const st_uparam rtl_param_list[] = {
    ST_UPARAM(agt_params, agt_w, "AGT_W"),
    ST_UPARAM(agt_params, nkde, "NKDE"),
    ST_UPARAM(agt_params, exe_w, "EXE_W"),
    ST_UPARAM(agt_params, link, "LINK"),
};

static void config_params(const st_config *cfg, void *params) { agt_config_params(cfg, params); }

ST_UNIT_DESC(agt);
