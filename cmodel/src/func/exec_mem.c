/* Memory instructions: ld, ldu, st, atom, red, cvta, isspacep, with
 * generic-address resolution, bounds and alignment checks, and the access
 * record the timing model reads. */
#include <inttypes.h>

#include "func/addrspace.h"
#include "func/exec_internal.h"
#include "func/fparith.h"

static const char *space_name(st_space sp) {
  switch (sp) {
  case SP_GLOBAL: return "global";
  case SP_SHARED: return "shared";
  case SP_LOCAL: return "local";
  case SP_CONST: return "const";
  case SP_PARAM: return "param";
  default: return "generic";
  }
}

/* True if the address operand names a kernel parameter (read from the
 * kernel parameter buffer rather than a thread's parameter frame). */
static bool is_kernel_param(const st_ectx *c, const st_operand *o) {
  const st_kernel *k = c->env->k;
  if (o->sym == ST_NO_SYM) {
    return c->w->n_frames == 0; /* a register address in the entry function */
  }
  const st_symbol *s = &k->mod->syms[o->sym];
  return s->kind == SYM_PARAM && k->mod->funcs[s->func].is_entry;
}

/* Host pointer for `size` bytes at per-thread address addr in space sp, or
 * NULL after reporting a fault. *resolved receives the concrete space and
 * *where the address the timing model sees. */
static uint8_t *resolve(st_ectx *c, uint32_t lane, st_space sp, bool kernel_param, uint64_t addr,
                        unsigned size, bool store, st_space *resolved, uint64_t *where) {
  st_warp *w = c->w;
  const char *op = store ? "store" : "load";
  if (sp == SP_NONE || sp == SP_GENERIC) {
    if (addr - ST_SHARED_WINDOW < ST_WINDOW_SIZE) {
      sp = SP_SHARED;
      addr -= ST_SHARED_WINDOW;
    } else if (addr - ST_LOCAL_WINDOW < ST_WINDOW_SIZE) {
      sp = SP_LOCAL;
      addr -= ST_LOCAL_WINDOW;
    } else {
      sp = SP_GLOBAL;
    }
  }
  *resolved = sp;
  *where = addr;
  if (size > 1 && addr % size != 0) {
    st_fault(c, lane, addr, size, "misaligned %s %s of %u bytes", space_name(sp), op, size);
    return NULL;
  }
  switch (sp) {
  case SP_GLOBAL:
  case SP_CONST: {
    st_alloc *a = st_gmem_find(c->env->gmem, addr, size);
    if (a == NULL) {
      st_fault(c, lane, addr, size, "%s %s outside every allocation", space_name(sp), op);
      return NULL;
    }
    if (store && a->kind == ST_ALLOC_CONST_VAR) {
      st_fault(c, lane, addr, size, "store to constant memory");
      return NULL;
    }
    return a->data + (addr - a->base);
  }
  case SP_SHARED: {
    uint32_t n = w->cta->shared_size;
    if (addr >= n || size > n - addr) {
      st_fault(c, lane, addr, size, "shared %s outside the CTA's %u bytes of shared memory", op,
               n);
      return NULL;
    }
    return w->cta->shared + addr;
  }
  case SP_PARAM:
    if (kernel_param) {
      uint32_t n = c->env->k->param_size;
      if (store) {
        st_fault(c, lane, addr, size, "store to a kernel parameter");
        return NULL;
      }
      if (addr >= n || size > n - addr) {
        st_fault(c, lane, addr, size, "param load outside the %u-byte parameter buffer", n);
        return NULL;
      }
      return c->env->k->params + addr;
    }
    /* fall through: a function's parameter frame lives in local memory */
    *resolved = SP_LOCAL;
    /* FALLTHROUGH */
  case SP_LOCAL: {
    uint32_t n = w->local_stride;
    if (addr >= n || size > n - addr) {
      st_fault(c, lane, addr, size, "local %s outside the thread's %u bytes of local memory", op,
               n);
      return NULL;
    }
    return w->local + (size_t)lane * n + addr;
  }
  default:
    st_fault(c, lane, addr, size, "access to an unsupported state space");
    return NULL;
  }
}

uint8_t *st_exec_generic_ptr(st_ectx *c, uint32_t lane, uint64_t addr, unsigned size, bool store) {
  st_space sp;
  uint64_t where;
  return resolve(c, lane, SP_GENERIC, false, addr, size, store, &sp, &where);
}

/* The common case, checked once for the whole warp: every thread's access is
 * aligned and lies in one global allocation (or, for generic addresses, in
 * global memory inside one allocation). Returns that allocation, or NULL when
 * the per-thread path must decide (and report any fault). */
static st_alloc *warp_global_block(st_ectx *c, const uint64_t *addr, st_space sp, unsigned size,
                                   bool store) {
  if (sp != SP_GLOBAL && sp != SP_NONE && sp != SP_GENERIC) {
    return NULL;
  }
  uint32_t first = (uint32_t)__builtin_ctz(c->mask);
  uint64_t lo = addr[first], hi = lo, any = 0;
  ST_LANES(l, c->mask) {
    uint64_t a = addr[l];
    lo = a < lo ? a : lo;
    hi = a > hi ? a : hi;
    any |= a;
  }
  if ((any & (uint64_t)(size - 1)) != 0 || hi >= ST_SHARED_WINDOW) {
    return NULL;
  }
  st_alloc *a = st_gmem_find(c->env->gmem, lo, hi - lo + size);
  if (a == NULL || (store && a->kind == ST_ALLOC_CONST_VAR)) {
    return NULL;
  }
  return a;
}

static uint64_t load_bits(const uint8_t *p, unsigned n) {
  /* little-endian host; each size a fixed-size copy (a load, not a call) */
  switch (n) {
  case 1: return *p;
  case 2: {
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case 4: {
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  case 8: {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  default: {
    uint64_t v = 0;
    memcpy(&v, p, n < sizeof v ? n : sizeof v);
    return v;
  }
  }
}

static void store_bits(uint8_t *p, uint64_t v, unsigned n) { memcpy(p, &v, n); }

/* Per-lane addresses of address operand i (base + offset). */
static const uint64_t *addresses(st_ectx *c, unsigned i) { return st_src(c, i); }

static void record(st_ectx *c, st_space sp, bool store, bool atomic, unsigned size) {
  st_mem_access *a = c->acc;
  a->space = (uint8_t)sp;
  a->is_store = store;
  a->is_atomic = atomic;
  a->size = (uint8_t)size;
  a->mask = c->mask;
}

/* The registers (or "_") of a destination or source operand that may be a
 * vector: fills rows[] and returns the element count. */
static unsigned operand_rows(st_ectx *c, unsigned i, uint64_t *rows[4], uint64_t imm[4],
                             bool imm_ok[4]) {
  const st_operand *o = &c->in->opnd[i];
  const st_module *m = c->env->k->mod;
  if (o->kind == OPND_VEC) {
    unsigned n = o->comp;
    for (unsigned e = 0; e < n && e < 4; e++) {
      const st_vec_elem *v = &m->vec_elems[o->vec_base + e];
      imm_ok[e] = false;
      if (v->kind == OPND_REG) {
        rows[e] = st_warp_reg(c->w, v->reg);
      } else if (v->kind == OPND_IMM) {
        rows[e] = NULL;
        imm[e] = (uint64_t)v->imm;
        imm_ok[e] = true;
      } else {
        rows[e] = c->sink;
      }
    }
    return n;
  }
  imm_ok[0] = false;
  if (o->kind == OPND_REG) {
    rows[0] = st_warp_reg(c->w, o->reg);
  } else if (o->kind == OPND_IMM) {
    rows[0] = NULL;
    imm[0] = (uint64_t)o->imm;
    imm_ok[0] = true;
  } else {
    rows[0] = c->sink;
  }
  return 1;
}

static void exec_ld(st_ectx *c) {
  const st_inst *in = c->in;
  unsigned esize = st_ptype_size((st_ptype)in->type);
  uint64_t *rows[4];
  uint64_t imm[4];
  bool imm_ok[4];
  unsigned n = operand_rows(c, 0, rows, imm, imm_ok);
  unsigned size = esize * n;
  const uint64_t *addr = addresses(c, 1);
  bool kparam = in->space == SP_PARAM && is_kernel_param(c, &in->opnd[1]);
  st_space sp = SP_NONE;
  st_alloc *block = warp_global_block(c, addr, (st_space)in->space, size, false);
  if (block != NULL) {
    ST_LANES(l, c->mask) {
      const uint8_t *p = block->data + (addr[l] - block->base);
      c->acc->addr[l] = addr[l];
      for (unsigned e = 0; e < n; e++) {
        uint64_t v = st_extend(load_bits(p + e * esize, esize), (st_ptype)in->type);
        if (rows[e] != NULL) {
          rows[e][l] = v;
        }
      }
    }
    record(c, SP_GLOBAL, false, false, size);
    return;
  }
  /* One address for the whole warp (a kernel parameter, a shared or
   * constant variable) outside local memory: one place, one value, which
   * the first thread's look finds for all (and faults as the first would). */
  uint32_t first = (uint32_t)__builtin_ctz(c->mask);
  if (st_lanes_uniform(addr, c->mask, first)) {
    uint64_t where;
    const uint8_t *p =
        resolve(c, first, (st_space)in->space, kparam, addr[first], size, false, &sp, &where);
    if (p == NULL) {
      return;
    }
    if (sp != SP_LOCAL) {
      uint64_t v[4];
      for (unsigned e = 0; e < n; e++) {
        v[e] = st_extend(load_bits(p + e * esize, esize), (st_ptype)in->type);
      }
      st_lanes_fill(c->acc->addr, c->mask, where);
      for (unsigned e = 0; e < n; e++) {
        if (rows[e] != NULL) {
          st_lanes_fill(rows[e], c->mask, v[e]);
        }
      }
      record(c, sp, false, false, size);
      return;
    }
  }
  ST_LANES(l, c->mask) {
    uint64_t where;
    uint8_t *p = resolve(c, l, (st_space)in->space, kparam, addr[l], size, false, &sp, &where);
    if (p == NULL) {
      return;
    }
    c->acc->addr[l] = where;
    for (unsigned e = 0; e < n; e++) {
      uint64_t v = st_extend(load_bits(p + e * esize, esize), (st_ptype)in->type);
      if (rows[e] != NULL) {
        rows[e][l] = v;
      }
    }
  }
  record(c, sp, false, false, size);
}

static void exec_st(st_ectx *c) {
  const st_inst *in = c->in;
  unsigned esize = st_ptype_size((st_ptype)in->type);
  uint64_t *rows[4];
  uint64_t imm[4];
  bool imm_ok[4];
  unsigned n = operand_rows(c, 1, rows, imm, imm_ok);
  unsigned size = esize * n;
  const uint64_t *addr = addresses(c, 0);
  st_space sp = SP_NONE;
  st_alloc *block = warp_global_block(c, addr, (st_space)in->space, size, true);
  if (block != NULL) {
    ST_LANES(l, c->mask) {
      uint8_t *p = block->data + (addr[l] - block->base);
      c->acc->addr[l] = addr[l];
      for (unsigned e = 0; e < n; e++) {
        store_bits(p + e * esize, imm_ok[e] ? imm[e] : rows[e][l], esize);
      }
    }
    record(c, SP_GLOBAL, true, false, size);
    return;
  }
  ST_LANES(l, c->mask) {
    uint64_t where;
    uint8_t *p = resolve(c, l, (st_space)in->space, false, addr[l], size, true, &sp, &where);
    if (p == NULL) {
      return;
    }
    c->acc->addr[l] = where;
    for (unsigned e = 0; e < n; e++) {
      uint64_t v = imm_ok[e] ? imm[e] : rows[e][l];
      store_bits(p + e * esize, v, esize);
    }
  }
  record(c, sp, true, false, size);
}

/* One atomic read-modify-write: returns the new value for old, b, c. */
static uint64_t atom_apply(const st_inst *in, uint64_t old, uint64_t b, uint64_t cv) {
  st_ptype t = (st_ptype)in->type;
  unsigned n = st_ptype_size(t);
  switch ((st_atom_op)in->subop) {
  case ATOM_ADD:
    if (t == PT_F32) {
      return st_f32_add((uint32_t)old, (uint32_t)b, RND_RN, ST_FP_FTZ);
    }
    if (t == PT_F64) {
      return st_f64_add(old, b, RND_RN);
    }
    return st_trunc(old + b, n);
  case ATOM_MIN:
  case ATOM_MAX: {
    bool less;
    if (st_ptype_is_signed(t)) {
      less = st_sext(b, n) < st_sext(old, n);
    } else {
      less = st_trunc(b, n) < st_trunc(old, n);
    }
    bool take = in->subop == ATOM_MIN ? less : (!less && st_trunc(b, n) != st_trunc(old, n));
    return take ? st_trunc(b, n) : st_trunc(old, n);
  }
  case ATOM_INC:
    return st_trunc(old, n) >= st_trunc(b, n) ? 0 : st_trunc(old + 1, n);
  case ATOM_DEC:
    return (st_trunc(old, n) == 0 || st_trunc(old, n) > st_trunc(b, n)) ? st_trunc(b, n)
                                                                         : st_trunc(old - 1, n);
  case ATOM_CAS:
    return st_trunc(old, n) == st_trunc(b, n) ? st_trunc(cv, n) : st_trunc(old, n);
  case ATOM_EXCH:
    return st_trunc(b, n);
  case ATOM_AND:
    return st_trunc(old & b, n);
  case ATOM_OR:
    return st_trunc(old | b, n);
  case ATOM_XOR:
    return st_trunc(old ^ b, n);
  }
  return old;
}

static void exec_atom(st_ectx *c) {
  const st_inst *in = c->in;
  bool is_red = in->op == OP_RED;
  unsigned a_idx = is_red ? 0 : 1;
  unsigned size = st_ptype_size((st_ptype)in->type);
  const uint64_t *addr = addresses(c, a_idx);
  const uint64_t *b = st_src(c, a_idx + 1);
  const uint64_t *cv = in->subop == ATOM_CAS ? st_src(c, a_idx + 2) : b;
  uint64_t *d = is_red ? c->sink : st_dst(c, 0);
  st_space sp = SP_NONE;
  /* Threads of a warp apply their operations one after another, lowest lane first. */
  ST_LANES(l, c->mask) {
    uint64_t where;
    uint8_t *p = resolve(c, l, (st_space)in->space, false, addr[l], size, true, &sp, &where);
    if (p == NULL) {
      return;
    }
    if (sp != SP_GLOBAL && sp != SP_SHARED) {
      st_fault(c, l, where, size, "atomic on %s memory", space_name(sp));
      return;
    }
    c->acc->addr[l] = where;
    uint64_t old = load_bits(p, size);
    store_bits(p, atom_apply(in, old, b[l], cv[l]), size);
    d[l] = st_extend(old, (st_ptype)in->type);
  }
  record(c, sp, true, true, size);
}

static void exec_cvta(st_ectx *c) {
  const st_inst *in = c->in;
  const uint64_t *a = st_src(c, 1);
  uint64_t *d = st_dst(c, 0);
  unsigned n = st_ptype_size((st_ptype)in->type);
  uint64_t window = in->space == SP_SHARED ? ST_SHARED_WINDOW
                    : in->space == SP_LOCAL ? ST_LOCAL_WINDOW
                                            : 0;
  ST_LANES(l, c->mask) {
    uint64_t v = in->mode == CVTA_TO_SPACE ? a[l] - window : a[l] + window;
    d[l] = st_trunc(v, n);
  }
}

static void exec_isspacep(st_ectx *c) {
  const st_inst *in = c->in;
  const uint64_t *a = st_src(c, 1);
  uint64_t *d = st_dst(c, 0);
  ST_LANES(l, c->mask) {
    uint64_t v = a[l];
    bool shared = v - ST_SHARED_WINDOW < ST_WINDOW_SIZE;
    bool local = v - ST_LOCAL_WINDOW < ST_WINDOW_SIZE;
    bool r;
    switch ((st_space)in->space) {
    case SP_SHARED: r = shared; break;
    case SP_LOCAL: r = local; break;
    case SP_GLOBAL: r = !shared && !local; break;
    case SP_CONST: r = st_gmem_find(c->env->gmem, v, 1) != NULL &&
                       st_gmem_find(c->env->gmem, v, 1)->kind == ST_ALLOC_CONST_VAR;
      break;
    default: r = false; break;
    }
    d[l] = r;
  }
}

void st_exec_memory(st_ectx *c) {
  switch ((st_op)c->in->op) {
  case OP_LD:
  case OP_LDU:
    exec_ld(c);
    return;
  case OP_ST:
    exec_st(c);
    return;
  case OP_ATOM:
  case OP_RED:
    exec_atom(c);
    return;
  case OP_CVTA:
    exec_cvta(c);
    return;
  case OP_ISSPACEP:
    exec_isspacep(c);
    return;
  default:
    return; /* prefetch: no functional effect */
  }
}
