/* Timing-mode benchmark: simulated core cycles per second and PTX thread
 * instructions per second, single-threaded, on gtx480.yaml, for
 *   - bfs:  the suite's BFS at paper size (65536-node graph),
 *   - vadd: a vector add of 1M elements,
 *   - mm:   a 256 x 256 tiled matrix multiply (16 x 16 tiles in shared memory).
 * Each result is checked against a CPU reference (bfs: its own driver).
 *
 *   timing_bench [CASE...]        (default: bfs vadd mm)
 *
 * Rates use the host time the simulator spent in the kernels
 * (st_gpu_totals); each line also gives the whole case's wall and CPU time,
 * which tell whether the machine was busy with something else.
 * A benchmark, not a test: the figures depend on the machine. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simtref/simtref.h"
#include "workload.h"

#define N_VADD (1 << 20)
#define MM_N 256
#define MM_TILE 16

/* GPGPU-Sim 4.2 simulates such kernels at about 0.2-0.8 million thread
 * instructions per second on this class of machine; the target is 20 times
 * the lower figure. */
#define GPGPUSIM_LOW 0.2e6
#define GPGPUSIM_HIGH 0.8e6
#define TARGET_FACTOR 20.0

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(st_status rc, const st_error *err, const char *what) {
  if (rc != ST_OK) {
    fprintf(stderr, "timing_bench: %s: %s\n", what, err->msg);
    exit(1);
  }
}

static st_gpu *new_gpu(void) {
  st_config cfg;
  char path[ST_PATH_MAX], msg[ST_ERROR_MSG_MAX] = "";
  if (!st_config_find("gtx480", path, sizeof path) ||
      st_config_load(&cfg, path, NULL, 0, msg, sizeof msg) != ST_OK) {
    fprintf(stderr, "timing_bench: cannot load the gtx480 config %s\n", msg);
    exit(1);
  }
  cfg.sim.mode = ST_MODE_TIMING;
  st_error err;
  st_error_clear(&err);
  st_gpu *gpu;
  check(st_gpu_create(&cfg, &gpu, &err), &err, "st_gpu_create");
  return gpu;
}

static uint64_t upload(st_gpu *gpu, const void *host, uint64_t bytes) {
  st_error err;
  st_error_clear(&err);
  uint64_t d;
  check(st_malloc(gpu, bytes, &d, &err), &err, "st_malloc");
  if (host != NULL) {
    check(st_memcpy_htod(gpu, d, host, bytes, &err), &err, "st_memcpy_htod");
  }
  return d;
}

/* Simulation totals of everything this GPU ran, and the host time of its
 * synchronisations (st_gpu_totals: kernels only, no setup or checks). */
typedef struct bench_result {
  uint64_t cycles, thread_insts;
  double wall;
  const char *check;
} bench_result;

static bench_result totals(const st_gpu *gpu, const char *check_msg) {
  st_run_totals t = st_gpu_totals(gpu);
  bench_result r = {t.cycles, t.thread_insts, t.wall_seconds, check_msg};
  return r;
}

static bench_result run_bfs(void) {
  st_gpu *gpu = new_gpu();
  const st_workload_desc *wd = st_workload_find("bfs");
  if (wd == NULL) {
    fprintf(stderr, "timing_bench: no bfs workload\n");
    exit(1);
  }
  st_error err;
  st_error_clear(&err);
  static char verdict[512];
  st_status rc = st_workload_run_named(wd, gpu, ST_WL_PAPER, 1, NULL, NULL, verdict,
                                       sizeof verdict, &err);
  if (rc == ST_ERR_MISMATCH) {
    fprintf(stderr, "timing_bench: bfs: %s\n", verdict);
    exit(1);
  }
  check(rc, &err, "bfs");
  bench_result r = totals(gpu, verdict);
  st_gpu_destroy(gpu);
  return r;
}

static bench_result run_vadd(void) {
  st_gpu *gpu = new_gpu();
  st_error err;
  st_error_clear(&err);
  st_kmodule *mod;
  check(st_module_load_file(gpu, SIMTREF_SOURCE_DIR "/bench/kernels/timing_bench.ptx", &mod, &err),
        &err, "timing_bench.ptx");
  float *a = malloc(N_VADD * sizeof *a), *b = malloc(N_VADD * sizeof *b);
  float *c = malloc(N_VADD * sizeof *c);
  if (a == NULL || b == NULL || c == NULL) {
    abort();
  }
  for (uint32_t i = 0; i < N_VADD; i++) {
    a[i] = (float)i * 0.5f;
    b[i] = (float)(N_VADD - i) * 0.25f;
  }
  uint64_t da = upload(gpu, a, N_VADD * 4), db = upload(gpu, b, N_VADD * 4);
  uint64_t dc = upload(gpu, NULL, N_VADD * 4);
  st_arg args[] = {ST_ARG_PTR(da), ST_ARG_PTR(db), ST_ARG_PTR(dc), ST_ARG_S32(N_VADD)};
  check(st_launch(gpu, mod, "vadd", st_dim3_make(N_VADD / 256, 1, 1), st_dim3_make(256, 1, 1), 0,
                  args, 4, &err),
        &err, "vadd");
  check(st_synchronize(gpu, &err), &err, "vadd");
  check(st_memcpy_dtoh(gpu, c, dc, N_VADD * 4, &err), &err, "vadd result");
  const char *msg = "c = a + b: all 1048576 match";
  for (uint32_t i = 0; i < N_VADD; i++) {
    if (c[i] != a[i] + b[i]) {
      msg = "c = a + b: MISMATCH";
      break;
    }
  }
  free(a);
  free(b);
  free(c);
  bench_result r = totals(gpu, msg);
  st_gpu_destroy(gpu);
  return r;
}

static bench_result run_mm(void) {
  st_gpu *gpu = new_gpu();
  st_error err;
  st_error_clear(&err);
  st_kmodule *mod;
  check(st_module_load_file(gpu, SIMTREF_SOURCE_DIR "/bench/kernels/timing_bench.ptx", &mod, &err),
        &err, "timing_bench.ptx");
  size_t nn = (size_t)MM_N * MM_N;
  float *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
  if (a == NULL || b == NULL || c == NULL) {
    abort();
  }
  for (size_t i = 0; i < nn; i++) {
    a[i] = (float)(i % 17) * 0.125f - 1.0f;
    b[i] = (float)(i % 13) * 0.0625f + 0.5f;
  }
  uint64_t da = upload(gpu, a, nn * 4), db = upload(gpu, b, nn * 4), dc = upload(gpu, NULL, nn * 4);
  st_arg args[] = {ST_ARG_PTR(da), ST_ARG_PTR(db), ST_ARG_PTR(dc), ST_ARG_S32(MM_N)};
  check(st_launch(gpu, mod, "mm_tiled", st_dim3_make(MM_N / MM_TILE, MM_N / MM_TILE, 1),
                  st_dim3_make(MM_TILE, MM_TILE, 1), 0, args, 4, &err),
        &err, "mm_tiled");
  check(st_synchronize(gpu, &err), &err, "mm_tiled");
  check(st_memcpy_dtoh(gpu, c, dc, nn * 4, &err), &err, "mm result");
  /* The kernel's order: acc = fmaf(a[row][k], b[k][col], acc), k ascending. */
  const char *msg = "C = A x B: all 65536 match (fused, in order)";
  for (size_t row = 0; row < MM_N && msg[0] == 'C'; row++) {
    for (size_t col = 0; col < MM_N; col++) {
      float acc = 0.0f;
      for (size_t k = 0; k < MM_N; k++) {
        acc = fmaf(a[row * MM_N + k], b[k * MM_N + col], acc);
      }
      if (acc != c[row * MM_N + col]) {
        msg = "C = A x B: MISMATCH";
        break;
      }
    }
  }
  free(a);
  free(b);
  free(c);
  bench_result r = totals(gpu, msg);
  st_gpu_destroy(gpu);
  return r;
}

typedef struct bench_case {
  const char *name;
  const char *what;
  bench_result (*run)(void);
} bench_case;

int main(int argc, char **argv) {
  static const bench_case cases[] = {
      {"bfs", "BFS, 65536-node graph (suite bfs, paper size)", run_bfs},
      {"vadd", "vector add, 1M elements", run_vadd},
      {"mm", "tiled matrix multiply, 256x256, 16x16 tiles", run_mm},
  };
  printf("timing_bench: timing mode, gtx480, one host thread\n");
  printf("reference: GPGPU-Sim 4.2 runs such kernels at about %.1f-%.1f million thread "
         "instructions/s on this class of machine; target: at least %.0fx that, %.1f M/s\n",
         GPGPUSIM_LOW * 1e-6, GPGPUSIM_HIGH * 1e-6, TARGET_FACTOR,
         TARGET_FACTOR * GPGPUSIM_LOW * 1e-6);
  int failed = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    bool wanted = argc == 1;
    for (int a = 1; a < argc; a++) {
      wanted = wanted || strcmp(argv[a], cases[i].name) == 0;
    }
    if (!wanted) {
      continue;
    }
    double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    bench_result r = cases[i].run();
    double total = clock_s(CLOCK_MONOTONIC) - t0;
    double cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
    double ips = r.wall > 0 ? (double)r.thread_insts / r.wall : 0.0;
    double cps = r.wall > 0 ? (double)r.cycles / r.wall : 0.0;
    bool ok = strstr(r.check, "MISMATCH") == NULL;
    failed += !ok;
    printf("%-5s %-48s %10" PRIu64 " cycles %11" PRIu64 " thread insts in %7.2f s: "
           "%8.0f cycles/s, %6.2f M thread insts/s (%4.1fx-%4.1fx GPGPU-Sim; target %s)  "
           "[%s; with setup and check: %.2f s, %.2f s of CPU]\n",
           cases[i].name, cases[i].what, r.cycles, r.thread_insts, r.wall, cps, ips * 1e-6,
           ips / GPGPUSIM_HIGH, ips / GPGPUSIM_LOW,
           ips >= TARGET_FACTOR * GPGPUSIM_LOW ? "met" : "NOT met", r.check, total, cpu);
    fflush(stdout);
  }
  return failed ? 1 : 0;
}
