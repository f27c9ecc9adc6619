/* MS host driver: n random keys below n (so about a third of them repeat)
 * with their original positions as values; one tile-sort launch, then four
 * launches per merge pass (sample ranks, split points of A's samples and of
 * B's, interval merge), ping-ponging between two key/value buffer pairs.
 * Checked bit for bit, keys and values, against a stable CPU merge sort. */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define MS_THREADS 256
#define MS_TILE 512
#define MS_S 256

/* Bottom-up stable merge sort of (key, value) pairs. */
static void cpu_sort(uint32_t *k, uint32_t *v, uint32_t *tk, uint32_t *tv, size_t n) {
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t a0 = 0; a0 < n; a0 += 2 * w) {
      size_t am = a0 + w < n ? a0 + w : n, be = a0 + 2 * w < n ? a0 + 2 * w : n;
      size_t i = a0, j = am, o = a0;
      while (i < am && j < be) {
        if (k[j] < k[i]) {
          tk[o] = k[j];
          tv[o++] = v[j++];
        } else {
          tk[o] = k[i];
          tv[o++] = v[i++];
        }
      }
      while (i < am) {
        tk[o] = k[i];
        tv[o++] = v[i++];
      }
      while (j < be) {
        tk[o] = k[j];
        tv[o++] = v[j++];
      }
    }
    memcpy(k, tk, n * sizeof *k);
    memcpy(v, tv, n * sizeof *v);
  }
}

static uint32_t blocks(uint64_t threads) {
  return (uint32_t)((threads + MS_THREADS - 1) / MS_THREADS);
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  /* small: 3072 pairs (6 tiles of 512, 3 merge passes, 13 launches; the
   * passes at w = 1024 and 2048 have a pair without B and a short B);
   * paper: 2^22 = 4M pairs, the SDK sample's default (13 passes, 53 launches). */
  int n = ctx->size == ST_WL_PAPER ? 1 << 22 : 3072;
  size_t bytes = (size_t)n * 4;
  uint32_t *keys = malloc(bytes), *vals = malloc(bytes);
  uint32_t *gk = malloc(bytes), *gv = malloc(bytes);
  uint32_t *tk = malloc(bytes), *tv = malloc(bytes);
  st_status rc = keys && vals && gk && gv && tk && tv ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_rng r;
    st_wl_rng_seed(&r, ctx->seed);
    for (int i = 0; i < n; i++) {
      keys[i] = st_wl_rng_below(&r, (uint32_t)n);
      vals[i] = (uint32_t)i;
    }
  }
  st_gpu *gpu = ctx->gpu;
  uint64_t dk[2] = {0, 0}, dv[2] = {0, 0}, d_ranks = 0, d_ba = 0, d_bb = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, keys, bytes, &dk[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, vals, bytes, &dv[0], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &dk[1], err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, bytes, &dv[1], err);
  /* Sample slots: 2w / MS_S per pair, n / MS_S in all (n is a multiple of 512). */
  uint64_t slots_total = (uint64_t)n / MS_S;
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_ranks, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_ba, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, slots_total * 4, &d_bb, err);
  st_dim3 cta = st_dim3_make(MS_THREADS, 1, 1);
  int launches = 0, passes = 0, src = 0;
  if (rc == ST_OK) {
    st_arg args[] = {ST_ARG_PTR(dk[0]), ST_ARG_PTR(dv[0])};
    rc = st_launch(gpu, ctx->mod, "ms_sort_tile", st_dim3_make((uint32_t)(n / MS_TILE), 1, 1),
                   cta, 0, args, 2, err);
    launches++;
  }
  for (int w = MS_TILE; rc == ST_OK && w < n; w *= 2, passes++, src = 1 - src) {
    uint64_t pairs = ((uint64_t)n + 2 * (uint64_t)w - 1) / (2 * (uint64_t)w);
    uint64_t slots = pairs * (2 * (uint64_t)w / MS_S);
    st_arg ra[] = {ST_ARG_PTR(dk[src]), ST_ARG_PTR(d_ranks), ST_ARG_S32(n), ST_ARG_S32(w)};
    rc = st_launch(gpu, ctx->mod, "ms_sample_ranks", st_dim3_make(blocks(slots), 1, 1), cta, 0,
                   ra, 4, err);
    for (int side = 0; rc == ST_OK && side < 2; side++) {
      st_arg pb[] = {ST_ARG_PTR(d_ranks), ST_ARG_PTR(d_ba), ST_ARG_PTR(d_bb),
                     ST_ARG_S32(n),       ST_ARG_S32(w),    ST_ARG_S32(side)};
      rc = st_launch(gpu, ctx->mod, "ms_place_bounds", st_dim3_make(blocks(slots / 2), 1, 1),
                     cta, 0, pb, 6, err);
    }
    st_arg mi[] = {ST_ARG_PTR(dk[src]), ST_ARG_PTR(dv[src]), ST_ARG_PTR(dk[1 - src]),
                   ST_ARG_PTR(dv[1 - src]), ST_ARG_PTR(d_ba), ST_ARG_PTR(d_bb),
                   ST_ARG_S32(n), ST_ARG_S32(w)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, "ms_merge_intervals", st_dim3_make((uint32_t)slots, 1, 1),
                     cta, 0, mi, 8, err);
    }
    launches += 4;
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gk, dk[src], bytes, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, gv, dv[src], bytes, err);
  if (rc == ST_OK) {
    cpu_sort(keys, vals, tk, tv, (size_t)n);
    rc = st_wl_check_u32(ctx, "keys", gk, keys, (size_t)n);
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "values (stability)", gv, vals, (size_t)n);
    }
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "%d keys and values match the CPU reference (stable sort)", n);
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log, "  ms: %d pairs, %d tiles of %d, %d merge passes, %d launches\n", n,
              n / MS_TILE, MS_TILE, passes, launches);
    }
  }
  free(keys);
  free(vals);
  free(gk);
  free(gv);
  free(tk);
  free(tv);
  return rc;
}

const st_workload_desc st_wl_ms = {
    .name = "ms",
    .title = "stable merge sort of key/value pairs: shared-memory tile sort, sampled merges",
    .seeds = "BAWS MS (CUDA SDK mergeSort)",
    .category = "BAWS barrier-intensive (6 TBs/SM, 8 warps/TB)",
    .suite = "NVIDIA SDK",
    .tables = "BAWS Table 2 (CUDA SDK mergeSort, 6 TBs x 8 warps per SM; no input given)",
    .ptx = "ms.ptx",
    .small = "3072 pairs (6 tiles of 512; 3 merge passes, with short and missing B runs; "
             "13 launches)",
    .paper = "4M (2^22) pairs, the SDK sample's default (13 merge passes, 53 launches)",
    .run = run,
};
