/* TPF host driver: Parboil tpacf's computation on synthetic points. One
 * observed data set and nsets random sets of n points each on the unit
 * sphere; the random sets are uniform over the sphere, the data set is half
 * uniform and half drawn around 16 cluster centres (a few degrees wide), so
 * that its small-angle bins fill more than the random sets'. The bin edges
 * are 20 logarithmic bins, 5 per decade from 1 to 10^4 arcmin as in Parboil,
 * given to the kernel as the cosines of the edge angles (float, in constant
 * memory). One launch of 2 * nsets + 1 CTAs; the host then sums the RR_i and
 * DR_i histograms, as Parboil's host does.
 *
 * Every CTA's histogram is compared exactly with the CPU's: the reference
 * forms each pair's dot product as the PTX does (mul, then two fma.rn.f32)
 * and bins it against the same float edges, so every count must match. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "workload.h"

#define TPF_THREADS 256
#define TPF_EDGES 21
#define TPF_BINS (TPF_EDGES + 1)
#define TPF_CLUSTERS 16
#define TPF_PI 3.14159265358979323846

static void uniform_point(st_wl_rng *r, double p[3]) {
  double z = 2.0 * st_wl_rng_unit(r) - 1.0;
  double phi = 2.0 * TPF_PI * st_wl_rng_unit(r);
  double s = sqrt(1.0 - z * z);
  p[0] = s * cos(phi);
  p[1] = s * sin(phi);
  p[2] = z;
}

static void store(float *x, float *y, float *z, size_t i, const double p[3]) {
  double len = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  x[i] = (float)(p[0] / len);
  y[i] = (float)(p[1] / len);
  z[i] = (float)(p[2] / len);
}

/* Set 0 is the data set, sets 1..nsets the random sets. */
static void make_points(st_wl_rng *r, float *x, float *y, float *z, int n, int nsets) {
  double centre[TPF_CLUSTERS][3];
  for (int c = 0; c < TPF_CLUSTERS; c++) {
    uniform_point(r, centre[c]);
  }
  for (int i = 0; i < n; i++) {
    double p[3];
    if (i % 2 == 0) {
      uniform_point(r, p);
    } else {
      const double *c = centre[st_wl_rng_below(r, TPF_CLUSTERS)];
      double spread = 0.05 * st_wl_rng_unit(r); /* up to about 3 degrees */
      double d[3];
      uniform_point(r, d);
      for (int k = 0; k < 3; k++) {
        p[k] = c[k] + spread * d[k];
      }
    }
    store(x, y, z, (size_t)i, p);
  }
  for (size_t i = (size_t)n; i < (size_t)n * (nsets + 1); i++) {
    double p[3];
    uniform_point(r, p);
    store(x, y, z, i, p);
  }
}

/* Cosines of the edge angles 10^(k/5) arcmin, k = 0..20: decreasing. */
static void make_edges(float *binb) {
  for (int k = 0; k < TPF_EDGES; k++) {
    double arcmin = pow(10.0, k / 5.0);
    binb[k] = (float)cos(arcmin / 60.0 * TPF_PI / 180.0);
  }
}

static int bin_of(float dot, const float *binb) {
  int lo = 0, hi = TPF_EDGES;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (dot >= binb[mid]) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

/* The histograms of every CTA: DD, RR_1..RR_nsets, DR_1..DR_nsets. The
 * pairs of one point of set b with set a are an iteration of the parallel
 * loop (over every histogram's points); each thread counts into its own
 * copy of the histograms (scratch: threads x ctas x TPF_BINS), and the
 * copies are added up at the end (integer sums, so in any order). */
static void cpu_hists(const float *x, const float *y, const float *z, int n, int nsets,
                      const float *binb, uint32_t *hists, uint32_t *scratch, int threads) {
  int ctas = 2 * nsets + 1;
  size_t per = (size_t)ctas * TPF_BINS;
  memset(hists, 0, per * sizeof *hists);
#pragma omp parallel num_threads(threads)
  {
    uint32_t *mine = scratch + (size_t)omp_get_thread_num() * per;
    memset(mine, 0, per * sizeof *mine);
#pragma omp for collapse(2) schedule(dynamic, 16)
    for (int bx = 0; bx < ctas; bx++) {
      for (int i = 0; i < n; i++) {
        int self = bx <= nsets;
        size_t a = (size_t)(self ? bx : 0) * n, b = (size_t)(self ? bx : bx - nsets) * n;
        uint32_t *h = mine + (size_t)bx * TPF_BINS;
        for (int j = self ? i + 1 : 0; j < n; j++) {
          float dot = fmaf(z[b + i], z[a + j], fmaf(x[b + i], x[a + j], y[b + i] * y[a + j]));
          h[bin_of(dot, binb)]++;
        }
      }
    }
#pragma omp critical
    for (size_t k = 0; k < per; k++) {
      hists[k] += mine[k];
    }
  }
}

static void tpf_shape(st_wl_size size, int *n, int *nsets) {
  *n = size == ST_WL_SMALL ? 264 : 487;
  *nsets = size == ST_WL_PAPER ? 100 : size == ST_WL_MEDIUM ? 2 : 1;
}

/* The CPU version: tpf_hists's histograms. */
typedef struct tpf_cpu_args {
  const float *x, *y, *z, *binb;
  uint32_t *hists, *scratch;
  int n, nsets, threads;
} tpf_cpu_args;

static void tpf_cpu_work(void *arg) {
  tpf_cpu_args *a = arg;
  cpu_hists(a->x, a->y, a->z, a->n, a->nsets, a->binb, a->hists, a->scratch, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int n, nsets;
  tpf_shape(ctx->size, &n, &nsets);
  int ctas = 2 * nsets + 1;
  size_t total = (size_t)n * (nsets + 1), per = (size_t)ctas * TPF_BINS;
  float *x = malloc(total * sizeof *x);
  float *y = malloc(total * sizeof *y);
  float *z = malloc(total * sizeof *z);
  uint32_t *hists = malloc(per * sizeof *hists);
  uint32_t *scratch = malloc((size_t)ctx->threads * per * sizeof *scratch);
  float binb[TPF_EDGES];
  st_status rc = x && y && z && hists && scratch ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    make_points(&r, x, y, z, n, nsets);
    make_edges(binb);
    tpf_cpu_args a = {.x = x, .y = y, .z = z, .binb = binb, .hists = hists,
                      .scratch = scratch, .n = n, .nsets = nsets, .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, tpf_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, hists, per * sizeof *hists);
  }
  free(x);
  free(y);
  free(z);
  free(hists);
  free(scratch);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int n, nsets;
  tpf_shape(ctx->size, &n, &nsets);
  int ctas = 2 * nsets + 1;
  size_t total = (size_t)n * (nsets + 1);
  float *x = malloc(total * sizeof *x);
  float *y = malloc(total * sizeof *y);
  float *z = malloc(total * sizeof *z);
  uint32_t *got = malloc((size_t)ctas * TPF_BINS * sizeof *got);
  uint32_t *want = malloc((size_t)ctas * TPF_BINS * sizeof *want);
  uint32_t *scratch = malloc((size_t)ctx->threads * ctas * TPF_BINS * sizeof *scratch);
  float binb[TPF_EDGES];
  uint64_t d_x = 0, d_y = 0, d_z = 0, d_h = 0, d_binb = 0, binb_bytes = 0;
  st_status rc = x && y && z && got && want && scratch ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    make_points(&r, x, y, z, n, nsets);
    make_edges(binb);
    rc = st_module_symbol(ctx->gpu, ctx->mod, "tpf_binb", &d_binb, &binb_bytes, err);
  }
  if (rc == ST_OK) rc = st_memcpy_htod(ctx->gpu, d_binb, binb, sizeof binb, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, x, total * sizeof *x, &d_x, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, y, total * sizeof *y, &d_y, err);
  if (rc == ST_OK) rc = st_wl_upload(ctx->gpu, z, total * sizeof *z, &d_z, err);
  if (rc == ST_OK) {
    rc = st_wl_upload(ctx->gpu, NULL, (uint64_t)ctas * TPF_BINS * sizeof *got, &d_h, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_x),   ST_ARG_PTR(d_y),     ST_ARG_PTR(d_z),
                  ST_ARG_S32(n),     ST_ARG_S32(nsets),   ST_ARG_PTR(d_h)};
    rc = st_launch(ctx->gpu, ctx->mod, "tpf_hists", st_dim3_make((uint32_t)ctas, 1, 1),
                   st_dim3_make(TPF_THREADS, 1, 1), 0, a, 6, err);
  }
  if (rc == ST_OK) {
    rc = st_memcpy_dtoh(ctx->gpu, got, d_h, (uint64_t)ctas * TPF_BINS * sizeof *got, err);
  }
  if (rc == ST_OK) {
    cpu_hists(x, y, z, n, nsets, binb, want, scratch, ctx->threads);
    rc = st_wl_check_u32(ctx, "DD, RR and DR histograms of every CTA", got, want,
                         (size_t)ctas * TPF_BINS);
  }
  if (rc == ST_OK && ctx->log != NULL) {
    /* The host's part: RR and DR summed over the random sets. */
    uint64_t dd = 0, rr = 0, dr = 0, dd_near = 0, rr_near = 0;
    for (int k = 0; k < TPF_BINS; k++) {
      dd += got[k];
      for (int s = 1; s <= nsets; s++) {
        rr += got[(size_t)s * TPF_BINS + k];
        dr += got[(size_t)(nsets + s) * TPF_BINS + k];
        if (k <= 10) {
          rr_near += got[(size_t)s * TPF_BINS + k];
        }
      }
      if (k <= 10) {
        dd_near += got[k];
      }
    }
    fprintf(ctx->log,
            "  tpf: %d points per set, 1 data + %d random set%s, 1 launch of %d CTAs: DD %llu, "
            "RR %llu, DR %llu pairs; within 100 arcmin DD %llu, RR %llu (all random sets)\n",
            n, nsets, nsets == 1 ? "" : "s", ctas, (unsigned long long)dd, (unsigned long long)rr,
            (unsigned long long)dr, (unsigned long long)dd_near, (unsigned long long)rr_near);
  }
  free(x);
  free(y);
  free(z);
  free(got);
  free(want);
  free(scratch);
  return rc;
}

const st_workload_desc st_wl_tpf = {
    .name = "tpf",
    .title = "two-point angular correlation: DD, RR, DR histograms of pair angles, binary "
             "search over bin edges, per-warp shared histograms",
    .seeds = "CAWA TPF (Parboil tpacf)",
    .category = "CAWA Table 3.2 memory-intensive (M), Table 4.2 non-sensitive (Non-sens)",
    .suite = "Parboil",
    .tables = "CAWA Table 3.2, 4.2 (487x100 nodes, read as 487 points per set, 100 random sets)",
    .ptx = "tpf.ptx",
    .small = "264 points per set, 1 data + 1 random set (1 launch of 3 CTAs: DD, RR, DR)",
    .paper = "487 points per set, 1 data + 100 random sets (Parboil's small input shape, "
             "CAWA's 487x100), 1 launch of 201 CTAs",
    .medium = "487 points per set, 1 data + 2 random sets, 1 launch of 5 CTAs",
    .run = run,
    .cpu = cpu,
};
