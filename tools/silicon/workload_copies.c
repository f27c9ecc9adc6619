/* Runs the benchmarks of the suite and prints a fingerprint of every
 * device-to-host copy they make, in order:
 *
 *   <workload> <seed> <copy index> <bytes> <FNV-1a 64 of the bytes>
 *   # <workload> <seed> PASS|FAIL <the driver's check>
 *
 * Built twice: against the simulator (libsimtref, functional mode), and
 * against tools/silicon/cuda_host.c, which implements the same host API on a
 * real NVIDIA GPU through the CUDA driver API. The two outputs are compared
 * by tests/silicon/workloads (the GPU's is recorded in copies.txt there).
 *
 *   workload_copies [-c CONFIG] [-w WORKLOADS_DIR] [NAME...]
 * (default: every workload, seeds 1 and 2; PTX from the source tree's workloads/,
 * or from WORKLOADS_DIR/<name>/ when the tree was moved, e.g. to a GPU machine) */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/hash.h"
#include "simtref/config.h"
#include "simtref/simtref.h"
#include "workload.h"

typedef struct copy_log {
  const char *name;
  uint64_t seed;
  unsigned index;
} copy_log;

static void observe(void *ctx, const void *data, uint64_t bytes) {
  copy_log *log = ctx;
  printf("%s %" PRIu64 " %u %" PRIu64 " %016" PRIx64 "\n", log->name, log->seed, log->index++,
         bytes, st_fnv1a64(ST_FNV1A64_INIT, data, bytes));
}

static const char *workloads_dir;

static int run_one(const st_workload_desc *wd, const st_config *cfg, uint64_t seed) {
  st_error err;
  st_error_clear(&err);
  st_gpu *gpu = NULL;
  if (st_gpu_create(cfg, &gpu, &err) != ST_OK) {
    fprintf(stderr, "workload_copies: %s\n", err.msg);
    return 1;
  }
  copy_log log = {wd->name, seed, 0};
  st_gpu_observe_copies(gpu, observe, &log);
  char verdict[512] = "", dir[ST_PATH_MAX];
  if (workloads_dir != NULL) {
    int n = snprintf(dir, sizeof dir, "%s/%s", workloads_dir, wd->name);
    if (n < 0 || (size_t)n >= sizeof dir) {
      fprintf(stderr, "workload_copies: %s/%s is longer than the limit of %d characters "
                      "(PATH_MAX - 1)\n", workloads_dir, wd->name, ST_PATH_MAX - 1);
      st_gpu_destroy(gpu);
      return 1;
    }
  }
  st_status rc = st_workload_run_named(wd, gpu, ST_WL_SMALL, seed,
                                       workloads_dir != NULL ? dir : NULL, NULL, verdict,
                                       sizeof verdict, &err);
  printf("# %s %" PRIu64 " %s %s\n", wd->name, seed, rc == ST_OK ? "PASS" : "FAIL",
         rc == ST_OK || rc == ST_ERR_MISMATCH ? verdict : err.msg);
  fflush(stdout);
  st_gpu_destroy(gpu);
  return rc == ST_OK ? 0 : 1;
}

int main(int argc, char **argv) {
  const char *config = "gtx480";
  int first = 1;
  while (first + 1 < argc && argv[first][0] == '-') {
    if (strcmp(argv[first], "-c") == 0) {
      config = argv[first + 1];
    } else if (strcmp(argv[first], "-w") == 0) {
      workloads_dir = argv[first + 1];
    } else {
      fprintf(stderr, "workload_copies: unknown option %s\n", argv[first]);
      return 2;
    }
    first += 2;
  }
  char path[ST_PATH_MAX], msg[ST_ERROR_MSG_MAX] = "";
  st_config cfg;
  if (!st_config_find(config, path, sizeof path) ||
      st_config_load(&cfg, path, NULL, 0, msg, sizeof msg) != ST_OK) {
    fprintf(stderr, "workload_copies: cannot load config %s %s\n", config, msg);
    return 2;
  }
  cfg.sim.mode = ST_MODE_FUNCTIONAL;
  int failures = 0;
  for (size_t i = 0; st_workloads[i] != NULL; i++) {
    const st_workload_desc *wd = st_workloads[i];
    bool wanted = first >= argc;
    for (int a = first; a < argc; a++) {
      wanted = wanted || strcmp(argv[a], wd->name) == 0;
    }
    if (!wanted) {
      continue;
    }
    for (uint64_t seed = 1; seed <= 2; seed++) {
      failures += run_one(wd, &cfg, seed);
    }
  }
  return failures ? 1 : 0;
}
