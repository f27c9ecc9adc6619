/* The warp instruction cycle: guard, dispatch, control flow on the SIMT
 * stack, calls and returns, barriers, special registers and fault reports. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/bits.h"
#include "func/addrspace.h"
#include "func/exec_internal.h"

/* ---- warp set-up ------------------------------------------------------ */

static bool stack_reserve(st_warp *w, uint32_t need) {
  if (need <= w->stack_cap) {
    return true;
  }
  uint32_t cap = w->stack_cap ? w->stack_cap * 2 : 8;
  while (cap < need) {
    cap *= 2;
  }
  st_simt_entry *p = realloc(w->stack, cap * sizeof *p);
  if (p == NULL) {
    return false;
  }
  w->stack = p;
  w->stack_cap = cap;
  return true;
}

/* Zeroes the rows from `from` up that are not zeroed on first touch (those
 * at and above ST_REG_LAZY_ROWS). */
static void zero_eager_rows(st_warp *w, uint32_t from) {
  uint32_t lo = from > ST_REG_LAZY_ROWS ? from : ST_REG_LAZY_ROWS;
  if (w->n_rows > lo) {
    memset(w->regs + (size_t)lo * ST_WARP_SIZE, 0,
           (size_t)(w->n_rows - lo) * ST_WARP_SIZE * sizeof *w->regs);
  }
}

/* Points w, whose registers and local stack are allocated and read as zero
 * (registers: st_warp_row) and whose other fields are zero but the call
 * frames, at the entry of k as warp `index` of cta. */
static void warp_start(st_warp *w, st_cta *cta, uint32_t index, uint32_t valid,
                       const st_kernel *k) {
  w->cta = cta;
  w->index = index;
  w->valid = valid;
  w->state = ST_WARP_READY;
  w->stack[0].pc = k->entry->first_inst;
  w->stack[0].rpc = ST_NO_PC;
  w->stack[0].mask = valid;
  w->stack[0].call = 0;
  w->depth = 1;
  w->local_top = k->kmod->frame_bytes[k->entry_index];
  w->reg_rows = k->reg_rows ? k->reg_rows : 1;
  w->row_map = k->entry->rows;
  if (valid == 0) {
    w->state = ST_WARP_DONE;
    w->depth = 0;
  }
}

st_status st_warp_init(st_warp *w, st_cta *cta, uint32_t index, uint32_t valid,
                       const st_kernel *k, st_error *err) {
  /* (The call frames are written by each call before they are read.) */
  memset(w, 0, offsetof(st_warp, frames));
  w->n_rows = k->rows ? k->rows : 1;
  w->regs = malloc((size_t)w->n_rows * ST_WARP_SIZE * sizeof *w->regs);
  if (w->regs != NULL) {
    zero_eager_rows(w, 0);
  }
  w->local_stride = k->local_stride;
  if (w->local_stride) {
    w->local = calloc((size_t)w->local_stride * ST_WARP_SIZE, 1);
  }
  if (w->regs == NULL || (w->local_stride && w->local == NULL) || !stack_reserve(w, 8)) {
    st_warp_free(w);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory for warp state");
  }
  warp_start(w, cta, index, valid, k);
  return ST_OK;
}

st_status st_warp_reinit(st_warp *w, st_cta *cta, uint32_t index, uint32_t valid,
                         const st_kernel *k, st_error *err) {
  uint32_t rows = k->rows ? k->rows : 1;
  if (w->regs == NULL || w->stack == NULL || w->n_rows != rows ||
      w->local_stride != k->local_stride) {
    st_warp_free(w);
    return st_warp_init(w, cta, index, valid, k, err);
  }
  uint64_t *regs = w->regs;
  uint8_t *local = w->local;
  st_simt_entry *stack = w->stack;
  uint32_t stack_cap = w->stack_cap;
  memset(w, 0, offsetof(st_warp, frames)); /* (every row untouched again) */
  if (k->local_stride) {
    memset(local, 0, (size_t)k->local_stride * ST_WARP_SIZE);
  }
  memset(stack, 0, stack_cap * sizeof *stack);
  w->regs = regs;
  w->n_rows = rows;
  zero_eager_rows(w, 0);
  w->local = local;
  w->local_stride = k->local_stride;
  w->stack = stack;
  w->stack_cap = stack_cap;
  warp_start(w, cta, index, valid, k);
  return ST_OK;
}

void st_warp_free(st_warp *w) {
  free(w->regs);
  free(w->local);
  free(w->stack);
  w->regs = NULL;
  w->local = NULL;
  w->stack = NULL;
}

/* ---- operands --------------------------------------------------------- */

static uint64_t sreg_value(st_ectx *c, const st_operand *o, uint32_t lane) {
  const st_warp *w = c->w;
  const st_cta *cta = w->cta;
  const st_kernel *k = c->env->k;
  uint32_t t = st_warp_thread_linear(w, lane);
  uint32_t bx = k->block.x, by = k->block.y;
  switch ((st_sreg)o->sreg) {
  case SREG_TID: {
    uint32_t v[3] = {t % bx, (t / bx) % by, t / (bx * by)};
    return v[o->comp % 3];
  }
  case SREG_NTID: {
    uint32_t v[3] = {k->block.x, k->block.y, k->block.z};
    return v[o->comp % 3];
  }
  case SREG_CTAID: {
    uint32_t v[3] = {cta->ctaid.x, cta->ctaid.y, cta->ctaid.z};
    return v[o->comp % 3];
  }
  case SREG_NCTAID: {
    uint32_t v[3] = {k->grid.x, k->grid.y, k->grid.z};
    return v[o->comp % 3];
  }
  case SREG_LANEID: return lane;
  case SREG_WARPID: return cta->slot * k->warps_per_cta + w->index;
  case SREG_NWARPID: return c->env->nwarpid;
  case SREG_SMID: return cta->smid;
  case SREG_NSMID: return c->env->nsmid;
  case SREG_GRIDID: return k->launch_id;
  case SREG_LANEMASK_EQ: return UINT32_C(1) << lane;
  case SREG_LANEMASK_LT: return (UINT32_C(1) << lane) - 1;
  case SREG_LANEMASK_LE: return (uint32_t)((UINT64_C(2) << lane) - 1);
  case SREG_LANEMASK_GT: return (uint32_t)~((UINT64_C(2) << lane) - 1);
  case SREG_LANEMASK_GE: return (uint32_t)~((UINT32_C(1) << lane) - 1);
  case SREG_CLOCK: return (uint32_t)c->env->clock;
  case SREG_CLOCK_HI: return (uint32_t)(c->env->clock >> 32);
  case SREG_CLOCK64: return c->env->clock;
  case SREG_GLOBALTIMER: return c->env->time_ns;
  case SREG_GLOBALTIMER_LO: return (uint32_t)c->env->time_ns;
  case SREG_GLOBALTIMER_HI: return (uint32_t)(c->env->time_ns >> 32);
  case SREG_DYNAMIC_SMEM_SIZE: return k->dyn_shared;
  case SREG_TOTAL_SMEM_SIZE: return k->shared_total;
  case SREG_ENVREG: return 0;
  case SREG_PM: return 0;
  case SREG_COUNT: break;
  }
  return 0;
}

/* A special register for the active lanes of the warp into t, the values
 * of sreg_value. One that is the same for every thread (%ntid, %ctaid, the
 * clocks, ...) is looked up once; %tid, the one that depends on the lane in
 * a way worth the trouble, steps through the block's shape lane by lane
 * instead of dividing for each. */
static void sreg_lanes(st_ectx *c, const st_operand *o, uint64_t *t) {
  switch ((st_sreg)o->sreg) {
  case SREG_TID:
    break;
  case SREG_LANEID:
  case SREG_LANEMASK_EQ:
  case SREG_LANEMASK_LT:
  case SREG_LANEMASK_LE:
  case SREG_LANEMASK_GT:
  case SREG_LANEMASK_GE:
    ST_LANES(l, c->active) { t[l] = sreg_value(c, o, l); }
    return;
  default:
    /* The same for every thread of the warp. */
    if (c->active != 0) {
      st_lanes_fill(t, c->active, sreg_value(c, o, (uint32_t)__builtin_ctz(c->active)));
    }
    return;
  }
  const st_kernel *k = c->env->k;
  const uint32_t bx = k->block.x, by = k->block.y;
  const uint32_t t0 = st_warp_thread_linear(c->w, 0);
  uint32_t x = t0 % bx, y = (t0 / bx) % by, z = t0 / (bx * by);
  const unsigned comp = o->comp % 3;
  for (uint32_t l = 0, m = c->active; m != 0; l++, m >>= 1) {
    if (m & 1u) {
      t[l] = comp == 0 ? x : comp == 1 ? y : z;
    }
    if (++x == bx) {
      x = 0;
      if (++y == by) {
        y = 0;
        z++;
      }
    }
  }
}

/* Address of a symbol as seen by the running thread: a device address for
 * global/const variables, an offset for shared, param and local ones. */
static uint64_t symbol_address(st_ectx *c, uint32_t sym_index) {
  const st_kernel *k = c->env->k;
  const st_symbol *s = &k->mod->syms[sym_index];
  switch ((st_space)s->space) {
  case SP_GLOBAL:
  case SP_CONST:
    return k->kmod->sym_addr[sym_index];
  case SP_SHARED:
    if (s->is_extern && s->size == 0) {
      uint64_t a = s->align ? s->align : 1;
      return (k->static_shared + a - 1) / a * a;
    }
    return s->offset;
  case SP_LOCAL:
    return c->w->local_base + s->offset;
  case SP_PARAM:
    if (s->kind == SYM_PARAM && s->func == k->entry_index && k->mod->funcs[s->func].is_entry) {
      return s->offset; /* kernel parameter buffer */
    }
    /* .func parameters and call-site parameters live after the local frame. */
    return c->w->local_base + k->mod->funcs[s->func].local_bytes + s->offset;
  default:
    return s->offset;
  }
}

const uint64_t *st_src(st_ectx *c, unsigned i) {
  const st_operand *o = &c->in->opnd[i];
  uint64_t *t = c->tmp[i];
  switch ((st_opnd_kind)o->kind) {
  case OPND_REG: {
    const uint64_t *r = st_warp_reg(c->w, o->reg);
    if (!o->neg) {
      return r;
    }
    ST_LANES(l, c->active) { t[l] = r[l] == 0; }
    return t;
  }
  case OPND_IMM:
    for (unsigned l = 0; l < ST_WARP_SIZE; l++) {
      t[l] = (uint64_t)o->imm;
    }
    return t;
  case OPND_SREG:
    sreg_lanes(c, o, t);
    return t;
  case OPND_SYM: {
    uint64_t a = symbol_address(c, o->sym) + (uint64_t)o->imm;
    for (unsigned l = 0; l < ST_WARP_SIZE; l++) {
      t[l] = a;
    }
    return t;
  }
  case OPND_ADDR: {
    /* An address operand read as a value (e.g. [sym] in mov or cvta): base + offset. */
    uint64_t base = o->sym != ST_NO_SYM ? symbol_address(c, o->sym) : 0;
    if (o->reg != ST_NO_REG) {
      const uint64_t *r = st_warp_reg(c->w, o->reg);
      const st_module *m = c->env->k->mod;
      const st_reg_decl *d = &m->regs[m->funcs[c->in->func].first_reg + o->reg];
      if (st_ptype_size((st_ptype)d->type) <= 4) {
        /* A 32-bit address register: the sum wraps at 32 bits, as on the GPU. */
        ST_LANES(l, c->active) { t[l] = (uint32_t)(base + r[l] + (uint64_t)o->imm); }
      } else {
        ST_LANES(l, c->active) { t[l] = base + r[l] + (uint64_t)o->imm; }
      }
    } else {
      for (unsigned l = 0; l < ST_WARP_SIZE; l++) {
        t[l] = base + (uint64_t)o->imm;
      }
    }
    return t;
  }
  default:
    memset(t, 0, sizeof c->tmp[i]);
    return t;
  }
}

uint64_t *st_dst(st_ectx *c, unsigned i) {
  const st_operand *o = &c->in->opnd[i];
  if (o->kind == OPND_REG) {
    return st_warp_reg(c->w, o->reg);
  }
  return c->sink;
}

/* Thread coordinates of lane l, for reports. */
static void thread_coords(const st_kernel *k, const st_warp *w, uint32_t lane, uint32_t v[3]) {
  uint32_t t = st_warp_thread_linear(w, lane);
  v[0] = t % k->block.x;
  v[1] = (t / k->block.x) % k->block.y;
  v[2] = t / (k->block.x * k->block.y);
}

void st_fault(st_ectx *c, uint32_t lane, uint64_t addr, unsigned size, const char *fmt, ...) {
  const st_kernel *k = c->env->k;
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  uint32_t tid[3];
  thread_coords(k, c->w, lane, tid);
  char text[160];
  st_inst_format(k->mod, c->in, text, sizeof text);
  const st_cta *cta = c->w->cta;
  st_error_set(c->env->err, ST_ERR_FAULT,
               "fault in kernel %s: %s\n"
               "  address 0x%016" PRIx64 ", %u bytes\n"
               "  CTA (%u, %u, %u), thread (%u, %u, %u) (warp %u, lane %u), SM %u\n"
               "  PC %u at %s:%u:%u: %s",
               k->name, what, addr, size, cta->ctaid.x, cta->ctaid.y, cta->ctaid.z, tid[0],
               tid[1], tid[2], c->w->index, lane, cta->smid, c->pc, k->mod->source_name,
               c->in->line, c->in->col, text);
  c->result = ST_EXEC_FAULT;
}

/* ---- SIMT stack ------------------------------------------------------- */

/* Pops finished entries: those whose threads reached their reconvergence
 * point, and those left without threads. Returns the calls that completed
 * (their frames must be unwound by the caller). */
static void reconverge(st_warp *w) {
  while (w->depth > 0) {
    st_simt_entry *top = &w->stack[w->depth - 1];
    if (top->mask != 0 && top->pc != top->rpc) {
      return;
    }
    if (top->call) {
      return; /* a call entry is only removed by returns (see do_ret) */
    }
    w->depth--;
  }
}

static void advance(st_ectx *c) {
  c->w->stack[c->w->depth - 1].pc = c->pc + 1;
}

/* Removes threads from every stack entry from index `from` up. */
static void remove_threads(st_warp *w, uint32_t from, uint32_t threads) {
  for (uint32_t i = from; i < w->depth; i++) {
    w->stack[i].mask &= ~threads;
  }
}

/* Unwinds completed calls: a call entry with no threads left means every
 * thread of the call has returned (or exited). */
static void finish_calls(st_ectx *c);

static void do_branch(st_ectx *c) {
  st_warp *w = c->w;
  const st_inst *in = c->in;
  uint32_t target = (uint32_t)in->opnd[0].imm;
  uint32_t taken = c->mask;
  uint32_t not_taken = c->active & ~taken;
  st_simt_entry *top = &w->stack[w->depth - 1];
  if (taken == 0) {
    top->pc = c->pc + 1;
  } else if (not_taken == 0) {
    top->pc = target;
  } else {
    if (!stack_reserve(w, w->depth + 2)) {
      st_fault(c, (uint32_t)__builtin_ctz(c->active), 0, 0, "out of host memory for the SIMT stack");
      return;
    }
    top = &w->stack[w->depth - 1];
    uint32_t rpc = in->reconv;
    top->pc = rpc;
    /* Taken path below, fall-through path on top: the fall-through runs first. */
    w->stack[w->depth].pc = target;
    w->stack[w->depth].rpc = rpc;
    w->stack[w->depth].mask = taken;
    w->stack[w->depth].call = 0;
    w->stack[w->depth + 1].pc = c->pc + 1;
    w->stack[w->depth + 1].rpc = rpc;
    w->stack[w->depth + 1].mask = not_taken;
    w->stack[w->depth + 1].call = 0;
    w->depth += 2;
  }
}

/* brx.idx: each thread jumps to the table entry its index selects; threads
 * that pick different targets diverge until the immediate post-dominator. */
static void do_brx(st_ectx *c) {
  st_warp *w = c->w;
  const st_inst *in = c->in;
  const st_module *m = c->env->k->mod;
  const st_operand *table = &in->opnd[1];
  uint64_t n = (uint64_t)table->imm;
  const uint64_t *idx = st_src(c, 0);
  uint32_t targets[ST_WARP_SIZE], masks[ST_WARP_SIZE];
  uint32_t groups = 0;
  ST_LANES(l, c->mask) {
    uint32_t i = (uint32_t)idx[l];
    if (i >= n) {
      st_fault(c, l, i, 0, "brx.idx index %u outside its %u-entry table", i, (unsigned)n);
      return;
    }
    uint32_t pc = (uint32_t)m->vec_elems[table->vec_base + i].imm;
    uint32_t g = 0;
    while (g < groups && targets[g] != pc) {
      g++;
    }
    if (g == groups) {
      targets[groups] = pc;
      masks[groups++] = 0;
    }
    masks[g] |= UINT32_C(1) << l;
  }
  uint32_t fall = c->active & ~c->mask; /* threads whose guard was false */
  st_simt_entry *top = &w->stack[w->depth - 1];
  if (groups == 1 && fall == 0) {
    top->pc = targets[0];
    return;
  }
  if (!stack_reserve(w, w->depth + groups + 1)) {
    st_fault(c, (uint32_t)__builtin_ctz(c->active), 0, 0, "out of host memory for the SIMT stack");
    return;
  }
  top = &w->stack[w->depth - 1];
  uint32_t rpc = in->reconv;
  top->pc = rpc;
  /* Push the targets in reverse table-encounter order, so the first target
   * found (lowest lane) runs first; the fall-through path, if any, runs first
   * of all. */
  for (uint32_t g = groups; g-- > 0;) {
    w->stack[w->depth].pc = targets[g];
    w->stack[w->depth].rpc = rpc;
    w->stack[w->depth].mask = masks[g];
    w->stack[w->depth].call = 0;
    w->depth++;
  }
  if (fall != 0) {
    w->stack[w->depth].pc = c->pc + 1;
    w->stack[w->depth].rpc = rpc;
    w->stack[w->depth].mask = fall;
    w->stack[w->depth].call = 0;
    w->depth++;
  }
}

static void do_exit(st_ectx *c) {
  st_warp *w = c->w;
  uint32_t leaving = c->mask;
  if (leaving != c->active) {
    advance(c);
  }
  w->exited |= leaving;
  remove_threads(w, 0, leaving);
  finish_calls(c);
  reconverge(w);
  if (w->depth == 0 || (w->valid & ~w->exited) == 0) {
    w->depth = 0;
    w->state = ST_WARP_DONE;
    c->result = ST_EXEC_DONE;
  }
}

/* Copies `bytes` of every thread in mask from local offset src to dst. */
static void copy_frame_bytes(st_warp *w, uint32_t mask, uint32_t dst, uint32_t src, uint32_t bytes) {
  ST_LANES(l, mask) {
    uint8_t *base = w->local + (size_t)l * w->local_stride;
    memmove(base + dst, base + src, bytes);
  }
}

static void finish_calls(st_ectx *c) {
  st_warp *w = c->w;
  const st_kernel *k = c->env->k;
  const st_module *m = k->mod;
  while (w->n_frames > 0) {
    st_call_frame *f = &w->frames[w->n_frames - 1];
    st_simt_entry *ce = &w->stack[f->simt_depth];
    if (ce->mask != 0) {
      return;
    }
    /* Every thread of the call has returned: copy the return values into
     * the caller's variables, then drop the callee's frame. */
    const st_inst *call = &m->insts[f->call_pc];
    const st_function *callee = &m->funcs[f->func];
    uint32_t callers = f->call_mask & ~w->exited;
    uint32_t callee_base = f->local_base;
    w->depth = f->simt_depth;
    w->n_frames--;
    uint32_t caller_func = w->n_frames ? w->frames[w->n_frames - 1].func : k->entry_index;
    w->reg_base = w->n_frames ? w->frames[w->n_frames - 1].reg_base : 0;
    w->row_base = w->n_frames ? w->frames[w->n_frames - 1].row_base : 0;
    w->local_base = w->n_frames ? w->frames[w->n_frames - 1].local_base : 0;
    w->local_top = callee_base;
    const st_function *caller = &m->funcs[caller_func];
    w->row_map = caller->rows;
    for (uint32_t i = 0; i < callee->n_rets && i < call->n_call_rets; i++) {
      const st_symbol *rs = &m->syms[callee->rets[i]];
      const st_symbol *ds = &m->syms[m->call_syms[call->call_first + i]];
      uint32_t src = callee_base + (uint32_t)(callee->local_bytes + rs->offset);
      uint32_t dst = w->local_base + (uint32_t)(caller->local_bytes + ds->offset);
      uint32_t n = (uint32_t)(rs->size < ds->size ? rs->size : ds->size);
      copy_frame_bytes(w, callers, dst, src, n);
    }
  }
}

static void do_call(st_ectx *c) {
  st_warp *w = c->w;
  const st_kernel *k = c->env->k;
  const st_module *m = k->mod;
  const st_inst *in = c->in;
  uint32_t callee_index = in->call_func;
  uint32_t lane0 = (uint32_t)__builtin_ctz(c->mask);
  uint32_t later = 0; /* threads that call another function through the same pointer call */
  if (callee_index == ST_INDIRECT_CALL) {
    /* Through a function pointer. Threads naming different functions are
     * served one function at a time, the lowest thread's first: the others
     * wait at this call (a stack entry that re-executes it) and call theirs
     * when the first call has returned. */
    const uint64_t *target = st_src(c, 0);
    uint64_t addr = target[lane0];
    uint32_t same = 0;
    ST_LANES(l, c->mask) {
      if (target[l] == addr) {
        same |= UINT32_C(1) << l;
      }
    }
    later = c->mask & ~same;
    c->mask = same;
    uint64_t index = ST_FUNC_INDEX(addr);
    if (addr < ST_FUNC_ADDRESS_BASE || addr != ST_FUNC_ADDRESS(index) || index >= m->n_funcs ||
        m->funcs[index].is_entry) {
      st_fault(c, lane0, addr, 0, "indirect call to an address that is not a device function");
      return;
    }
    callee_index = (uint32_t)index;
  }
  const st_function *callee = &m->funcs[callee_index];
  uint32_t caller_index = w->n_frames ? w->frames[w->n_frames - 1].func : k->entry_index;
  const st_function *caller = &m->funcs[caller_index];
  if (callee->builtin != ST_BI_NONE && later == 0) {
    st_exec_builtin(c, callee, caller);
    if (c->result != ST_EXEC_FAULT) {
      advance(c);
    }
    return;
  }
  if (callee->is_extern || callee->n_insts == 0) {
    st_fault(c, lane0, 0, 0, "call of %s, which has no body in this module",
             st_module_str(m, callee->name));
    return;
  }
  if (w->n_frames >= ST_MAX_CALL_DEPTH) {
    st_fault(c, lane0, 0, 0, "call depth exceeds %d", ST_MAX_CALL_DEPTH);
    return;
  }
  uint32_t new_reg_base = w->reg_base + caller->n_regs;
  uint32_t new_row_base = w->row_base + caller->n_rows;
  uint32_t new_local = w->local_top;
  uint32_t frame = k->kmod->frame_bytes[callee_index];
  if ((uint64_t)new_local + frame > w->local_stride) {
    st_fault(c, lane0, 0, 0, "local memory stack overflow (%u bytes per thread)", w->local_stride);
    return;
  }
  if (new_row_base + callee->n_rows > w->n_rows) {
    uint32_t rows = (new_row_base + callee->n_rows) * 2;
    uint64_t *p = realloc(w->regs, (size_t)rows * ST_WARP_SIZE * sizeof *p);
    if (p == NULL) {
      st_fault(c, lane0, 0, 0, "out of host memory for registers");
      return;
    }
    uint32_t old_rows = w->n_rows;
    w->regs = p;
    w->n_rows = rows;
    zero_eager_rows(w, old_rows); /* (the new rows below are untouched) */
  }
  if (new_reg_base + callee->n_regs > w->reg_rows) {
    w->reg_rows = (new_reg_base + callee->n_regs) * 2; /* (the scoreboard grows to it) */
  }
  /* Arguments: caller's call-site .param variables to the callee's formals. */
  for (uint32_t i = 0; i < callee->n_params && i < in->n_call_params; i++) {
    const st_symbol *as = &m->syms[m->call_syms[in->call_first + in->n_call_rets + i]];
    const st_symbol *ps = &m->syms[callee->params[i]];
    uint32_t src = w->local_base + (uint32_t)(caller->local_bytes + as->offset);
    uint32_t dst = new_local + (uint32_t)(callee->local_bytes + ps->offset);
    uint32_t n = (uint32_t)(as->size < ps->size ? as->size : ps->size);
    copy_frame_bytes(w, c->mask, dst, src, n);
  }
  if (!stack_reserve(w, w->depth + 2)) {
    st_fault(c, lane0, 0, 0, "out of host memory for the SIMT stack");
    return;
  }
  advance(c); /* the caller resumes after the call */
  if (later != 0) {
    w->stack[w->depth].pc = c->pc;
    w->stack[w->depth].rpc = c->pc + 1;
    w->stack[w->depth].mask = later;
    w->stack[w->depth].call = 0;
    w->depth++;
  }
  st_call_frame *f = &w->frames[w->n_frames++];
  f->call_mask = c->mask;
  f->func = callee_index;
  f->reg_base = new_reg_base;
  f->row_base = new_row_base;
  f->local_base = new_local;
  f->ret_pc = c->pc + 1;
  f->call_pc = c->pc;
  f->simt_depth = w->depth;
  w->stack[w->depth].pc = callee->first_inst;
  w->stack[w->depth].rpc = ST_NO_PC;
  w->stack[w->depth].mask = c->mask;
  w->stack[w->depth].call = 1;
  w->depth++;
  w->reg_base = new_reg_base;
  w->row_base = new_row_base;
  w->row_map = callee->rows;
  w->local_base = new_local;
  w->local_top = new_local + frame;
}

static void do_ret(st_ectx *c) {
  st_warp *w = c->w;
  if (w->n_frames == 0) {
    do_exit(c); /* ret from the kernel entry ends the threads */
    return;
  }
  if (c->mask != c->active) {
    advance(c);
  }
  remove_threads(w, w->frames[w->n_frames - 1].simt_depth, c->mask);
  finish_calls(c);
  reconverge(w);
}

/* ---- barriers --------------------------------------------------------- */

static uint32_t barrier_expected(const st_cta *cta, uint32_t threads) {
  if (threads != 0) {
    return (threads + ST_WARP_SIZE - 1) / ST_WARP_SIZE;
  }
  return cta->nwarps - cta->warps_done;
}

bool st_cta_try_release(st_cta *cta, uint32_t id) {
  st_barrier *b = &cta->bars[id];
  if (b->arrived == 0) {
    return false;
  }
  uint32_t expected = b->expected ? b->expected : barrier_expected(cta, 0);
  if (b->arrived < expected) {
    return false;
  }
  for (uint32_t i = 0; i < cta->nwarps; i++) {
    st_warp *w = &cta->warps[i];
    if (w->state == ST_WARP_BARRIER && w->bar_id == id) {
      w->state = ST_WARP_READY;
    }
  }
  memset(b, 0, sizeof *b);
  return true;
}

static void do_barrier(st_ectx *c) {
  st_warp *w = c->w;
  st_cta *cta = w->cta;
  const st_inst *in = c->in;
  const uint64_t *ida = st_src(c, in->subop >= BAR_RED_POPC ? 1 : 0);
  uint32_t lane0 = (uint32_t)__builtin_ctz(c->active);
  uint32_t id = (uint32_t)ida[lane0];
  uint32_t threads = 0;
  unsigned count_opnd = in->subop >= BAR_RED_POPC ? 2 : 1;
  bool has_count = in->nopnds > count_opnd && in->opnd[count_opnd].kind != OPND_NONE &&
                   (in->subop < BAR_RED_POPC || in->nopnds > 3);
  if (has_count) {
    threads = (uint32_t)st_src(c, count_opnd)[lane0];
  }
  if (id >= ST_NUM_BARRIERS) {
    st_fault(c, lane0, id, 0, "barrier %u does not exist (0..15)", id);
    return;
  }
  if (has_count && (threads == 0 || threads % ST_WARP_SIZE != 0 ||
                    threads > cta->nwarps * ST_WARP_SIZE)) {
    st_fault(c, lane0, threads, 0,
             "barrier thread count %u is not a non-zero multiple of 32 within the CTA", threads);
    return;
  }
  st_barrier *b = &cta->bars[id];
  uint32_t expected = barrier_expected(cta, threads);
  if (b->arrived != 0 && b->expected != 0 && b->expected != expected && has_count) {
    st_fault(c, lane0, threads, 0, "barrier %u used with different thread counts", id);
    return;
  }
  b->expected = has_count ? expected : 0;
  advance(c);
  if (in->subop >= BAR_RED_POPC) {
    const uint64_t *p = st_src(c, 3);
    uint32_t pm = 0;
    ST_LANES(l, c->mask) {
      if (p[l]) {
        pm |= UINT32_C(1) << l;
      }
    }
    if (b->arrived == 0) {
      b->red_and = 1;
      b->red_or = 0;
      b->red_popc = 0;
    }
    b->red_kind = in->subop;
    b->red_popc += (uint32_t)__builtin_popcount(pm);
    b->red_and &= pm == c->mask;
    b->red_or |= pm != 0;
  }
  b->arrived++;
  if (in->subop != BAR_ARRIVE) {
    w->state = ST_WARP_BARRIER;
    w->bar_id = id;
    c->result = ST_EXEC_BARRIER;
  }
  /* Deliver reduction results before the release clears the barrier. */
  uint32_t need = b->expected ? b->expected : barrier_expected(cta, 0);
  if (b->arrived >= need && b->red_kind >= BAR_RED_POPC) {
    uint64_t value = b->red_kind == BAR_RED_POPC ? b->red_popc
                     : b->red_kind == BAR_RED_AND ? b->red_and
                                                  : b->red_or;
    for (uint32_t i = 0; i < cta->nwarps; i++) {
      st_warp *x = &cta->warps[i];
      if ((x->state == ST_WARP_BARRIER && x->bar_id == id) || x == w) {
        const st_module *m = c->env->k->mod;
        uint32_t xpc = st_warp_pc(x) - 1;
        const st_inst *xi = &m->insts[xpc];
        if (xi->op == OP_BAR && xi->opnd[0].kind == OPND_REG) {
          uint64_t *d = st_warp_reg(x, xi->opnd[0].reg);
          ST_LANES(l, st_warp_active(x)) { d[l] = value; }
        }
      }
    }
  }
  if (st_cta_try_release(cta, id)) {
    c->result = ST_EXEC_RELEASED;
  }
}

/* ---- control opcodes -------------------------------------------------- */

static void exec_control(st_ectx *c) {
  switch ((st_op)c->in->op) {
  case OP_BRA:
    do_branch(c);
    return;
  case OP_BRX:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    do_brx(c);
    return;
  case OP_CALL:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    do_call(c);
    return;
  case OP_RET:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    do_ret(c);
    return;
  case OP_EXIT:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    do_exit(c);
    return;
  case OP_TRAP:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    st_fault(c, (uint32_t)__builtin_ctz(c->mask), 0, 0, "trap instruction executed");
    return;
  case OP_BAR:
    if (c->mask == 0) {
      advance(c);
      return;
    }
    do_barrier(c);
    return;
  default:
    /* membar, fence, bar.warp.sync, nanosleep, brkpt, prefetch: no
     * functional effect in a sequentially consistent model. */
    advance(c);
    return;
  }
}

/* ---- the instruction cycle -------------------------------------------- */

st_exec_result st_exec_warp(st_exec_env *env, st_warp *w) {
  if (w->state != ST_WARP_READY || w->depth == 0) {
    return w->state == ST_WARP_DONE ? ST_EXEC_DONE : ST_EXEC_BARRIER;
  }
  const st_module *m = env->k->mod;
  st_ectx c;
  c.env = env;
  c.w = w;
  c.acc = env->access != NULL ? env->access : &w->access;
  c.pc = st_warp_pc(w);
  c.in = &m->insts[c.pc];
  c.active = st_warp_active(w);
  c.result = ST_EXEC_OK;
  c.mask = c.active;
  if (c.in->guard != ST_NO_REG) {
    const uint64_t *g = st_warp_reg(w, c.in->guard);
    uint32_t gm = 0;
    ST_LANES(l, c.active) {
      if ((g[l] != 0) != (c.in->guard_neg != 0)) {
        gm |= UINT32_C(1) << l;
      }
    }
    c.mask = gm;
  }
  c.acc->space = SP_NONE;
  w->warp_insts++;
  w->thread_insts += st_bitcount64(c.active);

  st_handler h = st_handlers[c.in->op];
  if (h == NULL) {
    exec_control(&c);
  } else {
    if (c.mask != 0) {
      h(&c);
    }
    if (c.result != ST_EXEC_FAULT) {
      advance(&c);
    }
  }
  if (c.result != ST_EXEC_FAULT) {
    reconverge(w);
    if (w->depth == 0 && w->state != ST_WARP_DONE) {
      w->state = ST_WARP_DONE;
      c.result = ST_EXEC_DONE;
    }
  }
  return (st_exec_result)c.result;
}

void st_warp_describe(const st_kernel *k, const st_warp *w, char *buf, size_t size) {
  const st_cta *cta = w->cta;
  if (w->state == ST_WARP_DONE || w->depth == 0) {
    snprintf(buf, size, "CTA (%u, %u, %u) warp %u: done", cta->ctaid.x, cta->ctaid.y,
             cta->ctaid.z, w->index);
    return;
  }
  uint32_t pc = st_warp_pc(w);
  const st_inst *in = &k->mod->insts[w->state == ST_WARP_BARRIER ? pc - 1 : pc];
  char text[160];
  st_inst_format(k->mod, in, text, sizeof text);
  const char *state = w->state == ST_WARP_BARRIER ? "waiting at barrier" : "ready";
  snprintf(buf, size, "CTA (%u, %u, %u) warp %u: %s %u, %d threads active, PC %u at %s:%u: %s",
           cta->ctaid.x, cta->ctaid.y, cta->ctaid.z, w->index, state,
           w->state == ST_WARP_BARRIER ? w->bar_id : 0, __builtin_popcount(st_warp_active(w)),
           w->state == ST_WARP_BARRIER ? pc - 1 : pc, k->mod->source_name, in->line, text);
}
