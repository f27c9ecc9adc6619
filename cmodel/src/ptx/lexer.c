/* The PTX lexer: words, numbers, strings and punctuation with positions. */
#include "ptx/lexer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ptx_lexer_init(ptx_lexer *lx, const char *src, size_t len, const char *name, st_error *err) {
  memset(lx, 0, sizeof *lx);
  lx->src = src;
  lx->len = len;
  lx->line = 1;
  lx->name = name;
  lx->err = err;
}

void ptx_quote(const char *s, size_t n, char *buf, size_t size) {
  enum { SHOWN = 60 };
  size_t o = 0;
  if (size == 0) {
    return;
  }
  for (size_t i = 0; i < n && i < SHOWN; i++) {
    unsigned char c = (unsigned char)s[i];
    char tmp[8];
    if (c >= 0x20 && c < 0x7f) {
      tmp[0] = (char)c;
      tmp[1] = '\0';
    } else if (c == '\t') {
      snprintf(tmp, sizeof tmp, "\\t");
    } else if (c == '\n') {
      snprintf(tmp, sizeof tmp, "\\n");
    } else {
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
    }
    size_t t = strlen(tmp);
    if (o + t + 4 >= size) {
      break;
    }
    memcpy(buf + o, tmp, t);
    o += t;
  }
  if (n > SHOWN && o + 4 < size) {
    memcpy(buf + o, "...", 3);
    o += 3;
  }
  buf[o] = '\0';
}

static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_word_start(int c) { return is_alpha(c) || c == '_' || c == '$' || c == '%' || c == '.'; }
static bool is_word_char(int c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.'; }

static int hex_value(int c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

static int peek_char(const ptx_lexer *lx, size_t at) {
  return at < lx->len ? (unsigned char)lx->src[at] : -1;
}

static ptx_token make_token(const ptx_lexer *lx, ptx_tok_kind kind, size_t start) {
  ptx_token t;
  memset(&t, 0, sizeof t);
  t.kind = kind;
  t.text = lx->src + start;
  t.len = lx->pos - start;
  t.line = lx->line;
  t.col = (uint32_t)(start - lx->line_start + 1);
  return t;
}

/* Records a lexical error at the token starting at start and ending at end. */
static ptx_token lex_error(ptx_lexer *lx, size_t start, size_t end, const char *what) {
  char q[128];
  ptx_quote(lx->src + start, end - start, q, sizeof q);
  st_srcpos pos = {lx->name, lx->line, (unsigned)(start - lx->line_start + 1)};
  st_error_at(lx->err, ST_ERR_PTX, pos, "%s '%s'", what, q);
  lx->failed = true;
  lx->pos = end;
  ptx_token t = make_token(lx, TOK_ERROR, start);
  return t;
}

/* Skips blanks and comments. Returns false (with the error recorded) on an
 * unterminated block comment. */
static bool skip_space(ptx_lexer *lx) {
  for (;;) {
    int c = peek_char(lx, lx->pos);
    if (c == '\n') {
      lx->pos++;
      lx->line++;
      lx->line_start = lx->pos;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      lx->pos++;
    } else if (c == '/' && peek_char(lx, lx->pos + 1) == '/') {
      while (lx->pos < lx->len && lx->src[lx->pos] != '\n') {
        lx->pos++;
      }
    } else if (c == '/' && peek_char(lx, lx->pos + 1) == '*') {
      size_t start = lx->pos;
      uint32_t line = lx->line;
      size_t line_start = lx->line_start;
      lx->pos += 2;
      for (;;) {
        if (lx->pos >= lx->len) {
          lx->line = line;
          lx->line_start = line_start;
          lex_error(lx, start, start + 2, "unterminated comment");
          return false;
        }
        char d = lx->src[lx->pos];
        if (d == '*' && peek_char(lx, lx->pos + 1) == '/') {
          lx->pos += 2;
          break;
        }
        if (d == '\n') {
          lx->line++;
          lx->line_start = lx->pos + 1;
        }
        lx->pos++;
      }
    } else {
      return true;
    }
  }
}

static ptx_token lex_word(ptx_lexer *lx) {
  size_t start = lx->pos;
  lx->pos++;
  for (;;) {
    int c = peek_char(lx, lx->pos);
    if (c >= 0 && is_word_char(c)) {
      lx->pos++;
    } else if (c == ':' && peek_char(lx, lx->pos + 1) == ':' &&
               is_word_char(peek_char(lx, lx->pos + 2))) {
      lx->pos += 2;
    } else {
      break;
    }
    if (lx->pos - start > PTX_MAX_TOKEN) {
      while (lx->pos < lx->len && is_word_char((unsigned char)lx->src[lx->pos])) {
        lx->pos++;
      }
      return lex_error(lx, start, lx->pos, "token too long");
    }
  }
  return make_token(lx, TOK_WORD, start);
}

/* Consumes the rest of a malformed number so that the message shows it. */
static ptx_token bad_number(ptx_lexer *lx, size_t start, const char *what) {
  size_t end = lx->pos;
  while (end < lx->len && end - start < PTX_MAX_TOKEN &&
         (is_word_char((unsigned char)lx->src[end]))) {
    end++;
  }
  return lex_error(lx, start, end, what);
}

/* Digits of an integer in base (2, 8, 10 or 16) from lx->pos. */
static ptx_token lex_int_digits(ptx_lexer *lx, size_t start, unsigned base) {
  uint64_t v = 0;
  bool overflow = false;
  size_t ndigits = 0;
  for (;;) {
    int c = peek_char(lx, lx->pos);
    int d = c < 0 ? -1 : hex_value(c);
    if (d < 0 || (unsigned)d >= base) {
      if (c >= 0 && is_digit(c)) {
        return bad_number(lx, start, "invalid digit in number");
      }
      break;
    }
    if (v > (UINT64_MAX - (uint64_t)d) / base) {
      overflow = true;
    }
    v = v * base + (uint64_t)d;
    ndigits++;
    lx->pos++;
    if (lx->pos - start > PTX_MAX_TOKEN) {
      return bad_number(lx, start, "token too long");
    }
  }
  if (ndigits == 0 && base != 8) {
    return bad_number(lx, start, "invalid number");
  }
  if (peek_char(lx, lx->pos) == 'U') {
    lx->pos++;
  }
  int c = peek_char(lx, lx->pos);
  if (c >= 0 && is_word_char(c)) {
    return bad_number(lx, start, "invalid number");
  }
  if (overflow) {
    return lex_error(lx, start, lx->pos, "integer constant too large");
  }
  ptx_token t = make_token(lx, TOK_INT, start);
  t.ival = v;
  return t;
}

/* 0fXXXXXXXX or 0dXXXXXXXXXXXXXXXX. */
static ptx_token lex_hex_float(ptx_lexer *lx, size_t start, unsigned ndigits, ptx_tok_kind kind) {
  uint64_t v = 0;
  lx->pos += 2;
  for (unsigned i = 0; i < ndigits; i++) {
    int d = hex_value(peek_char(lx, lx->pos));
    if (d < 0) {
      return bad_number(lx, start, "invalid floating-point constant");
    }
    v = (v << 4) | (uint64_t)d;
    lx->pos++;
  }
  int c = peek_char(lx, lx->pos);
  if (c >= 0 && is_word_char(c)) {
    return bad_number(lx, start, "invalid floating-point constant");
  }
  ptx_token t = make_token(lx, kind, start);
  t.ival = v;
  return t;
}

static ptx_token lex_decimal(ptx_lexer *lx, size_t start) {
  bool is_float = false;
  while (is_digit(peek_char(lx, lx->pos))) {
    lx->pos++;
  }
  if (peek_char(lx, lx->pos) == '.') {
    is_float = true;
    lx->pos++;
    while (is_digit(peek_char(lx, lx->pos))) {
      lx->pos++;
    }
  }
  int c = peek_char(lx, lx->pos);
  if (c == 'e' || c == 'E') {
    size_t e = lx->pos + 1;
    if (peek_char(lx, e) == '+' || peek_char(lx, e) == '-') {
      e++;
    }
    if (is_digit(peek_char(lx, e))) {
      is_float = true;
      lx->pos = e;
      while (is_digit(peek_char(lx, lx->pos))) {
        lx->pos++;
      }
    }
  }
  if (lx->pos - start > PTX_MAX_TOKEN) {
    return bad_number(lx, start, "token too long");
  }
  if (!is_float) {
    lx->pos = start;
    return lex_int_digits(lx, start, 10);
  }
  c = peek_char(lx, lx->pos);
  if (c >= 0 && is_word_char(c)) {
    return bad_number(lx, start, "invalid number");
  }
  char buf[PTX_MAX_TOKEN + 2];
  size_t n = lx->pos - start;
  memcpy(buf, lx->src + start, n);
  buf[n] = '\0';
  double d = strtod(buf, NULL);
  if (isinf(d)) {
    return lex_error(lx, start, lx->pos, "floating-point constant out of range");
  }
  ptx_token t = make_token(lx, TOK_FLOAT, start);
  t.dval = d;
  return t;
}

static ptx_token lex_number(ptx_lexer *lx) {
  size_t start = lx->pos;
  if (lx->src[start] == '0') {
    int c = peek_char(lx, start + 1);
    if (c == 'x' || c == 'X') {
      lx->pos += 2;
      return lex_int_digits(lx, start, 16);
    }
    if (c == 'b' || c == 'B') {
      lx->pos += 2;
      return lex_int_digits(lx, start, 2);
    }
    if (c == 'f' || c == 'F') {
      return lex_hex_float(lx, start, 8, TOK_F32);
    }
    if (c == 'd' || c == 'D') {
      return lex_hex_float(lx, start, 16, TOK_F64);
    }
    if (is_digit(c)) {
      /* Octal, unless it turns out to be a decimal float (0.5 is caught below). */
      size_t p = start + 1;
      while (is_digit(peek_char(lx, p))) {
        p++;
      }
      int after = peek_char(lx, p);
      if (after != '.' && after != 'e' && after != 'E') {
        lx->pos = start + 1;
        return lex_int_digits(lx, start, 8);
      }
    }
  }
  return lex_decimal(lx, start);
}

static ptx_token lex_string(ptx_lexer *lx) {
  size_t start = lx->pos;
  lx->pos++;
  for (;;) {
    int c = peek_char(lx, lx->pos);
    if (c < 0 || c == '\n' || lx->pos - start > PTX_MAX_TOKEN) {
      return lex_error(lx, start, lx->pos, c < 0 || c == '\n' ? "unterminated string"
                                                              : "token too long");
    }
    lx->pos++;
    if (c == '"') {
      break;
    }
    if (c == '\\' && lx->pos < lx->len && lx->src[lx->pos] != '\n') {
      lx->pos++;
    }
  }
  return make_token(lx, TOK_STRING, start);
}

static ptx_token lex_one(ptx_lexer *lx) {
  if (lx->failed) {
    ptx_token t = make_token(lx, TOK_ERROR, lx->pos);
    return t;
  }
  if (!skip_space(lx)) {
    return make_token(lx, TOK_ERROR, lx->pos);
  }
  if (lx->pos >= lx->len) {
    return make_token(lx, TOK_EOF, lx->pos);
  }
  int c = (unsigned char)lx->src[lx->pos];
  if (is_digit(c) || (c == '.' && is_digit(peek_char(lx, lx->pos + 1)))) {
    return lex_number(lx);
  }
  if (is_word_start(c)) {
    return lex_word(lx);
  }
  if (c == '"') {
    return lex_string(lx);
  }
  if (strchr(",;:{}()[]<>+-!@|=*/~&^", c) != NULL && c != '\0') {
    size_t start = lx->pos++;
    return make_token(lx, TOK_PUNCT, start);
  }
  return lex_error(lx, lx->pos, lx->pos + 1, "invalid character");
}

const ptx_token *ptx_peek(ptx_lexer *lx, unsigned k) {
  if (k >= PTX_LOOKAHEAD) {
    k = PTX_LOOKAHEAD - 1;
  }
  while (lx->count <= k) {
    lx->ahead[(lx->head + lx->count) % PTX_LOOKAHEAD] = lex_one(lx);
    lx->count++;
  }
  return &lx->ahead[(lx->head + k) % PTX_LOOKAHEAD];
}

ptx_token ptx_next(ptx_lexer *lx) {
  ptx_token t = *ptx_peek(lx, 0);
  if (t.kind != TOK_EOF && t.kind != TOK_ERROR) {
    lx->head = (lx->head + 1) % PTX_LOOKAHEAD;
    lx->count--;
    lx->last_end = t.text + t.len;
  }
  return t;
}
