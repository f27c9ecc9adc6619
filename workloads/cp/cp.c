/* CP host driver: random atoms with charges in [-1, 1) (see make_atoms),
 * summed onto a 2D lattice slice in chunks of atoms, one launch per chunk.
 * The CPU reference repeats the kernel's arithmetic in the same order (fmaf
 * where the PTX has fma.rn.f32), but the kernel's rsqrtf is
 * rsqrt.approx.f32, which docs/arith.md bounds at relative 2^-22.9 rather
 * than defining bit for bit; the reference uses 1.0f / sqrtf (two correctly
 * rounded steps). The check therefore allows, per point, 2^-16 of the sum of
 * |q|/r over all atoms: each term may differ by about 2^-22.6 of its size,
 * and the two fma chains then round differently by up to one unit of the
 * partial sum per atom (a random walk over up to 4000 atoms; the worst seen
 * is near 2^-23, and the verdict prints it). The tolerance also covers a GPU
 * whose ptxas fuses the PTX's separate mul.f32 (lattice coordinate) and
 * sub.f32 (dx), which the PTX manual allows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define CP_MAXATOMS 4000
#define CP_BX 16
#define CP_BY 8
#define CP_UNROLL 8

typedef struct cp_atom {
  float x, y, dz2, q; /* as the kernel's float4: position, squared height, charge */
} cp_atom;

/* Atoms anywhere over the slice (a margin of 8 units around it), 1 to 10
 * units above or below it, so that no atom lies on a lattice point. */
static void make_atoms(cp_atom *at, int n, int w, int h, float spacing, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    float x = ((float)(w + 16) * st_wl_rng_unit(&r) - 8.0f) * spacing;
    float y = ((float)(h + 16) * st_wl_rng_unit(&r) - 8.0f) * spacing;
    float dz = (1.0f + 9.0f * st_wl_rng_unit(&r)) * spacing;
    at[i].x = x;
    at[i].y = y;
    at[i].dz2 = dz * dz;
    at[i].q = 2.0f * st_wl_rng_unit(&r) - 1.0f;
  }
}

/* One point's sum over a chunk of atoms, in the kernel's order. */
static float cp_point(float x, float y, const cp_atom *at, int n) {
  float e = 0.0f;
  for (int k = 0; k < n; k++) {
    float dy = y - at[k].y;
    float dyz2 = fmaf(dy, dy, at[k].dz2);
    float dx = x - at[k].x;
    float r2 = fmaf(dx, dx, dyz2);
    float inv = 1.0f / sqrtf(r2);
    e = fmaf(at[k].q, inv, e);
  }
  return e;
}

/* One launch's arithmetic for every point, added onto grid (a row of points
 * per iteration of the parallel loop). */
static void cpu_chunk(float *grid, int w, int h, float spacing, const cp_atom *at, int n,
                      int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int j = 0; j < h; j++) {
    float y = (float)j * spacing;
    for (int i = 0; i < w; i++) {
      grid[(size_t)j * w + i] += cp_point((float)i * spacing, y, at, n);
    }
  }
}

/* The sum of |q|/r (in double) over a chunk of atoms added onto mag, for the
 * tolerance; r from the same float r^2 as the potential. */
static void cpu_magnitude(double *mag, int w, int h, float spacing, const cp_atom *at, int n,
                          int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int j = 0; j < h; j++) {
    float y = (float)j * spacing;
    for (int i = 0; i < w; i++) {
      float x = (float)i * spacing;
      double m = 0.0;
      for (int k = 0; k < n; k++) {
        float dy = y - at[k].y;
        float dyz2 = fmaf(dy, dy, at[k].dz2);
        float dx = x - at[k].x;
        float r2 = fmaf(dx, dx, dyz2);
        m += fabs((double)at[k].q) / sqrt((double)r2);
      }
      mag[(size_t)j * w + i] += m;
    }
  }
}

/* small: a 256x64 slice (2x8 = 16 CTAs), 48 atoms in chunks of 24 (2 launches);
 * medium: 256x256 (2x32 = 64 CTAs), 160 atoms in one chunk (1 launch);
 * paper: 512x512 (4x64 = 256 CTAs, over two waves on 15 SMs at 8 CTAs per
 * SM), 4000 atoms: one full constant-memory chunk, one launch. */
typedef struct cp_size {
  int w, h, natoms, chunk;
} cp_size;

static cp_size cp_sizes(st_wl_size size) {
  cp_size z = {256, 64, 48, 24};
  if (size == ST_WL_PAPER) {
    z = (cp_size){512, 512, CP_MAXATOMS, CP_MAXATOMS};
  } else if (size == ST_WL_MEDIUM) {
    z = (cp_size){256, 256, 160, 160};
  }
  return z;
}

/* The CPU version: the grid starts at zero (as the GPU's), then each
 * launch's chunk is added in order. */
typedef struct cp_cpu_args {
  const cp_atom *at;
  float *grid;
  cp_size z;
  float spacing;
  int threads;
} cp_cpu_args;

static void cp_cpu_work(void *arg) {
  cp_cpu_args *a = arg;
  memset(a->grid, 0, (size_t)a->z.w * (size_t)a->z.h * sizeof *a->grid);
  for (int first = 0; first < a->z.natoms; first += a->z.chunk) {
    int n = a->z.natoms - first < a->z.chunk ? a->z.natoms - first : a->z.chunk;
    cpu_chunk(a->grid, a->z.w, a->z.h, a->spacing, a->at + first, n, a->threads);
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  cp_size z = cp_sizes(ctx->size);
  size_t npts = (size_t)z.w * z.h;
  cp_atom *at = malloc((size_t)z.natoms * sizeof *at);
  float *grid = malloc(npts * sizeof *grid);
  st_status rc = at && grid ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    cp_cpu_args a = {.at = at, .grid = grid, .z = z, .spacing = 0.1f, .threads = ctx->threads};
    make_atoms(at, z.natoms, z.w, z.h, a.spacing, ctx->seed);
    rc = st_wl_cpu_time(ctx, cp_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, grid, npts * sizeof *grid);
  }
  free(at);
  free(grid);
  return rc;
}

static st_status check(st_wl_ctx *ctx, const float *got, const float *want, const double *mag,
                       size_t n) {
  size_t bad = 0, first = 0;
  double worst = 0.0;
  for (size_t i = 0; i < n; i++) {
    double d = fabs((double)got[i] - (double)want[i]);
    double lim = mag[i] * 0x1p-16;
    if (d / mag[i] > worst) {
      worst = d / mag[i];
    }
    if (!(d <= lim) && bad++ == 0) {
      first = i;
    }
  }
  if (bad == 0) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "potential: %zu values match the CPU reference (within 2^-16 of sum |q|/r; "
             "worst 2^%.1f)",
             n, worst > 0.0 ? log2(worst) : -1000.0);
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "potential: %zu of %zu values differ; first at %zu: expected %.9g, got %.9g "
           "(limit %.3g)",
           bad, n, first, (double)want[first], (double)got[first], mag[first] * 0x1p-16);
  return ST_ERR_MISMATCH;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  cp_size z = cp_sizes(ctx->size);
  int w = z.w, h = z.h, natoms = z.natoms, chunk = z.chunk;
  float spacing = 0.1f;
  size_t npts = (size_t)w * h;
  cp_atom *at = malloc((size_t)natoms * sizeof *at);
  float *grid = malloc(npts * sizeof *grid);
  float *want = calloc(npts, sizeof *want);
  double *mag = calloc(npts, sizeof *mag);
  st_status rc = at && grid && want && mag ? ST_OK : ST_ERR_NOMEM;
  st_gpu *gpu = ctx->gpu;
  uint64_t d_grid = 0, d_atoms = 0, atoms_bytes = 0;
  int launches = 0;
  if (rc == ST_OK) {
    make_atoms(at, natoms, w, h, spacing, ctx->seed);
    rc = st_wl_upload(gpu, NULL, npts * 4, &d_grid, err);
  }
  if (rc == ST_OK) rc = st_module_symbol(gpu, ctx->mod, "cp_atoms", &d_atoms, &atoms_bytes, err);
  st_dim3 grid_dim = st_dim3_make((uint32_t)(w / (CP_BX * CP_UNROLL)), (uint32_t)(h / CP_BY), 1);
  for (int first = 0; rc == ST_OK && first < natoms; first += chunk) {
    int n = natoms - first < chunk ? natoms - first : chunk;
    /* The copy waits for the previous launch, as cudaMemcpyToSymbol does. */
    rc = st_memcpy_htod(gpu, d_atoms, at + first, (uint64_t)n * sizeof *at, err);
    st_arg args[] = {ST_ARG_PTR(d_grid), ST_ARG_S32(w), st_arg_f32(spacing), ST_ARG_S32(n)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "cp_energy", grid_dim, st_dim3_make(CP_BX, CP_BY, 1), 0,
                     args, 4, err);
    }
    if (rc == ST_OK) {
      cpu_chunk(want, w, h, spacing, at + first, n, ctx->threads);
      cpu_magnitude(mag, w, h, spacing, at + first, n, ctx->threads);
      launches++;
    }
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, grid, d_grid, npts * 4, err);
  if (rc == ST_OK) {
    rc = check(ctx, grid, want, mag, npts);
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  cp: %dx%d slice, %d atoms in chunks of %d (%d launch%s of %ux%u CTAs of %dx%d)\n",
              w, h, natoms, chunk, launches, launches == 1 ? "" : "es", grid_dim.x, grid_dim.y,
              CP_BX, CP_BY);
    }
  }
  free(at);
  free(grid);
  free(want);
  free(mag);
  return rc;
}

const st_workload_desc st_wl_cp = {
    .name = "cp",
    .title = "Coulombic potential on a lattice slice, atoms in constant memory",
    .seeds = "DYNCTA CP (GPGPU-Sim ISPASS-2009 set)",
    .category = "DYNCTA Type-C (the most compute-intensive, RACT 99%)",
    .suite = "GPGPU-Sim ISPASS-2009",
    .tables = "DYNCTA Table II row 31 (C; \"SDK\" in the paper)",
    .ptx = "cp.ptx",
    .small = "256x64 slice, 48 atoms in 2 chunks of 24 (2 launches of 16 CTAs)",
    .paper = "512x512 slice, 4000 atoms, one full constant-memory chunk (1 launch of 256 CTAs)",
    .medium = "256x256 slice, 160 atoms in one chunk (1 launch of 64 CTAs)",
    .run = run,
    .cpu = cpu,
};
