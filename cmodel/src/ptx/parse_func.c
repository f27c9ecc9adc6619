/* Functions: .entry/.func headers with parameters and performance
 * directives, and bodies: register declarations, scopes, labels, guards and
 * the statements that make up a body. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/parse.h"

uint32_t ptx_reg_of(const ptx_parser *p, const ptx_token *t) {
  if (t->kind != TOK_WORD) {
    return PTX_NONE;
  }
  uint32_t id = ptx_find_name(p, t->text, t->len);
  return id == PTX_NONE ? PTX_NONE : ptx_lookup_reg(p, id);
}

st_ptype ptx_reg_type(const ptx_parser *p, uint32_t r) {
  const st_function *fn = &p->m->funcs[p->func];
  return (st_ptype)p->m->regs[fn->first_reg + r].type;
}

/* Appends idx to a growable list whose capacity is the next power of two. */
static bool push_index(ptx_parser *p, uint32_t **list, uint32_t *n, uint32_t idx) {
  if (*n >= PTX_MAX_ITEMS) {
    return ptx_error_at(p, p->lx.line, 1, "too many parameters");
  }
  if ((*n & (*n - 1)) == 0) {
    uint32_t cap = *n ? *n * 2 : 4;
    uint32_t *q = realloc(*list, cap * sizeof *q);
    if (q == NULL) {
      return ptx_nomem(p);
    }
    *list = q;
  }
  (*list)[(*n)++] = idx;
  return true;
}

/* '(' already read: [param {, param}] ')'. */
static bool parse_param_list(ptx_parser *p, uint32_t f, bool is_ret) {
  if (ptx_accept(p, ')')) {
    return true;
  }
  for (;;) {
    uint32_t sym;
    if (!ptx_parse_param(p, f, is_ret, &sym)) {
      return false;
    }
    st_function *fn = &p->m->funcs[f];
    if (!(is_ret ? push_index(p, &fn->rets, &fn->n_rets, sym)
                 : push_index(p, &fn->params, &fn->n_params, sym))) {
      return false;
    }
    if (ptx_accept(p, ')')) {
      return true;
    }
    if (!ptx_expect(p, ',')) {
      return false;
    }
  }
}

static bool parse_dims3(ptx_parser *p, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int i = 0; i < 3; i++) {
    ptx_token at = *ptx_peek(&p->lx, 0);
    uint64_t v;
    if (!ptx_expect_uint(p, &v, "a thread count")) {
      return false;
    }
    if (v == 0 || v > UINT32_MAX) {
      return ptx_error_tok(p, &at, "thread count out of range");
    }
    out[i] = (uint32_t)v;
    if (i == 2 || !ptx_accept(p, ',')) {
      break;
    }
  }
  return true;
}

static bool parse_u32_directive(ptx_parser *p, uint32_t *out) {
  ptx_token at = *ptx_peek(&p->lx, 0);
  uint64_t v;
  if (!ptx_expect_uint(p, &v, "a number")) {
    return false;
  }
  if (v > UINT32_MAX) {
    return ptx_error_tok(p, &at, "value out of range");
  }
  *out = (uint32_t)v;
  return true;
}

/* Performance directives and attributes between the header and the body. */
static bool parse_func_attributes(ptx_parser *p, uint32_t f) {
  for (;;) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    if (ptx_is_punct(t, '{') || ptx_is_punct(t, ';')) {
      return true;
    }
    ptx_token d = ptx_next(&p->lx);
    st_function *fn = &p->m->funcs[f];
    bool ok;
    if (ptx_is_word(&d, ".maxntid")) {
      ok = parse_dims3(p, fn->max_ntid);
    } else if (ptx_is_word(&d, ".reqntid")) {
      ok = parse_dims3(p, fn->reqntid);
    } else if (ptx_is_word(&d, ".minnctapersm")) {
      ok = parse_u32_directive(p, &fn->min_ctas_per_sm);
    } else if (ptx_is_word(&d, ".maxnctapersm")) {
      uint32_t ignored;
      ok = parse_u32_directive(p, &ignored);
    } else if (ptx_is_word(&d, ".maxnreg")) {
      ok = parse_u32_directive(p, &fn->max_nreg);
    } else if (ptx_is_word(&d, ".noreturn") && !fn->is_entry) {
      ok = true;
    } else if (ptx_is_word(&d, ".pragma")) {
      ok = ptx_skip_pragma(p);
    } else if (d.kind == TOK_WORD && d.text[0] == '.') {
      return ptx_error_tok(p, &d, "unsupported function directive");
    } else {
      return ptx_error_tok(p, &d, "expected '{' or ';', got");
    }
    if (!ok) {
      return false;
    }
  }
}

static bool same_params(const st_module *m, const uint32_t *a, const uint32_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    const st_symbol *x = &m->syms[a[i]], *y = &m->syms[b[i]];
    if (x->size != y->size || x->align != y->align) {
      return false;
    }
  }
  return true;
}

/* Gives symbols to[i] the names and positions of symbols from[i]. */
static void rename_symbols(st_module *m, const uint32_t *to, const uint32_t *from, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    st_symbol *o = &m->syms[to[i]];
    const st_symbol *s = &m->syms[from[i]];
    o->name = s->name;
    o->line = s->line;
    o->col = s->col;
  }
}

/* A second declaration of a function (a prototype, then its definition):
 * checks that it agrees with the first, gives the first's parameters the
 * names of the new one, and drops the new records. Returns the function. */
static uint32_t merge_declaration(ptx_parser *p, uint32_t prior, uint32_t f, uint32_t first_sym,
                                  const ptx_token *name, bool has_body) {
  st_module *m = p->m;
  st_function *old = &m->funcs[prior], *neu = &m->funcs[f];
  if (old->is_entry != neu->is_entry || old->n_params != neu->n_params ||
      old->n_rets != neu->n_rets || !same_params(m, old->params, neu->params, old->n_params) ||
      !same_params(m, old->rets, neu->rets, old->n_rets)) {
    ptx_error_tok(p, name, "conflicting declaration of function");
    return PTX_NONE;
  }
  if (has_body && old->n_insts > 0) {
    ptx_error_tok(p, name, "duplicate definition of function");
    return PTX_NONE;
  }
  rename_symbols(m, old->params, neu->params, old->n_params);
  rename_symbols(m, old->rets, neu->rets, old->n_rets);
  for (int i = 0; i < 3; i++) {
    if (neu->max_ntid[0] != 0) {
      old->max_ntid[i] = neu->max_ntid[i];
    }
    if (neu->reqntid[0] != 0) {
      old->reqntid[i] = neu->reqntid[i];
    }
  }
  if (neu->min_ctas_per_sm != 0) {
    old->min_ctas_per_sm = neu->min_ctas_per_sm;
  }
  if (neu->max_nreg != 0) {
    old->max_nreg = neu->max_nreg;
  }
  if (has_body) {
    old->line = neu->line;
    old->col = neu->col;
  }
  free(neu->params);
  free(neu->rets);
  free(neu->rows);
  m->n_syms = first_sym;
  m->n_funcs--;
  return prior;
}

/* ---- bodies ---------------------------------------------------------------- */

static bool too_many_registers(ptx_parser *p, const char *name, size_t len, uint32_t line,
                               uint32_t col) {
  char what[64];
  snprintf(what, sizeof what, "too many registers (more than %u in a module) at", PTX_MAX_REGS);
  return ptx_error_text(p, line, col, what, name, len);
}

static bool add_register(ptx_parser *p, uint32_t id, st_ptype type, uint32_t line, uint32_t col) {
  st_module *m = p->m;
  if (m->n_regs >= PTX_MAX_REGS) {
    return too_many_registers(p, ptx_name_text(p, id), p->name_len[id], line, col);
  }
  if (ptx_is_special_register_name(ptx_name_text(p, id), p->name_len[id])) {
    return ptx_error_text(p, line, col, "special register name declared as a register",
                          ptx_name_text(p, id), p->name_len[id]);
  }
  if (!ptx_grow(p, (void **)&m->regs, &p->cap_regs, (uint64_t)m->n_regs + 1, sizeof *m->regs)) {
    return false;
  }
  uint32_t local = m->n_regs - m->funcs[p->func].first_reg;
  if (!ptx_bind(p, id, local, false, "register", line, col)) {
    return false;
  }
  m->regs[m->n_regs].name = p->name_off[id];
  m->regs[m->n_regs].type = (uint8_t)type;
  m->n_regs++;
  return true;
}

/* .reg .type name, name<N>, ...; (the .reg word already read). */
static bool parse_reg_decl(ptx_parser *p) {
  ptx_token t = ptx_next(&p->lx);
  if (ptx_is_word(&t, ".v2") || ptx_is_word(&t, ".v4") || ptx_is_word(&t, ".v8")) {
    return ptx_error_tok(p, &t, "unsupported vector register declaration");
  }
  st_ptype type = t.kind == TOK_WORD && t.text[0] == '.'
                      ? ptx_type_from_name(t.text + 1, t.len - 1) : PT_NONE;
  if (type == PT_NONE) {
    return ptx_error_tok(p, &t, "expected a register type, got");
  }
  for (;;) {
    ptx_token n = ptx_next(&p->lx);
    if (n.kind != TOK_WORD || n.text[0] == '.' || memchr(n.text, '.', n.len) != NULL ||
        memchr(n.text, ':', n.len) != NULL) {
      return ptx_error_tok(p, &n, "expected a register name, got");
    }
    if (ptx_accept(p, '<')) {
      uint64_t count;
      if (!ptx_expect_uint(p, &count, "a register count") || !ptx_expect(p, '>')) {
        return false;
      }
      if (count > PTX_MAX_REGS || p->m->n_regs + count > PTX_MAX_REGS) {
        return too_many_registers(p, n.text, n.len, n.line, n.col);
      }
      char buf[PTX_MAX_TOKEN + 24];
      memcpy(buf, n.text, n.len);
      for (uint64_t i = 0; i < count; i++) {
        int w = snprintf(buf + n.len, 24, "%llu", (unsigned long long)i);
        uint32_t id = ptx_intern(p, buf, n.len + (size_t)w);
        if (id == PTX_NONE || !add_register(p, id, type, n.line, n.col)) {
          return false;
        }
      }
    } else {
      uint32_t id = ptx_intern(p, n.text, n.len);
      if (id == PTX_NONE || !add_register(p, id, type, n.line, n.col)) {
        return false;
      }
    }
    if (!ptx_accept(p, ',')) {
      break;
    }
  }
  return ptx_expect(p, ';');
}

static bool parse_label(ptx_parser *p) {
  ptx_token t = ptx_next(&p->lx);
  ptx_next(&p->lx); /* ':' */
  if (t.text[0] == '%' || memchr(t.text, '.', t.len) != NULL) {
    return ptx_error_tok(p, &t, "invalid label name");
  }
  const ptx_token *d = ptx_peek(&p->lx, 0);
  if (ptx_is_word(d, ".branchtargets") || ptx_is_word(d, ".callprototype") ||
      ptx_is_word(d, ".calltargets")) {
    return ptx_parse_named_directive(p, &t);
  }
  uint32_t id = ptx_intern(p, t.text, t.len);
  if (id == PTX_NONE) {
    return false;
  }
  if (p->label_at[id] != PTX_NONE || ptx_is_named(p, id)) {
    return ptx_error_tok(p, &t, "duplicate label");
  }
  if (!ptx_grow(p, (void **)&p->labels_defined, &p->cap_labels_defined,
                (uint64_t)p->n_labels_defined + 1, sizeof *p->labels_defined)) {
    return false;
  }
  p->labels_defined[p->n_labels_defined++] = id;
  p->label_at[id] = p->m->n_insts;
  return true;
}

bool ptx_use_label(ptx_parser *p, uint32_t id, uint32_t line, uint32_t col) {
  if (!ptx_grow(p, (void **)&p->label_uses, &p->cap_label_uses, (uint64_t)p->n_label_uses + 1,
                sizeof *p->label_uses)) {
    return false;
  }
  ptx_label_use *u = &p->label_uses[p->n_label_uses++];
  u->inst = p->m->n_insts;
  u->id = id;
  u->line = line;
  u->col = col;
  return true;
}

/* @%p or @!%p, then the instruction. */
static bool parse_guarded(ptx_parser *p) {
  ptx_token at = ptx_next(&p->lx);
  bool neg = ptx_accept(p, '!');
  ptx_token r = ptx_next(&p->lx);
  uint32_t reg = ptx_reg_of(p, &r);
  if (r.kind != TOK_WORD) {
    return ptx_error_tok(p, &r, "expected a predicate register, got");
  }
  if (reg == PTX_NONE) {
    return ptx_error_tok(p, &r, "undefined register");
  }
  if (ptx_reg_type(p, reg) != PT_PRED) {
    return ptx_error_tok(p, &r, "guard is not a predicate register");
  }
  const ptx_token *op = ptx_peek(&p->lx, 0);
  if (op->kind != TOK_WORD || op->text[0] == '.' || op->text[0] == '%') {
    return ptx_error_tok(p, op, "expected an instruction, got");
  }
  return ptx_parse_instruction(p, reg, neg, at.text, at.line, at.col);
}

static bool parse_body_directive(ptx_parser *p) {
  ptx_token d = ptx_next(&p->lx);
  if (ptx_is_word(&d, ".reg")) {
    return parse_reg_decl(p);
  }
  if (ptx_is_word(&d, ".local") || ptx_is_word(&d, ".shared") || ptx_is_word(&d, ".param") ||
      ptx_is_word(&d, ".const") || ptx_is_word(&d, ".global")) {
    return ptx_parse_variable(p, &d, false);
  }
  if (ptx_is_word(&d, ".pragma")) {
    return ptx_skip_pragma(p);
  }
  if (ptx_is_word(&d, ".loc") || ptx_is_word(&d, ".file")) {
    ptx_skip_line(p, d.line);
    return true;
  }
  if (ptx_is_word(&d, ".branchtargets") || ptx_is_word(&d, ".callprototype")) {
    return ptx_error_tok(p, &d, "expected a label before");
  }
  static const char *const unsupported[] = {".extern", ".tex", ".surfref", ".samplerref",
                                            ".texref", ".calltargets", ".alias"};
  for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
    if (ptx_is_word(&d, unsupported[i])) {
      return ptx_error_tok(p, &d, "unsupported directive");
    }
  }
  return ptx_error_tok(p, &d, "unknown directive");
}

static bool ends_control_flow(const st_inst *in) {
  return in->guard == ST_NO_REG && (in->op == OP_BRA || in->op == OP_BRX || in->op == OP_RET ||
                                    in->op == OP_EXIT || in->op == OP_TRAP);
}

/* Closes function f at its final '}': an implicit ret where control could
 * fall off the end, labels and branch tables resolved, reconvergence points
 * computed. */
static bool finish_body(ptx_parser *p, uint32_t f, const ptx_token *close) {
  st_module *m = p->m;
  st_function *fn = &m->funcs[f];
  bool need_ret = m->n_insts == fn->first_inst || !ends_control_flow(&m->insts[m->n_insts - 1]);
  for (uint32_t i = 0; i < p->n_labels_defined && !need_ret; i++) {
    need_ret = p->label_at[p->labels_defined[i]] == m->n_insts; /* a label at the very end */
  }
  if (need_ret) {
    st_inst ret;
    ptx_inst_init(&ret, f, close->line, close->col);
    ret.op = OP_RET;
    if (ptx_add_inst(p, &ret) == PTX_NONE) {
      return false;
    }
  }
  fn = &m->funcs[f];
  fn->n_insts = m->n_insts - fn->first_inst;
  fn->n_regs = m->n_regs - fn->first_reg;
  for (uint32_t i = 0; i < p->n_label_uses; i++) {
    const ptx_label_use *u = &p->label_uses[i];
    uint32_t pc = p->label_at[u->id];
    if (pc == PTX_NONE) {
      const char *name = ptx_name_text(p, u->id);
      return ptx_error_text(p, u->line, u->col,
                            ptx_is_named(p, u->id) ? "not a code label" : "undefined label",
                            name, strlen(name));
    }
    m->insts[u->inst].opnd[0].imm = pc;
  }
  if (!ptx_resolve_tables(p)) {
    return false;
  }
  ptx_forget_named(p);
  for (uint32_t i = 0; i < p->n_labels_defined; i++) {
    p->label_at[p->labels_defined[i]] = PTX_NONE;
  }
  p->n_labels_defined = 0;
  p->n_label_uses = 0;
  if (!ptx_compute_reconvergence(m, f) || !ptx_assign_rows(m, f)) {
    return ptx_nomem(p);
  }
  return true;
}

/* Binds the formal and return parameters of f in the function scope. */
static bool bind_params(ptx_parser *p, uint32_t f) {
  const st_function *fn = &p->m->funcs[f];
  for (uint32_t k = 0; k < 2; k++) {
    const uint32_t *list = k == 0 ? fn->rets : fn->params;
    uint32_t n = k == 0 ? fn->n_rets : fn->n_params;
    for (uint32_t i = 0; i < n; i++) {
      const st_symbol *s = &p->m->syms[list[i]];
      const char *text = st_module_str(p->m, s->name);
      uint32_t id = ptx_find_name(p, text, strlen(text));
      if (id == PTX_NONE || !ptx_bind(p, id, list[i], true, "parameter", s->line, s->col)) {
        return ptx_failed(p) ? false : ptx_error_at(p, s->line, s->col, "bad parameter");
      }
    }
  }
  return true;
}

/* The body of f after its '{'. */
static bool parse_body(ptx_parser *p, uint32_t f) {
  st_module *m = p->m;
  m->funcs[f].first_inst = m->n_insts;
  m->funcs[f].first_reg = m->n_regs;
  p->func = f;
  p->depth = 1;
  p->frame_top = m->funcs[f].frame_param_bytes;
  if (!bind_params(p, f)) {
    return false;
  }
  for (;;) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    bool ok;
    if (ptx_is_punct(t, '}')) {
      ptx_token close = ptx_next(&p->lx);
      ptx_unbind_scope(p);
      if (p->depth == 1) {
        p->depth = 0;
        ok = finish_body(p, f, &close);
        p->func = PTX_NONE;
        return ok;
      }
      p->frame_top = p->frame_at_depth[p->depth];
      p->depth--;
      continue;
    }
    if (ptx_is_punct(t, '{')) {
      if (p->depth >= PTX_MAX_DEPTH) {
        return ptx_error_tok(p, t, "blocks nested too deeply");
      }
      ptx_next(&p->lx);
      p->depth++;
      p->frame_at_depth[p->depth] = p->frame_top;
      continue;
    }
    if (ptx_is_punct(t, '@')) {
      ok = parse_guarded(p);
    } else if (t->kind == TOK_WORD && t->text[0] == '.') {
      ok = parse_body_directive(p);
    } else if (t->kind == TOK_WORD && ptx_is_punct(ptx_peek(&p->lx, 1), ':')) {
      ok = parse_label(p);
    } else if (t->kind == TOK_WORD && t->text[0] != '%') {
      ok = ptx_parse_instruction(p, ST_NO_REG, false, t->text, t->line, t->col);
    } else if (t->kind == TOK_EOF) {
      return ptx_error_tok(p, t, "expected '}', got");
    } else {
      return ptx_error_tok(p, t, "unexpected");
    }
    if (!ok) {
      return false;
    }
  }
}

bool ptx_parse_function(ptx_parser *p, const ptx_token *kw, bool is_extern) {
  st_module *m = p->m;
  bool is_entry = ptx_is_word(kw, ".entry");
  if (!ptx_grow(p, (void **)&m->funcs, &p->cap_funcs, (uint64_t)m->n_funcs + 1,
                sizeof *m->funcs)) {
    return false;
  }
  uint32_t f = m->n_funcs++;
  uint32_t first_sym = m->n_syms;
  st_function *fn = &m->funcs[f];
  memset(fn, 0, sizeof *fn);
  fn->is_entry = is_entry;
  fn->is_extern = is_extern;
  fn->line = kw->line;
  fn->col = kw->col;
  fn->first_inst = m->n_insts;
  fn->first_reg = m->n_regs;
  if (!is_entry && ptx_accept(p, '(') && !parse_param_list(p, f, true)) {
    return false;
  }
  ptx_token name = ptx_next(&p->lx);
  if (name.kind != TOK_WORD || name.text[0] == '.' || name.text[0] == '%' ||
      memchr(name.text, '.', name.len) != NULL) {
    return ptx_error_tok(p, &name, "expected a function name, got");
  }
  uint32_t id = ptx_intern(p, name.text, name.len);
  if (id == PTX_NONE) {
    return false;
  }
  m->funcs[f].name = p->name_off[id];
  if (ptx_accept(p, '(') && !parse_param_list(p, f, false)) {
    return false;
  }
  if (!parse_func_attributes(p, f)) {
    return false;
  }
  bool has_body = ptx_accept(p, '{');
  if (!has_body && !ptx_expect(p, ';')) {
    return false;
  }
  if (has_body && is_extern) {
    return ptx_error_tok(p, &name, "extern function with a body");
  }
  uint32_t prior = p->func_of[id];
  if (prior != PTX_NONE) {
    f = merge_declaration(p, prior, f, first_sym, &name, has_body);
    if (f == PTX_NONE) {
      return false;
    }
  } else {
    p->func_of[id] = f;
  }
  return has_body ? parse_body(p, f) : true;
}
