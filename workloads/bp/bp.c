/* BP host driver: one training step (forward pass, errors, weight update) of
 * a network with IN input units, 16 hidden units and 1 output, random inputs
 * and weights in [0, 1), zero previous changes, target 0.1. The forward
 * kernel's partial sums (and the reduced tiles it writes over the weights),
 * and the weights and changes after the adjust kernel, are checked against a
 * CPU reference that does the kernels' arithmetic in the same order (the same
 * float tree, the same double-precision fused update), so they must be
 * identical. Between the launches the host, as in the seed's benchmark, sums
 * the partials, applies the sigmoid, runs the hidden->output layer and
 * computes the output and hidden errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define HID 16
#define WIDTH 16
#define HEIGHT 16

static float squash(float x) { return (float)(1.0 / (1.0 + exp(-(double)x))); }

/* The forward kernel on the CPU: partial sums and the block it writes back. */
static void cpu_forward(const float *input, float *w, float *partial, int in, int threads) {
  int blocks = in / HEIGHT;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int by = 0; by < blocks; by++) {
    float m[HEIGHT][WIDTH];
    for (int ty = 0; ty < HEIGHT; ty++) {
      for (int tx = 0; tx < WIDTH; tx++) {
        int index = (HID + 1) * HEIGHT * by + (HID + 1) * ty + tx + 1 + (HID + 1);
        m[ty][tx] = w[index] * input[HEIGHT * by + ty + 1];
      }
    }
    for (int p = 2; p <= HEIGHT; p *= 2) {
      for (int ty = 0; ty < HEIGHT; ty += p) {
        for (int tx = 0; tx < WIDTH; tx++) {
          m[ty][tx] = m[ty][tx] + m[ty + p / 2][tx];
        }
      }
    }
    for (int ty = 0; ty < HEIGHT; ty++) {
      for (int tx = 0; tx < WIDTH; tx++) {
        w[(HID + 1) * HEIGHT * by + (HID + 1) * ty + tx + 1 + (HID + 1)] = m[ty][tx];
      }
      partial[by * HID + ty] = m[0][ty];
    }
  }
}

/* The adjust kernel on the CPU, with nvcc's contraction of the update:
 * fma(RATE * delta, input, MOMENTUM * change) in double (see bp.ptx). */
static void cpu_adjust(const float *delta, const float *ly, float *w, float *oldw, int in,
                       int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int row = 1; row <= in; row++) {
    for (int col = 1; col <= HID; col++) {
      size_t index = (size_t)row * (HID + 1) + (size_t)col;
      double t = fma((double)delta[col] * 0.3, (double)ly[row], (double)oldw[index] * 0.3);
      w[index] = (float)((double)w[index] + t);
      oldw[index] = (float)t;
    }
  }
  for (int col = 1; col <= HID; col++) {
    double t = fma((double)delta[col], 0.3, (double)oldw[col] * 0.3);
    w[col] = (float)((double)w[col] + t);
    oldw[col] = (float)t;
  }
}

/* The host part of the step between the launches: the hidden units from the
 * summed partials, the output unit, and the errors of both layers. */
static void host_step(const float *partial, int blocks, const float *w0, const float *hidden_w,
                      float *delta) {
  float hidden[HID + 1], target = 0.1f;
  hidden[0] = 1.0f;
  for (int j = 1; j <= HID; j++) {
    float sum = 0.0f;
    for (int k = 0; k < blocks; k++) {
      sum += partial[k * HID + j - 1];
    }
    sum += w0[j];
    hidden[j] = squash(sum);
  }
  float sum = 0.0f;
  for (int k = 0; k <= HID; k++) {
    sum += hidden_w[k] * hidden[k];
  }
  float out = squash(sum);
  float out_delta = out * (1.0f - out) * (target - out);
  delta[0] = 0.0f;
  for (int j = 1; j <= HID; j++) {
    delta[j] = hidden[j] * (1.0f - hidden[j]) * (out_delta * hidden_w[j]);
  }
}

static int bp_inputs_count(st_wl_size size) {
  return size == ST_WL_PAPER ? 65536 : size == ST_WL_MEDIUM ? 16384 : 2048;
}

/* Random inputs (unit 0 is the bias, 1) and weights in [0, 1). */
static void bp_inputs(uint64_t seed, int in, float *input, float *w0, size_t nw,
                      float *hidden_w) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  input[0] = 1.0f;
  for (int i = 1; i <= in; i++) {
    input[i] = st_wl_rng_unit(&r);
  }
  for (size_t i = 0; i < nw; i++) {
    w0[i] = st_wl_rng_unit(&r);
  }
  for (int j = 0; j <= HID; j++) {
    hidden_w[j] = st_wl_rng_unit(&r);
  }
}

/* The CPU version: the forward kernel over a copy of the weights, the host
 * step, then the adjust kernel over a fresh copy with zero changes (as the
 * seed's host uploads the weights again). */
typedef struct bp_cpu_args {
  const float *input, *w0, *hidden_w;
  float *wf, *partial, *w, *oldw;
  float delta[HID + 1];
  size_t nw;
  int in, threads;
} bp_cpu_args;

static void bp_cpu_work(void *arg) {
  bp_cpu_args *a = arg;
  memcpy(a->wf, a->w0, a->nw * sizeof *a->wf);
  cpu_forward(a->input, a->wf, a->partial, a->in, a->threads);
  host_step(a->partial, a->in / HEIGHT, a->w0, a->hidden_w, a->delta);
  memcpy(a->w, a->w0, a->nw * sizeof *a->w);
  memset(a->oldw, 0, a->nw * sizeof *a->oldw);
  cpu_adjust(a->delta, a->input, a->w, a->oldw, a->in, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int in = bp_inputs_count(ctx->size);
  int blocks = in / HEIGHT;
  size_t nw = ((size_t)in + 1) * (HID + 1);
  float hidden_w[HID + 1];
  float *input = malloc(((size_t)in + 1) * sizeof *input);
  float *w0 = malloc(nw * sizeof *w0);
  bp_cpu_args a = {.wf = malloc(nw * sizeof(float)),
                   .partial = malloc((size_t)blocks * HID * sizeof(float)),
                   .w = malloc(nw * sizeof(float)), .oldw = malloc(nw * sizeof(float)),
                   .nw = nw, .in = in, .threads = ctx->threads};
  st_status rc = input && w0 && a.wf && a.partial && a.w && a.oldw ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    bp_inputs(ctx->seed, in, input, w0, nw, hidden_w);
    a.input = input;
    a.w0 = w0;
    a.hidden_w = hidden_w;
    rc = st_wl_cpu_time(ctx, bp_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.partial, (size_t)blocks * HID * sizeof(float));
    st_wl_cpu_digest(ctx, a.wf, nw * sizeof(float));
    st_wl_cpu_digest(ctx, a.w, nw * sizeof(float));
    st_wl_cpu_digest(ctx, a.oldw, nw * sizeof(float));
  }
  free(input);
  free(w0);
  free(a.wf);
  free(a.partial);
  free(a.w);
  free(a.oldw);
  return rc;
}

static size_t count_diff(const float *a, const float *b, size_t n, size_t *first) {
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&a[i], &b[i], 4) != 0 && bad++ == 0) {
      *first = i;
    }
  }
  return bad;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int in = bp_inputs_count(ctx->size);
  int blocks = in / HEIGHT;
  size_t nw = ((size_t)in + 1) * (HID + 1);
  float *input = malloc(((size_t)in + 1) * sizeof *input);
  float *w0 = malloc(nw * sizeof *w0);    /* the weights before the step */
  float *w = malloc(nw * sizeof *w);      /* what the GPU returns */
  float *ref = malloc(nw * sizeof *ref);  /* the CPU's version */
  float *oldw = calloc(nw, sizeof *oldw);
  float *oldref = calloc(nw, sizeof *oldref);
  float *partial = malloc((size_t)blocks * HID * sizeof *partial);
  float *pref = malloc((size_t)blocks * HID * sizeof *pref);
  st_status rc = input && w0 && w && ref && oldw && oldref && partial && pref ? ST_OK
                                                                              : ST_ERR_NOMEM;
  uint64_t d_in = 0, d_w = 0, d_partial = 0, d_delta = 0, d_oldw = 0;
  st_gpu *gpu = ctx->gpu;
  float hidden_w[HID + 1], delta[HID + 1];
  if (rc == ST_OK) {
    bp_inputs(ctx->seed, in, input, w0, nw, hidden_w);
    rc = st_wl_upload(gpu, input, ((uint64_t)in + 1) * 4, &d_in, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, w0, nw * 4, &d_w, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)blocks * HID * 4, &d_partial, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_in), ST_ARG_PTR(d_w), ST_ARG_PTR(d_partial), ST_ARG_S32(in),
                     ST_ARG_S32(HID)};
    rc = st_launch(gpu, ctx->mod, "bp_forward", st_dim3_make(1, (uint32_t)blocks, 1),
                   st_dim3_make(WIDTH, HEIGHT, 1), 0, args, 5, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, partial, d_partial, (uint64_t)blocks * HID * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, w, d_w, nw * 4, err);
  size_t first = 0, bad;
  if (rc == ST_OK) {
    memcpy(ref, w0, nw * sizeof *ref);
    cpu_forward(input, ref, pref, in, ctx->threads);
    if ((bad = count_diff(partial, pref, (size_t)blocks * HID, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "partial sums: %zu values differ; first at %zu: expected %.9g, got %.9g",
               bad, first, (double)pref[first], (double)partial[first]);
      rc = ST_ERR_MISMATCH;
    } else if ((bad = count_diff(w, ref, nw, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "forward-pass weights: %zu values differ; first at %zu: expected %.9g, got %.9g",
               bad, first, (double)ref[first], (double)w[first]);
      rc = ST_ERR_MISMATCH;
    }
  }
  if (rc == ST_OK) {
    host_step(partial, blocks, w0, hidden_w, delta); /* the host part of the step */
    rc = st_wl_upload(gpu, delta, (HID + 1) * 4, &d_delta, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, oldw, nw * 4, &d_oldw, err);
  if (rc == ST_OK) rc = st_memcpy_htod(gpu, d_w, w0, nw * 4, err); /* as the seed's host does */
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_delta), ST_ARG_S32(HID), ST_ARG_PTR(d_in),
                     ST_ARG_S32(in),      ST_ARG_PTR(d_w), ST_ARG_PTR(d_oldw)};
    rc = st_launch(gpu, ctx->mod, "bp_adjust",
                   st_dim3_make(1, (uint32_t)blocks, 1), st_dim3_make(WIDTH, HEIGHT, 1), 0, args,
                   6, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, w, d_w, nw * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, oldw, d_oldw, nw * 4, err);
  if (rc == ST_OK) {
    memcpy(ref, w0, nw * sizeof *ref);
    cpu_adjust(delta, input, ref, oldref, in, ctx->threads);
    if ((bad = count_diff(w, ref, nw, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "adjusted weights: %zu values differ; first at %zu: expected %.9g, got %.9g", bad,
               first, (double)ref[first], (double)w[first]);
      rc = ST_ERR_MISMATCH;
    } else if ((bad = count_diff(oldw, oldref, nw, &first)) != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "weight changes: %zu values differ; first at %zu: expected %.9g, got %.9g", bad,
               first, (double)oldref[first], (double)oldw[first]);
      rc = ST_ERR_MISMATCH;
    } else {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "partial sums, forward-pass and adjusted weights and changes (%zu each) match "
               "the CPU reference bit for bit",
               nw);
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  bp: %d input units, %d hidden, 1 output; %d CTAs of 16x16 threads\n",
              in, HID, blocks);
    }
  }
  free(input);
  free(w0);
  free(w);
  free(ref);
  free(oldw);
  free(oldref);
  free(partial);
  free(pref);
  return rc;
}

const st_workload_desc st_wl_bp = {
    .name = "bp",
    .title = "backpropagation, one training step (Rodinia backprop shape: forward + adjust)",
    .seeds = "CAWA/Ctrl-C BP (Rodinia), BAWS backprop (non-barrier set), DYNCTA BP",
    .category = "CAWA memory-intensive (M), not cache-sensitive; BAWS non-barrier-intensive "
                "(7% barrier stalls); DYNCTA Type-M",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Non-sens), 65536 nodes; Ctrl-C Table 5.3 row "
               "4, 65536 nodes; DYNCTA Table II row 20 (M); BAWS non-barrier set (7% barrier "
               "stalls)",
    .ptx = "bp.ptx",
    .small = "2048 input units, 16 hidden, 1 output",
    .paper = "65536 input units, 16 hidden, 1 output (the seeds' 65536 nodes)",
    .medium = "16384 input units, 16 hidden, 1 output",
    .run = run,
    .cpu = cpu,
};
