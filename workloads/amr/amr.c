/* AMR host driver: a combustion-like temperature field (hot spots and flame
 * fronts at random places, from st_wl_rng) over a G x G base grid refined
 * 8 x 8 per level down to depth D; every cell of depth below D whose energy
 * (temperature at the centre times area) exceeds the threshold is refined.
 *
 * flat: a classification launch over the base grid, then one launch per
 * depth over the worklist of cells the previous launch refined (the host
 * reads the count back to size the grid). cdp: one host launch over the base
 * grid; each refined cell launches the same kernel over its 64 sub-cells.
 * dtbl: as cdp, with amr_dtbl, whose launches are DTBL aggregated groups of
 * amr_dtbl itself.
 *
 * The CPU reference refines recursively with the same integer arithmetic;
 * the per-base-cell, per-depth leaf counts and energies and the per-depth
 * refined counts must match exactly. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define AMR_R 8
#define AMR_SUB (AMR_R * AMR_R)
#define AMR_BLOB_WORDS 6
#define AMR_MAX_DEPTH 4
#define THREADS 128
#define T0 16u /* temperature above which a base cell refines */
#define AMR_BUDGET 2000u /* cdp child launches per host launch: under CUDA's 2048 pending */

typedef struct amr_shape {
  uint32_t g, depth, nblob;
} amr_shape;

/* The kernels' struct amr_param, byte for byte (72 bytes). */
typedef struct amr_param {
  uint64_t blob, leaves, energy, refined, launches;
  uint64_t tau;
  uint32_t nblob, g, depth, s0, budget, pad;
} amr_param;

static uint64_t temp_at(const uint32_t *blob, uint32_t nblob, uint32_t x, uint32_t y) {
  uint64_t t = 0;
  for (uint32_t k = 0; k < nblob; k++) {
    const uint32_t *b = blob + AMR_BLOB_WORDS * k;
    int64_t dx = (int64_t)x - (int64_t)b[0], dy = (int64_t)y - (int64_t)b[1];
    uint64_t q = ((uint64_t)(dx * dx) * b[4] + (uint64_t)(dy * dy) * b[5]) >> 2;
    uint64_t r2 = b[2];
    t += (uint64_t)b[3] * r2 / (r2 + q);
  }
  return t;
}

/* The hot spots: a third isotropic, the others flame fronts stretched along
 * x or y; radius 2..4 units of s0 / 8^(D-1) (the finest refined cell is
 * 1/8 of that), amplitude T0 * 64^(D-1) * 1..4, so that the region above
 * each depth's threshold spans a few cells of that depth. */
static void make_blobs(const amr_shape *sh, uint64_t seed, uint32_t *blob) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  uint32_t s0 = 1;
  for (uint32_t d = 0; d < sh->depth; d++) s0 *= AMR_R;
  uint32_t side = sh->g * s0, unit = s0, amp = T0;
  for (uint32_t d = 1; d < sh->depth; d++) {
    unit /= AMR_R;
    amp *= AMR_SUB;
  }
  static const uint32_t aniso[3][2] = {{4, 4}, {1, 16}, {16, 1}};
  for (uint32_t k = 0; k < sh->nblob; k++) {
    uint32_t *b = blob + AMR_BLOB_WORDS * k;
    uint32_t rad = 2 * unit + st_wl_rng_below(&r, 2 * unit);
    b[0] = st_wl_rng_below(&r, side);
    b[1] = st_wl_rng_below(&r, side);
    b[2] = rad * rad;
    b[3] = amp * (1 + st_wl_rng_below(&r, 4));
    b[4] = aniso[k % 3][0];
    b[5] = aniso[k % 3][1];
  }
}

/* CPU reference: the same refinement, recursively. */
typedef struct amr_ref {
  const uint32_t *blob;
  uint32_t nblob, g, depth, s0;
  uint64_t tau;
  uint32_t *leaves, *refined;
  uint64_t *energy;
} amr_ref;

static void cpu_visit(const amr_ref *a, uint32_t x, uint32_t y, uint32_t s, uint32_t d,
                      uint32_t *refined) {
  uint64_t e = temp_at(a->blob, a->nblob, x + s / 2, y + s / 2) * s * s;
  if (d < a->depth && e > a->tau) {
    refined[d]++;
    for (uint32_t j = 0; j < AMR_SUB; j++) {
      cpu_visit(a, x + (j % AMR_R) * (s / AMR_R), y + (j / AMR_R) * (s / AMR_R), s / AMR_R, d + 1,
                refined);
    }
    return;
  }
  uint32_t i = ((y / a->s0) * a->g + x / a->s0) * (a->depth + 1) + d;
  a->leaves[i]++;
  a->energy[i] += e;
}

/* Every base cell's refinement on the host threads (a cell's tree writes
 * only its own counts and energies; the refined counts per depth are integer
 * sums of per-thread counts). Clears the outputs first. */
static void cpu_refine(const amr_ref *a, int threads) {
  uint32_t ncells = a->g * a->g, nd = a->depth + 1;
  memset(a->leaves, 0, (size_t)ncells * nd * sizeof *a->leaves);
  memset(a->energy, 0, (size_t)ncells * nd * sizeof *a->energy);
  memset(a->refined, 0, AMR_MAX_DEPTH * sizeof *a->refined);
#pragma omp parallel num_threads(threads)
  {
    uint32_t refined[AMR_MAX_DEPTH] = {0};
#pragma omp for schedule(dynamic, 16)
    for (uint32_t c = 0; c < ncells; c++) {
      cpu_visit(a, (c % a->g) * a->s0, (c / a->g) * a->s0, a->s0, 0, refined);
    }
    for (uint32_t d = 0; d < AMR_MAX_DEPTH; d++) {
#pragma omp atomic
      a->refined[d] += refined[d];
    }
  }
}

/* The sizes: base grid side, maximum depth, hot spots. */
static amr_shape amr_size(st_wl_size size) {
  return size == ST_WL_PAPER    ? (amr_shape){256, 3, 12}
         : size == ST_WL_MEDIUM ? (amr_shape){192, 3, 7}
                                : (amr_shape){32, 2, 3};
}

static uint32_t amr_s0(const amr_shape *sh) {
  uint32_t s0 = 1;
  for (uint32_t d = 0; d < sh->depth; d++) s0 *= AMR_R;
  return s0;
}

/* The CPU version: the whole refinement (what the flat launches, or the
 * cdp and dtbl launch trees, compute) on every thread. */
typedef struct amr_cpu_args {
  amr_ref r;
  int threads;
} amr_cpu_args;

static void amr_cpu_work(void *arg) {
  amr_cpu_args *a = arg;
  cpu_refine(&a->r, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  amr_shape sh = amr_size(ctx->size);
  uint32_t s0 = amr_s0(&sh);
  size_t nslots = (size_t)sh.g * sh.g * (sh.depth + 1);
  uint32_t *blob = calloc((size_t)sh.nblob * AMR_BLOB_WORDS, sizeof *blob);
  uint32_t refined[AMR_MAX_DEPTH] = {0};
  amr_cpu_args a = {{blob, sh.nblob, sh.g, sh.depth, s0, (uint64_t)T0 * s0 * s0,
                     calloc(nslots, sizeof(uint32_t)), refined, calloc(nslots, sizeof(uint64_t))},
                    ctx->threads};
  st_status rc = blob != NULL && a.r.leaves != NULL && a.r.energy != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    make_blobs(&sh, ctx->seed, blob);
    rc = st_wl_cpu_time(ctx, amr_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.r.leaves, nslots * sizeof(uint32_t));
    st_wl_cpu_digest(ctx, a.r.energy, nslots * sizeof(uint64_t));
    st_wl_cpu_digest(ctx, refined, sizeof refined);
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  amr: %ux%u base grid, depth %u, %u hot spots/fronts; refined cells "
                        "per depth:", sh.g, sh.g, sh.depth, sh.nblob);
      for (uint32_t d = 0; d < sh.depth; d++) fprintf(ctx->log, " %u", refined[d]);
      fprintf(ctx->log, "\n");
    }
  }
  free(blob);
  free(a.r.leaves);
  free(a.r.energy);
  return rc;
}

static st_status launch1(st_wl_ctx *ctx, const char *entry, uint32_t threads, st_arg *a, int n,
                         st_error *err) {
  st_dim3 grid = st_dim3_make((threads + THREADS - 1) / THREADS, 1, 1);
  return st_launch(ctx->gpu, ctx->mod, entry, grid, st_dim3_make(THREADS, 1, 1), 0, a, n, err);
}

/* The flat variant: base classification, then one launch per depth. */
static st_status run_flat(st_wl_ctx *ctx, const amr_shape *sh, uint64_t d_param,
                          uint64_t d_refined, uint32_t *launches, st_error *err) {
  st_gpu *gpu = ctx->gpu;
  uint32_t ncells = sh->g * sh->g, s = 1;
  for (uint32_t d = 0; d < sh->depth; d++) s *= AMR_R;
  uint64_t cur = 0, next = 0;
  st_status rc = st_malloc(gpu, (uint64_t)ncells * 8, &next, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_param), ST_ARG_PTR(next)};
    rc = launch1(ctx, "amr_flat_base", ncells, a, 2, err);
    (*launches)++;
  }
  for (uint32_t d = 1; rc == ST_OK && d <= sh->depth; d++) {
    uint32_t n = 0;
    rc = st_memcpy_dtoh(gpu, &n, d_refined + 4ull * (d - 1), 4, err);
    if (rc != ST_OK || n == 0) break;
    if (cur != 0) rc = st_free(gpu, cur, err);
    cur = next;
    next = 0;
    if (rc == ST_OK && d < sh->depth) rc = st_malloc(gpu, (uint64_t)n * AMR_SUB * 8, &next, err);
    s /= AMR_R;
    if (rc == ST_OK) {
      /* At the last depth nothing is refined, so nothing is appended. */
      st_arg a[] = {ST_ARG_PTR(d_param), ST_ARG_PTR(cur), ST_ARG_U32(n),
                    ST_ARG_U32(s),       ST_ARG_U32(d),   ST_ARG_PTR(next != 0 ? next : cur)};
      rc = launch1(ctx, "amr_flat_level", n, a, 6, err);
      (*launches)++;
    }
  }
  if (rc == ST_OK) rc = st_synchronize(gpu, err);
  if (rc == ST_OK && cur != 0) rc = st_free(gpu, cur, err);
  if (rc == ST_OK && next != 0) rc = st_free(gpu, next, err);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  amr_shape sh = amr_size(ctx->size);
  uint32_t s0 = amr_s0(&sh);
  uint32_t ncells = sh.g * sh.g, nd = sh.depth + 1;
  size_t nslots = (size_t)ncells * nd;
  uint32_t *blob = calloc((size_t)sh.nblob * AMR_BLOB_WORDS, sizeof *blob);
  uint32_t *leaves = calloc(nslots, sizeof *leaves), *want_leaves = calloc(nslots, 4);
  uint64_t *energy = calloc(nslots, sizeof *energy), *want_energy = calloc(nslots, 8);
  uint32_t refined[AMR_MAX_DEPTH] = {0}, want_refined[AMR_MAX_DEPTH] = {0};
  if (blob == NULL || leaves == NULL || want_leaves == NULL || energy == NULL ||
      want_energy == NULL) {
    free(blob);
    free(leaves);
    free(want_leaves);
    free(energy);
    free(want_energy);
    return ST_ERR_NOMEM;
  }
  make_blobs(&sh, ctx->seed, blob);
  uint64_t tau = (uint64_t)T0 * s0 * s0;

  st_gpu *gpu = ctx->gpu;
  uint64_t d_blob, d_leaves, d_energy, d_refined, d_launches, d_param;
  st_status rc = st_wl_upload(gpu, blob, (uint64_t)sh.nblob * AMR_BLOB_WORDS * 4, &d_blob, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nslots * 4, &d_leaves, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, nslots * 8, &d_energy, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, AMR_MAX_DEPTH * 4, &d_refined, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 8, &d_launches, err);
  if (rc == ST_OK) {
    amr_param p = {d_blob,  d_leaves, d_energy, d_refined, d_launches, tau,
                   sh.nblob, sh.g,    sh.depth, s0,        AMR_BUDGET, 0};
    rc = st_wl_upload(gpu, &p, sizeof p, &d_param, err);
  }
  uint32_t launches = 0;
  if (rc == ST_OK && cdp) {
    st_arg a[] = {ST_ARG_PTR(d_param), ST_ARG_U32(0),    ST_ARG_U32(0),
                  ST_ARG_U32(s0),      ST_ARG_U32(sh.g), ST_ARG_U32(0)};
    rc = launch1(ctx, dtbl ? "amr_dtbl" : "amr_cdp", ncells, a, 6, err);
    if (rc == ST_OK) rc = st_synchronize(gpu, err);
    launches = 1;
  } else if (rc == ST_OK) {
    rc = run_flat(ctx, &sh, d_param, d_refined, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, leaves, d_leaves, nslots * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, energy, d_energy, nslots * 8, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, refined, d_refined, AMR_MAX_DEPTH * 4, err);
  uint32_t tries[2] = {0, 0}; /* cdp, dtbl: child launches tried, refused over the budget */
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, tries, d_launches, 8, err);

  uint64_t leaf_d[AMR_MAX_DEPTH + 1] = {0}, energy_sum = 0, child_launches = 0;
  if (rc == ST_OK) {
    amr_ref a = {blob, sh.nblob, sh.g, sh.depth, s0, tau, want_leaves, want_refined, want_energy};
    cpu_refine(&a, ctx->threads);
    rc = st_wl_check_u32(ctx, "refined cells per depth", refined, want_refined, AMR_MAX_DEPTH);
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "leaves per base cell and depth", leaves, want_leaves, nslots);
    }
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "leaf energy per base cell and depth (64-bit words as pairs)",
                           (const uint32_t *)energy, (const uint32_t *)want_energy, nslots * 2);
    }
    for (size_t i = 0; i < nslots; i++) {
      leaf_d[i % nd] += leaves[i];
      energy_sum += energy[i];
    }
    for (uint32_t d = 0; d < sh.depth; d++) child_launches += refined[d];
    /* Past the budget, which cells launch depends on the order in which
     * blocks run (the results do not): exactly the budget is launched. */
    uint64_t want_launched = child_launches < AMR_BUDGET ? child_launches : AMR_BUDGET;
    uint64_t launched = tries[0] - tries[1];
    if (rc == ST_OK && cdp && launched != want_launched) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "child launches: %llu made, %llu expected (%llu refined cells, budget %u)",
               (unsigned long long)launched, (unsigned long long)want_launched,
               (unsigned long long)child_launches, AMR_BUDGET);
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK) {
      char per[96];
      int o = 0;
      for (uint32_t d = 0; d < nd && o < (int)sizeof per; d++) {
        o += snprintf(per + o, sizeof per - (size_t)o, "%s%llu", d ? "/" : "",
                      (unsigned long long)leaf_d[d]);
      }
      uint64_t total = 0;
      for (uint32_t d = 0; d < nd; d++) total += leaf_d[d];
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "leaves: %llu (depth 0..%u: %s), %llu refined cells, energy %llu: every base cell "
               "and depth matches the CPU recursion",
               (unsigned long long)total, sh.depth, per, (unsigned long long)child_launches,
               (unsigned long long)energy_sum);
    }
  }
  if (ctx->log != NULL && rc != ST_ERR_NOMEM) {
    fprintf(ctx->log, "  amr: %ux%u base grid, depth %u, %u hot spots/fronts, variant %s\n",
            sh.g, sh.g, sh.depth, sh.nblob, vname);
    fprintf(ctx->log, "  amr: refined cells per depth:");
    for (uint32_t d = 0; d < sh.depth; d++) fprintf(ctx->log, " %u", refined[d]);
    fprintf(ctx->log, "\n");
    if (cdp) {
      fprintf(ctx->log,
              "  amr: 1 host launch, %u %s of %u threads; %u refined cells over the budget of "
              "%u launches refined by their own thread\n",
              tries[0] - tries[1], dtbl ? "group launches" : "child launches", AMR_SUB, tries[1],
              AMR_BUDGET);
    } else {
      fprintf(ctx->log, "  amr: %u host launches (base + one per depth)\n", launches);
    }
  }
  free(blob);
  free(leaves);
  free(want_leaves);
  free(energy);
  free(want_energy);
  return rc;
}

const st_workload_desc st_wl_amr = {
    .name = "amr",
    .title = "adaptive mesh refinement of a combustion-like field (refine a cell 8 x 8 while its "
             "energy exceeds a threshold, to a maximum depth)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) AMR",
    .category = "dissertation: dynamic data generation; recursive; the DTBL group joins its own "
                "kernel",
    .suite = "other",
    .tables = "dissertation Table 2, 6, 7 (combustion simulation)",
    .ptx = "amr.ptx",
    .small = "32x32 base grid, depth 2, 3 hot spots/fronts",
    .paper = "256x256 base grid, depth 3, 12 hot spots/fronts",
    .medium = "192x192 base grid, depth 3, 7 hot spots/fronts",
    .variants = "flat cdp dtbl",
    .inputs = NULL,
    .run = run,
    .cpu = cpu,
};
