/* Instructions back to PTX text, for traces and reports: the mnemonic with
 * its modifiers in the manual's order, then the resolved operands by name.
 * Branch targets print as $PC<n>, the instruction index they jump to; a
 * brx.idx prints its table as {$PC<a>, $PC<b>, ...}. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "ptx/parse.h"

static const char *const op_names[OP_COUNT] = {
    [OP_ADD] = "add",         [OP_SUB] = "sub",         [OP_ADDC] = "addc",
    [OP_SUBC] = "subc",       [OP_MUL] = "mul",         [OP_MAD] = "mad",
    [OP_MADC] = "madc",       [OP_MUL24] = "mul24",     [OP_MAD24] = "mad24",
    [OP_DIV] = "div",         [OP_REM] = "rem",         [OP_ABS] = "abs",
    [OP_NEG] = "neg",         [OP_MIN] = "min",         [OP_MAX] = "max",
    [OP_SAD] = "sad",         [OP_FMA] = "fma",         [OP_RCP] = "rcp",
    [OP_SQRT] = "sqrt",       [OP_RSQRT] = "rsqrt",     [OP_EX2] = "ex2",
    [OP_LG2] = "lg2",         [OP_SIN] = "sin",         [OP_COS] = "cos",
    [OP_TANH] = "tanh",       [OP_COPYSIGN] = "copysign", [OP_TESTP] = "testp",
    [OP_DP4A] = "dp4a",       [OP_DP2A] = "dp2a",       [OP_POPC] = "popc",
    [OP_CLZ] = "clz",         [OP_BREV] = "brev",       [OP_BFIND] = "bfind",
    [OP_FNS] = "fns",         [OP_BFE] = "bfe",         [OP_BFI] = "bfi",
    [OP_BMSK] = "bmsk",       [OP_SZEXT] = "szext",     [OP_PRMT] = "prmt",
    [OP_SHF] = "shf",         [OP_SHL] = "shl",         [OP_SHR] = "shr",
    [OP_AND] = "and",         [OP_OR] = "or",           [OP_XOR] = "xor",
    [OP_NOT] = "not",         [OP_CNOT] = "cnot",       [OP_LOP3] = "lop3",
    [OP_SETP] = "setp",       [OP_SET] = "set",         [OP_SELP] = "selp",
    [OP_SLCT] = "slct",       [OP_MOV] = "mov",         [OP_CVT] = "cvt",
    [OP_CVTA] = "cvta",       [OP_LD] = "ld",           [OP_LDU] = "ldu",
    [OP_ST] = "st",           [OP_PREFETCH] = "prefetch", [OP_ISSPACEP] = "isspacep",
    [OP_ATOM] = "atom",       [OP_RED] = "red",         [OP_BAR] = "bar",
    [OP_BAR_WARP] = "bar.warp", [OP_MEMBAR] = "membar", [OP_FENCE] = "fence",
    [OP_SHFL] = "shfl",       [OP_VOTE] = "vote",       [OP_MATCH] = "match",
    [OP_ACTIVEMASK] = "activemask", [OP_NANOSLEEP] = "nanosleep", [OP_BRA] = "bra",
    [OP_BRX] = "brx",         [OP_CALL] = "call",       [OP_RET] = "ret",
    [OP_EXIT] = "exit",       [OP_TRAP] = "trap",       [OP_BRKPT] = "brkpt"};

const char *st_op_name(st_op op) {
  return (unsigned)op < OP_COUNT && op_names[op] != NULL ? op_names[op] : "invalid";
}

static const char *const rnd_names[] = {"", "rn", "rz", "rm", "rp", "rna",
                                        "rni", "rzi", "rmi", "rpi"};
static const char *const cmp_names[CMP_COUNT] = {
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
    "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
static const char *const space_names[SP_COUNT] = {"", "", "global", "shared", "local",
                                                  "const", "param", "reg"};
static const char *const scope_names[] = {"", "cta", "cluster", "gpu", "sys"};
static const char *const order_names[] = {"", "weak", "relaxed", "acquire", "release",
                                          "acq_rel", "sc", "volatile", "mmio"};
static const char *const atom_names[] = {"add", "min", "max", "inc", "dec",
                                         "cas", "exch", "and", "or",  "xor"};

#define NAME(table, i) ((unsigned)(i) < sizeof(table) / sizeof *(table) ? (table)[i] : "?")

typedef struct writer {
  char *buf;
  size_t size, pos;
} writer;

static void put(writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(writer *w, const char *fmt, ...) {
  if (w->pos + 1 >= w->size) {
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(w->buf + w->pos, w->size - w->pos, fmt, ap);
  va_end(ap);
  if (n > 0) {
    w->pos += (size_t)n < w->size - w->pos ? (size_t)n : w->size - w->pos - 1;
  }
}

static void mod(writer *w, const char *s) {
  if (s[0] != '\0') {
    put(w, ".%s", s);
  }
}

static void type_mod(writer *w, uint8_t t) {
  if (t != PT_NONE) {
    put(w, ".%s", ptx_type_name((st_ptype)t));
  }
}

/* Rounding, the flag modifiers and the types: the tail most opcodes share. */
static void generic_tail(writer *w, const st_inst *in) {
  mod(w, NAME(rnd_names, in->rnd));
  static const struct {
    uint32_t flag;
    const char *name;
  } flags[] = {{IF_APPROX, "approx"},     {IF_FULL, "full"}, {IF_FTZ, "ftz"},
               {IF_SAT, "sat"},           {IF_CC, "cc"},     {IF_UNI, "uni"},
               {IF_SHIFTAMT, "shiftamt"}, {IF_NAN, "NaN"},   {IF_XORSIGN, "xorsign"},
               {IF_ABS, "abs"},           {IF_RELU, "relu"}};
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) {
    if (in->flags & flags[i].flag) {
      mod(w, flags[i].name);
    }
  }
  type_mod(w, in->type);
  type_mod(w, in->type2);
}

static void memory_order(writer *w, const st_inst *in) {
  if (in->order == ORDER_MMIO) {
    put(w, ".mmio.relaxed.sys");
    return;
  }
  mod(w, NAME(order_names, in->order));
  mod(w, NAME(scope_names, in->scope));
}

static void modifiers(writer *w, const st_inst *in) {
  static const char *const mul_modes[] = {"", "lo", "hi", "wide"};
  switch (in->op) {
  case OP_LD:
  case OP_LDU:
  case OP_ST:
    memory_order(w, in);
    mod(w, NAME(space_names, in->space));
    if (in->flags & IF_NC) {
      mod(w, "nc");
    }
    if (in->flags & IF_CG) {
      mod(w, "cg");
    } else if (in->flags & IF_CV) {
      mod(w, "cv");
    }
    if (in->vec > 1) {
      put(w, ".v%u", in->vec);
    }
    type_mod(w, in->type);
    return;
  case OP_ATOM:
  case OP_RED:
    memory_order(w, in);
    mod(w, NAME(space_names, in->space));
    mod(w, NAME(atom_names, in->subop));
    type_mod(w, in->type);
    return;
  case OP_CVTA:
    mod(w, in->mode == CVTA_TO_SPACE ? "to" : "");
    mod(w, NAME(space_names, in->space));
    type_mod(w, in->type);
    return;
  case OP_ISSPACEP:
    mod(w, NAME(space_names, in->space));
    return;
  case OP_PREFETCH: {
    static const char *const levels[] = {"L1", "L2", "L2::evict_last", "L2::evict_normal"};
    mod(w, NAME(space_names, in->space));
    mod(w, NAME(levels, in->mode));
    return;
  }
  case OP_SETP:
  case OP_SET: {
    static const char *const bools[] = {"", "and", "or", "xor"};
    mod(w, NAME(cmp_names, in->cmp));
    mod(w, NAME(bools, in->subop));
    generic_tail(w, in);
    return;
  }
  case OP_TESTP: {
    static const char *const tests[] = {"finite", "infinite", "number", "notanumber",
                                        "normal", "subnormal"};
    mod(w, NAME(tests, in->subop));
    type_mod(w, in->type);
    return;
  }
  case OP_BAR: {
    static const char *const actions[] = {"sync", "arrive", "red.popc", "red.and", "red.or"};
    mod(w, NAME(actions, in->subop));
    type_mod(w, in->type);
    return;
  }
  case OP_BAR_WARP:
    mod(w, "sync");
    return;
  case OP_BRX:
    mod(w, "idx");
    mod(w, in->flags & IF_UNI ? "uni" : "");
    return;
  case OP_MEMBAR:
    mod(w, in->scope == SCOPE_CTA ? "cta" : in->scope == SCOPE_SYS ? "sys" : "gl");
    return;
  case OP_FENCE:
    memory_order(w, in);
    return;
  case OP_SHFL: {
    static const char *const modes[] = {"up", "down", "bfly", "idx"};
    put(w, ".sync.%s", NAME(modes, in->subop));
    type_mod(w, in->type);
    return;
  }
  case OP_VOTE: {
    static const char *const modes[] = {"all", "any", "uni", "ballot"};
    put(w, ".sync.%s", NAME(modes, in->subop));
    type_mod(w, in->type);
    return;
  }
  case OP_MATCH:
    put(w, ".%s.sync", in->subop == MATCH_ALL ? "all" : "any");
    type_mod(w, in->type);
    return;
  case OP_SHF: {
    static const char *const modes[] = {"l.wrap", "l.clamp", "r.wrap", "r.clamp"};
    mod(w, NAME(modes, in->mode));
    type_mod(w, in->type);
    return;
  }
  case OP_PRMT: {
    static const char *const modes[] = {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
    type_mod(w, in->type);
    mod(w, NAME(modes, in->mode));
    return;
  }
  case OP_BMSK:
  case OP_SZEXT:
    mod(w, in->mode == SHF_L_CLAMP ? "clamp" : "wrap");
    type_mod(w, in->type);
    return;
  case OP_MUL:
  case OP_MAD:
  case OP_MADC:
  case OP_MUL24:
  case OP_MAD24:
  case OP_DP2A:
    mod(w, NAME(mul_modes, in->mode));
    generic_tail(w, in);
    return;
  default:
    generic_tail(w, in);
    return;
  }
}

static const char *reg_name(const st_module *m, const st_inst *in, uint32_t r) {
  const st_function *fn = &m->funcs[in->func];
  return st_module_str(m, m->regs[fn->first_reg + r].name);
}

/* The type an immediate operand has, to print floats as their hex form. */
static st_ptype imm_type(const st_inst *in, unsigned idx) {
  if (in->op == OP_CVT || in->op == OP_SET || (in->op == OP_SLCT && idx == 3)) {
    return (st_ptype)in->type2;
  }
  if ((in->op == OP_SELP && idx == 3) || ((in->op == OP_SETP) && idx == 4)) {
    return PT_PRED;
  }
  return (st_ptype)in->type;
}

static void immediate(writer *w, int64_t v, st_ptype t) {
  switch (t) {
  case PT_F32:
    put(w, "0f%08" PRIX32, (uint32_t)v);
    break;
  case PT_F64:
    put(w, "0d%016" PRIX64, (uint64_t)v);
    break;
  case PT_F16:
  case PT_BF16:
    put(w, "0x%04" PRIX32, (uint32_t)v & 0xffffu);
    break;
  default:
    put(w, "%" PRId64, v);
    break;
  }
}

static void sreg_operand(writer *w, const st_operand *o) {
  static const char *const names[SREG_COUNT] = {
      "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid", "%smid",
      "%nsmid", "%gridid", "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt",
      "%lanemask_ge", "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo",
      "%globaltimer_hi", "%dynamic_smem_size", "%total_smem_size", "%envreg", "%pm"};
  put(w, "%s", NAME(names, o->sreg));
  if (o->sreg <= SREG_NCTAID) {
    put(w, ".%c", "xyz?"[o->comp < 3 ? o->comp : 3]);
  } else if (o->sreg == SREG_ENVREG || o->sreg == SREG_PM) {
    put(w, "%u", o->comp);
  }
}

/* "+8", or "+-4" as nvcc writes negative offsets. */
static void offset(writer *w, int64_t off) {
  if (off != 0) {
    put(w, "+%" PRId64, off);
  }
}

static void operand(writer *w, const st_module *m, const st_inst *in, unsigned idx) {
  const st_operand *o = &in->opnd[idx];
  switch (o->kind) {
  case OPND_REG:
    put(w, "%s%s", o->neg ? "!" : "", reg_name(m, in, o->reg));
    break;
  case OPND_IMM:
    immediate(w, o->imm, imm_type(in, idx));
    break;
  case OPND_SREG:
    sreg_operand(w, o);
    break;
  case OPND_ADDR:
    put(w, "[");
    if (o->reg != ST_NO_REG) {
      put(w, "%s", reg_name(m, in, o->reg));
      offset(w, o->imm);
    } else if (o->sym != ST_NO_SYM) {
      put(w, "%s", st_module_str(m, m->syms[o->sym].name));
      offset(w, o->imm);
    } else {
      put(w, "%" PRId64, o->imm);
    }
    put(w, "]");
    break;
  case OPND_SYM:
    put(w, "%s", st_module_str(m, m->syms[o->sym].name));
    offset(w, o->imm);
    break;
  case OPND_VEC: {
    /* brx.idx tables keep their length in imm, other vectors in comp */
    uint64_t n = in->op == OP_BRX ? (uint64_t)o->imm : o->comp;
    put(w, "{");
    for (uint64_t i = 0; i < n && w->pos + 1 < w->size; i++) {
      const st_vec_elem *e = &m->vec_elems[o->vec_base + i];
      put(w, "%s", i ? ", " : "");
      if (e->kind == OPND_REG) {
        put(w, "%s", reg_name(m, in, e->reg));
      } else if (e->kind == OPND_LABEL) {
        put(w, "$PC%" PRId64, e->imm);
      } else if (e->kind == OPND_IMM) {
        immediate(w, e->imm, in->op == OP_MOV ? PT_NONE : (st_ptype)in->type);
      } else {
        put(w, "_");
      }
    }
    put(w, "}");
    break;
  }
  case OPND_LABEL:
    put(w, "$PC%" PRId64, o->imm);
    break;
  case OPND_FUNC:
    put(w, "%s", st_module_str(m, m->funcs[o->imm].name));
    break;
  case OPND_SINK:
    put(w, "_");
    break;
  default:
    break;
  }
}

/* " (ret), func, (arg, ...)" from the call fields; an indirect call names
 * its address register instead of the function. */
static void call_operands(writer *w, const st_module *m, const st_inst *in) {
  /* call_syms is NULL in a module whose calls pass nothing */
  const uint32_t *syms = m->call_syms ? m->call_syms + in->call_first : NULL;
  put(w, " ");
  if (in->n_call_rets > 0) {
    put(w, "(");
    for (unsigned i = 0; i < in->n_call_rets; i++) {
      put(w, "%s%s", i ? ", " : "", st_module_str(m, m->syms[syms[i]].name));
    }
    put(w, "), ");
  }
  if (in->call_func == ST_INDIRECT_CALL) {
    put(w, "%s, (", reg_name(m, in, in->opnd[0].reg)); /* its prototype is not kept */
  } else {
    put(w, "%s, (", st_module_str(m, m->funcs[in->call_func].name));
  }
  for (unsigned i = 0; i < in->n_call_params; i++) {
    put(w, "%s%s", i ? ", " : "", st_module_str(m, m->syms[syms[in->n_call_rets + i]].name));
  }
  put(w, ")");
}

void st_inst_format(const st_module *m, const st_inst *in, char *buf, size_t size) {
  writer w = {buf, size, 0};
  if (size == 0) {
    return;
  }
  buf[0] = '\0';
  if (in->guard != ST_NO_REG) {
    put(&w, "@%s%s ", in->guard_neg ? "!" : "", reg_name(m, in, in->guard));
  }
  put(&w, "%s", st_op_name((st_op)in->op));
  modifiers(&w, in);
  if (in->op == OP_CALL) {
    call_operands(&w, m, in);
    put(&w, ";");
    return;
  }
  bool piped = in->op == OP_SETP || in->op == OP_SHFL ||
               (in->op == OP_MATCH && in->subop == MATCH_ALL);
  bool first = true;
  for (unsigned i = 0; i < in->nopnds; i++) {
    const st_operand *o = &in->opnd[i];
    if (piped && i == 1) {
      if (o->kind != OPND_NONE) {
        put(&w, "|");
        operand(&w, m, in, i);
      }
      continue;
    }
    if (o->kind == OPND_NONE) {
      continue;
    }
    put(&w, "%s", first ? " " : ", ");
    operand(&w, m, in, i);
    first = false;
  }
  put(&w, ";");
}
