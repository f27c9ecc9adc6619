/* Labelled directives of a function body: ".branchtargets" tables, which
 * brx.idx names, and ".callprototype" prototypes, which indirect calls name.
 * Their names live with the code labels of the function (one name is one
 * thing); tables may be declared before or after the brx.idx that uses them
 * and are resolved, with their labels, when the function ends. */
#include <stdio.h>
#include <string.h>

#include "ptx/parse.h"

bool ptx_is_named(const ptx_parser *p, uint32_t id) { return p->named_of[id] != PTX_NONE; }

/* Appends a named entry for the label token name; checks it is new. */
static ptx_named *add_named(ptx_parser *p, const ptx_token *name, ptx_named_kind kind) {
  if (name->text[0] == '%' || memchr(name->text, '.', name->len) != NULL) {
    ptx_error_tok(p, name, "invalid label name");
    return NULL;
  }
  uint32_t id = ptx_intern(p, name->text, name->len);
  if (id == PTX_NONE) {
    return NULL;
  }
  if (p->label_at[id] != PTX_NONE || ptx_is_named(p, id)) {
    ptx_error_tok(p, name, "duplicate label");
    return NULL;
  }
  if (!ptx_grow(p, (void **)&p->named, &p->cap_named, (uint64_t)p->n_named + 1,
                sizeof *p->named)) {
    return NULL;
  }
  p->named_of[id] = p->n_named;
  ptx_named *n = &p->named[p->n_named++];
  memset(n, 0, sizeof *n);
  n->kind = (uint8_t)kind;
  n->id = id;
  n->line = name->line;
  n->col = name->col;
  n->vec_base = PTX_NONE;
  return n;
}

/* ---- .branchtargets ------------------------------------------------------------ */

static bool push_use(ptx_parser *p, ptx_label_use **list, uint32_t *n, uint32_t *cap,
                     uint32_t inst, uint32_t id, uint32_t line, uint32_t col) {
  if (!ptx_grow(p, (void **)list, cap, (uint64_t)*n + 1, sizeof **list)) {
    return false;
  }
  ptx_label_use *u = &(*list)[(*n)++];
  u->inst = inst;
  u->id = id;
  u->line = line;
  u->col = col;
  return true;
}

/* "name: .branchtargets L1, L2, ...;" with the directive word next. */
static bool parse_branchtargets(ptx_parser *p, const ptx_token *name) {
  ptx_next(&p->lx); /* .branchtargets */
  if (ptx_is_punct(ptx_peek(&p->lx, 0), ';')) {
    return ptx_error_tok(p, name, "empty .branchtargets table");
  }
  if (add_named(p, name, NAMED_TABLE) == NULL) {
    return false;
  }
  uint32_t k = p->n_named - 1;
  uint32_t first = p->n_table_entries, count = 0;
  for (;;) {
    ptx_token t = ptx_next(&p->lx);
    if (t.kind != TOK_WORD || t.text[0] == '.' || t.text[0] == '%' ||
        memchr(t.text, '.', t.len) != NULL) {
      return ptx_error_tok(p, &t, "expected a label, got");
    }
    if (ptx_is_punct(ptx_peek(&p->lx, 0), '<')) {
      return ptx_error_tok(p, &t, "unsupported label range in .branchtargets at");
    }
    uint32_t id = ptx_intern(p, t.text, t.len);
    if (id == PTX_NONE || !push_use(p, &p->table_entries, &p->n_table_entries,
                                    &p->cap_table_entries, 0, id, t.line, t.col)) {
      return false;
    }
    count++;
    if (!ptx_accept(p, ',')) {
      break;
    }
  }
  p->named[k].first = first;
  p->named[k].count = count;
  return ptx_expect(p, ';');
}

bool ptx_use_table(ptx_parser *p, uint32_t id, uint32_t line, uint32_t col) {
  return push_use(p, &p->table_uses, &p->n_table_uses, &p->cap_table_uses, p->m->n_insts, id,
                  line, col);
}

/* Stores the targets of table t in module->vec_elems (once). */
static bool resolve_table(ptx_parser *p, ptx_named *t) {
  if (t->vec_base != PTX_NONE) {
    return true;
  }
  st_module *m = p->m;
  if (!ptx_grow(p, (void **)&m->vec_elems, &p->cap_vec, (uint64_t)m->n_vec_elems + t->count,
                sizeof *m->vec_elems)) {
    return false;
  }
  uint32_t base = m->n_vec_elems;
  for (uint32_t i = 0; i < t->count; i++) {
    const ptx_label_use *e = &p->table_entries[t->first + i];
    uint32_t pc = p->label_at[e->id];
    if (pc == PTX_NONE) {
      const char *text = ptx_name_text(p, e->id);
      return ptx_error_text(p, e->line, e->col,
                            ptx_is_named(p, e->id) ? "not a code label" : "undefined label",
                            text, strlen(text));
    }
    st_vec_elem *v = &m->vec_elems[base + i];
    memset(v, 0, sizeof *v);
    v->kind = OPND_LABEL;
    v->reg = ST_NO_REG;
    v->imm = pc;
  }
  m->n_vec_elems += t->count;
  t->vec_base = base;
  return true;
}

bool ptx_resolve_tables(ptx_parser *p) {
  for (uint32_t i = 0; i < p->n_named; i++) {
    if (p->named[i].kind == NAMED_TABLE && !resolve_table(p, &p->named[i])) {
      return false;
    }
  }
  for (uint32_t i = 0; i < p->n_table_uses; i++) {
    const ptx_label_use *u = &p->table_uses[i];
    uint32_t k = p->named_of[u->id];
    if (k == PTX_NONE || p->named[k].kind != NAMED_TABLE) {
      const char *text = ptx_name_text(p, u->id);
      const char *what = k != PTX_NONE || p->label_at[u->id] != PTX_NONE
                             ? "not a .branchtargets table"
                             : "undefined .branchtargets table";
      return ptx_error_text(p, u->line, u->col, what, text, strlen(text));
    }
    st_operand *o = &p->m->insts[u->inst].opnd[1];
    o->vec_base = p->named[k].vec_base;
    o->imm = p->named[k].count;
  }
  return true;
}

void ptx_forget_named(ptx_parser *p) {
  for (uint32_t i = 0; i < p->n_named; i++) {
    p->named_of[p->named[i].id] = PTX_NONE;
  }
  p->n_named = 0;
  p->n_table_entries = 0;
  p->n_table_uses = 0;
  p->n_proto_sizes = 0;
}

/* ---- .callprototype ------------------------------------------------------------ */

/* "(" .param ... {, .param ...} ")": appends the parameter sizes to
 * p->proto_sizes; *count is how many. */
static bool parse_proto_list(ptx_parser *p, uint32_t *count) {
  *count = 0;
  if (!ptx_expect(p, '(')) {
    return false;
  }
  if (ptx_accept(p, ')')) {
    return true;
  }
  for (;;) {
    st_symbol s;
    ptx_token name;
    if (!ptx_read_param(p, &s, &name) ||
        !ptx_grow(p, (void **)&p->proto_sizes, &p->cap_proto_sizes,
                  (uint64_t)p->n_proto_sizes + 1, sizeof *p->proto_sizes)) {
      return false;
    }
    p->proto_sizes[p->n_proto_sizes++] = s.size;
    (*count)++;
    if (ptx_accept(p, ')')) {
      return true;
    }
    if (!ptx_expect(p, ',')) {
      return false;
    }
  }
}

/* "name: .callprototype [(ret)] _ [(params)] [.noreturn];" with the directive
 * word next. */
static bool parse_callprototype(ptx_parser *p, const ptx_token *name) {
  ptx_next(&p->lx); /* .callprototype */
  if (add_named(p, name, NAMED_PROTO) == NULL) {
    return false;
  }
  uint32_t k = p->n_named - 1;
  uint32_t first = p->n_proto_sizes, n_rets = 0, n_params = 0;
  if (ptx_is_punct(ptx_peek(&p->lx, 0), '(') && !parse_proto_list(p, &n_rets)) {
    return false;
  }
  ptx_token sink = ptx_next(&p->lx);
  if (!ptx_is_word(&sink, "_")) {
    return ptx_error_tok(p, &sink, "expected '_' in .callprototype, got");
  }
  if (ptx_is_punct(ptx_peek(&p->lx, 0), '(') && !parse_proto_list(p, &n_params)) {
    return false;
  }
  if (ptx_is_word(ptx_peek(&p->lx, 0), ".noreturn")) {
    ptx_token nr = ptx_next(&p->lx);
    if (n_rets > 0) {
      return ptx_error_tok(p, &nr, "return parameters in a prototype with");
    }
  }
  ptx_named *n = &p->named[k];
  n->first = first;
  n->count = n_rets + n_params;
  n->n_rets = n_rets;
  return ptx_expect(p, ';');
}

const ptx_named *ptx_find_prototype(ptx_parser *p, const ptx_token *t) {
  uint32_t id = t->kind == TOK_WORD ? ptx_find_name(p, t->text, t->len) : PTX_NONE;
  uint32_t k = id == PTX_NONE ? PTX_NONE : p->named_of[id];
  if (k != PTX_NONE && p->named[k].kind == NAMED_PROTO) {
    return &p->named[k];
  }
  if (t->kind != TOK_WORD) {
    ptx_error_tok(p, t, "expected a .callprototype name, got");
  } else if (k != PTX_NONE || (id != PTX_NONE && p->label_at[id] != PTX_NONE)) {
    ptx_error_tok(p, t, "not a .callprototype");
  } else {
    ptx_error_tok(p, t, "undefined .callprototype");
  }
  return NULL;
}

bool ptx_parse_named_directive(ptx_parser *p, const ptx_token *name) {
  const ptx_token *d = ptx_peek(&p->lx, 0);
  if (ptx_is_word(d, ".branchtargets")) {
    return parse_branchtargets(p, name);
  }
  if (ptx_is_word(d, ".callprototype")) {
    return parse_callprototype(p, name);
  }
  return ptx_error_tok(p, d, "unsupported directive");
}
