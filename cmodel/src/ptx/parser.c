/* The PTX parser entry point: module-scope directives, shared error and token
 * helpers, and module building. Functions are in parse_func.c, variables in
 * parse_decl.c, instructions in parse_inst.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/parse.h"

/* ---- errors ----------------------------------------------------------- */

bool ptx_error_at(ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, ...) {
  char msg[900];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  st_srcpos pos = {p->name, line, col};
  st_error_at(p->err, ST_ERR_PTX, pos, "%s", msg);
  return false;
}

bool ptx_error_text(ptx_parser *p, uint32_t line, uint32_t col, const char *what,
                    const char *text, size_t n) {
  char q[160];
  ptx_quote(text, n, q, sizeof q);
  return ptx_error_at(p, line, col, "%s '%s'", what, q);
}

bool ptx_error_tok(ptx_parser *p, const ptx_token *t, const char *what) {
  if (t->kind == TOK_ERROR) {
    return false; /* the lexer has recorded why */
  }
  if (t->kind == TOK_EOF) {
    return ptx_error_at(p, t->line, t->col, "%s end of input", what);
  }
  return ptx_error_text(p, t->line, t->col, what, t->text, t->len);
}

bool ptx_nomem(ptx_parser *p) {
  st_error_set(p->err, ST_ERR_NOMEM, "%s: out of memory while parsing PTX", p->name);
  return false;
}

bool ptx_failed(const ptx_parser *p) { return p->err->code != ST_OK; }

bool ptx_grow(ptx_parser *p, void **arr, uint32_t *cap, uint64_t need, size_t elem) {
  if (need <= *cap) {
    return true;
  }
  if (need > PTX_MAX_ITEMS) {
    return ptx_error_at(p, p->lx.line, 1, "module too large");
  }
  uint64_t n = *cap ? *cap : 16;
  while (n < need) {
    n *= 2;
  }
  void *q = realloc(*arr, (size_t)n * elem);
  if (q == NULL) {
    return ptx_nomem(p);
  }
  *arr = q;
  *cap = (uint32_t)n;
  return true;
}

/* ---- tokens ------------------------------------------------------------ */

bool ptx_is_punct(const ptx_token *t, char c) {
  return t->kind == TOK_PUNCT && t->text[0] == c;
}

bool ptx_is_word(const ptx_token *t, const char *s) {
  return t->kind == TOK_WORD && t->text[0] == s[0] && t->len == strlen(s) &&
         memcmp(t->text, s, t->len) == 0;
}

bool ptx_accept(ptx_parser *p, char c) {
  if (ptx_is_punct(ptx_peek(&p->lx, 0), c)) {
    ptx_next(&p->lx);
    return true;
  }
  return false;
}

bool ptx_expect(ptx_parser *p, char c) {
  if (ptx_accept(p, c)) {
    return true;
  }
  char what[32];
  snprintf(what, sizeof what, "expected '%c', got", c);
  return ptx_error_tok(p, ptx_peek(&p->lx, 0), what);
}

bool ptx_expect_uint(ptx_parser *p, uint64_t *out, const char *what) {
  ptx_token t = ptx_next(&p->lx);
  if (t.kind != TOK_INT) {
    char buf[96];
    snprintf(buf, sizeof buf, "expected %s, got", what);
    return ptx_error_tok(p, &t, buf);
  }
  *out = t.ival;
  return true;
}

/* ---- module building ---------------------------------------------------- */

void ptx_inst_init(st_inst *in, uint32_t func, uint32_t line, uint32_t col) {
  memset(in, 0, sizeof *in);
  in->vec = 1;
  in->guard = ST_NO_REG;
  in->func = func;
  in->reconv = ST_NO_PC;
  in->line = line;
  in->col = col;
}

uint32_t ptx_add_inst(ptx_parser *p, const st_inst *in) {
  st_module *m = p->m;
  if (!ptx_grow(p, (void **)&m->insts, &p->cap_insts, (uint64_t)m->n_insts + 1,
                sizeof *m->insts)) {
    return PTX_NONE;
  }
  m->insts[m->n_insts] = *in;
  return m->n_insts++;
}

uint32_t ptx_add_vec(ptx_parser *p, const st_vec_elem *elems, uint32_t n) {
  st_module *m = p->m;
  if (!ptx_grow(p, (void **)&m->vec_elems, &p->cap_vec, (uint64_t)m->n_vec_elems + n,
                sizeof *m->vec_elems)) {
    return PTX_NONE;
  }
  uint32_t first = m->n_vec_elems;
  if (n > 0) {
    memcpy(m->vec_elems + first, elems, n * sizeof *elems);
  }
  m->n_vec_elems += n;
  return first;
}

/* ---- module-scope directives -------------------------------------------- */

/* Skips the rest of the line of a directive that has no terminator (.file,
 * .loc). */
void ptx_skip_line(ptx_parser *p, uint32_t line) {
  for (;;) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    if (t->kind == TOK_EOF || t->kind == TOK_ERROR || t->line != line) {
      return;
    }
    ptx_next(&p->lx);
  }
}

/* .section name { ... }: debug sections, skipped with their balanced braces. */
static bool skip_section(ptx_parser *p) {
  ptx_token name = ptx_next(&p->lx);
  if (name.kind != TOK_WORD) {
    return ptx_error_tok(p, &name, "expected a section name, got");
  }
  if (!ptx_expect(p, '{')) {
    return false;
  }
  uint64_t depth = 1;
  while (depth > 0) {
    ptx_token t = ptx_next(&p->lx);
    if (t.kind == TOK_EOF || t.kind == TOK_ERROR) {
      return ptx_error_tok(p, &t, "unterminated .section: expected '}', got");
    }
    if (ptx_is_punct(&t, '{')) {
      depth++;
    } else if (ptx_is_punct(&t, '}')) {
      depth--;
    }
  }
  return true;
}

bool ptx_skip_pragma(ptx_parser *p) {
  for (;;) {
    ptx_token t = ptx_next(&p->lx);
    if (t.kind != TOK_STRING) {
      return ptx_error_tok(p, &t, "expected a string after .pragma, got");
    }
    if (ptx_accept(p, ';')) {
      return true;
    }
    if (!ptx_expect(p, ',')) {
      return false;
    }
  }
}

static bool parse_version(ptx_parser *p, const ptx_token *dir) {
  ptx_token t = ptx_next(&p->lx);
  const char *dot = t.kind == TOK_FLOAT ? memchr(t.text, '.', t.len) : NULL;
  if (dot == NULL || dot == t.text || dot + 1 == t.text + t.len) {
    return ptx_error_tok(p, &t, "expected a version number like 9.0, got");
  }
  uint32_t major = 0, minor = 0;
  for (const char *c = t.text; c < dot; c++) {
    if (*c < '0' || *c > '9' || major > 1000) {
      return ptx_error_tok(p, &t, "invalid version number");
    }
    major = major * 10 + (uint32_t)(*c - '0');
  }
  for (const char *c = dot + 1; c < t.text + t.len; c++) {
    if (*c < '0' || *c > '9' || minor > 1000) {
      return ptx_error_tok(p, &t, "invalid version number");
    }
    minor = minor * 10 + (uint32_t)(*c - '0');
  }
  if (p->seen_version) {
    return ptx_error_tok(p, dir, "duplicate directive");
  }
  if (major < 1 || major > 9) {
    return ptx_error_tok(p, &t, "unsupported PTX ISA version");
  }
  p->m->version_major = major;
  p->m->version_minor = minor;
  p->seen_version = true;
  return true;
}

static bool parse_target(ptx_parser *p, const ptx_token *dir) {
  if (p->seen_target) {
    return ptx_error_tok(p, dir, "duplicate directive");
  }
  bool first = true;
  do {
    ptx_token t = ptx_next(&p->lx);
    if (t.kind != TOK_WORD) {
      return ptx_error_tok(p, &t, "expected a target name, got");
    }
    if (first) {
      bool ok = t.len > 3 && t.len < sizeof p->m->target && memcmp(t.text, "sm_", 3) == 0;
      for (size_t i = 3; ok && i < t.len; i++) {
        char c = t.text[i];
        ok = (c >= '0' && c <= '9') || (i + 1 == t.len && i > 3 && c >= 'a' && c <= 'z');
      }
      if (!ok) {
        return ptx_error_tok(p, &t, "unsupported target");
      }
      memcpy(p->m->target, t.text, t.len);
      p->m->target[t.len] = '\0';
      first = false;
    } else if (!ptx_is_word(&t, "texmode_unified") && !ptx_is_word(&t, "debug")) {
      return ptx_error_tok(p, &t, "unsupported target option");
    }
  } while (ptx_accept(p, ','));
  p->seen_target = true;
  return true;
}

static bool parse_address_size(ptx_parser *p) {
  ptx_token t = ptx_next(&p->lx);
  if (t.kind != TOK_INT || (t.ival != 32 && t.ival != 64)) {
    return ptx_error_tok(p, &t, "expected 32 or 64, got");
  }
  p->m->address_size = (uint32_t)t.ival;
  return true;
}

/* One module-scope statement, starting with a directive word. */
static bool parse_module_statement(ptx_parser *p) {
  ptx_token dir = ptx_next(&p->lx);
  if (!p->seen_version && !ptx_is_word(&dir, ".version")) {
    return ptx_error_tok(p, &dir, "expected .version first, got");
  }
  if (ptx_is_word(&dir, ".version")) {
    return parse_version(p, &dir);
  }
  if (ptx_is_word(&dir, ".target")) {
    return parse_target(p, &dir);
  }
  if (ptx_is_word(&dir, ".address_size")) {
    return parse_address_size(p);
  }
  if (ptx_is_word(&dir, ".file") || ptx_is_word(&dir, ".loc")) {
    ptx_skip_line(p, dir.line);
    return true;
  }
  if (ptx_is_word(&dir, ".section")) {
    return skip_section(p);
  }
  if (ptx_is_word(&dir, ".pragma")) {
    return ptx_skip_pragma(p);
  }
  bool is_extern = false;
  ptx_token t = dir;
  /* Linkage: .visible, .extern, .weak, .common in any order. */
  for (;;) {
    if (ptx_is_word(&t, ".extern")) {
      is_extern = true;
    } else if (!ptx_is_word(&t, ".visible") && !ptx_is_word(&t, ".weak") &&
               !ptx_is_word(&t, ".common")) {
      break;
    }
    t = ptx_next(&p->lx);
  }
  bool is_func = ptx_is_word(&t, ".entry") || ptx_is_word(&t, ".func");
  bool is_var = ptx_is_word(&t, ".global") || ptx_is_word(&t, ".const") ||
                ptx_is_word(&t, ".shared") || ptx_is_word(&t, ".local");
  if ((is_func || is_var) && !p->seen_target) {
    return ptx_error_tok(p, &t, "missing .target before");
  }
  if (is_func) {
    return ptx_parse_function(p, &t, is_extern);
  }
  if (is_var) {
    return ptx_parse_variable(p, &t, is_extern);
  }
  if (t.kind == TOK_WORD && t.text[0] == '.') {
    static const char *const unsupported[] = {".tex", ".texref", ".surfref", ".samplerref",
                                              ".alias", ".reg", ".param", ".callprototype"};
    for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
      if (ptx_is_word(&t, unsupported[i])) {
        return ptx_error_tok(p, &t, "unsupported directive");
      }
    }
    return ptx_error_tok(p, &t, "unknown directive");
  }
  return ptx_error_tok(p, &t, "unexpected");
}

/* Functions declared but never given a body are external; defined ones
 * are not, even when an .extern declaration came first. */
static void finish_module(ptx_parser *p) {
  st_module *m = p->m;
  for (uint32_t f = 0; f < m->n_funcs; f++) {
    m->funcs[f].is_extern = m->funcs[f].n_insts == 0;
  }
}

static bool parse_module(ptx_parser *p) {
  for (;;) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    if (t->kind == TOK_EOF) {
      break;
    }
    if (t->kind != TOK_WORD) {
      return ptx_error_tok(p, t, t->kind == TOK_ERROR ? "" : "unexpected");
    }
    if (!parse_module_statement(p)) {
      return false;
    }
  }
  if (!p->seen_version) {
    const ptx_token *t = ptx_peek(&p->lx, 0);
    return ptx_error_at(p, t->line, t->col, "missing .version directive");
  }
  finish_module(p);
  return true;
}

static void free_parser(ptx_parser *p) {
  free(p->hash_slots);
  free(p->name_off);
  free(p->name_len);
  free(p->reg_bind);
  free(p->sym_bind);
  free(p->func_of);
  free(p->label_at);
  free(p->named_of);
  free(p->binds);
  free(p->label_uses);
  free(p->labels_defined);
  free(p->named);
  free(p->table_entries);
  free(p->table_uses);
  free(p->proto_sizes);
  free(p->call_toks);
}

st_status st_ptx_parse(const char *text, size_t len, const char *name, st_module **out,
                       st_error *err) {
  st_error local;
  if (err == NULL) {
    err = &local;
  }
  st_error_clear(err);
  *out = NULL;
  if (text == NULL && len > 0) {
    return st_error_set(err, ST_ERR_USAGE, "st_ptx_parse: no text");
  }
  st_module *m = calloc(1, sizeof *m);
  if (m == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory while parsing PTX");
  }
  const char *src_name = name != NULL ? name : "<input>";
  m->source_name = malloc(strlen(src_name) + 1);
  if (m->source_name == NULL) {
    free(m);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory while parsing PTX");
  }
  strcpy(m->source_name, src_name);
  m->address_size = 32;

  ptx_parser p;
  memset(&p, 0, sizeof p);
  p.err = err;
  p.m = m;
  p.name = m->source_name;
  p.func = PTX_NONE;
  ptx_lexer_init(&p.lx, text != NULL ? text : "", len, p.name, err);
  /* Offset 0 of the string table is the empty name. */
  bool ok = ptx_grow(&p, (void **)&m->strings, &p.cap_strings, 1, 1);
  if (ok) {
    m->strings[0] = '\0';
    m->strings_size = 1;
    ok = parse_module(&p);
  }
  free_parser(&p);
  if (!ok || err->code != ST_OK) {
    st_status code = err->code != ST_OK ? err->code : ST_ERR_PTX;
    st_module_free(m);
    return code;
  }
  *out = m;
  return ST_OK;
}
