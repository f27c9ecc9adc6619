/* Calls of the device runtime's built-in functions (func/devrt.h). */
#include <inttypes.h>
#include <stdio.h>

#include "func/devrt.h"
#include "func/exec_internal.h"

void st_devrt_site_describe(const st_devrt_site *s, char *buf, size_t size) {
  const st_kernel *k = s->env->k;
  const st_warp *w = s->w;
  uint32_t t = st_warp_thread_linear(w, s->lane);
  const st_inst *in = &k->mod->insts[s->pc];
  char text[160];
  st_inst_format(k->mod, in, text, sizeof text);
  snprintf(buf, size,
           "kernel %s, CTA (%u, %u, %u), thread (%u, %u, %u), at %s:%u:%u: %s", k->name,
           w->cta->ctaid.x, w->cta->ctaid.y, w->cta->ctaid.z, t % k->block.x,
           (t / k->block.x) % k->block.y, t / (k->block.x * k->block.y), k->mod->source_name,
           in->line, in->col, text);
}

/* Lane l's call-site variable i (arguments after the return values) and
 * its size. */
static uint8_t *site_var(st_ectx *c, const st_function *caller, uint32_t i, uint32_t l,
                         uint64_t *size) {
  const st_module *m = c->env->k->mod;
  const st_symbol *sym = &m->syms[m->call_syms[c->in->call_first + i]];
  st_warp *w = c->w;
  *size = sym->size;
  return w->local + (size_t)l * w->local_stride + w->local_base + caller->local_bytes +
         sym->offset;
}

/* `bytes` bytes at offset `at` of argument i (zero beyond the variable the
 * caller passed: a narrower argument reads as zero-extended). */
static uint64_t arg_bits(st_ectx *c, const st_function *caller, uint32_t i, uint32_t l,
                         uint32_t at, unsigned bytes) {
  uint64_t size, v = 0;
  const uint8_t *p = site_var(c, caller, c->in->n_call_rets + i, l, &size);
  if (at < size) {
    memcpy(&v, p + at, size - at < bytes ? (size_t)(size - at) : bytes);
  }
  return v;
}

static uint64_t arg_u64(st_ectx *c, const st_function *caller, uint32_t i, uint32_t l) {
  return arg_bits(c, caller, i, l, 0, 8);
}

static uint32_t arg_u32(st_ectx *c, const st_function *caller, uint32_t i, uint32_t l,
                        uint32_t at) {
  return (uint32_t)arg_bits(c, caller, i, l, at, 4);
}

static void set_ret(st_ectx *c, const st_function *caller, uint32_t l, uint64_t v,
                    unsigned bytes) {
  if (c->in->n_call_rets > 0) {
    uint64_t size;
    uint8_t *p = site_var(c, caller, 0, l, &size);
    memcpy(p, &v, size < bytes ? (size_t)size : bytes);
  }
}

void st_exec_builtin(st_ectx *c, const st_function *callee, const st_function *caller) {
  const st_devrt_ops *rt = c->env->devrt;
  void *ctx = c->env->devrt_ctx;
  st_builtin kind = (st_builtin)callee->builtin;
  uint32_t lane0 = (uint32_t)__builtin_ctz(c->mask);
  if (rt == NULL) {
    st_fault(c, lane0, 0, 0, "call of %s: no device runtime on this GPU",
             st_module_str(c->env->k->mod, callee->name));
    return;
  }
  st_devrt_site site = {c->env, c->w, 0, c->pc, (uint32_t)__builtin_popcount(c->mask)};
  ST_LANES(l, c->mask) {
    site.lane = l;
    st_status rc = ST_OK;
    switch (kind) {
    case ST_BI_PARAM_BUFFER: {
      uint32_t grid[3], block[3];
      for (uint32_t d = 0; d < 3; d++) {
        grid[d] = arg_u32(c, caller, 1, l, 4 * d);
        block[d] = arg_u32(c, caller, 2, l, 4 * d);
      }
      uint64_t buf = 0;
      rc = rt->param_buffer(ctx, &site, arg_u64(c, caller, 0, l), grid, block,
                            arg_u32(c, caller, 3, l, 0), &buf, c->env->err);
      set_ret(c, caller, l, buf, 8);
      break;
    }
    case ST_BI_LAUNCH: {
      uint32_t result = 0;
      rc = rt->launch(ctx, &site, arg_u64(c, caller, 0, l), arg_u64(c, caller, 1, l), &result,
                      c->env->err);
      set_ret(c, caller, l, result, 4);
      break;
    }
    case ST_BI_LAUNCH_AGG: {
      uint32_t agg[3], tb[3], result = 0;
      for (uint32_t d = 0; d < 3; d++) {
        agg[d] = arg_u32(c, caller, 2, l, 4 * d);
        tb[d] = arg_u32(c, caller, 3, l, 4 * d);
      }
      rc = rt->launch_agg(ctx, &site, arg_u64(c, caller, 0, l), arg_u64(c, caller, 1, l), agg, tb,
                          arg_u32(c, caller, 4, l, 0), &result, c->env->err);
      set_ret(c, caller, l, result, 4);
      break;
    }
    case ST_BI_STREAM_CREATE: {
      uint64_t handle = 0;
      uint32_t result = rt->stream_create(ctx, &site, arg_u32(c, caller, 1, l, 0), &handle);
      uint8_t *p = st_exec_generic_ptr(c, l, arg_u64(c, caller, 0, l), 8, true);
      if (p == NULL) {
        return; /* the fault is reported */
      }
      memcpy(p, &handle, 8);
      set_ret(c, caller, l, result, 4);
      break;
    }
    case ST_BI_STREAM_DESTROY:
      set_ret(c, caller, l, rt->stream_destroy(ctx, &site, arg_u64(c, caller, 0, l)), 4);
      break;
    case ST_BI_GET_LAST_ERROR:
    case ST_BI_PEEK_LAST_ERROR:
      set_ret(c, caller, l, rt->last_error(ctx, &site, kind == ST_BI_GET_LAST_ERROR), 4);
      break;
    default:
      st_fault(c, l, 0, 0, "call of an unknown built-in function");
      return;
    }
    if (rc != ST_OK) {
      char msg[sizeof c->env->err->msg];
      snprintf(msg, sizeof msg, "%s", c->env->err->msg);
      st_fault(c, l, 0, 0, "%s", msg);
      return;
    }
  }
  c->w->devrt_cycles = rt->cycles(ctx, kind, site.x);
}
