/* The functional run loop: CTAs are made resident up to what the GPU can
 * hold, and their warps run round robin, each for a quantum of instructions
 * or until it waits at a barrier or finishes. No timing is modelled; the
 * order is fixed, so runs are deterministic. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "gpu/gpu_internal.h"

#define QUANTUM 64          /* instructions a warp runs before the next warp's turn */
#define MAX_STUCK_REPORTED 16

static st_status report_deadlock(const st_kernel *k, st_cta **slots, uint32_t n_slots,
                                 st_error *err) {
  st_strbuf sb = ST_STRBUF_INIT;
  st_strbuf_printf(&sb, "deadlock in kernel %s: no warp can make progress", k->name);
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
  st_cta **slots = calloc(n_slots, sizeof *slots);
  if (slots == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  st_exec_env env;
  memset(&env, 0, sizeof env);
  env.k = k;
  env.gmem = &gpu->gmem;
  env.nsmid = nsms;
  env.nwarpid = (uint32_t)(cfg->sm.max_threads / ST_WARP_SIZE);
  env.err = err;
  env.clock = gpu->totals.warp_insts;

  uint64_t next_cta = 0, done_ctas = 0;
  uint64_t max_insts = (uint64_t)cfg->sim.max_insts;
  st_status rc = ST_OK;
  while (rc == ST_OK && done_ctas < k->num_ctas) {
    /* Fill free slots in order; slot s belongs to SM s % nsms. */
    for (uint32_t s = 0; s < n_slots && next_cta < k->num_ctas; s++) {
      if (slots[s] == NULL) {
        rc = st_cta_create(k, next_cta++, s % nsms, s / nsms, &slots[s], err);
        if (rc != ST_OK) {
          break;
        }
        gpu->totals.ctas++;
      }
    }
    bool progress = false;
    for (uint32_t s = 0; rc == ST_OK && s < n_slots; s++) {
      st_cta *cta = slots[s];
      if (cta == NULL) {
        continue;
      }
      for (uint32_t i = 0; i < cta->nwarps && rc == ST_OK; i++) {
        st_warp *w = &cta->warps[i];
        for (int q = 0; q < QUANTUM && w->state == ST_WARP_READY; q++) {
          uint64_t before = w->thread_insts;
          st_exec_result r = st_exec_warp(&env, w);
          progress = true;
          env.clock++;
          gpu->totals.warp_insts++;
          gpu->totals.thread_insts += w->thread_insts - before;
          if (r == ST_EXEC_FAULT) {
            rc = ST_ERR_FAULT;
            break;
          }
          if (r == ST_EXEC_DONE) {
            st_cta_warp_finished(cta);
          }
          if (r == ST_EXEC_RELEASED) {
            /* Warps earlier in this round were woken: give them a turn now. */
            i = (uint32_t)-1;
            break;
          }
        }
      }
      if (rc == ST_OK && cta->warps_done == cta->nwarps) {
        st_cta_destroy(cta);
        slots[s] = NULL;
        done_ctas++;
      }
    }
    if (rc == ST_OK && max_insts != 0 && gpu->totals.thread_insts >= max_insts) {
      gpu->totals.stopped_by = "sim.max_insts";
      rc = st_error_set(err, ST_ERR_LIMIT,
                        "kernel %s stopped after %" PRIu64 " thread instructions (sim.max_insts)",
                        k->name, gpu->totals.thread_insts);
    }
    if (rc == ST_OK && !progress && done_ctas < k->num_ctas) {
      rc = report_deadlock(k, slots, n_slots, err);
    }
  }
  for (uint32_t s = 0; s < n_slots; s++) {
    st_cta_destroy(slots[s]);
  }
  free(slots);
  return rc;
}
