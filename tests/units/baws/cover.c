/* Input adapters and coverage bins of the BAWS units: see cover.h. */
#include "cover.h"

#include <string.h>

#include "units/fetch_cff/fetch_cff.h"
#include "units/fetch_rr/fetch_rr.h"
#include "units/wpt/wpt.h"
#include "units/wsched_gto/wsched_gto.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "units/wsched_mwf/wsched_mwf.h"
#include "units/wsched_tls/wsched_tls.h"

void cov_add(cov_set *c, const char *name, const char *what, bool applicable) {
  if (applicable && c->n < COV_MAX_BINS) {
    c->bins[c->n].name = name;
    c->bins[c->n].what = what;
    c->bins[c->n].hits = 0;
    c->bins[c->n].required = true;
    c->n++;
  }
}

void cov_hit(cov_set *c, const char *name) {
  for (unsigned i = 0; i < c->n; i++) {
    if (strcmp(c->bins[i].name, name) == 0) {
      c->bins[i].hits++;
      return;
    }
  }
}

/* Warp j of scheduler sched is warp slot j*ns + sched. */
static unsigned slot_of(const world *w, unsigned sched, unsigned j) { return j * w->c.ns + sched; }

/* ---- wsched_lrr ------------------------------------------------------------- */

static void lrr_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const wsched_lrr_params *p = params;
  wsched_lrr_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) in->ready[j] = w->ready[slot_of(w, sched, j)];
}

static void lrr_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  (void)params;
  (void)wc;
  cov_add(c, "no_ready", "no warp ready: no grant, pointer holds", true);
  cov_add(c, "before_first_issue", "a grant with no warp issued since reset", true);
  cov_add(c, "next_in_order", "the warp right after the last issued is granted", true);
  cov_add(c, "skip_not_ready", "warps after the last issued are skipped (not ready)", true);
  cov_add(c, "wrap", "the order wraps past the top warp (grant < last)", true);
  cov_add(c, "last_again", "only the last issued warp is ready: it goes again", true);
  cov_add(c, "last_is_top", "the last issued warp is the top index (next is warp 0)", true);
}

static void lrr_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_lrr_params *p = params;
  const wsched_lrr_state *s = s0v;
  const wsched_lrr_out *o = outv;
  (void)s1v;
  (void)inv;
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  if (!s->last_valid) {
    cov_hit(c, "before_first_issue");
    return;
  }
  cov_hit(c, o->key[o->grant] == 0 ? "next_in_order" : "skip_not_ready");
  if (o->grant < s->last) cov_hit(c, "wrap");
  if (o->grant == s->last) cov_hit(c, "last_again");
  if (s->last == p->n_warps - 1) cov_hit(c, "last_is_top");
}

/* ---- wsched_gto ------------------------------------------------------------- */

static void gto_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const wsched_gto_params *p = params;
  wsched_gto_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = slot_of(w, sched, j);
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->age[j] = w->age[i];
  }
}

static void gto_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  (void)params;
  (void)wc;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "greedy_kept", "the greedy (last issued) warp issues again", true);
  cov_add(c, "greedy_over_older", "the greedy warp goes before an older ready warp", true);
  cov_add(c, "greedy_stalled", "the greedy warp is resident but not ready: oldest ready", true);
  cov_add(c, "greedy_left", "the last issued warp left its slot: no greedy warp", true);
  cov_add(c, "age_not_index", "the oldest ready warp is not the lowest-index ready warp", true);
}

static void gto_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_gto_params *p = params;
  const wsched_gto_state *s = s0v;
  const wsched_gto_in *in = inv;
  const wsched_gto_out *o = outv;
  (void)s1v;
  if (s->last_valid && !in->valid[s->last]) cov_hit(c, "greedy_left");
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  unsigned g = o->grant;
  bool greedy = s->last_valid && s->last == g && in->valid[g];
  if (greedy) {
    cov_hit(c, "greedy_kept");
    for (unsigned j = 0; j < p->n_warps; j++) {
      if (in->ready[j] && in->age[j] < in->age[g]) {
        cov_hit(c, "greedy_over_older");
        break;
      }
    }
    return;
  }
  if (s->last_valid && in->valid[s->last] && !in->ready[s->last]) cov_hit(c, "greedy_stalled");
  for (unsigned j = 0; j < g; j++) {
    if (in->ready[j]) {
      cov_hit(c, "age_not_index");
      break;
    }
  }
}

/* ---- wsched_tls ------------------------------------------------------------- */

static void tls_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const wsched_tls_params *p = params;
  wsched_tls_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = slot_of(w, sched, j);
    in->valid[j] = w->resident[i];
    in->ready[j] = w->ready[i];
    in->exited[j] = (uint8_t)(w->resident[i] && w->exited[i]);
    in->mem_wait[j] = w->mem_wait[i];
    in->age[j] = w->age[i];
  }
}

static void tls_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  (void)params;
  (void)wc;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "fill_from_empty", "an empty active set is filled", true);
  cov_add(c, "drop_mem_wait", "an active warp waiting on a load is dropped", true);
  cov_add(c, "drop_exited", "an exited active warp is dropped", true);
  cov_add(c, "drop_left", "an active warp that left its slot is dropped", true);
  cov_add(c, "set_full", "the set holds CAP warps", true);
  cov_add(c, "set_partial", "fewer eligible warps than CAP: a partial set", true);
  cov_add(c, "grant_in_set", "an active-set warp issues", true);
  cov_add(c, "grant_outside", "no set warp ready: a pending warp issues", true);
  cov_add(c, "rr_wrap", "the round robin wraps within the set", true);
}

static void tls_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_tls_params *p = params;
  const wsched_tls_state *s0 = s0v, *s1 = s1v;
  const wsched_tls_in *in = inv;
  const wsched_tls_out *o = outv;
  if (s0->n_active == 0 && s1->n_active > 0) cov_hit(c, "fill_from_empty");
  for (unsigned i = 0; i < s0->n_active && i < p->cap; i++) {
    unsigned e = s0->active[i];
    if (!in->valid[e]) {
      cov_hit(c, "drop_left");
    } else if (in->exited[e]) {
      cov_hit(c, "drop_exited");
    } else if (in->mem_wait[e]) {
      cov_hit(c, "drop_mem_wait");
    }
  }
  if (s1->n_active == p->cap) cov_hit(c, "set_full");
  if (s1->n_active > 0 && s1->n_active < p->cap) cov_hit(c, "set_partial");
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  int gpos = -1, lpos = -1;
  for (unsigned i = 0; i < s1->n_active; i++) {
    if (s1->active[i] == o->grant) gpos = (int)i;
    if (s0->last_valid && s1->active[i] == s0->last) lpos = (int)i;
  }
  cov_hit(c, gpos >= 0 ? "grant_in_set" : "grant_outside");
  if (gpos >= 0 && lpos >= 0 && gpos <= lpos) cov_hit(c, "rr_wrap");
}

/* ---- wsched_mwf ------------------------------------------------------------- */

static void mwf_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const wsched_mwf_params *p = params;
  wsched_mwf_in *in = vin;
  memset(in, 0, sizeof *in);
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned i = slot_of(w, sched, j);
    in->ready[j] = w->ready[i];
    in->tb[j] = w->tb[i];
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = w->counts[b];
    in->tb_launch[b] = w->launch[b];
  }
}

static void mwf_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  const wsched_mwf_params *p = params;
  (void)wc;
  bool lrr = p->variant == MWF_VARIANT_LRR;
  cov_add(c, "no_ready", "no warp ready", true);
  cov_add(c, "count_decides", "a TB with more waiting warps beats a smaller TB id", true);
  cov_add(c, "tie_smaller_tb", "equal counts: the smaller TB slot wins", true);
  cov_add(c, "waiting_tb_issues", "a warp of a TB with waiting warps (count > 0) issues", true);
  cov_add(c, "lower_tb_fallback", "a higher-count TB has no ready warp: a lower one issues",
          true);
  cov_add(c, "no_pointer", "the TB has no last-issued warp: from its lowest warp", true);
  cov_add(c, "launch_clears", "a TB launch clears a valid pointer", true);
  cov_add(c, "within_wrap", "MWF(LRR): the round robin wraps within the TB", lrr);
  cov_add(c, "within_next", "MWF(LRR): the next warp after the TB's last issued", lrr);
  cov_add(c, "greedy_kept", "MWF(GTO): the TB's last issued warp first", !lrr);
  cov_add(c, "greedy_stalled", "MWF(GTO): it stalls, the TB's oldest ready warp", !lrr);
}

static void mwf_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wsched_mwf_params *p = params;
  const wsched_mwf_state *s = s0v;
  const wsched_mwf_in *in = inv;
  const wsched_mwf_out *o = outv;
  (void)s1v;
  for (unsigned b = 0; b < p->n_tbs; b++) {
    if (in->tb_launch[b] && s->last_valid[b]) cov_hit(c, "launch_clears");
  }
  if (!o->grant_valid) {
    cov_hit(c, "no_ready");
    return;
  }
  unsigned g = o->grant, gb = in->tb[g], gc = in->cnt[gb];
  bool beats = false, tie = false, fallback = false;
  for (unsigned j = 0; j < p->n_warps; j++) {
    unsigned b = in->tb[j], cj = in->cnt[b];
    if (in->ready[j] && b < gb && cj < gc) beats = true;
    if (in->ready[j] && b > gb && cj == gc) tie = true;
    if (!in->ready[j] && cj > gc) fallback = true;
  }
  if (beats) cov_hit(c, "count_decides");
  if (tie) cov_hit(c, "tie_smaller_tb");
  if (fallback) cov_hit(c, "lower_tb_fallback");
  if (gc > 0) cov_hit(c, "waiting_tb_issues");
  if (!s->last_valid[gb] || in->tb_launch[gb]) {
    cov_hit(c, "no_pointer");
  } else if (p->variant == MWF_VARIANT_LRR) {
    if (g < s->last[gb]) cov_hit(c, "within_wrap");
    if (g == s->last[gb] + 1u) cov_hit(c, "within_next");
  } else {
    cov_hit(c, g == s->last[gb] ? "greedy_kept" : "greedy_stalled");
  }
}

/* ---- fetch_rr --------------------------------------------------------------- */

static void frr_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const fetch_rr_params *p = params;
  fetch_rr_in *in = vin;
  (void)sched;
  memset(in, 0, sizeof *in);
  for (unsigned i = 0; i < p->n_warps; i++) in->eligible[i] = w->fetch_ok[i];
}

static void frr_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  (void)params;
  (void)wc;
  cov_add(c, "no_eligible", "no warp may fetch: pointer holds", true);
  cov_add(c, "next_in_order", "the warp after the pointer fetches", true);
  cov_add(c, "skip", "warps after the pointer are skipped", true);
  cov_add(c, "wrap", "the scan wraps past the top warp", true);
  cov_add(c, "same_again", "only the warp fetched last may fetch: it goes again", true);
  cov_add(c, "ptr_top", "the pointer is the top warp (next is warp 0)", true);
}

static void frr_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const fetch_rr_params *p = params;
  const fetch_rr_state *s = s0v;
  const fetch_rr_out *o = outv;
  (void)s1v;
  (void)inv;
  if (!o->grant_valid) {
    cov_hit(c, "no_eligible");
    return;
  }
  unsigned next = (s->ptr + 1u) % p->n_warps;
  cov_hit(c, o->grant == next ? "next_in_order" : "skip");
  if (o->grant < s->ptr) cov_hit(c, "wrap");
  if (o->grant == s->ptr) cov_hit(c, "same_again");
  if (s->ptr == p->n_warps - 1) cov_hit(c, "ptr_top");
}

/* ---- fetch_cff -------------------------------------------------------------- */

static void cff_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  const fetch_cff_params *p = params;
  fetch_cff_in *in = vin;
  (void)sched;
  memset(in, 0, sizeof *in);
  for (unsigned i = 0; i < p->n_warps; i++) {
    in->eligible[i] = w->fetch_ok[i];
    in->at_bar[i] = (uint8_t)(w->resident[i] && !w->exited[i] && w->at_bar[i]);
    in->tb[i] = w->tb[i];
    in->age[i] = w->age[i];
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = w->counts[b];
    in->tb_launch[b] = w->launch[b];
  }
  for (unsigned s = 0; s < p->n_sched; s++) {
    in->issue_valid[s] = w->ev[s] != EV_NONE;
    in->issue_warp[s] = in->issue_valid[s] ? w->ev_warp[s] : 0;
  }
}

static bool cff_mwf(const fetch_cff_params *p) {
  return p->mode == CFF_MODE_MWF_LRR || p->mode == CFF_MODE_MWF_GTO;
}

static void cff_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  const fetch_cff_params *p = params;
  (void)wc;
  bool mwf = cff_mwf(p);
  cov_add(c, "no_candidate", "no warp may fetch", true);
  cov_add(c, "skip_bar_decides", "without the barrier skip another warp would fetch",
          p->skip_bar != 0);
  cov_add(c, "bar_warp_fetched", "SKIP_BAR=0: a warp waiting at a barrier fetches",
          p->skip_bar == 0);
  cov_add(c, "post_issue_decides", "this cycle's issue changes the pointer and the grant",
          true);
  cov_add(c, "two_issues", "both schedulers issued this cycle", true);
  cov_add(c, "two_issues_one_tb", "MWF: both issued warps of one TB (the later wins)", mwf);
  cov_add(c, "launch_clears", "MWF: a TB launch clears a valid pointer", mwf);
  cov_add(c, "count_decides", "MWF: a TB with more waiting warps beats a smaller id", mwf);
  cov_add(c, "tie_smaller_tb", "MWF: equal counts, the smaller TB slot wins", mwf);
  cov_add(c, "within_wrap", "MWF(LRR): the round robin wraps within the TB",
          p->mode == CFF_MODE_MWF_LRR);
  cov_add(c, "greedy_first", "MWF(GTO) / GTO: the last issued (greedy) warp fetches",
          p->mode == CFF_MODE_MWF_GTO || p->mode == CFF_MODE_GTO);
  cov_add(c, "not_greedy", "MWF(GTO) / GTO: a warp other than the greedy one fetches",
          p->mode == CFF_MODE_MWF_GTO || p->mode == CFF_MODE_GTO);
  cov_add(c, "rr_wrap", "LRR: the round robin wraps past the top warp",
          p->mode == CFF_MODE_LRR);
}

static void cff_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const fetch_cff_params *p = params;
  const fetch_cff_state *s0 = s0v, *e = s1v; /* the state after the edge = post-issue */
  const fetch_cff_in *in = inv;
  const fetch_cff_out *o = outv;
  fetch_cff_in alt;
  fetch_cff_out ao;
  if (in->issue_valid[0] && p->n_sched > 1 && in->issue_valid[1]) {
    cov_hit(c, "two_issues");
    if (in->tb[in->issue_warp[0]] == in->tb[in->issue_warp[1]]) cov_hit(c, "two_issues_one_tb");
  }
  if (cff_mwf(p)) {
    for (unsigned b = 0; b < p->n_tbs; b++) {
      if (in->tb_launch[b] && s0->tb_last_valid[b]) cov_hit(c, "launch_clears");
    }
  }
  if (!o->grant_valid) {
    cov_hit(c, "no_candidate");
    return;
  }
  unsigned g = o->grant;
  if (p->skip_bar) {
    alt = *in;
    memset(alt.at_bar, 0, sizeof alt.at_bar);
    fetch_cff_eval(p, s0, &alt, &ao);
    if (ao.grant != g) cov_hit(c, "skip_bar_decides");
  } else if (in->at_bar[g]) {
    cov_hit(c, "bar_warp_fetched");
  }
  alt = *in;
  memset(alt.issue_valid, 0, sizeof alt.issue_valid);
  fetch_cff_eval(p, s0, &alt, &ao);
  if (ao.grant != g) cov_hit(c, "post_issue_decides");
  if (cff_mwf(p)) {
    unsigned gb = in->tb[g], gc = in->cnt[gb];
    for (unsigned j = 0; j < p->n_warps; j++) {
      bool cand = in->eligible[j] && !(p->skip_bar && in->at_bar[j]);
      unsigned b = in->tb[j], cj = in->cnt[b];
      if (cand && b < gb && cj < gc) cov_hit(c, "count_decides");
      if (cand && b > gb && cj == gc) cov_hit(c, "tie_smaller_tb");
    }
    if (e->tb_last_valid[gb]) {
      if (p->mode == CFF_MODE_MWF_LRR && g < e->tb_last[gb]) cov_hit(c, "within_wrap");
      if (p->mode == CFF_MODE_MWF_GTO) {
        cov_hit(c, g == e->tb_last[gb] ? "greedy_first" : "not_greedy");
      }
    }
  } else if (p->mode == CFF_MODE_GTO) {
    bool greedy = false;
    for (unsigned k = 0; k < p->n_sched; k++) {
      greedy |= e->sched_last_valid[k] && e->sched_last[k] == g;
    }
    cov_hit(c, greedy ? "greedy_first" : "not_greedy");
  } else if (e->sm_last_valid && g < e->sm_last) {
    cov_hit(c, "rr_wrap");
  }
}

/* ---- wpt -------------------------------------------------------------------- */

static void wpt_adapt(const world *w, const void *params, unsigned sched, void *vin) {
  (void)params;
  (void)sched;
  world_wpt_in(w, vin);
}

static void wpt_cov_init(cov_set *c, const void *params, const world_cfg *wc) {
  const wpt_params *p = params;
  unsigned max = (1u << p->cnt_w) - 1;
  bool two = p->n_sched >= 2;
  cov_add(c, "plus0", "a waiting TB without events holds its count", true);
  cov_add(c, "plus1", "a counter takes +1", true);
  cov_add(c, "plus2", "a counter takes +2 (both schedulers, one TB, one cycle)", two);
  cov_add(c, "clear_arrival", "the last arrival releases: cleared", true);
  cov_add(c, "clear_exit", "an exit releases the waiting warps: cleared", true);
  cov_add(c, "release_wins", "an arrival and a release of one TB in one cycle: cleared", two);
  cov_add(c, "launch_clear", "a TB launch into the slot (count was 0 after its last exit)",
          true);
  /* Legal counts stay below the TB's warps; saturation needs a TB of at
   * least 2^CNT_W + 1 warps (a deliberately narrow counter). */
  cov_add(c, "saturate", "an increment at 2^CNT_W - 1 holds", wc->max_tb_warps >= max + 2);
  cov_add(c, "exit_counted", "COUNT_EXITED: an exit adds one", p->count_exited != 0);
  cov_add(c, "exit_not_counted", "an exit that releases nothing leaves the count",
          p->count_exited == 0);
  cov_add(c, "two_tbs", "arrivals of two TBs in one cycle", two);
}

static void wpt_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const wpt_params *p = params;
  const wpt_state *s0 = s0v, *s1 = s1v;
  const wpt_in *in = inv;
  unsigned max = (1u << p->cnt_w) - 1;
  (void)outv;
  if (p->n_sched >= 2 && in->arr_valid[0] && in->arr_valid[1] && in->arr_tb[0] != in->arr_tb[1]) {
    cov_hit(c, "two_tbs");
  }
  for (unsigned b = 0; b < p->n_tbs; b++) {
    unsigned narr = 0, nex = 0, arel = 0, erel = 0;
    for (unsigned k = 0; k < p->n_sched; k++) {
      if (in->arr_valid[k] && in->arr_tb[k] == b) {
        narr++;
        arel |= in->arr_rel[k];
      }
      if (in->exit_valid[k] && in->exit_tb[k] == b) {
        nex++;
        erel |= in->exit_rel[k];
      }
    }
    unsigned v0 = s0->cnt[b], v1 = s1->cnt[b];
    if (in->tb_launch[b]) {
      cov_hit(c, "launch_clear");
      continue;
    }
    if (narr + nex == 0) {
      if (v0 > 0) cov_hit(c, "plus0");
      continue;
    }
    if (arel || erel) {
      if (v1 == 0 && arel && v0 > 0) cov_hit(c, "clear_arrival");
      if (v1 == 0 && erel && v0 > 0) cov_hit(c, "clear_exit");
      if (v1 == 0 && narr + nex >= 2) cov_hit(c, "release_wins");
      continue;
    }
    unsigned inc = narr + (p->count_exited ? nex : 0);
    if (v0 + inc > max && v1 == max) cov_hit(c, "saturate");
    if (v1 == v0 + 1) cov_hit(c, "plus1");
    if (v1 == v0 + 2) cov_hit(c, "plus2");
    if (nex > 0 && p->count_exited && v1 > v0) cov_hit(c, "exit_counted");
    if (nex > 0 && narr == 0 && !p->count_exited && v1 == v0) cov_hit(c, "exit_not_counted");
  }
}

static const unit_bench all[] = {
    {"wsched_lrr", lrr_adapt, lrr_cov_init, lrr_cov},
    {"wsched_gto", gto_adapt, gto_cov_init, gto_cov},
    {"wsched_tls", tls_adapt, tls_cov_init, tls_cov},
    {"wsched_mwf", mwf_adapt, mwf_cov_init, mwf_cov},
    {"fetch_rr", frr_adapt, frr_cov_init, frr_cov},
    {"fetch_cff", cff_adapt, cff_cov_init, cff_cov},
    {"wpt", wpt_adapt, wpt_cov_init, wpt_cov},
};

const unit_bench *unit_bench_find(const char *unit) {
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    if (strcmp(all[i].unit, unit) == 0) return &all[i];
  }
  return NULL;
}
