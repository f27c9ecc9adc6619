/* LaPerm's dispatch flow around the unit (reference.h), and the unit's C
 * model against the spec's pseudo-code (§1.3.4, Fig. 28, with §7 #14's
 * backup choice) written out again here on seeded random inputs (label
 * "unit", unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "reference.h"
#include "unit_test.h"
#include "units/laperm/laperm.h"
#include "world.h"

/* ---- the dispatch flow -------------------------------------------------------- */

typedef struct ref_fifo {
  uint8_t g[REF_MAX_GROUPS];
  unsigned n;
} ref_fifo;

static void fifo_push(ref_fifo *f, unsigned g) { f->g[f->n++] = (uint8_t)g; }

static void fifo_pop(ref_fifo *f) {
  memmove(f->g, f->g + 1, (size_t)(f->n - 1));
  f->n--;
}

typedef struct ref_flow {
  const ref_workload *w;
  unsigned levels, mode;
  unsigned level[REF_MAX_GROUPS]; /* a group's priority (0: host kernel) */
  unsigned bound[REF_MAX_GROUPS]; /* the SM running its direct parent */
  unsigned first[REF_MAX_GROUPS]; /* the number of its first block's name */
  unsigned next[REF_MAX_GROUPS];  /* its next block to dispatch */
  ref_fifo pq0;
  ref_fifo pq[REF_MAX_SMS][LAPERM_MAX_LEVELS]; /* [SM][level-1]; TB-Pri: SM 0 */
  ref_fifo rr;                                 /* plain RR: every group in launch order */
  unsigned pending[REF_MAX_GROUPS], n_pending; /* launched, queued at the next round */
  unsigned busy[REF_MAX_SMS][8];               /* per slot: cycle it frees, 0 = free */
  unsigned queued_left;                        /* blocks not yet dispatched */
} ref_flow;

static void queue_group(ref_flow *f, unsigned g) {
  if (f->mode == (unsigned)-1) {
    fifo_push(&f->rr, g);
  } else if (f->level[g] == 0) {
    fifo_push(&f->pq0, g);
  } else {
    unsigned row = f->mode == LAPERM_TBPRI ? 0 : f->bound[g];
    fifo_push(&f->pq[row][f->level[g] - 1], g);
  }
}

/* The free slot of SM k at cycle t, or -1. */
static int free_slot(ref_flow *f, unsigned k, unsigned t) {
  for (unsigned j = 0; j < f->w->slots; j++) {
    if (f->busy[k][j] <= t) return (int)j;
  }
  return -1;
}

/* Dispatches the next block of group g to SM k at cycle t; names it. */
static void dispatch(ref_flow *f, unsigned g, unsigned k, unsigned t, int slot, char *cell) {
  const ref_workload *w = f->w;
  unsigned b = f->next[g]++;
  snprintf(cell, REF_CELL, "%c%u", w->groups[g].prefix, f->first[g] + b);
  f->busy[k][slot] = t + w->run_rounds * w->ns;
  f->queued_left--;
  for (unsigned c = 0; c < w->n_groups; c++) {
    if (w->groups[c].parent_group == (int)g && w->groups[c].parent_blk == b) {
      unsigned lv = f->level[g] + 1;
      f->level[c] = lv > f->levels ? f->levels : lv;
      f->bound[c] = k;
      f->pending[f->n_pending++] = c;
    }
  }
}

static ref_fifo *queue_of(ref_flow *f, const laperm_out *o) {
  if (o->stage == LAPERM_STAGE_PQ0) return &f->pq0;
  if (o->qsm >= f->w->ns || o->lvl < 1 || o->lvl > f->levels) return NULL;
  return &f->pq[o->qsm][o->lvl - 1];
}

/* The unit's inputs for SM k from the queues. */
static void fill_in(const ref_flow *f, unsigned k, laperm_in *in) {
  memset(in, 0, sizeof *in);
  in->smx = (uint8_t)k;
  in->ne0 = f->pq0.n != 0;
  for (unsigned s = 0; s < f->w->ns; s++) {
    unsigned blocks = 0;
    for (unsigned l = 0; l < f->levels; l++) {
      const ref_fifo *q = &f->pq[s][l];
      if (q->n != 0) in->ne[s] |= (uint16_t)(1u << l);
      for (unsigned i = 0; i < q->n; i++) {
        blocks += f->w->groups[q->g[i]].blocks - f->next[q->g[i]];
      }
    }
    in->cnt[s] = (uint16_t)blocks;
  }
}

bool ref_run(bv_env *e, bv_unit *u, const ref_workload *w, ref_schedule *out) {
  static ref_flow f; /* large: not on the stack */
  memset(&f, 0, sizeof f);
  memset(out, 0, sizeof *out);
  f.w = w;
  f.mode = (unsigned)-1;
  f.levels = LAPERM_MAX_LEVELS;
  if (u != NULL) {
    const laperm_params *p = (const laperm_params *)u->p;
    f.mode = p->mode;
    f.levels = p->levels;
    BV_EQ(e, p->n_sms, w->ns);
  }
  unsigned name[128] = {0};
  for (unsigned g = 0; g < w->n_groups; g++) {
    f.first[g] = name[(unsigned char)w->groups[g].prefix];
    name[(unsigned char)w->groups[g].prefix] += w->groups[g].blocks;
    f.queued_left += w->groups[g].blocks;
    if (w->groups[g].parent_group < 0) queue_group(&f, g);
  }
  for (unsigned t = 0; t < REF_MAX_ROUNDS * w->ns; t++) {
    unsigned r = t / w->ns, k = t % w->ns;
    if (k == 0) {
      if (f.queued_left == 0 && f.n_pending == 0) break;
      for (unsigned i = 0; i < f.n_pending; i++) queue_group(&f, f.pending[i]);
      f.n_pending = 0;
      out->rounds = r + 1;
      for (unsigned s = 0; s < w->ns; s++) snprintf(out->cell[r][s], REF_CELL, "-");
    }
    int slot = free_slot(&f, k, t);
    if (u == NULL) {
      while (f.rr.n != 0 && f.next[f.rr.g[0]] == w->groups[f.rr.g[0]].blocks) fifo_pop(&f.rr);
      if (f.rr.n != 0 && slot >= 0) dispatch(&f, f.rr.g[0], k, t, slot, out->cell[r][k]);
      continue;
    }
    laperm_in in;
    fill_in(&f, k, &in);
    laperm_out o = *(const laperm_out *)bv_eval(u, &in);
    ref_fifo *q = o.valid ? queue_of(&f, &o) : NULL;
    if (o.valid) {
      BV_CHECK(e, q != NULL && q->n != 0, "round %u SMX%u: stage %u names SM %u level %u, empty",
               r + 1, k, o.stage, o.qsm, o.lvl);
    }
    in.take = (uint8_t)(q != NULL && q->n != 0 && slot >= 0);
    bv_step(u, &in);
    if (in.take) {
      unsigned g = q->g[0];
      dispatch(&f, g, k, t, slot, out->cell[r][k]);
      if (f.next[g] == w->groups[g].blocks) fifo_pop(q);
    }
  }
  return f.queued_left == 0 && f.n_pending == 0;
}

void ref_expect(bv_env *e, const char *file, int line, const char *what, const ref_schedule *s,
                const char *const *want, unsigned rounds) {
  bv_check(e, file, line, s->rounds == rounds, what, "%u rounds, want %u", s->rounds, rounds);
  for (unsigned r = 0; r < rounds && r < s->rounds; r++) {
    char got[REF_MAX_SMS * REF_CELL + 8] = "";
    for (unsigned k = 0; k < REF_MAX_SMS && s->cell[r][k][0] != '\0'; k++) {
      if (k > 0) strcat(got, " ");
      strcat(got, s->cell[r][k]);
    }
    bv_check(e, file, line, strcmp(got, want[r]) == 0, what, "R%u: %s, want %s", r + 1, got,
             want[r]);
  }
}

/* Fig. 26: the parents are one host kernel of 8 blocks; P2 (block 2 of
 * group 0) launches C0-C1, P4 launches C2-C5. */
static const ref_group fig26_groups[] = {
    {'P', 8, -1, 0},
    {'C', 2, 0, 2},
    {'C', 4, 0, 4},
};
const ref_workload ref_fig26 = {fig26_groups, 3, 4, 1, 1};

/* ---- the C model against the pseudo-code of Fig. 28 ---------------------------- */

/* highest non-empty level of a row, L..1, else 0 */
static unsigned highest(unsigned row, unsigned L) {
  unsigned best = 0;
  for (unsigned l = 1; l <= L; l++) {
    if (row >> (l - 1) & 1) best = l;
  }
  return best;
}

/* choose_backup(s): the SMX with the most queued TBs among the others with
 * queued entries; tie -> the first one met walking s+1, s+2, ... (mod N). */
static int choose_backup(unsigned N, unsigned L, unsigned s, const laperm_in *in) {
  int b = -1;
  for (unsigned i = 1; i < N; i++) {
    unsigned c = (s + i) % N;
    if (highest(in->ne[c], L) == 0) continue;
    if (b < 0 || in->cnt[c] > in->cnt[b]) b = (int)c;
  }
  return b;
}

typedef struct ref_ans {
  unsigned valid, stage, qsm, lvl;
} ref_ans;

static ref_ans fig28(unsigned mode, unsigned N, unsigned L, const unsigned *bvalid,
                     const unsigned *backup, const laperm_in *in, int *new_b) {
  ref_ans a = {0, 0, 0, 0};
  unsigned s = in->smx;
  *new_b = -1;
  unsigned own = mode == LAPERM_TBPRI ? highest(in->ne[0], L) : highest(in->ne[s], L);
  if (own != 0) {
    return (ref_ans){1, 1, mode == LAPERM_TBPRI ? 0 : s, own};
  }
  if (in->ne0) return (ref_ans){1, 2, 0, 0};
  if (mode != LAPERM_ADAPTIVE) return a;
  if (bvalid[s] && highest(in->ne[backup[s]], L) != 0) {
    return (ref_ans){1, 3, backup[s], highest(in->ne[backup[s]], L)};
  }
  int b = choose_backup(N, L, s, in);
  if (b < 0) return a;
  *new_b = b;
  return (ref_ans){1, 3, (unsigned)b, highest(in->ne[b], L)};
}

static void check_fig28(unsigned mode, unsigned N, unsigned L, unsigned cnt_w, uint64_t seed) {
  laperm_params p = {(uint8_t)N, (uint8_t)L, (uint8_t)mode, (uint8_t)cnt_w};
  laperm_state s;
  laperm_reset(&p, &s);
  unsigned bvalid[LAPERM_MAX_SMS] = {0}, backup[LAPERM_MAX_SMS] = {0};
  uint64_t rng = seed;
  unsigned stolen = 0, kept = 0;
  for (unsigned c = 0; c < 20000; c++) {
    laperm_in in;
    memset(&in, 0, sizeof in);
    in.smx = (uint8_t)(c % N);
    unsigned density = (unsigned)(world_rand(&rng) % 4); /* 0: sparse .. 3: full */
    in.ne0 = world_rand(&rng) % 8 < density;
    for (unsigned k = 0; k < N; k++) {
      for (unsigned l = 0; l < L; l++) {
        if (world_rand(&rng) % (4u * N) < density) in.ne[k] |= (uint16_t)(1u << l);
      }
      in.cnt[k] = (uint16_t)(in.ne[k] ? 1 + world_rand(&rng) % 3 : 0);
    }
    in.take = world_rand(&rng) % 4 != 0;
    int new_b;
    ref_ans want = fig28(mode, N, L, bvalid, backup, &in, &new_b);
    laperm_out o;
    laperm_eval(&p, &s, &in, &o);
    if (o.valid != want.valid || o.stage != want.stage || o.qsm != want.qsm ||
        o.lvl != want.lvl) {
      fail_msg("mode %u N %u cycle %u SM %u: unit %u/%u/%u/%u, Fig. 28 %u/%u/%u/%u", mode, N, c,
               in.smx, o.valid, o.stage, o.qsm, o.lvl, want.valid, want.stage, want.qsm,
               want.lvl);
    }
    laperm_tick(&p, &s, &in, &o);
    if (want.stage == 3) {
      stolen++;
      kept += new_b < 0;
    }
    if (new_b >= 0 && in.take) {
      bvalid[in.smx] = 1;
      backup[in.smx] = (unsigned)new_b;
    }
    for (unsigned k = 0; k < N; k++) {
      assert_int_equal(s.bvalid[k], bvalid[k]);
      assert_int_equal(s.backup[k], backup[k]);
    }
  }
  if (mode == LAPERM_ADAPTIVE) {
    assert_true(stolen > 100);
    assert_true(kept > 10);
  }
}

static void test_laperm_fig28(void **state) {
  (void)state;
  for (unsigned mode = 0; mode < 3; mode++) {
    check_fig28(mode, 13, 4, 16, 11 + mode);
    check_fig28(mode, 4, 1, 16, 21 + mode);
    check_fig28(mode, 2, 2, 16, 31 + mode);
    check_fig28(mode, 32, 15, 16, 41 + mode);
  }
}

const ut_ctest ut_ctests_laperm[] = {{"fig28_reference", test_laperm_fig28}, {NULL, NULL}};
