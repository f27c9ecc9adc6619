/* A strict JSON reader for stats files (RFC 8259 grammar). */
#include "sweep_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep_util.h"

#define JSON_MAX_DEPTH 64

typedef struct json_in {
  const char *s;
  size_t pos;
  unsigned line;
  char *err;
  size_t err_size;
  bool failed;
} json_in;

static bool bad(json_in *in, const char *what) {
  if (!in->failed) {
    snprintf(in->err, in->err_size, "line %u: %s", in->line, what);
    in->failed = true;
  }
  return false;
}

static void skip_ws(json_in *in) {
  for (;;) {
    char c = in->s[in->pos];
    if (c == '\n') {
      in->line++;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    in->pos++;
  }
}

static int hex_digit(char c) {
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

/* Parses a string at in->pos (the opening quote). out (may be NULL)
 * receives the decoded value, newly allocated. */
static bool parse_string(json_in *in, char **out) {
  const char *s = in->s;
  size_t i = in->pos + 1;
  size_t cap = 16, n = 0;
  char *buf = out ? sw_alloc(cap) : NULL;
  for (;;) {
    unsigned char c = (unsigned char)s[i];
    unsigned cp = c;
    if (c == '"') {
      break;
    }
    if (c < 0x20) {
      free(buf);
      return bad(in, c == 0 ? "unterminated string" : "control character in a string");
    }
    i++;
    if (c == '\\') {
      char e = s[i++];
      const char *simple = strchr("\"\\/bfnrt", e);
      if (e != '\0' && simple != NULL) {
        cp = (unsigned char)"\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
      } else if (e == 'u') {
        cp = 0;
        for (int k = 0; k < 4; k++) {
          int d = hex_digit(s[i]);
          if (d < 0) {
            free(buf);
            return bad(in, "bad \\u escape");
          }
          cp = cp * 16 + (unsigned)d;
          i++;
        }
      } else {
        free(buf);
        return bad(in, "bad escape in a string");
      }
    }
    if (buf != NULL) {
      if (n + 4 >= cap) {
        cap *= 2;
        buf = sw_grow(buf, cap);
      }
      if (cp < 0x80) {
        buf[n++] = (char)cp;
      } else if (cp < 0x800 || c >= 0x80) {
        if (c >= 0x80) {
          buf[n++] = (char)c; /* raw UTF-8 byte, kept as is */
        } else {
          buf[n++] = (char)(0xC0 | (cp >> 6));
          buf[n++] = (char)(0x80 | (cp & 0x3F));
        }
      } else {
        buf[n++] = (char)(0xE0 | (cp >> 12));
        buf[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[n++] = (char)(0x80 | (cp & 0x3F));
      }
    }
  }
  in->pos = i + 1;
  if (buf != NULL) {
    buf[n] = '\0';
    *out = buf;
  }
  return true;
}

/* Parses a number; *start and *len give its text. */
static bool parse_number(json_in *in, size_t *start, size_t *len) {
  const char *s = in->s;
  size_t i = in->pos;
  *start = i;
  if (s[i] == '-') {
    i++;
  }
  if (s[i] == '0') {
    i++;
  } else if (s[i] >= '1' && s[i] <= '9') {
    while (s[i] >= '0' && s[i] <= '9') {
      i++;
    }
  } else {
    return bad(in, "bad number");
  }
  if (s[i] == '.') {
    i++;
    if (!(s[i] >= '0' && s[i] <= '9')) {
      return bad(in, "bad number");
    }
    while (s[i] >= '0' && s[i] <= '9') {
      i++;
    }
  }
  if (s[i] == 'e' || s[i] == 'E') {
    i++;
    if (s[i] == '+' || s[i] == '-') {
      i++;
    }
    if (!(s[i] >= '0' && s[i] <= '9')) {
      return bad(in, "bad number");
    }
    while (s[i] >= '0' && s[i] <= '9') {
      i++;
    }
  }
  *len = i - *start;
  in->pos = i;
  return true;
}

static bool parse_value(json_in *in, int depth, sweep_stats *top, char *key);

static bool parse_container(json_in *in, int depth, bool object) {
  if (depth > JSON_MAX_DEPTH) {
    return bad(in, "nested too deeply");
  }
  in->pos++;
  skip_ws(in);
  char close = object ? '}' : ']';
  if (in->s[in->pos] == close) {
    in->pos++;
    return true;
  }
  for (;;) {
    skip_ws(in);
    if (object) {
      if (in->s[in->pos] != '"') {
        return bad(in, "expected a member name");
      }
      if (!parse_string(in, NULL)) {
        return false;
      }
      skip_ws(in);
      if (in->s[in->pos] != ':') {
        return bad(in, "expected ':'");
      }
      in->pos++;
    }
    if (!parse_value(in, depth + 1, NULL, NULL)) {
      return false;
    }
    skip_ws(in);
    char c = in->s[in->pos];
    if (c == ',') {
      in->pos++;
      continue;
    }
    if (c == close) {
      in->pos++;
      return true;
    }
    return bad(in, object ? "expected ',' or '}'" : "expected ',' or ']'");
  }
}

static void add_member(sweep_stats *top, char *key, bool is_number, char *text) {
  top->m = sw_grow(top->m, (top->n + 1) * sizeof *top->m);
  sweep_json_member *m = &top->m[top->n++];
  m->key = key;
  m->is_number = is_number;
  m->text = text;
  m->number = is_number ? strtod(text, NULL) : 0.0;
}

/* Parses one value. With top != NULL (a member of the top-level object),
 * records a scalar under key (which it then owns); else frees nothing. */
static bool parse_value(json_in *in, int depth, sweep_stats *top, char *key) {
  skip_ws(in);
  const char *s = in->s + in->pos;
  bool ok = true;
  if (*s == '{' || *s == '[') {
    if (top != NULL && *s == '[' && strcmp(key, "kernels") == 0) {
      top->has_kernels = true;
    }
    ok = parse_container(in, depth, *s == '{');
    free(key);
  } else if (*s == '"') {
    char *str = NULL;
    ok = parse_string(in, top ? &str : NULL);
    if (ok && top != NULL) {
      add_member(top, key, false, str);
    } else {
      free(key);
    }
  } else if (strncmp(s, "nan", 3) == 0 || strncmp(s, "-nan", 4) == 0 ||
             strncmp(s, "inf", 3) == 0 || strncmp(s, "-inf", 4) == 0) {
    /* Not JSON, but what printf writes for a non-finite value: a number. */
    size_t len = (size_t)(s[0] == '-') + 3;
    in->pos += len;
    if (top != NULL) {
      add_member(top, key, true, sw_fmt("%.*s", (int)len, s));
    } else {
      free(key);
    }
  } else if (*s == '-' || (*s >= '0' && *s <= '9')) {
    size_t start = 0, len = 0;
    ok = parse_number(in, &start, &len);
    if (ok && top != NULL) {
      add_member(top, key, true, sw_fmt("%.*s", (int)len, in->s + start));
    } else {
      free(key);
    }
  } else {
    free(key);
    const char *words[] = {"true", "false", "null"};
    for (size_t i = 0; i < 3; i++) {
      size_t n = strlen(words[i]);
      if (strncmp(s, words[i], n) == 0) {
        in->pos += n;
        return true;
      }
    }
    return bad(in, *s == '\0' ? "unexpected end of file" : "expected a value");
  }
  return ok;
}

bool sweep_stats_parse(const char *text, sweep_stats *out, char *err, size_t err_size) {
  memset(out, 0, sizeof *out);
  json_in in = {text, 0, 1, err, err_size, false};
  skip_ws(&in);
  if (text[in.pos] != '{') {
    return bad(&in, "expected a JSON object");
  }
  in.pos++;
  skip_ws(&in);
  bool ok = true;
  if (text[in.pos] == '}') {
    in.pos++;
  } else {
    for (;;) {
      skip_ws(&in);
      char *key = NULL;
      if (text[in.pos] != '"') {
        ok = bad(&in, "expected a member name");
        break;
      }
      if (!(ok = parse_string(&in, &key))) {
        break;
      }
      skip_ws(&in);
      if (text[in.pos] != ':') {
        free(key);
        ok = bad(&in, "expected ':'");
        break;
      }
      in.pos++;
      if (!(ok = parse_value(&in, 1, out, key))) {
        break;
      }
      skip_ws(&in);
      if (text[in.pos] == ',') {
        in.pos++;
        continue;
      }
      if (text[in.pos] == '}') {
        in.pos++;
        break;
      }
      ok = bad(&in, "expected ',' or '}'");
      break;
    }
  }
  if (ok) {
    skip_ws(&in);
    if (text[in.pos] != '\0') {
      ok = bad(&in, "text after the JSON object");
    }
  }
  if (!ok) {
    sweep_stats_free(out);
  }
  return ok;
}

bool sweep_stats_read(const char *path, sweep_stats *out, char *err, size_t err_size) {
  memset(out, 0, sizeof *out);
  size_t len = 0;
  char *text = sw_read_file(path, &len);
  if (text == NULL) {
    snprintf(err, err_size, "cannot read the file");
    return false;
  }
  bool ok = strlen(text) == len && sweep_stats_parse(text, out, err, err_size);
  if (!ok && strlen(text) != len) {
    snprintf(err, err_size, "NUL byte in the file");
  }
  free(text);
  return ok;
}

bool sweep_stats_complete(const char *path) {
  size_t len = 0;
  char *text = sw_read_file(path, &len);
  if (text == NULL) {
    return false;
  }
  bool ok = len >= 4 && strlen(text) == len && strcmp(text + len - 4, "]\n}\n") == 0;
  if (ok) {
    sweep_stats s;
    char err[128];
    ok = sweep_stats_parse(text, &s, err, sizeof err) && s.has_kernels;
    if (ok) {
      sweep_stats_free(&s);
    }
  }
  free(text);
  return ok;
}

void sweep_stats_free(sweep_stats *s) {
  for (size_t i = 0; i < s->n; i++) {
    free(s->m[i].key);
    free(s->m[i].text);
  }
  free(s->m);
  memset(s, 0, sizeof *s);
}

const sweep_json_member *sweep_stats_get(const sweep_stats *s, const char *key) {
  for (size_t i = 0; i < s->n; i++) {
    if (strcmp(s->m[i].key, key) == 0) {
      return &s->m[i];
    }
  }
  return NULL;
}
