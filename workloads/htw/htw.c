/* HTW host driver: synthetic grey "ultrasound" frames with a bright blob on
 * each tracked point of an inner (endocardium) and outer (epicardium) wall;
 * the walls beat (their radii swell and shrink with the frame number), so
 * the blobs, and the points tracking them, move a few pixels per frame. The
 * host generates each frame, copies it to the GPU and launches htw_track, as
 * Rodinia's heartwall reads each AVI frame and launches once per frame.
 * The CPU reference repeats every frame's tracking with the kernel's float
 * operations in the same order (the kernel writes them as _rn intrinsics,
 * including its tree reductions), so the tracked positions, the scores and
 * the final templates are compared bit for bit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NT 256
#define MAXW 81     /* largest search area side the driver allows (2 * 40 + 1) */
#define MAXSCR 2982 /* largest scratch area: max(2 P (P + T - 1), T * T) at paper size */

typedef struct htw_params {
  int32_t rows, cols, s, t, m, frame, frames, update;
  float alpha, beta;
} htw_params;

typedef struct htw_cfg {
  int rows, cols, endo, epi, s, t, m, frames, update;
  float ry_endo, rx_endo, ry_epi, rx_epi, sigma, beat;
} htw_cfg;

/* The true position of point k in frame f (the centre of its blob). */
static void blob_pos(const htw_cfg *c, const float *ang, int k, int f, float *y, float *x) {
  float cy = 0.5f * (float)c->rows, cx = 0.5f * (float)c->cols;
  int endo = k < c->endo;
  float sc = 1.0f + c->beat * sinf(6.2831853f * (float)f / 20.0f + (endo ? 0.0f : 0.4f));
  float ry = (endo ? c->ry_endo : c->ry_epi) * sc, rx = (endo ? c->rx_endo : c->rx_epi) * sc;
  *y = cy + ry * sinf(ang[k]);
  *x = cx + rx * cosf(ang[k]);
}

static void make_frame(const htw_cfg *c, const float *ang, int f, st_wl_rng *r, float *img) {
  int np = c->endo + c->epi;
  for (int y = 0; y < c->rows; y++) {
    for (int x = 0; x < c->cols; x++) {
      float base = 0.12f + 0.08f * sinf(0.021f * (float)x) * cosf(0.017f * (float)y);
      img[(size_t)y * c->cols + x] = base + 0.08f * st_wl_rng_unit(r);
    }
  }
  int rad = (int)(3.0f * c->sigma) + 1;
  for (int k = 0; k < np; k++) {
    float by, bx;
    blob_pos(c, ang, k, f, &by, &bx);
    float amp = 0.45f + 0.02f * (float)(k % 7);
    for (int y = (int)by - rad; y <= (int)by + rad; y++) {
      for (int x = (int)bx - rad; x <= (int)bx + rad; x++) {
        if (y < 0 || y >= c->rows || x < 0 || x >= c->cols) continue;
        float dy = (float)y - by, dx = ((float)x - bx) * 0.8f;
        img[(size_t)y * c->cols + x] +=
            amp * expf(-(dy * dy + dx * dx) / (2.0f * c->sigma * c->sigma));
      }
    }
  }
  for (size_t i = 0; i < (size_t)c->rows * c->cols; i++) {
    float v = img[i] > 1.0f ? 1.0f : img[i];
    img[i] = floorf(v * 255.0f) / 255.0f; /* an 8-bit pixel, as read from the video */
  }
}

/* One CTA of htw_track for point pt, with the kernel's operations in order. */
static void cpu_track(const htw_params *p, const float *frame, int *prow, int *pcol, float *tp,
                      int *trk_row, int *trk_col, float *trk_score, int pt, float *win,
                      float *scr) {
  int W = 2 * p->s + 1, T = 2 * p->t + 1, P = 2 * p->m + 1, TT = T * T, PP = P * P;
  int C = P + T - 1, o = p->s - p->t - p->m;
  int r0 = prow[pt], c0 = pcol[pt];
  for (int i = 0; i < W * W; i++) {
    int y = r0 - p->s + i / W, x = c0 - p->s + i % W;
    y = y < 0 ? 0 : y > p->rows - 1 ? p->rows - 1 : y;
    x = x < 0 ? 0 : x > p->cols - 1 ? p->cols - 1 : x;
    win[i] = frame[(size_t)y * p->cols + x];
  }
  for (int i = 0; i < P * C; i++) {
    const float *v = win + (o + i / C) * W + o + i % C;
    float s = 0.0f, q = 0.0f;
    for (int k = 0; k < T; k++) {
      s = s + v[k * W];
      q = fmaf(v[k * W], v[k * W], q);
    }
    scr[i] = s;
    scr[P * C + i] = q;
  }
  float ws[2 * NT], wq[2 * NT];
  for (int d = 0; d < PP; d++) {
    const float *vs = scr + (d / P) * C + d % P;
    ws[d] = 0.0f;
    wq[d] = 0.0f;
    for (int k = 0; k < T; k++) {
      ws[d] = ws[d] + vs[k];
      wq[d] = wq[d] + vs[P * C + k];
    }
  }
  float red[NT];
  for (int t = 0; t < NT; t++) red[t] = 0.0f;
  for (int i = 0; i < TT; i++) {
    float v = p->frame == 0 ? win[(p->s - p->t + i / T) * W + p->s - p->t + i % T] : tp[i];
    if (p->frame == 0) tp[i] = v;
    scr[i] = v;
    red[i % NT] = red[i % NT] + v;
  }
  for (int h = NT / 2; h > 0; h /= 2) {
    for (int t = 0; t < h; t++) red[t] = red[t] + red[t + h];
  }
  float nf = (float)TT, mean = red[0] / nf;
  for (int t = 0; t < NT; t++) red[t] = 0.0f;
  for (int i = 0; i < TT; i++) {
    float v = scr[i] - mean;
    scr[i] = v;
    red[i % NT] = fmaf(v, v, red[i % NT]);
  }
  for (int h = NT / 2; h > 0; h /= 2) {
    for (int t = 0; t < h; t++) red[t] = red[t] + red[t + h];
  }
  float tvar = red[0];
  float best = -2.0f;
  int besti = 0x7fffffff;
  for (int d = 0; d < PP; d++) { /* the CTA's argmax: the first of the largest */
    const float *v = win + (o + d / P) * W + o + d % P;
    float num = 0.0f;
    for (int i = 0; i < T; i++) {
      for (int j = 0; j < T; j++) num = fmaf(v[i * W + j], scr[i * T + j], num);
    }
    float wvar = wq[d] - (ws[d] * ws[d]) / nf;
    wvar = wvar > 0.0f ? wvar : 0.0f;
    float den = sqrtf(wvar * tvar);
    float ncc = den > 0.0f ? num / den : -1.0f;
    if (ncc > best) {
      best = ncc;
      besti = d;
    }
  }
  int dy = besti / P - p->m, dx = besti % P - p->m;
  prow[pt] = r0 + dy;
  pcol[pt] = c0 + dx;
  trk_row[pt * p->frames + p->frame] = r0 + dy;
  trk_col[pt * p->frames + p->frame] = c0 + dx;
  trk_score[pt * p->frames + p->frame] = best;
  if (p->frame > 0 && p->frame % p->update == 0) {
    for (int i = 0; i < TT; i++) {
      float nv = win[(p->s - p->t + dy + i / T) * W + p->s - p->t + dx + i % T];
      tp[i] = fmaf(p->alpha, tp[i], p->beta * nv);
    }
  }
}

/* Rodinia's constants at paper size: sSize 40, tSize 25, maxMove 10, alpha
 * 0.87, 20 + 31 points, 20 frames (its run script); template update every
 * 10 frames. Medium: half the frame size, radii and blob width, 10 + 15
 * points, 21x21 templates, +-3 px, 10 frames with an update every 5. */
static htw_cfg htw_config(st_wl_size size) {
  return size == ST_WL_PAPER
             ? (htw_cfg){656, 744, 20, 31, 40, 25, 10, 20, 10,
                         100.0f, 85.0f, 150.0f, 165.0f, 5.0f, 0.08f}
         : size == ST_WL_MEDIUM
             ? (htw_cfg){328, 372, 10, 15, 18, 10, 3, 10, 5,
                         50.0f, 42.5f, 75.0f, 82.5f, 2.5f, 0.08f}
             : (htw_cfg){128, 144, 3, 5, 12, 6, 4, 3, 2,
                         22.0f, 20.0f, 44.0f, 52.0f, 2.5f, 0.06f};
}

/* The points' angles on their walls and their first positions (a pixel or
 * so off the blobs), the first draws from the generator r. */
static void htw_points(const htw_cfg *c, st_wl_rng *r, float *ang, int *row, int *col) {
  for (int k = 0; k < c->endo + c->epi; k++) {
    int endo = k < c->endo, n = endo ? c->endo : c->epi, i = endo ? k : k - c->endo;
    ang[k] = 6.2831853f * ((float)i + 0.3f * st_wl_rng_unit(r)) / (float)n;
    float y, x;
    blob_pos(c, ang, k, 0, &y, &x);
    row[k] = (int)lrintf(y) + (int)st_wl_rng_below(r, 3) - 1;
    col[k] = (int)lrintf(x) + (int)st_wl_rng_below(r, 3) - 1;
  }
}

static htw_params htw_frame_params(const htw_cfg *c, int f) {
  return (htw_params){c->rows, c->cols, c->s, c->t, c->m, f, c->frames, c->update,
                      0.87f, 1.0f - 0.87f};
}

/* One frame's tracking of every point, points on every thread (each point's
 * state is its own). */
static void htw_track_all(const htw_params *p, const float *frame, int np, int *prow, int *pcol,
                          float *tm, int *trk_row, int *trk_col, float *trk_score,
                          int threads) {
  int TT = (2 * p->t + 1) * (2 * p->t + 1);
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (int k = 0; k < np; k++) {
    float win[MAXW * MAXW], scr[MAXSCR];
    cpu_track(p, frame, prow, pcol, tm + (size_t)k * TT, trk_row, trk_col, trk_score, k, win,
              scr);
  }
}

/* The CPU version: every frame's tracking in order, from the first
 * positions. */
typedef struct htw_cpu_args {
  const htw_cfg *c;
  const float *frames;
  const int *row0, *col0;
  int *prow, *pcol, *trk;
  float *score, *tm;
  int threads;
} htw_cpu_args;

static void htw_cpu_work(void *arg) {
  htw_cpu_args *a = arg;
  const htw_cfg *c = a->c;
  int np = c->endo + c->epi;
  size_t npix = (size_t)c->rows * c->cols, nrec = (size_t)np * c->frames;
  memcpy(a->prow, a->row0, (size_t)np * sizeof(int));
  memcpy(a->pcol, a->col0, (size_t)np * sizeof(int));
  for (int f = 0; f < c->frames; f++) {
    htw_params p = htw_frame_params(c, f);
    htw_track_all(&p, a->frames + (size_t)f * npix, np, a->prow, a->pcol, a->tm, a->trk,
                  a->trk + nrec, a->score, a->threads);
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  htw_cfg c = htw_config(ctx->size);
  int np = c.endo + c.epi, T = 2 * c.t + 1, TT = T * T;
  size_t npix = (size_t)c.rows * c.cols, nrec = (size_t)np * c.frames;
  float *frames = malloc((size_t)c.frames * npix * sizeof *frames);
  float *ang = malloc((size_t)np * sizeof *ang);
  int *row0 = malloc((size_t)np * sizeof *row0), *col0 = malloc((size_t)np * sizeof *col0);
  htw_cpu_args a = {.c = &c, .frames = frames, .row0 = row0, .col0 = col0,
                    .prow = malloc((size_t)np * sizeof(int)),
                    .pcol = malloc((size_t)np * sizeof(int)),
                    .trk = malloc(nrec * 2 * sizeof(int)), .score = malloc(nrec * sizeof(float)),
                    .tm = malloc((size_t)np * TT * sizeof(float)), .threads = ctx->threads};
  st_status rc = frames && ang && row0 && col0 && a.prow && a.pcol && a.trk && a.score && a.tm
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    htw_points(&c, &r, ang, row0, col0);
    for (int f = 0; f < c.frames; f++) {
      make_frame(&c, ang, f, &r, frames + (size_t)f * npix);
    }
    rc = st_wl_cpu_time(ctx, htw_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.trk, nrec * 2 * sizeof(int));
    st_wl_cpu_digest(ctx, a.score, nrec * sizeof(float));
    st_wl_cpu_digest(ctx, a.tm, (size_t)np * TT * sizeof(float));
  }
  free(frames);
  free(ang);
  free(row0);
  free(col0);
  free(a.prow);
  free(a.pcol);
  free(a.trk);
  free(a.score);
  free(a.tm);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  htw_cfg c = htw_config(ctx->size);
  int np = c.endo + c.epi, T = 2 * c.t + 1, TT = T * T, P = 2 * c.m + 1;
  size_t npix = (size_t)c.rows * c.cols, fbytes = npix * sizeof(float);
  size_t nrec = (size_t)np * c.frames;
  float *img = malloc(fbytes), *ang = malloc(np * sizeof *ang);
  int *row = malloc(np * sizeof *row), *col = malloc(np * sizeof *col);
  int *rrow = malloc(np * sizeof *rrow), *rcol = malloc(np * sizeof *rcol);
  int *trk = malloc(nrec * 2 * sizeof *trk), *rtrk = malloc(nrec * 2 * sizeof *rtrk);
  float *score = malloc(nrec * sizeof *score), *rscore = malloc(nrec * sizeof *rscore);
  float *tm = malloc((size_t)np * TT * sizeof *tm), *rtm = malloc((size_t)np * TT * sizeof *rtm);
  st_status rc = img && ang && row && col && rrow && rcol && trk && rtrk && score && rscore &&
                         tm && rtm
                     ? ST_OK
                     : ST_ERR_NOMEM;
  /* the kernel's shared arrays must hold these sizes */
  if (rc == ST_OK && (2 * c.s + 1 > MAXW || 2 * P * (P + T - 1) > MAXSCR || TT > MAXSCR ||
                      P * P > 2 * NT || c.s - c.t - c.m < 0)) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "htw: sizes do not fit the kernel's arrays");
    rc = ST_ERR_MISMATCH;
  }
  st_gpu *gpu = ctx->gpu;
  st_wl_rng r;
  st_wl_rng_seed(&r, ctx->seed);
  uint64_t d_frame = 0, d_row = 0, d_col = 0, d_tm = 0, d_trow = 0, d_tcol = 0, d_score = 0;
  if (rc == ST_OK) {
    htw_points(&c, &r, ang, row, col);
    memcpy(rrow, row, (size_t)np * sizeof *rrow);
    memcpy(rcol, col, (size_t)np * sizeof *rcol);
    rc = st_wl_upload(gpu, NULL, fbytes, &d_frame, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, row, np * 4, &d_row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, col, np * 4, &d_col, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)np * TT * 4, &d_tm, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nrec * 4, &d_trow, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nrec * 4, &d_tcol, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nrec * 4, &d_score, err);
  int scr_n = 2 * P * (P + T - 1) > TT ? 2 * P * (P + T - 1) : TT;
  uint32_t smem = (uint32_t)(((2 * c.s + 1) * (2 * c.s + 1) + scr_n + 2 * NT) * 4);
  double err_sum = 0.0;
  for (int f = 0; rc == ST_OK && f < c.frames; f++) {
    make_frame(&c, ang, f, &r, img);
    rc = st_memcpy_htod(gpu, d_frame, img, fbytes, err);
    htw_params p = htw_frame_params(&c, f);
    st_arg args[] = {ST_ARG_PTR(d_frame), ST_ARG_PTR(d_row),   ST_ARG_PTR(d_col),
                     ST_ARG_PTR(d_tm),    ST_ARG_PTR(d_trow),  ST_ARG_PTR(d_tcol),
                     ST_ARG_PTR(d_score), ST_ARG_BYTES(&p, sizeof p)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "htw_track", st_dim3_make((uint32_t)np, 1, 1),
                     st_dim3_make(NT, 1, 1), smem, args, 8, err);
    }
    if (rc == ST_OK) {
      htw_track_all(&p, img, np, rrow, rcol, rtm, rtrk, rtrk + nrec, rscore, ctx->threads);
    }
    for (int k = 0; rc == ST_OK && k < np; k++) {
      float by, bx;
      blob_pos(&c, ang, k, f, &by, &bx);
      err_sum += hypot((double)rrow[k] - by, (double)rcol[k] - bx);
    }
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, trk, d_trow, nrec * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, trk + nrec, d_tcol, nrec * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, score, d_score, nrec * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, tm, d_tm, (uint64_t)np * TT * 4, err);
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "tracked positions (row, col per point and frame)",
                         (const uint32_t *)trk, (const uint32_t *)rtrk, nrec * 2);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "correlation scores", (const uint32_t *)score,
                         (const uint32_t *)rscore, nrec);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "templates", (const uint32_t *)tm, (const uint32_t *)rtm,
                         (size_t)np * TT);
  }
  if (rc == ST_OK) {
    int moved = 0;
    for (int k = 0; k < np; k++) moved += trk[(size_t)k * c.frames + c.frames - 1] != row[k] ||
                                          trk[nrec + (size_t)k * c.frames + c.frames - 1] != col[k];
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "%d points x %d frames: positions, scores and templates match the CPU reference "
             "bit for bit (%d points moved; mean distance to the true blob %.2f px)",
             np, c.frames, moved, err_sum / (double)nrec);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  htw: %dx%d frames, %d + %d points, template %dx%d, search area %dx%d, "
              "+-%d px, %d launches of %d CTAs x %d threads, %u B shared\n",
              c.rows, c.cols, c.endo, c.epi, T, T, 2 * c.s + 1, 2 * c.s + 1, c.m, c.frames, np,
              NT, smem);
    }
  }
  free(img);
  free(ang);
  free(row);
  free(col);
  free(rrow);
  free(rcol);
  free(trk);
  free(rtrk);
  free(score);
  free(rscore);
  free(tm);
  free(rtm);
  return rc;
}

const st_workload_desc st_wl_htw = {
    .name = "htw",
    .title = "heart-wall tracking: per-frame template matching (normalised cross-correlation) "
             "of 51 wall points, one CTA per point",
    .seeds = "CAWA/Ctrl-C HTW (Rodinia heartwall); OpenCL study HTW (Rodinia)",
    .category = "CAWA Table 3.2 compute-intensive (C), Table 4.2 sensitive (Sens); Ctrl-C: CS/NS "
                "split lost in the source (row 6), re-derive with the 1.2x rule; OpenCL Table "
                "6.3 C",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (656x744 frames), Table 4.2 (Sens); Ctrl-C Table 5.3 row 6 "
              "(656x744 AVI); OpenCL Table 6.3 Rodinia HTW (C); BAWS non-barrier set (heartwall)",
    .ptx = "htw.ptx",
    .small = "128x144 frames, 3 + 5 points, 13x13 templates, 25x25 search areas (+-4 px), 3 "
             "frames",
    .paper = "656x744 frames (the seeds' video size), 20 + 31 points, 51x51 templates, 81x81 "
             "search areas (+-10 px), 20 frames (Rodinia's run script)",
    .medium = "328x372 frames, 10 + 15 points, 21x21 templates, 37x37 search areas (+-3 px), "
              "10 frames, template update every 5",
    .run = run,
    .cpu = cpu,
};
