/* Variable and parameter declarations: attributes, array dimensions,
 * initialisers (with variable addresses as relocations) and the layout of
 * every state space, as ir.h's header comment specifies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/parse.h"

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

static bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

static bool parse_align(ptx_parser *p, uint32_t *out) {
  const ptx_token *t = ptx_peek(&p->lx, 0);
  uint32_t line = t->line, col = t->col;
  uint64_t v;
  if (!ptx_expect_uint(p, &v, "an alignment")) {
    return false;
  }
  if (!is_pow2(v) || v > 65536) {
    return ptx_error_at(p, line, col, "invalid alignment '%llu'", (unsigned long long)v);
  }
  *out = (uint32_t)v;
  return true;
}

static st_space space_of_word(const ptx_token *t) {
  static const struct {
    const char *word;
    st_space space;
  } spaces[] = {{".global", SP_GLOBAL}, {".const", SP_CONST}, {".shared", SP_SHARED},
                {".local", SP_LOCAL},   {".param", SP_PARAM}};
  for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++) {
    if (ptx_is_word(t, spaces[i].word)) {
      return spaces[i].space;
    }
  }
  return SP_NONE;
}

/* Appends a symbol and binds its name in the current scope. */
static uint32_t add_symbol(ptx_parser *p, const ptx_token *name, const st_symbol *proto,
                           bool bind) {
  st_module *m = p->m;
  uint32_t id = ptx_intern(p, name->text, name->len);
  if (id == PTX_NONE) {
    return PTX_NONE;
  }
  if (!ptx_grow(p, (void **)&m->syms, &p->cap_syms, (uint64_t)m->n_syms + 1, sizeof *m->syms)) {
    return PTX_NONE;
  }
  uint32_t s = m->n_syms;
  if (bind && !ptx_bind(p, id, s, true, "symbol", name->line, name->col)) {
    return PTX_NONE;
  }
  m->syms[s] = *proto;
  m->syms[s].name = p->name_off[id];
  m->syms[s].line = name->line;
  m->syms[s].col = name->col;
  m->n_syms++;
  return s;
}

/* Places size bytes at alignment align at the end of a block of *top bytes. */
static bool place(ptx_parser *p, uint64_t *top, st_symbol *s) {
  uint64_t off = align_up(*top, s->align);
  if (off + s->size > PTX_MAX_SPACE) {
    const char *name = st_module_str(p->m, s->name);
    return ptx_error_text(p, s->line, s->col, "state space too large at", name, strlen(name));
  }
  s->offset = off;
  *top = off + s->size;
  return true;
}

bool ptx_place_param(ptx_parser *p, uint32_t f, uint32_t sym) {
  st_function *fn = &p->m->funcs[f];
  return place(p, fn->is_entry ? &fn->param_bytes : &fn->frame_param_bytes, &p->m->syms[sym]);
}

/* Array dimensions "[N][M]..." after a name; dims[0] == 0 with *unsized for
 * "[]" (first dimension only). */
static bool parse_dims(ptx_parser *p, uint64_t dims[PTX_MAX_DIMS], unsigned *ndims,
                       bool *unsized) {
  *ndims = 0;
  *unsized = false;
  while (ptx_is_punct(ptx_peek(&p->lx, 0), '[')) {
    ptx_token open = ptx_next(&p->lx);
    if (*ndims == PTX_MAX_DIMS) {
      return ptx_error_tok(p, &open, "too many array dimensions");
    }
    if (ptx_accept(p, ']')) {
      if (*ndims != 0) {
        return ptx_error_tok(p, &open, "only the first array dimension may be empty");
      }
      *unsized = true;
      dims[(*ndims)++] = 0;
      continue;
    }
    ptx_token size = *ptx_peek(&p->lx, 0);
    uint64_t v;
    if (!ptx_expect_uint(p, &v, "an array size")) {
      return false;
    }
    if (v == 0 || v > PTX_MAX_OBJECT) {
      return ptx_error_tok(p, &size, "invalid array size");
    }
    if (!ptx_expect(p, ']')) {
      return false;
    }
    dims[(*ndims)++] = v;
  }
  return true;
}

/* Element count of dims (the first one excluded when unsized), or 0 with an
 * error when the object would be too large. */
static uint64_t count_elements(const uint64_t *dims, unsigned ndims, unsigned from, uint64_t elem) {
  uint64_t n = 1;
  for (unsigned i = from; i < ndims; i++) {
    if (dims[i] > PTX_MAX_OBJECT / n) {
      return 0;
    }
    n *= dims[i];
  }
  return n > PTX_MAX_OBJECT / elem ? 0 : n;
}

/* Reads the next ".word" of a declaration's attributes into *a; false when
 * the next token is something else (the name that ends them). */
static bool next_attribute(ptx_parser *p, ptx_token *a) {
  const ptx_token *t = ptx_peek(&p->lx, 0);
  if (t->kind != TOK_WORD || t->text[0] != '.') {
    return false;
  }
  *a = ptx_next(&p->lx);
  return true;
}

/* ---- parameters ------------------------------------------------------------ */

bool ptx_read_param(ptx_parser *p, st_symbol *s_out, ptx_token *name_out) {
  ptx_token kw = ptx_next(&p->lx);
  if (ptx_is_word(&kw, ".reg")) {
    return ptx_error_tok(p, &kw, "unsupported register parameter");
  }
  if (!ptx_is_word(&kw, ".param")) {
    return ptx_error_tok(p, &kw, "expected .param, got");
  }
  st_symbol s;
  memset(&s, 0, sizeof s);
  s.space = SP_PARAM;
  bool after_ptr = false;
  ptx_token a;
  while (next_attribute(p, &a)) {
    st_ptype ty = ptx_type_from_name(a.text + 1, a.len - 1);
    if (ptx_is_word(&a, ".align")) {
      uint32_t al = 0;
      if (!parse_align(p, &al)) {
        return false;
      }
      if (!after_ptr) {
        s.align = al; /* after .ptr it is the pointee's alignment */
      }
    } else if (ptx_is_word(&a, ".ptr")) {
      after_ptr = true;
    } else if (after_ptr && space_of_word(&a) != SP_NONE && space_of_word(&a) != SP_PARAM) {
      /* .ptr .global: the pointee's space, informational */
    } else if (ty != PT_NONE && ty != PT_PRED && s.type == PT_NONE) {
      s.type = (uint8_t)ty;
    } else {
      return ptx_error_tok(p, &a, "unsupported parameter attribute");
    }
  }
  if (s.type == PT_NONE) {
    return ptx_error_tok(p, ptx_peek(&p->lx, 0), "expected a parameter type, got");
  }
  ptx_token name = ptx_next(&p->lx);
  if (name.kind != TOK_WORD || name.text[0] == '.' || memchr(name.text, '.', name.len) != NULL) {
    return ptx_error_tok(p, &name, "expected a parameter name, got");
  }
  uint64_t dims[PTX_MAX_DIMS];
  unsigned ndims;
  bool unsized;
  if (!parse_dims(p, dims, &ndims, &unsized)) {
    return false;
  }
  if (unsized) {
    return ptx_error_tok(p, &name, "unsized parameter array");
  }
  unsigned es = st_ptype_size((st_ptype)s.type);
  uint64_t n = count_elements(dims, ndims, 0, es);
  if (n == 0) {
    return ptx_error_tok(p, &name, "parameter too large");
  }
  s.size = n * es;
  if (s.align == 0) {
    s.align = es;
  }
  *s_out = s;
  *name_out = name;
  return true;
}

bool ptx_parse_param(ptx_parser *p, uint32_t f, bool is_ret, uint32_t *sym_out) {
  st_symbol s;
  ptx_token name;
  if (!ptx_read_param(p, &s, &name)) {
    return false;
  }
  s.kind = is_ret ? SYM_RETURN : SYM_PARAM;
  s.func = f;
  s.init = UINT32_MAX;
  uint32_t sym = add_symbol(p, &name, &s, false);
  if (sym == PTX_NONE || !ptx_place_param(p, f, sym)) {
    return false;
  }
  *sym_out = sym;
  return true;
}

/* ---- initialisers ----------------------------------------------------------- */

/* The bytes of one initialised variable while its initialiser is read. */
typedef struct init_buf {
  uint8_t *bytes;
  uint64_t size; /* bytes written so far (zero-filled up to here) */
  uint64_t cap;
} init_buf;

static bool init_reserve(ptx_parser *p, init_buf *b, uint64_t need, const ptx_token *at) {
  if (need > PTX_MAX_DATA) {
    return ptx_error_tok(p, at, "initialised variable too large");
  }
  if (need > b->cap) {
    uint64_t cap = b->cap ? b->cap : 64;
    while (cap < need) {
      cap *= 2;
    }
    uint8_t *q = realloc(b->bytes, (size_t)cap);
    if (q == NULL) {
      return ptx_nomem(p);
    }
    memset(q + b->cap, 0, (size_t)(cap - b->cap));
    b->bytes = q;
    b->cap = cap;
  }
  if (need > b->size) {
    b->size = need;
  }
  return true;
}

/* A pending address initialiser: fixed up once the data has its place. */
typedef struct init_reloc {
  uint64_t pos;
  uint32_t sym;
  int64_t addend;
  uint8_t size;
  uint8_t generic;
} init_reloc;

typedef struct init_state {
  init_buf buf;
  init_reloc *relocs;
  uint32_t n_relocs, cap_relocs;
  st_ptype type;
  unsigned es;
} init_state;

/* A function name as an initialiser element: its address is the constant
 * ST_FUNC_ADDRESS(f), written into the bytes directly (no relocation). */
static bool function_address_init(ptx_parser *p, init_state *st, uint64_t elem,
                                  const ptx_token *t, uint32_t f) {
  if (p->m->funcs[f].is_entry) {
    return ptx_error_tok(p, t, "address of a kernel entry");
  }
  if (st->es != 8) {
    return ptx_error_tok(p, t, "function address initialiser needs a 64-bit type");
  }
  const ptx_token *next = ptx_peek(&p->lx, 0);
  if (ptx_is_punct(next, '+') || ptx_is_punct(next, '-')) {
    return ptx_error_tok(p, next, "unsupported offset on a function address at");
  }
  uint64_t a = ST_FUNC_ADDRESS(f);
  for (unsigned i = 0; i < 8; i++) {
    st->buf.bytes[elem * 8 + i] = (uint8_t)(a >> (8 * i));
  }
  return true;
}

/* sym[+N] or generic(sym)[+N] as an initialiser element; a function name
 * (see function_address_init). */
static bool parse_address_init(ptx_parser *p, init_state *st, uint64_t elem) {
  ptx_token t = ptx_next(&p->lx);
  bool generic = false;
  if (ptx_is_word(&t, "generic") && ptx_is_punct(ptx_peek(&p->lx, 0), '(')) {
    ptx_next(&p->lx);
    generic = true;
    t = ptx_next(&p->lx);
    if (t.kind != TOK_WORD) {
      return ptx_error_tok(p, &t, "expected a variable name, got");
    }
    if (!ptx_expect(p, ')')) {
      return false;
    }
  }
  uint32_t id = ptx_find_name(p, t.text, t.len);
  uint32_t sym = id == PTX_NONE ? PTX_NONE : ptx_lookup_sym(p, id);
  if (sym == PTX_NONE) {
    if (id != PTX_NONE && p->func_of[id] != PTX_NONE) {
      return generic ? ptx_error_tok(p, &t, "unsupported generic() of a function")
                     : function_address_init(p, st, elem, &t, p->func_of[id]);
    }
    return ptx_error_tok(p, &t, "undefined symbol");
  }
  if (p->m->syms[sym].func != UINT32_MAX) {
    return ptx_error_tok(p, &t, "address of a function-scope variable in initialiser");
  }
  if (st->es != 4 && st->es != 8) {
    return ptx_error_tok(p, &t, "address initialiser needs a 32- or 64-bit type");
  }
  int64_t addend = 0;
  if (ptx_is_punct(ptx_peek(&p->lx, 0), '+') || ptx_is_punct(ptx_peek(&p->lx, 0), '-')) {
    bool minus = ptx_is_punct(ptx_peek(&p->lx, 0), '-');
    ptx_next(&p->lx);
    ptx_literal lit;
    ptx_token at = *ptx_peek(&p->lx, 0);
    if (!ptx_parse_literal(p, &lit)) {
      return false;
    }
    if (lit.kind != LIT_INT) {
      return ptx_error_tok(p, &at, "expected an integer offset, got");
    }
    addend = minus ? (int64_t)((uint64_t)0 - lit.bits) : (int64_t)lit.bits;
  }
  if (!ptx_grow(p, (void **)&st->relocs, &st->cap_relocs, (uint64_t)st->n_relocs + 1,
                sizeof *st->relocs)) {
    return false;
  }
  init_reloc *r = &st->relocs[st->n_relocs++];
  r->pos = elem * st->es;
  r->sym = sym;
  r->addend = addend;
  r->size = (uint8_t)st->es;
  r->generic = generic;
  return true;
}

/* One element at index elem. */
static bool parse_init_element(ptx_parser *p, init_state *st, uint64_t elem) {
  const ptx_token *at = ptx_peek(&p->lx, 0);
  ptx_token here = *at;
  if (!init_reserve(p, &st->buf, (elem + 1) * st->es, &here)) {
    return false;
  }
  if (at->kind == TOK_WORD) {
    return parse_address_init(p, st, elem);
  }
  ptx_literal lit;
  if (!ptx_parse_literal(p, &lit)) {
    return false;
  }
  int64_t bits;
  const char *why;
  if (!ptx_literal_bits(&lit, st->type, &bits, &why)) {
    return ptx_error_tok(p, &here, why);
  }
  uint64_t u = (uint64_t)bits;
  for (unsigned i = 0; i < st->es && i < 8; i++) {
    st->buf.bytes[elem * st->es + i] = (uint8_t)(u >> (8 * i));
  }
  return true;
}

/* After "=": a value, or braces nested up to one level per dimension (brace
 * elision as in C: a flat list fills the array in order). Returns the number
 * of elements covered in *count. Iterative: the depth is bounded by ndims. */
static bool parse_initializer(ptx_parser *p, init_state *st, const uint64_t *dims,
                              unsigned ndims, bool unsized, uint64_t *count) {
  uint64_t stride[PTX_MAX_DIMS + 1];
  stride[ndims - 1] = 1;
  for (unsigned i = ndims - 1; i > 0; i--) {
    stride[i - 1] = stride[i] * dims[i];
  }
  uint64_t total = unsized ? UINT64_MAX : stride[0] * dims[0];
  if (!ptx_is_punct(ptx_peek(&p->lx, 0), '{')) {
    if (total != 1) {
      return ptx_error_tok(p, ptx_peek(&p->lx, 0), "expected '{', got");
    }
    *count = 1;
    return parse_init_element(p, st, 0);
  }
  ptx_next(&p->lx);
  uint64_t start[PTX_MAX_DIMS + 2];
  unsigned depth = 1;
  uint64_t cursor = 0;
  start[1] = 0;
  while (depth > 0) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    if (ptx_is_punct(t, '}')) {
      ptx_next(&p->lx);
      if (depth >= 2) {
        cursor = start[depth] + stride[depth - 2];
      }
      depth--;
    } else if (ptx_is_punct(t, '{')) {
      if (depth >= ndims) {
        return ptx_error_tok(p, t, "too many braces in initialiser");
      }
      ptx_next(&p->lx);
      uint64_t span = stride[depth - 1];
      cursor = (cursor + span - 1) / span * span;
      depth++;
      start[depth] = cursor;
      continue;
    } else {
      uint64_t limit = depth >= 2 ? start[depth] + stride[depth - 2] : total;
      if (cursor >= limit) {
        return ptx_error_tok(p, t, "too many initialisers at");
      }
      if (!parse_init_element(p, st, cursor)) {
        return false;
      }
      cursor++;
    }
    if (depth > 0 && !ptx_accept(p, ',') && !ptx_is_punct(ptx_peek(&p->lx, 0), '}')) {
      return ptx_error_tok(p, ptx_peek(&p->lx, 0), "expected ',' or '}', got");
    }
  }
  if (cursor > total) {
    return ptx_error_tok(p, ptx_peek(&p->lx, 0), "too many initialisers at");
  }
  *count = cursor;
  return true;
}

/* Moves the initial bytes of symbol sym (size bytes) into module->data. */
static bool commit_init(ptx_parser *p, init_state *st, uint32_t sym, const ptx_token *name) {
  st_module *m = p->m;
  uint64_t size = m->syms[sym].size;
  if (size > PTX_MAX_DATA || (uint64_t)m->data_size + size > PTX_MAX_DATA) {
    return ptx_error_tok(p, name, "initialised data too large at");
  }
  if (!init_reserve(p, &st->buf, size, name) ||
      !ptx_grow(p, (void **)&m->data, &p->cap_data, (uint64_t)m->data_size + size, 1) ||
      !ptx_grow(p, (void **)&m->relocs, &p->cap_relocs, (uint64_t)m->n_relocs + st->n_relocs,
                sizeof *m->relocs)) {
    return false;
  }
  uint32_t at = m->data_size;
  if (size > 0) {
    memcpy(m->data + at, st->buf.bytes, (size_t)size);
  }
  m->data_size += (uint32_t)size;
  m->syms[sym].init = at;
  for (uint32_t i = 0; i < st->n_relocs; i++) {
    st_data_reloc *r = &m->relocs[m->n_relocs++];
    r->at = at + (uint32_t)st->relocs[i].pos;
    r->sym = st->relocs[i].sym;
    r->addend = st->relocs[i].addend;
    r->size = st->relocs[i].size;
    r->generic = st->relocs[i].generic;
  }
  return true;
}

/* ---- variables ---------------------------------------------------------------- */

/* Checks that space may be declared where the parser is. */
static bool check_scope(ptx_parser *p, const ptx_token *kw, st_space space, bool is_extern) {
  bool in_body = p->func != PTX_NONE;
  if (!in_body && (space == SP_LOCAL || space == SP_PARAM)) {
    return ptx_error_tok(p, kw, "unsupported module-scope declaration");
  }
  if (in_body && (space == SP_GLOBAL || space == SP_CONST)) {
    return ptx_error_tok(p, kw, "unsupported function-scope declaration");
  }
  if (in_body && space == SP_SHARED && !p->m->funcs[p->func].is_entry) {
    return ptx_error_tok(p, kw, "unsupported .shared declaration in a .func");
  }
  if (is_extern && space != SP_SHARED) {
    return ptx_error_tok(p, kw, "unsupported .extern declaration (separate compilation)");
  }
  return true;
}

/* Places a new variable in its state space block. */
static bool layout_variable(ptx_parser *p, st_symbol *s) {
  st_module *m = p->m;
  if (s->func == UINT32_MAX) {
    switch (s->space) {
    case SP_GLOBAL:
      return place(p, &m->global_bytes, s);
    case SP_CONST:
      return place(p, &m->const_bytes, s);
    default:
      return s->is_extern ? true : place(p, &m->shared_bytes, s);
    }
  }
  st_function *fn = &m->funcs[s->func];
  switch (s->space) {
  case SP_LOCAL:
    return place(p, &fn->local_bytes, s);
  case SP_SHARED:
    return place(p, &fn->shared_bytes, s);
  default:
    if (!place(p, &p->frame_top, s)) {
      return false;
    }
    if (p->frame_top > fn->frame_param_bytes) {
      fn->frame_param_bytes = p->frame_top;
    }
    return true;
  }
}

/* One declarator: name[dims] [= init]. */
static bool parse_declarator(ptx_parser *p, const st_symbol *proto, unsigned vec,
                             bool explicit_align) {
  ptx_token name = ptx_next(&p->lx);
  if (name.kind != TOK_WORD || name.text[0] == '.' || memchr(name.text, '.', name.len) != NULL) {
    return ptx_error_tok(p, &name, "expected a variable name, got");
  }
  uint64_t dims[PTX_MAX_DIMS + 1];
  unsigned ndims;
  bool unsized;
  if (!parse_dims(p, dims, &ndims, &unsized)) {
    return false;
  }
  if (vec > 1) {
    dims[ndims++] = vec; /* a vector is one more, innermost, dimension */
  }
  if (ndims == 0) {
    dims[ndims++] = 1;
  }
  st_symbol s = *proto;
  unsigned es = st_ptype_size((st_ptype)s.type);
  uint64_t inner = count_elements(dims, ndims, unsized ? 1 : 0, es);
  if (inner == 0) {
    return ptx_error_tok(p, &name, "variable too large");
  }
  if (!explicit_align) {
    s.align = es * vec;
  }
  bool has_init = ptx_is_punct(ptx_peek(&p->lx, 0), '=');
  if (has_init && (s.space == SP_SHARED || s.space == SP_LOCAL || s.space == SP_PARAM)) {
    return ptx_error_tok(p, &name, "variable in this state space cannot be initialised");
  }
  if (unsized && !has_init && !(s.is_extern && s.space == SP_SHARED)) {
    return ptx_error_tok(p, &name, "unsized array needs an initialiser");
  }
  if (s.is_extern && !unsized) {
    return ptx_error_tok(p, &name, "unsupported sized .extern .shared variable");
  }
  init_state st;
  memset(&st, 0, sizeof st);
  st.type = (st_ptype)s.type;
  st.es = es;
  bool ok = true;
  if (has_init) {
    ptx_next(&p->lx);
    uint64_t count = 0;
    ok = parse_initializer(p, &st, dims, ndims, unsized, &count);
    if (ok && unsized) {
      dims[0] = (count + inner - 1) / inner;
      if (dims[0] == 0) {
        dims[0] = 1;
      }
    }
  }
  if (ok) {
    uint64_t n = unsized && !has_init ? 0 : count_elements(dims, ndims, 0, es);
    if (n == 0 && !(unsized && !has_init)) {
      ok = ptx_error_tok(p, &name, "variable too large");
    }
    s.size = n * es;
  }
  uint32_t sym = PTX_NONE;
  if (ok) {
    sym = add_symbol(p, &name, &s, true);
    ok = sym != PTX_NONE && layout_variable(p, &p->m->syms[sym]);
  }
  if (ok && has_init) {
    ok = commit_init(p, &st, sym, &name);
  }
  free(st.buf.bytes);
  free(st.relocs);
  return ok;
}

bool ptx_parse_variable(ptx_parser *p, const ptx_token *kw, bool is_extern) {
  st_space space = space_of_word(kw);
  if (!check_scope(p, kw, space, is_extern)) {
    return false;
  }
  st_symbol s;
  memset(&s, 0, sizeof s);
  s.kind = space == SP_PARAM ? SYM_CALL_PARAM : SYM_VAR;
  s.space = (uint8_t)space;
  s.func = p->func == PTX_NONE ? UINT32_MAX : p->func;
  s.is_extern = is_extern;
  s.init = UINT32_MAX;
  unsigned vec = 1;
  bool explicit_align = false;
  ptx_token a;
  while (next_attribute(p, &a)) {
    st_ptype ty = ptx_type_from_name(a.text + 1, a.len - 1);
    if (ptx_is_word(&a, ".align")) {
      if (!parse_align(p, &s.align)) {
        return false;
      }
      explicit_align = true;
    } else if (ptx_is_word(&a, ".v2") || ptx_is_word(&a, ".v4")) {
      vec = a.text[2] - '0';
    } else if (ty != PT_NONE && ty != PT_PRED && s.type == PT_NONE) {
      s.type = (uint8_t)ty;
    } else {
      return ptx_error_tok(p, &a, "unsupported variable attribute");
    }
  }
  if (s.type == PT_NONE) {
    return ptx_error_tok(p, ptx_peek(&p->lx, 0), "expected a variable type, got");
  }
  do {
    if (!parse_declarator(p, &s, vec, explicit_align)) {
      return false;
    }
  } while (ptx_accept(p, ','));
  return ptx_expect(p, ';');
}
