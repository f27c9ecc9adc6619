/* Back end of the SM: operand collectors reading banked registers,
 * execution pipelines with latency and initiation interval, and the limited
 * write-back ports that release the scoreboard. */
#include "core/sm_internal.h"

void st_sm_scoreboard_reserve(st_sm *sm, st_flight *f) {
  st_twarp *tw = &sm->warps[f->warp];
  for (unsigned i = 0; i < f->n_dst; i++) {
    uint32_t row = f->dst[i];
    if (row < tw->sb_rows) {
      tw->pending[row]++;
      if (f->is_load) {
        tw->pending_mem[row]++;
      }
    }
  }
  tw->inflight++;
}

void st_sm_complete(st_sm *sm, st_flight *f, uint64_t now) {
  (void)now;
  st_twarp *tw = &sm->warps[f->warp];
  for (unsigned i = 0; i < f->n_dst; i++) {
    uint32_t row = f->dst[i];
    if (row < tw->sb_rows) {
      tw->pending[row]--;
      if (f->is_load) {
        tw->pending_mem[row]--;
      }
    }
  }
  tw->inflight--;
  sm->ev.commit[f->warp] += sm->ev.commit[f->warp] != UINT8_MAX;
  sm->ev.commit_mask |= UINT64_C(1) << f->warp;
  if (f->devrt) {
    tw->devrt_wait = 0;
    tw->head_state = HEAD_UNKNOWN;
    st_sm_head_forget(sm, tw);
    sm->wake |= UINT64_C(1) << f->warp;
  }
  if (tw->head_state == HEAD_BLOCKED) {
    tw->head_state = HEAD_UNKNOWN; /* what it waited on may be this */
    sm->wake |= UINT64_C(1) << f->warp;
  }
  st_flight_free(sm, f);
}

void st_sm_writeback(st_sm *sm, uint64_t now) {
  uint32_t ports = (uint32_t)sm->cfg->sm.writeback_ports;
  st_flight *f;
  while (st_wb_next_ready(&sm->wb) <= now) {
    f = st_wb_peek(&sm->wb);
    if (f->n_dst > 0) {
      if (ports == 0) {
        sm->wb_stalled = 1; /* a result is ready and no port is left */
        break;
      }
      ports--;
    }
    st_wb_pop(&sm->wb);
    st_sm_complete(sm, f, now);
  }
}

void st_sm_collect(st_sm *sm, st_flight *f) {
  st_twarp *tw = &sm->warps[f->warp];
  const st_tinst *t = st_sm_tinst(tw, f->pc);
  uint32_t banks = (uint32_t)sm->cfg->sm.reg_banks;
  uint64_t free_mask = ~sm->coll_mask[f->unit];
  uint32_t c = free_mask != 0 ? (uint32_t)__builtin_ctzll(free_mask) : UINT32_MAX;
  if (c >= sm->n_coll[f->unit]) {
    return; /* none free (issue checks st_sm_collector_free first) */
  }
  st_collector *col = &sm->coll[f->unit][c];
  col->f = f;
  sm->stats.collector_allocs++;
  sm->coll_busy++;
  sm->coll_used[f->unit]++;
  sm->coll_mask[f->unit] |= UINT64_C(1) << c;
  col->seq = f->seq;
  col->latency = (uint64_t)t->latency + f->extra;
  col->interval = t->interval;
  col->n_reads = 0;
  for (unsigned s = 0; s < t->n_src && s < ST_MAX_SRC_REGS; s++) {
    /* Banks interleave registers, offset by the warp slot. */
    uint32_t row = st_sm_reg_row(tw, t->src[s]);
    col->banks[col->n_reads++] = (uint16_t)((row + f->warp) % banks);
  }
}

/* Dispatches collector col's instruction (of unit kind u, col's kind). */
static bool dispatch(st_sm *sm, unsigned u, const st_collector *col, uint64_t now) {
  st_flight *f = col->f;
  if (u == UNIT_MEM) {
    if (sm->ldst_queued >= 1) {
      return false;
    }
    f->next = NULL;
    if (sm->ldst_queue_tail != NULL) {
      sm->ldst_queue_tail->next = f;
    } else {
      sm->ldst_queue_head = f;
    }
    sm->ldst_queue_tail = f;
    sm->ldst_queued++;
    return true;
  }
  for (uint32_t i = 0; i < sm->n_units[u]; i++) {
    if (sm->unit_free[u][i] <= now) {
      sm->unit_free[u][i] = now + col->interval;
      f->ready = now + col->latency;
      return st_wb_push_keyed(&sm->wb, f, f->ready, col->seq);
    }
  }
  return false;
}

bool st_sm_collectors_wait(const st_sm *sm) {
  if (sm->coll_busy == 0) {
    return true;
  }
  /* Only memory instructions whose operands are read, each held because the
   * LD/ST unit's queue is full (dispatch). */
  if (sm->coll_busy != sm->coll_used[UNIT_MEM] || sm->ldst_queued < 1) {
    return false;
  }
  ST_BITS(c, sm->coll_mask[UNIT_MEM]) {
    if (sm->coll[UNIT_MEM][c].n_reads != 0) {
      return false;
    }
  }
  return true;
}

void st_sm_operands(st_sm *sm, uint64_t now) {
  if (sm->coll_busy == 0) {
    return;
  }
  uint64_t bank_busy[4] = {0, 0, 0, 0}; /* up to 256 banks */
  for (unsigned u = 0; u < UNIT_KINDS; u++) {
    ST_BITS(c, sm->coll_mask[u]) {
      st_collector *col = &sm->coll[u][c];
      /* Each bank serves one read per cycle. */
      bool denied = false;
      for (unsigned i = 0; i < col->n_reads;) {
        uint32_t b = col->banks[i] & 255;
        if (bank_busy[b / 64] & (UINT64_C(1) << (b % 64))) {
          denied = true;
          i++;
          continue;
        }
        bank_busy[b / 64] |= UINT64_C(1) << (b % 64);
        col->banks[i] = col->banks[--col->n_reads];
      }
      if (denied) {
        sm->stats.bank_conflict_cycles++;
        continue;
      }
      if (col->n_reads == 0 && dispatch(sm, u, col, now)) {
        col->f = NULL;
        /* A warp waiting for a collector of this kind may go. */
        if (!sm->fault_lost_wake) {
          sm->wake |= sm->cause_mask[STALL_STRUCTURAL] &
                      (u == UNIT_MEM ? sm->struct_mem : ~sm->struct_mem);
        }
        sm->coll_busy--;
        sm->coll_used[u]--;
        sm->coll_mask[u] &= ~(UINT64_C(1) << c);
      }
    }
  }
}
