/* The PTX lexer: turns PTX text into tokens, each with its 1-based line and
 * column. Comments are skipped. Tokens are produced on demand, with a small
 * lookahead window, so the first error in the text is the one reported. */
#ifndef SIMTREF_PTX_LEXER_H
#define SIMTREF_PTX_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"

/* The longest token accepted (identifiers, numbers, strings), in bytes. */
#define PTX_MAX_TOKEN 4096
/* How far ahead the parser may peek. */
#define PTX_LOOKAHEAD 4

typedef enum ptx_tok_kind {
  TOK_EOF = 0,
  TOK_ERROR,  /* a lexical error; the message is already in the lexer's st_error */
  TOK_WORD,   /* identifier, directive, opcode with modifiers, register name:
                 [A-Za-z_$%.] then [A-Za-z0-9_$.] and "::" ("ld.global.v4.f32",
                 "%tid.x", ".L2::cache_hint", "$L__BB0_2") */
  TOK_INT,    /* integer literal (decimal, 0x hex, 0b binary, 0 octal, optional U):
                 value in ival */
  TOK_F32,    /* 0fXXXXXXXX: the single-precision bits in ival */
  TOK_F64,    /* 0dXXXXXXXXXXXXXXXX: the double-precision bits in ival */
  TOK_FLOAT,  /* decimal floating-point literal (1.5, 1e-3, .5): value in dval */
  TOK_STRING, /* "...": text includes the quotes */
  TOK_PUNCT   /* one character: , ; : { } ( ) [ ] < > + - ! @ | = * / ~ & ^ */
} ptx_tok_kind;

typedef struct ptx_token {
  ptx_tok_kind kind;
  const char *text; /* into the source text, not NUL-terminated */
  size_t len;
  uint32_t line, col;
  uint64_t ival;
  double dval;
} ptx_token;

typedef struct ptx_lexer {
  const char *src;
  size_t len;
  size_t pos;
  uint32_t line;
  size_t line_start;
  const char *name; /* source name for messages */
  st_error *err;
  bool failed;
  ptx_token ahead[PTX_LOOKAHEAD]; /* ring buffer of lexed, unconsumed tokens */
  unsigned head, count;
  const char *last_end; /* end of the text of the last consumed token */
} ptx_lexer;

/* Prepares lx to read len bytes of src (which may hold any bytes, NULs too).
 * Errors are recorded in err under the given source name. */
void ptx_lexer_init(ptx_lexer *lx, const char *src, size_t len, const char *name, st_error *err);

/* The k-th token ahead (k < PTX_LOOKAHEAD; 0 is the next one) without
 * consuming it. After a lexical error every further token is TOK_ERROR. */
const ptx_token *ptx_peek(ptx_lexer *lx, unsigned k);

/* Consumes and returns the next token. */
ptx_token ptx_next(ptx_lexer *lx);

/* Writes s[0..n) into buf as printable text for a message: non-printable bytes
 * become \xNN, and text longer than about 60 bytes is cut with "...". */
void ptx_quote(const char *s, size_t n, char *buf, size_t size);

#endif
