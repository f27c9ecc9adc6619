/* Front end of the SM: the fetch arbiter (the unit of role fetch that
 * sm.fetch_arbiter selects, choosing among the warps whose I-buffer is
 * empty, the rule of spec/baws.md §1.2), the L1 I-cache, and decode into
 * the per-warp I-buffers. */
#include <string.h>

#include "core/sm_internal.h"

void st_ibuf_flush(st_sm *sm, st_twarp *tw, uint32_t pc, bool control) {
  sm->fetch_wake |= UINT64_C(1) << (tw - sm->warps);
  tw->head_state = HEAD_UNKNOWN;
  st_sm_head_forget(sm, tw);
  tw->ib_head = 0;
  tw->ib_count = 0;
  tw->decode_n = 0;
  tw->fetch_pc = pc;
  tw->flushed = control;
}

void st_sm_decode(st_sm *sm, uint64_t now) {
  uint32_t cap = (uint32_t)sm->cfg->sm.ibuffer_size;
  cap = cap > ST_MAX_IBUF ? ST_MAX_IBUF : cap;
  ST_BITS(i, sm->decoding) {
    st_twarp *tw = &sm->warps[i];
    if (tw->decode_at > now) {
      continue;
    }
    sm->decoding &= ~(UINT64_C(1) << i);
    if (tw->decode_n == 0) {
      continue; /* flushed while on its way */
    }
    for (uint32_t k = 0; k < tw->decode_n && tw->ib_count < cap; k++) {
      tw->ibuf_pc[(tw->ib_head + tw->ib_count) % ST_MAX_IBUF] = tw->decode_pc + k;
      tw->ib_count++;
    }
    tw->decode_n = 0;
    tw->flushed = 0;
    sm->wake |= UINT64_C(1) << i;
    sm->fetch_wake |= UINT64_C(1) << i;
  }
}

/* Instructions one fetch brings: fetch_width, within the I-cache line, the
 * I-buffer and the function. */
static uint32_t fetch_count(const st_sm *sm, const st_twarp *tw) {
  uint32_t n = (uint32_t)sm->cfg->sm.fetch_width;
  uint32_t cap = (uint32_t)sm->cfg->sm.ibuffer_size;
  n = n < cap ? n : cap;
  uint64_t line = st_cache_line_size(sm->l1i);
  uint64_t addr = st_sm_inst_addr(tw, tw->fetch_pc);
  uint32_t in_line = (uint32_t)((line - (addr - st_cache_line_of(sm->l1i, addr))) / 8);
  n = n < in_line ? n : in_line;
  const st_module *m = tw->rk->k->mod;
  uint32_t left = m->n_insts - tw->fetch_pc;
  n = n < left ? n : left;
  return n ? n : 1;
}

static bool wants_fetch(const st_twarp *tw) {
  return tw->fw != NULL && !tw->finished && !tw->fetch_wait && tw->ib_count == 0 &&
         tw->decode_n == 0 && tw->fetch_pc < UINT32_MAX;
}

/* One I-cache access for warp slot i. */
static void fetch_for(st_sm *sm, uint32_t i, uint64_t now) {
  st_twarp *tw = &sm->warps[i];
  sm->fetch_wake |= UINT64_C(1) << i;
  st_mreq *r = st_mreq_alloc(sm->pool);
  if (r == NULL) {
    st_error_set(sm->err, ST_ERR_NOMEM, "out of host memory");
    return;
  }
  uint64_t line = st_cache_line_size(sm->l1i);
  r->addr = st_cache_line_of(sm->l1i, st_sm_inst_addr(tw, tw->fetch_pc));
  r->bytes = (uint32_t)line;
  r->op = MREQ_READ;
  r->kind = ACC_INST_R;
  r->wants_reply = 1;
  r->sm = (uint16_t)sm->id;
  r->cluster = (uint16_t)(sm->id / (uint32_t)sm->cfg->gpu.sms_per_cluster);
  r->warp = (uint16_t)i;
  r->pc = tw->fetch_pc;
  r->t_issue = now;
  st_resfail why = RESFAIL_NONE;
  st_cache_outcome o = sm->cfg->l1i.enabled ? st_cache_access(sm->l1i, r, now, &why)
                                            : CACHE_RESFAIL;
  sm->misses_queued |= !sm->fault_deaf_drain;
  if (!sm->cfg->l1i.enabled) {
    /* No I-cache: every fetch is a round trip to the L2. */
    st_mqueue_push(&sm->out, r);
    o = CACHE_MISS;
  }
  sm->stats.fetches++;
  if (o == CACHE_HIT) {
    st_mreq_free(sm->pool, r);
    tw->decode_n = (uint8_t)fetch_count(sm, tw);
    sm->decoding |= UINT64_C(1) << i;
    tw->decode_pc = tw->fetch_pc;
    tw->decode_at = now + (uint64_t)sm->cfg->l1i.latency;
    tw->fetch_pc += tw->decode_n;
  } else if (o == CACHE_RESFAIL) {
    st_mreq_free(sm->pool, r);
  } else {
    sm->stats.icache_misses++;
    tw->fetch_wait = 1;
  }
}

/* The fetch arbiter's inputs: which warps may fetch (the host) and what
 * else its unit reads (its binding's gather). */
static void fetch_inputs(st_sm *sm) {
  st_uinst *u = sm->fetch;
  const st_fetch_ops *ops = u->unit->ops;
  memset(u->in, 0, u->desc->in_size);
  uint8_t *elig = (uint8_t *)u->in + ops->eligible_off;
  /* Eligibility changes only for the warps an event marked. */
  ST_BITS(i, sm->fetch_wake & sm->occ) {
    const st_twarp *tw = &sm->warps[i];
    uint64_t bit = UINT64_C(1) << i;
    bool e = wants_fetch(tw) && tw->fetch_pc < tw->rk->k->mod->n_insts;
    sm->fetch_elig = e ? sm->fetch_elig | bit : sm->fetch_elig & ~bit;
  }
  sm->fetch_elig &= sm->occ;
  st_bits_to_bytes(sm->fetch_elig, elig);
  if (ops->gather != NULL) {
    ops->gather(u, sm);
  }
}

void st_sm_fetch(st_sm *sm, uint64_t now) {
  st_uinst *u = sm->fetch;
  if (sm->fetch_quiet && !sm->fetch_wake && u->tb_launch == 0 && !sm->issued_any) {
    /* Its inputs and state are those of its last evaluation. */
    if (sm->check_skips) {
      fetch_inputs(sm);
      if (st_sm_check_fetch_elig(sm, now) == ST_OK) {
        st_sm_check_quiet_unit(sm, u, now);
      }
    }
    return;
  }
  fetch_inputs(sm);
  sm->fetch_wake = 0;
  if (sm->check_skips && st_sm_check_fetch_elig(sm, now) != ST_OK) {
    return;
  }
  if (st_uinst_eval(u, now, sm->err) != ST_OK) {
    return;
  }
  /* Every fetch arbiter's output begins with grant_valid, grant
   * (ST_FETCH_UNIT_CHECK). */
  const st_fetch_out *out = u->out;
  if (out->grant_valid) {
    fetch_for(sm, out->grant, now); /* one fetch per cycle */
  }
  /* Quiet as an issue scheduler is (issue.c): nothing granted, no issue in
   * this cycle (the CFF's issue inputs are all clear again in the next),
   * and a clock edge that keeps the state. */
  bool quiet = sm->skip_quiet && !out->grant_valid && !sm->issued_any && !st_uinst_watched(u) &&
               u->tb_launch == 0;
  if (quiet) {
    memcpy(u->s_prev, u->s, u->desc->state_size);
  }
  st_uinst_tick(u);
  sm->fetch_quiet = quiet && memcmp(u->s_prev, u->s, u->desc->state_size) == 0;
}

/* An I-cache line arrived: warps waiting for it may fetch again. Without an
 * I-cache (l1i.enabled false) nothing keeps the line, so the reply itself
 * delivers the instructions: a waiting warp decodes them now, as after a hit. */
void st_sm_ifill(st_sm *sm, uint64_t line, uint64_t now) {
  ST_BITS(i, sm->occ) {
    st_twarp *tw = &sm->warps[i];
    if (tw->fetch_wait && st_cache_line_of(sm->l1i, st_sm_inst_addr(tw, tw->fetch_pc)) == line) {
      tw->fetch_wait = 0;
      sm->fetch_wake |= UINT64_C(1) << i;
      if (!sm->cfg->l1i.enabled) {
        tw->decode_n = (uint8_t)fetch_count(sm, tw);
        sm->decoding |= UINT64_C(1) << i;
        tw->decode_pc = tw->fetch_pc;
        tw->decode_at = now;
        tw->fetch_pc += tw->decode_n;
      }
    }
  }
}
