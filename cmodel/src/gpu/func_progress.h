/* No-progress (livelock) detection for the functional run loop (func_run.c).
 *
 * A kernel whose warps keep executing but can never finish (they spin on a
 * flag that nothing sets, or loop through barriers waiting for one) is not a
 * barrier deadlock: instructions run in every round. The functional model is
 * deterministic, so such a kernel is recognised without a time-out: when the
 * whole state of the resident CTAs (every live warp's registers, SIMT and
 * call stacks, local memory, barrier waits; each CTA's shared memory and
 * barriers) is the same at the start of two scheduling rounds, and between
 * them no warp wrote global memory, finished or read %clock/%globaltimer, and
 * no CTA started, then the rounds in between repeat for ever.
 *
 * The state is compared by a 128-bit fingerprint, taken at round starts once
 * ST_PROGRESS_QUIET_INSTS warp instructions ran without any of those events,
 * and at most once per N warp instructions, N ST_PROGRESS_SPACING times the
 * number of 64-bit words the last fingerprint took, so that a kernel
 * computing in registers for long pays a small share of its run time. Fingerprints are compared by Brent's
 * cycle detection. */
#ifndef SIMTREF_GPU_FUNC_PROGRESS_H
#define SIMTREF_GPU_FUNC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "func/exec.h"

/* Warp instructions without progress before fingerprints are taken. */
#define ST_PROGRESS_QUIET_INSTS (UINT64_C(1) << 16)
/* Warp instructions between fingerprints per 64-bit word of the last one. */
#define ST_PROGRESS_SPACING 8

typedef struct st_func_progress {
  uint8_t *clock_pc;   /* per module instruction: 1 if it reads %clock* or %globaltimer*;
                          NULL when the module has none */
  uint64_t quiet;      /* warp instructions since the last event that is progress */
  uint64_t since_fp;   /* warp instructions since the last fingerprint */
  uint64_t spacing;    /* least warp instructions before a fingerprint: the size (in
                          64-bit words) of the last one times ST_PROGRESS_SPACING */
  uint64_t saved[2];   /* Brent: the fingerprint compared against */
  bool have_saved;
  uint64_t power, lam; /* Brent: window length, fingerprints since `saved` */
} st_func_progress;

/* Sets up p for kernel k (finds the instructions that read the clock).
 * Fails only with ST_ERR_NOMEM. */
st_status st_func_progress_init(st_func_progress *p, const st_kernel *k, st_error *err);

/* Frees what p holds. */
void st_func_progress_free(st_func_progress *p);

/* Something happened that is progress or that the fingerprint does not
 * cover (a CTA started, a warp finished or wrote global memory, the clock
 * was read): forgets the fingerprints taken so far. */
void st_func_progress_reset(st_func_progress *p);

/* Notes one executed warp instruction of w: pc is where it was (ST_NO_PC if
 * w had no instruction), m the module, r the result; w->access tells what
 * it accessed. */
static inline void st_func_progress_inst(st_func_progress *p, const st_module *m, uint32_t pc,
                                         const st_warp *w, st_exec_result r) {
  p->quiet++;
  p->since_fp++;
  if (r == ST_EXEC_DONE) {
    st_func_progress_reset(p);
  } else if (pc >= m->n_insts) {
    return;
  } else if (w->access.space != SP_NONE && w->access.is_store &&
             m->insts[pc].space != SP_SHARED && m->insts[pc].space != SP_LOCAL &&
             m->insts[pc].space != SP_PARAM) {
    /* A store or atomic outside the CTA's shared memory and the thread's
     * local and parameter frames: global, or generic (it may be global). */
    st_func_progress_reset(p);
  } else if (p->clock_pc != NULL && p->clock_pc[pc]) {
    st_func_progress_reset(p);
  }
}

/* Called at the start of every scheduling round, after free CTA slots were
 * filled: slots[0..n_slots) are the resident CTAs (NULL: a free slot) and
 * next_cta the next CTA to start. Returns true when this round starts in a
 * state the run was in at an earlier round start with no progress since:
 * the kernel can never finish. */
bool st_func_progress_round(st_func_progress *p, st_cta *const *slots, uint32_t n_slots,
                            uint64_t next_cta);

#endif
