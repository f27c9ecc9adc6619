/* LMD host driver: Rodinia lavaMD's inputs and launch. boxes1d^3 boxes of
 * 100 particles each (a 2x2x1 grid at the small size); every particle's
 * position-and-potential (v, x, y, z) and charge are drawn, as in the
 * original, from {0.1, 0.2, ..., 1.0}; each box lists its (up to 26)
 * neighbours in z, y, x order. One launch of one CTA per home box, with the
 * model parameter and the 56-byte dimension structure passed by value
 * (ST_ARG_BYTES).
 *
 * The CPU reference repeats the kernel's float arithmetic in the PTX's order
 * (fmaf where the PTX has fma.rn.f32, the neighbour boxes and particles in
 * the same order), with expf for the kernel's expf, which nvcc compiles to a
 * range reduction around ex2.approx.ftz.f32: not defined bit for bit. So
 * each of the four sums of every particle (potential and the three force
 * components) is compared within 2^-16 of the sum of the absolute values of
 * its terms. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define LMD_PAR_PER_BOX 100
#define LMD_THREADS 128

typedef struct lmd_par {
  float alpha;
} lmd_par;

/* The kernel's by-value dimension structure: 56 bytes, as Rodinia's dim_str. */
typedef struct lmd_dim {
  int32_t boxes_x, boxes_y, boxes_z; /* boxes1d each in Rodinia (a cube) */
  int32_t par_per_box;
  int64_t number_boxes;
  int64_t box_mem;
  int64_t space_elem;
  int64_t space_mem;
  int64_t space_mem2;
} lmd_dim;

typedef struct lmd_vec {
  float v, x, y, z;
} lmd_vec;

typedef struct lmd_nei {
  int32_t x, y, z;
  int32_t number;
  int64_t offset;
} lmd_nei;

typedef struct lmd_box {
  int32_t x, y, z;
  int32_t number;
  int64_t offset;
  int32_t nn;
  int32_t pad;
  lmd_nei nei[26];
} lmd_box;

_Static_assert(sizeof(lmd_dim) == 56, "lmd_dim must match the kernel's 56-byte parameter");
_Static_assert(sizeof(lmd_box) == 656, "lmd_box must match the kernel's layout");

/* Home boxes numbered z-major; each box's neighbours in z, y, x order. */
static void make_boxes(lmd_box *box, int bx, int by, int bz) {
  for (int z = 0; z < bz; z++) {
    for (int y = 0; y < by; y++) {
      for (int x = 0; x < bx; x++) {
        int nh = (z * by + y) * bx + x;
        lmd_box *h = &box[nh];
        memset(h, 0, sizeof *h);
        h->x = x;
        h->y = y;
        h->z = z;
        h->number = nh;
        h->offset = (int64_t)nh * LMD_PAR_PER_BOX;
        for (int l = -1; l <= 1; l++) {
          for (int m = -1; m <= 1; m++) {
            for (int n = -1; n <= 1; n++) {
              int nz = z + l, ny = y + m, nx = x + n;
              if ((l == 0 && m == 0 && n == 0) || nz < 0 || nz >= bz || ny < 0 || ny >= by ||
                  nx < 0 || nx >= bx) {
                continue;
              }
              lmd_nei *e = &h->nei[h->nn++];
              e->x = nx;
              e->y = ny;
              e->z = nz;
              e->number = (nz * by + ny) * bx + nx;
              e->offset = (int64_t)e->number * LMD_PAR_PER_BOX;
            }
          }
        }
      }
    }
  }
}

/* The kernel's arithmetic for every particle, home boxes on every thread;
 * mag (when not NULL) gets, per component, the sum of the absolute values of
 * the terms (for the tolerance). */
static void cpu_lmd(const lmd_box *box, int nboxes, float alpha, const lmd_vec *rv,
                    const float *qv, lmd_vec *fv, lmd_vec *mag, int threads) {
  float a2 = 2.0f * alpha * alpha;
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (int bx = 0; bx < nboxes; bx++) {
    const lmd_box *h = &box[bx];
    for (int i = 0; i < LMD_PAR_PER_BOX; i++) {
      lmd_vec a = rv[h->offset + i];
      lmd_vec f = {0.0f, 0.0f, 0.0f, 0.0f};
      double mv = 0.0, mx = 0.0, my = 0.0, mz = 0.0;
      for (int k = 0; k <= h->nn; k++) {
        int64_t first = box[k == 0 ? bx : h->nei[k - 1].number].offset;
        for (int j = 0; j < LMD_PAR_PER_BOX; j++) {
          lmd_vec b = rv[first + j];
          float q = qv[first + j];
          float dot = fmaf(a.z, b.z, fmaf(a.x, b.x, a.y * b.y));
          float r2 = (a.v + b.v) - dot;
          float u2 = a2 * r2;
          float vij = expf(-u2);
          float fs = vij + vij;
          float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
          f.v = fmaf(q, vij, f.v);
          f.x = fmaf(q, dx * fs, f.x);
          f.y = fmaf(q, dy * fs, f.y);
          f.z = fmaf(q, dz * fs, f.z);
          if (mag != NULL) {
            mv += fabs((double)q * vij);
            mx += fabs((double)q * dx * fs);
            my += fabs((double)q * dy * fs);
            mz += fabs((double)q * dz * fs);
          }
        }
      }
      fv[h->offset + i] = f;
      if (mag != NULL) {
        mag[h->offset + i] = (lmd_vec){(float)mv, (float)mx, (float)my, (float)mz};
      }
    }
  }
}

static st_status check(st_wl_ctx *ctx, const float *got, const float *want, const float *mag,
                       size_t n) {
  static const char *const comp[4] = {"potential", "force x", "force y", "force z"};
  size_t bad = 0, first = 0;
  double worst = 0.0;
  for (size_t i = 0; i < n; i++) {
    double d = fabs((double)got[i] - (double)want[i]);
    double tol = ldexp((double)mag[i], -16);
    if (!(d <= tol)) {
      if (bad++ == 0) {
        first = i;
      }
    } else if (mag[i] > 0.0f && d / mag[i] > worst) {
      worst = d / mag[i];
    }
  }
  if (bad == 0) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "potential and forces of %zu particles match the CPU reference within 2^-16 of "
             "the sum of |terms| (worst 2^%.1f)",
             n / 4, worst > 0.0 ? log2(worst) : -INFINITY);
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "potential and forces: %zu of %zu values differ beyond 2^-16 of the sum of |terms|; "
           "first: particle %zu %s, expected %.9g, got %.9g",
           bad, n, first / 4, comp[first % 4], (double)want[first], (double)got[first]);
  return ST_ERR_MISMATCH;
}

/* Paper: Rodinia's cube of boxes1d = 10. Medium: the cube of boxes1d = 2.
 * Small: 2x2x1, the smallest grid where every box has neighbours along two
 * axes and on the diagonal. */
static void lmd_grid(st_wl_size size, int *bx, int *by, int *bz) {
  *bx = *by = size == ST_WL_PAPER ? 10 : 2;
  *bz = size == ST_WL_PAPER ? 10 : size == ST_WL_MEDIUM ? 2 : 1;
}

/* Positions-and-potentials and charges, as Rodinia draws them. */
static void lmd_inputs(uint64_t seed, size_t npar, lmd_vec *rv, float *qv) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (size_t i = 0; i < npar; i++) {
    rv[i].v = (float)(st_wl_rng_below(&r, 10) + 1) / 10.0f;
    rv[i].x = (float)(st_wl_rng_below(&r, 10) + 1) / 10.0f;
    rv[i].y = (float)(st_wl_rng_below(&r, 10) + 1) / 10.0f;
    rv[i].z = (float)(st_wl_rng_below(&r, 10) + 1) / 10.0f;
  }
  for (size_t i = 0; i < npar; i++) {
    qv[i] = (float)(st_wl_rng_below(&r, 10) + 1) / 10.0f;
  }
}

#define LMD_ALPHA 0.5f

/* The CPU version: the potential and force of every particle, home boxes on
 * every thread. */
typedef struct lmd_cpu_args {
  const lmd_box *box;
  const lmd_vec *rv;
  const float *qv;
  lmd_vec *fv;
  int nboxes, threads;
} lmd_cpu_args;

static void lmd_cpu_work(void *arg) {
  lmd_cpu_args *l = arg;
  cpu_lmd(l->box, l->nboxes, LMD_ALPHA, l->rv, l->qv, l->fv, NULL, l->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int bx, by, bz;
  lmd_grid(ctx->size, &bx, &by, &bz);
  int nboxes = bx * by * bz;
  size_t npar = (size_t)nboxes * LMD_PAR_PER_BOX;
  lmd_box *box = malloc((size_t)nboxes * sizeof *box);
  lmd_vec *rv = malloc(npar * sizeof *rv);
  float *qv = malloc(npar * sizeof *qv);
  lmd_vec *fv = malloc(npar * sizeof *fv);
  st_status rc = box && rv && qv && fv ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_boxes(box, bx, by, bz);
    lmd_inputs(ctx->seed, npar, rv, qv);
    lmd_cpu_args l = {box, rv, qv, fv, nboxes, ctx->threads};
    rc = st_wl_cpu_time(ctx, lmd_cpu_work, &l);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, fv, npar * sizeof *fv);
  }
  free(box);
  free(rv);
  free(qv);
  free(fv);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int bx, by, bz;
  lmd_grid(ctx->size, &bx, &by, &bz);
  int nboxes = bx * by * bz;
  size_t npar = (size_t)nboxes * LMD_PAR_PER_BOX;
  lmd_box *box = malloc((size_t)nboxes * sizeof *box);
  lmd_vec *rv = malloc(npar * sizeof *rv);
  float *qv = malloc(npar * sizeof *qv);
  lmd_vec *fv = malloc(npar * sizeof *fv);
  lmd_vec *want = malloc(npar * sizeof *want);
  lmd_vec *mag = malloc(npar * sizeof *mag);
  uint64_t d_box = 0, d_rv = 0, d_qv = 0, d_fv = 0;
  st_status rc = box && rv && qv && fv && want && mag ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_boxes(box, bx, by, bz);
    lmd_inputs(ctx->seed, npar, rv, qv);
    rc = st_wl_upload(ctx->gpu, box, (uint64_t)nboxes * sizeof *box, &d_box, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, rv, npar * sizeof *rv, &d_rv, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, qv, npar * sizeof *qv, &d_qv, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, NULL, npar * sizeof *fv, &d_fv, err);
  lmd_par par = {LMD_ALPHA};
  lmd_dim dim = {bx,
                 by,
                 bz,
                 LMD_PAR_PER_BOX,
                 nboxes,
                 (int64_t)nboxes * (int64_t)sizeof(lmd_box),
                 (int64_t)npar,
                 (int64_t)(npar * sizeof(lmd_vec)),
                 (int64_t)(npar * sizeof(float))};
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_BYTES(&par, sizeof par), ST_ARG_BYTES(&dim, sizeof dim),
                  ST_ARG_PTR(d_box),              ST_ARG_PTR(d_rv),
                  ST_ARG_PTR(d_qv),               ST_ARG_PTR(d_fv)};
    rc = st_launch(ctx->gpu, ctx->mod, "lmd_kernel", st_dim3_make((uint32_t)nboxes, 1, 1),
                   st_dim3_make(LMD_THREADS, 1, 1), 0, a, 6, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(ctx->gpu, fv, d_fv, npar * sizeof *fv, err);
  if (rc == ST_OK) {
    cpu_lmd(box, nboxes, par.alpha, rv, qv, want, mag, ctx->threads);
    rc = check(ctx, (const float *)fv, (const float *)want, (const float *)mag, npar * 4);
  }
  if (rc == ST_OK && ctx->log != NULL) {
    fprintf(ctx->log,
            "  lmd: %dx%dx%d boxes of %d particles (%zu particles), 1 launch of %d CTAs of %d "
            "threads\n",
            bx, by, bz, LMD_PAR_PER_BOX, npar, nboxes, LMD_THREADS);
  }
  free(box);
  free(rv);
  free(qv);
  free(fv);
  free(want);
  free(mag);
  return rc;
}

const st_workload_desc st_wl_lmd = {
    .name = "lmd",
    .title = "lavaMD: particle potential and relocation over neighbour boxes, one CTA per box",
    .seeds = "CAWA LMD (Rodinia lavaMD)",
    .category = "CAWA Table 3.2 compute-intensive (C)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (10 nodes, read as 10x10x10 boxes)",
    .ptx = "lmd.ptx",
    .small = "2x2x1 boxes of 100 particles (1 launch of 4 CTAs, 3 neighbours each)",
    .paper = "10x10x10 boxes of 100 particles (CAWA's \"10 nodes\": boxes1d 10), 1 launch of "
             "1000 CTAs",
    .medium = "2x2x2 boxes of 100 particles (1 launch of 8 CTAs, 7 neighbours each)",
    .run = run,
    .cpu = cpu,
};
