/* Parsing and formatting of option values: integers, sizes with units,
 * frequencies with units, booleans, enum names and strings. */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "config/options.h"

#ifdef PATH_MAX
_Static_assert(ST_PATH_MAX >= PATH_MAX, "ST_PATH_MAX must hold any path the OS accepts");
#endif

/* The length of the UTF-8 character at s if it is one a string option may
 * hold, else 0. A string is dumped in YAML double quotes (st_option_format)
 * and must load back unchanged: so no control characters (YAML refuses most,
 * and a tab next to a line break is trimmed), no line breaks (folded into
 * spaces: U+0085, U+2028, U+2029), nothing YAML does not accept as text
 * (U+FEFF, U+FFFE, U+FFFF) and no invalid UTF-8. */
static size_t text_char(const unsigned char *s) {
  unsigned c = s[0];
  if (c >= 0x20 && c < 0x7f) {
    return 1;
  }
  size_t n;
  uint32_t cp;
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
    cp = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    cp = c & 0x0f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    cp = c & 0x07;
  } else {
    return 0;
  }
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xc0) != 0x80) {
      return 0; /* also stops at the terminating NUL */
    }
    cp = cp << 6 | (s[i] & 0x3f);
  }
  static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000}; /* shorter is overlong */
  if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0xa0 ||
      cp == 0x2028 || cp == 0x2029 || cp == 0xfeff || cp == 0xfffe || cp == 0xffff) {
    return 0;
  }
  return n;
}

/* Parses an unsigned decimal or 0x-hex integer that fills all of s. */
static int parse_u64(const char *s, uint64_t *out) {
  const char *p = s;
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  }
  if (*p == '\0') {
    return -1;
  }
  uint64_t v = 0;
  for (; *p != '\0'; p++) {
    int d;
    if (*p >= '0' && *p <= '9') {
      d = *p - '0';
    } else if (base == 16 && isxdigit((unsigned char)*p)) {
      d = (tolower((unsigned char)*p) - 'a') + 10;
    } else if (*p == '_' && p != s) {
      continue; /* digit separator: 1_000_000 */
    } else {
      return -1;
    }
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
      return -2; /* overflow */
    }
    v = v * (uint64_t)base + (uint64_t)d;
  }
  *out = v;
  return 0;
}

/* Parses a signed integer that fills all of s. -1: not an integer; -2: too big. */
static int parse_i64(const char *s, int64_t *out) {
  int neg = 0;
  if (*s == '-' || *s == '+') {
    neg = *s == '-';
    s++;
  }
  uint64_t u;
  int rc = parse_u64(s, &u);
  if (rc != 0) {
    return rc;
  }
  if (u > (uint64_t)INT64_MAX + (uint64_t)neg) {
    return -2;
  }
  *out = neg ? (int64_t)(0 - u) : (int64_t)u;
  return 0;
}

/* Splits "12.5MHz" into a decimal number scaled by 10^frac_digits and a unit.
 * Returns the number of fraction digits, or -1 if there is no number. */
static int split_number_unit(const char *s, uint64_t *mantissa, const char **unit) {
  uint64_t m = 0;
  int frac = -1;
  const char *p = s;
  int digits = 0;
  for (; *p != '\0'; p++) {
    if (*p >= '0' && *p <= '9') {
      if (m > (UINT64_MAX - 9) / 10) {
        return -2;
      }
      m = m * 10 + (uint64_t)(*p - '0');
      digits++;
      if (frac >= 0) {
        frac++;
      }
    } else if (*p == '.' && frac < 0) {
      frac = 0;
    } else {
      break;
    }
  }
  if (digits == 0) {
    return -1;
  }
  while (*p == ' ') {
    p++;
  }
  *mantissa = m;
  *unit = p;
  return frac < 0 ? 0 : frac;
}

typedef struct unit_scale {
  const char *name;
  int64_t scale;
} unit_scale;

static const unit_scale size_units[] = {
    {"", 1},          {"B", 1},
    {"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", INT64_C(1) << 30},
    {"KB", 1 << 10},  {"MB", 1 << 20},  {"GB", INT64_C(1) << 30},
    {"kB", 1 << 10},  {NULL, 0}};

static const unit_scale freq_units[] = {{"Hz", 1},
                                        {"kHz", 1000},
                                        {"KHz", 1000},
                                        {"MHz", INT64_C(1000000)},
                                        {"GHz", INT64_C(1000000000)},
                                        {NULL, 0}};

/* Parses "<number><unit>" with units from table. 0 ok, -1 syntax, -2 overflow,
 * -3 not a whole number of base units. */
static int parse_scaled(const char *s, const unit_scale *units, int64_t *out) {
  uint64_t m;
  const char *unit;
  int frac = split_number_unit(s, &m, &unit);
  if (frac < 0) {
    return frac == -2 ? -2 : -1;
  }
  const unit_scale *u = units;
  while (u->name != NULL && strcmp(u->name, unit) != 0) {
    u++;
  }
  if (u->name == NULL) {
    return -1;
  }
  /* "1.50MHz" is 15 tenths of a MHz: trailing fraction zeros change nothing,
   * and without them 10^frac must fit in 64 bits ("0.000...0" has any number
   * of zeros). */
  while (frac > 0 && m % 10 == 0) {
    m /= 10;
    frac--;
  }
  if (m != 0 && (uint64_t)u->scale > UINT64_MAX / m) {
    return -2;
  }
  uint64_t scaled = m * (uint64_t)u->scale;
  if (frac > 19) {
    return -3; /* 0 < scaled < 2^64 < 10^20: never a multiple of 10^frac */
  }
  uint64_t div = 1;
  for (int i = 0; i < frac; i++) {
    div *= 10;
  }
  if (scaled % div != 0) {
    return -3;
  }
  scaled /= div;
  if (scaled > (uint64_t)INT64_MAX) {
    return -2;
  }
  *out = (int64_t)scaled;
  return 0;
}

void st_dec_format(int64_t v, char *buf, size_t size) {
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  char frac[8];
  snprintf(frac, sizeof frac, "%06" PRIu64, u % 1000000u);
  size_t f = 6;
  while (f > 0 && frac[f - 1] == '0') {
    frac[--f] = '\0';
  }
  snprintf(buf, size, "%s%" PRIu64 "%s%s", v < 0 ? "-" : "", u / 1000000u, f > 0 ? "." : "",
           f > 0 ? frac : "");
}

/* A value as messages quote it: whole when short, else its first SHOWN_MAX
 * bytes (whole UTF-8 characters) and "...", so that a long value cannot push
 * the reason out of a message, nor be cut inside a character. */
#define SHOWN_MAX 60

static const char *shown_text(const char *text, char buf[SHOWN_MAX + 4]) {
  size_t n = strlen(text);
  if (n <= SHOWN_MAX) {
    return text;
  }
  n = SHOWN_MAX;
  for (int i = 0; i < 3 && ((unsigned char)text[n] & 0xc0) == 0x80; i++) {
    n--; /* text[n] continues a character: cut before it starts (a character has 4 bytes at most) */
  }
  memcpy(buf, text, n);
  memcpy(buf + n, "...", 4);
  return buf;
}

static int check_bounds(const st_option *opt, int64_t v, const char *text, char *why, size_t n) {
  if (v < opt->min || v > opt->max) {
    char lo[48] = "", hi[48] = "";
    if (opt->type == ST_OPT_DEC) {
      st_dec_format(opt->min, lo, sizeof lo);
      st_dec_format(opt->max, hi, sizeof hi);
    } else if (opt->type == ST_OPT_INT || opt->type == ST_OPT_SIZE || opt->type == ST_OPT_FREQ) {
      snprintf(lo, sizeof lo, "%" PRId64, opt->min);
      snprintf(hi, sizeof hi, "%" PRId64, opt->max);
    }
    snprintf(why, n, "%s is out of range [%s, %s]%s", text, lo, hi,
             opt->type == ST_OPT_SIZE ? " bytes" : opt->type == ST_OPT_FREQ ? " Hz" : "");
    return -1;
  }
  return 0;
}

int st_option_parse(const st_option *opt, const char *text, void *out, char *why, size_t why_size) {
  char shown_buf[SHOWN_MAX + 4];
  const char *shown = shown_text(text, shown_buf);
  int64_t v = 0;
  int rc;
  switch (opt->type) {
  case ST_OPT_BOOL: {
    static const char *const yes[] = {"true", "yes", "on", "1", NULL};
    static const char *const no[] = {"false", "no", "off", "0", NULL};
    for (int i = 0; yes[i] != NULL; i++) {
      if (strcmp(text, yes[i]) == 0) {
        *(bool *)out = true;
        return 0;
      }
      if (strcmp(text, no[i]) == 0) {
        *(bool *)out = false;
        return 0;
      }
    }
    snprintf(why, why_size, "expected true or false, got '%s'", shown);
    return -1;
  }
  case ST_OPT_INT:
    rc = parse_i64(text, &v);
    if (rc == -1) {
      snprintf(why, why_size, "expected an integer, got '%s'", shown);
      return -1;
    }
    if (rc == -2) {
      snprintf(why, why_size, "%s is too large", shown);
      return -1;
    }
    if (check_bounds(opt, v, shown, why, why_size) != 0) {
      return -1;
    }
    *(int64_t *)out = v;
    return 0;
  case ST_OPT_SIZE:
  case ST_OPT_FREQ: {
    int is_size = opt->type == ST_OPT_SIZE;
    rc = parse_scaled(text, is_size ? size_units : freq_units, &v);
    if (rc == -1) {
      snprintf(why, why_size,
               is_size ? "expected a size (bytes, or with a unit: B KiB MiB GiB), got '%s'"
                       : "expected a frequency with a unit (Hz kHz MHz GHz), got '%s'",
               shown);
      return -1;
    }
    if (rc == -2) {
      snprintf(why, why_size, "%s is too large", shown);
      return -1;
    }
    if (rc == -3) {
      snprintf(why, why_size, "%s is not a whole number of %s", shown, is_size ? "bytes" : "Hz");
      return -1;
    }
    if (check_bounds(opt, v, shown, why, why_size) != 0) {
      return -1;
    }
    *(int64_t *)out = v;
    return 0;
  }
  case ST_OPT_DEC: {
    uint64_t m;
    const char *unit;
    int frac = split_number_unit(text, &m, &unit);
    if (frac == -2) {
      snprintf(why, why_size, "%s is too large", shown);
      return -1;
    }
    if (frac < 0 || *unit != '\0' || text[0] == '.') {
      snprintf(why, why_size, "expected a decimal number (such as 0.0625), got '%s'", shown);
      return -1;
    }
    if (frac > 6) {
      snprintf(why, why_size, "%s has more than 6 digits after the decimal point", shown);
      return -1;
    }
    for (int i = frac; i < 6; i++) {
      if (m > (uint64_t)INT64_MAX / 10) {
        snprintf(why, why_size, "%s is too large", shown);
        return -1;
      }
      m *= 10;
    }
    if (m > (uint64_t)INT64_MAX) {
      snprintf(why, why_size, "%s is too large", shown);
      return -1;
    }
    if (check_bounds(opt, (int64_t)m, shown, why, why_size) != 0) {
      return -1;
    }
    *(int64_t *)out = (int64_t)m;
    return 0;
  }
  case ST_OPT_ENUM: {
    for (int i = 0; opt->names[i] != NULL; i++) {
      if (strcmp(opt->names[i], text) == 0) {
        *(int *)out = i;
        return 0;
      }
    }
    size_t n = (size_t)snprintf(why, why_size, "unknown value '%s' (expected one of:", shown);
    for (int i = 0; opt->names[i] != NULL && n < why_size; i++) {
      n += (size_t)snprintf(why + n, why_size - n, " %s", opt->names[i]);
    }
    if (n < why_size) {
      snprintf(why + n, why_size - n, ")");
    }
    return -1;
  }
  case ST_OPT_STRING: {
    size_t len = strlen(text);
    if (len >= ST_CONFIG_STRING_MAX) {
      snprintf(why, why_size, "%zu characters, longer than the limit of %d (PATH_MAX - 1)", len,
               ST_CONFIG_STRING_MAX - 1);
      return -1;
    }
    for (size_t i = 0; i < len;) {
      size_t n = text_char((const unsigned char *)text + i);
      if (n == 0) {
        snprintf(why, why_size,
                 "byte %zu (0x%02x) is not printable text: a string holds no control "
                 "characters or line breaks, and is UTF-8",
                 i + 1, (unsigned char)text[i]);
        return -1;
      }
      i += n;
    }
    memcpy(out, text, len + 1);
    return 0;
  }
  }
  snprintf(why, why_size, "internal: unknown option type");
  return -1;
}

/* Formats a size with the largest binary unit that divides it. */
static void format_size(int64_t v, char *buf, size_t n) {
  if (v != 0 && v % (INT64_C(1) << 30) == 0) {
    snprintf(buf, n, "%" PRId64 "GiB", v >> 30);
  } else if (v != 0 && v % (1 << 20) == 0) {
    snprintf(buf, n, "%" PRId64 "MiB", v >> 20);
  } else if (v != 0 && v % (1 << 10) == 0) {
    snprintf(buf, n, "%" PRId64 "KiB", v >> 10);
  } else {
    snprintf(buf, n, "%" PRId64, v);
  }
}

static void format_freq(int64_t v, char *buf, size_t n) {
  if (v % INT64_C(1000000000) == 0) {
    snprintf(buf, n, "%" PRId64 "GHz", v / INT64_C(1000000000));
  } else if (v % 1000000 == 0) {
    snprintf(buf, n, "%" PRId64 "MHz", v / 1000000);
  } else if (v % 1000 == 0) {
    snprintf(buf, n, "%" PRId64 "kHz", v / 1000);
  } else {
    snprintf(buf, n, "%" PRId64 "Hz", v);
  }
}

void st_option_format(const st_option *opt, const st_config *cfg, char *buf, size_t size) {
  const char *p = (const char *)cfg + opt->offset;
  switch (opt->type) {
  case ST_OPT_BOOL:
    snprintf(buf, size, "%s", *(const bool *)p ? "true" : "false");
    return;
  case ST_OPT_INT:
    snprintf(buf, size, "%" PRId64, *(const int64_t *)p);
    return;
  case ST_OPT_SIZE:
    format_size(*(const int64_t *)p, buf, size);
    return;
  case ST_OPT_FREQ:
    format_freq(*(const int64_t *)p, buf, size);
    return;
  case ST_OPT_DEC:
    st_dec_format(*(const int64_t *)p, buf, size);
    return;
  case ST_OPT_ENUM:
    snprintf(buf, size, "%s", opt->names[*(const int *)p]);
    return;
  case ST_OPT_STRING: {
    /* Quote strings so that names like "on" or "123" reload as strings. */
    size_t o = 0;
    if (o < size) {
      buf[o++] = '"';
    }
    for (const char *s = p; *s != '\0' && o + 3 < size; s++) {
      if (*s == '"' || *s == '\\') {
        buf[o++] = '\\';
      }
      buf[o++] = *s;
    }
    if (o + 1 < size) {
      buf[o++] = '"';
    }
    buf[o < size ? o : size - 1] = '\0';
    return;
  }
  }
  snprintf(buf, size, "?");
}
