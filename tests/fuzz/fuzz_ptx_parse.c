/* libFuzzer target for the PTX front end: any bytes either parse into a
 * module whose every index is in range, or fail with a positioned message.
 * Successful modules are also formatted instruction by instruction. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ir.h"

#define NAME "fuzz.ptx"

static void require(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "fuzz_ptx_parse: invariant broken: %s\n", what);
    abort();
  }
}

static void check_operand(const st_module *m, const st_function *fn, const st_inst *in,
                          const st_operand *o) {
  switch (o->kind) {
  case OPND_REG:
    require(o->reg < fn->n_regs, "register index");
    break;
  case OPND_ADDR:
    require(o->reg == ST_NO_REG || o->reg < fn->n_regs, "address register");
    require(o->sym == ST_NO_SYM || o->sym < m->n_syms, "address symbol");
    break;
  case OPND_SYM:
    require(o->sym < m->n_syms, "symbol index");
    break;
  case OPND_VEC: {
    /* a brx.idx table keeps its length in imm and holds labels only */
    bool table = in->op == OP_BRX;
    uint64_t n = table ? (uint64_t)o->imm : o->comp;
    require(!table || (o->imm > 0 && o->comp == 0), "brx table length");
    require((uint64_t)o->vec_base + n <= m->n_vec_elems, "vector range");
    for (uint64_t i = 0; i < n; i++) {
      const st_vec_elem *e = &m->vec_elems[o->vec_base + i];
      if (table) {
        require(e->kind == OPND_LABEL && (uint64_t)e->imm >= fn->first_inst &&
                    (uint64_t)e->imm < fn->first_inst + fn->n_insts,
                "brx target inside its function");
        continue;
      }
      require(e->kind == OPND_REG || e->kind == OPND_IMM || e->kind == OPND_SINK,
              "vector element kind");
      require(e->kind != OPND_REG || e->reg < fn->n_regs, "vector register");
    }
    break;
  }
  case OPND_LABEL:
    require((uint64_t)o->imm >= fn->first_inst && (uint64_t)o->imm < fn->first_inst + fn->n_insts,
            "label inside its function");
    break;
  case OPND_FUNC:
    require((uint64_t)o->imm < m->n_funcs, "function index");
    break;
  default:
    require(o->kind <= OPND_SINK, "operand kind");
    break;
  }
}

static void check_module(const st_module *m) {
  uint64_t covered = 0;
  for (uint32_t f = 0; f < m->n_funcs; f++) {
    const st_function *fn = &m->funcs[f];
    require((uint64_t)fn->first_inst + fn->n_insts <= m->n_insts, "function instructions");
    require((uint64_t)fn->first_reg + fn->n_regs <= m->n_regs, "function registers");
    require(fn->is_extern == (fn->n_insts == 0), "extern iff no body");
    for (uint32_t i = 0; i < fn->n_params; i++) {
      require(fn->params[i] < m->n_syms, "parameter symbol");
    }
    for (uint32_t i = 0; i < fn->n_rets; i++) {
      require(fn->rets[i] < m->n_syms, "return symbol");
    }
    covered += fn->n_insts;
    for (uint32_t i = fn->first_inst; i < fn->first_inst + fn->n_insts; i++) {
      const st_inst *in = &m->insts[i];
      require(in->op > OP_INVALID && in->op < OP_COUNT, "opcode");
      require(in->func == f, "owning function");
      require(in->nopnds <= ST_MAX_OPNDS, "operand count");
      require(in->guard == ST_NO_REG || in->guard < fn->n_regs, "guard register");
      require(in->reconv == ST_NO_PC ||
                  (in->reconv >= fn->first_inst && in->reconv < fn->first_inst + fn->n_insts),
              "reconvergence PC");
      for (unsigned k = 0; k < in->nopnds; k++) {
        check_operand(m, fn, in, &in->opnd[k]);
      }
      if (in->op == OP_BRX) {
        require(in->nopnds == 2 && in->opnd[1].kind == OPND_VEC, "brx operands");
      }
      if (in->op == OP_CALL) {
        if (in->call_func == ST_INDIRECT_CALL) {
          require(in->nopnds == 1 && in->opnd[0].kind == OPND_REG, "indirect call operand");
        } else {
          require(in->nopnds == 0, "direct call operands");
          require(in->call_func < m->n_funcs && !m->funcs[in->call_func].is_entry, "callee");
        }
        require((uint64_t)in->call_first + in->n_call_rets + in->n_call_params <= m->n_call_syms,
                "call variables");
        for (unsigned k = 0; k < (unsigned)in->n_call_rets + in->n_call_params; k++) {
          uint32_t s = m->call_syms[in->call_first + k];
          require(s < m->n_syms && m->syms[s].space == SP_PARAM, "call variable");
        }
      }
      char buf[512];
      st_inst_format(m, in, buf, sizeof buf);
      require(strlen(buf) < sizeof buf, "formatted length");
    }
    if (fn->n_insts > 0) {
      const st_inst *last = &m->insts[fn->first_inst + fn->n_insts - 1];
      require(last->guard == ST_NO_REG &&
                  (last->op == OP_RET || last->op == OP_EXIT || last->op == OP_BRA ||
                   last->op == OP_BRX || last->op == OP_TRAP),
              "a body never falls off its end");
    }
  }
  require(covered == m->n_insts, "every instruction belongs to a function");
  for (uint32_t r = 0; r < m->n_regs; r++) {
    require(m->regs[r].name < m->strings_size, "register name");
  }
  for (uint32_t s = 0; s < m->n_syms; s++) {
    const st_symbol *y = &m->syms[s];
    require(y->name < m->strings_size, "symbol name");
    require(y->init == UINT32_MAX || (uint64_t)y->init + y->size <= m->data_size, "initialiser");
    require(y->align != 0 && (y->align & (y->align - 1)) == 0, "alignment");
    require(y->offset % y->align == 0, "aligned offset");
  }
  for (uint32_t r = 0; r < m->n_relocs; r++) {
    const st_data_reloc *rl = &m->relocs[r];
    require((uint64_t)rl->at + rl->size <= m->data_size && rl->sym < m->n_syms, "relocation");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  st_module *m = NULL;
  st_error err;
  st_status s = st_ptx_parse((const char *)data, size, NAME, &m, &err);
  if (s == ST_OK) {
    require(m != NULL, "a module on success");
    check_module(m);
    st_module_free(m);
  } else {
    require(m == NULL, "no module on failure");
    require(s == ST_ERR_NOMEM || (strncmp(err.msg, NAME ":", strlen(NAME) + 1) == 0 &&
                                  strstr(err.msg, ": error: ") != NULL),
            "positioned error message");
  }
  return 0;
}
