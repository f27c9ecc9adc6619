/* Functional-mode benchmark: PTX thread instructions executed per second,
 * single-threaded, on four kernels that stress memory instructions, ALU
 * loops, barriers with shared memory and divergent control flow.
 *
 *   func_bench [REPEATS]
 *
 * Prints one line per kernel and the overall rate. A benchmark, not a test:
 * the figure depends on the machine. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simtref/simtref.h"

#define N_VADD (1 << 20)
#define ALU_THREADS (64 * 256)
#define ALU_ITERS 256
#define RED_CTAS 2048
#define DIV_THREADS (64 * 256)
#define DIV_ITERS 128

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(st_status rc, const st_error *err) {
  if (rc != ST_OK) {
    fprintf(stderr, "func_bench: %s\n", err->msg);
    exit(1);
  }
}

typedef struct bench_case {
  const char *name;
  const char *entry;
  st_dim3 grid, block;
  st_arg args[4];
  size_t n_args;
} bench_case;

int main(int argc, char **argv) {
  int repeats = argc > 1 ? atoi(argv[1]) : 3;
  st_config cfg;
  char path[ST_PATH_MAX], msg[ST_ERROR_MSG_MAX] = "";
  if (!st_config_find("gtx480", path, sizeof path) ||
      st_config_load(&cfg, path, NULL, 0, msg, sizeof msg) != ST_OK) {
    fprintf(stderr, "func_bench: cannot load the gtx480 config %s\n", msg);
    return 1;
  }
  cfg.sim.mode = ST_MODE_FUNCTIONAL;
  st_error err;
  st_error_clear(&err);
  st_gpu *gpu;
  check(st_gpu_create(&cfg, &gpu, &err), &err);
  st_kmodule *mod;
  check(st_module_load_file(gpu, SIMTREF_SOURCE_DIR "/bench/kernels/func_bench.ptx", &mod, &err),
        &err);

  uint64_t a, b, c, alu_out, red_in, red_out, div_out;
  check(st_malloc(gpu, N_VADD * 4, &a, &err), &err);
  check(st_malloc(gpu, N_VADD * 4, &b, &err), &err);
  check(st_malloc(gpu, N_VADD * 4, &c, &err), &err);
  check(st_malloc(gpu, ALU_THREADS * 4, &alu_out, &err), &err);
  check(st_malloc(gpu, RED_CTAS * 256 * 4, &red_in, &err), &err);
  check(st_malloc(gpu, RED_CTAS * 4, &red_out, &err), &err);
  check(st_malloc(gpu, DIV_THREADS * 4, &div_out, &err), &err);
  float *host = malloc(N_VADD * 4);
  for (uint32_t i = 0; i < N_VADD; i++) {
    host[i] = (float)i * 0.5f;
  }
  check(st_memcpy_htod(gpu, a, host, N_VADD * 4, &err), &err);
  check(st_memcpy_htod(gpu, b, host, N_VADD * 4, &err), &err);
  check(st_memcpy_htod(gpu, red_in, host, RED_CTAS * 256 * 4, &err), &err);
  free(host);

  bench_case cases[] = {
      {"vadd 1M", "vadd", {N_VADD / 256, 1, 1}, {256, 1, 1},
       {ST_ARG_PTR(a), ST_ARG_PTR(b), ST_ARG_PTR(c), ST_ARG_S32(N_VADD)}, 4},
      {"alu loop", "alu_loop", {ALU_THREADS / 256, 1, 1}, {256, 1, 1},
       {ST_ARG_PTR(alu_out), ST_ARG_S32(ALU_ITERS)}, 2},
      {"reduce (barriers)", "reduce", {RED_CTAS, 1, 1}, {256, 1, 1},
       {ST_ARG_PTR(red_in), ST_ARG_PTR(red_out)}, 2},
      {"divergent loop", "diverge", {DIV_THREADS / 256, 1, 1}, {256, 1, 1},
       {ST_ARG_PTR(div_out), ST_ARG_S32(DIV_ITERS)}, 2},
  };
  printf("simtref functional-mode benchmark (gtx480 config, single thread, %d repeats)\n",
         repeats);
  uint64_t total_insts = 0;
  double total_time = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bench_case *bc = &cases[i];
    double best = 1e30;
    uint64_t insts = 0;
    for (int r = 0; r < repeats; r++) {
      st_run_totals before = st_gpu_totals(gpu);
      double t0 = now();
      check(st_launch(gpu, mod, bc->entry, bc->grid, bc->block, 0, bc->args, bc->n_args, &err),
            &err);
      check(st_synchronize(gpu, &err), &err);
      double dt = now() - t0;
      st_run_totals after = st_gpu_totals(gpu);
      insts = after.thread_insts - before.thread_insts;
      best = dt < best ? dt : best;
    }
    printf("  %-20s %12" PRIu64 " thread insts  %8.3f s  %8.1f M thread insts/s\n", bc->name,
           insts, best, (double)insts / best / 1e6);
    total_insts += insts;
    total_time += best;
  }
  printf("  %-20s %12" PRIu64 " thread insts  %8.3f s  %8.1f M thread insts/s\n", "all", total_insts,
         total_time, (double)total_insts / total_time / 1e6);
  st_gpu_destroy(gpu);
  return 0;
}
