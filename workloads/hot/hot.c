/* HOT host driver: a square chip with random initial temperatures (323 to
 * 343 K) and random per-cell power, stepped `total` times with pyramid height
 * ph: one launch per ph steps (the last one may do fewer), ping-ponging the
 * temperature buffers. The CPU reference steps the whole grid once per time
 * step with the kernel's arithmetic in the PTX's order, so the result is
 * bit-exact: the ghost-zone tiles compute the same values as a plain sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define HS_B 16

/* The thermal model's constants (the HotSpot model's silicon figures). */
typedef struct hot_coef {
  float sdc, rx1, ry1, rz1, amb;
} hot_coef;

static hot_coef make_coef(int rows, int cols) {
  const double t_chip = 0.0005, chip_h = 0.016, chip_w = 0.016; /* m */
  const double k_si = 100.0, spec_heat_si = 1.75e6, factor_chip = 0.5;
  const double max_pd = 3.0e6, precision = 0.001;
  double gh = chip_h / rows, gw = chip_w / cols;
  double cap = factor_chip * spec_heat_si * t_chip * gw * gh;
  double rx = gw / (2.0 * k_si * t_chip * gh);
  double ry = gh / (2.0 * k_si * t_chip * gw);
  double rz = t_chip / (k_si * gh * gw);
  double max_slope = max_pd / (factor_chip * t_chip * spec_heat_si);
  double step = precision / max_slope;
  hot_coef c = {(float)(step / cap), (float)(1.0 / rx), (float)(1.0 / ry), (float)(1.0 / rz),
                80.0f};
  return c;
}

/* One time step of the whole grid, as the kernel computes each cell:
 * fma(((S + N) - 2t) , ry1, p), then the east/west term, the ambient term,
 * and t + sdc * sum, each an fma.rn.f32 in the PTX. */
static void cpu_step(const float *p, const float *t, float *out, int rows, int cols,
                     const hot_coef *c, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int y = 0; y < rows; y++) {
    int yn = y > 0 ? y - 1 : y, ys = y < rows - 1 ? y + 1 : y;
    for (int x = 0; x < cols; x++) {
      int xw = x > 0 ? x - 1 : x, xe = x < cols - 1 ? x + 1 : x;
      float tc = t[y * cols + x];
      float t2 = tc + tc;
      float ns = (t[ys * cols + x] + t[yn * cols + x]) - t2;
      float ew = (t[y * cols + xe] + t[y * cols + xw]) - t2;
      float acc = fmaf(ns, c->ry1, p[y * cols + x]);
      acc = fmaf(ew, c->rx1, acc);
      acc = fmaf(c->amb - tc, c->rz1, acc);
      out[y * cols + x] = fmaf(acc, c->sdc, tc);
    }
  }
}

/* small: 64x64 cells, 4 steps at pyramid height 2 (2 launches of 6x6 CTAs);
 * medium: 256x256 cells, 8 steps (4 launches of 22x22); paper: 512x512
 * cells, 8 steps at pyramid height 2 (4 launches of 43x43). */
static int hot_cells(st_wl_size size) {
  return size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 256 : 64;
}

static int hot_steps(st_wl_size size) { return size == ST_WL_SMALL ? 4 : 8; }

static void hot_inputs(uint64_t seed, size_t cells, float *temp, float *power) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < cells; i++) {
    temp[i] = 323.0f + 20.0f * st_wl_rng_unit(&r);
    power[i] = 2.0e-3f * st_wl_rng_unit(&r);
  }
}

/* The CPU version: every time step over the whole grid (rows on every
 * thread), from a copy of the initial temperatures, ping-ponging two
 * buffers. */
typedef struct hot_cpu_args {
  const float *power, *temp0;
  float *buf[2];
  float *result;
  int n, total, threads;
  hot_coef c;
} hot_cpu_args;

static void hot_cpu_work(void *arg) {
  hot_cpu_args *a = arg;
  size_t cells = (size_t)a->n * (size_t)a->n;
  memcpy(a->buf[0], a->temp0, cells * sizeof(float));
  int src = 0;
  for (int s = 0; s < a->total; s++) {
    cpu_step(a->power, a->buf[src], a->buf[1 - src], a->n, a->n, &a->c, a->threads);
    src = 1 - src;
  }
  a->result = a->buf[src];
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n = hot_cells(ctx->size);
  size_t cells = (size_t)n * n;
  float *power = malloc(cells * sizeof *power);
  float *temp = malloc(cells * sizeof *temp);
  hot_cpu_args a = {.power = power, .temp0 = temp,
                    .buf = {malloc(cells * sizeof(float)), malloc(cells * sizeof(float))},
                    .n = n, .total = hot_steps(ctx->size), .threads = ctx->threads,
                    .c = make_coef(n, n)};
  st_status rc = power && temp && a.buf[0] && a.buf[1] ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    hot_inputs(ctx->seed, cells, temp, power);
    rc = st_wl_cpu_time(ctx, hot_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.result, cells * sizeof(float));
  }
  free(power);
  free(temp);
  free(a.buf[0]);
  free(a.buf[1]);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n = hot_cells(ctx->size), ph = 2, total = hot_steps(ctx->size);
  size_t cells = (size_t)n * n;
  float *power = malloc(cells * sizeof *power);
  float *temp = malloc(cells * sizeof *temp);
  float *ref = malloc(cells * sizeof *ref);
  float *ref2 = malloc(cells * sizeof *ref2);
  float *got = malloc(cells * sizeof *got);
  st_status rc = power && temp && ref && ref2 && got ? ST_OK : ST_ERR_NOMEM;
  hot_coef c = make_coef(n, n);
  if (rc == ST_OK) {
    hot_inputs(ctx->seed, cells, temp, power);
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t d_p = 0, d_t[2] = {0, 0};
  if (rc == ST_OK) rc = st_wl_upload(gpu, power, cells * 4, &d_p, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, temp, cells * 4, &d_t[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, cells * 4, &d_t[1], err);
  int inner = HS_B - 2 * ph;
  uint32_t tiles = (uint32_t)((n + inner - 1) / inner);
  int src = 0, launches = 0;
  for (int done = 0; rc == ST_OK && done < total; done += ph) {
    int iters = total - done < ph ? total - done : ph;
    st_arg args[] = {ST_ARG_PTR(d_p),    ST_ARG_PTR(d_t[src]), ST_ARG_PTR(d_t[1 - src]),
                     ST_ARG_S32(n),      ST_ARG_S32(n),        ST_ARG_S32(ph),
                     ST_ARG_S32(iters),  st_arg_f32(c.sdc),    st_arg_f32(c.rx1),
                     st_arg_f32(c.ry1),  st_arg_f32(c.rz1),    st_arg_f32(c.amb)};
    rc = st_launch(gpu, ctx->mod, "hotspot_step", st_dim3_make(tiles, tiles, 1),
                   st_dim3_make(HS_B, HS_B, 1), 0, args, 12, err);
    src = 1 - src;
    launches++;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_t[src], cells * 4, err);
  if (rc == ST_OK) {
    memcpy(ref, temp, cells * sizeof *ref);
    for (int s = 0; s < total; s++) {
      cpu_step(power, ref, ref2, n, n, &c, ctx->threads);
      float *tmp = ref;
      ref = ref2;
      ref2 = tmp;
    }
    rc = st_wl_check_u32(ctx, "temperature", (const uint32_t *)got, (const uint32_t *)ref, cells);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  hot: %dx%d cells, %d steps at pyramid height %d (%d launches of %ux%u CTAs of "
              "16x16)\n",
              n, n, total, ph, launches, tiles, tiles);
    }
  }
  free(power);
  free(temp);
  free(ref);
  free(ref2);
  free(got);
  return rc;
}

const st_workload_desc st_wl_hot = {
    .name = "hot",
    .title = "hotspot thermal stencil, ghost-zone (pyramid) tiles in shared memory",
    .seeds = "CAWA/Ctrl-C HOT (Rodinia), DYNCTA HOT (Rodinia), BAWS hotspot (non-barrier set)",
    .category = "CAWA compute-intensive (C); Ctrl-C NS (row 3, probably); DYNCTA Type-C; BAWS "
                "non-barrier-intensive",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (C), 512x512 nodes; Ctrl-C Table 5.3 row 3, 512x512 nodes; DYNCTA "
               "Table II row 27 (C); BAWS non-barrier set",
    .ptx = "hot.ptx",
    .small = "64x64 cells, 4 steps at pyramid height 2 (2 launches of 6x6 CTAs)",
    .paper = "512x512 cells (the seeds' dataset), 8 steps at pyramid height 2 (4 launches of "
             "43x43 CTAs)",
    .medium = "256x256 cells, 8 steps at pyramid height 2 (4 launches of 22x22 CTAs)",
    .run = run,
    .cpu = cpu,
};
