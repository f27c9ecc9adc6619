/* Instruction statements: operands as written (registers, immediates,
 * special registers, addresses, vectors, symbols, labels, function names),
 * matched against the shape the opcode decoder gave, checked, and stored
 * resolved. Calls have their own operand syntax (parse_call.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/opcodes.h"

#define MAX_VEC 4

/* An element of a vector operand as written. */
typedef struct raw_elem {
  uint8_t kind; /* OPND_REG, OPND_IMM or OPND_SINK */
  uint32_t reg;
  ptx_literal lit;
  ptx_token tok;
} raw_elem;

/* An operand as written, resolved as far as it can be without its slot. */
typedef struct raw_opnd {
  uint8_t kind; /* st_opnd_kind */
  bool neg;
  bool piped; /* written after '|' */
  uint32_t reg;
  uint32_t sym;
  uint32_t func; /* OPND_FUNC: a function name used as a value */
  int64_t off;
  uint8_t sreg, comp;
  ptx_literal lit;
  uint8_t n_elems;
  raw_elem elems[MAX_VEC];
  uint32_t line, col;
  const char *text;
  size_t len;
} raw_opnd;

static bool opnd_error(ptx_parser *p, const raw_opnd *r, const char *what) {
  return ptx_error_text(p, r->line, r->col, what, r->text, r->len);
}

/* ---- special registers ---------------------------------------------------------- */

static const struct {
  const char *name;
  st_sreg sreg;
  bool has_comp;
} special_regs[] = {
    {"%tid", SREG_TID, true},
    {"%ntid", SREG_NTID, true},
    {"%ctaid", SREG_CTAID, true},
    {"%nctaid", SREG_NCTAID, true},
    {"%laneid", SREG_LANEID, false},
    {"%warpid", SREG_WARPID, false},
    {"%nwarpid", SREG_NWARPID, false},
    {"%smid", SREG_SMID, false},
    {"%nsmid", SREG_NSMID, false},
    {"%gridid", SREG_GRIDID, false},
    {"%lanemask_eq", SREG_LANEMASK_EQ, false},
    {"%lanemask_lt", SREG_LANEMASK_LT, false},
    {"%lanemask_le", SREG_LANEMASK_LE, false},
    {"%lanemask_gt", SREG_LANEMASK_GT, false},
    {"%lanemask_ge", SREG_LANEMASK_GE, false},
    {"%clock", SREG_CLOCK, false},
    {"%clock_hi", SREG_CLOCK_HI, false},
    {"%clock64", SREG_CLOCK64, false},
    {"%globaltimer", SREG_GLOBALTIMER, false},
    {"%globaltimer_lo", SREG_GLOBALTIMER_LO, false},
    {"%globaltimer_hi", SREG_GLOBALTIMER_HI, false},
    {"%dynamic_smem_size", SREG_DYNAMIC_SMEM_SIZE, false},
    {"%total_smem_size", SREG_TOTAL_SMEM_SIZE, false},
};

static const char *const unsupported_sregs[] = {
    "%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid", "%cluster_ctarank",
    "%cluster_nctarank", "%is_explicit_cluster", "%aggr_smem_size", "%current_graph_exec",
    "%reserved_smem_offset_begin", "%reserved_smem_offset_end", "%reserved_smem_offset_cap",
    "%reserved_smem_offset_0", "%reserved_smem_offset_1"};

/* Parses "%envreg7" style names: prefix then a decimal index < limit. */
static bool indexed_name(const char *s, size_t n, const char *prefix, unsigned limit,
                         unsigned *index) {
  size_t pl = strlen(prefix);
  if (n <= pl || n > pl + 2 || memcmp(s, prefix, pl) != 0) {
    return false;
  }
  unsigned v = 0;
  for (size_t i = pl; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') {
      return false;
    }
    v = v * 10 + (unsigned)(s[i] - '0');
  }
  if (v >= limit || (n == pl + 2 && s[pl] == '0')) {
    return false;
  }
  *index = v;
  return true;
}

/* Recognises a special register name. Returns 1 when it is one (r filled),
 * 0 when it is not, -1 on an error (recorded). */
static int special_register(ptx_parser *p, const ptx_token *t, raw_opnd *r) {
  const char *dot = memchr(t->text, '.', t->len);
  size_t base = dot ? (size_t)(dot - t->text) : t->len;
  unsigned idx;
  if (indexed_name(t->text, t->len, "%envreg", 32, &idx) ||
      indexed_name(t->text, t->len, "%pm", 8, &idx)) {
    r->kind = OPND_SREG;
    r->sreg = t->text[1] == 'e' ? SREG_ENVREG : SREG_PM;
    r->comp = (uint8_t)idx;
    return 1;
  }
  for (size_t i = 0; i < sizeof special_regs / sizeof *special_regs; i++) {
    const char *name = special_regs[i].name;
    if (strlen(name) != base || memcmp(name, t->text, base) != 0) {
      continue;
    }
    if (special_regs[i].has_comp) {
      if (dot == NULL || t->len != base + 2 || dot[1] < 'x' || dot[1] > 'z') {
        ptx_error_tok(p, t, "special register needs a component .x, .y or .z");
        return -1;
      }
      r->comp = (uint8_t)(dot[1] - 'x');
    } else if (dot != NULL) {
      ptx_error_tok(p, t, "unknown special register");
      return -1;
    }
    r->kind = OPND_SREG;
    r->sreg = (uint8_t)special_regs[i].sreg;
    return 1;
  }
  for (size_t i = 0; i < sizeof unsupported_sregs / sizeof *unsupported_sregs; i++) {
    if (strlen(unsupported_sregs[i]) == base && memcmp(unsupported_sregs[i], t->text, base) == 0) {
      ptx_error_tok(p, t, "unsupported special register");
      return -1;
    }
  }
  return 0;
}

bool ptx_is_special_register_name(const char *s, size_t n) {
  unsigned idx;
  if (n < 2 || s[0] != '%') {
    return false;
  }
  if (indexed_name(s, n, "%envreg", 32, &idx) || indexed_name(s, n, "%pm", 8, &idx)) {
    return true;
  }
  for (size_t i = 0; i < sizeof special_regs / sizeof *special_regs; i++) {
    if (strlen(special_regs[i].name) == n && memcmp(special_regs[i].name, s, n) == 0) {
      return true;
    }
  }
  for (size_t i = 0; i < sizeof unsupported_sregs / sizeof *unsupported_sregs; i++) {
    if (strlen(unsupported_sregs[i]) == n && memcmp(unsupported_sregs[i], s, n) == 0) {
      return true;
    }
  }
  return false;
}

/* ---- operands as written --------------------------------------------------------- */

bool ptx_undefined_name(ptx_parser *p, const ptx_token *t) {
  uint32_t id = ptx_find_name(p, t->text, t->len);
  if (id != PTX_NONE && p->func_of[id] != PTX_NONE) {
    return ptx_error_tok(p, t, "unsupported use of a function name as an operand");
  }
  return ptx_error_tok(p, t, t->text[0] == '%' ? "undefined register" : "undefined symbol");
}

/* Reads "+N", "-N" or "+-N" after a base; *off accumulates (wrapping). */
static bool parse_offset(ptx_parser *p, int64_t *off) {
  while (ptx_is_punct(ptx_peek(&p->lx, 0), '+') || ptx_is_punct(ptx_peek(&p->lx, 0), '-')) {
    bool minus = ptx_is_punct(ptx_peek(&p->lx, 0), '-');
    ptx_next(&p->lx);
    ptx_token at = *ptx_peek(&p->lx, 0);
    ptx_literal lit;
    if (!ptx_parse_literal(p, &lit)) {
      return false;
    }
    if (lit.kind != LIT_INT) {
      return ptx_error_tok(p, &at, "expected an integer offset, got");
    }
    uint64_t v = minus ? (uint64_t)0 - lit.bits : lit.bits;
    *off = (int64_t)((uint64_t)*off + v);
  }
  return true;
}

static bool parse_address(ptx_parser *p, raw_opnd *r) {
  ptx_next(&p->lx); /* '[' */
  r->kind = OPND_ADDR;
  const ptx_token *t = ptx_peek(&p->lx, 0);
  if (t->kind == TOK_WORD) {
    ptx_token b = ptx_next(&p->lx);
    uint32_t reg = ptx_reg_of(p, &b);
    uint32_t id = ptx_find_name(p, b.text, b.len);
    uint32_t sym = id == PTX_NONE ? PTX_NONE : ptx_lookup_sym(p, id);
    if (reg != PTX_NONE) {
      unsigned size = st_ptype_size(ptx_reg_type(p, reg));
      if (ptx_reg_type(p, reg) == PT_PRED || (size != 4 && size != 8)) {
        return ptx_error_tok(p, &b, "address register must have 32 or 64 bits");
      }
      r->reg = reg;
    } else if (sym != PTX_NONE) {
      r->sym = sym;
    } else {
      return ptx_undefined_name(p, &b);
    }
  } else if (ptx_at_literal(p)) {
    ptx_token at = *t;
    ptx_literal lit;
    if (!ptx_parse_literal(p, &lit)) {
      return false;
    }
    if (lit.kind != LIT_INT) {
      return ptx_error_tok(p, &at, "expected an integer address, got");
    }
    r->off = (int64_t)lit.bits;
  } else {
    return ptx_error_tok(p, t, "expected an address, got");
  }
  return parse_offset(p, &r->off) && ptx_expect(p, ']');
}

static bool parse_vector(ptx_parser *p, raw_opnd *r) {
  ptx_next(&p->lx); /* '{' */
  r->kind = OPND_VEC;
  for (;;) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    if (r->n_elems == MAX_VEC) {
      return ptx_error_tok(p, t, "too many vector elements at");
    }
    raw_elem *e = &r->elems[r->n_elems];
    memset(e, 0, sizeof *e);
    e->tok = *t;
    e->reg = PTX_NONE;
    if (ptx_is_word(t, "_")) {
      ptx_next(&p->lx);
      e->kind = OPND_SINK;
    } else if (ptx_at_literal(p)) {
      if (!ptx_parse_literal(p, &e->lit)) {
        return false;
      }
      e->kind = OPND_IMM;
    } else if (t->kind == TOK_WORD) {
      ptx_token n = ptx_next(&p->lx);
      e->reg = ptx_reg_of(p, &n);
      if (e->reg == PTX_NONE) {
        return ptx_undefined_name(p, &n);
      }
      e->kind = OPND_REG;
    } else {
      return ptx_error_tok(p, t, "expected a vector element, got");
    }
    r->n_elems++;
    if (!ptx_accept(p, ',')) {
      return ptx_expect(p, '}');
    }
  }
}

/* One operand of any instruction but call. */
static bool parse_operand(ptx_parser *p, const st_inst *in, raw_opnd *r) {
  memset(r, 0, sizeof *r);
  r->reg = PTX_NONE;
  r->sym = PTX_NONE;
  const ptx_token *t = ptx_peek(&p->lx, 0);
  r->line = t->line;
  r->col = t->col;
  r->text = t->text;
  bool ok;
  if (ptx_is_punct(t, '!')) {
    ptx_next(&p->lx);
    ptx_token n = ptx_next(&p->lx);
    r->reg = ptx_reg_of(p, &n);
    if (r->reg == PTX_NONE || ptx_reg_type(p, r->reg) != PT_PRED) {
      return ptx_error_tok(p, &n, "expected a predicate register after '!', got");
    }
    r->kind = OPND_REG;
    r->neg = true;
    ok = true;
  } else if (ptx_is_punct(t, '[')) {
    ok = parse_address(p, r);
  } else if (ptx_is_punct(t, '{')) {
    ok = parse_vector(p, r);
  } else if (ptx_at_literal(p)) {
    r->kind = OPND_IMM;
    ok = ptx_parse_literal(p, &r->lit);
  } else if (t->kind == TOK_WORD) {
    ptx_token n = ptx_next(&p->lx);
    ok = true;
    int sreg = 0;
    if (ptx_is_word(&n, "_")) {
      r->kind = OPND_SINK;
    } else if (in->op == OP_BRA) {
      uint32_t id = ptx_intern(p, n.text, n.len);
      ok = id != PTX_NONE && ptx_use_label(p, id, n.line, n.col);
      r->kind = OPND_LABEL;
    } else if ((r->reg = ptx_reg_of(p, &n)) != PTX_NONE) {
      r->kind = OPND_REG; /* special register names cannot be declared (see below) */
    } else if (n.text[0] == '%' && (sreg = special_register(p, &n, r)) != 0) {
      ok = sreg > 0;
    } else if (in->op == OP_BRX && n.text[0] != '%') {
      uint32_t id = ptx_intern(p, n.text, n.len); /* a .branchtargets table */
      ok = id != PTX_NONE && ptx_use_table(p, id, n.line, n.col);
      r->kind = OPND_LABEL;
    } else {
      uint32_t id = ptx_find_name(p, n.text, n.len);
      r->sym = id == PTX_NONE ? PTX_NONE : ptx_lookup_sym(p, id);
      if (r->sym != PTX_NONE) {
        r->kind = OPND_SYM;
        ok = parse_offset(p, &r->off);
      } else if (id != PTX_NONE && p->func_of[id] != PTX_NONE) {
        r->kind = OPND_FUNC;
        r->func = p->func_of[id];
      } else {
        return ptx_undefined_name(p, &n);
      }
    }
  } else if (ptx_is_punct(t, '(')) {
    return ptx_error_tok(p, t, "unsupported constant expression at");
  } else {
    return ptx_error_tok(p, t, "expected an operand, got");
  }
  r->len = (size_t)(p->lx.last_end - r->text);
  return ok;
}

/* ---- checking operands against their slots ---------------------------------------- */

static void init_operand(st_operand *o, st_opnd_kind kind) {
  memset(o, 0, sizeof *o);
  o->kind = (uint8_t)kind;
  o->reg = ST_NO_REG;
  o->sym = ST_NO_SYM;
}

/* A register in a slot of type want: predicates only where predicates go, and
 * the size the type has (or more where the slot is wide). */
static bool check_register(ptx_parser *p, const ptx_token *t, uint32_t reg, st_ptype want,
                           bool wide) {
  st_ptype have = ptx_reg_type(p, reg);
  if (want == PT_PRED || have == PT_PRED) {
    if (want != have) {
      return ptx_error_tok(p, t, want == PT_PRED ? "expected a predicate register, got"
                                                 : "expected a data register, got");
    }
    return true;
  }
  unsigned hs = st_ptype_size(have), ws = st_ptype_size(want);
  if (want == PT_NONE ? (hs == 4 || hs == 8) : (hs == ws || (wide && hs > ws))) {
    return true;
  }
  char what[64];
  if (want == PT_NONE) {
    snprintf(what, sizeof what, "expected a 32- or 64-bit register, got");
  } else {
    snprintf(what, sizeof what, "expected a %u-bit register, got", ws * 8);
  }
  return ptx_error_tok(p, t, what);
}

static void raw_token(const raw_opnd *r, ptx_token *t) {
  memset(t, 0, sizeof *t);
  t->kind = TOK_WORD;
  t->text = r->text;
  t->len = r->len;
  t->line = r->line;
  t->col = r->col;
}

static bool convert_literal(ptx_parser *p, const ptx_token *t, const ptx_literal *lit,
                            st_ptype type, int64_t *out) {
  const char *why = NULL;
  if (!ptx_literal_bits(lit, type, out, &why)) {
    return ptx_error_tok(p, t, why);
  }
  return true;
}

/* A vector operand of ld/st (element count = .vN) or mov (pack/unpack). */
static bool check_vector(ptx_parser *p, const st_inst *in, const ptx_slot *s, const raw_opnd *r,
                         bool is_dst, st_operand *o) {
  bool is_mov = in->op == OP_MOV;
  unsigned n = r->n_elems;
  if (is_mov ? (n != 2 && n != 4) : n != in->vec) {
    return opnd_error(p, r, "vector size mismatch at");
  }
  st_ptype et = (st_ptype)s->type;
  st_vec_elem elems[MAX_VEC];
  for (unsigned i = 0; i < n; i++) {
    const raw_elem *e = &r->elems[i];
    memset(&elems[i], 0, sizeof elems[i]);
    elems[i].kind = e->kind;
    elems[i].reg = ST_NO_REG;
    if (e->kind == OPND_SINK) {
      if (!is_dst || !(s->flags & SLOT_VSINK)) {
        return ptx_error_tok(p, &e->tok, "'_' is not allowed as a source");
      }
    } else if (e->kind == OPND_IMM) {
      if (is_dst) {
        return ptx_error_tok(p, &e->tok, "expected a register, got");
      }
      /* mov packs pieces of the bit type of their size: {0, %rs1} */
      st_ptype piece = et;
      if (is_mov) {
        static const st_ptype bits_of_size[] = {PT_NONE, PT_B8, PT_B16, PT_NONE, PT_B32,
                                                PT_NONE, PT_NONE, PT_NONE, PT_B64};
        unsigned size = st_ptype_size(et) / n;
        piece = size < sizeof bits_of_size / sizeof *bits_of_size ? bits_of_size[size] : PT_NONE;
      }
      if (!convert_literal(p, &e->tok, &e->lit, piece, &elems[i].imm)) {
        return false;
      }
    } else if (is_mov) {
      st_ptype have = ptx_reg_type(p, e->reg);
      if (have == PT_PRED || st_ptype_size(have) * n != st_ptype_size(et)) {
        return ptx_error_tok(p, &e->tok, "vector element of the wrong size");
      }
      elems[i].reg = e->reg;
    } else {
      if (!check_register(p, &e->tok, e->reg, et, (s->flags & SLOT_WIDE) != 0)) {
        return false;
      }
      elems[i].reg = e->reg;
    }
  }
  uint32_t base = ptx_add_vec(p, elems, n);
  if (base == PTX_NONE) {
    return false;
  }
  init_operand(o, OPND_VEC);
  o->vec_base = base;
  o->comp = (uint8_t)n;
  return true;
}

static bool check_address(ptx_parser *p, const st_inst *in, const raw_opnd *r, st_operand *o) {
  if (r->kind != OPND_ADDR) {
    return opnd_error(p, r, "expected an address [...], got");
  }
  if (r->sym != PTX_NONE) {
    const st_symbol *y = &p->m->syms[r->sym];
    if (in->space != SP_NONE && in->space != SP_GENERIC && y->space != in->space) {
      return opnd_error(p, r, "address of a variable in another state space");
    }
    if (y->space == SP_PARAM && in->space != SP_PARAM) {
      return opnd_error(p, r, "a .param variable needs a .param access at");
    }
    if (in->op == OP_ST && y->kind == SYM_PARAM && p->m->funcs[y->func].is_entry) {
      return opnd_error(p, r, "kernel parameters are read-only at");
    }
  }
  init_operand(o, OPND_ADDR);
  o->reg = r->reg == PTX_NONE ? ST_NO_REG : r->reg;
  o->sym = r->sym == PTX_NONE ? ST_NO_SYM : r->sym;
  o->imm = r->off;
  return true;
}

static bool check_source(ptx_parser *p, const st_inst *in, const ptx_slot *s, const raw_opnd *r,
                         st_operand *o) {
  ptx_token t;
  raw_token(r, &t);
  st_ptype type = (st_ptype)s->type;
  switch (r->kind) {
  case OPND_REG:
    if (r->neg && s->role != R_PSRC) {
      return opnd_error(p, r, "'!' needs a predicate operand");
    }
    if (!check_register(p, &t, r->reg, type, (s->flags & SLOT_WIDE) != 0)) {
      return false;
    }
    init_operand(o, OPND_REG);
    o->reg = r->reg;
    o->neg = r->neg;
    return true;
  case OPND_IMM:
    init_operand(o, OPND_IMM);
    if (s->role == R_IMM && r->lit.kind != LIT_INT) {
      return opnd_error(p, r, "expected an integer constant, got");
    }
    return convert_literal(p, &t, &r->lit, type, &o->imm);
  case OPND_SREG:
    if (!(s->flags & SLOT_SREG)) {
      return opnd_error(p, r, "special register not allowed here");
    }
    init_operand(o, OPND_SREG);
    o->sreg = r->sreg;
    o->comp = r->comp;
    return true;
  case OPND_SYM:
    if (!(s->flags & SLOT_SYM)) {
      return opnd_error(p, r, "variable address not allowed here");
    }
    init_operand(o, OPND_SYM);
    o->sym = r->sym;
    o->imm = r->off;
    return true;
  case OPND_FUNC:
    /* mov.u64 %rd, func: the function's address, a constant (see ir.h) */
    if (in->op != OP_MOV) {
      return opnd_error(p, r, "unsupported use of a function name as an operand");
    }
    if (st_ptype_size(type) != 8) {
      return opnd_error(p, r, "function address needs a 64-bit type at");
    }
    /* A kernel entry's address is allowed too: device-side launches
     * (docs/cdp.md) name their child kernel by it. Indirect calls through
     * it are still refused when they run. */
    init_operand(o, OPND_IMM);
    o->imm = (int64_t)ST_FUNC_ADDRESS(r->func);
    return true;
  case OPND_VEC:
    if (!(s->flags & SLOT_VEC)) {
      return opnd_error(p, r, "vector operand not allowed here");
    }
    return check_vector(p, in, s, r, false, o);
  case OPND_SINK:
    return opnd_error(p, r, "'_' is not allowed as a source");
  default:
    return opnd_error(p, r, "unexpected operand");
  }
}

static bool check_operand(ptx_parser *p, const st_inst *in, const ptx_slot *s, const raw_opnd *r,
                          st_operand *o) {
  ptx_token t;
  raw_token(r, &t);
  switch (s->role) {
  case R_DST:
  case R_PDST:
  case R_PDST2:
    if (r->kind == OPND_VEC && (s->flags & SLOT_VEC)) {
      return check_vector(p, in, s, r, true, o);
    }
    if (r->kind == OPND_SINK && s->role == R_PDST2) {
      init_operand(o, OPND_SINK);
      return true;
    }
    if (r->kind != OPND_REG || r->neg) {
      return opnd_error(p, r, s->role == R_DST ? "expected a destination register, got"
                                               : "expected a predicate register, got");
    }
    if (in->vec > 1 && (s->flags & SLOT_VEC)) {
      return opnd_error(p, r, "expected a vector, got");
    }
    if (!check_register(p, &t, r->reg, (st_ptype)s->type, (s->flags & SLOT_WIDE) != 0)) {
      return false;
    }
    init_operand(o, OPND_REG);
    o->reg = r->reg;
    return true;
  case R_SRC:
    if (in->vec > 1 && (s->flags & SLOT_VEC) && r->kind != OPND_VEC) {
      return opnd_error(p, r, "expected a vector, got");
    }
    return check_source(p, in, s, r, o);
  case R_PSRC:
    if (r->kind != OPND_REG && r->kind != OPND_IMM) {
      return opnd_error(p, r, "expected a predicate, got");
    }
    return check_source(p, in, s, r, o);
  case R_IMM:
    if (r->kind != OPND_IMM) {
      return opnd_error(p, r, "expected a constant, got");
    }
    return check_source(p, in, s, r, o);
  case R_ADDR:
    return check_address(p, in, r, o);
  case R_LABEL:
    if (r->kind != OPND_LABEL) {
      return opnd_error(p, r, in->op == OP_BRX ? "expected a .branchtargets table, got"
                                               : "expected a label, got");
    }
    /* brx.idx: the table's targets are filled in when the function ends */
    init_operand(o, in->op == OP_BRX ? OPND_VEC : OPND_LABEL);
    return true;
  default:
    return opnd_error(p, r, "unexpected operand");
  }
}

/* Fits the written operands to the shape: "d|p" fills an R_PDST2 slot (a sink
 * when absent), optional slots may be left out. */
static bool match_operands(ptx_parser *p, st_inst *in, const ptx_shape *sh, const raw_opnd *raws,
                           unsigned nraw, const char *stmt, uint32_t line, uint32_t col) {
  unsigned plain = 0, required = 0, most = 0;
  for (unsigned i = 0; i < nraw; i++) {
    plain += !raws[i].piped;
  }
  for (unsigned i = 0; i < sh->n; i++) {
    const ptx_slot *s = &sh->slot[i];
    if (s->role != R_PDST2) {
      most++;
      required += !(s->flags & (SLOT_OPT | SLOT_MIDOPT));
    }
  }
  if (plain < required || plain > most) {
    char what[96];
    if (required == most) {
      snprintf(what, sizeof what, "wrong number of operands (expected %u, got %u) in", required,
               plain);
    } else {
      snprintf(what, sizeof what, "wrong number of operands (expected %u to %u, got %u) in",
               required, most, plain);
    }
    return ptx_error_text(p, line, col, what, stmt, (size_t)(p->lx.last_end - stmt));
  }
  bool midopt_present = plain > required;
  unsigned ri = 0, no = 0;
  for (unsigned i = 0; i < sh->n; i++) {
    const ptx_slot *s = &sh->slot[i];
    st_operand o;
    if (s->role == R_PDST2 && !(ri < nraw && raws[ri].piped)) {
      init_operand(&in->opnd[no++], OPND_NONE); /* "d" without "|p" */
      continue;
    }
    if ((s->flags & SLOT_MIDOPT) && !midopt_present) {
      init_operand(&in->opnd[no++], OPND_NONE);
      continue;
    }
    if (ri >= nraw) {
      break; /* trailing optional operands left out */
    }
    const raw_opnd *r = &raws[ri++];
    if (r->piped != (s->role == R_PDST2)) {
      return opnd_error(p, r, "unexpected '|' before");
    }
    if (!check_operand(p, in, s, r, &o)) {
      return false;
    }
    if (!(s->flags & SLOT_DROP)) {
      in->opnd[no++] = o;
    }
  }
  if (ri < nraw) {
    return opnd_error(p, &raws[ri], "unexpected '|' before");
  }
  in->nopnds = (uint8_t)no;
  return true;
}

/* Checks that need operand values: barrier numbers and thread counts,
 * lop3's lookup table. */
static bool check_values(ptx_parser *p, const st_inst *in, const raw_opnd *raws) {
  if (in->op == OP_BAR) {
    unsigned a = (in->subop == BAR_SYNC || in->subop == BAR_ARRIVE) ? 0 : 1;
    const st_operand *id = &in->opnd[a];
    if (id->kind == OPND_IMM && (uint64_t)id->imm > 15) {
      return opnd_error(p, &raws[a], "barrier number out of range (0..15)");
    }
    const st_operand *count = a + 1 < in->nopnds ? &in->opnd[a + 1] : NULL;
    if (count != NULL && count->kind == OPND_IMM && ((uint32_t)count->imm % 32 != 0)) {
      return opnd_error(p, &raws[a + 1], "thread count must be a multiple of 32");
    }
  }
  if (in->op == OP_LOP3 && (uint64_t)in->opnd[4].imm > 255) {
    return opnd_error(p, &raws[4], "lookup table out of range (0..255)");
  }
  return true;
}

/* ---- the statement --------------------------------------------------------------------- */

bool ptx_parse_instruction(ptx_parser *p, uint32_t guard, bool guard_neg, const char *stmt,
                           uint32_t line, uint32_t col) {
  ptx_token w = ptx_next(&p->lx);
  st_inst in;
  ptx_inst_init(&in, p->func, line, col);
  in.guard = guard;
  in.guard_neg = guard_neg;
  ptx_shape shape;
  if (!ptx_decode_opcode(p, &w, &in, &shape)) {
    return false;
  }
  if (in.op == OP_CALL) {
    return ptx_parse_call(p, &in) && ptx_add_inst(p, &in) != PTX_NONE;
  }
  raw_opnd raws[PTX_MAX_RAW];
  unsigned nraw = 0;
  if (!ptx_is_punct(ptx_peek(&p->lx, 0), ';')) {
    for (;;) {
      if (nraw == PTX_MAX_RAW) {
        return ptx_error_tok(p, ptx_peek(&p->lx, 0), "too many operands at");
      }
      if (!parse_operand(p, &in, &raws[nraw])) {
        return false;
      }
      nraw++;
      if (ptx_accept(p, '|')) {
        if (nraw != 1) {
          return opnd_error(p, &raws[nraw - 1], "unexpected '|' after");
        }
        if (!parse_operand(p, &in, &raws[nraw])) {
          return false;
        }
        raws[nraw++].piped = true;
      }
      if (!ptx_accept(p, ',')) {
        break;
      }
    }
  }
  const ptx_token *end = ptx_peek(&p->lx, 0);
  if (!ptx_is_punct(end, ';')) {
    return ptx_error_tok(p, end, "expected ';', got");
  }
  if (!match_operands(p, &in, &shape, raws, nraw, stmt, line, col) ||
      !check_values(p, &in, raws)) {
    return false;
  }
  ptx_next(&p->lx);
  return ptx_add_inst(p, &in) != PTX_NONE;
}
