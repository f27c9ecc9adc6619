/* sim.check_skips (docs/timing.md "Checking the shortcuts"): the SM's
 * shortcuts evaluated in full anyway, every cycle, and compared with what
 * the shortcut kept. The first difference stops the run with a report
 * (ST_ERR_INTERNAL: a shortcut would have given another result). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/sm_internal.h"

static const char *const cause_names[STALL_KINDS] = {
    "issued", "exit", "barrier", "control", "fetch", "data_mem", "data_alu", "structural",
    "not_selected"};

/* Why warp tw cannot issue now, or STALL_ISSUED, computed from scratch:
 * nothing cached (head_state), nothing changed. */
static st_stall readiness_full(const st_sm *sm, const st_twarp *tw) {
  const st_warp *w = tw->fw;
  if (tw->finished) {
    return STALL_EXIT;
  }
  if (w->state == ST_WARP_BARRIER) {
    return STALL_BARRIER;
  }
  if (tw->devrt_wait) {
    return STALL_DATA_ALU; /* in a device-runtime call (its A*x + b latency) */
  }
  if (tw->ib_count == 0) {
    return tw->flushed ? STALL_CONTROL : STALL_FETCH;
  }
  uint32_t pc = tw->ibuf_pc[tw->ib_head];
  if (pc != st_warp_pc(w)) {
    return STALL_CONTROL; /* the I-buffer holds the wrong path */
  }
  const st_tinst *t = st_sm_tinst(tw, pc);
  bool blocked = false, mem = false;
  for (unsigned i = 0; i < t->n_src + t->n_dst; i++) {
    uint32_t reg = i < t->n_src ? t->src[i] : t->dst[i - t->n_src];
    uint32_t row = st_sm_reg_row(tw, reg);
    if (row < tw->sb_rows && tw->pending[row]) {
      blocked = true;
      mem = mem || tw->pending_mem[row];
    }
  }
  if (blocked) {
    return mem ? STALL_DATA_MEM : STALL_DATA_ALU;
  }
  return st_sm_collector_free(sm, t->unit) ? STALL_ISSUED : STALL_STRUCTURAL;
}

static st_status fail(st_sm *sm, uint64_t now, const char *shortcut, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static st_status fail(st_sm *sm, uint64_t now, const char *shortcut, const char *fmt, ...) {
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return st_error_set(sm->err, ST_ERR_INTERNAL,
                      "sim.check_skips: %s would have given another result at SM %u, cycle %" PRIu64
                      ": %s",
                      shortcut, sm->id, now, what);
}

st_status st_sm_check_classes(st_sm *sm, uint32_t s, uint64_t now) {
  ST_BITS(slot, sm->occ & sm->sched_mask[s]) {
    const st_twarp *tw = &sm->warps[slot];
    if (!tw->finished && tw->pc != st_warp_pc(tw->fw)) {
      return fail(sm, now, "the PC mirror (st_twarp.pc)",
                  "warp slot %u: pc %u, but the warp is at %u", (unsigned)slot, tw->pc,
                  st_warp_pc(tw->fw));
    }
    if (tw->at_bar != (tw->fw->state == ST_WARP_BARRIER)) {
      return fail(sm, now, "the barrier mirror (st_twarp.at_bar)",
                  "warp slot %u: at_bar %u, but the warp %s at a barrier", (unsigned)slot,
                  tw->at_bar, tw->at_bar ? "is not" : "is");
    }
    /* The known-ready heads: a warp is among them (under its held
     * instruction's unit kind, and no other) exactly when its head is known
     * ready. */
    uint64_t bit = UINT64_C(1) << slot;
    for (unsigned u = 0; u < UNIT_KINDS; u++) {
      bool want = tw->head_state == HEAD_READY &&
                  st_sm_tinst(tw, tw->ibuf_pc[tw->ib_head])->unit == u;
      if (want != ((sm->head_ready[u] & bit) != 0)) {
        return fail(sm, now, "the known-ready heads (head_ready)",
                    "warp slot %u %s among unit kind %u's known-ready heads, but its head is %s",
                    (unsigned)slot, want ? "is not" : "is", u,
                    tw->head_state == HEAD_READY ? "known ready (of that kind)"
                                                 : "not known ready");
      }
    }
    /* A warp found ready that kept its cause (lazy_ready: not selected or
     * structural) counts as STALL_ISSUED until the look again after the issue. */
    st_stall kept = (sm->lazy_ready & bit) ? STALL_ISSUED : (st_stall)tw->stall;
    st_stall full = readiness_full(sm, tw);
    if (full != kept) {
      return fail(sm, now, "the wake-up rule (warp classification)",
                  "warp slot %u (scheduler %u) kept cause %s, but looked at again it is %s",
                  (unsigned)slot, s, cause_names[kept], cause_names[full]);
    }
  }
  return ST_OK;
}

st_status st_sm_check_not_selected(st_sm *sm, uint32_t s, uint64_t now) {
  ST_BITS(slot, sm->occ & sm->sched_mask[s] & sm->cause_mask[STALL_NOT_SELECTED]) {
    st_stall full = readiness_full(sm, &sm->warps[slot]);
    if (full != STALL_ISSUED) {
      return fail(sm, now, "the warps left not selected (warp classification)",
                  "warp slot %u (scheduler %u) ends the issue stage not selected, but looked at "
                  "from scratch it is %s",
                  (unsigned)slot, s, cause_names[full]);
    }
  }
  return ST_OK;
}

st_status st_sm_check_recheck(st_sm *sm, const st_twarp *tw, st_stall kept, uint64_t now) {
  st_stall full = readiness_full(sm, tw);
  if (full != kept) {
    return fail(sm, now, "the look again after an issue (warp classification)",
                "warp slot %u, looked at again after another warp issued, is %s, but looked at "
                "from scratch it is %s",
                (unsigned)(tw - sm->warps), cause_names[kept], cause_names[full]);
  }
  return ST_OK;
}

st_status st_sm_check_masks(st_sm *sm, uint64_t now) {
  uint64_t masks[STALL_KINDS] = {0};
  ST_BITS(slot, sm->occ) { masks[sm->warps[slot].stall] |= UINT64_C(1) << slot; }
  for (int k = 0; k < STALL_KINDS; k++) {
    if (masks[k] != sm->cause_mask[k] ||
        sm->stall_count[k] != (uint32_t)__builtin_popcountll(masks[k])) {
      return fail(sm, now, "the per-cause warp masks",
                  "cause %s: mask %#" PRIx64 " count %u, the warps say %#" PRIx64, cause_names[k],
                  sm->cause_mask[k], sm->stall_count[k], masks[k]);
    }
  }
  uint64_t all = 0;
  for (unsigned u = 0; u < UNIT_KINDS; u++) {
    if (sm->head_ready[u] & ~sm->occ) {
      return fail(sm, now, "the known-ready heads (head_ready)",
                  "unit kind %u: slots %#" PRIx64 " are free", u, sm->head_ready[u] & ~sm->occ);
    }
    all |= sm->head_ready[u];
  }
  if (all != sm->head_known) {
    return fail(sm, now, "the known-ready heads (head_ready)",
                "their union %#" PRIx64 ", the kinds' masks say %#" PRIx64, sm->head_known, all);
  }
  if (sm->n_occ != (uint32_t)__builtin_popcountll(sm->occ)) {
    return fail(sm, now, "the occupied-slot count", "%u, the slots say %u", sm->n_occ,
                (uint32_t)__builtin_popcountll(sm->occ));
  }
  for (int u = 0; u < UNIT_KINDS; u++) {
    uint64_t busy = 0;
    for (uint32_t c = 0; c < sm->n_coll[u]; c++) {
      busy |= (uint64_t)(sm->coll[u][c].f != NULL) << c;
    }
    if (busy != sm->coll_mask[u] || (uint32_t)__builtin_popcountll(busy) != sm->coll_used[u]) {
      return fail(sm, now, "the busy-collector masks",
                  "kind %d: mask %#" PRIx64 " (%u used), the collectors say %#" PRIx64, u,
                  sm->coll_mask[u], sm->coll_used[u], busy);
    }
  }
  return ST_OK;
}

/* The unit's evaluation and clock edge on its current inputs, on copies:
 * false (with what it would do in why) if it would grant or change state. */
static bool unit_repeats(st_uinst *u, char *why, size_t size) {
  const st_unit_desc *d = u->desc;
  d->eval(u->p, u->s, u->in, u->c_out);
  const uint8_t *grant = u->c_out; /* both roles' outputs begin with grant_valid, grant */
  if (grant[0]) {
    snprintf(why, size, "it would grant warp %u", grant[1]);
    return false;
  }
  memcpy(u->s_prev, u->s, d->state_size);
  d->tick(u->p, u->s_prev, u->in, u->c_out);
  if (memcmp(u->s_prev, u->s, d->state_size) != 0) {
    snprintf(why, size, "its clock edge would change its registers");
    return false;
  }
  return true;
}

st_status st_sm_check_quiet_unit(st_sm *sm, st_uinst *u, uint64_t now) {
  char why[128];
  if (!unit_repeats(u, why, sizeof why)) {
    return fail(sm, now, "skipping a quiet unit", "%s (not evaluated): %s", u->name, why);
  }
  return ST_OK;
}

/* Whether warp slot i may fetch, from scratch. */
static bool fetch_eligible(const st_twarp *tw) {
  return tw->fw != NULL && !tw->finished && !tw->fetch_wait && tw->ib_count == 0 &&
         tw->decode_n == 0 && tw->fetch_pc < UINT32_MAX && tw->fetch_pc < tw->rk->k->mod->n_insts;
}

st_status st_sm_check_fetch_elig(st_sm *sm, uint64_t now) {
  ST_BITS(i, sm->occ) {
    bool e = fetch_eligible(&sm->warps[i]);
    if (e != (bool)(sm->fetch_elig >> i & 1)) {
      return fail(sm, now, "the fetch wake-up rule (fetch eligibility)",
                  "warp slot %u kept %s, but looked at again it %s", (unsigned)i,
                  e ? "not eligible" : "eligible", e ? "may fetch" : "may not fetch");
    }
  }
  return ST_OK;
}

st_status st_sm_check_caches(st_sm *sm, uint64_t now) {
  const st_cache *caches[3] = {sm->l1i, sm->l1d, sm->l1c};
  const char *const names[3] = {"L1I", "L1D", "L1C"};
  for (int i = 0; i < 3; i++) {
    const char *msg = st_cache_check_failure(caches[i]);
    if (msg != NULL) {
      return fail(sm, now, "the refusal memo", "%s", msg);
    }
    if (!sm->misses_queued && st_cache_peek_miss(caches[i]) != NULL) {
      return fail(sm, now, "the miss drain's skip",
                  "the %s's miss queue holds a request, but the SM's flag says no miss waits "
                  "(the drain would pass it by)",
                  names[i]);
    }
  }
  return ST_OK;
}
