/* The host API: GPU lifetime, device memory, launches and synchronisation. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu/critprof.h"
#include "gpu/cdp.h"
#include "gpu/gpu_internal.h"
#include "gpu/tbsched.h"
#include "units/cosim_hook.h"

st_arg st_arg_f32(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  return ST_ARG_BITS32(b);
}

st_arg st_arg_f64(double x) {
  uint64_t b;
  memcpy(&b, &x, 8);
  return ST_ARG_BITS64(b);
}

st_status st_gpu_create(const st_config *cfg, st_gpu **out, st_error *err) {
  st_gpu *gpu = calloc(1, sizeof *gpu);
  if (gpu == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory creating a GPU");
  }
  gpu->cfg = *cfg;
  st_gmem_init(&gpu->gmem);
  st_status rc = st_cdp_create(&gpu->cfg, &gpu->gmem, &gpu->cdp, err);
  if (rc != ST_OK) {
    free(gpu);
    return rc;
  }
  *out = gpu;
  return ST_OK;
}

void st_kernel_release(st_kernel *k) {
  free(k->params);
  k->params = NULL;
}

void st_gpu_destroy(st_gpu *gpu) {
  if (gpu == NULL) {
    return;
  }
  for (size_t i = 0; i < gpu->n_queue; i++) {
    st_kernel_release(&gpu->queue[i]);
  }
  free(gpu->queue);
  st_tmachine_destroy(gpu->tm);
  for (size_t i = 0; i < gpu->n_traces; i++) {
    free(gpu->traces[i].inst);
  }
  free(gpu->traces);
  for (size_t i = 0; i < gpu->n_kstats; i++) {
    st_statset_free(&gpu->kstats[i]);
  }
  free(gpu->kstats);
  if (gpu->crit_rec != NULL) {
    st_critprof_free(gpu->crit_rec);
    free(gpu->crit_rec);
  }
  if (gpu->oracle != NULL) {
    st_critprof_free(gpu->oracle);
    free(gpu->oracle);
  }
  st_kmodules_free(gpu->modules);
  st_cdp_destroy(gpu->cdp);
  st_gmem_destroy(&gpu->gmem);
  free(gpu);
}

static st_status run_queue(st_gpu *gpu, st_error *err);

const st_config *st_gpu_config(const st_gpu *gpu) { return &gpu->cfg; }

st_run_totals st_gpu_totals(const st_gpu *gpu) { return gpu->totals; }

st_status st_malloc(st_gpu *gpu, uint64_t bytes, uint64_t *dptr, st_error *err) {
  st_status rc = st_gmem_alloc(&gpu->gmem, bytes, ST_ALLOC_USER, dptr, err);
  if (rc == ST_OK) {
    st_api_event ev = {.kind = ST_API_MALLOC, .dptr = *dptr, .bytes = bytes};
    st_gpu_record(gpu, &ev);
  }
  return rc;
}

st_status st_free(st_gpu *gpu, uint64_t dptr, st_error *err) {
  st_status rc = st_gmem_free(&gpu->gmem, dptr, err);
  if (rc == ST_OK) {
    st_api_event ev = {.kind = ST_API_FREE, .dptr = dptr};
    st_gpu_record(gpu, &ev);
  }
  return rc;
}

void st_gpu_record_api(st_gpu *gpu, st_api_recorder fn, void *ctx) {
  gpu->record = fn;
  gpu->record_ctx = ctx;
}

static uint8_t *host_range(st_gpu *gpu, uint64_t addr, uint64_t bytes, st_error *err) {
  uint8_t *p = st_gmem_ptr(&gpu->gmem, addr, bytes);
  if (p == NULL) {
    st_error_set(err, ST_ERR_USAGE,
                 "device range 0x%" PRIx64 " + %" PRIu64 " bytes is not inside one allocation",
                 addr, bytes);
  }
  return p;
}

st_status st_memcpy_htod(st_gpu *gpu, uint64_t dst, const void *src, uint64_t bytes,
                         st_error *err) {
  st_status rc = run_queue(gpu, err);
  if (rc != ST_OK) {
    return rc;
  }
  if (bytes == 0) {
    return ST_OK;
  }
  uint8_t *p = host_range(gpu, dst, bytes, err);
  if (p == NULL) {
    return ST_ERR_USAGE;
  }
  memcpy(p, src, bytes);
  st_api_event ev = {.kind = ST_API_HTOD, .dptr = dst, .bytes = bytes, .data = src};
  st_gpu_record(gpu, &ev);
  return ST_OK;
}

st_status st_memcpy_dtoh(st_gpu *gpu, void *dst, uint64_t src, uint64_t bytes, st_error *err) {
  st_status rc = run_queue(gpu, err);
  if (rc != ST_OK) {
    return rc;
  }
  if (bytes == 0) {
    return ST_OK;
  }
  uint8_t *p = host_range(gpu, src, bytes, err);
  if (p == NULL) {
    return ST_ERR_USAGE;
  }
  memcpy(dst, p, bytes);
  if (gpu->observe_copy != NULL) {
    gpu->observe_copy(gpu->observe_ctx, dst, bytes);
  }
  st_api_event ev = {.kind = ST_API_DTOH, .dptr = src, .bytes = bytes, .data = dst};
  st_gpu_record(gpu, &ev);
  return ST_OK;
}

void st_gpu_observe_copies(st_gpu *gpu, st_copy_observer fn, void *ctx) {
  gpu->observe_copy = fn;
  gpu->observe_ctx = ctx;
}

void st_gpu_set_cosim(st_gpu *gpu, const st_cosim_provider *p) { gpu->cosim = p; }

st_status st_gpu_prepare_cosim(st_gpu *gpu, st_error *err) {
  if (gpu->cfg.sim.mode != ST_MODE_TIMING || gpu->cfg.cosim.units[0] == '\0') {
    return ST_OK;
  }
  return st_timing_prepare(gpu, err);
}

st_status st_gpu_trace_power(st_gpu *gpu, FILE *f, st_error *err) {
  if (gpu->cfg.sim.mode != ST_MODE_TIMING) {
    return st_error_set(err, ST_ERR_USAGE,
                        "--power-trace: the power model runs in timing mode only (not with "
                        "--functional)");
  }
  if (!gpu->cfg.power.enabled) {
    return st_error_set(err, ST_ERR_USAGE, "--power-trace: power.enabled is false");
  }
  if (gpu->power_trace != NULL) {
    return st_error_set(err, ST_ERR_USAGE, "--power-trace given twice");
  }
  gpu->power_trace = f;
  return gpu->tm != NULL ? st_timing_attach_traces(gpu, err) : ST_OK;
}

st_status st_gpu_trace_unit(st_gpu *gpu, const char *unit, FILE *f, st_error *err) {
  const st_unit *u = st_unit_by_name(unit);
  if (u == NULL) {
    return st_error_set(err, ST_ERR_USAGE, "--trace: no unit named '%s' (see simtref units)",
                        unit);
  }
  if (gpu->cfg.sim.mode != ST_MODE_TIMING) {
    return st_error_set(err, ST_ERR_USAGE,
                        "--trace %s: units run in timing mode only (not with --functional)",
                        unit);
  }
  if (!st_unit_selected(u, &gpu->cfg)) {
    return st_error_set(err, ST_ERR_USAGE,
                        "--trace %s: the unit is not in use with this configuration (it is "
                        "selected by %s)",
                        unit, u->select);
  }
  for (size_t i = 0; i < gpu->n_traces; i++) {
    if (gpu->traces[i].unit == u) {
      return st_error_set(err, ST_ERR_USAGE, "--trace %s given twice", unit);
    }
  }
  st_unit_trace_run *t = realloc(gpu->traces, (gpu->n_traces + 1) * sizeof *t);
  if (t == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  gpu->traces = t;
  memset(&t[gpu->n_traces], 0, sizeof *t);
  t[gpu->n_traces].unit = u;
  t[gpu->n_traces].f = f;
  t[gpu->n_traces].t.f = f;
  gpu->n_traces++;
  return gpu->tm != NULL ? st_timing_attach_traces(gpu, err) : ST_OK;
}

st_status st_memset(st_gpu *gpu, uint64_t dst, uint8_t value, uint64_t bytes, st_error *err) {
  st_status rc = run_queue(gpu, err);
  if (rc != ST_OK) {
    return rc;
  }
  if (bytes == 0) {
    return ST_OK;
  }
  uint8_t *p = host_range(gpu, dst, bytes, err);
  if (p == NULL) {
    return ST_ERR_USAGE;
  }
  memset(p, value, bytes);
  st_api_event ev = {.kind = ST_API_MEMSET, .dptr = dst, .bytes = bytes, .value = value};
  st_gpu_record(gpu, &ev);
  return ST_OK;
}

st_status st_kernel_occupancy(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 block,
                              uint32_t shared_bytes, uint32_t *ctas_per_sm, st_error *err) {
  const st_function *f = st_module_find_func(mod->ir, entry);
  if (f == NULL || !f->is_entry) {
    return st_error_set(err, ST_ERR_USAGE, "occupancy: module %s has no kernel entry '%s'",
                        mod->ir->source_name, entry);
  }
  st_kernel k;
  memset(&k, 0, sizeof k);
  k.kmod = mod;
  k.mod = mod->ir;
  k.entry = f;
  k.entry_index = (uint32_t)(f - mod->ir->funcs);
  k.threads_per_cta = block.x * block.y * block.z;
  k.warps_per_cta = (k.threads_per_cta + ST_WARP_SIZE - 1) / ST_WARP_SIZE;
  k.static_shared = (uint32_t)(mod->ir->shared_bytes + f->shared_bytes);
  uint32_t dyn_base = (k.static_shared + 15) & ~UINT32_C(15);
  k.shared_total = shared_bytes ? dyn_base + shared_bytes : k.static_shared;
  if (k.threads_per_cta == 0) {
    return st_error_set(err, ST_ERR_USAGE, "occupancy: empty block");
  }
  k.regs_per_thread = st_kernel_regs(&gpu->cfg, &k);
  uint32_t limit = st_occupancy(&gpu->cfg, &k);
  *ctas_per_sm = st_tbs_policy_of(&gpu->cfg)->guaranteed(&gpu->cfg, limit);
  return ST_OK;
}

static st_status check_launch(const st_gpu *gpu, st_dim3 grid, st_dim3 block, st_error *err) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 ||
      block.z == 0) {
    return st_error_set(err, ST_ERR_USAGE, "launch: grid and block dimensions must be non-zero");
  }
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (block.x > 1024 || block.y > 1024 || block.z > 64 || threads > 1024) {
    return st_error_set(err, ST_ERR_USAGE,
                        "launch: block (%u, %u, %u) exceeds the limits (x, y <= 1024, z <= 64, "
                        "1024 threads)",
                        block.x, block.y, block.z);
  }
  if (grid.x > INT32_MAX || grid.y > 65535 || grid.z > 65535) {
    return st_error_set(err, ST_ERR_USAGE,
                        "launch: grid (%u, %u, %u) exceeds the limits (x < 2^31, y, z <= 65535)",
                        grid.x, grid.y, grid.z);
  }
  if (threads > (uint64_t)gpu->cfg.sm.max_threads) {
    return st_error_set(err, ST_ERR_USAGE,
                        "launch: a CTA of %" PRIu64 " threads does not fit an SM of %" PRId64
                        " threads",
                        threads, gpu->cfg.sm.max_threads);
  }
  return ST_OK;
}

st_status st_stream_create(st_gpu *gpu, uint32_t *stream, st_error *err) {
  if (gpu->n_streams == UINT32_MAX - 1) {
    return st_error_set(err, ST_ERR_USAGE, "too many streams");
  }
  *stream = ++gpu->n_streams;
  st_api_event ev = {.kind = ST_API_STREAM, .stream = *stream};
  st_gpu_record(gpu, &ev);
  return ST_OK;
}

st_status st_gpu_set_sm_clock(st_gpu *gpu, uint32_t sm, int64_t hz, st_error *err) {
  if (gpu->cfg.sim.mode != ST_MODE_TIMING) {
    return st_error_set(err, ST_ERR_USAGE, "SM clocks exist in timing mode only");
  }
  return st_timing_set_sm_clock(gpu, sm, hz, err);
}

st_status st_launch(st_gpu *gpu, st_kmodule *mod, const char *entry, st_dim3 grid,
                    st_dim3 block, uint32_t shared_bytes, const st_arg *args, size_t n_args,
                    st_error *err) {
  return st_launch_on(gpu, 0, mod, entry, grid, block, shared_bytes, args, n_args, err);
}

bool st_kmodule_param(const st_kmodule *mod, const char *entry, size_t i, uint64_t *size,
                      uint32_t *align, const char **name) {
  const st_module *m = mod->ir;
  const st_function *f = st_module_find_func(m, entry);
  if (f == NULL || !f->is_entry || i >= f->n_params) {
    return false;
  }
  const st_symbol *p = &m->syms[f->params[i]];
  *size = p->size;
  *align = p->align;
  *name = st_module_str(m, p->name);
  return true;
}

st_status st_kernel_make(const st_config *cfg, st_kmodule *mod, const st_function *f,
                         st_dim3 grid, st_dim3 block, uint32_t shared_bytes, st_kernel *out,
                         st_error *err) {
  const st_module *m = mod->ir;
  const char *entry = st_module_str(m, f->name);
  st_kernel k;
  memset(&k, 0, sizeof k);
  k.kmod = mod;
  k.mod = m;
  k.entry = f;
  k.entry_index = (uint32_t)(f - m->funcs);
  k.name = st_module_str(m, f->name);
  k.grid = grid;
  k.block = block;
  k.threads_per_cta = block.x * block.y * block.z;
  k.warps_per_cta = (k.threads_per_cta + ST_WARP_SIZE - 1) / ST_WARP_SIZE;
  k.num_ctas = (uint64_t)grid.x * grid.y * grid.z;
  k.static_shared = (uint32_t)(m->shared_bytes + f->shared_bytes);
  k.dyn_shared = shared_bytes;
  uint32_t dyn_base = (k.static_shared + 15) & ~UINT32_C(15);
  k.shared_total = shared_bytes ? dyn_base + shared_bytes : k.static_shared;
  if ((int64_t)k.shared_total > cfg->sm.shared_mem) {
    return st_error_set(err, ST_ERR_USAGE,
                        "launch of %s needs %u bytes of shared memory per CTA; an SM has %" PRId64,
                        entry, k.shared_total, cfg->sm.shared_mem);
  }
  k.regs_per_thread = st_kernel_regs(cfg, &k);
  k.local_stride = mod->stack_bytes[k.entry_index];
  k.reg_rows = mod->reg_rows[k.entry_index];
  k.rows = mod->rows[k.entry_index];
  k.param_size = (uint32_t)f->param_bytes;
  *out = k;
  return ST_OK;
}

st_status st_launch_on(st_gpu *gpu, uint32_t stream, st_kmodule *mod, const char *entry,
                       st_dim3 grid, st_dim3 block, uint32_t shared_bytes, const st_arg *args,
                       size_t n_args, st_error *err) {
  if (stream > gpu->n_streams) {
    return st_error_set(err, ST_ERR_USAGE, "launch of %s: stream %u was not created", entry,
                        stream);
  }
  const st_module *m = mod->ir;
  const st_function *f = st_module_find_func(m, entry);
  if (f == NULL || !f->is_entry) {
    return st_error_set(err, ST_ERR_USAGE, "launch: module %s has no kernel entry '%s'",
                        m->source_name, entry);
  }
  st_status rc = check_launch(gpu, grid, block, err);
  if (rc != ST_OK) {
    return rc;
  }
  if (n_args != f->n_params) {
    return st_error_set(err, ST_ERR_USAGE, "launch of %s: %zu arguments given, the kernel takes %u",
                        entry, n_args, f->n_params);
  }
  st_kernel k;
  rc = st_kernel_make(&gpu->cfg, mod, f, grid, block, shared_bytes, &k, err);
  if (rc != ST_OK) {
    return rc;
  }
  k.param_size = (uint32_t)f->param_bytes;
  k.params = calloc(1, k.param_size ? k.param_size : 1);
  if (k.params == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  for (size_t i = 0; i < n_args; i++) {
    const st_symbol *p = &m->syms[f->params[i]];
    if (args[i].size != p->size || (args[i].data == NULL && args[i].size > 8)) {
      free(k.params);
      return st_error_set(err, ST_ERR_USAGE,
                          "launch of %s: argument %zu has %u bytes, parameter '%s' has %" PRIu64,
                          entry, i, args[i].size, st_module_str(m, p->name), p->size);
    }
    memcpy(k.params + p->offset, args[i].data != NULL ? args[i].data : (const void *)&args[i].bits,
           args[i].size);
  }
  if (gpu->n_queue == gpu->cap_queue) {
    size_t cap = gpu->cap_queue ? gpu->cap_queue * 2 : 8;
    st_kernel *q = realloc(gpu->queue, cap * sizeof *q);
    if (q == NULL) {
      free(k.params);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    gpu->queue = q;
    gpu->cap_queue = cap;
  }
  k.launch_id = ++gpu->next_launch_id;
  k.stream = stream;
  gpu->queue[gpu->n_queue++] = k;
  gpu->host_launches++;
  st_api_event ev = {.kind = ST_API_LAUNCH, .name = entry, .module = m->source_name,
                     .grid = grid, .block = block, .shared_bytes = shared_bytes,
                     .stream = stream, .args = args, .n_args = n_args};
  st_gpu_record(gpu, &ev);
  return ST_OK;
}

st_statset *st_gpu_next_kernel_stats(st_gpu *gpu, const char *name) {
  if (gpu->n_kstats == gpu->cap_kstats) {
    size_t cap = gpu->cap_kstats ? gpu->cap_kstats * 2 : 16;
    st_statset *p = realloc(gpu->kstats, cap * sizeof *p);
    if (p == NULL) {
      return NULL;
    }
    gpu->kstats = p;
    gpu->cap_kstats = cap;
  }
  st_statset *s = &gpu->kstats[gpu->n_kstats++];
  st_statset_init(s, name);
  return s;
}

size_t st_gpu_kernel_count(const st_gpu *gpu) { return gpu->n_kstats; }

const st_statset *st_gpu_kernel_stats(const st_gpu *gpu, size_t i) {
  return i < gpu->n_kstats ? &gpu->kstats[i] : NULL;
}

void st_gpu_run_stats(st_gpu *gpu, st_statset *out) { st_timing_run_stats(gpu, out); }

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- functional mode: launch trees ------------------------------------------ */

/* The device launches of one grid while it runs (functional mode). */
typedef struct st_func_tree {
  st_cdp_launch *l;
  size_t n, cap;
} st_func_tree;

static st_status func_sink(void *ctx, st_cdp_launch *l, st_error *err) {
  st_gpu *gpu = ctx;
  st_func_tree *t = gpu->ftree;
  if (t->n == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 8;
    st_cdp_launch *p = realloc(t->l, cap * sizeof *p);
    if (p == NULL) {
      free(l->k.params);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    t->l = p;
    t->cap = cap;
  }
  l->k.launch_id = ++gpu->next_launch_id;
  t->l[t->n++] = *l;
  return ST_OK;
}

/* A device launch that failed makes the run fail, once. */
static st_status launch_errors(st_gpu *gpu, st_error *err) {
  const char *report;
  if (st_cdp_take_error(gpu->cdp, &report) == 0) {
    return ST_OK;
  }
  return st_error_set(err, ST_ERR_FAULT, "%s", report);
}

/* Runs grid k and then its launch tree: k's device launches in launch
 * order (each with its own tree), then its tail launches in order. Any
 * order the streams allow gives the same results, since a grid cannot wait
 * for its children (CUDA 12+): this one is launch order, depth first. */
static st_status run_tree(st_gpu *gpu, st_kernel *k, st_error *err) {
  st_func_tree mine = {NULL, 0, 0};
  st_func_tree *outer = gpu->ftree;
  gpu->ftree = &mine;
  st_status rc = st_run_functional(gpu, k, err);
  gpu->ftree = outer;
  gpu->totals.kernels++;
  if (rc == ST_OK) {
    /* A failed device launch stops the tree here (launches run depth
     * first: runaway recursion meets cdp.max_depth). */
    rc = launch_errors(gpu, err);
  }
  for (int tails = 0; tails < 2; tails++) {
    for (size_t i = 0; i < mine.n; i++) {
      st_cdp_launch *l = &mine.l[i];
      if ((l->kind == ST_CDP_TAIL) != (tails == 1) || l->k.params == NULL) {
        continue;
      }
      if (rc == ST_OK) {
        if (l->kind == ST_CDP_GROUP) {
          st_cdp_group_started(gpu->cdp, &l->k, 0, ST_GROUP_RUN);
        } else {
          st_cdp_started(gpu->cdp, &l->k, 0);
        }
        rc = run_tree(gpu, &l->k, err);
      }
      st_kernel_release(&l->k);
    }
  }
  free(mine.l);
  return rc;
}

static st_status run_queue(st_gpu *gpu, st_error *err) {
  st_status rc = ST_OK;
  if (gpu->broken && gpu->n_queue > 0) {
    rc = st_error_set(err, ST_ERR_USAGE,
                      "%zu launch(es) dropped: an earlier kernel failed on this GPU", gpu->n_queue);
  }
  if (rc == ST_OK && gpu->n_queue > 0) {
    double t0 = now_seconds();
    gpu->progress.sync_t0 = t0;
    gpu->progress.first_launch = gpu->host_launches - gpu->n_queue + 1;
    if (gpu->cfg.sim.mode == ST_MODE_TIMING) {
      /* Every launch through the launch queue: streams run concurrently. */
      rc = st_run_timing(gpu, gpu->queue, gpu->n_queue, err);
    } else {
      /* Functional mode runs the launches one after another, in launch
       * order, whatever their streams, each with its launch tree. */
      st_cdp_set_sink(gpu->cdp, func_sink, gpu);
      for (size_t i = 0; i < gpu->n_queue && rc == ST_OK; i++) {
        gpu->func_launch = gpu->progress.first_launch + i;
        rc = run_tree(gpu, &gpu->queue[i], err);
      }
      st_cdp_set_sink(gpu->cdp, NULL, NULL);
    }
    if (rc == ST_OK) {
      rc = launch_errors(gpu, err);
    }
    gpu->totals.wall_seconds += now_seconds() - t0;
    if (rc != ST_OK) {
      gpu->broken = true;
    }
  }
  for (size_t i = 0; i < gpu->n_queue; i++) {
    st_kernel_release(&gpu->queue[i]);
  }
  gpu->n_queue = 0;
  return rc;
}

st_status st_synchronize(st_gpu *gpu, st_error *err) {
  st_status rc = run_queue(gpu, err);
  if (rc == ST_OK) {
    st_api_event ev = {.kind = ST_API_SYNC};
    st_gpu_record(gpu, &ev);
  }
  return rc;
}
