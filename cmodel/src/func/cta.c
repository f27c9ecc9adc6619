/* CTAs: creation with their warps and shared memory, destruction, and the
 * barrier bookkeeping when a warp finishes. */
#include <stdlib.h>
#include <string.h>

#include "func/exec.h"

void st_cta_destroy(st_cta *cta) {
  if (cta == NULL) {
    return;
  }
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    st_warp_free(&cta->warps[i]);
  }
  free(cta->warps);
  free(cta->shared);
  free(cta);
}

/* The identity of CTA `linear` of k on SM smid, slot `slot`, in cta (all
 * zero but its warps and shared memory). */
static void cta_place(st_cta *cta, const st_kernel *k, uint64_t linear, uint32_t smid,
                      uint32_t slot) {
  cta->linear_id = linear;
  cta->ctaid.x = (uint32_t)(linear % k->grid.x);
  cta->ctaid.y = (uint32_t)((linear / k->grid.x) % k->grid.y);
  cta->ctaid.z = (uint32_t)(linear / ((uint64_t)k->grid.x * k->grid.y));
  cta->nthreads = k->threads_per_cta;
  cta->nwarps = k->warps_per_cta;
  cta->smid = smid;
  cta->slot = slot;
  cta->shared_size = k->shared_total;
}

/* The lanes of warp i of a CTA of k that hold a thread. */
static uint32_t warp_valid(const st_kernel *k, uint32_t i) {
  uint32_t first = i * ST_WARP_SIZE;
  uint32_t n = k->threads_per_cta - first < ST_WARP_SIZE ? k->threads_per_cta - first
                                                         : ST_WARP_SIZE;
  return n == 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
}

st_status st_cta_create(const st_kernel *k, uint64_t linear, uint32_t smid, uint32_t slot,
                            st_cta **out, st_error *err) {
  st_cta *cta = calloc(1, sizeof *cta);
  if (cta == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory for a CTA");
  }
  cta_place(cta, k, linear, smid, slot);
  /* (st_warp_init sets each warp up from scratch) */
  cta->warps = malloc(cta->nwarps * sizeof *cta->warps);
  cta->shared = calloc(1, cta->shared_size ? cta->shared_size : 1);
  if (cta->warps == NULL || cta->shared == NULL) {
    cta->nwarps = 0; /* (no warp holds memory yet) */
    st_cta_destroy(cta);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory for a CTA");
  }
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    st_status rc = st_warp_init(&cta->warps[i], cta, i, warp_valid(k, i), k, err);
    if (rc != ST_OK) {
      cta->nwarps = i;
      st_cta_destroy(cta);
      return rc;
    }
  }
  *out = cta;
  return ST_OK;
}

st_status st_cta_reuse(st_cta *cta, const st_kernel *k, uint64_t linear, uint32_t smid,
                       uint32_t slot, st_error *err) {
  st_warp *warps = cta->warps;
  uint8_t *shared = cta->shared;
  memset(cta, 0, sizeof *cta);
  cta->warps = warps;
  cta->shared = shared;
  cta_place(cta, k, linear, smid, slot);
  memset(cta->shared, 0, cta->shared_size ? cta->shared_size : 1);
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    st_status rc = st_warp_reinit(&cta->warps[i], cta, i, warp_valid(k, i), k, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  return ST_OK;
}

void st_cta_warp_finished(st_cta *cta) {
  cta->warps_done++;
  for (uint32_t id = 0; id < ST_NUM_BARRIERS; id++) {
    st_cta_try_release(cta, id);
  }
}
