/* LEU host driver: synthetic grey frames of bright, soft-edged round cells
 * on a noisy, unevenly lit background; the cells drift a pixel or two per
 * frame. Frame 0: the host computes the x/y gradients (central differences,
 * as Rodinia's host does), leu_gicov scores every pixel, leu_dilate takes
 * the disc maximum, and the host keeps the strong local maxima as cells.
 * Each following frame: the host cuts a sub-image around every cell, makes
 * its normalised gradient magnitude the edge map I, leu_imgvf computes the
 * MGVF of all cells (one CTA each), and the host moves each cell to the
 * centroid of its MGVF. The CPU reference repeats the kernels' float
 * operations in order (they are _rn intrinsics, the Heaviside's arctangent
 * is our own polynomial, the reductions' order is the CTA's), so the GICOV
 * scores, the dilation and every frame's MGVF matrices and iteration counts
 * are compared bit for bit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define NPMAX 150
#define NCMAX 7
#define STRELMAX 25
#define TPB 320
#define POW2 256
#define MGVF_MAX (41 * 81)
#define DIL_TPB 176
#define MAXCELLS 32

typedef struct leu_cfg {
  int rows, cols, ncells, frames, ncircles, npoints, rad0, strel, sub, max_iter;
  float cell_r, cutoff;
} leu_cfg;

typedef struct leu_cell {
  float y, x, vy, vx, r;
} leu_cell;

static void make_frame(const leu_cfg *c, const leu_cell *cells, int f, st_wl_rng *r, float *img) {
  for (int x = 0; x < c->cols; x++) {
    for (int y = 0; y < c->rows; y++) {
      float base = 0.25f + 0.06f * sinf(0.013f * (float)x + 0.009f * (float)y);
      img[(size_t)x * c->rows + y] = base + 0.12f * (st_wl_rng_unit(r) - 0.5f);
    }
  }
  for (int k = 0; k < c->ncells; k++) {
    float cy = cells[k].y + cells[k].vy * (float)f, cx = cells[k].x + cells[k].vx * (float)f;
    int rad = (int)cells[k].r + 3;
    for (int x = (int)cx - rad; x <= (int)cx + rad; x++) {
      for (int y = (int)cy - rad; y <= (int)cy + rad; y++) {
        if (y < 0 || y >= c->rows || x < 0 || x >= c->cols) continue;
        float d = sqrtf(((float)y - cy) * ((float)y - cy) + ((float)x - cx) * ((float)x - cx));
        float a = (cells[k].r + 1.0f - d) / 2.0f; /* soft edge two pixels wide */
        a = a < 0.0f ? 0.0f : a > 1.0f ? 1.0f : a;
        img[(size_t)x * c->rows + y] += 0.45f * a;
      }
    }
  }
}

/* Central differences (one-sided at the border); column-major. */
static void gradients(const float *img, int rows, int cols, float *gx, float *gy) {
  for (int x = 0; x < cols; x++) {
    for (int y = 0; y < rows; y++) {
      int xl = x > 0 ? x - 1 : x, xr = x < cols - 1 ? x + 1 : x;
      int yu = y > 0 ? y - 1 : y, yd = y < rows - 1 ? y + 1 : y;
      gx[(size_t)x * rows + y] =
          (img[(size_t)xr * rows + y] - img[(size_t)xl * rows + y]) / (float)(xr - xl);
      gy[(size_t)x * rows + y] =
          (img[(size_t)x * rows + yd] - img[(size_t)x * rows + yu]) / (float)(yd - yu);
    }
  }
}

static float heaviside(float x) {
  float a = fabsf(x);
  int big = a > 1.0f;
  float z = big ? 1.0f / a : a;
  float z2 = z * z;
  float q = fmaf(z2, -0.0117212f, 0.05265332f);
  q = fmaf(z2, q, -0.11643287f);
  q = fmaf(z2, q, 0.19354346f);
  q = fmaf(z2, q, -0.33262347f);
  q = fmaf(z2, q, 0.99997726f);
  float at = z * q;
  if (big) at = 1.57079637f - at;
  if (x < 0.0f) at = -at;
  return fmaf(at, 0.318309886f, 0.5f);
}

/* One CTA of leu_imgvf (vx = vy = e = 1 folded as the kernel folds them). */
static int cpu_imgvf(float *g, const float *I, int m, int n, int max_iter, float cutoff,
                     float *next) {
  int mn = m * n, vblocks = (mn + TPB - 1) / TPB;
  float one_over_e = 1.0f / 1.0f, vx = 1.0f, vy = 1.0f;
  float kU = -vy * one_over_e, kD = vy * one_over_e, kL = -vx * one_over_e, kR = vx * one_over_e;
  float kUR = (vx - vy) * one_over_e, kDR = (vx + vy) * one_over_e;
  float kUL = (-vx - vy) * one_over_e, kDL = (-vx + vy) * one_over_e;
  int it = 0, converged = 0;
  float buffer[TPB];
  while (!converged && it < max_iter) {
    for (int t = 0; t < TPB; t++) buffer[t] = 0.0f;
    for (int b = 0; b < vblocks; b++) {
      for (int t = 0; t < TPB; t++) {
        int idx = b * TPB + t;
        if (idx >= mn) continue;
        int i = idx / n, j = idx % n;
        int ru = i == 0 ? 0 : i - 1, rd = i == m - 1 ? m - 1 : i + 1;
        int cl = j == 0 ? 0 : j - 1, cr = j == n - 1 ? n - 1 : j + 1;
        float ov = g[idx];
        float U = g[ru * n + j] - ov, D = g[rd * n + j] - ov;
        float L = g[i * n + cl] - ov, R = g[i * n + cr] - ov;
        float UR = g[ru * n + cr] - ov, DR = g[rd * n + cr] - ov;
        float UL = g[ru * n + cl] - ov, DL = g[rd * n + cl] - ov;
        float acc = heaviside(U * kU) * U;
        acc = fmaf(heaviside(D * kD), D, acc);
        acc = fmaf(heaviside(L * kL), L, acc);
        acc = fmaf(heaviside(R * kR), R, acc);
        acc = fmaf(heaviside(UR * kUR), UR, acc);
        acc = fmaf(heaviside(DR * kDR), DR, acc);
        acc = fmaf(heaviside(UL * kUL), UL, acc);
        acc = fmaf(heaviside(DL * kDL), DL, acc);
        float nv = fmaf(0.1f, acc, ov);
        float vi = I[idx];
        nv = nv - (0.2f * vi) * (nv - vi);
        buffer[t] = buffer[t] + fabsf(nv - ov);
        next[idx] = nv;
      }
    }
    memcpy(g, next, (size_t)mn * sizeof *g);
    for (int t = POW2; t < TPB; t++) buffer[t - POW2] = buffer[t - POW2] + buffer[t];
    for (int h = POW2 / 2; h > 0; h /= 2) {
      for (int t = 0; t < h; t++) buffer[t] = buffer[t] + buffer[t + h];
    }
    if (buffer[0] / (float)mn < cutoff) converged = 1;
    it++;
  }
  return it;
}

/* paper: 640x480 frames, Rodinia's 7 circles x 150 points (radii 8..20,
 * margin 22) and 25x25 structuring element, 41x41 cell sub-images, 500
 * iterations at most, 5 tracking frames (Rodinia's run script); medium:
 * 128x96 frames, 3 cells, 4 circles x 32 points (radii 6..12), 9x9 disc,
 * 21x21 cell sub-images, 16 iterations at most, 3 tracking frames; small:
 * reduced everything. */
static leu_cfg leu_config(st_wl_size size) {
  return size == ST_WL_PAPER    ? (leu_cfg){480, 640, 14, 6, 7, 150, 8, 25, 41, 500, 10.0f, 1e-4f}
         : size == ST_WL_MEDIUM ? (leu_cfg){96, 128, 3, 4, 4, 32, 6, 9, 21, 16, 8.0f, 1e-3f}
                                : (leu_cfg){48, 56, 2, 3, 3, 24, 4, 7, 13, 16, 5.0f, 5e-3f};
}

static int leu_maxr(const leu_cfg *c) { return c->rad0 + 2 * (c->ncircles - 1) + 2; }

/* The constant tables: circle samples, their normals, the structuring element. */
typedef struct leu_tables {
  float sin[NPMAX], cos[NPMAX], strel[STRELMAX * STRELMAX];
  int tx[NCMAX * NPMAX], ty[NCMAX * NPMAX];
} leu_tables;

static void leu_make_tables(const leu_cfg *c, leu_tables *t) {
  memset(t, 0, sizeof *t);
  for (int n = 0; n < c->npoints; n++) {
    double th = 2.0 * 3.14159265358979 * n / c->npoints;
    t->sin[n] = (float)sin(th);
    t->cos[n] = (float)cos(th);
    for (int k = 0; k < c->ncircles; k++) {
      double rad = c->rad0 + 2 * k;
      t->tx[k * NPMAX + n] = (int)lround(rad * cos(th));
      t->ty[k * NPMAX + n] = (int)lround(rad * sin(th));
    }
  }
  int sc = c->strel / 2;
  for (int i = 0; i < c->strel; i++) {
    for (int j = 0; j < c->strel; j++) {
      t->strel[i * c->strel + j] = (i - sc) * (i - sc) + (j - sc) * (j - sc) <= sc * sc;
    }
  }
}

/* The cells, apart from each other and clear of the margins: the first
 * draws from r. */
static void leu_make_cells(const leu_cfg *c, st_wl_rng *r, leu_cell *cells) {
  int margin = leu_maxr(c) + 2, sub = c->sub;
  for (int k = 0; k < c->ncells; k++) {
    for (int tries = 0; tries < 1000; tries++) {
      cells[k].y = (float)margin + (float)(c->rows - 2 * margin) * st_wl_rng_unit(r);
      cells[k].x = (float)margin + (float)(c->cols - 2 * margin) * st_wl_rng_unit(r);
      int ok = 1;
      for (int q = 0; q < k; q++) {
        float dy = cells[q].y - cells[k].y, dx = cells[q].x - cells[k].x;
        ok &= dy * dy + dx * dx > (float)(sub * sub);
      }
      if (ok) break;
    }
    cells[k].vy = 2.0f * st_wl_rng_unit(r) - 1.0f;
    cells[k].vx = 2.0f * st_wl_rng_unit(r) - 1.0f;
    cells[k].r = c->cell_r * (0.9f + 0.2f * st_wl_rng_unit(r));
  }
}

/* leu_gicov's work: every pixel inside the margin (columns on every thread);
 * the rest of gic is zero, as the GPU's buffer. */
static void cpu_gicov(const leu_cfg *c, const leu_tables *t, const float *gx, const float *gy,
                      float *gic, int threads) {
  int maxr = leu_maxr(c);
  memset(gic, 0, (size_t)c->rows * c->cols * sizeof *gic);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int x = maxr; x < c->cols - maxr; x++) {
    for (int y = maxr; y < c->rows - maxr; y++) {
      float best = 0.0f;
      for (int k = 0; k < c->ncircles; k++) {
        float sum = 0.0f, m2 = 0.0f, mean = 0.0f;
        for (int n = 0; n < c->npoints; n++) {
          size_t a = (size_t)(x + t->tx[k * NPMAX + n]) * c->rows +
                     (size_t)(y + t->ty[k * NPMAX + n]);
          float p = fmaf(gy[a], t->sin[n], gx[a] * t->cos[n]);
          sum = sum + p;
          float delta = p - mean;
          mean = mean + delta / (float)(n + 1);
          m2 = fmaf(delta, p - mean, m2);
        }
        mean = sum / (float)c->npoints;
        float var = m2 / (float)(c->npoints - 1);
        float gv = (mean * mean) / var;
        if (gv > best) best = gv;
      }
      gic[(size_t)x * c->rows + y] = best;
    }
  }
}

/* leu_dilate's work: the disc maximum of every pixel (columns on every thread). */
static void cpu_dilate(const leu_cfg *c, const leu_tables *t, const float *gic, float *dil,
                       int threads) {
  int sc = c->strel / 2;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int x = 0; x < c->cols; x++) {
    for (int y = 0; y < c->rows; y++) {
      float mx = 0.0f;
      for (int ei = 0; ei < c->strel; ei++) {
        int yy = y - sc + ei;
        if (yy < 0 || yy >= c->rows) continue;
        for (int ej = 0; ej < c->strel; ej++) {
          int xx = x - sc + ej;
          if (xx >= 0 && xx < c->cols && t->strel[ei * c->strel + ej] != 0.0f &&
              gic[(size_t)xx * c->rows + yy] > mx) {
            mx = gic[(size_t)xx * c->rows + yy];
          }
        }
      }
      dil[(size_t)x * c->rows + y] = mx;
    }
  }
}

/* The host's detection: local maxima (score equals the dilation) above a
 * fixed threshold (noise alone scores well below 1, a cell over 5), in
 * column-major order, at most MAXCELLS. */
static int leu_detect(size_t npix, int rows, const float *gic, const float *dil, int *ny,
                      int *nx) {
  int nfound = 0;
  for (size_t i = 0; i < npix && nfound < MAXCELLS; i++) {
    if (gic[i] > 0.0f && gic[i] == dil[i] && gic[i] >= 2.0f) {
      nx[nfound] = (int)(i / (size_t)rows);
      ny[nfound] = (int)(i % (size_t)rows);
      nfound++;
    }
  }
  return nfound;
}

/* The host's step before each tracking launch: every cell's edge map, the
 * normalised gradient magnitude of the sub-image around it (cells on every
 * thread). */
static void leu_edge_maps(const leu_cfg *c, const float *img, int nfound, const int *ny,
                          const int *nx, float *I, int threads) {
  int sub = c->sub, smn = sub * sub;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int q = 0; q < nfound; q++) {
    float *Iq = I + (size_t)q * smn, mx = 0.0f;
    for (int i = 0; i < sub; i++) {
      for (int j = 0; j < sub; j++) {
        int y0 = ny[q] - sub / 2 + i, x0 = nx[q] - sub / 2 + j;
        int yu = y0 - 1, yd = y0 + 1, xl = x0 - 1, xr = x0 + 1;
        yu = yu < 0 ? 0 : yu;
        yd = yd >= c->rows ? c->rows - 1 : yd;
        xl = xl < 0 ? 0 : xl;
        xr = xr >= c->cols ? c->cols - 1 : xr;
        float ddx = img[(size_t)xr * c->rows + (size_t)(y0 < 0 ? 0 : y0 >= c->rows ? c->rows - 1 : y0)] -
                    img[(size_t)xl * c->rows + (size_t)(y0 < 0 ? 0 : y0 >= c->rows ? c->rows - 1 : y0)];
        float ddy = img[(size_t)(x0 < 0 ? 0 : x0 >= c->cols ? c->cols - 1 : x0) * c->rows + (size_t)yd] -
                    img[(size_t)(x0 < 0 ? 0 : x0 >= c->cols ? c->cols - 1 : x0) * c->rows + (size_t)yu];
        float v = sqrtf(ddx * ddx + ddy * ddy);
        Iq[i * sub + j] = v;
        mx = v > mx ? v : mx;
      }
    }
    for (int i = 0; i < smn; i++) Iq[i] = mx > 0.0f ? Iq[i] / mx : 0.0f;
  }
}

/* leu_imgvf's work: every cell's MGVF from its edge map (mg starts as a copy
 * of I), cells on every thread; its gets the iterations. */
static void leu_mgvf_all(const leu_cfg *c, int nfound, const float *I, float *mg, int *its,
                         int threads) {
  int smn = c->sub * c->sub;
  memcpy(mg, I, (size_t)nfound * smn * sizeof *mg);
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (int q = 0; q < nfound; q++) {
    float next[MGVF_MAX];
    its[q] = cpu_imgvf(mg + (size_t)q * smn, I + (size_t)q * smn, c->sub, c->sub, c->max_iter,
                       c->cutoff, next);
  }
}

/* The host's step after each tracking launch: each cell moves to its MGVF's
 * centroid. */
static void leu_move(const leu_cfg *c, int nfound, const float *mg, int *ny, int *nx) {
  int sub = c->sub, smn = sub * sub;
  for (int q = 0; q < nfound; q++) {
    double sw = 0.0, sy = 0.0, sx = 0.0;
    for (int i = 0; i < smn; i++) {
      double w = mg[(size_t)q * smn + i];
      sw += w;
      sy += w * (i / sub);
      sx += w * (i % sub);
    }
    if (sw > 0.0) {
      ny[q] += (int)lround(sy / sw) - sub / 2;
      nx[q] += (int)lround(sx / sw) - sub / 2;
    }
  }
}

/* The CPU version: the detection on frame 0 (GICOV, dilation, local
 * maxima), then per following frame the edge maps, every cell's MGVF and
 * the moves; every frame's MGVF matrices and iteration counts are kept. */
typedef struct leu_cpu_args {
  const leu_cfg *c;
  const leu_tables *t;
  const float *gx, *gy, *frames;
  float *gic, *dil, *I, *mg; /* mg: (frames - 1) x MAXCELLS matrices */
  int *its;                  /* (frames - 1) x MAXCELLS */
  int ny[MAXCELLS], nx[MAXCELLS], nfound, threads;
} leu_cpu_args;

static void leu_cpu_work(void *arg) {
  leu_cpu_args *a = arg;
  const leu_cfg *c = a->c;
  size_t npix = (size_t)c->rows * c->cols, smn = (size_t)c->sub * c->sub;
  cpu_gicov(c, a->t, a->gx, a->gy, a->gic, a->threads);
  cpu_dilate(c, a->t, a->gic, a->dil, a->threads);
  a->nfound = leu_detect(npix, c->rows, a->gic, a->dil, a->ny, a->nx);
  for (int f = 1; a->nfound > 0 && f < c->frames; f++) {
    float *mg = a->mg + (size_t)(f - 1) * MAXCELLS * smn;
    leu_edge_maps(c, a->frames + (size_t)f * npix, a->nfound, a->ny, a->nx, a->I, a->threads);
    leu_mgvf_all(c, a->nfound, a->I, mg, a->its + (size_t)(f - 1) * MAXCELLS, a->threads);
    leu_move(c, a->nfound, mg, a->ny, a->nx);
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  leu_cfg c = leu_config(ctx->size);
  size_t npix = (size_t)c.rows * c.cols, bytes = npix * sizeof(float);
  size_t smn = (size_t)c.sub * c.sub, ntrack = (size_t)(c.frames - 1) * MAXCELLS;
  leu_tables *t = malloc(sizeof *t);
  leu_cell *cells = malloc((size_t)c.ncells * sizeof *cells);
  float *frames = malloc((size_t)c.frames * bytes);
  leu_cpu_args *a = calloc(1, sizeof *a);
  float *gx = malloc(bytes), *gy = malloc(bytes);
  st_status rc = t && cells && frames && a && gx && gy ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    *a = (leu_cpu_args){.c = &c, .t = t, .gx = gx, .gy = gy, .frames = frames,
                        .gic = malloc(bytes), .dil = malloc(bytes),
                        .I = malloc(MAXCELLS * smn * sizeof(float)),
                        .mg = calloc(ntrack * smn, sizeof(float)),
                        .its = calloc(ntrack, sizeof(int)), .threads = ctx->threads};
    rc = a->gic && a->dil && a->I && a->mg && a->its ? ST_OK : ST_ERR_NOMEM;
  }
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    leu_make_cells(&c, &r, cells);
    leu_make_tables(&c, t);
    for (int f = 0; f < c.frames; f++) {
      make_frame(&c, cells, f, &r, frames + (size_t)f * npix);
    }
    gradients(frames, c.rows, c.cols, gx, gy);
    rc = st_wl_cpu_time(ctx, leu_cpu_work, a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a->gic, bytes);
    st_wl_cpu_digest(ctx, a->dil, bytes);
    for (int f = 1; f < c.frames; f++) {
      size_t o = (size_t)(f - 1) * MAXCELLS;
      st_wl_cpu_digest(ctx, a->mg + o * smn, (size_t)a->nfound * smn * sizeof(float));
      st_wl_cpu_digest(ctx, a->its + o, (size_t)a->nfound * sizeof(int));
    }
    st_wl_cpu_digest(ctx, a->ny, (size_t)a->nfound * sizeof(int));
    st_wl_cpu_digest(ctx, a->nx, (size_t)a->nfound * sizeof(int));
  }
  if (a != NULL) {
    free(a->gic);
    free(a->dil);
    free(a->I);
    free(a->mg);
    free(a->its);
  }
  free(a);
  free(t);
  free(cells);
  free(frames);
  free(gx);
  free(gy);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  leu_cfg c = leu_config(ctx->size);
  int maxr = leu_maxr(&c);
  size_t npix = (size_t)c.rows * c.cols, bytes = npix * sizeof(float);
  int sub = c.sub, smn = sub * sub;
  float *img = malloc(bytes), *gx = malloc(bytes), *gy = malloc(bytes);
  float *gic = malloc(bytes), *dil = malloc(bytes), *rgic = malloc(bytes), *rdil = malloc(bytes);
  float *I = malloc((size_t)MAXCELLS * smn * sizeof *I);
  float *mg = malloc((size_t)MAXCELLS * smn * sizeof *mg);
  float *rmg = malloc((size_t)MAXCELLS * smn * sizeof *rmg);
  leu_cell *cells = malloc((size_t)c.ncells * sizeof *cells);
  st_status rc = img && gx && gy && gic && dil && rgic && rdil && I && mg && rmg && cells
                     ? ST_OK
                     : ST_ERR_NOMEM;
  st_gpu *gpu = ctx->gpu;
  st_wl_rng r;
  st_wl_rng_seed(&r, ctx->seed);
  leu_tables *tab = malloc(sizeof *tab);
  if (rc == ST_OK && tab == NULL) rc = ST_ERR_NOMEM;
  if (rc == ST_OK) {
    leu_make_cells(&c, &r, cells);
    leu_make_tables(&c, tab);
  }
  const float *h_sin = tab ? tab->sin : NULL, *h_cos = tab ? tab->cos : NULL;
  const float *h_strel = tab ? tab->strel : NULL;
  const int *h_tx = tab ? tab->tx : NULL, *h_ty = tab ? tab->ty : NULL;
  struct { const char *name; const void *src; size_t bytes; } syms[] = {
      {"c_sin", h_sin, sizeof tab->sin}, {"c_cos", h_cos, sizeof tab->cos},
      {"c_tx", h_tx, sizeof tab->tx},    {"c_ty", h_ty, sizeof tab->ty},
      {"c_strel", h_strel, sizeof tab->strel}};
  for (size_t s = 0; rc == ST_OK && s < sizeof syms / sizeof syms[0]; s++) {
    uint64_t d = 0, sb = 0;
    rc = st_module_symbol(gpu, ctx->mod, syms[s].name, &d, &sb, err);
    if (rc == ST_OK) rc = st_memcpy_htod(gpu, d, syms[s].src, syms[s].bytes, err);
  }
  /* ---- detection on frame 0 ---- */
  uint64_t d_gx = 0, d_gy = 0, d_gic = 0, d_dil = 0;
  if (rc == ST_OK) {
    make_frame(&c, cells, 0, &r, img);
    gradients(img, c.rows, c.cols, gx, gy);
    rc = st_wl_upload(gpu, gx, bytes, &d_gx, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, gy, bytes, &d_gy, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &d_gic, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &d_dil, err);
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_gx),   ST_ARG_PTR(d_gy),       ST_ARG_PTR(d_gic),
                     ST_ARG_S32(c.rows), ST_ARG_S32(maxr),       ST_ARG_S32(c.ncircles),
                     ST_ARG_S32(c.npoints)};
    rc = st_launch(gpu, ctx->mod, "leu_gicov", st_dim3_make((uint32_t)(c.cols - 2 * maxr), 1, 1),
                   st_dim3_make((uint32_t)(c.rows - 2 * maxr), 1, 1), 0, args, 7, err);
  }
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(d_gic), ST_ARG_PTR(d_dil), ST_ARG_S32(c.rows), ST_ARG_S32(c.cols),
                     ST_ARG_S32(c.strel)};
    rc = st_launch(gpu, ctx->mod, "leu_dilate",
                   st_dim3_make((uint32_t)((npix + DIL_TPB - 1) / DIL_TPB), 1, 1),
                   st_dim3_make(DIL_TPB, 1, 1), 0, args, 5, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gic, d_gic, bytes, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, dil, d_dil, bytes, err);
  if (rc == ST_OK) {
    cpu_gicov(&c, tab, gx, gy, rgic, ctx->threads);
    rc = st_wl_check_u32(ctx, "GICOV scores", (const uint32_t *)gic, (const uint32_t *)rgic, npix);
  }
  if (rc == ST_OK) {
    cpu_dilate(&c, tab, rgic, rdil, ctx->threads);
    rc = st_wl_check_u32(ctx, "dilated GICOV", (const uint32_t *)dil, (const uint32_t *)rdil, npix);
  }
  /* cells: the local maxima of the GPU's scores */
  int ny[MAXCELLS], nx[MAXCELLS], nfound = 0, matched = 0;
  if (rc == ST_OK) {
    nfound = leu_detect(npix, c.rows, gic, dil, ny, nx);
    for (int k = 0; k < c.ncells; k++) {
      for (int q = 0; q < nfound; q++) {
        if (fabsf((float)ny[q] - cells[k].y) <= 2.0f && fabsf((float)nx[q] - cells[k].x) <= 2.0f) {
          matched++;
          break;
        }
      }
    }
  }
  /* ---- tracking on the following frames ---- */
  uint64_t d_I = 0, d_mg = 0, d_offs = 0, d_m = 0, d_n = 0, d_it = 0;
  int offs[MAXCELLS], mdim[MAXCELLS], its[MAXCELLS], rits[MAXCELLS], total_it = 0;
  for (int q = 0; q < nfound; q++) {
    offs[q] = q * smn;
    mdim[q] = sub;
  }
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, NULL, (uint64_t)nfound * smn * 4, &d_I, err);
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, NULL, (uint64_t)nfound * smn * 4, &d_mg, err);
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, offs, (uint64_t)nfound * 4, &d_offs, err);
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, mdim, (uint64_t)nfound * 4, &d_m, err);
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, mdim, (uint64_t)nfound * 4, &d_n, err);
  if (rc == ST_OK && nfound > 0) rc = st_wl_upload(gpu, NULL, (uint64_t)nfound * 4, &d_it, err);
  for (int f = 1; rc == ST_OK && nfound > 0 && f < c.frames; f++) {
    make_frame(&c, cells, f, &r, img);
    leu_edge_maps(&c, img, nfound, ny, nx, I, ctx->threads);
    rc = st_memcpy_htod(gpu, d_I, I, (uint64_t)nfound * smn * 4, err);
    if (rc == ST_OK) rc = st_memcpy_htod(gpu, d_mg, I, (uint64_t)nfound * smn * 4, err);
    if (rc == ST_OK) {
      st_arg args[] = {ST_ARG_PTR(d_mg),  ST_ARG_PTR(d_I),   ST_ARG_PTR(d_offs),
                       ST_ARG_PTR(d_m),   ST_ARG_PTR(d_n),   ST_ARG_PTR(d_it),
                       st_arg_f32(1.0f),  st_arg_f32(1.0f),  st_arg_f32(1.0f),
                       ST_ARG_S32(c.max_iter), st_arg_f32(c.cutoff)};
      rc = st_launch(gpu, ctx->mod, "leu_imgvf", st_dim3_make((uint32_t)nfound, 1, 1),
                     st_dim3_make(TPB, 1, 1), 0, args, 11, err);
    }
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, mg, d_mg, (uint64_t)nfound * smn * 4, err);
    if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, its, d_it, (uint64_t)nfound * 4, err);
    if (rc != ST_OK) break;
    leu_mgvf_all(&c, nfound, I, rmg, rits, ctx->threads);
    for (int q = 0; q < nfound; q++) {
      total_it += rits[q];
    }
    char what[80];
    snprintf(what, sizeof what, "MGVF matrices (frame %d)", f);
    rc = st_wl_check_u32(ctx, what, (const uint32_t *)mg, (const uint32_t *)rmg,
                         (size_t)nfound * smn);
    if (rc == ST_OK) {
      snprintf(what, sizeof what, "MGVF iteration counts (frame %d)", f);
      rc = st_wl_check_u32(ctx, what, (const uint32_t *)its, (const uint32_t *)rits,
                           (size_t)nfound);
    }
    /* the host's step: move each cell to its MGVF's centroid */
    if (rc == ST_OK) {
      leu_move(&c, nfound, mg, ny, nx);
    }
  }
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "GICOV and dilation (%zu pixels) and %d cells' MGVF over %d frames (%d iterations "
             "in all) match the CPU reference bit for bit; %d of %d true cells detected",
             npix, nfound, c.frames - 1, total_it, matched, c.ncells);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  leu: %dx%d frames, %d circles x %d points, GICOV %d CTAs x %d threads, dilate "
              "%zu CTAs x %d (strel %dx%d), %d cells (%dx%d MGVF) tracked over %d frames, %d "
              "MGVF iterations\n",
              c.cols, c.rows, c.ncircles, c.npoints, c.cols - 2 * maxr, c.rows - 2 * maxr,
              (npix + DIL_TPB - 1) / DIL_TPB, DIL_TPB, c.strel, c.strel, nfound, sub, sub,
              c.frames - 1, total_it);
    }
  }
  free(img);
  free(gx);
  free(gy);
  free(gic);
  free(dil);
  free(rgic);
  free(rdil);
  free(I);
  free(mg);
  free(rmg);
  free(cells);
  free(tab);
  return rc;
}

const st_workload_desc st_wl_leu = {
    .name = "leu",
    .title = "leukocyte detection (GICOV, dilation) and tracking (per-cell MGVF solver in shared "
             "memory)",
    .seeds = "CAWA LEU (Rodinia leukocyte); OpenCL study LEU (Rodinia)",
    .category = "CAWA Table 3.2 compute-intensive (C); OpenCL Table 6.3 C",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (640x480 frames); OpenCL Table 6.3 Rodinia LEU (C); DYNCTA Table "
              "II row 25 (LKC, C)",
    .ptx = "leu.ptx",
    .small = "56x48 frames, 2 cells, 3 circles x 24 points, 7x7 dilation, 13x13 MGVF (cutoff 5e-3, 16 iterations "
             "at most), 3 frames (1 detection + 2 tracking)",
    .paper = "640x480 frames (the seeds' video size), 14 cells, 7 circles x 150 points, 25x25 "
             "dilation, 41x41 MGVF, 6 frames (1 detection + 5 tracking, as Rodinia's run script)",
    .medium = "128x96 frames, 3 cells, 4 circles x 32 points, 9x9 dilation, 21x21 MGVF (cutoff "
              "1e-3, 16 iterations at most), 4 frames (1 detection + 3 tracking)",
    .run = run,
    .cpu = cpu,
};
