/* The SM: lifetime, CTA residency, the order of stages within a cycle, and
 * the per-cycle statistics. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fault.h"
#include "common/hash.h"
#include "common/par.h"
#include "core/sm_internal.h"

static void settle(st_sm *sm);

/* An event from outside the SM's cycle (or a cycle run in full) ends its
 * sleep, and the timing loop's copy of it. */
static void sleep_end(st_sm *sm) {
  sm->sleep.on = false;
  st_sm_doze_stop(sm);
}

/* n zeroed records of size bytes (a multiple of align) aligned to align,
 * host cache lines for the records that are one: NULL only out of memory. */
static void *zalloc_aligned(size_t align, size_t n, size_t size) {
  size_t bytes = (n ? n : 1) * size;
  void *p = aligned_alloc(align, bytes);
  if (p != NULL) {
    memset(p, 0, bytes);
  }
  return p;
}

st_status st_sm_create(const st_config *cfg, uint32_t id, st_mreq_pool *pool, st_sm **out,
                       st_error *err) {
  st_sm *sm = zalloc_aligned(_Alignof(st_sm), 1, sizeof *sm);
  if (sm == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory creating an SM");
  }
  sm->id = id;
  sm->cfg = cfg;
  sm->pool = pool;
  sm->max_warps = (uint32_t)(cfg->sm.max_threads / cfg->sm.warp_size);
  sm->n_cta_slots = (uint32_t)cfg->sm.max_ctas;
  sm->n_sched = (uint32_t)cfg->sm.num_schedulers;
  if (sm->n_sched > ST_MAX_SCHED) {
    sm->n_sched = ST_MAX_SCHED;
  }
  /* (aligned as the record asks: one host cache line for a look at a warp) */
  sm->warps = zalloc_aligned(_Alignof(st_twarp), sm->max_warps, sizeof *sm->warps);
  sm->free_run = sm->max_warps;
  sm->fit_epoch = &sm->fit_epoch_own;
  sm->ctas = calloc(sm->n_cta_slots, sizeof *sm->ctas);
  const uint32_t colls[UNIT_KINDS] = {(uint32_t)cfg->sm.oc_sp, (uint32_t)cfg->sm.oc_sfu,
                                      (uint32_t)cfg->sm.oc_sp, (uint32_t)cfg->sm.oc_mem};
  const uint32_t units[UNIT_KINDS] = {(uint32_t)cfg->sm.num_sp_units,
                                      (uint32_t)cfg->sm.num_sfu_units,
                                      (uint32_t)(cfg->sm.num_dp_units ? cfg->sm.num_dp_units : 1),
                                      (uint32_t)cfg->sm.num_ldst_units};
  bool ok = sm->warps != NULL && sm->ctas != NULL;
  for (unsigned u = 0; ok && u < UNIT_KINDS; u++) {
    sm->n_coll[u] = colls[u];
    sm->n_units[u] = units[u];
    sm->coll[u] = zalloc_aligned(_Alignof(st_collector), colls[u], sizeof *sm->coll[u]);
    sm->unit_free[u] = calloc(units[u], sizeof *sm->unit_free[u]);
    ok = sm->coll[u] != NULL && sm->unit_free[u] != NULL;
  }
  for (uint32_t i = 0; i < sm->max_warps; i++) {
    sm->sched_mask[i % sm->n_sched] |= UINT64_C(1) << i;
  }
  st_sm_wake_all(sm);
  sm->skip_quiet = cfg->sim.skip_idle;
  sm->check_skips = cfg->sim.check_skips;
  sm->fault_lost_wake = st_fault_planted("lost-wake");
  sm->fault_late_result = st_fault_planted("late-result");
  sm->fault_sleep_deaf = st_fault_planted("sleep-deaf");
  sm->fault_blind_recheck = st_fault_planted("blind-recheck");
  sm->fault_ready_blind = st_fault_planted("ready-blind-quiet");
  sm->fault_stale_head = st_fault_planted("stale-head");
  sm->fault_stale_pc = st_fault_planted("stale-pc");
  sm->fault_lazy_unchecked = st_fault_planted("lazy-unchecked");
  sm->fault_doze_deaf = st_fault_planted("doze-deaf");
  sm->fault_idle_deaf = st_fault_planted("idle-deaf");
  sm->fault_ctl_still = st_fault_planted("ctl-still");
  sm->fault_deaf_drain = st_fault_planted("deaf-drain");
  if (!ok) {
    st_sm_destroy(sm);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory creating an SM");
  }
  char name[32];
  snprintf(name, sizeof name, "sm%u.l1i", id);
  st_status rc = st_cache_create(&cfg->l1i, name, pool, &sm->l1i, err);
  snprintf(name, sizeof name, "sm%u.l1d", id);
  if (rc == ST_OK) {
    rc = st_cache_create(&cfg->l1d, name, pool, &sm->l1d, err);
  }
  snprintf(name, sizeof name, "sm%u.l1c", id);
  if (rc == ST_OK) {
    rc = st_cache_create(&cfg->l1c, name, pool, &sm->l1c, err);
  }
  if (rc != ST_OK) {
    st_sm_destroy(sm);
    return rc;
  }
  bool stale = st_fault_planted("stale-refusal");
  st_cache_set_check(sm->l1i, cfg->sim.check_skips, stale);
  st_cache_set_check(sm->l1d, cfg->sim.check_skips, stale);
  st_cache_set_check(sm->l1c, cfg->sim.check_skips, stale);
  st_mqueue_init(&sm->out, 0);
  st_mqueue_init(&sm->l1_pipe, 0);
  rc = st_sm_units_init(sm, err);
  if (rc != ST_OK) {
    st_sm_destroy(sm);
    return rc;
  }
  *out = sm;
  return ST_OK;
}

/* The longest run of free warp slots (a block's warps take consecutive
 * ones), after slots were taken or freed. */
static void measure_free_run(st_sm *sm) {
  uint32_t run = 0, best = 0;
  for (uint32_t i = 0; i < sm->max_warps; i++) {
    run = sm->warps[i].fw == NULL && !sm->warps[i].inflight ? run + 1 : 0;
    best = run > best ? run : best;
  }
  sm->free_run = best;
}

static void release_warp_slot(st_twarp *tw) {
  free(tw->pending);
  free(tw->pending_mem);
  memset(tw, 0, sizeof *tw);
}

void st_sm_destroy(st_sm *sm) {
  if (sm == NULL) {
    return;
  }
  for (uint32_t i = 0; i < sm->max_warps && sm->warps != NULL; i++) {
    release_warp_slot(&sm->warps[i]);
  }
  for (unsigned u = 0; u < UNIT_KINDS; u++) {
    free(sm->coll[u]);
    free(sm->unit_free[u]);
  }
  st_sm_units_destroy(sm);
  /* Records still in flight when a kernel was stopped early are freed too. */
  st_flight *f = sm->all_flights;
  while (f != NULL) {
    st_flight *n = f->all_next;
    free(f);
    f = n;
  }
  free(sm->wb.a);
  st_cache_destroy(sm->l1i);
  st_cache_destroy(sm->l1d);
  st_cache_destroy(sm->l1c);
  /* A kernel stopped early (a cycle or instruction limit) leaves CTAs resident. */
  for (uint32_t i = 0; i < sm->n_cta_slots && sm->ctas != NULL; i++) {
    st_cta_destroy(sm->ctas[i].cta);
  }
  free(sm->warps);
  free(sm->ctas);
  free(sm);
}

void st_sm_set_error(st_sm *sm, st_error *err) { sm->err = err; }

void st_sm_set_par(st_sm *sm, struct st_par *par) { sm->par = par; }

void st_sm_set_doze(st_sm *sm, st_sm_doze *d) {
  settle(sm);
  st_sm_doze_stop(sm);
  sm->doze = d;
  if (d != NULL) {
    d->until = 0;
    d->skipped = 0;
    d->from = 0;
  }
}

bool st_sm_slept_on(const st_sm *sm) { return sm->sleep.held; }

void st_sm_set_fit_epoch(st_sm *sm, uint64_t *epoch) {
  sm->fit_epoch = epoch != NULL ? epoch : &sm->fit_epoch_own;
}

void st_sm_kernel_begin(st_sm *sm, const st_rkernel *rk, bool gpu_idle) {
  settle(sm);
  sleep_end(sm);
  st_sm_wake_all(sm);
  uint32_t n = rk->ctas_per_sm < sm->n_cta_slots ? rk->ctas_per_sm : sm->n_cta_slots;
  st_sm_units_kernel_begin(sm, n, gpu_idle);
}

st_status st_sm_attach_cosim(st_sm *sm, const st_cosim_provider *prov, st_error *err) {
  return st_sm_units_attach(sm, prov, err);
}

/* Ranks the resident warps by age (0: oldest), the age input of the
 * greedy-then-oldest orders. Called whenever residency changes. */
static void rank_ages(st_sm *sm) {
  ST_BITS(i, sm->occ) {
    uint8_t r = 0;
    ST_BITS(k, sm->occ) { r = (uint8_t)(r + (sm->warps[k].age < sm->warps[i].age)); }
    sm->warps[i].age_rank = r;
  }
}

bool st_sm_can_launch(const st_sm *sm, const st_rkernel *rk) {
  if (sm->sig.admit_closed) {
    return false; /* an SM controller closed the SM to new blocks (DYNCTA's limit n) */
  }
  if (sm->gpu_closed) {
    return false; /* a GPU-level unit closed it (the bubble controller's diversion) */
  }
  return st_sm_fits(sm, rk);
}

bool st_sm_fits(const st_sm *sm, const st_rkernel *rk) {
  if (rk->resident[sm->id] >= rk->ctas_per_sm || sm->resident >= sm->n_cta_slots) {
    return false;
  }
  /* Blocks of other kernels share the registers and the shared memory (one
   * kernel's limit already keeps its own blocks within them). */
  if (sm->regs_used + rk->regs_per_cta > (uint64_t)sm->cfg->sm.registers ||
      sm->shared_used + rk->shared_per_cta > (uint64_t)sm->cfg->sm.shared_mem) {
    return false;
  }
  return rk->k->warps_per_cta <= sm->free_run;
}

static bool reserve_scoreboard(st_twarp *tw, uint32_t rows) {
  tw->pending = calloc(rows, 1);
  tw->pending_mem = calloc(rows, 1);
  tw->sb_rows = rows;
  return tw->pending != NULL && tw->pending_mem != NULL;
}

st_status st_sm_launch_cta(st_sm *sm, st_rkernel *rk, uint64_t linear, uint64_t now,
                           st_error *err) {
  settle(sm);
  if (!(sm->fault_idle_deaf && sm->sleep.idle)) { /* (the planted fault sleeps on) */
    sleep_end(sm);
  }
  const st_kernel *k = rk->k;
  uint32_t slot = 0;
  while (slot < sm->n_cta_slots && sm->ctas[slot].cta != NULL) {
    slot++;
  }
  uint32_t need = k->warps_per_cta, first = 0, run = 0;
  for (uint32_t i = 0; i < sm->max_warps; i++) {
    run = sm->warps[i].fw == NULL && !sm->warps[i].inflight ? run + 1 : 0;
    if (run == need) {
      first = i + 1 - need;
      break;
    }
  }
  if (slot == sm->n_cta_slots || run < need) {
    return st_error_set(err, ST_ERR_INTERNAL, "SM %u: no room for a CTA", sm->id);
  }
  if (sm->resident == 0 && sm->cfg->l1d.invalidate_when_empty) {
    st_cache_invalidate(sm->l1d); /* lines of earlier kernels are not coherent */
  }
  st_cta *cta = NULL;
  st_status rc = st_cta_create(k, linear, sm->id, slot, &cta, err);
  if (rc != ST_OK) {
    return rc;
  }
  sm->ctas[slot].cta = cta;
  sm->ctas[slot].rk = rk;
  uint64_t code_base = st_sm_code_base(k);
  sm->ctas[slot].first_warp = first;
  sm->ctas[slot].warps_live = cta->nwarps;
  sm->ctas[slot].t_launch = now;
  sm->ctas[slot].t_first_exit = 0;
  sm->ctas[slot].exit_sum = 0;
  sm->ctas[slot].oracle_sum = 0;
  sm->ctas[slot].oracle_crit = 0;
  for (uint32_t w = 0; w < cta->nwarps; w++) {
    st_twarp *tw = &sm->warps[first + w];
    st_sm_head_forget(sm, tw);
    release_warp_slot(tw);
    tw->oracle_t = rk->oracle != NULL ? rk->oracle[linear * k->warps_per_cta + w] : 0;
    tw->t_exit = 0;
    sm->ctas[slot].oracle_sum += tw->oracle_t;
    if (tw->oracle_t > sm->warps[first + sm->ctas[slot].oracle_crit].oracle_t) {
      sm->ctas[slot].oracle_crit = w;
    }
    tw->fw = &cta->warps[w];
    tw->fw->hw_slot = first + w;
    tw->rk = rk;
    tw->dec = rk->dec;
    tw->code_base = code_base;
    sm->occ |= UINT64_C(1) << (first + w);
    sm->n_occ++;
    tw->stall = STALL_FETCH;
    tw->probe_since = sm->stats.cycles;
    tw->t_launch = sm->stats.cycles;
    sm->stall_count[STALL_FETCH]++;
    sm->cause_mask[STALL_FETCH] |= UINT64_C(1) << (first + w);
    tw->cta_slot = slot;
    tw->age = sm->next_age++;
    tw->fetch_pc = st_warp_pc(tw->fw);
    tw->pc = tw->fetch_pc;
    if (!reserve_scoreboard(tw, k->reg_rows ? k->reg_rows : 1)) {
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    if (tw->fw->state == ST_WARP_DONE) {
      tw->finished = 1;
      sm->ctas[slot].warps_live--;
      cta->warps_done++;
    }
  }
  if (sm->ctas[slot].warps_live == 0) {
    sm->done_ctas |= UINT64_C(1) << slot;
  }
  rank_ages(sm);
  st_sm_wake_all(sm);
  st_sm_units_tb_launch(sm, slot);
  sm->resident++;
  st_sm_fit_changed(sm);
  rk->resident[sm->id]++;
  sm->regs_used += rk->regs_per_cta;
  sm->shared_used += rk->shared_per_cta;
  sm->stats.ctas_launched++;
  measure_free_run(sm);
  return ST_OK;
}

/* The probe's counters of a warp whose CTA retires join the SM's. The
 * structural category held the MSHR cycles too (probe_account). */
static void probe_retire(st_sm *sm, st_twarp *tw) {
  st_sm_probe_close(sm, tw);
  tw->probe[PROBE_STRUCT] -= tw->probe[PROBE_MSHR];
  for (int k = 0; k < PROBE_KINDS; k++) {
    sm->stats.probe[k] += tw->probe[k];
  }
  sm->stats.probe_warps++;
  sm->stats.probe_elapsed += sm->stats.cycles - tw->t_launch;
}

/* A CTA whose warps all finished, with nothing in flight, leaves the SM. */
static void retire_ctas(st_sm *sm) {
  ST_BITS(s, sm->done_ctas) {
    st_tcta *tc = &sm->ctas[s];
    bool quiet = true;
    for (uint32_t w = 0; w < tc->cta->nwarps; w++) {
      quiet = quiet && sm->warps[tc->first_warp + w].inflight == 0;
    }
    if (!quiet) {
      continue;
    }
    for (uint32_t w = 0; w < tc->cta->nwarps; w++) {
      probe_retire(sm, &sm->warps[tc->first_warp + w]);
      if (tc->rk->rec_sink != NULL) {
        const st_twarp *tw = &sm->warps[tc->first_warp + w];
        st_critrec r;
        r.launch = tc->rk->launch;
        r.cta = tc->cta->linear_id;
        r.warp = w;
        r.sm = sm->id;
        r.time = tw->t_exit > tc->t_launch ? tw->t_exit - tc->t_launch : 0;
        memcpy(r.probe, tw->probe, sizeof r.probe);
        tc->rk->rec_sink(tc->rk->rec_ctx, &r);
      }
      uint8_t cause = sm->warps[tc->first_warp + w].stall;
      sm->stall_count[cause]--;
      sm->cause_mask[cause] &= ~(UINT64_C(1) << (tc->first_warp + w));
      st_sm_head_forget(sm, &sm->warps[tc->first_warp + w]);
      release_warp_slot(&sm->warps[tc->first_warp + w]);
      sm->occ &= ~(UINT64_C(1) << (tc->first_warp + w));
      sm->n_occ--;
      sm->decoding &= ~(UINT64_C(1) << (tc->first_warp + w));
    }
    st_cta_destroy(tc->cta);
    tc->cta = NULL;
    tc->rk->resident[sm->id]--;
    tc->rk->ctas_retired++;
    sm->regs_used -= tc->rk->regs_per_cta;
    sm->shared_used -= tc->rk->shared_per_cta;
    tc->rk = NULL;
    sm->done_ctas &= ~(UINT64_C(1) << s);
    sm->ev.cta_exit |= UINT64_C(1) << s;
    sm->resident--;
    st_sm_fit_changed(sm);
    sm->stats.ctas_done++;
    rank_ages(sm);
    st_sm_wake_all(sm);
    measure_free_run(sm);
  }
}

void st_sm_retire(st_sm *sm) {
  if (sm->done_ctas != 0) {
    retire_ctas(sm);
  }
}

/* Classifies the cycle for RACT and the SM controllers (spec/dyncta.md §8
 * A1; the choices are in docs/timing.md): stall, ready, mem_any, mem_all,
 * membar_all. A warp held only because its arithmetic
 * pipeline is busy counts as active (the core issues at its throughput); one
 * held because the LD/ST unit is backed up counts as waiting on memory. */
static void core_flags(const st_sm *sm, st_cycle_flags *f) {
  memset(f, 0, sizeof *f);
  if (sm->wb_stalled) {
    f->stall = 1;
    return;
  }
  if (sm->issued_any || sm->any_ready) {
    f->ready = 1;
    return;
  }
  /* A warp whose I-buffer waits to be filled is ready to fetch. */
  if (sm->stall_count[STALL_FETCH] + sm->stall_count[STALL_CONTROL] > 0) {
    f->ready = 1;
    return;
  }
  /* A warp held for a busy collector is waiting on memory if what it holds
   * is a memory instruction (the LD/ST unit is backed up), else active. */
  if ((sm->cause_mask[STALL_STRUCTURAL] & ~sm->struct_mem) != 0) {
    f->ready = 1;
    return;
  }
  /* sm.alu_wait_active: a warp waiting on an arithmetic result in flight
   * keeps the core active (its pipeline holds the work). */
  if (sm->cfg->sm.alu_wait_active && sm->stall_count[STALL_DATA_ALU] > 0) {
    f->ready = 1;
    return;
  }
  uint32_t mem_blocked = sm->stall_count[STALL_STRUCTURAL]; /* (its mask's bits) */
  uint32_t live = sm->n_occ - sm->stall_count[STALL_EXIT];
  uint32_t mem = sm->stall_count[STALL_DATA_MEM] + mem_blocked;
  f->mem_any = live > 0 && mem > 0;
  f->mem_all = live > 0 && mem == live;
  f->membar_all = live > 0 && mem + sm->stall_count[STALL_BARRIER] == live;
}

/* The cycle's state for the statistics: the non-strict classes of
 * spec/dyncta.md §8 A1. */
static st_core_state core_state(const st_cycle_flags *f) {
  if (f->stall) {
    return CORE_STALL;
  }
  if (f->ready) {
    return CORE_ACTIVE;
  }
  return f->mem_any && f->membar_all ? CORE_MEM_WAIT : CORE_IDLE;
}

static void account(st_sm *sm, uint64_t n) {
  core_flags(sm, &sm->flags);
  sm->stats.cycles += n;
  sm->stats.state[core_state(&sm->flags)] += n;
  if (n == 1) {
    /* (a cycle run in full: a straight sum the compiler makes vector adds of) */
    for (int k = 0; k < STALL_KINDS; k++) {
      sm->stats.stall[k] += sm->stall_count[k];
    }
  } else {
    for (int k = 0; k < STALL_KINDS; k++) {
      sm->stats.stall[k] += (uint64_t)sm->stall_count[k] * n;
    }
  }
  if (sm->wb_stalled) {
    sm->stats.wb_stall_cycles += n;
  }
}

/* The probe's MSHR share of structural stalls (spec §7 C-2): warps held for
 * the LD/ST unit's collector while the unit's L1D access fails to reserve,
 * for n cycles. */
static void probe_account(st_sm *sm, uint64_t n) {
  if (sm->ldst_resfail) {
    ST_BITS(slot, sm->cause_mask[STALL_STRUCTURAL] & sm->struct_mem) {
      sm->warps[slot].probe[PROBE_MSHR] += n;
    }
  }
}

/* Nothing resident and nothing in flight: the cycle only counts as idle. */
static st_status full_cycle(st_sm *sm, uint64_t now);

static bool empty(const st_sm *sm) {
  return sm->occ == 0 && sm->wb.n == 0 && sm->ldst == NULL && sm->ldst_queued == 0 &&
         sm->coll_busy == 0 && st_mqueue_empty(&sm->out) && st_mqueue_empty(&sm->l1_pipe);
}

/* ---- sleeping cycles ------------------------------------------------------ */

/* An SM sleeps through a cycle in which running its stages would change
 * nothing but the statistics: no result is due, no warp can issue, fetch or
 * decode, no unit would be evaluated (every scheduler and the fetch arbiter
 * quiet, nothing woken), the LD/ST unit is idle or its next line would be
 * refused again as in the last cycle (an L1 MSHR or miss queue full: only a
 * fill or a drained miss changes that) and the operand collectors hold only
 * memory instructions that its full queue cannot take, the miss drain would move nothing,
 * and the controllers allow a skipped cycle. Unlike idle-cycle skipping
 * (timing.c), which jumps the whole GPU when the memory system is quiet, this
 * holds for one SM and one cycle while the rest of the GPU runs: a reply
 * delivered or an outgoing request taken changes the state the test reads,
 * so the SM runs in full again from its next cycle. sim.check_skips runs
 * such cycles in full and checks that they account the same and change
 * nothing (checked_sleep). */
static void account(st_sm *sm, uint64_t n);
static void probe_account(st_sm *sm, uint64_t n);

/* Accounts the cycles slept and not yet accounted (the state they were
 * slept in still holds). */
static void settle(st_sm *sm) {
  if (sm->doze != NULL) {
    sm->sleep.pending += st_sm_doze_take(sm->doze); /* the cycles the timing loop counted */
  }
  uint64_t n = sm->sleep.pending;
  if (n != 0) {
    sm->sleep.pending = 0;
    account(sm, n);
    probe_account(sm, n);
    if (sm->sleep.refusal[0] != NULL) {
      *sm->sleep.refusal[0] += n;
      *sm->sleep.refusal[1] += n;
    }
  }
}

/* Whether the SM sleeps through cycle now; if so, *until is the first cycle
 * at which time alone (a result due, fetched instructions arriving, a miss
 * leaving the L1's pipeline) ends the sleep. */
static bool sleeps(st_sm *sm, uint64_t now, uint64_t *until) {
  /* (A warp whose I-buffer head could issue but for a busy collector or
   * unit waits for a wake: its scheduler stays quiet until then.) */
  if (sm->issued_any || sm->any_ready || sm->wb_stalled || sm->done_ctas != 0 ||
      ((sm->wake | sm->fetch_wake) & sm->occ) != 0 || !st_sm_collectors_wait(sm)) {
    return false;
  }
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    if ((sm->occ & sm->sched_mask[s]) != 0 &&
        (!sm->sched[s].quiet || sm->sched[s].u->tb_launch != 0)) {
      return false;
    }
  }
  if (sm->occ != 0 && (!sm->fetch_quiet || sm->fetch->tb_launch != 0)) {
    return false;
  }
  /* A warp that wants a fetch: the fetch arbiter's eligibility, current
   * since no warp's fetch state changed (no fetch wake-up) and the arbiter
   * is quiet (sim.check_skips checks it from scratch here). */
  if (sm->check_skips && st_sm_check_fetch_elig(sm, now) != ST_OK) {
    return false;
  }
  if ((sm->fetch_elig & sm->occ) != 0) {
    return false;
  }
  uint64_t t = st_sm_drain_due(sm);
  uint64_t wb_next = st_wb_next_ready(&sm->wb);
  t = wb_next < t ? wb_next : t;
  /* Instructions on their way to an I-buffer arrive at decode_at (a warp
   * flushed meanwhile keeps its decoding bit with nothing on the way). */
  ST_BITS(i, sm->decoding & sm->occ) {
    const st_twarp *tw = &sm->warps[i];
    if (tw->decode_n != 0) {
      t = tw->decode_at < t ? tw->decode_at : t;
    }
  }
  if (t <= now || !st_sm_ldst_waits(sm) || (sm->n_ctl != 0 && st_sm_units_skippable(sm) == 0)) {
    return false;
  }
  *until = t;
  return true;
}

/* The sleep goes on through cycle now: nothing came from outside since it
 * began (st_sm_deliver, st_sm_pop_outgoing, a block placed: they end it),
 * nothing is due yet, no controller woke a warp or changed a signal, and
 * the controllers allow the cycle to be skipped. */
static bool sleep_holds(const st_sm *sm, uint64_t now) {
  if (sm->fault_idle_deaf && sm->sleep.on && sm->sleep.idle) {
    return true; /* (the planted fault: deaf to the block placed) */
  }
  return sm->sleep.on && now < sm->sleep.until && ((sm->wake | sm->fetch_wake) & sm->occ) == 0 &&
         (sm->ctl_still ||
          (memcmp(&sm->sleep.sig, &sm->sig, sizeof sm->sig) == 0 && st_sm_units_skippable(sm) > 0));
}

/* A sleeping cycle's accounting: what running the stages would have
 * counted (the classification of the last cycle, nothing issued, the LD/ST
 * unit's refused line). It is the same in every cycle of a sleep, so the
 * cycles are counted and accounted together (settle) before anything
 * changes the SM or reads its statistics. */
static st_status sleep_cycle(st_sm *sm) {
  sm->sleep.pending++;
  return ST_OK;
}

/* sim.check_skips: the cycle runs in full, and must account what sleeping
 * would and change nothing else. */
static st_status checked_sleep(st_sm *sm, uint64_t now) {
  /* What sleeping would count, on copies. */
  st_sm tmp = *sm;
  tmp.issued_any = 0;
  account(&tmp, 1); /* (the probe's counters are the warps': tmp shares them) */
  st_cache_stats l1d = *st_cache_get_stats(sm->l1d), l1c = *st_cache_get_stats(sm->l1c);
  st_sm_ldst_count_refusal(sm, &l1d, &l1c);
  st_sm_activity before, after;
  st_sm_activity_of(sm, &before);
  uint32_t next_line = sm->ldst != NULL ? sm->ldst->next_line : 0;
  st_status rc = full_cycle(sm, now);
  if (rc != ST_OK) {
    return rc;
  }
  sm->sleep.on = true; /* it changed nothing (checked below): the sleep goes on */
  st_sm_activity_of(sm, &after);
  char why[160] = "";
  if (memcmp(&l1d, st_cache_get_stats(sm->l1d), sizeof l1d) != 0 ||
      memcmp(&l1c, st_cache_get_stats(sm->l1c), sizeof l1c) != 0) {
    snprintf(why, sizeof why, "the L1 statistics differ (the LD/ST unit's line was not refused "
                              "as before)");
  } else if (sm->ldst != NULL && sm->ldst->next_line != next_line) {
    snprintf(why, sizeof why, "the LD/ST unit moved on to line %u", sm->ldst->next_line);
  } else if (!st_sm_stats_differ(&sm->stats, &tmp.stats, why, sizeof why) &&
             !st_sm_activity_differ(&after, &before, why, sizeof why)) {
    return ST_OK;
  }
  return st_error_set(sm->err, ST_ERR_INTERNAL,
                      "sim.check_skips: idle-cycle skipping would have given another result "
                      "at SM %u, cycle %" PRIu64 ": the SM was to sleep through it (the rest of "
                      "the GPU running), but run in full it accounts otherwise: %s",
                      sm->id, now, why);
}

st_status st_sm_cycle(st_sm *sm, uint64_t now) {
  if (!sm->ctl_end_cycle) {
    /* Nobody takes the cycle's events at an end_cycle hook. */
    sm->ev.cta_exit = 0;
    sm->ev.paused_issues = 0;
    sm->ev.paused_ready = 0;
  }
  sm->sleep.held = false;
  if (sm->skip_quiet) {
    sm->sleep.held = sleep_holds(sm, now);
    if (sm->sleep.held && sm->ctl_still && sm->check_skips &&
        memcmp(&sm->sleep.sig, &sm->sig, sizeof sm->sig) != 0) {
      return st_error_set(sm->err, ST_ERR_INTERNAL,
                          "sim.check_skips: a still controller changed its signals while SM %u "
                          "slept (cycle %" PRIu64 "): its hooks run between the SM's full cycles",
                          sm->id, now);
    }
    if (!sm->sleep.held) {
      settle(sm); /* (a new sleep may begin at once: its accounting is its own) */
      if (empty(sm)) {
        /* Nothing resident and nothing in flight: the cycle would count as
         * idle and change nothing, and so would every cycle after it until
         * something comes from outside (a block placed, a reply, a kernel
         * begun: each ends the sleep). The idle cycle's classification is
         * that of an SM with no warp (account counts it as the empty cycle
         * of full_cycle does). */
        sm->wb_stalled = 0;
        sm->issued_any = 0;
        sm->any_ready = 0;
        sm->sleep.on = sm->done_ctas == 0;
        sm->sleep.until = UINT64_MAX;
        sm->sleep.idle = true;
      } else {
        sm->sleep.on = sleeps(sm, now, &sm->sleep.until);
        sm->sleep.idle = false;
      }
      if (sm->sleep.on) {
        /* The cycle's classification for the controllers (account would
         * set it so in each cycle of the sleep). */
        core_flags(sm, &sm->flags);
        st_sm_ldst_refusal_counters(sm, sm->sleep.refusal);
        if (!sm->ctl_still || sm->check_skips) {
          sm->sleep.sig = sm->sig; /* (still controllers: for the check alone) */
        }
      }
    }
    if (sm->sleep.on) {
      st_status rc = sm->check_skips ? checked_sleep(sm, now) : sleep_cycle(sm);
      if (rc == ST_OK && sm->doze != NULL && sm->ctl_still) {
        /* The next cycles of the sleep can be counted in the timing loop
         * (with a controller that may change its signals between the SM's
         * full cycles they must be compared each cycle, here). */
        st_sm_doze *d = sm->doze;
        d->skipped = st_sm_doze_count(d);
        d->until = sm->sleep.until;
        d->from = now + 1;
      }
      return rc;
    }
  }
  return full_cycle(sm, now);
}

static st_status full_cycle(st_sm *sm, uint64_t now) {
  settle(sm);
  sleep_end(sm);
  sm->wb_stalled = 0;
  sm->issued_any = 0;
  sm->any_ready = 0;
  if (empty(sm)) {
    memset(&sm->flags, 0, sizeof sm->flags); /* idle */
    sm->stats.cycles++;
    sm->stats.state[CORE_IDLE]++;
    return ST_OK;
  }
  st_sm_writeback(sm, now);
  st_sm_ldst(sm, now);
  if (sm->err->code != ST_OK) {
    return sm->err->code;
  }
  st_sm_operands(sm, now);
  st_sm_issue(sm, now);
  if (sm->par != NULL) {
    st_par_turn_done(sm->par, sm->id); /* nothing after issue touches shared state */
  }
  if (sm->err->code != ST_OK) {
    return sm->err->code;
  }
  st_sm_decode(sm, now);
  st_sm_fetch(sm, now);
  if (sm->err->code == ST_OK) {
    st_sm_units_sm_end(sm, now, sm->err);
  }
  if (sm->err->code != ST_OK) {
    return sm->err->code;
  }
  st_sm_drain_misses(sm, now);
  account(sm, 1);
  probe_account(sm, 1);
  if (sm->par == NULL) {
    retire_ctas(sm);
  }
  if (sm->check_skips &&
      (st_sm_check_masks(sm, now) != ST_OK || st_sm_check_caches(sm, now) != ST_OK)) {
    return sm->err->code;
  }
  return ST_OK;
}

void st_sm_activity_of(const st_sm *sm, st_sm_activity *a) {
  memset(a, 0, sizeof *a);
  a->occ = sm->occ;
  a->decoding = sm->decoding;
  a->done_ctas = sm->done_ctas;
  a->wb = sm->wb.n;
  a->coll_busy = sm->coll_busy;
  a->ldst_queued = sm->ldst_queued;
  a->ldst_busy = sm->ldst != NULL;
  a->out_empty = st_mqueue_empty(&sm->out) && st_mqueue_empty(&sm->l1_pipe);
  a->resident = sm->resident;
  ST_BITS(i, sm->occ) {
    const st_twarp *tw = &sm->warps[i];
    a->ibuf += tw->ib_count;
    a->decode_n += tw->decode_n;
    a->fetch_wait += tw->fetch_wait;
    a->inflight += tw->inflight;
    a->finished += tw->finished;
    a->at_bar += tw->at_bar;
  }
  uint64_t h = ST_FNV1A64_INIT;
  for (uint32_t i = 0; i < sm->n_uinst; i++) {
    h = st_fnv1a64(h, sm->uinst[i]->s, sm->uinst[i]->desc->state_size);
  }
  a->units = h;
}

bool st_sm_activity_differ(const st_sm_activity *a, const st_sm_activity *b, char *why,
                           size_t size) {
  static const char *const names[] = {
      "the occupied warp slots", "the warps with fetched instructions on their way",
      "the finished blocks", "the results waiting for write-back", "the busy collectors",
      "the LD/ST queue", "the LD/ST unit", "the outgoing requests", "the resident blocks",
      "the I-buffers", "the instructions being decoded", "the I-cache misses waited on",
      "the instructions in flight", "the finished warps", "the warps at a barrier",
      "the registers of a unit"};
  const uint64_t *x = (const uint64_t *)(const void *)a, *y = (const uint64_t *)(const void *)b;
  for (size_t i = 0; i < sizeof *a / sizeof(uint64_t) && i < sizeof names / sizeof names[0]; i++) {
    if (x[i] != y[i]) {
      snprintf(why, size, "%s changed (%" PRIu64 " -> %" PRIu64 ")", names[i], y[i], x[i]);
      return true;
    }
  }
  return false;
}

void st_sm_idle_stats(const st_sm *sm, st_sm_stats *out) {
  st_sm tmp = *sm;
  tmp.issued_any = 0;
  account(&tmp, 1);
  *out = tmp.stats;
}

/* The fields of st_sm_stats, for reports: where each begins and how many
 * counters it holds. */
typedef struct stats_field {
  size_t offset;
  const char *name;
  unsigned count;
} stats_field;

#define SF(f, n) {offsetof(st_sm_stats, f), #f, n}
static const stats_field stats_fields[] = {
    SF(cycles, 1),          SF(state, CORE_STATES),    SF(warp_insts, 1),
    SF(thread_insts, 1),    SF(stall, STALL_KINDS),    SF(wb_stall_cycles, 1),
    SF(bank_conflict_cycles, 1), SF(shared_bank_extra, 1), SF(mem_insts, 1),
    SF(mem_lines, 1),       SF(mem_latency_sum, 1),    SF(mem_latency_count, 1),
    SF(ctas_launched, 1),   SF(ctas_done, 1),          SF(fetches, 1),
    SF(icache_misses, 1),   SF(disparity_ppm, 1),      SF(disparity_ctas, 1),
    SF(idle_share_ppm, 1),  SF(equalize_ppm, 1),       SF(warp_time_sum, 1),
    SF(warps_exited, 1),    SF(probe, PROBE_KINDS),    SF(probe_warps, 1),
    SF(probe_elapsed, 1),   SF(oracle_ctas, 1),        SF(oracle_inverted, 1),
    SF(oracle_crit_time, 1), SF(unit_insts, 4),       SF(unit_lanes, 4),
    SF(rf_reads, 1),        SF(rf_writes, 1),          SF(collector_allocs, 1),
    SF(shared_passes, 1),
};

bool st_sm_stats_differ(const st_sm_stats *a, const st_sm_stats *b, char *why, size_t size) {
  for (size_t i = 0; i < sizeof stats_fields / sizeof stats_fields[0]; i++) {
    const stats_field *f = &stats_fields[i];
    for (unsigned k = 0; k < f->count; k++) {
      uint64_t x, y;
      memcpy(&x, (const char *)a + f->offset + k * 8, 8);
      memcpy(&y, (const char *)b + f->offset + k * 8, 8);
      if (x != y) {
        if (f->count > 1) {
          snprintf(why, size, "%s[%u] %" PRIu64 " instead of %" PRIu64, f->name, k, x, y);
        } else {
          snprintf(why, size, "%s %" PRIu64 " instead of %" PRIu64, f->name, x, y);
        }
        return true;
      }
    }
  }
  return false;
}

void st_sm_account_idle(st_sm *sm, uint64_t n) {
  settle(sm);
  /* Nothing moved: the classification of the last cycle holds for n more,
   * except that nothing issued. */
  sm->issued_any = 0;
  account(sm, n);
  probe_account(sm, n);
}

void st_sm_deliver(st_sm *sm, st_mreq *r, uint64_t now) {
  settle(sm);
  sm->sleep.on = sm->sleep.on && sm->fault_sleep_deaf; /* (the planted fault sleeps on) */
  if (!sm->fault_doze_deaf) {
    st_sm_doze_stop(sm); /* (the planted fault dozes on) */
  }
  st_sm_mem_reply(sm, r, now);
}

st_mreq *st_sm_peek_outgoing(st_sm *sm) { return st_mqueue_peek(&sm->out); }

void st_sm_pop_outgoing(st_sm *sm) {
  settle(sm);
  sleep_end(sm); /* the miss drain may move one more */
  (void)st_mqueue_pop(&sm->out);
}

uint32_t st_sm_resident_ctas(const st_sm *sm) { return sm->resident; }

uint32_t st_sm_active_warps(const st_sm *sm) {
  return sm->n_occ - sm->stall_count[STALL_EXIT];
}

void st_sm_set_closed(st_sm *sm, bool closed) {
  settle(sm);
  sleep_end(sm);
  if (sm->gpu_closed != closed) {
    st_sm_fit_changed(sm);
  }
  sm->gpu_closed = closed;
}

bool st_sm_drained(const st_sm *sm) {
  return sm->resident == 0 && sm->wb.n == 0 && sm->ldst == NULL && sm->ldst_queued == 0 &&
         st_mqueue_empty(&sm->out) && st_mqueue_empty(&sm->l1_pipe) && st_cache_quiet(sm->l1d) && st_cache_quiet(sm->l1c) &&
         st_cache_quiet(sm->l1i);
}

uint64_t st_sm_next_event(const st_sm *sm, uint64_t now) {
  /* Anything that may act in the next cycle makes the SM busy. */
  if (sm->issued_any || sm->any_ready || sm->ldst != NULL || sm->ldst_queued != 0 ||
      !st_mqueue_empty(&sm->out) || !st_mqueue_empty(&sm->l1_pipe) || sm->wb_stalled) {
    return now + 1;
  }
  if (sm->coll_busy != 0) {
    return now + 1;
  }
  /* A unit that was evaluated in the last cycle and not found quiet may
   * change its registers on the next edge: skipped cycles do not clock it. */
  for (uint32_t s = 0; s < sm->n_sched; s++) {
    if ((sm->occ & sm->sched_mask[s]) != 0 && !sm->sched[s].quiet) {
      return now + 1;
    }
  }
  if (sm->occ != 0 && !sm->fetch_quiet) {
    return now + 1;
  }
  uint64_t next = UINT64_MAX;
  ST_BITS(i, sm->occ) {
    const st_twarp *tw = &sm->warps[i];
    if (!tw->finished && tw->ib_count != 0 && !tw->at_bar && tw->head_state != HEAD_BLOCKED) {
      return now + 1; /* an instruction waits in its I-buffer, not for a result */
    }
    if (tw->decode_n != 0) {
      next = tw->decode_at < next ? tw->decode_at : next;
    } else if (!tw->finished && !tw->fetch_wait && tw->ib_count == 0) {
      return now + 1; /* wants a fetch */
    }
  }
  if (sm->wb.n != 0) {
    uint64_t at = st_wb_next_ready(&sm->wb) + (sm->fault_late_result ? 1 : 0);
    next = at < next ? at : next;
  }
  if (sm->done_ctas != 0) {
    return now + 1; /* a CTA is about to retire */
  }
  return next <= now ? now + 1 : next;
}

void st_sm_inst_counts(const st_sm *sm, uint64_t *warp_insts, uint64_t *thread_insts) {
  *warp_insts = sm->stats.warp_insts; /* (a sleep leaves them as they are) */
  *thread_insts = sm->stats.thread_insts;
}

const st_sm_stats *st_sm_get_stats(st_sm *sm) {
  settle(sm);
  return &sm->stats;
}
const st_cache_stats *st_sm_l1d_stats(st_sm *sm) {
  settle(sm);
  return st_cache_get_stats(sm->l1d);
}
const st_cache_stats *st_sm_l1i_stats(st_sm *sm) {
  settle(sm);
  return st_cache_get_stats(sm->l1i);
}
const st_cache_stats *st_sm_l1c_stats(st_sm *sm) {
  settle(sm);
  return st_cache_get_stats(sm->l1c);
}

void st_sm_describe(const st_sm *sm, char *buf, size_t size) {
  size_t o = 0;
  buf[0] = '\0';
  ST_BITS(i, sm->occ) {
    const st_twarp *tw = &sm->warps[i];
    if (tw->finished || o + 1 >= size) {
      continue;
    }
    char line[512];
    st_warp_describe(tw->rk->k, tw->fw, line, sizeof line);
    int n = snprintf(buf + o, size - o, "\n  SM %u slot %u: %s; %u in flight", sm->id,
                     (unsigned)i, line, tw->inflight);
    if (n < 0) {
      break;
    }
    o += (size_t)n;
  }
}
