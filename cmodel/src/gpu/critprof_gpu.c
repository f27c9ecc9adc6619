/* The criticality profile on the GPU object: recording it (--profile-
 * criticality), writing it, and reading the CAWS oracle (sm.caws_profile). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/critprof.h"
#include "gpu/gpu_internal.h"

st_status st_gpu_record_criticality(st_gpu *gpu, st_error *err) {
  if (gpu->crit_rec != NULL) {
    return ST_OK;
  }
  if (gpu->cfg.sim.mode != ST_MODE_TIMING) {
    return st_error_set(err, ST_ERR_USAGE,
                        "the criticality profile needs timing mode (sim.mode timing)");
  }
  gpu->crit_rec = calloc(1, sizeof *gpu->crit_rec);
  if (gpu->crit_rec == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  return ST_OK;
}

st_status st_gpu_write_criticality(st_gpu *gpu, const char *path, const char *workload,
                                   st_error *err) {
  if (gpu->crit_rec == NULL) {
    return st_error_set(err, ST_ERR_USAGE, "no criticality profile was recorded");
  }
  char config[ST_CONFIG_STRING_MAX + 64];
  snprintf(config, sizeof config, "%s, sm.warp_scheduler %s, hash %016" PRIx64, gpu->cfg.gpu.name,
           st_config_enum_name("sm.warp_scheduler", (size_t)gpu->cfg.sm.warp_scheduler),
           st_config_hash(&gpu->cfg));
  return st_critprof_write(gpu->crit_rec, path, workload, config, err);
}

static bool caws_selected(const st_config *cfg) {
  return cfg->sm.warp_scheduler == ST_WSCHED_CAWS_BLK ||
         cfg->sm.warp_scheduler == ST_WSCHED_CAWS_SM ||
         cfg->sm.warp_scheduler == ST_WSCHED_CAWS_AVG;
}

st_status st_gpu_load_caws_profile(st_gpu *gpu, const char *workload, st_error *err) {
  if (!caws_selected(&gpu->cfg) || gpu->oracle != NULL) {
    return ST_OK;
  }
  const char *path = gpu->cfg.sm.caws_profile;
  if (path[0] == '\0') {
    return st_error_set(err, ST_ERR_CONFIG,
                        "sm.warp_scheduler %s needs sm.caws_profile (a criticality profile: "
                        "simtref run W --profile-criticality FILE)",
                        st_config_enum_name("sm.warp_scheduler",
                                            (size_t)gpu->cfg.sm.warp_scheduler));
  }
  st_critprof *p = calloc(1, sizeof *p);
  if (p == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  st_status rc = st_critprof_load(p, path, err);
  if (rc == ST_OK && workload != NULL && strcmp(p->workload, workload) != 0) {
    rc = st_error_set(err, ST_ERR_USAGE,
                      "%s: the criticality profile is of workload '%s', this run is '%s'", path,
                      p->workload, workload);
    st_critprof_free(p);
  }
  if (rc != ST_OK) {
    free(p);
    return rc;
  }
  gpu->oracle = p;
  return ST_OK;
}

st_status st_gpu_oracle_ready(st_gpu *gpu, st_error *err) {
  return st_gpu_load_caws_profile(gpu, NULL, err);
}
