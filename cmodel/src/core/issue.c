/* Issue: each warp scheduler orders its warps by its policy (one ordering
 * hook per policy), finds the first whose next instruction can go, executes
 * it functionally and sends it to an operand collector. Every warp of the
 * scheduler is classified each cycle for the stall breakdown. */
#include <stdlib.h>
#include <string.h>

#include "core/sm_internal.h"

/* ---- ordering hooks: fill order[] with the scheduler's warp slots ------- */

/* Warp slots of scheduler s, ascending. */
static uint32_t sched_warps(const st_sm *sm, uint32_t s, uint32_t *out) {
  uint32_t n = 0;
  ST_BITS(i, sm->occ & sm->sched_mask[s]) { out[n++] = (uint32_t)i; }
  return n;
}

/* Loose round robin: starting after the warp issued last. */
static uint32_t order_lrr(st_sm *sm, uint32_t s, uint32_t *order) {
  uint64_t mine = sm->occ & sm->sched_mask[s];
  uint32_t last = sm->sched[s].last;
  uint64_t above = last == UINT32_MAX || last >= 63 ? (last == UINT32_MAX ? mine : 0)
                                                    : mine & ~((UINT64_C(2) << last) - 1);
  uint32_t n = 0;
  ST_BITS(i, above) { order[n++] = (uint32_t)i; }
  ST_BITS(i, mine & ~above) { order[n++] = (uint32_t)i; }
  return n;
}

/* Greedy then oldest: the warp issued last, then the others oldest first. */
static uint32_t order_gto(st_sm *sm, uint32_t s, uint32_t *order) {
  uint32_t n = sched_warps(sm, s, order);
  /* insertion sort by age (launch order) */
  for (uint32_t i = 1; i < n; i++) {
    uint32_t x = order[i];
    uint32_t j = i;
    while (j > 0 && sm->warps[order[j - 1]].age > sm->warps[x].age) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = x;
  }
  uint32_t last = sm->sched[s].last;
  if (last != UINT32_MAX && sm->warps[last].fw != NULL) {
    for (uint32_t i = 0; i < n; i++) {
      if (order[i] == last) {
        memmove(order + 1, order, i * sizeof *order);
        order[0] = last;
        break;
      }
    }
  }
  return n;
}

/* Two-level: an active set of sm.tls_active_warps warps served round robin.
 * A warp that waits on a load leaves the set; the oldest waiting warps fill
 * the free places. */
static uint32_t order_tls(st_sm *sm, uint32_t s, uint32_t *order) {
  st_sched *sc = &sm->sched[s];
  uint32_t cap = (uint32_t)sm->cfg->sm.tls_active_warps;
  uint32_t keep = 0;
  for (uint32_t i = 0; i < sc->n_active; i++) {
    const st_twarp *tw = &sm->warps[sc->active[i]];
    if (tw->fw != NULL && !tw->finished && tw->stall != STALL_DATA_MEM) {
      sc->active[keep++] = sc->active[i];
    }
  }
  sc->n_active = keep;
  uint32_t all[ST_WARP_SIZE * 2 + 64];
  uint32_t n = order_gto(sm, s, all); /* oldest first (greedy warp first) */
  for (uint32_t i = 0; i < n && sc->n_active < cap; i++) {
    const st_twarp *tw = &sm->warps[all[i]];
    bool in = false;
    for (uint32_t k = 0; k < sc->n_active; k++) {
      in = in || sc->active[k] == all[i];
    }
    if (!in && !tw->finished && tw->stall != STALL_DATA_MEM) {
      sc->active[sc->n_active++] = all[i];
    }
  }
  /* round robin within the active set, after the warp issued last */
  uint32_t start = 0;
  for (uint32_t i = 0; i < sc->n_active; i++) {
    if (sc->active[i] == sc->last) {
      start = i + 1;
    }
  }
  uint32_t m = 0;
  for (uint32_t k = 0; k < sc->n_active; k++) {
    order[m++] = sc->active[(start + k) % sc->n_active];
  }
  /* the warps outside the set are listed after it, so they are classified */
  for (uint32_t i = 0; i < n; i++) {
    bool in = false;
    for (uint32_t k = 0; k < sc->n_active; k++) {
      in = in || sc->active[k] == all[i];
    }
    if (!in) {
      order[m++] = all[i];
    }
  }
  return m;
}

typedef uint32_t (*order_fn)(st_sm *sm, uint32_t s, uint32_t *order);

static order_fn policy_order(int kind) {
  switch ((st_warp_sched_kind)kind) {
  case ST_WSCHED_GTO: return order_gto;
  case ST_WSCHED_TLS: return order_tls;
  default: return order_lrr;
  }
}

/* ---- readiness -------------------------------------------------------- */

/* Why warp tw cannot issue now, or STALL_ISSUED if it can. What is learnt
 * about the I-buffer head is kept (head_state) until it can change. */
static st_stall readiness(st_sm *sm, st_twarp *tw) {
  st_warp *w = tw->fw;
  if (tw->finished) {
    return STALL_EXIT;
  }
  if (w->state == ST_WARP_BARRIER) {
    return STALL_BARRIER;
  }
  if (tw->ib_count == 0) {
    return tw->flushed ? STALL_CONTROL : STALL_FETCH;
  }
  uint32_t pc = tw->ibuf_pc[tw->ib_head];
  const st_tinst *t = &sm->dec[pc];
  if (tw->head_state == HEAD_BLOCKED) {
    return (st_stall)tw->stall; /* nothing it waits on has been written back */
  }
  if (tw->head_state == HEAD_UNKNOWN) {
    if (pc != st_warp_pc(w)) {
      /* The I-buffer holds the wrong path: drop it and refetch. */
      st_ibuf_flush(tw, st_warp_pc(w), true);
      return STALL_CONTROL;
    }
    bool mem = false, blocked = false;
    for (unsigned i = 0; i < t->n_src; i++) {
      uint32_t row = st_sm_reg_row(tw, t->src[i]);
      if (row < tw->sb_rows && tw->pending[row]) {
        blocked = true;
        mem = mem || tw->pending_mem[row];
      }
    }
    for (unsigned i = 0; i < t->n_dst; i++) {
      uint32_t row = st_sm_reg_row(tw, t->dst[i]);
      if (row < tw->sb_rows && tw->pending[row]) {
        blocked = true;
        mem = mem || tw->pending_mem[row];
      }
    }
    if (blocked) {
      tw->head_state = HEAD_BLOCKED;
      return mem ? STALL_DATA_MEM : STALL_DATA_ALU;
    }
    tw->head_state = HEAD_READY;
  }
  if (!st_sm_collector_free(sm, t->unit)) {
    return STALL_STRUCTURAL;
  }
  return STALL_ISSUED;
}

/* Grows the scoreboard when a call made the register file deeper. */
static bool scoreboard_fit(st_twarp *tw) {
  uint32_t rows = tw->fw->reg_rows;
  if (rows <= tw->sb_rows) {
    return true;
  }
  uint8_t *p = realloc(tw->pending, rows);
  uint8_t *q = p ? realloc(tw->pending_mem, rows) : NULL;
  if (p == NULL || q == NULL) {
    if (p != NULL) {
      tw->pending = p;
    }
    return false;
  }
  memset(p + tw->sb_rows, 0, rows - tw->sb_rows);
  memset(q + tw->sb_rows, 0, rows - tw->sb_rows);
  tw->pending = p;
  tw->pending_mem = q;
  tw->sb_rows = rows;
  return true;
}

/* Issues the instruction at the head of slot's I-buffer. */
static st_status issue_one(st_sm *sm, uint32_t slot, uint64_t now) {
  st_twarp *tw = &sm->warps[slot];
  st_warp *w = tw->fw;
  uint32_t pc = st_warp_pc(w);
  const st_tinst *t = &sm->dec[pc];
  st_flight *f = st_flight_alloc(sm);
  if (f == NULL) {
    return st_error_set(sm->exec->err, ST_ERR_NOMEM, "out of host memory");
  }
  f->warp = slot;
  f->pc = pc;
  f->unit = t->unit;
  f->t_issue = now;
  for (unsigned i = 0; i < t->n_dst; i++) {
    f->dst[f->n_dst++] = st_sm_reg_row(tw, t->dst[i]);
  }
  uint32_t active = st_warp_active(w);
  sm->exec->clock = now;
  st_exec_result r = st_exec_warp(sm->exec, w);
  if (r == ST_EXEC_FAULT) {
    st_flight_free(sm, f);
    return ST_ERR_FAULT;
  }
  if (!scoreboard_fit(tw)) {
    st_flight_free(sm, f);
    return st_error_set(sm->exec->err, ST_ERR_NOMEM, "out of host memory");
  }
  sm->stats.warp_insts++;
  sm->stats.thread_insts += (uint64_t)__builtin_popcount(active);
  if (t->is_mem && w->access.space != SP_NONE) {
    memcpy(&f->acc, &w->access, sizeof f->acc);
    /* Volatile accesses and accesses ordered at GPU or system scope must see
     * other SMs' writes: the L1 (not coherent) is bypassed. */
    const st_inst *in = &sm->k->mod->insts[pc];
    f->bypass_l1 = (in->flags & IF_VOLATILE) || in->order == ORDER_VOLATILE ||
                   ((in->order == ORDER_RELAXED || in->order == ORDER_ACQUIRE ||
                     in->order == ORDER_RELEASE || in->order == ORDER_ACQ_REL ||
                     in->order == ORDER_SC) &&
                    (in->scope == SCOPE_GPU || in->scope == SCOPE_SYS));
    f->is_load = !w->access.is_store || w->access.is_atomic;
    if (!f->is_load || sm->k->mod->insts[pc].op == OP_RED) {
      f->n_dst = 0;
      f->is_load = 0;
    }
  } else if (t->is_mem) {
    f->unit = UNIT_SP; /* every thread was predicated off: no access */
  }
  st_sm_scoreboard_reserve(sm, f);
  st_sm_collect(sm, f);
  /* The I-buffer head is consumed; a control transfer empties the rest. */
  tw->ib_head = (tw->ib_head + 1) % ST_MAX_IBUF;
  tw->ib_count--;
  tw->head_state = HEAD_UNKNOWN;
  if (r == ST_EXEC_DONE) {
    tw->finished = 1;
    st_ibuf_flush(tw, UINT32_MAX, false);
    st_tcta *tc = &sm->ctas[tw->cta_slot];
    tc->warps_live--;
    st_cta_warp_finished(tc->cta);
  } else {
    uint32_t next = st_warp_pc(w);
    uint32_t expect = tw->ib_count ? tw->ibuf_pc[tw->ib_head] : tw->decode_n ? tw->decode_pc
                                                                              : tw->fetch_pc;
    if (next != expect) {
      st_ibuf_flush(tw, next, true);
    }
  }
  return ST_OK;
}

void st_sm_issue(st_sm *sm, uint64_t now) {
  uint32_t order[1024];
  uint32_t per_sched = (uint32_t)sm->cfg->sm.issue_per_scheduler;
  order_fn order_of = policy_order(sm->cfg->sm.warp_scheduler);
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    if ((sm->occ & sm->sched_mask[s]) == 0) {
      continue;
    }
    uint32_t n = order_of(sm, s, order);
    uint32_t issued = 0;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t slot = order[k];
      st_twarp *tw = &sm->warps[slot];
      st_stall why = readiness(sm, tw);
      if (why == STALL_ISSUED) {
        sm->any_ready = 1;
        if (issued == 0) {
          /* Up to issue_per_scheduler instructions of this one warp. */
          for (uint32_t d = 0; d < per_sched; d++) {
            if (d > 0 && readiness(sm, tw) != STALL_ISSUED) {
              break;
            }
            if (issue_one(sm, slot, now) != ST_OK) {
              return;
            }
            issued++;
          }
          sm->sched[s].last = slot;
          sm->issued_any = 1;
        } else {
          why = STALL_NOT_SELECTED;
        }
      }
      st_sm_set_stall(sm, tw, why);
    }
  }
}
