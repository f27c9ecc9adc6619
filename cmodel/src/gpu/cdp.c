/* The CUDA device runtime: see cdp.h and docs/cdp.md. */
#include "gpu/cdp.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "func/gmem.h"
#include "gpu/gpu_internal.h"

#define SLOT_BYTES 4096u      /* a parameter buffer (CUDA's device-launch limit) */
#define SLOTS_PER_CHUNK 64u   /* buffers per device allocation of the pool */
#define STREAM_HANDLE_BASE UINT64_C(0x1000) /* created streams: base + 16 * n */

/* A parameter buffer handed out and not yet launched. */
typedef struct cdp_slot {
  uint64_t addr;
  bool live;
  uint32_t func;      /* the entry's function index */
  const st_kmodule *kmod;
  st_dim3 grid, block;
  uint32_t shmem;
} cdp_slot;

/* A thread's last error (only non-zero ones are kept). */
typedef struct cdp_err {
  uint64_t launch_id, cta;
  uint32_t thread;
  uint32_t code;
} cdp_err;

struct st_cdp {
  const st_config *cfg;
  st_gmem *gmem;
  cdp_slot *slots;
  uint32_t n_slots;
  uint32_t *free_slots; /* a stack of free slot numbers */
  uint32_t n_free;
  uint32_t outstanding; /* buffers handed out and not launched */
  uint32_t pending;     /* launches made and not started */
  uint64_t next_stream;
  st_cdp_sink sink;
  void *sink_ctx;
  cdp_err *errs;
  size_t n_errs, cap_errs;
  uint32_t first_code;
  char first_report[1024];
  /* statistics */
  uint64_t launches[ST_CDP_KINDS];
  uint64_t skipped;     /* parameter buffers refused (NULL): no launch slot */
  uint64_t errors;      /* launches that returned an error */
  uint64_t calls[ST_BI_COUNT], call_lanes[ST_BI_COUNT], call_cycles[ST_BI_COUNT];
  uint64_t started, child_threads, child_ctas, child_threads_max, child_threads_min;
  uint64_t waited_sum, waited_max;
  uint32_t max_pending, max_depth;
  uint64_t streams_created;
  uint64_t groups_started, groups_joined, groups_as_kernels, group_ctas, group_waited_sum;
};

st_status st_cdp_create(const st_config *cfg, st_gmem *gmem, st_cdp **out, st_error *err) {
  st_cdp *rt = calloc(1, sizeof *rt);
  if (rt == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  rt->cfg = cfg;
  rt->gmem = gmem;
  rt->child_threads_min = UINT64_MAX;
  *out = rt;
  return ST_OK;
}

void st_cdp_destroy(st_cdp *rt) {
  if (rt == NULL) {
    return;
  }
  free(rt->slots);
  free(rt->free_slots);
  free(rt->errs);
  free(rt);
}

void st_cdp_set_sink(st_cdp *rt, st_cdp_sink sink, void *ctx) {
  rt->sink = sink;
  rt->sink_ctx = ctx;
}

uint32_t st_cdp_pending(const st_cdp *rt) { return rt->pending; }

uint32_t st_cdp_take_error(st_cdp *rt, const char **report) {
  *report = rt->first_report;
  uint32_t code = rt->first_code;
  rt->first_code = 0;
  return code;
}

void st_cdp_started(st_cdp *rt, const st_kernel *k, uint64_t waited) {
  if (k->depth == 0) {
    return;
  }
  rt->pending -= rt->pending > 0;
  uint64_t threads = (uint64_t)k->threads_per_cta * k->num_ctas;
  rt->started++;
  rt->child_threads += threads;
  rt->child_ctas += k->num_ctas;
  rt->child_threads_max = threads > rt->child_threads_max ? threads : rt->child_threads_max;
  rt->child_threads_min = threads < rt->child_threads_min ? threads : rt->child_threads_min;
  rt->waited_sum += waited;
  rt->waited_max = waited > rt->waited_max ? waited : rt->waited_max;
}

void st_cdp_group_started(st_cdp *rt, const st_kernel *k, uint64_t waited, st_group_start how) {
  rt->pending -= rt->pending > 0;
  rt->groups_started++;
  rt->groups_joined += how == ST_GROUP_JOINED;
  rt->groups_as_kernels += how == ST_GROUP_AS_KERNEL;
  rt->group_ctas += k->num_ctas;
  rt->group_waited_sum += waited;
}

/* ---- errors ---------------------------------------------------------------- */

static uint32_t thread_of(const st_devrt_site *s) {
  return s->w->index * ST_WARP_SIZE + s->lane;
}

static cdp_err *find_err(st_cdp *rt, const st_devrt_site *s) {
  uint64_t id = s->env->k->launch_id, cta = s->w->cta->linear_id;
  uint32_t t = thread_of(s);
  for (size_t i = 0; i < rt->n_errs; i++) {
    cdp_err *e = &rt->errs[i];
    if (e->launch_id == id && e->cta == cta && e->thread == t) {
      return e;
    }
  }
  return NULL;
}

static const char *error_name(uint32_t code) {
  switch (code) {
  case ST_CUDA_INVALID_VALUE: return "cudaErrorInvalidValue";
  case ST_CUDA_INVALID_CONFIGURATION: return "cudaErrorInvalidConfiguration";
  case ST_CUDA_LAUNCH_MAX_DEPTH_EXCEEDED: return "cudaErrorLaunchMaxDepthExceeded";
  case ST_CUDA_LAUNCH_PENDING_COUNT_EXCEEDED: return "cudaErrorLaunchPendingCountExceeded";
  case ST_CUDA_INVALID_DEVICE_FUNCTION: return "cudaErrorInvalidDeviceFunction";
  case ST_CUDA_INVALID_RESOURCE_HANDLE: return "cudaErrorInvalidResourceHandle";
  case ST_CUDA_NOT_SUPPORTED: return "cudaErrorNotSupported";
  default: return "cudaError";
  }
}

/* A device-runtime call failed with code: the thread's last error, the
 * run's first error report. Returns code. */
static uint32_t fail(st_cdp *rt, const st_devrt_site *s, uint32_t code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static uint32_t fail(st_cdp *rt, const st_devrt_site *s, uint32_t code, const char *fmt, ...) {
  rt->errors++;
  cdp_err *e = find_err(rt, s);
  if (e == NULL) {
    if (rt->n_errs == rt->cap_errs) {
      size_t cap = rt->cap_errs ? rt->cap_errs * 2 : 16;
      cdp_err *p = realloc(rt->errs, cap * sizeof *p);
      if (p != NULL) {
        rt->errs = p;
        rt->cap_errs = cap;
      }
    }
    if (rt->n_errs < rt->cap_errs) {
      e = &rt->errs[rt->n_errs++];
      e->launch_id = s->env->k->launch_id;
      e->cta = s->w->cta->linear_id;
      e->thread = thread_of(s);
    }
  }
  if (e != NULL) {
    e->code = code;
  }
  if (rt->first_code == 0) {
    char what[384], where[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    st_devrt_site_describe(s, where, sizeof where);
    snprintf(rt->first_report, sizeof rt->first_report, "device launch failed with %s (%u): %s\n  %s",
             error_name(code), code, what, where);
    rt->first_code = code;
  }
  return code;
}

/* ---- parameter buffers -------------------------------------------------------- */

static st_status grow_slots(st_cdp *rt, st_error *err) {
  uint32_t n = rt->n_slots + SLOTS_PER_CHUNK;
  cdp_slot *s = realloc(rt->slots, n * sizeof *s);
  if (s == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  rt->slots = s;
  uint32_t *f = realloc(rt->free_slots, n * sizeof *f);
  if (f == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  rt->free_slots = f;
  uint64_t base;
  st_status rc = st_gmem_alloc(rt->gmem, (uint64_t)SLOT_BYTES * SLOTS_PER_CHUNK, ST_ALLOC_USER,
                               &base, err);
  if (rc != ST_OK) {
    return rc;
  }
  for (uint32_t i = 0; i < SLOTS_PER_CHUNK; i++) {
    cdp_slot *sl = &rt->slots[rt->n_slots + i];
    memset(sl, 0, sizeof *sl);
    sl->addr = base + (uint64_t)i * SLOT_BYTES;
  }
  /* Free slots are taken from the top: lowest address first. */
  for (uint32_t i = SLOTS_PER_CHUNK; i-- > 0;) {
    rt->free_slots[rt->n_free++] = rt->n_slots + i;
  }
  rt->n_slots = n;
  return ST_OK;
}

/* The slot whose buffer starts at addr, or NULL. */
static cdp_slot *slot_at(st_cdp *rt, uint64_t addr) {
  for (uint32_t c = 0; c < rt->n_slots; c += SLOTS_PER_CHUNK) {
    uint64_t base = rt->slots[c].addr;
    if (addr >= base && addr < base + (uint64_t)SLOT_BYTES * SLOTS_PER_CHUNK &&
        (addr - base) % SLOT_BYTES == 0) {
      cdp_slot *s = &rt->slots[c + (addr - base) / SLOT_BYTES];
      return s->live ? s : NULL;
    }
  }
  return NULL;
}

static st_status param_buffer(void *ctx, const st_devrt_site *s, uint64_t func,
                              const uint32_t grid[3], const uint32_t block[3], uint32_t shmem,
                              uint64_t *buf, st_error *err) {
  st_cdp *rt = ctx;
  const st_kernel *k = s->env->k;
  const st_module *m = k->mod;
  *buf = 0;
  uint64_t index = ST_FUNC_INDEX(func);
  if (func < ST_FUNC_ADDRESS_BASE || func != ST_FUNC_ADDRESS(index) || index >= m->n_funcs ||
      !m->funcs[index].is_entry) {
    fail(rt, s, ST_CUDA_INVALID_DEVICE_FUNCTION,
         "cudaGetParameterBuffer of 0x%" PRIx64 ", which is not a kernel of module %s", func,
         m->source_name);
    return ST_OK;
  }
  if (m->funcs[index].param_bytes > SLOT_BYTES) {
    return st_error_set(err, ST_ERR_FAULT,
                        "device launch of %s: its %" PRIu64 " bytes of parameters exceed the "
                        "device runtime's %u",
                        st_module_str(m, m->funcs[index].name), m->funcs[index].param_bytes,
                        SLOT_BYTES);
  }
  if (rt->pending + rt->outstanding >= (uint64_t)rt->cfg->cdp.pending_limit) {
    rt->skipped++;
    fail(rt, s, ST_CUDA_LAUNCH_PENDING_COUNT_EXCEEDED,
         "%u launches pending, the limit cdp.pending_limit is %" PRId64
         " (cudaGetParameterBuffer returned NULL)",
         rt->pending + rt->outstanding, rt->cfg->cdp.pending_limit);
    return ST_OK;
  }
  if (rt->n_free == 0) {
    st_status rc = grow_slots(rt, err);
    if (rc != ST_OK) {
      return rc;
    }
  }
  cdp_slot *sl = &rt->slots[rt->free_slots[--rt->n_free]];
  sl->live = true;
  sl->func = (uint32_t)index;
  sl->kmod = k->kmod;
  sl->grid = (st_dim3){grid[0], grid[1], grid[2]};
  sl->block = (st_dim3){block[0], block[1], block[2]};
  sl->shmem = shmem;
  uint8_t *p = st_gmem_ptr(rt->gmem, sl->addr, SLOT_BYTES);
  if (p != NULL) {
    memset(p, 0, SLOT_BYTES);
  }
  rt->outstanding++;
  *buf = sl->addr;
  return ST_OK;
}

static void release_slot(st_cdp *rt, cdp_slot *sl) {
  sl->live = false;
  rt->free_slots[rt->n_free++] = (uint32_t)(sl - rt->slots);
  rt->outstanding--;
}

/* True if handle is a stream cudaStreamCreateWithFlags made. */
static bool created_stream(const st_cdp *rt, uint64_t handle) {
  return handle >= STREAM_HANDLE_BASE && (handle - STREAM_HANDLE_BASE) % 16 == 0 &&
         (handle - STREAM_HANDLE_BASE) / 16 < rt->next_stream;
}

/* Core cycles one warp spends in a call of kind made by x of its lanes
 * (spec §1.1.2: A * x + b). */
static uint64_t call_latency(const st_config *cfg, st_builtin kind, uint32_t x) {
  switch (kind) {
  case ST_BI_PARAM_BUFFER:
    return (uint64_t)cfg->cdp.param_buffer_b + (uint64_t)cfg->cdp.param_buffer_a * x;
  case ST_BI_LAUNCH:
    return (uint64_t)cfg->cdp.launch_b + (uint64_t)cfg->cdp.launch_a * x;
  case ST_BI_STREAM_CREATE:
    return (uint64_t)cfg->cdp.stream_create;
  case ST_BI_LAUNCH_AGG:
    return (uint64_t)cfg->dtbl.launch_b + (uint64_t)cfg->dtbl.launch_a * x;
  default:
    return 0;
  }
}

/* The launch shape's error, as the device runtime checks it, or NULL. */
static const char *bad_shape(const st_config *cfg, const cdp_slot *sl) {
  st_dim3 g = sl->grid, b = sl->block;
  uint64_t threads = (uint64_t)b.x * b.y * b.z;
  if (g.x == 0 || g.y == 0 || g.z == 0 || b.x == 0 || b.y == 0 || b.z == 0) {
    return "a grid or block dimension is zero";
  }
  if (b.x > 1024 || b.y > 1024 || b.z > 64 || threads > 1024 ||
      threads > (uint64_t)cfg->sm.max_threads) {
    return "the block exceeds the limits (x, y <= 1024, z <= 64, 1024 threads, sm.max_threads)";
  }
  if (g.x > INT32_MAX || g.y > 65535 || g.z > 65535) {
    return "the grid exceeds the limits (x < 2^31, y, z <= 65535)";
  }
  return NULL;
}

/* Makes the launch of buffer sl (its kernel, grid, block and shared memory
 * as given) of stream kind `kind` once the caller's checks passed: the
 * shape and depth checks, the kernel, its parameters, the sink. */
static st_status make_launch(st_cdp *rt, const st_devrt_site *s, cdp_slot *sl, st_cdp_kind kind,
                             uint64_t stream, st_builtin call, uint32_t *result, st_error *err) {
  const st_kernel *parent = s->env->k;
  const st_module *m = sl->kmod->ir;
  const st_function *f = &m->funcs[sl->func];
  const char *child = st_module_str(m, f->name);
  const char *what = kind == ST_CDP_GROUP ? "group launch" : "launch";
  const char *shape = bad_shape(rt->cfg, sl);
  if (shape != NULL) {
    *result = fail(rt, s, ST_CUDA_INVALID_CONFIGURATION,
                   "%s of %s with grid (%u, %u, %u), block (%u, %u, %u): %s", what, child,
                   sl->grid.x, sl->grid.y, sl->grid.z, sl->block.x, sl->block.y, sl->block.z,
                   shape);
  } else if (parent->depth + 1 > (uint64_t)rt->cfg->cdp.max_depth) {
    *result = fail(rt, s, ST_CUDA_LAUNCH_MAX_DEPTH_EXCEEDED,
                   "%s of %s at nesting depth %u, deeper than cdp.max_depth (%" PRId64 ")", what,
                   child, parent->depth + 1, rt->cfg->cdp.max_depth);
  }
  if (*result != ST_CUDA_SUCCESS) {
    release_slot(rt, sl);
    return ST_OK;
  }
  st_cdp_launch l;
  memset(&l, 0, sizeof l);
  st_status rc = st_kernel_make(rt->cfg, (st_kmodule *)sl->kmod, f, sl->grid, sl->block,
                                sl->shmem, &l.k, err);
  if (rc != ST_OK) {
    /* Too much shared memory for an SM: a configuration error. */
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s", err->msg);
    st_error_clear(err);
    *result = fail(rt, s, ST_CUDA_INVALID_CONFIGURATION, "%s", msg);
    release_slot(rt, sl);
    return ST_OK;
  }
  l.k.params = malloc(l.k.param_size ? l.k.param_size : 1);
  const uint8_t *p = st_gmem_ptr(rt->gmem, sl->addr, SLOT_BYTES);
  if (l.k.params == NULL || p == NULL) {
    free(l.k.params);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  memcpy(l.k.params, p, l.k.param_size);
  release_slot(rt, sl);
  l.k.depth = parent->depth + 1;
  l.parent_id = parent->launch_id;
  l.parent_cta = s->w->cta->linear_id;
  l.parent_sm = s->w->cta->smid;
  l.hw_tid = s->w->hw_slot * ST_WARP_SIZE + s->lane;
  l.stream = kind == ST_CDP_CREATED ? stream : 0;
  l.kind = (uint8_t)kind;
  l.t_arrive = s->env->clock + call_latency(rt->cfg, call, s->x);
  if (rt->sink == NULL) {
    free(l.k.params);
    return st_error_set(err, ST_ERR_FAULT, "device %s of %s: no launch queue", what, child);
  }
  rt->launches[kind]++;
  rt->pending++;
  rt->max_pending = rt->pending > rt->max_pending ? rt->pending : rt->max_pending;
  rt->max_depth = l.k.depth > rt->max_depth ? l.k.depth : rt->max_depth;
  return rt->sink(rt->sink_ctx, &l, err);
}

static st_status launch(void *ctx, const st_devrt_site *s, uint64_t buf, uint64_t stream,
                        uint32_t *result, st_error *err) {
  st_cdp *rt = ctx;
  *result = ST_CUDA_SUCCESS;
  cdp_slot *sl = slot_at(rt, buf);
  if (sl == NULL) {
    *result = fail(rt, s, ST_CUDA_INVALID_VALUE,
                   "cudaLaunchDevice of 0x%" PRIx64
                   ", which is not a parameter buffer from cudaGetParameterBuffer",
                   buf);
    return ST_OK;
  }
  st_cdp_kind kind = stream == 0                           ? ST_CDP_DEFAULT
                     : stream == ST_STREAM_TAIL_LAUNCH     ? ST_CDP_TAIL
                     : stream == ST_STREAM_FIRE_AND_FORGET ? ST_CDP_FORGET
                     : created_stream(rt, stream)           ? ST_CDP_CREATED
                                                            : ST_CDP_KINDS;
  if (kind == ST_CDP_KINDS) {
    const st_module *m = sl->kmod->ir;
    *result = fail(rt, s, ST_CUDA_INVALID_RESOURCE_HANDLE,
                   "launch of %s on stream 0x%" PRIx64 ", which is not a stream",
                   st_module_str(m, m->funcs[sl->func].name), stream);
    release_slot(rt, sl);
    return ST_OK;
  }
  return make_launch(rt, s, sl, kind, stream, ST_BI_LAUNCH, result, err);
}

/* cudaLaunchAggGroup (DTBL, docs/units/dtbl.md): the group runs entry func
 * with the call's group size, block shape and shared memory; its
 * parameters are the buffer's. */
static st_status launch_agg(void *ctx, const st_devrt_site *s, uint64_t func, uint64_t buf,
                            const uint32_t agg[3], const uint32_t tb[3], uint32_t shmem,
                            uint32_t *result, st_error *err) {
  st_cdp *rt = ctx;
  const st_module *m = s->env->k->mod;
  *result = ST_CUDA_SUCCESS;
  if (!rt->cfg->dtbl.enable) {
    *result = fail(rt, s, ST_CUDA_NOT_SUPPORTED,
                   "cudaLaunchAggGroup: this GPU has no dynamic thread-block launch "
                   "(dtbl.enable is false; configs/k20c.yaml enables it)");
    return ST_OK;
  }
  uint64_t index = ST_FUNC_INDEX(func);
  if (func < ST_FUNC_ADDRESS_BASE || func != ST_FUNC_ADDRESS(index) || index >= m->n_funcs ||
      !m->funcs[index].is_entry) {
    *result = fail(rt, s, ST_CUDA_INVALID_DEVICE_FUNCTION,
                   "cudaLaunchAggGroup of 0x%" PRIx64 ", which is not a kernel of module %s",
                   func, m->source_name);
    return ST_OK;
  }
  cdp_slot *sl = slot_at(rt, buf);
  if (sl == NULL) {
    *result = fail(rt, s, ST_CUDA_INVALID_VALUE,
                   "cudaLaunchAggGroup of %s with 0x%" PRIx64
                   ", which is not a parameter buffer from cudaGetParameterBuffer",
                   st_module_str(m, m->funcs[index].name), buf);
    return ST_OK;
  }
  if (sl->func != index || sl->kmod != s->env->k->kmod) {
    const st_module *bm = sl->kmod->ir;
    *result = fail(rt, s, ST_CUDA_INVALID_DEVICE_FUNCTION,
                   "cudaLaunchAggGroup of %s with a parameter buffer made for %s",
                   st_module_str(m, m->funcs[index].name),
                   st_module_str(bm, bm->funcs[sl->func].name));
    release_slot(rt, sl);
    return ST_OK;
  }
  sl->grid = (st_dim3){agg[0], agg[1], agg[2]};
  sl->block = (st_dim3){tb[0], tb[1], tb[2]};
  sl->shmem = shmem;
  return make_launch(rt, s, sl, ST_CDP_GROUP, 0, ST_BI_LAUNCH_AGG, result, err);
}

static uint32_t stream_create(void *ctx, const st_devrt_site *s, uint32_t flags,
                              uint64_t *stream) {
  st_cdp *rt = ctx;
  (void)s;
  (void)flags; /* only non-blocking streams exist on the device */
  *stream = STREAM_HANDLE_BASE + 16 * rt->next_stream++;
  rt->streams_created++;
  return ST_CUDA_SUCCESS;
}

static uint32_t stream_destroy(void *ctx, const st_devrt_site *s, uint64_t stream) {
  st_cdp *rt = ctx;
  if (created_stream(rt, stream)) {
    return ST_CUDA_SUCCESS; /* its launches still run in order */
  }
  return fail(rt, s, ST_CUDA_INVALID_RESOURCE_HANDLE,
              "cudaStreamDestroy of 0x%" PRIx64 ", which is not a created stream", stream);
}

static uint32_t last_error(void *ctx, const st_devrt_site *s, bool reset) {
  st_cdp *rt = ctx;
  cdp_err *e = find_err(rt, s);
  if (e == NULL) {
    return ST_CUDA_SUCCESS;
  }
  uint32_t code = e->code;
  if (reset) {
    e->code = ST_CUDA_SUCCESS;
  }
  return code;
}

static uint32_t cycles(void *ctx, st_builtin kind, uint32_t x) {
  st_cdp *rt = ctx;
  uint64_t c = call_latency(rt->cfg, kind, x);
  rt->calls[kind]++;
  rt->call_lanes[kind] += x;
  rt->call_cycles[kind] += c;
  return c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

static const st_devrt_ops ops = {param_buffer, launch,     launch_agg, stream_create,
                                 stream_destroy, last_error, cycles};

const st_devrt_ops *st_cdp_ops(void) { return &ops; }

bool st_cdp_used(const st_cdp *rt) {
  for (int b = 1; b < ST_BI_COUNT; b++) {
    if (rt->calls[b] != 0) {
      return true;
    }
  }
  return false;
}

void st_cdp_stats(const st_cdp *rt, st_statset *out) {
  uint64_t all = 0;
  for (int k = ST_CDP_DEFAULT; k < ST_CDP_GROUP; k++) {
    all += rt->launches[k];
  }
  if (!st_cdp_used(rt)) {
    return; /* no device runtime use: no cdp statistics */
  }
  st_stat_u(out, "cdp.launches", all);
  st_stat_u(out, "cdp.launches.default_stream", rt->launches[ST_CDP_DEFAULT]);
  st_stat_u(out, "cdp.launches.tail", rt->launches[ST_CDP_TAIL]);
  st_stat_u(out, "cdp.launches.fire_and_forget", rt->launches[ST_CDP_FORGET]);
  st_stat_u(out, "cdp.launches.created_stream", rt->launches[ST_CDP_CREATED]);
  st_stat_u(out, "cdp.skipped_launches", rt->skipped);
  st_stat_u(out, "cdp.errors", rt->errors);
  st_stat_u(out, "cdp.streams_created", rt->streams_created);
  st_stat_u(out, "cdp.max_pending", rt->max_pending);
  st_stat_u(out, "cdp.max_depth", rt->max_depth);
  static const char *const names[ST_BI_COUNT] = {
      [ST_BI_PARAM_BUFFER] = "param_buffer", [ST_BI_LAUNCH] = "launch_device",
      [ST_BI_STREAM_CREATE] = "stream_create"};
  for (int b = 1; b < ST_BI_COUNT; b++) {
    if (names[b] == NULL) {
      continue;
    }
    char key[96];
    snprintf(key, sizeof key, "cdp.%s.warp_calls", names[b]);
    st_stat_u(out, key, rt->calls[b]);
    snprintf(key, sizeof key, "cdp.%s.thread_calls", names[b]);
    st_stat_u(out, key, rt->call_lanes[b]);
    snprintf(key, sizeof key, "cdp.%s.latency_avg", names[b]);
    st_stat_d(out, key, rt->calls[b] ? (double)rt->call_cycles[b] / (double)rt->calls[b] : 0.0);
  }
  st_stat_u(out, "cdp.child_kernels", rt->started);
  st_stat_u(out, "cdp.child_ctas", rt->child_ctas);
  st_stat_d(out, "cdp.child_threads_avg",
            rt->started ? (double)rt->child_threads / (double)rt->started : 0.0);
  st_stat_u(out, "cdp.child_threads_min", rt->started ? rt->child_threads_min : 0);
  st_stat_u(out, "cdp.child_threads_max", rt->child_threads_max);
  st_stat_d(out, "cdp.pending_wait_avg",
            rt->started ? (double)rt->waited_sum / (double)rt->started : 0.0);
  st_stat_u(out, "cdp.pending_wait_max", rt->waited_max);
  if (rt->calls[ST_BI_LAUNCH_AGG] == 0) {
    return;
  }
  /* DTBL's group launches (docs/units/dtbl.md). */
  st_stat_u(out, "dtbl.groups", rt->launches[ST_CDP_GROUP]);
  st_stat_u(out, "dtbl.launch_agg.warp_calls", rt->calls[ST_BI_LAUNCH_AGG]);
  st_stat_u(out, "dtbl.launch_agg.thread_calls", rt->call_lanes[ST_BI_LAUNCH_AGG]);
  st_stat_d(out, "dtbl.launch_agg.latency_avg",
            (double)rt->call_cycles[ST_BI_LAUNCH_AGG] / (double)rt->calls[ST_BI_LAUNCH_AGG]);
  st_stat_u(out, "dtbl.groups_started", rt->groups_started);
  if (rt->groups_joined + rt->groups_as_kernels != 0) {
    /* Timing mode: where the groups went (the eligible-kernel hit rate). */
    st_stat_u(out, "dtbl.groups_coalesced", rt->groups_joined);
    st_stat_u(out, "dtbl.groups_as_kernels", rt->groups_as_kernels);
    st_stat_d(out, "dtbl.coalesce_rate",
              (double)rt->groups_joined / (double)(rt->groups_joined + rt->groups_as_kernels));
  }
  st_stat_u(out, "dtbl.group_ctas", rt->group_ctas);
  st_stat_d(out, "dtbl.group_ctas_avg",
            rt->groups_started ? (double)rt->group_ctas / (double)rt->groups_started : 0.0);
  st_stat_d(out, "dtbl.group_wait_avg",
            rt->groups_started ? (double)rt->group_waited_sum / (double)rt->groups_started : 0.0);
}
