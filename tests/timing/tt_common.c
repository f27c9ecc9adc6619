/* Helpers of the timing-model validation tests (see tt_common.h). */
#include "tt_common.h"

#include "workload.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
static int checks;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("FAIL: ", stdout);
  vprintf(fmt, ap);
  fputc('\n', stdout);
  va_end(ap);
  fflush(stdout);
  exit(1);
}

void tt_ok(st_status rc, const st_error *err, const char *what) {
  if (rc != ST_OK) {
    die("%s: %s", what, err->msg);
  }
}

void tt_open(tt_gpu *t, const char *config, const char *const *overrides, size_t n_overrides) {
  memset(t, 0, sizeof *t);
  snprintf(t->config, sizeof t->config, "%s", config);
  char path[ST_PATH_MAX], msg[ST_ERROR_MSG_MAX];
  if (!st_config_find(config, path, sizeof path)) {
    die("no config named %s", config);
  }
  st_config cfg;
  if (st_config_load(&cfg, path, overrides, n_overrides, msg, sizeof msg) != ST_OK) {
    die("config %s: %s", config, msg);
  }
  st_error err;
  st_error_clear(&err);
  tt_ok(st_gpu_create(&cfg, &t->gpu, &err), &err, "st_gpu_create");
  tt_ok(st_module_load_file(t->gpu, TT_SRC_DIR "/micro.ptx", &t->mod, &err), &err,
        "loading micro.ptx");
  t->cfg = st_gpu_config(t->gpu);
}

st_kmodule *tt_load_module(tt_gpu *t, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", TT_SRC_DIR, name);
  st_error err;
  st_error_clear(&err);
  st_kmodule *m = NULL;
  tt_ok(st_module_load_file(t->gpu, path, &m, &err), &err, name);
  return m;
}

void tt_close(tt_gpu *t) {
  st_gpu_destroy(t->gpu);
  memset(t, 0, sizeof *t);
}

uint64_t tt_alloc(tt_gpu *t, uint64_t bytes) {
  st_error err;
  st_error_clear(&err);
  uint64_t p = 0;
  tt_ok(st_malloc(t->gpu, bytes, &p, &err), &err, "st_malloc"); /* zero-filled */
  return p;
}

void tt_put(tt_gpu *t, uint64_t dst, const void *src, uint64_t bytes) {
  st_error err;
  st_error_clear(&err);
  tt_ok(st_memcpy_htod(t->gpu, dst, src, bytes, &err), &err, "st_memcpy_htod");
}

void tt_get(tt_gpu *t, void *dst, uint64_t src, uint64_t bytes) {
  st_error err;
  st_error_clear(&err);
  tt_ok(st_memcpy_dtoh(t->gpu, dst, src, bytes, &err), &err, "st_memcpy_dtoh");
}

void tt_run(tt_gpu *t, const char *entry, st_dim3 grid, st_dim3 block, const st_arg *args,
            size_t n_args) {
  st_error err;
  st_error_clear(&err);
  tt_ok(st_launch(t->gpu, t->mod, entry, grid, block, 0, args, n_args, &err), &err, entry);
  tt_ok(st_synchronize(t->gpu, &err), &err, entry);
}

void tt_run_workload(tt_gpu *t, const char *name, bool paper_size) {
  const st_workload_desc *wd = st_workload_find(name);
  if (wd == NULL) {
    die("no workload named %s", name);
  }
  st_error err;
  st_error_clear(&err);
  char verdict[512] = "";
  st_status rc = st_workload_run_named(wd, t->gpu, paper_size ? ST_WL_PAPER : ST_WL_SMALL, 1,
                                       NULL, NULL, verdict, sizeof verdict, &err);
  if (rc == ST_ERR_MISMATCH) {
    die("workload %s on %s: CPU check failed: %s", name, t->config, verdict);
  }
  tt_ok(rc, &err, name);
}

static double stat_value(const st_statset *s, const char *key) {
  const st_stat *v = st_stat_get(s, key);
  if (v == NULL) {
    return 0.0; /* counters that stayed zero are not written */
  }
  return v->is_real ? v->d : (double)v->u;
}

double tt_kstat(const tt_gpu *t, const char *key) {
  size_t n = st_gpu_kernel_count(t->gpu);
  if (n == 0) {
    die("no kernel statistics (timing mode?)");
  }
  return stat_value(st_gpu_kernel_stats(t->gpu, n - 1), key);
}

double tt_runstat(tt_gpu *t, const char *key) {
  st_statset s;
  st_statset_init(&s, "run");
  st_gpu_run_stats(t->gpu, &s);
  double v = stat_value(&s, key);
  st_statset_free(&s);
  return v;
}

double tt_core_per_dram(const st_config *cfg) {
  return (double)cfg->gpu.core_clock / (double)cfg->gpu.dram_clock;
}

double tt_core_per_l2(const st_config *cfg) {
  return (double)cfg->gpu.core_clock / (double)cfg->gpu.l2_clock;
}

bool tt_expect_near(const char *what, double measured, double expected, double tol) {
  bool ok = fabs(measured - expected) <= tol;
  checks++;
  if (!ok) {
    failures++;
  }
  printf("%-4s %-58s measured %10.3f  expected %10.3f +- %.3f\n", ok ? "ok" : "FAIL", what,
         measured, expected, tol);
  fflush(stdout);
  return ok;
}

bool tt_expect(const char *what, bool ok, const char *fmt, ...) {
  checks++;
  if (!ok) {
    failures++;
  }
  printf("%-4s %-58s ", ok ? "ok" : "FAIL", what);
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
  return ok;
}

int tt_failures(void) { return failures; }

int tt_finish(const char *test) {
  printf("%s: %d checks, %d failed\n", test, checks, failures);
  return failures == 0 ? 0 : 1;
}
