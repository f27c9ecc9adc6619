/* No-progress detection of the functional run loop: fingerprints of the
 * resident CTAs' state at round starts, compared by Brent's cycle detection
 * (see func_progress.h). */
#include "gpu/func_progress.h"

#include <stdlib.h>
#include <string.h>

/* ---- clock readers ----------------------------------------------------- */

static bool reads_clock(const st_inst *in) {
  for (unsigned i = 0; i < in->nopnds && i < ST_MAX_OPNDS; i++) {
    const st_operand *o = &in->opnd[i];
    if (o->kind == OPND_SREG && o->sreg >= SREG_CLOCK && o->sreg <= SREG_GLOBALTIMER_HI) {
      return true;
    }
  }
  return false;
}

st_status st_func_progress_init(st_func_progress *p, const st_kernel *k, st_error *err) {
  memset(p, 0, sizeof *p);
  st_func_progress_reset(p);
  const st_module *m = k->mod;
  for (uint32_t pc = 0; pc < m->n_insts; pc++) {
    if (!reads_clock(&m->insts[pc])) {
      continue;
    }
    if (p->clock_pc == NULL) {
      p->clock_pc = calloc(m->n_insts, 1);
      if (p->clock_pc == NULL) {
        return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
      }
    }
    p->clock_pc[pc] = 1;
  }
  return ST_OK;
}

void st_func_progress_free(st_func_progress *p) {
  free(p->clock_pc);
  p->clock_pc = NULL;
}

void st_func_progress_reset(st_func_progress *p) {
  /* spacing stays: the last fingerprint's size also spaces the first
   * fingerprint after this, so that kernels with many short quiet stretches
   * do not pay one fingerprint each. */
  p->quiet = 0;
  p->since_fp = 0;
  p->have_saved = false;
  p->power = 1;
  p->lam = 0;
}

/* ---- fingerprints ------------------------------------------------------ */

/* Two 64-bit multiply-rotate lanes (different constants and seeds) over a
 * stream of 64-bit words. */
typedef struct fingerprint {
  uint64_t a, b;
  uint64_t words;  /* words fed */
} fingerprint;

static inline uint64_t rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

static inline void fp_word(fingerprint *f, uint64_t v) {
  f->a = rotl64(f->a + v * UINT64_C(0xC2B2AE3D27D4EB4F), 31) * UINT64_C(0x9E3779B185EBCA87);
  f->b = rotl64(f->b ^ (v * UINT64_C(0xFF51AFD7ED558CCD)), 27) * UINT64_C(0xC4CEB9FE1A85EC53) +
         UINT64_C(0x52DCE729);
  f->words++;
}

static void fp_words(fingerprint *f, const uint64_t *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    fp_word(f, v[i]);
  }
}

static void fp_bytes(fingerprint *f, const uint8_t *p, size_t n) {
  fp_word(f, n);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    memcpy(&v, p + i, 8);
    fp_word(f, v);
  }
  if (i < n) {
    uint64_t v = 0;
    memcpy(&v, p + i, n - i);
    fp_word(f, v);
  }
}

/* Everything of warp w that its future execution depends on. */
static void fp_warp(fingerprint *f, const st_warp *w) {
  fp_word(f, ((uint64_t)(uint32_t)w->state << 32) | w->bar_id);
  fp_word(f, ((uint64_t)w->exited << 32) | w->carry);
  if (w->state == ST_WARP_DONE) {
    return;
  }
  fp_word(f, w->depth);
  for (uint32_t d = 0; d < w->depth; d++) {
    const st_simt_entry *e = &w->stack[d];
    fp_word(f, ((uint64_t)e->pc << 32) | e->rpc);
    fp_word(f, ((uint64_t)e->mask << 32) | e->call);
  }
  fp_word(f, w->n_frames);
  for (uint32_t i = 0; i < w->n_frames && i < ST_MAX_CALL_DEPTH; i++) {
    const st_call_frame *c = &w->frames[i];
    fp_word(f, ((uint64_t)c->func << 32) | c->row_base);
    fp_word(f, ((uint64_t)c->local_base << 32) | c->ret_pc);
    fp_word(f, ((uint64_t)c->call_pc << 32) | c->simt_depth);
    fp_word(f, c->call_mask);
  }
  fp_word(f, ((uint64_t)w->row_base << 32) | w->n_rows);
  static const uint64_t zeros[ST_WARP_SIZE];
  for (uint32_t r = 0; r < w->n_rows; r++) {
    /* (an untouched row reads as zeros) */
    fp_words(f, st_warp_row_touched(w, r) ? w->regs + (size_t)r * ST_WARP_SIZE : zeros,
             ST_WARP_SIZE);
  }
  fp_word(f, ((uint64_t)w->local_base << 32) | w->local_top);
  if (w->local != NULL) {
    fp_bytes(f, w->local, (size_t)w->local_stride * ST_WARP_SIZE);
  }
}

/* Everything of cta that its future execution depends on. */
static void fp_cta(fingerprint *f, const st_cta *cta) {
  fp_word(f, cta->linear_id);
  fp_word(f, cta->warps_done);
  for (uint32_t b = 0; b < ST_NUM_BARRIERS; b++) {
    const st_barrier *bar = &cta->bars[b];
    fp_word(f, ((uint64_t)bar->arrived << 32) | bar->expected);
    fp_word(f, ((uint64_t)bar->red_popc << 32) | bar->red_kind);
    fp_word(f, ((uint64_t)bar->red_and << 32) | bar->red_or);
  }
  if (cta->shared != NULL) {
    fp_bytes(f, cta->shared, cta->shared_size);
  }
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    fp_warp(f, &cta->warps[i]);
  }
}

/* About the 64-bit words a fingerprint of the resident CTAs takes. */
static uint64_t state_words(st_cta *const *slots, uint32_t n_slots) {
  uint64_t n = 0;
  for (uint32_t s = 0; s < n_slots; s++) {
    const st_cta *cta = slots[s];
    if (cta == NULL) {
      continue;
    }
    n += 3 * ST_NUM_BARRIERS + cta->shared_size / 8;
    for (uint32_t i = 0; i < cta->nwarps; i++) {
      const st_warp *w = &cta->warps[i];
      n += (uint64_t)w->n_rows * ST_WARP_SIZE + (uint64_t)w->local_stride * ST_WARP_SIZE / 8 +
           2 * w->depth + 4 * w->n_frames + 8;
    }
  }
  return n;
}

bool st_func_progress_round(st_func_progress *p, st_cta *const *slots, uint32_t n_slots,
                            uint64_t next_cta) {
  if (p->quiet < ST_PROGRESS_QUIET_INSTS) {
    return false;
  }
  if (p->spacing == 0) {
    /* Before the kernel's first fingerprint: its size from the state's. */
    p->spacing = state_words(slots, n_slots) * ST_PROGRESS_SPACING;
  }
  /* A quiet stretch pays for its fingerprints: none before it is as long
   * as the spacing the fingerprint's size asks for. */
  if (p->quiet < p->spacing || p->since_fp < p->spacing) {
    return false;
  }
  fingerprint f = {UINT64_C(0x243F6A8885A308D3), UINT64_C(0x13198A2E03707344), 0};
  fp_word(&f, next_cta);
  for (uint32_t s = 0; s < n_slots; s++) {
    if (slots[s] == NULL) {
      fp_word(&f, UINT64_MAX);
    } else {
      fp_cta(&f, slots[s]);
    }
  }
  /* At most one fingerprinted word per ST_PROGRESS_SPACING warp
   * instructions: about one percent of the run time while fingerprints are
   * taken. */
  p->since_fp = 0;
  p->spacing = f.words * ST_PROGRESS_SPACING;
  if (p->have_saved && f.a == p->saved[0] && f.b == p->saved[1]) {
    return true;
  }
  /* Brent: keep one fingerprint for `power` rounds of fingerprints, then
   * take the newest and double the window. */
  p->lam++;
  if (!p->have_saved || p->lam >= p->power) {
    p->saved[0] = f.a;
    p->saved[1] = f.b;
    p->have_saved = true;
    p->power *= 2;
    p->lam = 0;
  }
  return false;
}
