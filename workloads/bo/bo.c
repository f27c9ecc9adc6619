/* BO host driver: the NVIDIA SDK's binomialOptions. Random European call
 * options (spot in [5, 30), strike in [1, 100), expiry in [0.25, 10) years,
 * rate 6%, volatility 10%, as the SDK draws them); the host turns each into
 * the tree's constants (in double, stored as float, as the SDK's host does:
 * v*sqrt(dt), and the up and down probabilities times the discount factor)
 * and copies them to constant memory; one launch prices every option, one
 * CTA each.
 *
 * The CPU reference walks the same tree in float in the PTX's order (each
 * node fma(pu, up child, pd * down child)); the leaves use expf where the
 * kernel's expf is a range reduction around ex2.approx.ftz.f32, which is not
 * defined bit for bit, so the prices are compared within relative 2^-16 (abs
 * 1e-4). The log also gives the largest difference from the Black-Scholes
 * price (double), which the tree approaches as the steps grow. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define BO_THREADS 128
#define BO_ELEMS 16
#define BO_MAX_STEPS (BO_THREADS * BO_ELEMS)
#define BO_MAX_OPTIONS 512

typedef struct bo_option {
  float S, X, vDt, puByDf, pdByDf;
} bo_option;

typedef struct bo_input {
  double S, X, T, R, V;
} bo_input;

static double uniform(st_wl_rng *r, double lo, double hi) {
  return lo + (hi - lo) * st_wl_rng_unit(r);
}

/* The SDK host's preprocessing of one option for n steps. */
static bo_option prepare(const bo_input *in, int n) {
  double dt = in->T / n;
  double vDt = in->V * sqrt(dt);
  double rDt = in->R * dt;
  double If = exp(rDt), Df = exp(-rDt);
  double u = exp(vDt), d = exp(-vDt);
  double pu = (If - d) / (u - d);
  double pd = 1.0 - pu;
  bo_option o = {(float)in->S, (float)in->X, (float)vDt, (float)(pu * Df), (float)(pd * Df)};
  return o;
}

/* The kernel's tree on the CPU; c has n + 1 entries. */
static float cpu_price(const bo_option *o, int n, float *c) {
  for (int i = 0; i <= n; i++) {
    float e = expf(o->vDt * (float)(2 * i - n));
    float d = o->S * e - o->X;
    c[i] = d > 0.0f ? d : 0.0f;
  }
  for (int i = n; i > 0; i--) {
    for (int k = 0; k < i; k++) {
      c[k] = fmaf(o->puByDf, c[k + 1], o->pdByDf * c[k]);
    }
  }
  return c[0];
}

static double cnd(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

static double black_scholes(const bo_input *in) {
  double sq = in->V * sqrt(in->T);
  double d1 = (log(in->S / in->X) + (in->R + 0.5 * in->V * in->V) * in->T) / sq;
  double d2 = d1 - sq;
  return in->S * cnd(d1) - in->X * exp(-in->R * in->T) * cnd(d2);
}

static int bo_options(st_wl_size size) {
  return size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 48 : 8;
}

static int bo_steps(st_wl_size size) { return size == ST_WL_PAPER ? BO_MAX_STEPS : 256; }

/* Options drawn as the SDK draws them, and their constants for steps steps. */
static void bo_inputs(uint64_t seed, int nopt, int steps, bo_input *in, bo_option *opt) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < nopt; i++) {
    in[i].S = uniform(&r, 5.0, 30.0);
    in[i].X = uniform(&r, 1.0, 100.0);
    in[i].T = uniform(&r, 0.25, 10.0);
    in[i].R = 0.06;
    in[i].V = 0.10;
    opt[i] = prepare(&in[i], steps);
  }
}

/* Every option's tree, one option per iteration of the parallel loop. */
static void cpu_prices(const bo_option *opt, int nopt, int steps, float *price, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int i = 0; i < nopt; i++) {
    float tree[BO_MAX_STEPS + 1];
    price[i] = cpu_price(&opt[i], steps, tree);
  }
}

/* The CPU version: the kernel's work, every option's tree. */
typedef struct bo_cpu_args {
  const bo_option *opt;
  float *price;
  int nopt, steps, threads;
} bo_cpu_args;

static void bo_cpu_work(void *arg) {
  bo_cpu_args *a = arg;
  cpu_prices(a->opt, a->nopt, a->steps, a->price, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int nopt = bo_options(ctx->size), steps = bo_steps(ctx->size);
  bo_input *in = malloc((size_t)nopt * sizeof *in);
  bo_option *opt = malloc((size_t)nopt * sizeof *opt);
  float *price = malloc((size_t)nopt * sizeof *price);
  st_status rc = in && opt && price ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    bo_inputs(ctx->seed, nopt, steps, in, opt);
    bo_cpu_args a = {.opt = opt, .price = price, .nopt = nopt, .steps = steps,
                     .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, bo_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, price, (size_t)nopt * sizeof *price);
  }
  free(in);
  free(opt);
  free(price);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int nopt = bo_options(ctx->size);
  int steps = bo_steps(ctx->size);
  bo_input *in = malloc((size_t)nopt * sizeof *in);
  bo_option *opt = malloc((size_t)nopt * sizeof *opt);
  float *got = malloc((size_t)nopt * sizeof *got);
  float *want = malloc((size_t)nopt * sizeof *want);
  uint64_t d_opts = 0, opts_bytes = 0, d_call = 0;
  st_status rc = in && opt && got && want ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    bo_inputs(ctx->seed, nopt, steps, in, opt);
    rc = st_module_symbol(ctx->gpu, ctx->mod, "bo_opts", &d_opts, &opts_bytes, err);
  }
  if (rc == ST_OK) rc = st_memcpy_htod(ctx->gpu, d_opts, opt, (uint64_t)nopt * sizeof *opt, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, NULL, (uint64_t)nopt * sizeof *got, &d_call, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_call), ST_ARG_S32(steps)};
    rc = st_launch(ctx->gpu, ctx->mod, "bo_kernel", st_dim3_make((uint32_t)nopt, 1, 1),
                   st_dim3_make(BO_THREADS, 1, 1), 0, a, 2, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(ctx->gpu, got, d_call, (uint64_t)nopt * sizeof *got, err);
  if (rc == ST_OK) {
    cpu_prices(opt, nopt, steps, want, ctx->threads);
    rc = st_wl_check_f32(ctx, "option prices", got, want, (size_t)nopt, 0x1p-16f, 1e-4f);
  }
  if (rc == ST_OK && ctx->log != NULL) {
    double worst = 0.0;
    for (int i = 0; i < nopt; i++) {
      double d = fabs((double)got[i] - black_scholes(&in[i]));
      worst = d > worst ? d : worst;
    }
    fprintf(ctx->log,
            "  bo: %d options, %d time steps, 1 launch of %d CTAs of %d threads; largest "
            "difference from Black-Scholes %.3g\n",
            nopt, steps, nopt, BO_THREADS, worst);
  }
  free(in);
  free(opt);
  free(got);
  free(want);
  return rc;
}

const st_workload_desc st_wl_bo = {
    .name = "bo",
    .title = "binomialOptions: European calls on a binomial tree, one CTA per option, backward "
             "induction with a shared-memory exchange and barriers per step",
    .seeds = "Ctrl-C BO (NVIDIA SDK binomialOptions)",
    .category = "Ctrl-C Table 5.3 row 1: non-cache-sensitive (NS), the one label the source "
                "keeps (re-derive by the 1.2x rule)",
    .suite = "NVIDIA SDK",
    .tables = "Ctrl-C Table 5.3 row 1 (512 options)",
    .ptx = "bo.ptx",
    .small = "8 options, 256 time steps (1 launch of 8 CTAs)",
    .paper = "512 options (Ctrl-C's dataset), 2048 time steps as the SDK (1 launch of 512 CTAs)",
    .medium = "48 options, 256 time steps (1 launch of 48 CTAs)",
    .run = run,
    .cpu = cpu,
};
