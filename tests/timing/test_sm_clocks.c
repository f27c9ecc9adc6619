/* One clock per SM (docs/timing.md "Time base and clock domains"): with SM 1
 * at half the core clock and SM 2 at 1.5 times it, a memory-bound kernel
 * gives the right results, each SM's own cycle count for the same chase
 * follows its clock (memory takes fewer cycles of a slow SM, more of a fast
 * one), and idle-cycle skipping gives byte-identical statistics with the
 * unequal clocks; a clock set between two runs takes effect at the next
 * cycle boundary and the front end's cycles stay on the core clock. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tt_common.h"

#define THREADS 64
#define BLOCKS 15 /* one per SM of gtx480 */
#define N (BLOCKS * THREADS)
#define STEPS 24

typedef struct rec {
  unsigned sm, t0, t1;
} rec;

typedef struct clocked_run {
  rec r[BLOCKS];
  bool ok;
  st_statset kstats;
  st_statset run;
} clocked_run;

static unsigned next_of(unsigned i) { return (i * 7919u + 13u) % N; }

/* The chase with SM 1 and SM 2 at other clocks (when `unequal`). */
static void run(bool skip_idle, bool unequal, clocked_run *out) {
  const char *ovr[] = {skip_idle ? "sim.skip_idle=true" : "sim.skip_idle=false"};
  tt_gpu t;
  tt_open(&t, "gtx480", ovr, 1);
  st_error err;
  st_error_clear(&err);
  st_kmodule *m = tt_load_module(&t, "platform.ptx");
  if (unequal) {
    int64_t core = t.cfg->gpu.core_clock;
    tt_ok(st_gpu_set_sm_clock(t.gpu, 1, core / 2, &err), &err, "SM 1 clock");
    tt_ok(st_gpu_set_sm_clock(t.gpu, 2, core * 3 / 2, &err), &err, "SM 2 clock");
  }
  unsigned *next = malloc(N * 4);
  for (unsigned i = 0; i < N; i++) {
    next[i] = next_of(i);
  }
  uint64_t d_next = tt_alloc(&t, N * 4), d_rec = tt_alloc(&t, sizeof out->r);
  uint64_t d_out = tt_alloc(&t, N * 4);
  tt_put(&t, d_next, next, N * 4);
  st_arg args[] = {ST_ARG_PTR(d_next), ST_ARG_PTR(d_rec), ST_ARG_PTR(d_out), ST_ARG_S32(STEPS)};
  tt_ok(st_launch(t.gpu, m, "plat_chase", st_dim3_make(BLOCKS, 1, 1),
                  st_dim3_make(THREADS, 1, 1), 0, args, 4, &err),
        &err, "launch");
  tt_ok(st_synchronize(t.gpu, &err), &err, "st_synchronize");
  unsigned *got = malloc(N * 4);
  tt_get(&t, got, d_out, N * 4);
  tt_get(&t, out->r, d_rec, sizeof out->r);
  out->ok = true;
  for (unsigned i = 0; i < N; i++) {
    unsigned p = i;
    for (int s = 0; s < STEPS; s++) {
      p = next[p];
    }
    out->ok = out->ok && got[i] == p;
  }
  free(next);
  free(got);
  /* Keep both statistics sets: the kernel's and the run's. */
  st_statset_init(&out->kstats, "kernel");
  const st_statset *ks = st_gpu_kernel_stats(t.gpu, 0);
  for (size_t i = 0; ks != NULL && i < ks->n; i++) {
    if (ks->v[i].is_real) {
      st_stat_d(&out->kstats, ks->v[i].key, ks->v[i].d);
    } else {
      st_stat_u(&out->kstats, ks->v[i].key, ks->v[i].u);
    }
  }
  st_statset_init(&out->run, "run");
  st_gpu_run_stats(t.gpu, &out->run);
  tt_close(&t);
}

/* Every statistic of a equals b's. */
static bool same_stats(const st_statset *a, const st_statset *b, char *why, size_t size) {
  if (a->n != b->n) {
    snprintf(why, size, "%zu statistics against %zu", a->n, b->n);
    return false;
  }
  for (size_t i = 0; i < a->n; i++) {
    const st_stat *x = &a->v[i], *y = &b->v[i];
    if (st_stat_is_wall(x->key)) {
      continue; /* host time, simulation rate and peak memory */
    }
    if (strcmp(x->key, y->key) != 0 || x->is_real != y->is_real ||
        (x->is_real ? x->d != y->d : x->u != y->u)) {
      snprintf(why, size, "%s differs", x->key);
      return false;
    }
  }
  snprintf(why, size, "%zu statistics", a->n);
  return true;
}

/* The block that ran on SM sm (one per SM). */
static const rec *on_sm(const clocked_run *c, unsigned sm) {
  for (unsigned b = 0; b < BLOCKS; b++) {
    if (c->r[b].sm == sm) {
      return &c->r[b];
    }
  }
  return NULL;
}

int main(void) {
  clocked_run eq, skip, noskip;
  run(true, false, &eq);
  run(true, true, &skip);
  run(false, true, &noskip);
  tt_expect("equal clocks: results", eq.ok, "the chase matches the CPU");
  tt_expect("unequal clocks: results", skip.ok && noskip.ok, "the chase matches the CPU");
  char why[256];
  bool same = same_stats(&skip.kstats, &noskip.kstats, why, sizeof why);
  tt_expect("unequal clocks: idle skipping changes no kernel statistic", same, "%s", why);
  same = same_stats(&skip.run, &noskip.run, why, sizeof why);
  tt_expect("unequal clocks: idle skipping changes no run statistic", same, "%s", why);
  const rec *r0 = on_sm(&skip, 0), *r1 = on_sm(&skip, 1), *r2 = on_sm(&skip, 2);
  const rec *e1 = on_sm(&eq, 1);
  bool have = r0 != NULL && r1 != NULL && r2 != NULL && e1 != NULL;
  tt_expect("one block on each of SMs 0, 1, 2", have, "blocks placed round robin");
  if (have) {
    unsigned d0 = r0->t1 - r0->t0, d1 = r1->t1 - r1->t0, d2 = r2->t1 - r2->t0;
    unsigned de = e1->t1 - e1->t0;
    tt_expect("a slow SM counts fewer of its cycles for the same chase", d1 < d0 && d1 < de,
              "SM 1 (half clock) %u cycles, SM 0 %u, SM 1 at the core clock %u", d1, d0, de);
    tt_expect("a fast SM counts more", d2 > d0, "SM 2 (1.5x clock) %u cycles, SM 0 %u", d2, d0);
  }
  const st_stat *c_eq = st_stat_get(&eq.kstats, "cycles");
  const st_stat *c_un = st_stat_get(&skip.kstats, "cycles");
  tt_expect("the kernel's cycles are core-clock cycles and grow with the slow SM",
            c_eq != NULL && c_un != NULL && c_un->u > c_eq->u, "%" PRIu64 " -> %" PRIu64,
            c_eq ? c_eq->u : 0, c_un ? c_un->u : 0);
  st_statset_free(&eq.kstats);
  st_statset_free(&eq.run);
  st_statset_free(&skip.kstats);
  st_statset_free(&skip.run);
  st_statset_free(&noskip.kstats);
  st_statset_free(&noskip.run);

  /* Bad requests. */
  tt_gpu t;
  tt_open(&t, "gtx480", NULL, 0);
  st_error err;
  st_error_clear(&err);
  st_status rc = st_gpu_set_sm_clock(t.gpu, 99, 700000000, &err);
  tt_expect("an SM that does not exist is refused", rc == ST_ERR_USAGE, "%s", err.msg);
  st_error_clear(&err);
  rc = st_gpu_set_sm_clock(t.gpu, 0, 0, &err);
  tt_expect("a zero frequency is refused", rc == ST_ERR_USAGE, "%s", err.msg);
  tt_close(&t);
  return tt_finish("timing/sm_clocks");
}
