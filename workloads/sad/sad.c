/* SAD host driver: a smooth random reference frame and a current frame that
 * is the reference moved by a few pixels plus noise (8-bit values in 16-bit
 * pixels, as the seed's benchmark stores them). sad_4x4, sad_merge_8 and
 * sad_merge_16 run once; all 41 x 1089 SADs of every macroblock are checked
 * exactly against a CPU full search. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define MAX_POS 1089
#define MAX_POS_PADDED 1096
#define SAD_TYPES 41

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* SAD of the w x h block at (x0, y0) of cur, displaced by (dx, dy) in ref. */
static unsigned block_sad(const uint16_t *cur, const uint16_t *ref, int width, int height,
                          int x0, int y0, int w, int h, int dx, int dy) {
  unsigned sad = 0;
  for (int i = 0; i < h; i++) {
    int y = clampi(y0 + i + dy, 0, height - 1);
    for (int j = 0; j < w; j++) {
      int x = clampi(x0 + j + dx, 0, width - 1);
      int d = (int)cur[(y0 + i) * width + x0 + j] - (int)ref[y * width + x];
      sad += (unsigned)(d < 0 ? -d : d);
    }
  }
  return sad;
}

/* Every SAD the kernels produce, computed directly from the pixels. */
static void cpu_sads(const uint16_t *cur, const uint16_t *ref, int width, int height,
                     uint16_t *out, int threads) {
  int mbw = width / 16, mbh = height / 16;
  /* type -> (x, y, w, h) within the macroblock */
  int geo[SAD_TYPES][4];
  for (int s = 0; s < 16; s++) {
    geo[s][0] = (s % 4) * 4, geo[s][1] = (s / 4) * 4, geo[s][2] = 4, geo[s][3] = 4;
  }
  for (int q = 0; q < 4; q++) {
    int qx = (q % 2) * 8, qy = (q / 2) * 8;
    for (int h = 0; h < 2; h++) {
      int *t = geo[16 + 2 * q + h]; /* 8x4: top, bottom */
      t[0] = qx, t[1] = qy + 4 * h, t[2] = 8, t[3] = 4;
      t = geo[24 + 2 * q + h]; /* 4x8: left, right */
      t[0] = qx + 4 * h, t[1] = qy, t[2] = 4, t[3] = 8;
    }
    int *t = geo[32 + q];
    t[0] = qx, t[1] = qy, t[2] = 8, t[3] = 8;
  }
  for (int h = 0; h < 2; h++) {
    int *t = geo[36 + h]; /* 16x8 */
    t[0] = 0, t[1] = 8 * h, t[2] = 16, t[3] = 8;
    t = geo[38 + h]; /* 8x16 */
    t[0] = 8 * h, t[1] = 0, t[2] = 8, t[3] = 16;
  }
  geo[40][0] = 0, geo[40][1] = 0, geo[40][2] = 16, geo[40][3] = 16;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int mb = 0; mb < mbw * mbh; mb++) {
    int mx = (mb % mbw) * 16, my = (mb / mbw) * 16;
    for (int t = 0; t < SAD_TYPES; t++) {
      uint16_t *o = out + ((size_t)mb * SAD_TYPES + (size_t)t) * MAX_POS_PADDED;
      for (int pos = 0; pos < MAX_POS; pos++) {
        o[pos] = (uint16_t)block_sad(cur, ref, width, height, mx + geo[t][0], my + geo[t][1],
                                     geo[t][2], geo[t][3], pos % 33 - 16, pos / 33 - 16);
      }
    }
  }
}

/* small: 32x16 (2 macroblocks); medium: 80x64 (20); paper: 176x144 (QCIF, 99). */
static void sad_size(st_wl_size size, int *width, int *height) {
  *width = size == ST_WL_PAPER ? 176 : size == ST_WL_MEDIUM ? 80 : 32;
  *height = size == ST_WL_PAPER ? 144 : size == ST_WL_MEDIUM ? 64 : 16;
}

/* A smooth random reference frame (a coarse random grid, bilinearly
 * interpolated) and the current frame, the reference moved by (3, -2) plus
 * noise. Returns -1 when out of memory. */
static int sad_inputs(uint64_t seed, int width, int height, uint16_t *cur, uint16_t *ref) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  int gw = width / 8 + 2, gh = height / 8 + 2;
  int *grid = malloc((size_t)gw * (size_t)gh * sizeof *grid);
  if (grid == NULL) {
    return -1;
  }
  for (int i = 0; i < gw * gh; i++) {
    grid[i] = (int)st_wl_rng_below(&r, 256);
  }
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int gx = x / 8, gy = y / 8, fx = x % 8, fy = y % 8;
      const int *g = grid + gy * gw + gx;
      int v = (g[0] * (8 - fx) * (8 - fy) + g[1] * fx * (8 - fy) + g[gw] * (8 - fx) * fy +
               g[gw + 1] * fx * fy) /
              64;
      ref[y * width + x] = (uint16_t)v;
    }
  }
  free(grid);
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int v = ref[clampi(y - 2, 0, height - 1) * width + clampi(x + 3, 0, width - 1)];
      v += (int)st_wl_rng_below(&r, 9) - 4;
      cur[y * width + x] = (uint16_t)clampi(v, 0, 255);
    }
  }
  return 0;
}

/* The CPU version: the kernels' method, one macroblock per iteration of the
 * parallel loop: its sixteen 4x4 SADs at every position (sad_4x4, reference
 * pixels clamped at the frame's edge), then the 8x4, 4x8 and 8x8 sums
 * (sad_merge_8) and the 16x8, 8x16 and 16x16 sums (sad_merge_16). */
typedef struct sad_cpu_args {
  const uint16_t *cur, *ref;
  uint16_t *sads;
  int width, height, threads;
} sad_cpu_args;

static void sad_cpu_work(void *arg) {
  sad_cpu_args *a = arg;
  int width = a->width, height = a->height, mbw = width / 16, nmb = mbw * (height / 16);
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int mb = 0; mb < nmb; mb++) {
    uint16_t *base = a->sads + (size_t)mb * SAD_TYPES * MAX_POS_PADDED;
    for (int sub = 0; sub < 16; sub++) {
      int x0 = (mb % mbw) * 16 + (sub % 4) * 4, y0 = (mb / mbw) * 16 + (sub / 4) * 4;
      uint16_t *out = base + (size_t)sub * MAX_POS_PADDED;
      for (int pos = 0; pos < MAX_POS; pos++) {
        int dy = pos / 33 - 16, dx = pos % 33 - 16;
        int x[4];
        for (int j = 0; j < 4; j++) {
          x[j] = clampi(x0 + j + dx, 0, width - 1);
        }
        unsigned sad = 0;
        for (int i = 0; i < 4; i++) {
          const uint16_t *row = a->ref + (size_t)clampi(y0 + i + dy, 0, height - 1) * width;
          const uint16_t *c = a->cur + (size_t)(y0 + i) * width + x0;
          for (int j = 0; j < 4; j++) {
            int d = (int)c[j] - (int)row[x[j]];
            sad += (unsigned)(d < 0 ? -d : d);
          }
        }
        out[pos] = (uint16_t)sad;
      }
    }
    for (int q = 0; q < 4; q++) {
      const uint16_t *s4 = base + (size_t)((q / 2) * 8 + (q % 2) * 2) * MAX_POS_PADDED;
      uint16_t *top = base + (size_t)(16 + 2 * q) * MAX_POS_PADDED;
      uint16_t *left = base + (size_t)(24 + 2 * q) * MAX_POS_PADDED;
      uint16_t *all = base + (size_t)(32 + q) * MAX_POS_PADDED;
      for (int pos = 0; pos < MAX_POS; pos++) {
        unsigned va = s4[pos], vb = s4[MAX_POS_PADDED + pos];
        unsigned vc = s4[4 * MAX_POS_PADDED + pos], vd = s4[5 * MAX_POS_PADDED + pos];
        top[pos] = (uint16_t)(va + vb);
        top[MAX_POS_PADDED + pos] = (uint16_t)(vc + vd);
        left[pos] = (uint16_t)(va + vc);
        left[MAX_POS_PADDED + pos] = (uint16_t)(vb + vd);
        all[pos] = (uint16_t)(va + vb + vc + vd);
      }
    }
    const uint16_t *q0 = base + (size_t)32 * MAX_POS_PADDED;
    for (int pos = 0; pos < MAX_POS; pos++) {
      unsigned v0 = q0[pos], v1 = q0[MAX_POS_PADDED + pos];
      unsigned v2 = q0[2 * MAX_POS_PADDED + pos], v3 = q0[3 * MAX_POS_PADDED + pos];
      base[(size_t)36 * MAX_POS_PADDED + pos] = (uint16_t)(v0 + v1);
      base[(size_t)37 * MAX_POS_PADDED + pos] = (uint16_t)(v2 + v3);
      base[(size_t)38 * MAX_POS_PADDED + pos] = (uint16_t)(v0 + v2);
      base[(size_t)39 * MAX_POS_PADDED + pos] = (uint16_t)(v1 + v3);
      base[(size_t)40 * MAX_POS_PADDED + pos] = (uint16_t)(v0 + v1 + v2 + v3);
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int width, height;
  sad_size(ctx->size, &width, &height);
  size_t npix = (size_t)width * (size_t)height;
  size_t nsad = (size_t)(width / 16) * (size_t)(height / 16) * SAD_TYPES * MAX_POS_PADDED;
  uint16_t *cur = malloc(npix * 2), *ref = malloc(npix * 2), *sads = calloc(nsad, 2);
  st_status rc = cur && ref && sads ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK && sad_inputs(ctx->seed, width, height, cur, ref) != 0) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) {
    sad_cpu_args a = {.cur = cur, .ref = ref, .sads = sads, .width = width, .height = height,
                      .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, sad_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, sads, nsad * 2);
  }
  free(cur);
  free(ref);
  free(sads);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int width, height;
  sad_size(ctx->size, &width, &height);
  int mbw = width / 16, mbh = height / 16;
  size_t npix = (size_t)width * (size_t)height;
  size_t nsad = (size_t)mbw * (size_t)mbh * SAD_TYPES * MAX_POS_PADDED;
  uint16_t *cur = malloc(npix * 2), *ref = malloc(npix * 2);
  uint16_t *got = malloc(nsad * 2), *want = calloc(nsad, 2);
  st_status rc = cur && ref && got && want ? ST_OK : ST_ERR_NOMEM;
  uint64_t d_cur = 0, d_ref = 0, d_sad = 0;
  st_gpu *gpu = ctx->gpu;
  if (rc == ST_OK && sad_inputs(ctx->seed, width, height, cur, ref) != 0) {
    rc = ST_ERR_NOMEM;
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, cur, npix * 2, &d_cur, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, ref, npix * 2, &d_ref, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nsad * 2, &d_sad, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_sad), ST_ARG_PTR(d_cur), ST_ARG_PTR(d_ref), ST_ARG_S32(width),
                     ST_ARG_S32(height)};
    rc = st_launch(gpu, ctx->mod, "sad_4x4",
                   st_dim3_make((uint32_t)width / 4, (uint32_t)height / 4, 1),
                   st_dim3_make((MAX_POS + 17) / 18, 1, 1), 0, args, 5, err);
  }
  st_arg a2[] = {ST_ARG_PTR(d_sad), ST_ARG_S32(mbw)};
  if (rc == ST_OK) {
    rc = st_launch(gpu, ctx->mod, "sad_merge_8",
                   st_dim3_make((uint32_t)mbw, (uint32_t)mbh, 1), st_dim3_make(32, 4, 1), 0, a2, 2,
                   err);
  }
  if (rc == ST_OK) {
    rc = st_launch(gpu, ctx->mod, "sad_merge_16",
                   st_dim3_make((uint32_t)mbw, (uint32_t)mbh, 1), st_dim3_make(32, 1, 1), 0, a2, 2,
                   err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, got, d_sad, nsad * 2, err);
  if (rc == ST_OK) {
    cpu_sads(cur, ref, width, height, want, ctx->threads);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < nsad; i++) {
      if (got[i] != want[i] && bad++ == 0) {
        first = i;
      }
    }
    if (bad != 0) {
      size_t pos = first % MAX_POS_PADDED, t = first / MAX_POS_PADDED % SAD_TYPES;
      size_t mb = first / MAX_POS_PADDED / SAD_TYPES;
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "SADs: %zu of %zu differ; first at macroblock %zu, type %zu, position %zu: "
               "expected %u, got %u",
               bad, nsad, mb, t, pos, want[first], got[first]);
      rc = ST_ERR_MISMATCH;
    } else {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "SADs: %d macroblocks x 41 block shapes x 1089 positions match the CPU full "
               "search",
               mbw * mbh);
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  sad: %dx%d frame, %d macroblocks; %d CTAs x 61 threads, then %d CTAs x 128 and "
              "x 32\n",
              width, height, mbw * mbh, (width / 4) * (height / 4), mbw * mbh);
    }
  }
  free(cur);
  free(ref);
  free(got);
  free(want);
  return rc;
}

const st_workload_desc st_wl_sad = {
    .name = "sad",
    .title = "sums of absolute differences for motion estimation (Parboil sad shape)",
    .seeds = "DYNCTA SAD (Parboil)",
    .category = "DYNCTA Type-M (N = 8 CTAs per core)",
    .suite = "Parboil",
    .tables = "DYNCTA Table II row 5 (M)",
    .ptx = "sad.ptx",
    .small = "32x16 frame (2 macroblocks), +-16 pixel search",
    .paper = "176x144 QCIF frame (99 macroblocks; Parboil's default input size), +-16 pixel "
             "search",
    .medium = "80x64 frame (20 macroblocks), +-16 pixel search",
    .run = run,
    .cpu = cpu,
};
