/* The jobs behind hetero_host.h's co-runners: calculix, mcf and lbm written here, the
 * calibration probe, and the generated inputs of bzip2, perl and xslt. Sizes are fixed (not
 * host-dependent), chosen so that one job takes about 0.2-0.6 s alone on the development
 * host (docs/units/heteropdp-host.md gives the times measured there). */
#define _GNU_SOURCE
#include "hetero_jobs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Results of the jobs land here so that no compiler drops their work. */
static volatile double hj_sink_f;
static volatile uint64_t hj_sink_u;

void *hj_map(size_t n) {
  void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    return NULL;
  }
  long page = sysconf(_SC_PAGESIZE);
  for (size_t i = 0; i < n; i += (size_t)(page > 0 ? page : 4096)) {
    ((volatile char *)p)[i] = 0;
  }
  return p;
}

static bool map_or_err(void **p, size_t n, const char *what, char *err, size_t errn) {
  *p = hj_map(n);
  if (*p == NULL) {
    snprintf(err, errn, "%s: cannot map %zu MiB: %s", what, n >> 20, strerror(errno));
    return false;
  }
  return true;
}

/* Uniform in [-1, 1) from 53 random bits. */
static double rand_unit(uint64_t *s) {
  return (double)(hj_rand(s) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* calculix (454.calculix, a finite-element solver): LU factorisation with partial pivoting
 * of a dense 256 x 256 system and its solve, CX_REPS times per job. The matrix, its copy
 * and the vectors (about 1 MiB) stay in the L2: compute-bound floating point. */
enum { CX_N = 256, CX_REPS = 80 };

typedef struct cx_state {
  double *a0, *a, *b, *x;
  int *piv;
  unsigned rep;
} cx_state;

static bool cx_setup(void **state, char *err, size_t errn) {
  void *mem;
  size_t nn = (size_t)CX_N * CX_N;
  size_t bytes = (2 * nn + 2 * CX_N) * sizeof(double) + CX_N * sizeof(int) + sizeof(cx_state);
  if (!map_or_err(&mem, bytes, "calculix", err, errn)) {
    return false;
  }
  cx_state *s = mem;
  s->a0 = (double *)(s + 1);
  s->a = s->a0 + nn;
  s->b = s->a + nn;
  s->x = s->b + CX_N;
  s->piv = (int *)(s->x + CX_N);
  s->rep = 0;
  uint64_t r = 0x9e3779b97f4a7c15u;
  for (size_t i = 0; i < nn; i++) {
    s->a0[i] = rand_unit(&r);
  }
  for (int i = 0; i < CX_N; i++) {
    s->b[i] = rand_unit(&r);
  }
  *state = s;
  return true;
}

static void cx_solve_once(cx_state *s) {
  double *a = s->a;
  memcpy(a, s->a0, sizeof(double) * CX_N * CX_N);
  for (int k = 0; k < CX_N; k++) {
    int p = k;
    double best = a[k * CX_N + k] < 0 ? -a[k * CX_N + k] : a[k * CX_N + k];
    for (int i = k + 1; i < CX_N; i++) {
      double v = a[i * CX_N + k] < 0 ? -a[i * CX_N + k] : a[i * CX_N + k];
      if (v > best) {
        best = v;
        p = i;
      }
    }
    s->piv[k] = p;
    if (p != k) {
      for (int j = 0; j < CX_N; j++) {
        double t = a[k * CX_N + j];
        a[k * CX_N + j] = a[p * CX_N + j];
        a[p * CX_N + j] = t;
      }
    }
    double d = a[k * CX_N + k];
    if (d == 0.0) {
      continue; /* singular to working precision: skip the column (never with this matrix) */
    }
    const double *rowk = a + (size_t)k * CX_N;
    for (int i = k + 1; i < CX_N; i++) {
      double *rowi = a + (size_t)i * CX_N;
      double l = rowi[k] / d;
      rowi[k] = l;
      for (int j = k + 1; j < CX_N; j++) {
        rowi[j] -= l * rowk[j];
      }
    }
  }
  double *x = s->x;
  memcpy(x, s->b, sizeof(double) * CX_N);
  for (int k = 0; k < CX_N; k++) {
    int p = s->piv[k];
    double t = x[k];
    x[k] = x[p];
    x[p] = t;
  }
  for (int i = 0; i < CX_N; i++) {
    double v = x[i];
    for (int j = 0; j < i; j++) {
      v -= a[i * CX_N + j] * x[j];
    }
    x[i] = v;
  }
  for (int i = CX_N - 1; i >= 0; i--) {
    double v = x[i];
    for (int j = i + 1; j < CX_N; j++) {
      v -= a[i * CX_N + j] * x[j];
    }
    x[i] = a[i * CX_N + i] != 0.0 ? v / a[i * CX_N + i] : 0.0;
  }
}

static void cx_job(void *state) {
  cx_state *s = state;
  double acc = 0;
  for (int r = 0; r < CX_REPS; r++) {
    cx_solve_once(s);
    acc += s->x[s->rep++ % CX_N];
  }
  hj_sink_f = acc;
}

/* mcf (429.mcf, network simplex over a large graph: pointer chasing): 2 Mi nodes of one
 * cache line each (128 MiB) linked in one random cycle (Sattolo); a job walks MCF_STEPS
 * nodes of it, updating each node's potential and flow (dirty lines, as the simplex's
 * updates): latency-bound. */
enum { MCF_NODES = 2u << 20, MCF_STEPS = 2u << 20 };

typedef struct mcf_node {
  uint64_t next;
  int64_t cost, potential;
  uint64_t flow;
  uint64_t pad[4];
} mcf_node;

typedef struct mcf_state {
  mcf_node *nodes;
  uint64_t at;
} mcf_state;

static bool mcf_setup(void **state, char *err, size_t errn) {
  void *mem;
  if (!map_or_err(&mem, sizeof(mcf_node) * MCF_NODES + 4096, "mcf", err, errn)) {
    return false;
  }
  mcf_state *s = mem;
  s->nodes = (mcf_node *)((char *)mem + 4096);
  uint64_t r = 0x2545f4914f6cdd1du;
  for (uint64_t i = 0; i < MCF_NODES; i++) {
    s->nodes[i].next = i;
    s->nodes[i].cost = (int64_t)(hj_rand(&r) % 1000);
  }
  /* Sattolo: a uniformly random permutation with a single cycle. */
  for (uint64_t i = MCF_NODES - 1; i > 0; i--) {
    uint64_t j = hj_rand(&r) % i;
    uint64_t t = s->nodes[i].next;
    s->nodes[i].next = s->nodes[j].next;
    s->nodes[j].next = t;
  }
  s->at = 0;
  *state = s;
  return true;
}

static void mcf_job(void *state) {
  mcf_state *s = state;
  mcf_node *nodes = s->nodes;
  uint64_t at = s->at;
  int64_t pot = 0;
  for (uint32_t k = 0; k < MCF_STEPS; k++) {
    mcf_node *v = &nodes[at];
    pot += v->cost - (int64_t)(v->flow & 7);
    v->potential = pot;
    v->flow++;
    at = v->next;
  }
  s->at = at;
  hj_sink_u = (uint64_t)pot;
}

/* lbm (470.lbm, lattice Boltzmann): D2Q9 BGK on a periodic 1536 x 1024 lattice, the nine
 * distributions in two arrays of 113 MiB each (structure of arrays), pulled from one into
 * the other every sweep; a job is LBM_SWEEPS sweeps: bandwidth-bound streaming. */
enum { LBM_NX = 1536, LBM_NY = 1024, LBM_Q = 9, LBM_SWEEPS = 6 };
static const int lbm_cx[LBM_Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
static const int lbm_cy[LBM_Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const double lbm_w[LBM_Q] = {4.0 / 9,  1.0 / 9,  1.0 / 9,  1.0 / 9, 1.0 / 9,
                                    1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};

typedef struct lbm_state {
  double *f[2];
  int cur;
} lbm_state;

static void lbm_feq(double rho, double ux, double uy, double *feq) {
  double usq = 1.5 * (ux * ux + uy * uy);
  for (int q = 0; q < LBM_Q; q++) {
    double cu = 3.0 * (lbm_cx[q] * ux + lbm_cy[q] * uy);
    feq[q] = lbm_w[q] * rho * (1.0 + cu + 0.5 * cu * cu - usq);
  }
}

static bool lbm_setup(void **state, char *err, size_t errn) {
  size_t cells = (size_t)LBM_NX * LBM_NY;
  size_t one = cells * LBM_Q * sizeof(double);
  void *mem;
  if (!map_or_err(&mem, 2 * one + 4096, "lbm", err, errn)) {
    return false;
  }
  lbm_state *s = mem;
  s->f[0] = (double *)((char *)mem + 4096);
  s->f[1] = s->f[0] + cells * LBM_Q;
  s->cur = 0;
  uint64_t r = 0x51afd7ed558ccd1du;
  for (int y = 0; y < LBM_NY; y++) {
    /* A shear wave with a little noise. */
    double ux = 0.05 * (y < LBM_NY / 2 ? 1.0 : -1.0);
    for (int x = 0; x < LBM_NX; x++) {
      double feq[LBM_Q];
      double rho = 1.0 + 0.001 * rand_unit(&r);
      double uy = 0.001 * rand_unit(&r);
      lbm_feq(rho, ux, uy, feq);
      for (int q = 0; q < LBM_Q; q++) {
        s->f[0][(size_t)q * cells + (size_t)y * LBM_NX + x] = feq[q];
      }
    }
  }
  *state = s;
  return true;
}

static void lbm_sweep(const double *src, double *dst) {
  const size_t cells = (size_t)LBM_NX * LBM_NY;
  const double omega = 1.0 / 0.6;
  for (int y = 0; y < LBM_NY; y++) {
    size_t ys[LBM_Q];
    for (int q = 0; q < LBM_Q; q++) {
      int yy = (y - lbm_cy[q] + LBM_NY) % LBM_NY;
      ys[q] = (size_t)q * cells + (size_t)yy * LBM_NX;
    }
    for (int x = 0; x < LBM_NX; x++) {
      double fin[LBM_Q], feq[LBM_Q];
      double rho = 0, mx = 0, my = 0;
      for (int q = 0; q < LBM_Q; q++) {
        int xx = x - lbm_cx[q];
        xx = xx < 0 ? xx + LBM_NX : (xx >= LBM_NX ? xx - LBM_NX : xx);
        fin[q] = src[ys[q] + (size_t)xx];
        rho += fin[q];
        mx += lbm_cx[q] * fin[q];
        my += lbm_cy[q] * fin[q];
      }
      lbm_feq(rho, mx / rho, my / rho, feq);
      size_t c = (size_t)y * LBM_NX + x;
      for (int q = 0; q < LBM_Q; q++) {
        dst[(size_t)q * cells + c] = fin[q] - omega * (fin[q] - feq[q]);
      }
    }
  }
}

static void lbm_job(void *state) {
  lbm_state *s = state;
  for (int k = 0; k < LBM_SWEEPS; k++) {
    lbm_sweep(s->f[s->cur], s->f[1 - s->cur]);
    s->cur = 1 - s->cur;
  }
  hj_sink_f = s->f[s->cur][12345];
}

/* The calibration probe (hetero_host.c's hh_calibrate and hh_system_sample): a short job
 * that feels both kinds of pressure: it streams reads over 64 MiB (four passes: DRAM
 * bandwidth) and chases a random cycle over 8 MiB (fits an LLC alone: LLC capacity and
 * latency). */
enum { PROBE_STREAM = 64u << 20, PROBE_PASSES = 4, PROBE_CHASE = 1u << 20,
       PROBE_STEPS = 1u << 19 };

typedef struct probe_state {
  uint64_t *stream;
  uint64_t *chase;
  uint64_t at;
} probe_state;

static bool probe_setup(void **state, char *err, size_t errn) {
  void *mem;
  if (!map_or_err(&mem, PROBE_STREAM + PROBE_CHASE * sizeof(uint64_t) + 4096, "probe", err,
                  errn)) {
    return false;
  }
  probe_state *s = mem;
  s->stream = (uint64_t *)((char *)mem + 4096);
  s->chase = s->stream + PROBE_STREAM / sizeof(uint64_t);
  uint64_t r = 0x6a09e667f3bcc909u;
  for (size_t i = 0; i < PROBE_STREAM / sizeof(uint64_t); i++) {
    s->stream[i] = hj_rand(&r);
  }
  for (uint64_t i = 0; i < PROBE_CHASE; i++) {
    s->chase[i] = i;
  }
  for (uint64_t i = PROBE_CHASE - 1; i > 0; i--) {
    uint64_t j = hj_rand(&r) % i;
    uint64_t t = s->chase[i];
    s->chase[i] = s->chase[j];
    s->chase[j] = t;
  }
  s->at = 0;
  *state = s;
  return true;
}

static void probe_job(void *state) {
  probe_state *s = state;
  uint64_t sum = 0;
  for (int p = 0; p < PROBE_PASSES; p++) {
    const uint64_t *v = s->stream;
    for (size_t i = 0; i < PROBE_STREAM / sizeof(uint64_t); i++) {
      sum += v[i];
    }
  }
  uint64_t at = s->at;
  for (uint32_t k = 0; k < PROBE_STEPS; k++) {
    at = s->chase[at];
  }
  s->at = at;
  hj_sink_u = sum + at;
}

static const hj_kernel hj_kernels[] = {
    {"calculix", cx_setup, cx_job},
    {"mcf", mcf_setup, mcf_job},
    {"lbm", lbm_setup, lbm_job},
    {"probe", probe_setup, probe_job},
};

const hj_kernel *hj_kernel_find(const char *name) {
  for (size_t i = 0; i < sizeof hj_kernels / sizeof hj_kernels[0]; i++) {
    if (strcmp(hj_kernels[i].name, name) == 0) {
      return &hj_kernels[i];
    }
  }
  return NULL;
}

/* ---- Generated inputs ---------------------------------------------------------------- */

/* A word list of 4096 made-up words built from syllables, and a log-uniform choice among
 * them (a few words are very common, most are rare, as in prose). */
enum { HJ_WORDS = 4096 };

typedef struct hj_lexicon {
  char words[HJ_WORDS][16];
} hj_lexicon;

static void lexicon_build(hj_lexicon *lx) {
  static const char *const on[] = {"b",  "c",  "d",  "f",  "g",  "h",  "j",  "k",
                                   "l",  "m",  "n",  "p",  "r",  "s",  "t",  "v",
                                   "w",  "st", "tr", "pl", "ch", "sh", "th", "gr"};
  static const char *const nu[] = {"a", "e", "i", "o", "u", "ea", "ou", "ai"};
  static const char *const co[] = {"", "", "n", "r", "s", "t", "l", "nd", "st", "ck"};
  uint64_t r = 0x3c6ef372fe94f82bu;
  for (int i = 0; i < HJ_WORDS; i++) {
    char *w = lx->words[i];
    w[0] = '\0';
    int syl = 1 + (int)(hj_rand(&r) % 3) + (i > 256 ? 1 : 0);
    for (int k = 0; k < syl && strlen(w) < 10; k++) {
      strcat(w, on[hj_rand(&r) % (sizeof on / sizeof on[0])]);
      strcat(w, nu[hj_rand(&r) % (sizeof nu / sizeof nu[0])]);
      if (k == syl - 1 || hj_rand(&r) % 4 == 0) {
        strcat(w, co[hj_rand(&r) % (sizeof co / sizeof co[0])]);
      }
    }
  }
}

static const char *lexicon_pick(const hj_lexicon *lx, uint64_t *r) {
  uint64_t v = hj_rand(r);
  unsigned bits = 1 + (unsigned)(v % 12); /* 1..12: 2..4096 words */
  return lx->words[(v >> 8) & ((1u << bits) - 1)];
}

/* A growing string. */
typedef struct hj_buf {
  char *p;
  size_t len, cap;
  bool failed;
} hj_buf;

static void buf_add(hj_buf *b, const char *s, size_t n) {
  if (b->failed) {
    return;
  }
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (b->len + n + 1 > cap) {
      cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (p == NULL) {
      b->failed = true;
      return;
    }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

static void buf_str(hj_buf *b, const char *s) { buf_add(b, s, strlen(s)); }

/* One sentence: 4-16 words, the first capitalised, commas now and then, and every so often
 * a number, a date, an amount, a time or an e-mail address (what the perl job's regexes
 * look for). */
static void sentence(hj_buf *b, const hj_lexicon *lx, uint64_t *r) {
  int n = 4 + (int)(hj_rand(r) % 13);
  char tok[96];
  for (int i = 0; i < n; i++) {
    uint64_t v = hj_rand(r);
    unsigned kind = (unsigned)(v % 64);
    if (kind == 0) {
      snprintf(tok, sizeof tok, "%u", (unsigned)((v >> 8) % 100000));
    } else if (kind == 1) {
      snprintf(tok, sizeof tok, "%04u-%02u-%02u", 1990 + (unsigned)((v >> 8) % 35),
               1 + (unsigned)((v >> 16) % 12), 1 + (unsigned)((v >> 24) % 28));
    } else if (kind == 2) {
      snprintf(tok, sizeof tok, "$%u.%02u", (unsigned)((v >> 8) % 5000),
               (unsigned)((v >> 24) % 100));
    } else if (kind == 3) {
      snprintf(tok, sizeof tok, "%02u:%02u", (unsigned)((v >> 8) % 24),
               (unsigned)((v >> 16) % 60));
    } else if (kind == 4) {
      static const char *const tld[] = {"org", "com", "net"};
      /* One pick per statement: the order of a call's arguments is unspecified. */
      const char *user = lexicon_pick(lx, r);
      const char *dot = lexicon_pick(lx, r);
      const char *host = lexicon_pick(lx, r);
      snprintf(tok, sizeof tok, "%s.%s@%s.%s", user, dot, host, tld[(v >> 8) % 3]);
    } else {
      snprintf(tok, sizeof tok, "%s", lexicon_pick(lx, r));
    }
    if (i == 0 && tok[0] >= 'a' && tok[0] <= 'z') {
      tok[0] = (char)(tok[0] - 'a' + 'A');
    }
    if (i > 0) {
      buf_str(b, " ");
    }
    buf_str(b, tok);
    if (i < n - 1 && hj_rand(r) % 9 == 0) {
      buf_str(b, ",");
    }
  }
  static const char *const end[] = {".", ".", ".", ".", "?", "!"};
  buf_str(b, end[hj_rand(r) % 6]);
}

/* Writes b to path through path.tmp.PID and rename. */
static bool write_atomic(const char *path, const hj_buf *b, char *err, size_t errn) {
  if (b->failed) {
    snprintf(err, errn, "%s: out of memory generating it", path);
    return false;
  }
  char tmp[4096];
  int k = snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  if (k < 0 || (size_t)k >= sizeof tmp) {
    snprintf(err, errn, "%s: path too long", path);
    return false;
  }
  FILE *f = fopen(tmp, "wb");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot create: %s", tmp, strerror(errno));
    return false;
  }
  bool ok = fwrite(b->p, 1, b->len, f) == b->len;
  int e = errno;
  if (fclose(f) != 0 && ok) {
    ok = false;
    e = errno;
  }
  if (!ok) {
    snprintf(err, errn, "%s: cannot write: %s", tmp, strerror(e));
    unlink(tmp);
    return false;
  }
  if (rename(tmp, path) != 0) {
    snprintf(err, errn, "%s: cannot rename to %s: %s", tmp, path, strerror(errno));
    unlink(tmp);
    return false;
  }
  return true;
}

bool hj_text_file(const char *path, size_t bytes, uint64_t seed, char *err, size_t errn) {
  hj_lexicon *lx = malloc(sizeof *lx);
  if (lx == NULL) {
    snprintf(err, errn, "%s: out of memory generating it", path);
    return false;
  }
  lexicon_build(lx);
  uint64_t r = seed ? seed : 1;
  hj_buf b = {0};
  hj_buf para = {0};
  while (b.len < bytes && !b.failed && !para.failed) {
    /* A paragraph of 2-9 sentences, wrapped at 72 columns. */
    para.len = 0;
    int ns = 2 + (int)(hj_rand(&r) % 8);
    for (int i = 0; i < ns; i++) {
      if (i > 0) {
        buf_str(&para, " ");
      }
      sentence(&para, lx, &r);
    }
    if (para.failed) {
      break;
    }
    size_t col = 0, start = 0;
    for (size_t i = 0; i <= para.len; i++) {
      if (i == para.len || para.p[i] == ' ') {
        size_t wl = i - start;
        if (col > 0 && col + 1 + wl > 72) {
          buf_str(&b, "\n");
          col = 0;
        } else if (col > 0) {
          buf_str(&b, " ");
          col++;
        }
        buf_add(&b, para.p + start, wl);
        col += wl;
        start = i + 1;
      }
    }
    buf_str(&b, "\n\n");
  }
  free(para.p);
  free(lx);
  bool ok = write_atomic(path, &b, err, errn);
  free(b.p);
  return ok;
}

bool hj_xml_file(const char *path, unsigned items, uint64_t seed, char *err, size_t errn) {
  hj_lexicon *lx = malloc(sizeof *lx);
  if (lx == NULL) {
    snprintf(err, errn, "%s: out of memory generating it", path);
    return false;
  }
  lexicon_build(lx);
  static const char *const regions[] = {"north", "south", "east", "west", "centre"};
  uint64_t r = seed ? seed : 1;
  hj_buf b = {0};
  char line[256];
  buf_str(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog>\n");
  for (unsigned i = 0; i < items && !b.failed; i++) {
    uint64_t v = hj_rand(&r);
    snprintf(line, sizeof line, "  <item id=\"i%06u\" category=\"c%02u\" region=\"%s\">\n", i,
             (unsigned)(v % 40), regions[(v >> 8) % 5]);
    buf_str(&b, line);
    const char *first = lexicon_pick(lx, &r);
    const char *second = lexicon_pick(lx, &r);
    snprintf(line, sizeof line, "    <name>%s %s</name>\n", first, second);
    buf_str(&b, line);
    snprintf(line, sizeof line, "    <price>%u.%02u</price>\n    <qty>%u</qty>\n",
             (unsigned)((v >> 16) % 900) + 1, (unsigned)((v >> 32) % 100),
             (unsigned)((v >> 40) % 50));
    buf_str(&b, line);
    buf_str(&b, "    <tags>");
    int nt = 1 + (int)((v >> 48) % 4);
    for (int t = 0; t < nt; t++) {
      snprintf(line, sizeof line, "<tag>%s</tag>", lx->words[hj_rand(&r) % 64]);
      buf_str(&b, line);
    }
    buf_str(&b, "</tags>\n    <desc>");
    sentence(&b, lx, &r);
    buf_str(&b, "</desc>\n  </item>\n");
  }
  buf_str(&b, "</catalog>\n");
  free(lx);
  bool ok = write_atomic(path, &b, err, errn);
  free(b.p);
  return ok;
}
