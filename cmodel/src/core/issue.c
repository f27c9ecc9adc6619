/* Issue: each warp scheduler classifies its warps (readiness, the stall
 * breakdown), lets its issue scheduler unit (the unit of role warp issue
 * that sm.warp_scheduler selects, units/registry.h) pick a ready warp,
 * executes that warp's instruction functionally and sends it to an operand
 * collector. Barrier arrivals and exits are recorded as the cycle's events
 * for the SM controllers (st_sm_events). */
#include <stdlib.h>
#include <string.h>

#include "common/par.h"
#include "core/sm_internal.h"

/* ---- readiness -------------------------------------------------------- */

/* A warp whose I-buffer head t could issue but for its collector: waiting
 * for one (and, for the LD/ST unit's, marked so in struct_mem), or ready. */
static inline st_stall collector_cause(st_sm *sm, uint32_t slot, const st_tinst *t) {
  if (!st_sm_collector_free(sm, t->unit)) {
    uint64_t bit = UINT64_C(1) << slot;
    sm->struct_mem = t->unit == UNIT_MEM ? sm->struct_mem | bit : sm->struct_mem & ~bit;
    return STALL_STRUCTURAL;
  }
  return STALL_ISSUED;
}

/* Why the warp in slot cannot issue now, or STALL_ISSUED if it can. What
 * is learnt about the I-buffer head is kept (head_state) until it can
 * change. */
static st_stall readiness(st_sm *sm, uint32_t slot) {
  st_twarp *tw = &sm->warps[slot];
  if (tw->head_state == HEAD_READY) {
    /* Found ready before and not changed since (its own issue or a flush
     * would have made it HEAD_UNKNOWN; docs/timing.md, invariant 9): it has an
     * I-buffer head with no pending register, is not finished, at a barrier
     * or in a device-runtime call; only its collector may have been taken.
     * (A warp freed from a busy collector, or looked at again after another
     * warp's issue, is such a warp.) */
    return collector_cause(sm, slot, st_sm_tinst(tw, tw->ibuf_pc[tw->ib_head]));
  }
  if (tw->finished) {
    return STALL_EXIT;
  }
  if (tw->at_bar) {
    return STALL_BARRIER;
  }
  if (tw->devrt_wait) {
    /* In a device-runtime call (its A*x + b latency): nothing to do until
     * the call's flight completes (st_sm_complete wakes it). */
    if (tw->ib_count != 0) {
      tw->head_state = HEAD_BLOCKED;
    }
    return STALL_DATA_ALU;
  }
  if (tw->ib_count == 0) {
    return tw->flushed ? STALL_CONTROL : STALL_FETCH;
  }
  uint32_t pc = tw->ibuf_pc[tw->ib_head];
  const st_tinst *t = st_sm_tinst(tw, pc);
  if (tw->head_state == HEAD_BLOCKED) {
    return (st_stall)tw->stall; /* nothing it waits on has been written back */
  }
  if (tw->head_state == HEAD_UNKNOWN) {
    if (pc != tw->pc) {
      /* The I-buffer holds the wrong path: drop it and refetch. */
      st_ibuf_flush(sm, tw, tw->pc, true);
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
    sm->head_ready[t->unit] |= UINT64_C(1) << slot;
    sm->head_known |= UINT64_C(1) << slot;
  }
  return collector_cause(sm, slot, t);
}

/* The cause readiness finds for the warps sel, whose heads are all known
 * ready and of unit kind u: that kind's collector, free (ready) or busy
 * (structural; busy LD/ST ones noted in struct_mem, as collector_cause
 * does). */
static inline st_stall known_cause(st_sm *sm, unsigned u, uint64_t sel) {
  if (st_sm_collector_free(sm, (uint8_t)u)) {
    return STALL_ISSUED;
  }
  sm->struct_mem = u == UNIT_MEM ? sm->struct_mem | sel : sm->struct_mem & ~sel;
  return STALL_STRUCTURAL;
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

/* True if some barrier of the CTA holds arrivals (bit per barrier). */
static uint32_t barriers_pending(const st_cta *cta) {
  uint32_t m = 0;
  for (uint32_t id = 0; id < ST_NUM_BARRIERS; id++) {
    m |= cta->bars[id].arrived != 0 ? UINT32_C(1) << id : 0;
  }
  return m;
}

/* Issues the instruction at the head of slot's I-buffer (scheduler s). */
static st_status issue_one(st_sm *sm, uint32_t s, uint32_t slot, uint64_t now) {
  st_twarp *tw = &sm->warps[slot];
  st_warp *w = tw->fw;
  uint32_t pc = tw->pc;
  const st_tinst *t = st_sm_tinst(tw, pc);
  st_flight *f = st_flight_alloc(sm);
  if (f == NULL) {
    return st_error_set(sm->err, ST_ERR_NOMEM, "out of host memory");
  }
  f->warp = slot;
  f->pc = pc;
  f->unit = t->unit;
  f->t_issue = now;
  for (unsigned i = 0; i < t->n_dst; i++) {
    f->dst[f->n_dst++] = st_sm_reg_row(tw, t->dst[i]);
  }
  uint32_t active = st_warp_active(w);
  if (t->ordered && sm->par != NULL) {
    /* Global memory, the device runtime: the SMs before this one first
     * (in a serial run they have run their whole cycle by now). */
    st_par_turn_wait(sm->par, sm->id);
  }
  st_exec_env env = tw->rk->env; /* this SM's copy: its clock, its error */
  env.clock = now;
  env.err = sm->err;
  env.access = &f->acc; /* (space SP_NONE from the allocation) */
  st_exec_result r = st_exec_warp(&env, w);
  if (r == ST_EXEC_FAULT) {
    st_flight_free(sm, f);
    return ST_ERR_FAULT;
  }
  if (!scoreboard_fit(tw)) {
    st_flight_free(sm, f);
    return st_error_set(sm->err, ST_ERR_NOMEM, "out of host memory");
  }
  if (!sm->fault_stale_pc || st_warp_pc(w) == pc + 1) { /* (the planted fault: not on a jump) */
    tw->pc = st_warp_pc(w);
  }
  sm->stats.warp_insts++;
  sm->stats.thread_insts += (uint64_t)st_bitcount64(active);
  if (w->devrt_cycles != 0) {
    f->extra = w->devrt_cycles;
    f->devrt = 1;
    w->devrt_cycles = 0;
    tw->devrt_wait = 1;
  }
  if (t->is_mem && f->acc.space != SP_NONE) {
    /* Volatile accesses and accesses ordered at GPU or system scope must see
     * other SMs' writes: the L1 (not coherent) is bypassed; so is it by the
     * .cg (cache global: L2 only) and .cv loads. */
    const st_inst *in = &tw->rk->k->mod->insts[pc];
    f->bypass_l1 = (in->flags & (IF_VOLATILE | IF_CG | IF_CV)) || in->order == ORDER_VOLATILE ||
                   ((in->order == ORDER_RELAXED || in->order == ORDER_ACQUIRE ||
                     in->order == ORDER_RELEASE || in->order == ORDER_ACQ_REL ||
                     in->order == ORDER_SC) &&
                    (in->scope == SCOPE_GPU || in->scope == SCOPE_SYS));
    f->is_load = !f->acc.is_store || f->acc.is_atomic;
    if (!f->is_load || in->op == OP_RED) {
      f->n_dst = 0;
      f->is_load = 0;
    }
  } else if (t->is_mem) {
    f->unit = UNIT_SP; /* every thread was predicated off: no access */
  }
  sm->stats.unit_insts[f->unit & 3]++;
  sm->stats.unit_lanes[f->unit & 3] += (uint64_t)st_bitcount64(active);
  sm->stats.rf_reads += t->n_src;
  sm->stats.rf_writes += t->n_dst;
  st_sm_scoreboard_reserve(sm, f);
  st_sm_collect(sm, f);
  /* The I-buffer head is consumed; a control transfer empties the rest. */
  tw->ib_head = (tw->ib_head + 1) % ST_MAX_IBUF;
  tw->ib_count--;
  tw->head_state = HEAD_UNKNOWN;
  if (!sm->fault_stale_head) {
    st_sm_head_forget(sm, tw);
  }
  sm->fetch_wake |= UINT64_C(1) << slot; /* it may want a fetch now */
  tw->at_bar = w->state == ST_WARP_BARRIER;
  if (r == ST_EXEC_RELEASED || r == ST_EXEC_DONE) {
    sm->issue_released = 1; /* other warps may be free to go */
    sm->wake = ~UINT64_C(0);
  }
  if (r == ST_EXEC_BARRIER || r == ST_EXEC_RELEASED) {
    /* A barrier arrival (bar.arrive counts only if it released). */
    sm->ev_issue_any = true;
    sm->ev.arr_valid[s] = 1;
    sm->ev.arr_tb[s] = (uint8_t)tw->cta_slot;
    sm->ev.arr_rel[s] = r == ST_EXEC_RELEASED;
  }
  if (r == ST_EXEC_DONE) {
    tw->finished = 1;
    st_ibuf_flush(sm, tw, UINT32_MAX, false);
    st_tcta *tc = &sm->ctas[tw->cta_slot];
    tc->warps_live--;
    if (tc->t_first_exit == 0) {
      tc->t_first_exit = now;
    }
    tc->exit_sum += now - tc->t_launch;
    tw->t_exit = now;
    sm->stats.warp_time_sum += now - tc->t_launch;
    sm->stats.warps_exited++;
    if (tc->warps_live == 0) {
      sm->done_ctas |= UINT64_C(1) << tw->cta_slot;
      if (tc->cta->nwarps > 1 && now > tc->t_launch) {
        uint64_t slow = now - tc->t_launch;
        sm->stats.disparity_ppm += (now - tc->t_first_exit) * UINT64_C(1000000) / slow;
        sm->stats.disparity_ctas++;
        /* mean / slowest = exit_sum / (nwarps * slowest) */
        uint64_t all = (uint64_t)tc->cta->nwarps * slow;
        sm->stats.idle_share_ppm += (all - tc->exit_sum) * UINT64_C(1000000) / all;
        sm->stats.equalize_ppm +=
            tc->exit_sum ? all * UINT64_C(1000000) / tc->exit_sum : UINT64_C(1000000);
      }
      if (tc->rk->oracle != NULL && tc->cta->nwarps > 1) {
        /* The oracle's slowest warp against this run's (the warps that exit
         * now, the last): criticality inversion (docs/units/wsched_caws.md). */
        const st_twarp *cw = &sm->warps[tc->first_warp + tc->oracle_crit];
        sm->stats.oracle_ctas++;
        sm->stats.oracle_inverted += cw->t_exit != now;
        sm->stats.oracle_crit_time += cw->t_exit > tc->t_launch ? cw->t_exit - tc->t_launch : 0;
      }
    }
    uint32_t before = barriers_pending(tc->cta);
    st_cta_warp_finished(tc->cta);
    /* An exit can release a barrier the other warps wait at (spec/baws.md
     * §7 A2); the TB's last exit ends its implicit exit barrier. */
    sm->ev_issue_any = true;
    sm->ev.exit_valid[s] = 1;
    sm->ev.exit_tb[s] = (uint8_t)tw->cta_slot;
    sm->ev.exit_rel[s] = (before & ~barriers_pending(tc->cta)) != 0 || tc->warps_live == 0;
    sm->ev.iss_pc[s] = pc;
    sm->ev.iss_next[s] = pc + 1;
  } else {
    uint32_t next = tw->pc;
    sm->ev.iss_pc[s] = pc;
    sm->ev.iss_next[s] = next;
    uint32_t expect = tw->ib_count ? tw->ibuf_pc[tw->ib_head] : tw->decode_n ? tw->decode_pc
                                                                              : tw->fetch_pc;
    if (next != expect) {
      st_ibuf_flush(sm, tw, next, true);
    }
  }
  if (sm->issue_released) {
    /* A released barrier (by an arrival or an exit) frees the CTA's warps. */
    const st_tcta *tc = &sm->ctas[tw->cta_slot];
    for (uint32_t i = 0; i < tc->cta->nwarps; i++) {
      st_twarp *x = &sm->warps[tc->first_warp + i];
      x->at_bar = x->fw->state == ST_WARP_BARRIER;
    }
  }
  return ST_OK;
}

/* Classifies the warps of scheduler s (readiness, before anything of s
 * issues). A warp's cause is looked at again only if the warp was woken
 * (woke: slots) or it was ready (a collector it needs may have been taken
 * since); any other cause (a barrier, an empty I-buffer, a pending
 * register, a busy collector, exit) holds until an event wakes the warp
 * (st_sm.wake). Returns the slots of s that waited on memory before. */
static uint64_t classify(st_sm *sm, uint32_t s, uint64_t woke) {
  uint64_t mine = sm->occ & sm->sched_mask[s];
  uint64_t was_mem = sm->cause_mask[STALL_DATA_MEM] & mine;
  uint64_t need =
      mine & (woke | sm->cause_mask[STALL_ISSUED] | sm->cause_mask[STALL_NOT_SELECTED]);
  /* The warps whose head is known ready, a unit kind at a time: that kind's
   * collector decides for all of them (what readiness would find for each).
   * One found ready that was not selected in the last cycle, or waited for
   * a collector, keeps that cause for now (lazy_ready): it counts as ready
   * here, and the look again after the issue gives it the cause it would
   * have gone back to (not selected, or structural again when the issue
   * took the collector) without the change and the change back; any the
   * look again does not reach become STALL_ISSUED. */
  if (need == 0) {
    return was_mem; /* (lazy_ready is clear outside a scheduler's issue) */
  }
  sm->lazy_ready = 0;
  uint64_t known = need & sm->head_known;
  need &= ~known;
  for (unsigned u = 0; known != 0; u++) {
    uint64_t sel = known & sm->head_ready[u];
    if (sel == 0) {
      continue;
    }
    known &= ~sel;
    st_stall why = known_cause(sm, u, sel);
    if (why == STALL_ISSUED) {
      uint64_t lazy =
          sel & (sm->cause_mask[STALL_NOT_SELECTED] | sm->cause_mask[STALL_STRUCTURAL]);
      sm->lazy_ready |= lazy;
      sel &= ~lazy;
    }
    ST_BITS(slot, sel & ~sm->cause_mask[why]) { st_sm_set_stall(sm, (uint32_t)slot, why); }
  }
  ST_BITS(slot, need) {
    st_sm_set_stall(sm, (uint32_t)slot, readiness(sm, (uint32_t)slot));
  }
  return was_mem;
}

/* Fills the issue scheduler unit's inputs for the warps of scheduler s once
 * they are classified (was_mem: the slots that waited on memory in the
 * previous cycle): the binding gathers what its unit reads, the host writes
 * the ready vector. Returns the ready vector (in the unit's inputs). */
static inline __attribute__((always_inline)) uint8_t *sched_inputs(st_sm *sm, uint32_t s,
                                                                   uint64_t was_mem) {
  st_sched *sc = &sm->sched[s];
  st_uinst *u = sc->u;
  const st_issue_ops *ops = u->unit->ops;
  memset(u->in, 0, u->desc->in_size);
  if (ops->gather != NULL) {
    ops->gather(u, sm, s, was_mem);
  }
  uint8_t *ready = (uint8_t *)u->in + ops->ready_off;
  sc->ready_mask = st_sched_bits(sm->occ & (sm->cause_mask[STALL_ISSUED] | sm->lazy_ready), s,
                                 sm->n_sched);
  st_bits_to_bytes(sc->ready_mask, ready);
  return ready;
}

/* Whether the unit's inputs are its ready vector alone (it gathers
 * nothing else): then an evaluation with no warp ready sees the same inputs
 * however the warps' other causes change. */
static inline bool ready_only(const st_uinst *u) {
  return ((const st_issue_ops *)u->unit->ops)->gather == NULL;
}

/* ---- the paused class ------------------------------------------------------ */

/* When an SM controller pauses TB slots (st_sm_signals.tb_paused: DYNCTA,
 * spec/dyncta.md §1.4, §8 A8), the warps of paused TBs form a second class:
 * the scheduler's unit (any policy) first sees only the ready warps of
 * running TBs; only if none is ready does it see the ready warps of paused
 * TBs. In a cycle with the controller's boost (anti-starvation, §8 A7) the
 * ready warps of the oldest paused TB go first, then the running class,
 * then the other paused warps. Each pass is an evaluation of
 * the same unit with the ready vector masked; the last evaluation (the one
 * that granted, or the last tried) is the one its clock edge takes. */
enum { PASS_MAX = 3 };

typedef struct class_passes {
  unsigned n;
  uint8_t mask[PASS_MAX][ST_U_MAX_WARPS]; /* warps a pass may grant */
} class_passes;

/* The passes for scheduler s given its ready vector; 1 pass (all warps)
 * when no paused warp is ready. *paused_ready tells whether one was. */
static void plan_passes(const st_sm *sm, uint32_t s, const uint8_t *ready, class_passes *cp,
                        bool *paused_ready) {
  const st_sched *sc = &sm->sched[s];
  uint32_t ns = sm->n_sched;
  uint8_t paused[ST_U_MAX_WARPS] = {0};
  unsigned oldest_rank = UINT32_MAX;
  bool any = false;
  for (uint32_t j = 0; j < sc->n_warps; j++) {
    uint32_t slot = j * ns + s;
    if (!(sm->occ >> slot & 1)) {
      continue;
    }
    uint32_t cta = sm->warps[slot].cta_slot;
    paused[j] = (uint8_t)(sm->sig.tb_paused >> cta & 1);
    if (paused[j] && ready[j]) {
      any = true;
      unsigned r = sm->sig.tb_rank[cta];
      oldest_rank = r < oldest_rank ? r : oldest_rank;
    }
  }
  *paused_ready = any;
  if (!any) {
    cp->n = 1;
    memset(cp->mask[0], 1, sizeof cp->mask[0]);
    return;
  }
  cp->n = 0;
  if (sm->sig.boost) {
    uint8_t *m = cp->mask[cp->n++];
    for (uint32_t j = 0; j < sc->n_warps; j++) {
      uint32_t slot = j * ns + s;
      m[j] = (uint8_t)(paused[j] && sm->sig.tb_rank[sm->warps[slot].cta_slot] == oldest_rank);
    }
  }
  uint8_t *run = cp->mask[cp->n++];
  uint8_t *rest = cp->mask[cp->n++];
  for (uint32_t j = 0; j < sc->n_warps; j++) {
    run[j] = (uint8_t)!paused[j];
    rest[j] = (uint8_t)(paused[j] && (cp->n == 2 || !cp->mask[0][j]));
  }
}

void st_sm_issue(st_sm *sm, uint64_t now) {
  uint32_t per_sched = (uint32_t)sm->cfg->sm.issue_per_scheduler;
  uint32_t ns = sm->n_sched;
  st_error *err = sm->err;
  memset(sm->issued_valid, 0, sizeof sm->issued_valid);
  /* The controllers' registered outputs for this cycle (the WPT's counts:
   * the snapshot both schedulers and the fetch arbiter use, spec/baws.md
   * §7 A6). */
  if (st_sm_units_issue_begin(sm, now, err) != ST_OK) {
    return;
  }
  for (uint32_t s = 0; s < ns; s++) {
    st_sched *sc = &sm->sched[s];
    if ((sm->occ & sm->sched_mask[s]) == 0) {
      continue; /* no warps: the scheduler is not clocked */
    }
    uint64_t woke = sm->skip_quiet ? sm->wake & sm->sched_mask[s] : ~UINT64_C(0);
    sm->wake &= ~sm->sched_mask[s];
    uint64_t changes = sm->stall_changes;
    uint64_t was_mem = classify(sm, s, woke);
    if (sm->check_skips && st_sm_check_classes(sm, s, now) != ST_OK) {
      return;
    }
    if (sc->quiet && sc->u->tb_launch == 0 && sm->lazy_ready == 0 &&
        (sm->stall_changes == changes ||
         (ready_only(sc->u) &&
          ((sm->occ & sm->sched_mask[s] & sm->cause_mask[STALL_ISSUED]) == 0 ||
           sm->fault_ready_blind)))) {
      /* No cause changed, or the unit reads nothing but the ready vector
       * and no warp is ready now either: its inputs are those of its last
       * evaluation, which it would repeat. */
      if (sm->check_skips) {
        sched_inputs(sm, s, was_mem);
        if (st_sm_check_quiet_unit(sm, sc->u, now) != ST_OK) {
          return;
        }
      }
      continue;
    }
    uint8_t *ready = sched_inputs(sm, s, was_mem);
    /* Every issue scheduler's output begins with grant_valid, grant, key
     * (ST_ISSUE_UNIT_CHECK). */
    const st_issue_out *o = sc->u->out;
    class_passes cp;
    const uint8_t *pass = NULL; /* the warps the granting pass could choose */
    if (sm->sig.tb_paused == 0) {
      if (st_uinst_eval(sc->u, now, err) != ST_OK) {
        return;
      }
    } else {
      bool pready = false;
      uint8_t all[ST_U_MAX_WARPS];
      memcpy(all, ready, sizeof all);
      plan_passes(sm, s, all, &cp, &pready);
      sm->ev.paused_ready |= pready;
      for (unsigned k = 0; k < cp.n; k++) {
        for (uint32_t j = 0; j < sc->n_warps; j++) {
          ready[j] = (uint8_t)(all[j] & cp.mask[k][j]);
        }
        if (st_uinst_eval(sc->u, now, err) != ST_OK) {
          return;
        }
        pass = cp.mask[k];
        if (o->grant_valid) {
          break;
        }
      }
    }
    uint32_t win = o->grant_valid ? o->grant * ns + s : UINT32_MAX;
    if (win != UINT32_MAX) {
      sm->issue_released = 0;
      if (sm->sig.tb_paused >> sm->warps[win].cta_slot & 1) {
        sm->ev.paused_issues++;
      }
      st_twarp *tw = &sm->warps[win];
      sm->any_ready = 1;
      /* Up to issue_per_scheduler instructions of this one warp. */
      for (uint32_t d = 0; d < per_sched; d++) {
        if (d > 0 && readiness(sm, win) != STALL_ISSUED) {
          /* The warp counts as issued this cycle, so the cause just found is
           * not kept: look again next cycle. */
          tw->head_state = HEAD_UNKNOWN;
          st_sm_head_forget(sm, tw);
          break;
        }
        if (issue_one(sm, s, win, now) != ST_OK) {
          return;
        }
      }
      sm->issued_any = 1;
      sm->issued_valid[s] = 1;
      sm->issued_slot[s] = (uint8_t)win;
      st_sm_set_stall(sm, win, STALL_ISSUED);
      sm->lazy_ready &= ~(UINT64_C(1) << win);
      /* The warps after the winner in the policy's order are classified
       * after its issue (a collector it took, a barrier it released): a
       * ready one that was not chosen is STALL_NOT_SELECTED. A warp that was
       * not ready keeps its cause unless the issue released a barrier or
       * ended a warp (nothing else an issue does can make it ready). */
      uint64_t recheck = (sm->issue_released ? ~UINT64_C(0) : sc->ready_mask) &
                         st_sched_bits(sm->occ, s, ns) & ~(UINT64_C(1) << o->grant);
      /* Those before the winner in its pass's order were not ready. */
      uint64_t before = 0;
      uint32_t key_win = o->key[o->grant];
      ST_BITS(j, recheck) {
        before |= (uint64_t)((pass == NULL || pass[j]) && o->key[j] < key_win) << j;
      }
      uint64_t look = st_sched_slots(recheck & ~before, s, ns);
      uint64_t lazy = look & sm->lazy_ready;
      sm->lazy_ready &= ~look;
      if (sm->fault_lazy_unchecked) {
        look &= ~lazy; /* planted: taken to be still ready whatever the issue took */
      }
      /* The warps whose head is known ready, a kind at a time (as in classify);
       * the rest one by one. */
      uint64_t known = look & sm->head_known;
      for (unsigned k = 0; known != 0; k++) {
        uint64_t sel = known & sm->head_ready[k];
        if (sel == 0) {
          continue;
        }
        known &= ~sel;
        st_stall why = known_cause(sm, k, sel);
        if (sm->fault_blind_recheck && why == STALL_STRUCTURAL) {
          why = STALL_ISSUED; /* planted: the collector the issue took is overlooked */
        }
        if (sm->check_skips) {
          ST_BITS(slot, sel) {
            if (st_sm_check_recheck(sm, &sm->warps[slot], why, now) != ST_OK) {
              return;
            }
          }
        }
        st_stall to = why == STALL_ISSUED ? STALL_NOT_SELECTED : why;
        ST_BITS(slot, sel & ~sm->cause_mask[to]) { st_sm_set_stall(sm, (uint32_t)slot, to); }
      }
      ST_BITS(slot, look & ~sm->head_known) {
        st_stall why = readiness(sm, (uint32_t)slot);
        if (sm->fault_blind_recheck && why == STALL_STRUCTURAL) {
          why = STALL_ISSUED; /* planted: the collector the issue took is overlooked */
        }
        if (sm->check_skips && st_sm_check_recheck(sm, &sm->warps[slot], why, now) != ST_OK) {
          return;
        }
        st_sm_set_stall(sm, (uint32_t)slot, why == STALL_ISSUED ? STALL_NOT_SELECTED : why);
      }
    }
    ST_BITS(slot, sm->lazy_ready) { st_sm_set_stall(sm, (uint32_t)slot, STALL_ISSUED); }
    sm->lazy_ready = 0;
    if (sm->check_skips && st_sm_check_not_selected(sm, s, now) != ST_OK) {
      return;
    }
    /* A scheduler that found no warp ready, changed no warp's cause (the
     * inputs of its next evaluation stay as they are) and whose unit keeps
     * its state on this clock edge is quiet: the unit is a pure function of
     * state and inputs, so until a warp of it is woken every evaluation
     * would repeat this one. For a unit that reads only the ready vector,
     * the causes may change as they like: it stays quiet while no warp is
     * ready. */
    st_uinst *u = sc->u;
    bool quiet = sm->skip_quiet && !o->grant_valid && sc->ready_mask == 0 &&
                 (sm->stall_changes == changes || ready_only(u)) && !st_uinst_watched(u) &&
                 u->tb_launch == 0;
    if (quiet) {
      memcpy(u->s_prev, u->s, u->desc->state_size);
    }
    st_uinst_tick(u);
    sc->quiet = quiet && memcmp(u->s_prev, u->s, u->desc->state_size) == 0;
  }
}
