/* The unit bench: every co-verified unit's RTL (rtl/) against its C model
 * (cmodel/src/units), in lock-step, cycle by cycle, on the Verilated builds
 * CMake made (verif/: those simtref links and the bench's own).
 *
 * For each unit selected with --unit (default: every unit with tests,
 * unit_test.h):
 *  1. its directed vectors (tests/units/U/vectors.c) run on the RTL: every
 *     expectation checks the RTL's outputs, and every cycle the RTL's outputs
 *     and registers are compared with the C model's;
 *  2. seeded random runs (tests/units/U/bench.c) on every RTL build of the
 *     unit without a fault (the parameter sets of the configurations and of
 *     verif/units/U/builds.cmake), `variants` runs per build: every output
 *     field and register is compared every cycle, and a run fails on a
 *     difference or when one of its coverage bins stays empty.
 * With --faults: every planted-fault build of the unit (its builds.cmake)
 * must be caught, by a C/RTL difference in a random run on the fault's
 * parameters or by a failed directed vector. A surviving fault fails the
 * bench, and so does a unit without a planted fault.
 *
 * --c-only runs the stimulus and the coverage on the C models alone;
 * --list prints the units, their builds and their faults; --check-units
 * fails when a unit of the registry (cmodel/src/units/registry.def) has no
 * tests (tests/units/U/bench.c).
 *
 * usage: unit_bench [--unit NAME]... [--cycles N] [--seed S] [--faults] [--c-only]
 *                   [--list] [--check-units] [-v] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "params.h"
#include "rtl_model.h"
#include "unit_test.h"
#include "units/registry.h"

/* The bench's own builds (verif/CMakeLists.txt, library simtref_cosim_bench). */
const st_rtl_build *const *st_bench_rtl_builds(size_t *n);

typedef struct bench_ctx {
  int verbose;
  int c_only;       /* the C model alone (the stimulus and coverage) */
  unsigned printed; /* failure lines printed in the current run */
} bench_ctx;

#define MAX_BUILDS 256

/* Every RTL build of a unit, simtref's first, each (params, fault) once. */
static size_t unit_builds(const char *unit, const st_rtl_build **out) {
  size_t n = 0;
  for (int lib = 0; lib < 2; lib++) {
    size_t m = 0;
    const st_rtl_build *const *all = lib == 0 ? st_rtl_builds(&m) : st_bench_rtl_builds(&m);
    for (size_t i = 0; i < m && n < MAX_BUILDS; i++) {
      const st_rtl_build *b = all[i];
      if (b == NULL || strcmp(b->unit, unit) != 0) {
        continue;
      }
      bool dup = false;
      for (size_t k = 0; k < n && !dup; k++) {
        dup = !strcmp(out[k]->params, b->params) && !strcmp(out[k]->mutant, b->mutant);
      }
      if (!dup) {
        out[n++] = b;
      }
    }
  }
  return n;
}

static const st_rtl_build *find_build(const char *unit, const char *params, const char *mutant) {
  const st_rtl_build *b = st_rtl_find(unit, params, mutant);
  if (b != NULL) {
    return b;
  }
  size_t n = 0;
  const st_rtl_build *const *all = st_bench_rtl_builds(&n);
  for (size_t i = 0; i < n; i++) {
    if (all[i] != NULL && !strcmp(all[i]->unit, unit) && !strcmp(all[i]->params, params) &&
        !strcmp(all[i]->mutant, mutant)) {
      return all[i];
    }
  }
  return NULL;
}

/* The planted-fault build when there is one for this unit and these
 * parameters, else the real one (a vector may open other units too). */
static const st_rtl_build *find_rtl(void *ctx, const char *unit, const char *params,
                                    const char *mutant) {
  (void)ctx;
  const st_rtl_build *b = find_build(unit, params, mutant);
  if (b == NULL && mutant[0] != '\0') {
    b = find_build(unit, params, "");
  }
  return b;
}

static void on_fail(void *ctx, const char *msg) {
  bench_ctx *b = ctx;
  if (b->printed++ < 5 || b->verbose) {
    printf("  %s\n", msg);
  }
}

static void env_init(bv_env *e, bench_ctx *bc, const char *mutant) {
  memset(e, 0, sizeof *e);
  e->find_rtl = bc->c_only ? NULL : find_rtl;
  e->fail = on_fail;
  e->ctx = bc;
  e->mutant = mutant;
  e->stop_on_mismatch = true;
  bc->printed = 0;
}

/* The directed vectors of a unit against the RTL; returns the vectors that
 * failed (a unit without vectors counts as one). quiet: failures only. */
static unsigned run_vectors(const ut_unit *t, const char *mutant, bench_ctx *bc, int quiet) {
  unsigned bad = 0;
  size_t nv = ut_n_vectors(t);
  for (size_t i = 0; i < nv; i++) {
    bv_env e;
    env_init(&e, bc, mutant);
    unsigned f = bv_run_vector(&e, &t->vectors[i]);
    if (!quiet || f != 0) {
      printf("%s directed %s: %lu checks, %lu cycles compared%s\n", f ? "FAIL" : "ok  ",
             t->vectors[i].name, e.checks, e.compares, f ? "" : (bc->c_only ? "" : ", equal"));
    }
    bad += f != 0;
  }
  if (nv == 0) {
    printf("FAIL no directed vector for %s\n", t->name);
    bad++;
  }
  return bad;
}

typedef struct run_result {
  unsigned long cycles;
  unsigned mismatches, failures, missing;
  cov_set cov;
  char stim[160];
} run_result;

/* One seeded random run of unit t with parameters p (mutant "" or a fault). */
static void run_random(const ut_unit *t, const st_unit_desc *d, const void *p, const char *mutant,
                       unsigned variant, uint64_t cycles, uint64_t seed, bench_ctx *bc,
                       run_result *res) {
  const ut_bench *b = &t->bench;
  static _Alignas(16) unsigned char stim[UT_STIM_MAX];
  _Alignas(8) unsigned char in[BV_MAX_BYTES], zero[BV_MAX_BYTES], out0[BV_MAX_BYTES],
      s0[BV_MAX_BYTES];
  memset(res, 0, sizeof *res);
  bv_env e;
  env_init(&e, bc, mutant);
  if (b->stim_size > sizeof stim) {
    printf("  bench: the stimulus of %s is larger than UT_STIM_MAX\n", t->name);
    res->failures = 1;
    return;
  }
  bv_unit *u = bv_open(&e, d, p);
  if (u == NULL) {
    res->failures = e.failures;
    return;
  }
  memset(stim, 0, b->stim_size);
  b->stim_init(stim, u->p, variant, seed);
  if (b->describe != NULL) {
    b->describe(stim, res->stim, sizeof res->stim);
  }
  b->cov_init(&res->cov, u->p, stim);
  memset(zero, 0, d->in_size);
  uint64_t c;
  for (c = 0; c < cycles; c++) {
    if (b->reset_mid && c == cycles / 2 && c > 0) {
      bv_reset(u); /* rst_ni in the middle of a run */
      if (b->stim_reset != NULL) {
        b->stim_reset(stim);
      }
    }
    d->eval(u->p, bv_state(u), zero, out0);
    memset(in, 0, d->in_size);
    b->stim_next(stim, u->p, bv_state(u), out0, in);
    memcpy(s0, bv_state(u), d->state_size);
    bv_eval(u, in);
    if (e.mismatches > 0) {
      break;
    }
    if (b->check != NULL) {
      b->check(&e, stim, u->p, s0, c);
    }
    bv_tick(u);
    b->cov(&res->cov, u->p, s0, bv_state(u), in, bv_c_out(u));
    if (b->stim_edge != NULL) {
      b->stim_edge(stim);
    }
  }
  res->cycles = (unsigned long)c;
  res->mismatches = e.mismatches;
  res->failures = e.failures;
  res->missing = cov_missing(&res->cov);
  bv_close_all(&e);
}

static void print_cov(const cov_set *c) {
  for (unsigned i = 0; i < c->n; i++) {
    const cov_bin *b = &c->bins[i];
    printf("    %-5s %-20s %9lu  %s%s\n", b->hits ? "hit" : b->required ? "EMPTY" : "-", b->name,
           b->hits, b->what, b->any ? " (some run)" : "");
  }
}

/* The bins of rare events over all runs of a unit: each must be hit by one. */
static void any_add(cov_set *all, const cov_set *c) {
  for (unsigned i = 0; i < c->n; i++) {
    const cov_bin *b = &c->bins[i];
    if (!b->any) {
      continue;
    }
    unsigned k = 0;
    while (k < all->n && strcmp(all->bins[k].name, b->name) != 0) {
      k++;
    }
    if (k == all->n) {
      if (all->n == COV_MAX_BINS) {
        continue;
      }
      all->bins[all->n++] = *b;
    } else {
      all->bins[k].hits += b->hits;
    }
  }
}

static bool selected(const char *unit, const char *const *want, unsigned n_want) {
  if (n_want == 0) {
    return true;
  }
  for (unsigned i = 0; i < n_want; i++) {
    if (!strcmp(want[i], unit)) {
      return true;
    }
  }
  return false;
}

/* Parses a build's parameters; false (and a failure printed) if they do not
 * parse back to the same string. */
static bool build_params(const st_unit_desc *d, const st_rtl_build *b, void *p) {
  char why[512];
  if (!ut_params_parse(d, b->params, p, why, sizeof why)) {
    printf("FAIL build %s %s: %s\n", d->name, b->params, why);
    return false;
  }
  return true;
}

/* The unit's declared parameter sets: each parses and has a build. */
static unsigned check_sets(const st_unit_desc *d, bench_ctx *bc) {
  unsigned bad = 0;
  _Alignas(8) unsigned char p[BV_MAX_BYTES];
  for (const ut_param_set *s = ut_param_sets; s->unit != NULL; s++) {
    if (strcmp(s->unit, d->name) != 0) {
      continue;
    }
    char why[512];
    if (!ut_params_of(d, s->name, p, why, sizeof why)) {
      printf("FAIL %s\n", why);
      bad++;
    } else if (!bc->c_only && find_build(d->name, s->params, "") == NULL) {
      printf("FAIL parameter set %s of %s (%s) has no RTL build\n", s->name, d->name, s->params);
      bad++;
    }
  }
  return bad;
}

static void test_unit(const ut_unit *t, uint64_t cycles, uint64_t seed, bench_ctx *bc,
                      unsigned *passed, unsigned *failed) {
  const st_unit_desc *d = st_unit_find(t->name);
  const st_rtl_build *builds[MAX_BUILDS];
  size_t nb = unit_builds(t->name, builds);
  _Alignas(8) unsigned char p[BV_MAX_BYTES];
  printf("== %s: directed vectors on the %s\n", t->name, bc->c_only ? "C model" : "RTL");
  unsigned bad = run_vectors(t, "", bc, 0) + check_sets(d, bc);
  *(bad == 0 ? passed : failed) += 1;
  uint64_t k = 0;
  unsigned runs = 0;
  cov_set any = {.n = 0};
  for (size_t i = 0; i < nb; i++) {
    if (builds[i]->mutant[0] != '\0') {
      continue;
    }
    if (!build_params(d, builds[i], p)) {
      (*failed)++;
      continue;
    }
    for (unsigned v = 0; v < t->bench.variants; v++, k++) {
      run_result res;
      run_random(t, d, p, "", v, cycles, seed + k, bc, &res);
      runs++;
      printf("== random %s %s [%s%svariant %u], seed %" PRIu64 "\n", t->name, builds[i]->params,
             res.stim, res.stim[0] ? "; " : "", v, seed + k);
      bool ok = res.mismatches == 0 && res.failures == 0 && res.missing == 0;
      printf("%s %lu cycles, %u mismatches, %u failed checks, %u empty coverage bins\n",
             ok ? "ok  " : "FAIL", res.cycles, res.mismatches, res.failures, res.missing);
      print_cov(&res.cov);
      any_add(&any, &res.cov);
      *(ok ? passed : failed) += 1;
    }
  }
  unsigned empty = 0;
  for (unsigned i = 0; i < any.n; i++) {
    empty += any.bins[i].hits == 0;
  }
  if (any.n > 0) {
    printf("== %s: bins of rare events over all %u runs\n", t->name, runs);
    print_cov(&any);
    printf("%s %u of %u empty\n", empty ? "FAIL" : "ok  ", empty, any.n);
    *(empty ? failed : passed) += 1;
  }
  if (runs == 0) {
    printf("FAIL no RTL build of %s to run the random bench on\n", t->name);
    (*failed)++;
  }
}

static void test_faults(const ut_unit *t, uint64_t cycles, uint64_t seed, bench_ctx *bc,
                        unsigned *passed, unsigned *failed, unsigned *caught, unsigned *total) {
  const st_unit_desc *d = st_unit_find(t->name);
  const st_rtl_build *builds[MAX_BUILDS];
  size_t nb = unit_builds(t->name, builds);
  _Alignas(8) unsigned char p[BV_MAX_BYTES];
  unsigned n = 0;
  for (size_t i = 0; i < nb; i++) {
    const st_rtl_build *b = builds[i];
    if (b->mutant[0] == '\0') {
      continue;
    }
    n++;
    (*total)++;
    printf("-- %s %s fault %s\n", t->name, b->params, b->mutant);
    if (!build_params(d, b, p)) {
      (*failed)++;
      continue;
    }
    const char *how = NULL;
    char why[96];
    run_result res;
    memset(&res, 0, sizeof res);
    for (unsigned v = 0; v < t->bench.variants && how == NULL; v++) {
      run_random(t, d, p, b->mutant, v, cycles, seed + 100 + i, bc, &res);
      if (res.mismatches > 0) {
        snprintf(why, sizeof why, "random run (variant %u), cycle %lu", v, res.cycles);
        how = why;
      }
    }
    if (how == NULL && run_vectors(t, b->mutant, bc, 1) > 0) {
      how = "directed vectors";
    }
    if (how != NULL) {
      (*caught)++;
      (*passed)++;
      printf("ok   caught %s: %s\n", b->mutant, how);
    } else {
      (*failed)++;
      printf("FAIL fault %s survived %lu random cycles and the directed vectors\n", b->mutant,
             res.cycles);
    }
  }
  if (n == 0) {
    printf("FAIL %s has no planted fault (verif/units/%s/builds.cmake)\n", t->name, t->name);
    (*failed)++;
  }
}

static void list_units(void) {
  for (size_t u = 0; u < ut_n_units; u++) {
    const ut_unit *t = ut_units[u];
    const st_rtl_build *builds[MAX_BUILDS];
    size_t nb = unit_builds(t->name, builds);
    printf("%s: %zu directed vectors, %zu C-model tests, %u random runs per build\n", t->name,
           ut_n_vectors(t), ut_n_ctests(t), t->bench.variants);
    for (int faults = 0; faults < 2; faults++) {
      for (size_t i = 0; i < nb; i++) {
        if ((builds[i]->mutant[0] != '\0') == faults) {
          printf("  %s %s%s%s\n", faults ? "fault" : "build", builds[i]->params,
                 faults ? " " : "", builds[i]->mutant);
        }
      }
    }
  }
}

/* Every unit of the registry has tests; returns the number without. */
static unsigned check_units(void) {
  unsigned missing = 0;
  for (size_t i = 0; i < st_unit_count(); i++) {
    const char *name = st_unit_get(i)->desc->name;
    const st_rtl_build *builds[MAX_BUILDS];
    size_t n = unit_builds(name, builds);
    if (ut_unit_find(name) == NULL) {
      printf("FAIL unit %s has no tests (tests/units/%s/bench.c)\n", name, name);
      missing++;
    } else {
      printf("ok   unit %s: tests/units/%s/, %zu RTL builds (faults included)\n", name, name, n);
    }
  }
  return missing;
}

int main(int argc, char **argv) {
  uint64_t cycles = 100000, seed = 1;
  int do_faults = 0, verbose = 0, c_only = 0;
  const char *want[32];
  unsigned n_want = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cycles") && i + 1 < argc) {
      cycles = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      seed = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--unit") && i + 1 < argc && n_want < 32) {
      want[n_want] = argv[++i];
      if (ut_unit_find(want[n_want]) == NULL || st_unit_find(want[n_want]) == NULL) {
        fprintf(stderr, "unit_bench: no unit '%s' with tests\n", want[n_want]);
        return 2;
      }
      n_want++;
    } else if (!strcmp(argv[i], "--faults")) {
      do_faults = 1;
    } else if (!strcmp(argv[i], "--c-only")) {
      c_only = 1;
    } else if (!strcmp(argv[i], "--list")) {
      list_units();
      return 0;
    } else if (!strcmp(argv[i], "--check-units")) {
      return check_units() == 0 ? 0 : 1;
    } else if (!strcmp(argv[i], "-v")) {
      verbose = 1;
    } else {
      fprintf(stderr, "usage: unit_bench [--unit NAME]... [--cycles N] [--seed S] [--faults] "
                      "[--c-only] [--list] [--check-units] [-v]\n");
      return 2;
    }
  }
  bench_ctx bc = {verbose, c_only, 0};
  unsigned passed = 0, failed = 0, caught = 0, total = 0;
  clock_t t0 = clock();
  for (size_t u = 0; u < ut_n_units; u++) {
    const ut_unit *t = ut_units[u];
    if (!selected(t->name, want, n_want)) {
      continue;
    }
    if (st_unit_find(t->name) == NULL) {
      printf("FAIL %s has tests but is not a unit of the registry\n", t->name);
      failed++;
      continue;
    }
    if (do_faults) {
      test_faults(t, cycles, seed, &bc, &passed, &failed, &caught, &total);
    } else {
      test_unit(t, cycles, seed, &bc, &passed, &failed);
    }
  }
  if (do_faults) {
    printf("faults caught: %u/%u\n", caught, total);
  }
  printf("time: %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("%u passed, %u failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
