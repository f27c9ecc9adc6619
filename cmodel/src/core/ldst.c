/* The LD/ST unit: coalescing a warp's accesses into cache lines, L1D and
 * constant-cache accesses (one line per cycle), shared-memory bank
 * conflicts, atomics sent to the L2, and the replies that complete loads. */
#include <string.h>

#include "core/sm_internal.h"

/* Instruction addresses, kernel parameters and local memory live in regions
 * of their own, below global memory (which starts at 4 GiB), so that they
 * never share cache lines with each other or with global data. */
#define ST_CODE_BASE UINT64_C(0x00000000f0000000)      /* the first module's code */
#define ST_CODE_MORE_BASE UINT64_C(0x0000200000000000) /* the code of the others */
#define ST_PARAM_BASE UINT64_C(0x00000000e0000000)
#define ST_LOCAL_BASE UINT64_C(0x0000000080000000)

static st_acc_kind access_kind(const st_flight *f) {
  const st_mem_access *a = &f->acc;
  if (a->is_atomic) {
    return ACC_ATOMIC;
  }
  switch ((st_space)a->space) {
  case SP_LOCAL: return a->is_store ? ACC_LOCAL_W : ACC_LOCAL_R;
  case SP_CONST:
  case SP_PARAM: return ACC_CONST_R;
  default: return a->is_store ? ACC_GLOBAL_W : ACC_GLOBAL_R;
  }
}

/* Distinct lines the warp's accesses touch, in lane order. (Line sizes are
 * powers of two, config/validate.c: a mask finds a line's start. Neighbouring
 * lanes mostly share a line, so the last one found is compared first.) */
static void coalesce(st_flight *f, uint64_t line) {
  const uint64_t start = ~(line - 1);
  uint32_t n = 0;
  if (f->acc.mask != 0) {
    /* All in the first lane's line (a parameter, a value read by the whole
     * warp, a small stride): one line, found without the search. */
    const uint64_t first = f->acc.addr[__builtin_ctz(f->acc.mask)] & start;
    const uint64_t end = f->acc.size - 1;
    uint64_t differ = 0;
    if (f->acc.mask == UINT32_MAX) {
      for (uint32_t l = 0; l < ST_WARP_SIZE; l++) {
        differ |= ((f->acc.addr[l] & start) ^ first) | (((f->acc.addr[l] + end) & start) ^ first);
      }
    } else {
      ST_LANES(l, f->acc.mask) {
        differ |= ((f->acc.addr[l] & start) ^ first) | (((f->acc.addr[l] + end) & start) ^ first);
      }
    }
    if (differ == 0) {
      f->lines[0] = first;
      f->n_lines = 1;
      return;
    }
  }
  ST_LANES(l, f->acc.mask) {
    uint64_t a = f->acc.addr[l] & start;
    uint64_t last = (f->acc.addr[l] + f->acc.size - 1) & start;
    for (; a <= last; a += line) {
      if (n > 0 && f->lines[n - 1] == a) {
        continue;
      }
      uint32_t k = 0;
      while (k < n && f->lines[k] != a) {
        k++;
      }
      if (k == n && n < ST_WARP_SIZE) {
        f->lines[n++] = a;
      }
    }
  }
  f->n_lines = n;
}

/* Passes a shared-memory access needs: the most distinct 4-byte words any
 * bank serves (one word per bank per pass; threads reading the same word
 * share it). */
static uint32_t shared_passes(const st_flight *f, uint32_t banks) {
  uint32_t words_per_bank[64];
  uint64_t seen[ST_WARP_SIZE * 4];
  uint32_t n_seen = 0, worst = 1;
  memset(words_per_bank, 0, sizeof words_per_bank);
  ST_LANES(l, f->acc.mask) {
    for (uint64_t a = f->acc.addr[l] & ~UINT64_C(3); a < f->acc.addr[l] + f->acc.size; a += 4) {
      uint64_t word = a / 4;
      uint32_t k = 0;
      while (k < n_seen && seen[k] != word) {
        k++;
      }
      if (k < n_seen || n_seen >= ST_WARP_SIZE * 4) {
        continue;
      }
      seen[n_seen++] = word;
      uint32_t b = (uint32_t)(word % banks);
      if (++words_per_bank[b] > worst) {
        worst = words_per_bank[b];
      }
    }
  }
  return worst;
}

static void finish_flight(st_sm *sm, st_flight *f, uint64_t ready) {
  f->ready = ready;
  if (!st_wb_push_keyed(&sm->wb, f, ready, f->seq)) {
    st_error_set(sm->err, ST_ERR_NOMEM, "out of host memory");
  }
}

/* The addresses the memory system sees. Kernel parameters sit in their own
 * region (the constant bank of a real GPU). Local memory is interleaved by
 * 4-byte words across the threads of a warp, as on NVIDIA GPUs: the same
 * offset in 32 threads' stacks is one 128-byte line, and every warp slot of
 * every SM has its own region. */
static void physical_addresses(st_sm *sm, st_flight *f) {
  if (f->acc.space == SP_PARAM) {
    st_lanes_add(f->acc.addr, f->acc.mask, ST_PARAM_BASE);
  } else if (f->acc.space == SP_LOCAL) {
    const st_rkernel *rk = sm->warps[f->warp].rk;
    uint64_t stride = rk != NULL ? (uint64_t)rk->k->local_stride : 0;
    uint64_t warp_region = ((uint64_t)sm->id * sm->max_warps + f->warp) * stride * ST_WARP_SIZE;
    ST_LANES(l, f->acc.mask) {
      uint64_t off = f->acc.addr[l];
      f->acc.addr[l] = ST_LOCAL_BASE + warp_region + (off / 4) * 4 * ST_WARP_SIZE + l * 4 + off % 4;
    }
  }
}

/* Starts the next queued memory instruction. */
static void start(st_sm *sm) {
  st_flight *f = sm->ldst_queue_head;
  sm->ldst_queue_head = f->next;
  if (sm->ldst_queue_head == NULL) {
    sm->ldst_queue_tail = NULL;
  }
  sm->ldst_queued--;
  f->next = NULL;
  sm->ldst = f;
  if (f->acc.space == SP_SHARED) {
    f->passes_left = shared_passes(f, (uint32_t)sm->cfg->sm.shared_banks);
    sm->stats.shared_bank_extra += f->passes_left - 1;
    sm->stats.shared_passes += f->passes_left;
    return;
  }
  physical_addresses(sm, f);
  st_cache *c = f->acc.space == SP_CONST || f->acc.space == SP_PARAM ? sm->l1c : sm->l1d;
  coalesce(f, st_cache_line_size(c));
  f->next_line = 0;
  f->lines_waiting = f->is_load ? f->n_lines : 0;
  if (f->acc.space == SP_GLOBAL || f->acc.space == SP_LOCAL) {
    sm->stats.mem_insts++;
    sm->stats.mem_lines += f->n_lines;
  }
}

/* The fields of f's request for line that a cache's remembered refusal
 * compares (st_cache_would_refuse): what a probe of the memo fills. */
static void refusal_probe(const st_sm *sm, const st_flight *f, uint64_t line, st_mreq *r) {
  r->addr = line;
  r->kind = (uint8_t)access_kind(f);
  r->op = f->acc.is_atomic ? MREQ_ATOMIC : f->acc.is_store ? MREQ_WRITE : MREQ_READ;
  r->warp = (uint16_t)f->warp;
  r->pc = f->pc;
  r->crit = (uint8_t)((sm->sig.critical >> f->warp) & 1u);
}

static st_mreq *new_request(st_sm *sm, const st_flight *f, uint64_t line, uint32_t bytes) {
  st_mreq *r = st_mreq_alloc(sm->pool);
  if (r == NULL) {
    st_error_set(sm->err, ST_ERR_NOMEM, "out of host memory");
    return NULL;
  }
  refusal_probe(sm, f, line, r);
  r->bytes = bytes;
  r->wants_reply = f->is_load || f->acc.is_atomic;
  r->sm = (uint16_t)sm->id;
  r->cluster = (uint16_t)(sm->id / (uint32_t)sm->cfg->gpu.sms_per_cluster);
  r->t_issue = f->t_issue;
  r->cookie = (void *)f;
  return r;
}

/* One line of a load or store through a cache. Returns false when the cache
 * refused (retry next cycle). */
static bool cache_line(st_sm *sm, st_flight *f, st_cache *c, uint64_t line, uint64_t now,
                       uint64_t *hit_ready) {
  const st_cache_config *cc = c == sm->l1c ? &sm->cfg->l1c : &sm->cfg->l1d;
  if (!cc->enabled || f->acc.is_atomic || f->bypass_l1) {
    /* Straight to the L2: one request per line. */
    st_mreq *r = new_request(sm, f, line, f->acc.is_store ? (uint32_t)st_cache_line_size(c) : 32);
    if (r == NULL) {
      return true;
    }
    r->l1_bypass = 1;
    if (!r->wants_reply) {
      r->cookie = NULL;
    }
    if (c == sm->l1d && sm->cfg->l1d.miss_latency > 0) {
      r->t_ready = now + (uint64_t)sm->cfg->l1d.miss_latency;
      st_mqueue_push(&sm->l1_pipe, r);
    } else {
      st_mqueue_push(&sm->out, r);
    }
    return true;
  }
  if (!sm->check_skips) {
    /* The line refused again, as the cache's memo of its last refusal says
     * (the same request, the cache unchanged since): counted as the access
     * would count it, without making a request that is only freed again.
     * (Under sim.check_skips the access is made in full and the memo
     * checked there.) */
    st_mreq probe;
    refusal_probe(sm, f, line, &probe);
    if (st_cache_would_refuse(c, &probe)) {
      st_cache_count_refusals(c, &probe, 1, NULL);
      return false;
    }
  }
  st_mreq *r = new_request(sm, f, line, (uint32_t)st_cache_line_size(c));
  if (r == NULL) {
    return true;
  }
  st_resfail why = RESFAIL_NONE;
  st_cache_outcome o = st_cache_access(c, r, now, &why);
  sm->misses_queued = true;
  switch (o) {
  case CACHE_HIT:
    if (f->is_load) {
      f->lines_waiting--;
      uint64_t t = now + (uint64_t)cc->latency;
      *hit_ready = t > *hit_ready ? t : *hit_ready;
    }
    st_mreq_free(sm->pool, r);
    return true;
  case CACHE_HIT_RESERVED:
  case CACHE_MISS:
    return true; /* the cache holds the request until the fill, or sends it down */
  default:
    st_mreq_free(sm->pool, r);
    return false;
  }
}

void st_sm_ldst(st_sm *sm, uint64_t now) {
  if (sm->ldst == NULL && sm->ldst_queue_head != NULL) {
    start(sm);
  }
  st_flight *f = sm->ldst;
  sm->ldst_resfail = 0;
  if (f == NULL) {
    return;
  }
  if (f->acc.space == SP_SHARED) {
    if (--f->passes_left == 0) {
      sm->ldst = NULL;
      finish_flight(sm, f, now + (uint64_t)sm->cfg->sm.shared_latency);
    }
    return;
  }
  st_cache *c = f->acc.space == SP_CONST || f->acc.space == SP_PARAM ? sm->l1c : sm->l1d;
  uint64_t hit_ready = now;
  if (f->next_line < f->n_lines) {
    if (cache_line(sm, f, c, f->lines[f->next_line], now, &hit_ready)) {
      f->next_line++;
    } else {
      sm->ldst_resfail = 1;
    }
  }
  if (hit_ready > f->ready) {
    f->ready = hit_ready; /* the latest hit so far */
  }
  if (f->next_line == f->n_lines) {
    sm->ldst = NULL;
    if (f->lines_waiting == 0) {
      finish_flight(sm, f, f->ready > now ? f->ready : now);
    }
  }
}

/* A line came back for flight f. */
static void line_arrived(st_sm *sm, st_flight *f, uint64_t now) {
  if (f->lines_waiting > 0) {
    f->lines_waiting--;
  }
  if (f->lines_waiting == 0 && f->next_line == f->n_lines && sm->ldst != f) {
    if (f->acc.space == SP_GLOBAL || f->acc.space == SP_LOCAL) {
      sm->stats.mem_latency_sum += now - f->t_issue;
      sm->stats.mem_latency_count++;
    }
    finish_flight(sm, f, f->ready > now ? f->ready : now);
  }
}

void st_sm_mem_reply(st_sm *sm, st_mreq *r, uint64_t now) {
  if (r->kind == ACC_INST_R) {
    st_cache_fill(sm->l1i, r->addr, now);
    st_mreq *x;
    bool r_seen = false;
    while ((x = st_cache_pop_ready(sm->l1i)) != NULL) {
      r_seen = r_seen || x == r;
      st_mreq_free(sm->pool, x);
    }
    st_sm_ifill(sm, st_cache_line_of(sm->l1i, r->addr), now);
    if (!r_seen) {
      st_mreq_free(sm->pool, r);
    }
    return;
  }
  if (r->l1_bypass || r->kind == ACC_ATOMIC) {
    st_flight *f = r->cookie;
    st_mreq_free(sm->pool, r);
    if (f != NULL) {
      line_arrived(sm, f, now);
    }
    return;
  }
  st_cache *c = r->kind == ACC_CONST_R ? sm->l1c : sm->l1d;
  if (r->op != MREQ_READ) {
    st_mreq_free(sm->pool, r); /* a write acknowledgement */
    return;
  }
  st_cache_fill(c, r->addr, now);
  st_mreq *x;
  bool r_seen = false;
  while ((x = st_cache_pop_ready(c)) != NULL) {
    st_flight *f = x->cookie;
    r_seen = r_seen || x == r;
    st_mreq_free(sm->pool, x);
    if (f != NULL) {
      line_arrived(sm, f, now);
    }
  }
  if (!r_seen) {
    st_mreq_free(sm->pool, r);
  }
}

void st_sm_drain_misses(st_sm *sm, uint64_t now) {
  /* Instruction misses first, then constants, then data. What leaves the
   * L1D waits l1d.miss_latency (when not 0) in l1_pipe, in order (the
   * latency is the same for all), and joins `out` in the cycle it is due,
   * after that cycle's own instruction and constant misses. With
   * sm.out_queue = Q > 0, `out` holds at most Q requests and l1_pipe at most
   * l1d.miss_latency: the rest waits in the caches' miss queues. */
  if (!sm->misses_queued && sm->l1_pipe.len == 0) {
    return; /* no access since the last drain left every miss queue empty */
  }
  const uint32_t cap = (uint32_t)sm->cfg->sm.out_queue;
  const uint32_t lat = (uint32_t)sm->cfg->l1d.miss_latency;
  st_cache *order[3] = {sm->l1i, sm->l1c, sm->l1d};
  for (int i = 0; i < 3; i++) {
    const bool piped = order[i] == sm->l1d && lat > 0;
    st_mreq *r;
    while ((cap == 0 || (piped ? sm->l1_pipe.len < lat : sm->out.len < cap)) &&
           (r = st_cache_pop_miss(order[i])) != NULL) {
      r->sm = (uint16_t)sm->id;
      r->cluster = (uint16_t)(sm->id / (uint32_t)sm->cfg->gpu.sms_per_cluster);
      if (r->op == MREQ_WRITE || r->op == MREQ_WRITEBACK) {
        r->wants_reply = 0;
      }
      if (piped) {
        r->t_ready = now + lat;
        st_mqueue_push(&sm->l1_pipe, r);
      } else {
        st_mqueue_push(&sm->out, r);
      }
    }
  }
  st_mreq *r;
  while ((cap == 0 || sm->out.len < cap) && (r = st_mqueue_peek(&sm->l1_pipe)) != NULL &&
         r->t_ready <= now) {
    (void)st_mqueue_pop(&sm->l1_pipe);
    st_mqueue_push(&sm->out, r);
  }
  /* (What the out queue's or the pipe's capacity held back.) */
  sm->misses_queued = st_cache_peek_miss(sm->l1i) != NULL || st_cache_peek_miss(sm->l1c) != NULL ||
                      st_cache_peek_miss(sm->l1d) != NULL;
}

/* ---- an SM's sleeping cycles (sm.c) ------------------------------------- */

/* The request the LD/ST unit's next attempt makes (its fields that the
 * cache's remembered refusal compares), and its cache. */
static st_cache *retry_request(const st_sm *sm, const st_flight *f, st_mreq *r) {
  memset(r, 0, sizeof *r);
  refusal_probe(sm, f, f->lines[f->next_line], r);
  return f->acc.space == SP_CONST || f->acc.space == SP_PARAM ? sm->l1c : sm->l1d;
}

bool st_sm_ldst_waits(const st_sm *sm) {
  const st_flight *f = sm->ldst;
  if (f == NULL) {
    return sm->ldst_queue_head == NULL;
  }
  if (!sm->ldst_resfail || f->acc.space == SP_SHARED || f->next_line >= f->n_lines) {
    return false;
  }
  st_mreq r;
  const st_cache *c = retry_request(sm, f, &r);
  return st_cache_would_refuse(c, &r);
}

void st_sm_ldst_count_refusal(st_sm *sm, st_cache_stats *l1d, st_cache_stats *l1c) {
  const st_flight *f = sm->ldst;
  if (f != NULL && sm->ldst_resfail) {
    st_mreq r;
    st_cache *c = retry_request(sm, f, &r);
    st_cache_count_refusals(c, &r, 1, c == sm->l1d ? l1d : l1c);
  }
}

uint64_t st_sm_drain_due(const st_sm *sm) {
  const uint32_t cap = (uint32_t)sm->cfg->sm.out_queue;
  const uint32_t lat = (uint32_t)sm->cfg->l1d.miss_latency;
  const bool out_room = cap == 0 || sm->out.len < cap;
  const st_cache *order[3] = {sm->l1i, sm->l1c, sm->l1d};
  for (int i = 0; sm->misses_queued && i < 3; i++) {
    const bool piped = order[i] == sm->l1d && lat > 0;
    if ((piped ? sm->l1_pipe.len < lat : out_room) && st_cache_peek_miss(order[i]) != NULL) {
      return 0;
    }
  }
  const st_mreq *r = st_mqueue_peek(&sm->l1_pipe);
  return out_room && r != NULL ? r->t_ready : UINT64_MAX;
}

void st_sm_ldst_refusal_counters(st_sm *sm, uint64_t *ctr[2]) {
  const st_flight *f = sm->ldst;
  ctr[0] = ctr[1] = NULL;
  if (f != NULL && sm->ldst_resfail) {
    st_mreq r;
    st_cache *c = retry_request(sm, f, &r);
    st_cache_refusal_counters(c, &r, ctr);
  }
}

uint64_t st_sm_code_base(const st_kernel *k) {
  /* The first module's code at ST_CODE_BASE, the others' 4 GiB apart above
   * every data region. */
  uint64_t m = k->kmod->index;
  return m == 0 ? ST_CODE_BASE : ST_CODE_MORE_BASE + (m << 32);
}
