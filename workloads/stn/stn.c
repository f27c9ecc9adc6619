/* STN host driver: a 3D Jacobi stencil over all time steps in one launch
 * whose CTAs meet at a software global barrier after each step. The grid is
 * sized to what the configured GPU keeps resident (2 CTAs of 512 threads per
 * SM, as BAWS reports for the GTX480, or fewer where the config allows fewer),
 * because a CTA that is not resident could never reach the barrier the
 * resident ones spin on. Checked bit for bit against a CPU Jacobi that
 * evaluates each point as the PTX does: fma(c0, centre, c1 * sum), the sum
 * in the kernel's order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define STN_THREADS 512   /* 16 warps per CTA (BAWS Table 2) */
#define STN_CTAS_PER_SM 2 /* BAWS Table 2: 2 TBs per SM */

static const float C0 = 0.5f;
static const float C1 = 1.0f / 12.0f;

static void cpu_step(const float *in, float *out, int nx, int ny, int nz, int threads) {
  int plane = nx * ny;
#pragma omp parallel for collapse(2) num_threads(threads) schedule(static)
  for (int z = 1; z < nz - 1; z++) {
    for (int y = 1; y < ny - 1; y++) {
      for (int x = 1; x < nx - 1; x++) {
        int j = z * plane + y * nx + x;
        float s = in[j - 1] + in[j + 1];
        s = s + in[j - nx];
        s = s + in[j + nx];
        s = s + in[j - plane];
        s = s + in[j + plane];
        out[j] = fmaf(C0, in[j], C1 * s);
      }
    }
  }
}

static void stn_dims(st_wl_size size, int *nx, int *ny, int *nz, int *steps) {
  bool small = size == ST_WL_SMALL;
  *nx = small ? 64 : 128;
  *ny = small ? 64 : 128;
  *nz = size == ST_WL_PAPER ? 32 : 8;
  *steps = small ? 4 : 20;
}

/* The grid's initial values (the boundary stays fixed in both buffers). */
static void make_grid(float *a, size_t n, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < n; i++) {
    a[i] = st_wl_rng_unit(&r);
  }
}

/* The CPU version: both buffers from the initial grid (as the uploads), then
 * every time step, alternating between them; the step's points on every
 * thread. */
typedef struct stn_cpu_args {
  const float *a0;
  float *a, *b;
  int nx, ny, nz, steps, threads;
} stn_cpu_args;

static void stn_cpu_work(void *arg) {
  stn_cpu_args *p = arg;
  size_t n = (size_t)p->nx * (size_t)p->ny * (size_t)p->nz;
  memcpy(p->a, p->a0, n * sizeof *p->a);
  memcpy(p->b, p->a0, n * sizeof *p->b);
  for (int t = 0; t < p->steps; t++) {
    if (t % 2 == 0) {
      cpu_step(p->a, p->b, p->nx, p->ny, p->nz, p->threads);
    } else {
      cpu_step(p->b, p->a, p->nx, p->ny, p->nz, p->threads);
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int nx, ny, nz, steps;
  stn_dims(ctx->size, &nx, &ny, &nz, &steps);
  size_t n = (size_t)nx * ny * nz;
  float *a0 = malloc(n * sizeof *a0);
  stn_cpu_args p = {.a = malloc(n * sizeof(float)), .b = malloc(n * sizeof(float)), .nx = nx,
                    .ny = ny, .nz = nz, .steps = steps, .threads = ctx->threads};
  st_status rc = a0 && p.a && p.b ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_grid(a0, n, ctx->seed);
    p.a0 = a0;
    rc = st_wl_cpu_time(ctx, stn_cpu_work, &p);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, steps % 2 ? p.b : p.a, n * sizeof(float));
  }
  free(a0);
  free(p.a);
  free(p.b);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int nx, ny, nz, steps;
  stn_dims(ctx->size, &nx, &ny, &nz, &steps);
  const st_config *cfg = st_gpu_config(ctx->gpu);
  /* Every CTA must be resident at once (they wait for each other): the grid
   * is what the simulator's occupancy rule lets the SMs hold, at most
   * STN_CTAS_PER_SM per SM. */
  uint32_t occ = 0;
  st_status orc = st_kernel_occupancy(ctx->gpu, ctx->mod, "stn_jacobi",
                                      st_dim3_make(STN_THREADS, 1, 1), 0, &occ, err);
  if (orc != ST_OK) {
    return orc;
  }
  int per_sm = (int)occ;
  if (per_sm > STN_CTAS_PER_SM) per_sm = STN_CTAS_PER_SM;
  if (per_sm < 1) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "the configured SM cannot hold a CTA of %d threads", STN_THREADS);
    return ST_ERR_MISMATCH;
  }
  int ctas = (int)st_config_num_sms(cfg) * per_sm;
  size_t n = (size_t)nx * ny * nz;
  float *a = malloc(n * sizeof *a);
  float *b = malloc(n * sizeof *b);
  float *got = malloc(n * sizeof *got);
  if (a == NULL || b == NULL || got == NULL) {
    free(a);
    free(b);
    free(got);
    return ST_ERR_NOMEM;
  }
  make_grid(a, n, ctx->seed);
  memcpy(b, a, n * sizeof *b); /* the boundary stays fixed in both */
  st_gpu *gpu = ctx->gpu;
  uint64_t d_a = 0, d_b = 0, d_count = 0;
  st_status rc = st_wl_upload(gpu, a, n * 4, &d_a, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, b, n * 4, &d_b, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &d_count, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_a),   ST_ARG_PTR(d_b),   ST_ARG_PTR(d_count),
                     ST_ARG_S32(nx),    ST_ARG_S32(ny),    ST_ARG_S32(nz),
                     ST_ARG_S32(steps), st_arg_f32(C0),    st_arg_f32(C1)};
    rc = st_launch(gpu, ctx->mod, "stn_jacobi", st_dim3_make((uint32_t)ctas, 1, 1),
                   st_dim3_make(STN_THREADS, 1, 1), 0, args, 9, err);
  }
  uint32_t count = 0;
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, steps % 2 ? d_b : d_a, n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &count, d_count, 4, err);
  if (rc == ST_OK) {
    for (int t = 0; t < steps; t++) {
      if (t % 2 == 0) {
        cpu_step(a, b, nx, ny, nz, ctx->threads);
      } else {
        cpu_step(b, a, nx, ny, nz, ctx->threads);
      }
    }
    uint32_t want_count = (uint32_t)(steps * ctas);
    rc = st_wl_check_u32(ctx, "barrier arrivals", &count, &want_count, 1);
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "grid", (const uint32_t *)got,
                           (const uint32_t *)(steps % 2 ? b : a), n);
    }
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  stn: %dx%dx%d grid, %d time steps in 1 launch of %d CTAs x %d threads "
            "(%d global barriers)\n",
            nx, ny, nz, steps, ctas, STN_THREADS, steps);
  }
  free(a);
  free(b);
  free(got);
  return rc;
}

const st_workload_desc st_wl_stn = {
    .name = "stn",
    .title = "3D 7-point Jacobi stencil, all steps in one launch with a global inter-CTA barrier",
    .seeds = "BAWS STN (Singh et al. HPCA'13)",
    .category = "BAWS barrier-intensive (16 warps/TB, 2 TBs/SM, global barrier)",
    .suite = "other",
    .tables = "BAWS Table 2 (Singh et al. HPCA'13 stencil, 2 TBs x 16 warps per SM; no input "
               "given)",
    .ptx = "stn.ptx",
    .small = "64x64x8 grid, 4 time steps, 30 CTAs",
    .paper = "128x128x32 grid, 20 time steps, 30 CTAs (the seed gives no input size)",
    .medium = "128x128x8 grid, 20 time steps, 30 CTAs",
    .run = run,
    .cpu = cpu,
};
