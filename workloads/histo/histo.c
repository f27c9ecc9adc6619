/* HISTO host driver: a skewed synthetic "image" of bin indices (most values
 * in a bell around a few centres, some spread uniformly, so busy bins
 * saturate and shared-memory atomics collide as in Parboil's input), counted
 * into 4096 saturating 8-bit bins, repeated as Parboil repeats its kernel.
 * Checked exactly against a CPU count. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define BINS 4096
#define THREADS 512       /* 16 warps per CTA (BAWS Table 2) */
#define CTAS_PER_SM 3     /* BAWS Table 2: 3 TBs per SM (16 KiB shared each) */

/* One in 8 values uniform, one in 16 on one of 16 hot bins, the rest in
 * four bells of width ~256 bins. */
static uint32_t skewed_bin(st_wl_rng *r) {
  uint32_t kind = st_wl_rng_below(r, 16);
  if (kind < 2) {
    return st_wl_rng_below(r, BINS);
  }
  if (kind == 2) {
    return 97u + 251u * st_wl_rng_below(r, 16);
  }
  static const uint32_t centre[4] = {600, 1500, 2048, 3300};
  uint32_t c = centre[st_wl_rng_below(r, 4)];
  int32_t off = 0;
  for (int k = 0; k < 4; k++) {
    off += (int32_t)st_wl_rng_below(r, 129) - 64; /* sum of 4: a bell of width ~256 */
  }
  return (uint32_t)((int32_t)c + off);
}

static void histo_dims(st_wl_size size, int *w, int *hgt, int *reps) {
  *w = *hgt = size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 512 : 256;
  *reps = size == ST_WL_SMALL ? 1 : 4;
}

static void histo_inputs(uint64_t seed, int n, uint32_t *in) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    in[i] = skewed_bin(&r);
  }
}

/* The CPU version, per repetition: every thread counts its share of the
 * input into a private histogram and adds its non-zero bins to the global
 * counts atomically (integer sums: the order does not matter), then the
 * counts are saturated to 8 bits and cleared (histo_final). */
typedef struct histo_cpu_args {
  const uint32_t *in;
  uint32_t *hist;
  uint8_t *out;
  int n, reps, threads;
} histo_cpu_args;

static void histo_cpu_work(void *arg) {
  histo_cpu_args *a = arg;
  uint32_t *hist = a->hist;
  memset(hist, 0, BINS * sizeof *hist);
  for (int k = 0; k < a->reps; k++) {
#pragma omp parallel num_threads(a->threads)
    {
      uint32_t sub[BINS];
      memset(sub, 0, sizeof sub);
#pragma omp for schedule(static)
      for (int i = 0; i < a->n; i++) {
        sub[a->in[i]]++;
      }
      for (int b = 0; b < BINS; b++) {
        if (sub[b] != 0) {
#pragma omp atomic
          hist[b] += sub[b];
        }
      }
#pragma omp barrier
#pragma omp for schedule(static)
      for (int b = 0; b < BINS; b++) {
        a->out[b] = (uint8_t)(hist[b] < 255 ? hist[b] : 255);
        hist[b] = 0;
      }
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int w, hgt, reps;
  histo_dims(ctx->size, &w, &hgt, &reps);
  int n = w * hgt;
  uint32_t *in = malloc((size_t)n * sizeof *in);
  histo_cpu_args a = {.hist = malloc(BINS * sizeof(uint32_t)), .out = malloc(BINS), .n = n,
                      .reps = reps, .threads = ctx->threads};
  st_status rc = in && a.hist && a.out ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    histo_inputs(ctx->seed, n, in);
    a.in = in;
    rc = st_wl_cpu_time(ctx, histo_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.out, BINS);
    st_wl_cpu_digest(ctx, a.hist, BINS * sizeof(uint32_t));
  }
  free(in);
  free(a.hist);
  free(a.out);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int w, hgt, reps;
  histo_dims(ctx->size, &w, &hgt, &reps);
  int n = w * hgt;
  uint32_t *in = malloc((size_t)n * sizeof *in);
  uint32_t *count = calloc(BINS, sizeof *count);
  uint8_t *want = malloc(BINS);
  uint8_t *got = malloc(BINS);
  uint32_t *left = malloc(BINS * sizeof *left);
  if (in == NULL || count == NULL || want == NULL || got == NULL || left == NULL) {
    free(in);
    free(count);
    free(want);
    free(got);
    free(left);
    return ST_ERR_NOMEM;
  }
  histo_inputs(ctx->seed, n, in);
  for (int i = 0; i < n; i++) {
    count[in[i]]++;
  }
  int saturated = 0;
  for (int b = 0; b < BINS; b++) {
    want[b] = (uint8_t)(count[b] < 255 ? count[b] : 255);
    saturated += count[b] >= 255;
  }
  st_gpu *gpu = ctx->gpu;
  int ctas = (int)st_config_num_sms(st_gpu_config(gpu)) * CTAS_PER_SM;
  uint64_t d_in = 0, d_hist = 0, d_out = 0;
  st_status rc = st_wl_upload(gpu, in, (uint64_t)n * 4, &d_in, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, BINS * 4, &d_hist, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, BINS, &d_out, err);
  for (int k = 0; rc == ST_OK && k < reps; k++) {
    st_arg a1[] = {ST_ARG_PTR(d_in), ST_ARG_S32(n), ST_ARG_PTR(d_hist)};
    st_arg a2[] = {ST_ARG_PTR(d_hist), ST_ARG_PTR(d_out)};
    rc = st_launch(gpu, ctx->mod, "histo_main", st_dim3_make((uint32_t)ctas, 1, 1),
                   st_dim3_make(THREADS, 1, 1), 0, a1, 3, err);
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "histo_final", st_dim3_make(BINS / 256, 1, 1),
                     st_dim3_make(256, 1, 1), 0, a2, 2, err);
    }
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_out, BINS, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, left, d_hist, BINS * 4, err);
  if (rc == ST_OK) {
    memset(count, 0, BINS * sizeof *count); /* the final kernel clears the counts */
    rc = st_wl_check_u32(ctx, "cleared counts", left, count, BINS);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "histogram (8-bit bins as words)", (const uint32_t *)got,
                         (const uint32_t *)want, BINS / 4);
  }
  if (ctx->log != NULL) {
    fprintf(ctx->log,
            "  histo: %dx%d values, %d bins (%d saturated), %d CTAs, %d repetition(s) "
            "(%d launches)\n",
            w, hgt, BINS, saturated, ctas, reps, 2 * reps);
  }
  free(in);
  free(count);
  free(want);
  free(got);
  free(left);
  return rc;
}

const st_workload_desc st_wl_histo = {
    .name = "histo",
    .title = "saturating histogram: per-CTA shared-memory sub-histograms merged with atomics",
    .seeds = "BAWS HISTO (Parboil)",
    .category = "BAWS barrier-intensive (16 warps/TB, 3 TBs/SM)",
    .suite = "Parboil",
    .tables = "BAWS Table 2 (3 TBs x 16 warps per SM; no input given)",
    .ptx = "histo.ptx",
    .small = "256x256 values, 4096 bins, 1 repetition",
    .paper = "1024x1024 values, 4096 bins, 4 repetitions (the seed gives no input)",
    .medium = "512x512 values, 4096 bins, 4 repetitions",
    .run = run,
    .cpu = cpu,
};
