/* MYC host driver: n instances of the myocyte model (Beeler-Reuter, 8
 * equations) start at rest; each gets its own slow-inward and sodium
 * conductance scales (0.9 .. 1.1), stimulus amplitude (35 .. 50 uA/cm^2, 2 ms
 * every 400 ms) and first stimulus time (1 .. 3 ms) from the seed, so the
 * threads of a warp take different step sequences. One launch integrates
 * every instance over the span; the host copies back the state at every whole
 * ms and the step counts.
 *
 * The check: the CPU reference runs the same solver on the same model source
 * (myc_model.h), but the GPU's exp is ex2.approx and nvcc contracts some
 * products and sums into fma, so the trajectories differ slightly; every
 * output point of every instance is compared within a tolerance (V 0.5 mV
 * absolute or 1e-2 relative; the gates 1e-3 absolute; calcium 1e-2 relative
 * or 1e-9 absolute). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"
#include "myc_model.h"

/* small: 40 instances, 1 ms; medium: 100 instances, 2 ms; paper: 100 instances,
 * 400 ms (one stimulus period). */
static void myc_dims(st_wl_size size, int *n, int *span) {
  *n = size == ST_WL_SMALL ? 40 : 100;
  *span = size == ST_WL_PAPER ? 400 : size == ST_WL_MEDIUM ? 2 : 1;
}

static const float myc_rest[MYC_NEQ] = {-84.57f, 0.0056f, 0.011f, 0.988f,
                                        0.975f,  0.003f,  0.994f, 2e-7f};

/* Every instance's parameters from the seed; every instance starts at rest. */
static void myc_inputs(uint64_t seed, int n, myc_params *p, float *y0) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    p[i].gs_scale = 0.9f + 0.2f * st_wl_rng_unit(&r);
    p[i].amp = 35.0f + 15.0f * st_wl_rng_unit(&r);
    p[i].tstim = (float)st_wl_rng_below(&r, 3);
    p[i].gna_scale = 0.9f + 0.2f * st_wl_rng_unit(&r);
    memcpy(&y0[i * MYC_NEQ], myc_rest, sizeof myc_rest);
  }
}

/* Every instance over the span, one instance per iteration of a parallel
 * loop (dynamic: the step counts differ); out gets (span + 1) states per
 * instance, steps the accepted and rejected steps. */
static void myc_solve_all(const myc_params *p, const float *y0, int n, int span, float *out,
                          int *steps, int threads) {
  size_t npts = (size_t)(span + 1) * MYC_NEQ;
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (int i = 0; i < n; i++) {
    float y[MYC_NEQ];
    int rj = 0;
    memcpy(y, &y0[i * MYC_NEQ], sizeof y);
    steps[2 * i] = myc_solve(y, span, &p[i], &out[(size_t)i * npts], &rj);
    steps[2 * i + 1] = rj;
  }
}

/* The CPU version: the solver for every instance. */
typedef struct myc_cpu_args {
  const myc_params *p;
  const float *y0;
  float *out;
  int *steps;
  int n, span, threads;
} myc_cpu_args;

static void myc_cpu_work(void *arg) {
  myc_cpu_args *m = arg;
  myc_solve_all(m->p, m->y0, m->n, m->span, m->out, m->steps, m->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n, span;
  myc_dims(ctx->size, &n, &span);
  size_t nout = (size_t)n * (size_t)(span + 1) * MYC_NEQ;
  myc_params *p = malloc((size_t)n * sizeof *p);
  float *y0 = malloc((size_t)n * MYC_NEQ * sizeof *y0);
  float *out = malloc(nout * sizeof *out);
  int *steps = malloc((size_t)n * 2 * sizeof *steps);
  st_status rc = p && y0 && out && steps ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    myc_inputs(ctx->seed, n, p, y0);
    myc_cpu_args m = {p, y0, out, steps, n, span, ctx->threads};
    rc = st_wl_cpu_time(ctx, myc_cpu_work, &m);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, out, nout * sizeof *out);
    st_wl_cpu_digest(ctx, steps, (size_t)n * 2 * sizeof *steps);
  }
  free(p);
  free(y0);
  free(out);
  free(steps);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n, span;
  myc_dims(ctx->size, &n, &span);
  size_t npts = (size_t)(span + 1) * MYC_NEQ;
  myc_params *p = malloc((size_t)n * sizeof *p);
  float *y0 = malloc((size_t)n * MYC_NEQ * sizeof *y0);
  float *got = malloc((size_t)n * npts * sizeof *got);
  float *want = malloc((size_t)n * npts * sizeof *want);
  int *steps = malloc((size_t)n * 2 * sizeof *steps);
  int *rsteps = malloc((size_t)n * 2 * sizeof *rsteps);
  st_status rc = p && y0 && got && want && steps && rsteps ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_p = 0, d_y0 = 0, d_out = 0, d_steps = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK) {
    myc_inputs(ctx->seed, n, p, y0);
    rc = st_wl_upload(gpu, p, (size_t)n * sizeof *p, &d_p, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, y0, (size_t)n * MYC_NEQ * 4, &d_y0, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (size_t)n * npts * 4, &d_out, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (size_t)n * 8, &d_steps, err);
  uint32_t ctas = (uint32_t)(n + 31) / 32;
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_p),     ST_ARG_PTR(d_y0), ST_ARG_PTR(d_out),
                  ST_ARG_PTR(d_steps), ST_ARG_S32(n),    ST_ARG_S32(span)};
    rc = st_launch(gpu, ctx->mod, "myc_solve_all", st_dim3_make(ctas, 1, 1),
                   st_dim3_make(32, 1, 1), 0, a, 6, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_out, (size_t)n * npts * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, steps, d_steps, (size_t)n * 8, err);
  long acc = 0, rej = 0, racc = 0, rrej = 0;
  double worst_v = 0.0;
  if (rc == ST_OK) {
    myc_solve_all(p, y0, n, span, want, rsteps, ctx->threads);
    for (int i = 0; i < n; i++) {
      racc += rsteps[2 * i];
      rrej += rsteps[2 * i + 1];
      acc += steps[2 * i];
      rej += steps[2 * i + 1];
    }
    for (int i = 0; i < n && rc == ST_OK; i++) {
      for (int q = 0; q <= span && rc == ST_OK; q++) {
        for (int e = 0; e < MYC_NEQ; e++) {
          size_t k = (size_t)i * npts + (size_t)q * MYC_NEQ + (size_t)e;
          float g = got[k], w = want[k], d = fabsf(g - w);
          int ok;
          if (e == 0) {
            ok = d <= 0.5f || d <= 1e-2f * fabsf(w);
            worst_v = d > worst_v ? d : worst_v;
          } else if (e == 7) {
            ok = d <= 1e-9f || d <= 1e-2f * fabsf(w);
          } else {
            ok = d <= 1e-3f;
          }
          if (!ok || isnan(g) != isnan(w)) {
            snprintf(ctx->verdict, sizeof ctx->verdict,
                     "instance %d, t = %d ms, variable %d: expected %.9g, got %.9g", i, q, e,
                     (double)w, (double)g);
            rc = ST_ERR_MISMATCH;
            break;
          }
        }
      }
    }
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "%d instances x %d ms (%zu values) match the CPU reference within the tolerance "
             "(largest V difference %.3g mV)",
             n, span, (size_t)n * npts, worst_v);
  }
  if (ctx->log != NULL && rc != ST_ERR_NOMEM) {
    fprintf(ctx->log,
            "  myc: %d instances (%u CTAs x 32 threads), %d ms; steps accepted/rejected: GPU "
            "%ld/%ld, CPU %ld/%ld\n",
            n, ctas, span, acc, rej, racc, rrej);
  }
  free(p);
  free(y0);
  free(got);
  free(want);
  free(steps);
  free(rsteps);
  return rc;
}

const st_workload_desc st_wl_myc = {
    .name = "myc",
    .title = "cardiac myocyte ODE model, adaptive Runge-Kutta-Fehlberg per thread (Rodinia "
             "myocyte shape, one instance per thread)",
    .seeds = "CAWA MYC (Rodinia myocyte)",
    .category = "CAWA Table 3.2 compute-intensive (C); RR hides its stalls poorly (little "
                "warp-level parallelism)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (100 nodes)",
    .ptx = "myc.ptx",
    .small = "40 instances (2 CTAs of 32 threads), 1 ms",
    .paper = "100 instances (the seed's 100 nodes; 4 CTAs of 32 threads), 400 ms (one beat)",
    .medium = "100 instances (4 CTAs of 32 threads), 2 ms",
    .run = run,
    .cpu = cpu,
};
