/* The functional run loop: CTAs are made resident up to what the GPU can
 * hold and run in rounds. In a round every resident CTA, in slot order, gets
 * one turn; in its turn its warps run in order, each for a quantum of
 * instructions or until it waits at a barrier or finishes. A barrier release
 * starts the CTA's pass over its warps again (the woken warps run at once),
 * at most CTA_RESTARTS times per turn, so a turn, and with it a round, is
 * bounded even for a CTA that loops through barriers. No timing is
 * modelled; the order is fixed, so runs are deterministic.
 *
 * Checks: the instruction budget (sim.max_insts) after every instruction; a
 * deadlock (every resident CTA had a turn in which no warp could run) after
 * every CTA turn; no progress (the state repeats, func_progress.h) at every
 * round start. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "gpu/func_progress.h"
#include "gpu/cdp.h"
#include "gpu/gpu_internal.h"

#define QUANTUM 64          /* instructions a warp runs before the next warp's turn */
#define CTA_RESTARTS 256    /* barrier releases that restart a CTA's pass in one turn */
#define MAX_STUCK_REPORTED 16

/* One kernel's functional run. */
typedef struct func_run {
  st_gpu *gpu;
  const st_kernel *k;
  st_exec_env env;
  uint64_t max_insts;      /* sim.max_insts, 0: none */
  st_func_progress prog;
  st_error *err;
} func_run;

static st_status report_deadlock(const st_kernel *k, st_cta **slots, uint32_t n_slots,
                                 const char *why, st_error *err) {
  st_strbuf sb = ST_STRBUF_INIT;
  st_strbuf_printf(&sb, "deadlock in kernel %s: %s", k->name, why);
  unsigned shown = 0, stuck = 0;
  for (uint32_t s = 0; s < n_slots; s++) {
    st_cta *cta = slots[s];
    if (cta == NULL) {
      continue;
    }
    for (uint32_t i = 0; i < cta->nwarps; i++) {
      if (cta->warps[i].state == ST_WARP_DONE) {
        continue;
      }
      stuck++;
      if (shown < MAX_STUCK_REPORTED) {
        char line[512];
        st_warp_describe(k, &cta->warps[i], line, sizeof line);
        st_strbuf_printf(&sb, "\n  %s", line);
        shown++;
      }
    }
  }
  if (stuck > shown) {
    st_strbuf_printf(&sb, "\n  ... and %u more stuck warps", stuck - shown);
  }
  st_error_set(err, ST_ERR_DEADLOCK, "%s", st_strbuf_cstr(&sb));
  st_strbuf_free(&sb);
  return ST_ERR_DEADLOCK;
}

/* Executes warp w's next instruction and counts it. Returns ST_ERR_FAULT on
 * a fault (the report is in r->err) and ST_ERR_LIMIT when the run reached
 * the instruction budget with it. */
static inline __attribute__((always_inline)) st_status step(func_run *r, st_warp *w,
                                                            st_exec_result *res) {
  uint32_t pc = st_warp_pc(w);
  uint64_t before = w->thread_insts;
  *res = st_exec_warp(&r->env, w);
  r->env.clock++;
  st_run_totals *t = &r->gpu->totals;
  t->warp_insts++;
  t->thread_insts += w->thread_insts - before;
  if (*res == ST_EXEC_FAULT) {
    return ST_ERR_FAULT;
  }
  st_func_progress_inst(&r->prog, r->k->mod, pc, w, *res);
  if (r->max_insts != 0 && t->thread_insts >= r->max_insts) {
    t->stopped_by = "sim.max_insts";
    return st_error_set(r->err, ST_ERR_LIMIT,
                        "kernel %s stopped after %" PRIu64 " thread instructions (sim.max_insts)",
                        r->k->name, t->thread_insts);
  }
  return ST_OK;
}

/* Hands the progress hook where the run stands (gpu/progress.h). */
static void report_progress(const func_run *r) {
  const st_gpu *gpu = r->gpu;
  st_progress p = {.kernel = r->k->name,
                   .launch = gpu->func_launch,
                   .kernels_done = gpu->totals.kernels,
                   .thread_insts = gpu->totals.thread_insts,
                   .max_insts = r->max_insts,
                   .functional = 1};
  st_progress_report(&r->gpu->progress, &p, gpu->totals.wall_seconds);
}

/* Gives cta its turn: a pass over its warps in order, each running up to
 * QUANTUM instructions while it is ready. A barrier release ends the
 * releasing warp's quantum and starts the pass again at warp 0, at most
 * CTA_RESTARTS times; after that the pass goes on with the next warp, so the
 * turn ends after at most (CTA_RESTARTS + 1) passes and every warp that is
 * ready when the pass reaches it gets its quantum. Sets *ran when an
 * instruction ran. */
static st_status cta_turn(func_run *r, st_cta *cta, bool *ran) {
  uint32_t restarts = 0;
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    st_warp *w = &cta->warps[i];
    for (int q = 0; q < QUANTUM && w->state == ST_WARP_READY; q++) {
      st_exec_result res;
      *ran = true;
      st_status rc = step(r, w, &res);
      if (rc != ST_OK) {
        return rc;
      }
      if (res == ST_EXEC_DONE) {
        st_cta_warp_finished(cta);
      }
      if (res == ST_EXEC_RELEASED) {
        if (restarts < CTA_RESTARTS) {
          /* Warps earlier in this pass were woken: give them a turn now. */
          restarts++;
          i = (uint32_t)-1;
        }
        break;
      }
    }
  }
  return ST_OK;
}

/* Runs kernel r->k in rounds over the CTA slots slots[0..n_slots) (all
 * free) until every CTA finished, or a fault, the budget, a deadlock or no
 * progress stops it. A finished CTA is kept in spare[s] and its memory made
 * the slot's next CTA (st_cta_reuse): host memory follows the resident CTAs,
 * not the grid, and is not allocated anew for each CTA. The CTAs left in
 * slots and spare are the caller's to destroy. */
static st_status run_rounds(func_run *r, st_cta **slots, st_cta **spare, uint32_t n_slots,
                            uint32_t nsms) {
  const st_kernel *k = r->k;
  uint64_t next_cta = 0, done_ctas = 0;
  uint32_t resident = 0;
  uint32_t idle_turns = 0; /* consecutive CTA turns in which no warp could run */
  while (done_ctas < k->num_ctas) {
    /* Fill free slots in order; slot s belongs to SM s % nsms. */
    for (uint32_t s = 0; s < n_slots && next_cta < k->num_ctas; s++) {
      if (slots[s] == NULL) {
        st_status rc;
        if (spare[s] != NULL) {
          slots[s] = spare[s];
          spare[s] = NULL;
          rc = st_cta_reuse(slots[s], k, next_cta++, s % nsms, s / nsms, r->err);
        } else {
          rc = st_cta_create(k, next_cta++, s % nsms, s / nsms, &slots[s], r->err);
        }
        if (rc != ST_OK) {
          return rc;
        }
        r->gpu->totals.ctas++;
        resident++;
        idle_turns = 0;
        st_func_progress_reset(&r->prog);
      }
    }
    if (st_func_progress_round(&r->prog, slots, n_slots, next_cta)) {
      return report_deadlock(k, slots, n_slots,
                             "no progress: the warps came back to a state they were in "
                             "before, with no global memory written in between, so they "
                             "loop for ever",
                             r->err);
    }
    for (uint32_t s = 0; s < n_slots; s++) {
      st_cta *cta = slots[s];
      if (cta == NULL) {
        continue;
      }
      bool ran = false;
      st_status rc = cta_turn(r, cta, &ran);
      if (rc != ST_OK) {
        return rc;
      }
      if (st_progress_due(&r->gpu->progress, ST_PROGRESS_EVERY_TURNS)) {
        report_progress(r);
      }
      if (cta->warps_done == cta->nwarps) {
        spare[s] = cta;
        slots[s] = NULL;
        resident--;
        done_ctas++;
      }
      /* A CTA none of whose warps can run stays so (only its own warps
       * release its barriers): when every resident CTA had such a turn in a
       * row, nothing can ever run again. */
      idle_turns = ran ? 0 : idle_turns + 1;
      if (resident != 0 && idle_turns >= resident) {
        return report_deadlock(k, slots, n_slots, "no warp can make progress", r->err);
      }
    }
  }
  return ST_OK;
}

st_status st_run_functional(st_gpu *gpu, st_kernel *k, st_error *err) {
  const st_config *cfg = &gpu->cfg;
  uint32_t nsms = (uint32_t)st_config_num_sms(cfg);
  uint32_t per_sm = st_occupancy(cfg, k);
  if (per_sm == 0) {
    return st_error_set(err, ST_ERR_USAGE, "kernel %s: a CTA does not fit on an SM", k->name);
  }
  uint32_t n_slots = nsms * per_sm;
  if ((uint64_t)n_slots > k->num_ctas) {
    n_slots = (uint32_t)k->num_ctas;
  }
  func_run r;
  memset(&r, 0, sizeof r);
  r.gpu = gpu;
  r.k = k;
  r.env.k = k;
  r.env.gmem = &gpu->gmem;
  r.env.nsmid = nsms;
  r.env.nwarpid = (uint32_t)(cfg->sm.max_threads / ST_WARP_SIZE);
  r.env.err = err;
  r.env.devrt = st_cdp_ops();
  r.env.devrt_ctx = gpu->cdp;
  r.env.clock = gpu->totals.warp_insts;
  r.max_insts = (uint64_t)cfg->sim.max_insts;
  r.err = err;
  st_status rc = st_func_progress_init(&r.prog, k, err);
  if (rc != ST_OK) {
    return rc;
  }
  st_cta **slots = calloc(2 * (size_t)n_slots, sizeof *slots);
  if (slots == NULL) {
    st_func_progress_free(&r.prog);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  st_cta **spare = slots + n_slots;
  rc = run_rounds(&r, slots, spare, n_slots, nsms);
  for (uint32_t s = 0; s < 2 * n_slots; s++) {
    st_cta_destroy(slots[s]);
  }
  free(slots);
  st_func_progress_free(&r.prog);
  return rc;
}
