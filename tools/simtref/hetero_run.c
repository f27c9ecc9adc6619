/* simtref hetero: a benchmark measured on the simulated GPU and on the host,
 * alone and beside co-runners (hetero_run.h). */
#include "hetero_run.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simtref/simtref.h"
#include "simtref/stats.h"

/* ---- the GPU run ---------------------------------------------------------- */

#define MAX_KERNELS 64

typedef struct recorder {
  uint64_t alloc_bytes, copy_bytes, copies, launches;
  double threads;
  char names[MAX_KERNELS][96];
  size_t n_names;
  bool too_many;
} recorder;

static void record(void *ctx, const st_api_event *ev) {
  recorder *r = ctx;
  switch (ev->kind) {
  case ST_API_MALLOC:
    r->alloc_bytes += ev->bytes;
    break;
  case ST_API_HTOD:
  case ST_API_DTOH:
    r->copy_bytes += ev->bytes;
    r->copies++;
    break;
  case ST_API_LAUNCH: {
    r->launches++;
    r->threads += (double)ev->grid.x * ev->grid.y * ev->grid.z * ev->block.x * ev->block.y *
                  ev->block.z;
    size_t i = 0;
    while (i < r->n_names && strcmp(r->names[i], ev->name) != 0) i++;
    if (i == r->n_names) {
      if (r->n_names == MAX_KERNELS || strlen(ev->name) >= sizeof r->names[0]) {
        r->too_many = true;
      } else {
        snprintf(r->names[r->n_names++], sizeof r->names[0], "%s", ev->name);
      }
    }
    break;
  }
  default:
    break;
  }
}

double hr_xfer_seconds(const st_config *cfg, uint64_t bytes, uint64_t copies) {
  return (double)copies * (double)cfg->pcie.latency_ns * 1e-9 +
         (double)bytes / ((double)cfg->pcie.bandwidth_mbps * 1e6);
}

static double stat_of(const st_statset *s, const char *key) {
  const st_stat *x = st_stat_get(s, key);
  return x == NULL ? 0.0 : x->is_real ? x->d : (double)x->u;
}

bool hr_profile_gpu(const st_workload_desc *wd, const st_config *cfg, st_wl_size size,
                    uint64_t seed, const char *variant, const char *input, hr_profile *out,
                    char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  st_error e;
  st_error_clear(&e);
  st_gpu *gpu = NULL;
  if (st_gpu_create(cfg, &gpu, &e) != ST_OK) {
    snprintf(err, errn, "%s", e.msg);
    return false;
  }
  recorder *r = calloc(1, sizeof *r);
  if (r == NULL) {
    st_gpu_destroy(gpu);
    snprintf(err, errn, "out of memory");
    return false;
  }
  st_gpu_record_api(gpu, record, r);
  st_status rc = st_workload_run_choice(wd, gpu, size, seed, variant, input, NULL, NULL,
                                        out->verdict, sizeof out->verdict, &e);
  bool ok = rc == ST_OK;
  if (!ok) {
    snprintf(err, errn, "%s: the GPU run failed: %s", wd->name,
             rc == ST_ERR_MISMATCH ? out->verdict : e.msg);
  } else if (r->too_many) {
    ok = false;
    snprintf(err, errn, "%s: more than %d kernels", wd->name, MAX_KERNELS);
  }
  if (ok) {
    st_run_totals t = st_gpu_totals(gpu);
    out->thread_insts = t.thread_insts;
    out->wall_s = t.wall_seconds;
    if (cfg->sim.mode == ST_MODE_TIMING) {
      st_statset s;
      st_statset_init(&s, "run");
      st_gpu_run_stats(gpu, &s);
      out->gpu_kernel_s = stat_of(&s, "sim_seconds");
      st_statset_free(&s);
    }
    out->copies = r->copies;
    out->launches = r->launches;
    out->gpu_xfer_s = hr_xfer_seconds(cfg, r->copy_bytes, r->copies);
    out->f.v[HF_THREADS] = r->threads;
    out->f.v[HF_BUF] = (double)r->alloc_bytes;
    out->f.v[HF_XFER] = (double)r->copy_bytes;
    /* The static features of the kernels the host launched. */
    char path[4096];
    snprintf(path, sizeof path, "%s/workloads/%s/%s", SIMTREF_SOURCE_DIR, wd->name, wd->ptx);
    st_module *m = NULL;
    const char *names[MAX_KERNELS];
    size_t o = 0;
    for (size_t i = 0; i < r->n_names; i++) {
      names[i] = r->names[i];
      o += (size_t)snprintf(out->kernels + o, o < sizeof out->kernels ? sizeof out->kernels - o : 0,
                            "%s%s", i ? " " : "", r->names[i]);
      if (o >= sizeof out->kernels) o = sizeof out->kernels - 1;
    }
    if (st_ptx_parse_file(path, &m, &e) != ST_OK ||
        st_hetero_static_features(m, names, r->n_names, &out->f, &e) != ST_OK) {
      ok = false;
      snprintf(err, errn, "%s", e.msg);
    }
    st_module_free(m);
  }
  free(r);
  st_gpu_destroy(gpu);
  return ok;
}

/* ---- the CPU ---------------------------------------------------------------- */

bool hr_cpu_alone(const st_workload_desc *wd, st_wl_size size, uint64_t seed, const char *input,
                  int threads, double *seconds, char *err, size_t errn) {
  st_error e;
  st_error_clear(&e);
  unsigned reps = 0;
  uint64_t digest = 0;
  if (st_workload_cpu_choice(wd, size, seed, input, threads, NULL, NULL, seconds, &reps, &digest,
                             &e) != ST_OK) {
    snprintf(err, errn, "%s: %s", wd->name, e.msg);
    return false;
  }
  return true;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waiting for the co-runners' jobs while the kernel repeats. */
typedef struct waiter {
  hh_proc *proc;
  unsigned jobs;
  double mean_s;
  bool ok;
  char err[256];
  atomic_int *left; /* co-runners still running their measured jobs */
} waiter;

static void *wait_jobs(void *arg) {
  waiter *w = arg;
  w->ok = hh_wait_jobs(w->proc, w->jobs, 120.0, &w->mean_s, w->err, sizeof w->err);
  atomic_fetch_sub(w->left, 1);
  return NULL;
}

typedef struct coloc_run {
  waiter w[ST_HETERO_MAX_CORUN];
  pthread_t th[ST_HETERO_MAX_CORUN];
  size_t n;
  atomic_int left;
  /* The CPU version: the waiters start after its first repetition, so
   * that the jobs measured run beside the kernel from their start. */
  hh_proc *const *procs;
  size_t n_procs;
  unsigned jobs;
  bool started, start_failed;
  char err[256];
} coloc_run;

static bool coloc_start(coloc_run *c, hh_proc *const *procs, size_t n, unsigned jobs, char *err,
                        size_t errn) {
  memset(c->w, 0, sizeof c->w);
  c->n = 0;
  atomic_init(&c->left, (int)n);
  for (size_t i = 0; i < n; i++) {
    c->w[i].proc = procs[i];
    c->w[i].jobs = jobs;
    c->w[i].left = &c->left;
    if (pthread_create(&c->th[i], NULL, wait_jobs, &c->w[i]) != 0) {
      atomic_fetch_sub(&c->left, (int)(n - i));
      c->n = i;
      snprintf(err, errn, "cannot start a thread");
      return false;
    }
    c->n = i + 1;
  }
  return true;
}

static bool coloc_finish(coloc_run *c, const double *alone_s, hr_coloc *out, char *err,
                         size_t errn) {
  bool ok = true;
  for (size_t i = 0; i < c->n; i++) {
    pthread_join(c->th[i], NULL);
    if (!c->w[i].ok && ok) {
      snprintf(err, errn, "%s", c->w[i].err);
      ok = false;
    }
    out->corun_sd[i] = alone_s[i] > 0.0 ? c->w[i].mean_s / alone_s[i] : 0.0;
  }
  return ok;
}

static bool again_until_done(void *user, unsigned reps, double last) {
  (void)reps;
  (void)last;
  coloc_run *c = user;
  if (!c->started) {
    c->started = true;
    hh_proc *const *procs = c->procs;
    size_t n = c->n_procs;
    unsigned jobs = c->jobs;
    if (!coloc_start(c, procs, n, jobs, c->err, sizeof c->err)) {
      c->start_failed = true;
      return false;
    }
    return true;
  }
  return atomic_load(&c->left) > 0;
}

bool hr_cpu_coloc(const st_workload_desc *wd, st_wl_size size, uint64_t seed, const char *input,
                  int threads, hh_proc *const *procs, const double *alone_s, size_t n,
                  unsigned jobs, hr_coloc *out, char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  coloc_run *c = malloc(sizeof *c);
  if (c == NULL) {
    snprintf(err, errn, "out of memory");
    return false;
  }
  memset(c, 0, sizeof *c);
  c->procs = procs;
  c->n_procs = n;
  c->jobs = jobs;
  st_wl_cpu_timer timer = {again_until_done, c};
  st_error e;
  st_error_clear(&e);
  unsigned reps = 0;
  uint64_t digest = 0;
  bool ok = true;
  if (st_workload_cpu_choice(wd, size, seed, input, threads, &timer, NULL, &out->kernel_s, &reps,
                             &digest, &e) != ST_OK) {
    snprintf(err, errn, "%s: %s", wd->name, e.msg);
    ok = false;
  } else if (c->start_failed) {
    snprintf(err, errn, "%s", c->err);
    ok = false;
  }
  while (c->started && atomic_load(&c->left) > 0) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  ok = coloc_finish(c, alone_s, out, err, errn) && ok;
  out->copy_factor = 1.0;
  free(c);
  return ok;
}

/* ---- the GPU beside co-runners ------------------------------------------------ */

#define COPY_BUF (64u << 20)
#define COPY_CHUNK (1u << 20)

double hr_emulate_copy(uint64_t bytes, double bytes_per_s) {
  static unsigned char *src, *dst;
  if (src == NULL) {
    src = malloc(COPY_BUF);
    dst = malloc(COPY_BUF);
    if (src == NULL || dst == NULL) {
      free(src);
      free(dst);
      src = dst = NULL;
      return 0.0;
    }
    for (size_t i = 0; i < COPY_BUF; i += 4096) {
      src[i] = (unsigned char)i;
      dst[i] = 0;
    }
  }
  double t0 = now_s();
  uint64_t done = 0, off = 0;
  while (done < bytes) {
    uint64_t k = bytes - done < COPY_CHUNK ? bytes - done : COPY_CHUNK;
    if (off + k > COPY_BUF) {
      off = 0;
    }
    memcpy(dst + off, src + off, (size_t)k);
    done += k;
    off += k;
    /* Paced: never ahead of the link's rate. */
    double ahead = (double)done / bytes_per_s - (now_s() - t0);
    if (ahead > 0.0) {
      struct timespec ts = {(time_t)ahead, (long)((ahead - (double)(time_t)ahead) * 1e9)};
      nanosleep(&ts, NULL);
    }
  }
  return now_s() - t0;
}

bool hr_gpu_coloc(const hr_profile *p, const st_config *cfg, hh_proc *const *procs,
                  const double *alone_s, size_t n, unsigned jobs, hr_coloc *out, char *err,
                  size_t errn) {
  memset(out, 0, sizeof *out);
  double rate = (double)cfg->pcie.bandwidth_mbps * 1e6;
  uint64_t bytes = (uint64_t)p->f.v[HF_XFER];
  double ideal = (double)bytes / rate;
  /* The emulated copies' own time when nothing runs beside them. */
  double alone_copy = bytes > 0 ? hr_emulate_copy(bytes, rate) : 0.0;
  coloc_run *c = malloc(sizeof *c);
  if (c == NULL) {
    snprintf(err, errn, "out of memory");
    return false;
  }
  memset(c, 0, sizeof *c);
  c->started = true;
  bool ok = coloc_start(c, procs, n, jobs, err, errn);
  double copy_total = 0.0;
  unsigned reps = 0;
  while (ok && (reps == 0 || atomic_load(&c->left) > 0)) {
    copy_total += bytes > 0 ? hr_emulate_copy(bytes, rate) : 0.0;
    double k = p->gpu_kernel_s;
    struct timespec ts = {(time_t)k, (long)((k - (double)(time_t)k) * 1e9)};
    nanosleep(&ts, NULL);
    reps++;
  }
  while (atomic_load(&c->left) > 0) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  ok = coloc_finish(c, alone_s, out, err, errn) && ok;
  free(c);
  double base = alone_copy > ideal ? alone_copy : ideal;
  out->copy_factor = bytes > 0 && reps > 0 && base > 0.0 ? copy_total / reps / base : 1.0;
  if (out->copy_factor < 1.0) {
    out->copy_factor = 1.0;
  }
  out->kernel_s = p->gpu_kernel_s + p->gpu_xfer_s * out->copy_factor;
  return ok;
}
