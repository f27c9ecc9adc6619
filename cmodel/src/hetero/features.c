/* HeteroPDP's static features: instruction counts by class from the PTX,
 * with the scalar/vector split of the CPU models (hetero.h). */
#include <stdlib.h>
#include <string.h>

#include "core/decode.h"
#include "hetero/hetero.h"
#include "simtref/config.h"

static const char *const feat_names[HF_COUNT] = {
    "threads", "buf", "xfer", "salu", "smem", "valu", "vmem", "branch",
    "atomic", "mem", "int", "fp", "math", "barrier", "llc_miss", "dram_bw"};

static const char *const feat_titles[HF_COUNT] = {
    "# of threads", "buffer size", "bytes transferred", "# of scalar ALU inst.",
    "# of scalar MEM inst.", "# of vector ALU inst.", "# of vector MEM inst.",
    "# of branch inst.", "# of atomic inst.", "# of MEM inst.", "# of INT inst.",
    "# of FP inst.", "# of math inst.", "# of barrier inst.", "LLC miss count",
    "DRAM bandwidth"};

const char *st_hfeat_name(st_hfeat f) { return f < HF_COUNT ? feat_names[f] : "?"; }
const char *st_hfeat_title(st_hfeat f) { return f < HF_COUNT ? feat_titles[f] : "?"; }

bool st_hfeat_parse(const char *name, st_hfeat *f) {
  for (int i = 0; i < HF_COUNT; i++) {
    if (strcmp(name, feat_names[i]) == 0) {
      *f = (st_hfeat)i;
      return true;
    }
  }
  return false;
}

static bool is_mem(const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_LD:
  case OP_LDU:
  case OP_ST:
  case OP_PREFETCH:
    return in->space != SP_PARAM;
  default:
    return false;
  }
}

static bool is_math(const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_RCP:
  case OP_SQRT:
  case OP_RSQRT:
  case OP_EX2:
  case OP_LG2:
  case OP_SIN:
  case OP_COS:
  case OP_TANH:
    return true;
  case OP_DIV:
    return st_ptype_is_float((st_ptype)in->type);
  default:
    return false;
  }
}

/* Instructions that are neither computation nor counted anywhere: parameter
 * moves, fences, returns. */
static bool is_uncounted(const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_LD:
  case OP_LDU:
  case OP_ST:
    return in->space == SP_PARAM;
  case OP_MEMBAR:
  case OP_FENCE:
  case OP_RET:
  case OP_EXIT:
  case OP_TRAP:
  case OP_BRKPT:
  case OP_NANOSLEEP:
  case OP_BAR_WARP:
    return true;
  default:
    return false;
  }
}

/* Whether an instruction's result differs between threads whatever its
 * inputs: thread-indexed special registers, per-thread memory, atomics and
 * warp-level exchanges. */
static bool varying_source(const st_module *m, const st_function *fn, const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_ATOM:
  case OP_SHFL:
  case OP_VOTE:
  case OP_MATCH:
  case OP_ACTIVEMASK:
  case OP_CALL:
    return true;
  case OP_LD:
  case OP_LDU:
    /* A .func's parameters come from its caller's threads. */
    if (in->space == SP_LOCAL || (in->space == SP_PARAM && !fn->is_entry)) {
      return true;
    }
    break;
  default:
    break;
  }
  (void)m;
  for (unsigned i = 0; i < in->nopnds; i++) {
    const st_operand *o = &in->opnd[i];
    if (o->kind == OPND_SREG &&
        (o->sreg == SREG_TID || o->sreg == SREG_LANEID || o->sreg == SREG_WARPID ||
         (o->sreg >= SREG_LANEMASK_EQ && o->sreg <= SREG_LANEMASK_GE) ||
         (o->sreg >= SREG_CLOCK && o->sreg <= SREG_GLOBALTIMER_HI) || o->sreg == SREG_SMID)) {
      return true;
    }
  }
  return false;
}

/* Marks the registers of fn whose values differ between threads. */
static void varying_regs(const st_module *m, const st_function *fn, const st_tinst *dec,
                         uint8_t *var) {
  memset(var, 0, fn->n_regs);
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t i = 0; i < fn->n_insts; i++) {
      const st_inst *in = &m->insts[fn->first_inst + i];
      const st_tinst *t = &dec[fn->first_inst + i];
      bool v = varying_source(m, fn, in);
      for (unsigned s = 0; !v && s < t->n_src; s++) {
        v = t->src[s] < fn->n_regs && var[t->src[s]];
      }
      for (unsigned d = 0; v && d < t->n_dst; d++) {
        if (t->dst[d] < fn->n_regs && !var[t->dst[d]]) {
          var[t->dst[d]] = 1;
          changed = true;
        }
      }
    }
  }
}

/* Adds fn's counts to f. */
static void count_function(const st_module *m, const st_function *fn, const st_tinst *dec,
                           st_hfeatures *f) {
  uint8_t *var = malloc(fn->n_regs > 0 ? fn->n_regs : 1);
  if (var == NULL) {
    return;
  }
  varying_regs(m, fn, dec, var);
  for (uint32_t i = 0; i < fn->n_insts; i++) {
    const st_inst *in = &m->insts[fn->first_inst + i];
    const st_tinst *t = &dec[fn->first_inst + i];
    if (is_uncounted(in)) {
      continue;
    }
    bool vec = varying_source(m, fn, in) && in->op != OP_CALL;
    for (unsigned s = 0; !vec && s < t->n_src; s++) {
      vec = t->src[s] < fn->n_regs && var[t->src[s]];
    }
    switch ((st_op)in->op) {
    case OP_BRA:
    case OP_BRX:
    case OP_CALL:
      f->v[HF_BRANCH] += 1;
      continue;
    case OP_BAR:
      f->v[HF_BARRIER] += 1;
      continue;
    case OP_ATOM:
    case OP_RED:
      f->v[HF_ATOMIC] += 1;
      f->v[HF_MEM] += 1;
      continue;
    default:
      break;
    }
    if (is_mem(in)) {
      f->v[HF_MEM] += 1;
      f->v[vec ? HF_VMEM : HF_SMEM] += 1;
      continue;
    }
    f->v[vec ? HF_VALU : HF_SALU] += 1;
    if (is_math(in)) {
      f->v[HF_MATH] += 1;
    } else if (st_ptype_is_float((st_ptype)in->type) || st_ptype_is_float((st_ptype)in->type2)) {
      f->v[HF_FP] += 1;
    } else {
      f->v[HF_INT] += 1;
    }
  }
  free(var);
}

/* Marks fn and every .func it calls (directly) in seen. */
static void reach(const st_module *m, uint32_t fi, uint8_t *seen) {
  if (seen[fi]) {
    return;
  }
  seen[fi] = 1;
  const st_function *fn = &m->funcs[fi];
  for (uint32_t i = 0; i < fn->n_insts; i++) {
    const st_inst *in = &m->insts[fn->first_inst + i];
    if (in->op == OP_CALL && in->call_func != ST_INDIRECT_CALL && in->call_func < m->n_funcs) {
      reach(m, in->call_func, seen);
    }
  }
}

st_status st_hetero_static_features(const st_module *m, const char *const *entries, size_t n,
                                    st_hfeatures *f, st_error *err) {
  uint8_t *seen = calloc(m->n_funcs > 0 ? m->n_funcs : 1, 1);
  if (seen == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    const st_function *fn = st_module_find_func(m, entries[i]);
    if (fn == NULL || !fn->is_entry) {
      free(seen);
      return st_error_set(err, ST_ERR_USAGE, "%s: no kernel named '%s'", m->source_name,
                          entries[i]);
    }
    reach(m, (uint32_t)(fn - m->funcs), seen);
  }
  st_config cfg;
  st_config_defaults(&cfg);
  st_tinst *dec = st_tinst_decode(m, &cfg);
  if (dec == NULL) {
    free(seen);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  for (uint32_t fi = 0; fi < m->n_funcs; fi++) {
    if (seen[fi] && !m->funcs[fi].is_extern) {
      count_function(m, &m->funcs[fi], dec, f);
    }
  }
  free(dec);
  free(seen);
  return ST_OK;
}
