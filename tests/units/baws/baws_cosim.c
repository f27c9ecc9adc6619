/* The BAWS scheduler units' RTL (rtl/) against their C models
 * (cmodel/src/units), in lock-step, cycle by cycle.
 *
 * For each unit selected with --unit (default: all):
 *  1. the directed vectors of vectors.c run on the Verilated RTL (every
 *     expectation checks the RTL's outputs; every cycle the RTL's outputs
 *     and registers are compared with the C model's);
 *  2. seeded random runs (world.c: legal stimulus from a small SM) drive
 *     the RTL and the C model through the unit's st_unit_desc layout, for
 *     small parameters (verif/units/U/builds.cmake) and for the gtx480 ones simtref links
 *     (SIMTREF_RTL_TARGETS); every output field and register is compared
 *     every cycle, and functional coverage is counted (cover.c): a run
 *     fails on a difference or when a required coverage bin stays empty.
 * With --mutants: every planted-fault build (verif/units/U/builds.cmake) must be caught: a C/RTL difference in a random run or a
 * failed directed vector. A surviving mutant fails the bench.
 *
 * --c-only runs the stimulus and the coverage on the C models alone.
 *
 * usage: baws_cosim [--unit NAME]... [--cycles N] [--seed S] [--mutants] [--c-only] [-v] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bv.h"
#include "cover.h"
#include "rtl_model.h"
#include "units/fetch_cff/fetch_cff.h"
#include "units/fetch_rr/fetch_rr.h"
#include "units/wpt/wpt.h"
#include "units/wsched_gto/wsched_gto.h"
#include "units/wsched_lrr/wsched_lrr.h"
#include "units/wsched_mwf/wsched_mwf.h"
#include "units/wsched_tls/wsched_tls.h"
#include "world.h"

/* The test-only builds (generated registry, verif/CMakeLists.txt). */
const st_rtl_build *const *st_bench_rtl_builds(size_t *n);

typedef union unit_params {
  wsched_lrr_params lrr;
  wsched_gto_params gto;
  wsched_tls_params tls;
  wsched_mwf_params mwf;
  fetch_rr_params frr;
  fetch_cff_params cff;
  wpt_params wpt;
} unit_params;

typedef struct run_spec {
  const char *unit;
  unit_params p;
  world_cfg wc;
  unsigned sched;     /* the scheduler whose warps a wsched sees */
  const char *mutant; /* NULL: the real RTL */
} run_spec;

/* Worlds: small (16 warp slots, 2 schedulers, 4 TB slots), small with one
 * scheduler (the Fig. 7 shape), small with TBs up to 16 warps (the narrow
 * WPT saturates), and gtx480 (48 warp slots, 2 schedulers, 8 TB slots). */
#define W_S {16, 2, 4, 3, 8, 0}
#define W_S1 {16, 1, 4, 3, 8, 0}
#define W_SBIG {16, 2, 4, 3, 16, 0}
#define W_SBIG_EX {16, 2, 4, 3, 16, 1}
#define W_G {48, 2, 8, 6, 16, 0}
#define W_G_EX {48, 2, 8, 6, 16, 1}
#define CFF_S(m, k) {.n_warps = 16, .n_sched = 2, .n_tbs = 4, .cnt_w = 3, .age_w = 4, .mode = m, .skip_bar = k}
#define CFF_G(m) {.n_warps = 48, .n_sched = 2, .n_tbs = 8, .cnt_w = 6, .age_w = 6, .mode = m, .skip_bar = 1}

static const run_spec runs[] = {
    {"wsched_lrr", {.lrr = {8}}, W_S, 1, NULL},
    {"wsched_lrr", {.lrr = {24}}, W_G, 0, NULL},
    {"wsched_gto", {.gto = {8, 4}}, W_S, 0, NULL},
    {"wsched_gto", {.gto = {24, 6}}, W_G, 1, NULL},
    {"wsched_tls", {.tls = {8, 4, 3}}, W_S, 1, NULL},
    {"wsched_tls", {.tls = {24, 6, 6}}, W_G, 0, NULL},
    {"wsched_mwf", {.mwf = {16, 4, 3, MWF_VARIANT_LRR}}, W_S1, 0, NULL},
    {"wsched_mwf", {.mwf = {16, 4, 3, MWF_VARIANT_GTO}}, W_S1, 0, NULL},
    {"wsched_mwf", {.mwf = {24, 8, 6, MWF_VARIANT_LRR}}, W_G, 0, NULL},
    {"wsched_mwf", {.mwf = {24, 8, 6, MWF_VARIANT_GTO}}, W_G, 1, NULL},
    {"fetch_rr", {.frr = {16}}, W_S, 0, NULL},
    {"fetch_rr", {.frr = {48}}, W_G, 0, NULL},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_LRR, 1)}, W_S, 0, NULL},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_GTO, 1)}, W_S, 0, NULL},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_MWF_LRR, 1)}, W_S, 0, NULL},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_MWF_GTO, 1)}, W_S, 0, NULL},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_MWF_LRR, 0)}, W_S, 0, NULL},
    {"fetch_cff", {.cff = CFF_G(CFF_MODE_LRR)}, W_G, 0, NULL},
    {"fetch_cff", {.cff = CFF_G(CFF_MODE_GTO)}, W_G, 0, NULL},
    {"fetch_cff", {.cff = CFF_G(CFF_MODE_MWF_LRR)}, W_G, 0, NULL},
    {"fetch_cff", {.cff = CFF_G(CFF_MODE_MWF_GTO)}, W_G, 0, NULL},
    {"wpt", {.wpt = {4, 2, 3, 0}}, W_SBIG, 0, NULL},
    {"wpt", {.wpt = {4, 2, 3, 1}}, W_SBIG_EX, 0, NULL},
    {"wpt", {.wpt = {8, 2, 6, 0}}, W_G, 0, NULL},
    {"wpt", {.wpt = {8, 2, 6, 1}}, W_G_EX, 0, NULL},
};

/* Every planted fault, with a build and a world that exercises it. */
static const run_spec mutants[] = {
    /* the regression's three (verif/builds.cmake, gtx480 parameters) */
    {"wsched_mwf", {.mwf = {24, 8, 6, MWF_VARIANT_GTO}}, W_G, 0, "flip_cmp"},
    {"wpt", {.wpt = {8, 2, 6, 0}}, W_G, 0, "stuck_bit"},
    {"fetch_cff", {.cff = CFF_G(CFF_MODE_MWF_GTO)}, W_G, 0, "bad_reset"},
    /* builds.cmake's */
    {"wsched_lrr", {.lrr = {8}}, W_S, 0, "lrr_hold"},
    {"wsched_gto", {.gto = {8, 4}}, W_S, 0, "gto_greedy_left"},
    {"wsched_tls", {.tls = {8, 4, 3}}, W_S, 0, "tls_rr_start"},
    {"wsched_mwf", {.mwf = {16, 4, 3, MWF_VARIANT_LRR}}, W_S1, 0, "mwf_launch"},
    {"fetch_rr", {.frr = {16}}, W_S, 0, "rr_ptr"},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_MWF_LRR, 1)}, W_S, 0, "cff_stale_ptr"},
    {"fetch_cff", {.cff = CFF_S(CFF_MODE_GTO, 1)}, W_S, 0, "cff_no_skip"},
    {"wpt", {.wpt = {4, 2, 3, 0}}, W_SBIG, 0, "wpt_no_sat"},
    {"wpt", {.wpt = {4, 2, 3, 0}}, W_SBIG, 0, "wpt_exit_rel"},
};

static const char *const unit_names[] = {"wsched_lrr", "wsched_gto", "wsched_tls", "wsched_mwf",
                                         "fetch_rr",   "fetch_cff",  "wpt"};

typedef struct bench_ctx {
  int verbose;
  int c_only;       /* --c-only: the C model alone (the stimulus and coverage) */
  unsigned printed; /* failure lines printed in the current run */
} bench_ctx;

static const st_rtl_build *find_in(const st_rtl_build *const *all, size_t n, const char *unit,
                                   const char *params, const char *mutant) {
  for (size_t i = 0; i < n; i++) {
    if (!strcmp(all[i]->unit, unit) && !strcmp(all[i]->params, params) &&
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
  size_t n = 0;
  const st_rtl_build *const *all = st_bench_rtl_builds(&n);
  const st_rtl_build *b = find_in(all, n, unit, params, mutant);
  if (b == NULL) b = st_rtl_find(unit, params, mutant);
  if (b == NULL && mutant[0] != '\0') {
    b = find_in(all, n, unit, params, "");
    if (b == NULL) b = st_rtl_find(unit, params, "");
  }
  return b;
}

static void on_fail(void *ctx, const char *msg) {
  bench_ctx *b = ctx;
  if (b->printed++ < 5 || b->verbose) printf("  %s\n", msg);
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

/* The directed vectors of unit against the RTL; returns the vectors that
 * failed (a unit without vectors counts as one). quiet: report failures only. */
static unsigned run_vectors(const char *unit, const char *mutant, bench_ctx *bc, int quiet) {
  unsigned bad = 0, n = 0;
  for (size_t i = 0; i < bv_n_vectors; i++) {
    if (strcmp(bv_vectors[i].unit, unit) != 0) continue;
    bv_env e;
    env_init(&e, bc, mutant);
    unsigned f = bv_run_vector(&e, &bv_vectors[i]);
    n++;
    if (!quiet || f != 0) {
      printf("%s directed %s: %lu checks, %lu cycles compared%s\n", f ? "FAIL" : "ok  ",
             bv_vectors[i].name, e.checks, e.compares, f ? "" : ", equal");
    }
    bad += f != 0;
  }
  if (n == 0) {
    printf("FAIL no directed vector for %s\n", unit);
    bad++;
  }
  return bad;
}

typedef struct run_result {
  unsigned long cycles;
  unsigned mismatches, failures, missing;
  cov_set cov;
} run_result;

/* One seeded random run. */
static void run_random(const run_spec *r, uint64_t cycles, uint64_t seed, bench_ctx *bc,
                       run_result *res) {
  const st_unit_desc *d = st_unit_find(r->unit);
  const unit_bench *ub = unit_bench_find(r->unit);
  memset(res, 0, sizeof *res);
  bv_env e;
  env_init(&e, bc, r->mutant);
  bv_unit *u = bv_open(&e, d, &r->p);
  if (u == NULL) {
    res->failures = e.failures;
    return;
  }
  world w;
  world_init(&w, &r->wc, seed);
  ub->cov_init(&res->cov, &r->p, &r->wc);
  /* The WPT invariant of §1.3 (count == warps waiting) holds for the unit
   * under test while it has seen every event since the world began, with
   * exits not counted and no saturation. */
  const wpt_params *wp = &r->p.wpt;
  bool invariant = !strcmp(r->unit, "wpt") && !wp->count_exited &&
                   r->wc.max_tb_warps <= (1u << wp->cnt_w);
  _Alignas(8) unsigned char in[BV_MAX_BYTES], s0[BV_MAX_BYTES];
  uint64_t c;
  for (c = 0; c < cycles; c++) {
    world_begin(&w);
    if (c == cycles / 2 && c > 0) {
      bv_reset(u); /* rst_ni in the middle of a run */
      invariant = false;
    }
    memset(in, 0, d->in_size);
    ub->adapt(&w, &r->p, r->sched, in);
    memcpy(s0, bv_state(u), d->state_size);
    bv_eval(u, in);
    if (e.mismatches > 0) break;
    if (invariant) {
      const wpt_state *ws = (const wpt_state *)(const void *)s0;
      for (unsigned b = 0; b < wp->n_tbs; b++) {
        bv_check(&e, __FILE__, __LINE__, ws->cnt[b] == world_waiting(&w, b),
                 "spec 1.3 invariant cnt == popcount(at_bar)", "cycle %" PRIu64 " TB%u: %u, %u",
                 c, b, ws->cnt[b], world_waiting(&w, b));
      }
    }
    bv_tick(u);
    ub->cov(&res->cov, &r->p, s0, bv_state(u), in, bv_c_out(u));
    world_end(&w);
  }
  res->cycles = (unsigned long)c;
  res->mismatches = e.mismatches;
  res->failures = e.failures;
  for (unsigned i = 0; i < res->cov.n; i++) {
    if (res->cov.bins[i].required && res->cov.bins[i].hits == 0) res->missing++;
  }
  bv_close_all(&e);
}

static void describe(const run_spec *r, char *buf, size_t size) {
  char p[128];
  st_unit_rtl_params(st_unit_find(r->unit), &r->p, p, sizeof p);
  snprintf(buf, size, "%s %s%s%s [world nws=%u ns=%u ntb=%u tb<=%u%s; sched %u]", r->unit, p,
           r->mutant ? " mutant " : "", r->mutant ? r->mutant : "", r->wc.nws, r->wc.ns,
           r->wc.ntb, r->wc.max_tb_warps, r->wc.count_exited ? " exits counted" : "", r->sched);
}

static void print_cov(const cov_set *c) {
  for (unsigned i = 0; i < c->n; i++) {
    const cov_bin *b = &c->bins[i];
    printf("    %-5s %-20s %9lu  %s\n",
           b->hits ? "hit" : b->required ? "EMPTY" : "n/a", b->name, b->hits, b->what);
  }
}

static bool selected(const char *unit, const char *const *want, unsigned n_want) {
  if (n_want == 0) return true;
  for (unsigned i = 0; i < n_want; i++) {
    if (!strcmp(want[i], unit)) return true;
  }
  return false;
}

int main(int argc, char **argv) {
  uint64_t cycles = 100000, seed = 1;
  int do_mutants = 0, verbose = 0, c_only = 0;
  const char *want[16];
  unsigned n_want = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cycles") && i + 1 < argc) {
      cycles = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      seed = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--unit") && i + 1 < argc && n_want < 16) {
      want[n_want] = argv[++i];
      if (unit_bench_find(want[n_want]) == NULL) {
        fprintf(stderr, "baws_cosim: unknown unit '%s'\n", want[n_want]);
        return 2;
      }
      n_want++;
    } else if (!strcmp(argv[i], "--mutants")) {
      do_mutants = 1;
    } else if (!strcmp(argv[i], "--c-only")) {
      c_only = 1;
    } else if (!strcmp(argv[i], "-v")) {
      verbose = 1;
    } else {
      fprintf(stderr,
              "usage: baws_cosim [--unit NAME]... [--cycles N] [--seed S] [--mutants] "
              "[--c-only] [-v]\n");
      return 2;
    }
  }
  bench_ctx bc = {verbose, c_only, 0};
  unsigned passed = 0, failed = 0;
  char desc[256];
  clock_t t0 = clock();

  if (!do_mutants) {
    for (size_t k = 0; k < sizeof unit_names / sizeof unit_names[0]; k++) {
      const char *unit = unit_names[k];
      if (!selected(unit, want, n_want)) continue;
      printf("== %s: directed vectors on the RTL\n", unit);
      if (run_vectors(unit, NULL, &bc, 0) == 0) {
        passed++;
      } else {
        failed++;
      }
      for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        const run_spec *r = &runs[i];
        if (strcmp(r->unit, unit) != 0) continue;
        run_result res;
        describe(r, desc, sizeof desc);
        printf("== random %s, seed %" PRIu64 "\n", desc, seed + i);
        run_random(r, cycles, seed + i, &bc, &res);
        bool ok = res.mismatches == 0 && res.failures == 0 && res.missing == 0;
        printf("%s %lu cycles, %u mismatches, %u failed checks, %u empty coverage bins\n",
               ok ? "ok  " : "FAIL", res.cycles, res.mismatches, res.failures, res.missing);
        print_cov(&res.cov);
        if (ok) {
          passed++;
        } else {
          failed++;
        }
      }
    }
  } else {
    printf("== planted faults: each must be caught\n");
    unsigned caught = 0, total = 0;
    for (size_t i = 0; i < sizeof mutants / sizeof mutants[0]; i++) {
      const run_spec *r = &mutants[i];
      if (!selected(r->unit, want, n_want)) continue;
      total++;
      describe(r, desc, sizeof desc);
      printf("-- %s\n", desc);
      run_result res;
      run_random(r, cycles, seed + 100 + i, &bc, &res);
      const char *how = NULL;
      char why[64];
      if (res.mismatches > 0) {
        snprintf(why, sizeof why, "random run, cycle %lu", res.cycles);
        how = why;
      } else if (run_vectors(r->unit, r->mutant, &bc, 1) > 0) {
        how = "directed vectors";
      }
      if (how != NULL) {
        caught++;
        passed++;
        printf("ok   caught %s: %s\n", r->mutant, how);
      } else {
        failed++;
        printf("FAIL mutant %s survived %lu random cycles and the directed vectors\n", r->mutant,
               res.cycles);
      }
    }
    printf("mutants caught: %u/%u\n", caught, total);
  }
  printf("time: %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("%u passed, %u failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
