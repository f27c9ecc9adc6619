/* Internals of the PTX front end shared by its source files: the parser
 * state, name tables with scoped bindings, module building and the steps of
 * parsing (declarations, operands, instructions). Not a public interface. */
#ifndef SIMTREF_PTX_PARSE_H
#define SIMTREF_PTX_PARSE_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ir.h"
#include "ptx/lexer.h"

/* Bounds that keep memory proportional to the input on any text. */
#define PTX_MAX_DEPTH 64                     /* nested { } in a body */
#define PTX_MAX_REGS (1u << 20)              /* registers in a module */
#define PTX_MAX_DATA (64u << 20)             /* bytes of initialised data */
#define PTX_MAX_OBJECT (UINT64_C(1) << 40)   /* bytes of one variable */
#define PTX_MAX_SPACE (UINT64_C(1) << 48)    /* bytes of one state space block */
#define PTX_MAX_ITEMS (1u << 28)             /* elements of any module array */
#define PTX_MAX_DIMS 8                       /* array dimensions of a variable */
#define PTX_MAX_PARTS 16                     /* dot-separated parts of an opcode */
#define PTX_MAX_RAW 10                       /* operands written in one instruction */

#define PTX_NONE UINT32_MAX

/* A name bound in a scope: a register (value = function-local index) or a
 * symbol (value = index in module->syms). prev is the binding it shadows. */
typedef struct ptx_binding {
  uint32_t id;
  uint32_t value;
  uint32_t depth;
  int32_t prev;
  bool is_sym;
} ptx_binding;

/* A branch to a label not yet seen; resolved when the function ends. Also a
 * brx.idx naming its .branchtargets table, and an entry of such a table
 * (inst unused). */
typedef struct ptx_label_use {
  uint32_t inst;
  uint32_t id;
  uint32_t line, col;
} ptx_label_use;

/* What a labelled directive of the current function declares. */
typedef enum ptx_named_kind {
  NAMED_TABLE = 1, /* "name: .branchtargets L1, L2, ...;" */
  NAMED_PROTO      /* "name: .callprototype (rets) _ (params);" */
} ptx_named_kind;

/* A .branchtargets table or a .callprototype, named by the label before it.
 * Like code labels, these names are local to the function. */
typedef struct ptx_named {
  uint8_t kind;    /* ptx_named_kind */
  uint32_t id;     /* its name */
  uint32_t line, col;
  /* NAMED_TABLE: its labels are p->table_entries[first .. first + count).
   * NAMED_PROTO: the byte sizes of its return parameters then its parameters
   * are p->proto_sizes[first .. first + count), n_rets of them returns. */
  uint32_t first, count;
  uint32_t n_rets;
  uint32_t vec_base; /* NAMED_TABLE: resolved targets in module->vec_elems, or PTX_NONE */
} ptx_named;

typedef struct ptx_parser {
  ptx_lexer lx;
  st_error *err;
  const char *name;
  st_module *m;
  uint32_t cap_funcs, cap_insts, cap_regs, cap_syms, cap_vec, cap_data, cap_strings,
      cap_relocs, cap_call_syms;

  /* Interned names: id -> offset in module->strings; hash slots hold id + 1. */
  uint32_t *hash_slots;
  uint32_t hash_cap;
  uint32_t *name_off;
  uint32_t *name_len;
  uint32_t n_names, cap_names;
  /* Per name id: innermost register / symbol binding (-1 if none), the
   * function it names and the label it names in the current function. */
  int32_t *reg_bind;
  int32_t *sym_bind;
  uint32_t *func_of;
  uint32_t *label_at;
  uint32_t *named_of; /* index in named[] of the current function, or PTX_NONE */
  ptx_binding *binds;
  uint32_t n_binds, cap_binds;

  /* The function whose body is being parsed (PTX_NONE outside bodies). */
  uint32_t func;
  uint32_t depth; /* 0 module scope, 1 function scope, 2.. nested { } */
  uint64_t frame_top;
  uint64_t frame_at_depth[PTX_MAX_DEPTH + 2];
  ptx_label_use *label_uses;
  uint32_t n_label_uses, cap_label_uses;
  uint32_t *labels_defined;
  uint32_t n_labels_defined, cap_labels_defined;
  /* Branch tables and call prototypes of the current function (parse_named.c). */
  ptx_named *named;
  uint32_t n_named, cap_named;
  ptx_label_use *table_entries;
  uint32_t n_table_entries, cap_table_entries;
  ptx_label_use *table_uses; /* brx.idx instructions naming a table */
  uint32_t n_table_uses, cap_table_uses;
  uint64_t *proto_sizes;
  uint32_t n_proto_sizes, cap_proto_sizes;
  /* The tokens of the variables of the call being parsed (returns, then
   * arguments), for messages about them. */
  ptx_token *call_toks;
  uint32_t n_call_toks, cap_call_toks;
  bool seen_version, seen_target;
} ptx_parser;

/* ---- errors (all return false so that callers can `return ptx_error...`) */

/* Records "name:line:col: error: <formatted>". */
bool ptx_error_at(ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Records "<what> '<token text>'" at the token (or "<what> end of input"). */
bool ptx_error_tok(ptx_parser *p, const ptx_token *t, const char *what);
/* Records "<what> '<text>'" at line:col, quoting text[0..n). */
bool ptx_error_text(ptx_parser *p, uint32_t line, uint32_t col, const char *what,
                    const char *text, size_t n);
/* Records an out-of-memory failure. */
bool ptx_nomem(ptx_parser *p);
/* True once an error is recorded. */
bool ptx_failed(const ptx_parser *p);

/* Grows *arr (elements of elem bytes, capacity *cap) to hold need elements. */
bool ptx_grow(ptx_parser *p, void **arr, uint32_t *cap, uint64_t need, size_t elem);

/* ---- tokens */

/* True if t is the punctuation character c. */
bool ptx_is_punct(const ptx_token *t, char c);
/* True if t is a word spelled exactly s. */
bool ptx_is_word(const ptx_token *t, const char *s);
/* Consumes the next token if it is punctuation c. */
bool ptx_accept(ptx_parser *p, char c);
/* Consumes punctuation c or fails with "expected 'c', got '...'". */
bool ptx_expect(ptx_parser *p, char c);
/* Reads an unsigned integer literal (for sizes, counts, directives). */
bool ptx_expect_uint(ptx_parser *p, uint64_t *out, const char *what);

/* ---- names (names.c) */

/* The id of a name, interning it (into module->strings) on first sight;
 * PTX_NONE with the error recorded on failure. */
uint32_t ptx_intern(ptx_parser *p, const char *s, size_t n);
/* The id of a name if it was ever interned, else PTX_NONE. */
uint32_t ptx_find_name(const ptx_parser *p, const char *s, size_t n);
/* Binds a name in the current scope (p->depth). Fails on a duplicate in the
 * same scope with "duplicate <what> 'name'". */
bool ptx_bind(ptx_parser *p, uint32_t id, uint32_t value, bool is_sym, const char *what,
              uint32_t line, uint32_t col);
/* The innermost register (function-local index) or symbol bound to a name. */
uint32_t ptx_lookup_reg(const ptx_parser *p, uint32_t id);
uint32_t ptx_lookup_sym(const ptx_parser *p, uint32_t id);
/* Drops the bindings of the innermost scope (at depth p->depth). */
void ptx_unbind_scope(ptx_parser *p);
/* The interned text of a name id. */
const char *ptx_name_text(const ptx_parser *p, uint32_t id);

/* ---- module building (parser.c) */

/* Clears *in to an unguarded instruction of function func at line:col
 * (vec 1, no reconvergence PC); op and the rest are the caller's. */
void ptx_inst_init(st_inst *in, uint32_t func, uint32_t line, uint32_t col);
/* Appends an instruction to the module; PTX_NONE on failure. */
uint32_t ptx_add_inst(ptx_parser *p, const st_inst *in);
/* Records a branch to the label named id from the instruction about to be
 * added (module->n_insts); resolved when the function ends. */
bool ptx_use_label(ptx_parser *p, uint32_t id, uint32_t line, uint32_t col);
/* Appends vector elements; returns the index of the first (PTX_NONE on failure). */
uint32_t ptx_add_vec(ptx_parser *p, const st_vec_elem *elems, uint32_t n);

/* ---- declarations (parse_decl.c) */

/* Parses a variable declaration after its state space word kw (.global,
 * .const, .shared, .local, .param), at module scope (p->func == PTX_NONE) or
 * in a body. is_extern comes from a preceding .extern. */
bool ptx_parse_variable(ptx_parser *p, const ptx_token *kw, bool is_extern);
/* Reads one parameter declaration (".param [.align N] .type name[N]" or with
 * .ptr attributes) into *s (space, type, size, align; the rest zero) and its
 * name token into *name, without declaring anything. */
bool ptx_read_param(ptx_parser *p, st_symbol *s, ptx_token *name);
/* Parses one parameter of function f (see ptx_read_param), declares it and
 * places it: a return parameter if is_ret. */
bool ptx_parse_param(ptx_parser *p, uint32_t f, bool is_ret, uint32_t *sym_out);
/* Lays out a parameter symbol in its function's parameter buffer or frame. */
bool ptx_place_param(ptx_parser *p, uint32_t f, uint32_t sym);

/* ---- functions (parse_func.c) */

/* Parses an .entry or .func (kw, already read) with its parameters,
 * performance directives and body (or ';' for a declaration). */
bool ptx_parse_function(ptx_parser *p, const ptx_token *kw, bool is_extern);
/* Skips '"text" {, "text"} ;' after .pragma. */
bool ptx_skip_pragma(ptx_parser *p);
/* Skips the tokens left on the given line (.loc and .file have no ';'). */
void ptx_skip_line(ptx_parser *p, uint32_t line);
/* The register (function-local index) that token t names in the current
 * scope, or PTX_NONE. */
uint32_t ptx_reg_of(const ptx_parser *p, const ptx_token *t);
/* The declared type of function-local register r of the current function. */
st_ptype ptx_reg_type(const ptx_parser *p, uint32_t r);

/* ---- instructions (parse_inst.c) */

/* Parses one instruction statement (the opcode word is next), with an
 * optional guard already read. stmt points at the statement's first
 * character (the '@' of a guard, else the opcode), at line:col. */
bool ptx_parse_instruction(ptx_parser *p, uint32_t guard, bool guard_neg, const char *stmt,
                           uint32_t line, uint32_t col);

/* Fails with "unsupported use of a function name as an operand", "undefined
 * register" or "undefined symbol" for a name that resolves to nothing usable. */
bool ptx_undefined_name(ptx_parser *p, const ptx_token *t);

/* True if s[0..n) names a special register (%tid, %laneid, %envreg3, ...):
 * such names cannot be declared. */
bool ptx_is_special_register_name(const char *s, size_t n);

/* ---- calls (parse_call.c) */

/* Parses the operands of a call after its opcode word, up to and including
 * the ';': direct "call (rets), func, (args);" into call_func, or indirect
 * "call (rets), %rd, (args), proto;" with call_func = ST_INDIRECT_CALL and
 * opnd[0] the register, checked against the .callprototype proto. Either way
 * call_first, n_call_rets and n_call_params name the variables in
 * module->call_syms. */
bool ptx_parse_call(ptx_parser *p, st_inst *in);

/* ---- branch tables and call prototypes (parse_named.c) */

/* Parses the directive after "name:" in a body (name and ':' already read,
 * the directive word next): .branchtargets or .callprototype. */
bool ptx_parse_named_directive(ptx_parser *p, const ptx_token *name);
/* True if the name id is a table or prototype of the current function. */
bool ptx_is_named(const ptx_parser *p, uint32_t id);
/* Records that the instruction about to be added (a brx.idx) names the
 * table id; its opnd[1] is filled when the function ends. */
bool ptx_use_table(ptx_parser *p, uint32_t id, uint32_t line, uint32_t col);
/* The .callprototype that token t names, or NULL with the error recorded. */
const ptx_named *ptx_find_prototype(ptx_parser *p, const ptx_token *t);
/* At the end of a function whose code labels are resolved: checks every
 * table's labels, stores the targets of each in module->vec_elems and fills
 * the table operand of every brx.idx. */
bool ptx_resolve_tables(ptx_parser *p);
/* Forgets the tables and prototypes of the function just finished. */
void ptx_forget_named(ptx_parser *p);

/* ---- immediates (immediate.c) */

typedef enum ptx_lit_kind {
  LIT_INT = 0, /* integer: bits holds the two's complement value */
  LIT_F32,     /* 0f hex: bits holds single-precision bits */
  LIT_F64,     /* 0d hex: bits holds double-precision bits */
  LIT_DEC      /* decimal floating point: dval */
} ptx_lit_kind;

/* A numeric literal as written, before it meets the type of its use. */
typedef struct ptx_literal {
  ptx_lit_kind kind;
  uint64_t bits;
  double dval;
} ptx_literal;

/* True if the next tokens start a literal: a number, or '-' and a number. */
bool ptx_at_literal(ptx_parser *p);
/* Reads an optionally negated numeric literal. */
bool ptx_parse_literal(ptx_parser *p, ptx_literal *lit);
/* Converts a literal to the bits of an operand or initialiser of type t: an
 * integer keeps its 64-bit two's complement value (the low bytes of the type
 * are the operand); a float is rounded to nearest-even into t's format; an
 * integer used as a float is converted to that value; hex float bits may feed
 * a bit-size type of their size. On a mismatch returns false with *why. */
bool ptx_literal_bits(const ptx_literal *lit, st_ptype t, int64_t *out, const char **why);
/* Rounds v to nearest-even into the format of t (PT_F16, PT_BF16, PT_F32 or
 * PT_F64) and returns the bits. NaN stays NaN (quiet), overflow gives inf. */
uint64_t ptx_double_to_bits(double v, st_ptype t);

/* ---- types (opcodes.c) */

/* The type named by a modifier word without its dot ("u32"), or PT_NONE. */
st_ptype ptx_type_from_name(const char *s, size_t n);
/* The name of a type without its dot ("u32"). */
const char *ptx_type_name(st_ptype t);

/* ---- control flow (cfg.c) */

/* Sets st_inst.reconv of every branch (bra, brx.idx) of function f to the
 * first PC of its immediate post-dominator block, or ST_NO_PC where that is
 * the exit.
 * Returns false only when memory runs out. */
bool ptx_compute_reconvergence(st_module *m, uint32_t f);

/* ---- register rows (regalloc.c) */

/* Sets rows and n_rows of function f (its body parsed): the row of a warp's
 * register file each register is kept in, registers whose values are never
 * needed at once sharing one. Returns false only when memory runs out. */
bool ptx_assign_rows(st_module *m, uint32_t f);

#endif
