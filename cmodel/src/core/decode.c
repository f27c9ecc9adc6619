/* Timing decode of instructions and the register-pressure estimate. */
#include "core/decode.h"

#include <stdlib.h>
#include <string.h>

static const st_op_timing *timing_of(const st_config *cfg, const st_inst *in, uint8_t *unit) {
  const st_ptype t = (st_ptype)in->type;
  const bool dp = t == PT_F64;
  const bool fp = t == PT_F32 || t == PT_F16 || t == PT_BF16 || t == PT_F16X2 || t == PT_BF16X2;
  *unit = UNIT_SP;
  if (dp) {
    *unit = cfg->sm.num_dp_units > 0 ? UNIT_DP : UNIT_SP;
  }
  switch ((st_op)in->op) {
  case OP_RCP:
  case OP_SQRT:
  case OP_RSQRT:
  case OP_EX2:
  case OP_LG2:
  case OP_SIN:
  case OP_COS:
  case OP_TANH:
    if (dp) {
      return in->op == OP_SQRT || in->op == OP_RCP ? &cfg->sm.op.dp_div : &cfg->sm.op.dp_mad;
    }
    *unit = UNIT_SFU;
    return &cfg->sm.op.sfu;
  case OP_DIV:
  case OP_REM:
    if (dp) {
      return &cfg->sm.op.dp_div;
    }
    if (fp) {
      if (in->flags & IF_APPROX) {
        *unit = UNIT_SFU;
        return &cfg->sm.op.sfu;
      }
      return &cfg->sm.op.fp_div;
    }
    return &cfg->sm.op.int_div;
  case OP_MUL:
  case OP_MUL24:
    return dp ? &cfg->sm.op.dp_mul : fp ? &cfg->sm.op.fp_mul : &cfg->sm.op.int_mul;
  case OP_MAD:
  case OP_MADC:
  case OP_MAD24:
  case OP_FMA:
  case OP_SAD:
  case OP_DP4A:
  case OP_DP2A:
    return dp ? &cfg->sm.op.dp_mad : fp ? &cfg->sm.op.fp_mad : &cfg->sm.op.int_mad;
  case OP_MIN:
  case OP_MAX:
    return dp ? &cfg->sm.op.dp_max : fp ? &cfg->sm.op.fp_max : &cfg->sm.op.int_max;
  default:
    return dp ? &cfg->sm.op.dp_add : fp ? &cfg->sm.op.fp_add : &cfg->sm.op.int_add;
  }
}

static void add_reg(uint16_t *list, uint8_t *n, unsigned cap, uint32_t reg) {
  if (reg == ST_NO_REG || reg > UINT16_MAX) {
    return;
  }
  for (unsigned i = 0; i < *n; i++) {
    if (list[i] == reg) {
      return;
    }
  }
  if (*n < cap) {
    list[(*n)++] = (uint16_t)reg;
  }
}

/* The registers an operand reads (as a source) or names (as a destination). */
static void operand_regs(const st_module *m, const st_operand *o, uint16_t *list, uint8_t *n,
                         unsigned cap) {
  switch ((st_opnd_kind)o->kind) {
  case OPND_REG:
  case OPND_ADDR:
    add_reg(list, n, cap, o->reg);
    return;
  case OPND_VEC:
    for (unsigned e = 0; e < o->comp && o->vec_base + e < m->n_vec_elems; e++) {
      const st_vec_elem *v = &m->vec_elems[o->vec_base + e];
      if (v->kind == OPND_REG) {
        add_reg(list, n, cap, v->reg);
      }
    }
    return;
  default:
    return;
  }
}

/* What may touch state another SM can see: every access that is not to
 * shared, local or parameter memory (generic addresses may be global),
 * conversions and tests of addresses (they read the allocation table), and
 * calls (the device runtime, printf). Shared memory belongs to the CTA and
 * so to one SM. */
static bool ordered(const st_inst *in) {
  switch ((st_op)in->op) {
  case OP_LD:
  case OP_LDU:
  case OP_ST:
  case OP_ATOM:
  case OP_RED:
  case OP_PREFETCH:
    return in->space != SP_SHARED && in->space != SP_LOCAL && in->space != SP_PARAM;
  case OP_CVTA:
  case OP_ISSPACEP:
  case OP_CALL:
  case OP_TRAP:
  case OP_BRKPT:
    return true;
  default:
    return false;
  }
}

st_tinst *st_tinst_decode(const st_module *m, const st_config *cfg) {
  st_tinst *out = calloc(m->n_insts ? m->n_insts : 1, sizeof *out);
  if (out == NULL) {
    return NULL;
  }
  uint32_t lanes_per_pass = (uint32_t)cfg->sm.simd_width;
  uint32_t passes = (uint32_t)(cfg->sm.warp_size / lanes_per_pass);
  for (uint32_t i = 0; i < m->n_insts; i++) {
    const st_inst *in = &m->insts[i];
    st_tinst *t = &out[i];
    const st_op_timing *tm = timing_of(cfg, in, &t->unit);
    t->latency = (uint16_t)tm->latency;
    t->interval = (uint16_t)tm->interval;
    switch ((st_op)in->op) {
    case OP_LD:
    case OP_LDU:
    case OP_ST:
    case OP_ATOM:
    case OP_RED:
      t->is_mem = 1;
      t->unit = UNIT_MEM;
      t->interval = 1;
      break;
    case OP_BRA:
    case OP_BRX:
    case OP_CALL:
    case OP_RET:
    case OP_EXIT:
      t->is_branch = 1;
      break;
    case OP_BAR:
      t->is_barrier = 1;
      break;
    default:
      break;
    }
    t->ordered = ordered(in);
    /* A warp occupies a pipeline for warp_size / simd_width passes. */
    t->interval = (uint16_t)(t->interval * passes);
    t->latency = (uint16_t)(t->latency + passes - 1);
    unsigned nd = st_inst_n_dst(in);
    for (unsigned k = 0; k < in->nopnds && k < ST_MAX_OPNDS; k++) {
      const st_operand *o = &in->opnd[k];
      if (k < nd && o->kind != OPND_ADDR) {
        operand_regs(m, o, t->dst, &t->n_dst, ST_MAX_DST_REGS);
      } else {
        operand_regs(m, o, t->src, &t->n_src, ST_MAX_SRC_REGS);
      }
    }
    if (!t->is_mem && !t->is_branch && t->n_dst > 0) {
      t->latency = (uint16_t)(t->latency + cfg->sm.result_latency);
    }
    if (in->op == OP_CALL && in->call_func == ST_INDIRECT_CALL) {
      operand_regs(m, &in->opnd[0], t->src, &t->n_src, ST_MAX_SRC_REGS);
    }
    add_reg(t->src, &t->n_src, ST_MAX_SRC_REGS, in->guard);
  }
  return out;
}

/* ---- register pressure ---------------------------------------------------- */

static unsigned reg_weight(st_ptype t) {
  unsigned n = st_ptype_size(t);
  if (t == PT_PRED) {
    return 0; /* predicates live in their own register file */
  }
  return n <= 4 ? 1 : (n + 3) / 4;
}

uint32_t st_regs_per_thread(const st_module *m, const st_function *f, const st_tinst *decoded,
                            uint32_t granularity) {
  uint32_t n = f->n_insts, nr = f->n_regs;
  if (n == 0 || nr == 0) {
    return granularity ? granularity : 1;
  }
  size_t words = (nr + 63) / 64;
  uint64_t *live = calloc((size_t)n * words, sizeof *live);
  uint64_t *tmp = calloc(words, sizeof *tmp);
  if (live == NULL || tmp == NULL) {
    free(live);
    free(tmp);
    return 64;
  }
  /* Backward dataflow to a fixed point: live-in of each instruction. */
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t k = n; k-- > 0;) {
      uint32_t pc = f->first_inst + k;
      const st_inst *in = &m->insts[pc];
      const st_tinst *t = &decoded[pc];
      memset(tmp, 0, words * sizeof *tmp);
      bool falls = !(in->guard == ST_NO_REG &&
                     (in->op == OP_BRA || in->op == OP_RET || in->op == OP_EXIT ||
                      in->op == OP_BRX || in->op == OP_TRAP));
      if (falls && k + 1 < n) {
        for (size_t w = 0; w < words; w++) {
          tmp[w] |= live[(size_t)(k + 1) * words + w];
        }
      }
      if (in->op == OP_BRA && in->opnd[0].kind == OPND_LABEL) {
        uint32_t tgt = (uint32_t)in->opnd[0].imm - f->first_inst;
        if (tgt < n) {
          for (size_t w = 0; w < words; w++) {
            tmp[w] |= live[(size_t)tgt * words + w];
          }
        }
      }
      if (in->op == OP_BRX) {
        const st_operand *tab = &in->opnd[1];
        for (int64_t e = 0; e < tab->imm; e++) {
          uint32_t tgt = (uint32_t)m->vec_elems[tab->vec_base + (uint32_t)e].imm - f->first_inst;
          if (tgt < n) {
            for (size_t w = 0; w < words; w++) {
              tmp[w] |= live[(size_t)tgt * words + w];
            }
          }
        }
      }
      /* An unguarded definition ends its register's life above this point. */
      if (in->guard == ST_NO_REG) {
        for (unsigned d = 0; d < t->n_dst; d++) {
          tmp[t->dst[d] / 64] &= ~(UINT64_C(1) << (t->dst[d] % 64));
        }
      }
      for (unsigned s = 0; s < t->n_src; s++) {
        tmp[t->src[s] / 64] |= UINT64_C(1) << (t->src[s] % 64);
      }
      uint64_t *mine = &live[(size_t)k * words];
      if (memcmp(mine, tmp, words * sizeof *tmp) != 0) {
        memcpy(mine, tmp, words * sizeof *tmp);
        changed = true;
      }
    }
  }
  /* The most registers live at once, weighted by size; a value is live from
   * its definition, so also count what each instruction defines. */
  uint32_t best = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t sum = 0;
    const st_tinst *t = &decoded[f->first_inst + k];
    const uint64_t *after = k + 1 < n ? &live[(size_t)(k + 1) * words] : NULL;
    for (uint32_t r = 0; r < nr; r++) {
      bool is_live = (live[(size_t)k * words + r / 64] >> (r % 64)) & 1;
      if (!is_live && after != NULL) {
        is_live = (after[r / 64] >> (r % 64)) & 1;
      }
      if (is_live) {
        sum += reg_weight((st_ptype)m->regs[f->first_reg + r].type);
      }
    }
    (void)t;
    best = sum > best ? sum : best;
  }
  free(live);
  free(tmp);
  uint32_t g = granularity ? granularity : 1;
  best = best < 1 ? 1 : best;
  return (best + g - 1) / g * g;
}
