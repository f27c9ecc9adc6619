/* Shared helpers for the functional regression generators: see func_common.h. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "func_common.h"

#include <errno.h>
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>

#ifndef FUNC_SRC_DIR
#define FUNC_SRC_DIR "."
#endif

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("func generator: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

/* ---- PRNG ------------------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void fc_rng_seed(fc_rng *r, uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t fc_rng_u64(fc_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t fc_rng_u32(fc_rng *r) { return (uint32_t)(fc_rng_u64(r) >> 32); }

uint32_t fc_rng_below(fc_rng *r, uint32_t n) {
  /* Rejection sampling: unbiased and deterministic. */
  uint64_t limit = (UINT64_C(1) << 32) - ((UINT64_C(1) << 32) % n);
  for (;;) {
    uint64_t x = fc_rng_u32(r);
    if (x < limit) return (uint32_t)(x % n);
  }
}

int64_t fc_rng_range(fc_rng *r, int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
  if (span == 0) return (int64_t)fc_rng_u64(r);
  uint64_t limit = UINT64_MAX - (UINT64_MAX % span);
  for (;;) {
    uint64_t x = fc_rng_u64(r);
    if (x < limit) return (int64_t)((uint64_t)lo + x % span);
  }
}

double fc_rng_unit(fc_rng *r) { return (double)(fc_rng_u64(r) >> 11) * 0x1p-53; }

uint32_t fc_rng_u32_shr(fc_rng *r) {
  uint32_t x = fc_rng_u32(r);
  return x >> fc_rng_below(r, 32);
}

uint64_t fc_rng_u64_shr(fc_rng *r) {
  uint64_t x = fc_rng_u64(r);
  return x >> fc_rng_below(r, 64);
}

/* ---- IEEE helpers ------------------------------------------------------------------------------ */

void fc_set_round(int mode) {
  static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  if (mode < 0 || mode > 3 || fesetround(modes[mode]) != 0) die("fesetround(%d) failed", mode);
}

void fc_restore_round(void) { fesetround(FE_TONEAREST); }

int fc_f32_is_nan(uint32_t u) { return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu); }
int fc_f32_is_sub(uint32_t u) { return (u & 0x7f800000u) == 0 && (u & 0x7fffffu); }
int fc_f64_is_nan(uint64_t u) {
  return (u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (u & 0xfffffffffffffull);
}
int fc_f64_is_sub(uint64_t u) {
  return (u & 0x7ff0000000000000ull) == 0 && (u & 0xfffffffffffffull);
}
uint32_t fc_f32_ftz(uint32_t u) { return fc_f32_is_sub(u) ? (u & 0x80000000u) : u; }

double fc_round_integral(double x, int mode) {
  if (isnan(x) || isinf(x)) return x;
  double r;
  switch (mode) {
  case FC_RZ: r = trunc(x); break;
  case FC_RM: r = floor(x); break;
  case FC_RP: r = ceil(x); break;
  default: {
    /* Ties to even, integer-exact: x - floor(x) is exact for every double. */
    double f = floor(x), d = x - f;
    if (d > 0.5)
      r = f + 1.0;
    else if (d < 0.5)
      r = f;
    else
      r = (fmod(f, 2.0) == 0.0) ? f : f + 1.0;
    break;
  }
  }
  return copysign(r, x); /* keeps -0.0 for results of zero from negative inputs */
}

static int msb64(uint64_t x) {
  int p = -1;
  while (x) {
    p++;
    x >>= 1;
  }
  return p;
}

double fc_u64_to_fp(uint64_t mag, int neg, int mbits, int mode) {
  if (mag == 0) return neg ? -0.0 : 0.0;
  int p = msb64(mag);
  uint64_t ip = mag;
  int shift = 0;
  if (p > mbits) {
    shift = p - mbits;
    ip = mag >> shift;
    uint64_t rem = mag & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    int up = 0;
    switch (mode) {
    case FC_RN: up = rem > half || (rem == half && (ip & 1)); break;
    case FC_RZ: up = 0; break;
    case FC_RM: up = neg && rem != 0; break;
    case FC_RP: up = !neg && rem != 0; break;
    }
    ip += (uint64_t)up;
  }
  double v = ldexp((double)ip, shift);
  return neg ? -v : v;
}

uint32_t fc_round_small_fp(double x, int ebits, int mbits, int mode) {
  uint32_t sign = signbit(x) ? 1u : 0u;
  uint32_t sbit = sign << (ebits + mbits);
  int bias = (1 << (ebits - 1)) - 1;
  uint32_t expall = (1u << ebits) - 1;
  uint32_t inf = expall << mbits;
  uint32_t maxfin = ((expall - 1) << mbits) | ((1u << mbits) - 1);
  double a = fabs(x);
  if (isinf(a)) return sbit | inf;
  if (a == 0.0) return sbit;
  int ex;
  (void)frexp(a, &ex); /* a = m * 2^ex, m in [0.5, 1) */
  int e = ex - 1;
  int emin = 1 - bias;
  if (e < emin) e = emin;
  double n = ldexp(a, mbits - e); /* exact: scaling by a power of two */
  double ip = floor(n), frac = n - ip;
  int up = 0;
  switch (mode) {
  case FC_RN: up = frac > 0.5 || (frac == 0.5 && fmod(ip, 2.0) != 0.0); break;
  case FC_RZ: up = 0; break;
  case FC_RM: up = sign && frac > 0.0; break;
  case FC_RP: up = !sign && frac > 0.0; break;
  }
  ip += up;
  if (ip >= ldexp(1.0, mbits + 1)) { /* carry into the next binade */
    ip = ldexp(ip, -1);
    e += 1;
  }
  uint32_t mant;
  uint32_t bexp;
  if (ip < ldexp(1.0, mbits)) { /* subnormal (only when e == emin) */
    bexp = 0;
    mant = (uint32_t)ip;
  } else {
    bexp = (uint32_t)(e + bias);
    mant = (uint32_t)(ip - ldexp(1.0, mbits));
  }
  if (bexp >= expall) { /* overflow */
    int to_inf = mode == FC_RN || (mode == FC_RM && sign) || (mode == FC_RP && !sign);
    return sbit | (to_inf ? inf : maxfin);
  }
  return sbit | (bexp << mbits) | mant;
}

static uint64_t key32(uint32_t u) {
  uint64_t m = u & 0x7fffffffu;
  return (u & 0x80000000u) ? (UINT64_C(1) << 32) - m : (UINT64_C(1) << 32) + m;
}
static uint64_t key64(uint64_t u) {
  uint64_t m = u & 0x7fffffffffffffffull;
  return (u >> 63) ? (UINT64_C(1) << 63) - m : (UINT64_C(1) << 63) + m;
}
uint64_t fc_ulp_dist32(uint32_t a, uint32_t b) {
  uint64_t x = key32(a), y = key32(b);
  return x > y ? x - y : y - x;
}
uint64_t fc_ulp_dist64(uint64_t a, uint64_t b) {
  uint64_t x = key64(a), y = key64(b);
  return x > y ? x - y : y - x;
}

const uint32_t fc_f32_specials[] = {
    0x00000000u, 0x80000000u, /* +-0 */
    0x00000001u, 0x80000001u, /* +-smallest subnormal */
    0x007fffffu, 0x807fffffu, /* +-largest subnormal */
    0x00400000u, 0x80000003u, /* subnormals */
    0x00800000u, 0x80800000u, /* +-FLT_MIN */
    0x3f800000u, 0xbf800000u, /* +-1 */
    0x3f000000u, 0xbf000000u, /* +-0.5 */
    0x3fc00000u, 0xbfc00000u, /* +-1.5 */
    0x40000000u, 0xc0400000u, /* 2, -3 */
    0x40200000u, 0xc0200000u, /* +-2.5 */
    0x3f7fffffu, 0x3f800001u, /* largest below 1, 1 + ulp */
    0x33800000u, 0x33000000u, /* 2^-24, 2^-25 (half ulp of 1 and below) */
    0x4b000000u, 0x4b000001u, /* 2^23, 2^23 + 1 */
    0x4effffffu, 0x4f000000u, /* just below 2^31, 2^31 */
    0xcf000000u, 0x5f800000u, /* -2^31, 2^64 */
    0x7f7fffffu, 0xff7fffffu, /* +-FLT_MAX */
    0x7f800000u, 0xff800000u, /* +-inf */
    0x7fc00000u, 0xffc00000u, /* quiet NaNs */
    0x7fc12345u, 0x7f800001u, /* quiet NaN with payload, signalling NaN */
    0xff812345u, 0x7fffffffu, /* negative signalling NaN with payload, canonical NaN */
    0x40490fdbu, 0xc2c80000u, /* pi, -100 */
    0x3eaaaaabu, 0x42f6e979u, /* 1/3, 123.456 */
};
const size_t fc_n_f32_specials = sizeof fc_f32_specials / sizeof fc_f32_specials[0];

const uint64_t fc_f64_specials[] = {
    0x0000000000000000ull, 0x8000000000000000ull, /* +-0 */
    0x0000000000000001ull, 0x8000000000000001ull, /* +-smallest subnormal */
    0x000fffffffffffffull, 0x800fffffffffffffull, /* +-largest subnormal */
    0x0010000000000000ull, 0x8010000000000000ull, /* +-DBL_MIN */
    0x3ff0000000000000ull, 0xbff0000000000000ull, /* +-1 */
    0x3fe0000000000000ull, 0xbfe0000000000000ull, /* +-0.5 */
    0x3ff8000000000000ull, 0xbff8000000000000ull, /* +-1.5 */
    0x4000000000000000ull, 0xc008000000000000ull, /* 2, -3 */
    0x4004000000000000ull, 0xc004000000000000ull, /* +-2.5 */
    0x3fefffffffffffffull, 0x3ff0000000000001ull, /* largest below 1, 1 + ulp */
    0x3ca0000000000000ull, 0x3c90000000000000ull, /* 2^-53, 2^-54 */
    0x4330000000000000ull, 0x4330000000000001ull, /* 2^52, 2^52 + 1 */
    0x41dfffffffc00000ull, 0x41e0000000000000ull, /* 2^31 - 1, 2^31 */
    0xc1e0000000000000ull, 0x43e0000000000000ull, /* -2^31, 2^63 */
    0x43f0000000000000ull, 0xc3e0000000000000ull, /* 2^64, -2^63 */
    0x7fefffffffffffffull, 0xffefffffffffffffull, /* +-DBL_MAX */
    0x7ff0000000000000ull, 0xfff0000000000000ull, /* +-inf */
    0x7ff8000000000000ull, 0xfff8000000000000ull, /* quiet NaNs */
    0x7ff8000000012345ull, 0x7ff0000000000001ull, /* quiet NaN with payload, signalling NaN */
    0xfff00000000abcdeull, 0x7fffffffffffffffull, /* negative sNaN with payload, all-ones NaN */
    0x400921fb54442d18ull, 0x47efffffe0000000ull, /* pi, FLT_MAX as double */
    0x36a0000000000000ull, 0x3fd5555555555555ull, /* FLT_TRUE_MIN as double, 1/3 */
};
const size_t fc_n_f64_specials = sizeof fc_f64_specials / sizeof fc_f64_specials[0];

uint32_t fc_rand_f32(fc_rng *r) {
  uint32_t sign = fc_rng_u32(r) & 0x80000000u;
  switch (fc_rng_below(r, 10)) {
  case 0: return fc_f32_specials[fc_rng_below(r, (uint32_t)fc_n_f32_specials)];
  case 1: { /* a special value nudged by a few ulps */
    uint32_t base = fc_f32_specials[fc_rng_below(r, (uint32_t)fc_n_f32_specials)];
    return base + (uint32_t)fc_rng_range(r, -2, 2);
  }
  case 2: return fc_rng_u32(r); /* any encoding */
  case 3: return sign | fc_rng_below(r, 0x00800000u); /* subnormal */
  case 4: /* small integers and halves */
    return fc_f2u((float)fc_rng_range(r, -64, 64) * 0.5f);
  default: { /* moderate magnitudes: exponent in [-30, 30] */
    uint32_t e = (uint32_t)(127 + fc_rng_range(r, -30, 30));
    return sign | (e << 23) | (fc_rng_u32(r) & 0x7fffffu);
  }
  }
}

uint64_t fc_rand_f64(fc_rng *r) {
  uint64_t sign = fc_rng_u64(r) & 0x8000000000000000ull;
  switch (fc_rng_below(r, 10)) {
  case 0: return fc_f64_specials[fc_rng_below(r, (uint32_t)fc_n_f64_specials)];
  case 1: {
    uint64_t base = fc_f64_specials[fc_rng_below(r, (uint32_t)fc_n_f64_specials)];
    return base + (uint64_t)fc_rng_range(r, -2, 2);
  }
  case 2: return fc_rng_u64(r);
  case 3: return sign | (fc_rng_u64(r) & 0xfffffffffffffull);
  case 4: return fc_d2u((double)fc_rng_range(r, -64, 64) * 0.5);
  default: {
    uint64_t e = (uint64_t)(1023 + fc_rng_range(r, -60, 60));
    return sign | (e << 52) | (fc_rng_u64(r) & 0xfffffffffffffull);
  }
  }
}

void fc_check_row(const void *end, const void *base, size_t elem, size_t k, const char *what) {
  size_t got = (size_t)((const char *)end - (const char *)base);
  if (got != k * elem) die("%s: reference row has %zu elements, layout says %zu", what, got / elem, k);
}

/* ---- memory --------------------------------------------------------------------------------- */

/* Every fc_alloc block lives until the generator exits; they are all freed
 * then, so leak checkers see a clean exit. */
static void **fc_blocks;
static size_t fc_nblocks, fc_capblocks;

static void fc_free_all(void) {
  for (size_t i = 0; i < fc_nblocks; i++) free(fc_blocks[i]);
  free(fc_blocks);
  fc_blocks = NULL;
  fc_nblocks = fc_capblocks = 0;
}

/* Frees a block now: fc_alloc's blocks are tracked, others freed plainly. */
static void fc_release(void *p) {
  for (size_t i = fc_nblocks; i-- > 0;) {
    if (fc_blocks[i] == p) {
      fc_blocks[i] = fc_blocks[--fc_nblocks];
      break;
    }
  }
  free(p);
}

void *fc_alloc(size_t bytes) {
  if (fc_nblocks == fc_capblocks) {
    size_t cap = fc_capblocks ? 2 * fc_capblocks : 64;
    void **nb = realloc(fc_blocks, cap * sizeof *nb);
    if (!nb) die("out of memory (%zu block pointers)", cap);
    if (!fc_blocks) atexit(fc_free_all);
    fc_blocks = nb;
    fc_capblocks = cap;
  }
  void *p = calloc(1, bytes ? bytes : 1);
  if (!p) die("out of memory (%zu bytes)", bytes);
  fc_blocks[fc_nblocks++] = p;
  return p;
}

/* ---- workload writer ------------------------------------------------------------------------ */

typedef struct {
  char *s;
  size_t len, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    size_t room = b->cap - b->len;
    va_start(ap, fmt);
    int n = vsnprintf(b->s ? b->s + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0) die("vsnprintf failed");
    if ((size_t)n < room) {
      b->len += (size_t)n;
      return;
    }
    size_t ncap = b->cap ? b->cap * 2 : 4096;
    while (ncap - b->len <= (size_t)n) ncap *= 2;
    char *ns = realloc(b->s, ncap);
    if (!ns) die("out of memory");
    b->s = ns;
    b->cap = ncap;
  }
}

#define FC_MAX_BUFS 64
struct fc_wl {
  const char *outdir;
  const char *ptxdir;
  const char *group;
  sbuf bufs, launches;
  char *names[FC_MAX_BUFS];
  size_t sizes[FC_MAX_BUFS];
  int nbufs;
  int nlaunch;
  int nparams; /* params of the current launch */
  int in_launch;
};

static void write_file(const fc_wl *w, const char *file, const void *data, size_t bytes) {
  size_t plen = strlen(w->outdir) + strlen(file) + 2;
  char *path = fc_alloc(plen);
  snprintf(path, plen, "%s/%s", w->outdir, file);
  FILE *f = fopen(path, "wb");
  if (!f) die("cannot write %s: %s", path, strerror(errno));
  if (bytes && fwrite(data, 1, bytes, f) != bytes) die("short write to %s", path);
  if (fclose(f) != 0) die("cannot close %s", path);
  fc_release(path);
}

fc_wl *fc_wl_begin(int argc, char **argv, const char *group) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s OUTDIR [PTXDIR]\n  writes OUTDIR/%s.yaml, inputs and expected "
                    "outputs; PTXDIR holds %s.ptx (default %s/%s)\n",
            argc > 0 ? argv[0] : "gen", group, group, FUNC_SRC_DIR, group);
    exit(2);
  }
  fc_wl *w = fc_alloc(sizeof *w);
  w->outdir = argv[1];
  w->group = group;
  if (argc == 3) {
    /* the yaml names the PTX by an absolute path: it is read relative to the yaml's folder */
    char *abs = realpath(argv[2], NULL);
    if (!abs) die("PTX folder %s: %s", argv[2], strerror(errno));
    size_t n = strlen(abs) + 1;
    char *p = fc_alloc(n);
    memcpy(p, abs, n);
    free(abs);
    w->ptxdir = p;
  } else {
    size_t n = strlen(FUNC_SRC_DIR) + strlen(group) + 2;
    char *p = fc_alloc(n);
    snprintf(p, n, "%s/%s", FUNC_SRC_DIR, group);
    w->ptxdir = p;
  }
  { /* mkdir -p */
    size_t n = strlen(w->outdir);
    char *p = fc_alloc(n + 1);
    memcpy(p, w->outdir, n + 1);
    for (size_t k = 1; k <= n; k++) {
      if (p[k] != '/' && p[k] != 0) continue;
      char c = p[k];
      p[k] = 0;
      if (mkdir(p, 0777) != 0 && errno != EEXIST) die("cannot create %s: %s", p, strerror(errno));
      p[k] = c;
    }
    fc_release(p);
  }
  return w;
}

static void check_name(fc_wl *w, const char *name, size_t bytes) {
  if (w->in_launch || w->nlaunch) die("buffer %s declared after a launch", name);
  if (w->nbufs == FC_MAX_BUFS) die("too many buffers");
  if (!name[0]) die("empty buffer name");
  for (const char *c = name; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
      die("buffer name %s: use [a-z0-9_]", name);
  for (int i = 0; i < w->nbufs; i++)
    if (strcmp(w->names[i], name) == 0) die("duplicate buffer %s", name);
  if (bytes == 0) die("buffer %s has no bytes", name);
  size_t n = strlen(name) + 1;
  w->names[w->nbufs] = fc_alloc(n);
  memcpy(w->names[w->nbufs], name, n);
  w->sizes[w->nbufs] = bytes;
  w->nbufs++;
}

static char *fname(const char *name, const char *suffix) {
  size_t n = strlen(name) + strlen(suffix) + 1;
  char *p = fc_alloc(n);
  snprintf(p, n, "%s%s", name, suffix);
  return p;
}

void fc_buf_in(fc_wl *w, const char *name, const void *data, size_t bytes) {
  check_name(w, name, bytes);
  char *f = fname(name, ".bin");
  write_file(w, f, data, bytes);
  sb_printf(&w->bufs, "  %s: {bytes: %zu, init: %s}\n", name, bytes, f);
  fc_release(f);
}

void fc_buf_zero(fc_wl *w, const char *name, size_t bytes) {
  check_name(w, name, bytes);
  sb_printf(&w->bufs, "  %s: {bytes: %zu, init: zero}\n", name, bytes);
}

static void buf_out(fc_wl *w, const char *name, size_t bytes, const void *init,
                    const void *expect, const char *type, unsigned ulp) {
  check_name(w, name, bytes);
  if (!expect) die("output %s needs expected data", name);
  char *fi = fname(name, ".init.bin"), *fo = fname(name, ".bin"),
       *fe = fname(name, ".expected.bin");
  sb_printf(&w->bufs, "  %s: {bytes: %zu, init: ", name, bytes);
  if (init) {
    write_file(w, fi, init, bytes);
    sb_printf(&w->bufs, "%s", fi);
  } else {
    sb_printf(&w->bufs, "zero");
  }
  write_file(w, fe, expect, bytes);
  sb_printf(&w->bufs, ", output: %s, expect: %s", fo, fe);
  if (type) {
    size_t esz = strcmp(type, "f32") == 0 ? 4 : strcmp(type, "f64") == 0 ? 8 : 0;
    if (!esz) die("compare type %s: use f32 or f64", type);
    if (bytes % esz) die("buffer %s: %zu bytes is not a whole number of %s", name, bytes, type);
    sb_printf(&w->bufs, ", compare: {type: %s, ulp: %u}", type, ulp);
  }
  sb_printf(&w->bufs, "}\n");
  fc_release(fi);
  fc_release(fo);
  fc_release(fe);
}

void fc_buf_out(fc_wl *w, const char *name, size_t bytes, const void *init, const void *expect) {
  buf_out(w, name, bytes, init, expect, NULL, 0);
}

void fc_buf_out_ulp(fc_wl *w, const char *name, size_t bytes, const void *init,
                    const void *expect, const char *type, unsigned ulp) {
  buf_out(w, name, bytes, init, expect, type, ulp);
}

static void end_launch(fc_wl *w) {
  if (w->in_launch) sb_printf(&w->launches, "]\n");
  w->in_launch = 0;
}

void fc_launch(fc_wl *w, const char *entry, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
               unsigned by, unsigned bz, unsigned shared_bytes) {
  end_launch(w);
  if (!gx || !gy || !gz || !bx || !by || !bz) die("launch %s: zero dimension", entry);
  if ((uint64_t)bx * by * bz > 1024) die("launch %s: block over 1024 threads", entry);
  sb_printf(&w->launches,
            "  - entry: %s\n    grid: [%u, %u, %u]\n    block: [%u, %u, %u]\n"
            "    shared_bytes: %u\n    params: [",
            entry, gx, gy, gz, bx, by, bz, shared_bytes);
  w->in_launch = 1;
  w->nlaunch++;
  w->nparams = 0;
}

static void param(fc_wl *w, const char *fmt, ...) {
  if (!w->in_launch) die("parameter outside a launch");
  if (w->nparams++) sb_printf(&w->launches, ", ");
  char tmp[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  sb_printf(&w->launches, "{%s}", tmp);
}

void fc_p_buf(fc_wl *w, const char *name, uint64_t offset) {
  int i;
  for (i = 0; i < w->nbufs; i++)
    if (strcmp(w->names[i], name) == 0) break;
  if (i == w->nbufs) die("parameter names unknown buffer %s", name);
  if (offset > w->sizes[i]) die("offset %" PRIu64 " past buffer %s", offset, name);
  if (offset)
    param(w, "buffer: %s, offset: %" PRIu64, name, offset);
  else
    param(w, "buffer: %s", name);
}
void fc_p_u8(fc_wl *w, uint8_t v) { param(w, "u8: %u", (unsigned)v); }
void fc_p_s8(fc_wl *w, int8_t v) { param(w, "s8: %d", (int)v); }
void fc_p_u16(fc_wl *w, uint16_t v) { param(w, "u16: %u", (unsigned)v); }
void fc_p_s16(fc_wl *w, int16_t v) { param(w, "s16: %d", (int)v); }
void fc_p_u32(fc_wl *w, uint32_t v) { param(w, "u32: %" PRIu32, v); }
void fc_p_s32(fc_wl *w, int32_t v) { param(w, "s32: %" PRId32, v); }
void fc_p_u64(fc_wl *w, uint64_t v) { param(w, "u64: %" PRIu64, v); }
void fc_p_s64(fc_wl *w, int64_t v) { param(w, "s64: %" PRId64, v); }
void fc_p_b32(fc_wl *w, uint32_t v) { param(w, "b32: 0x%08" PRIx32, v); }
void fc_p_b64(fc_wl *w, uint64_t v) { param(w, "b64: 0x%016" PRIx64, v); }
void fc_p_f32(fc_wl *w, float v) { param(w, "f32: {bits: 0x%08" PRIx32 "}", fc_f2u(v)); }
void fc_p_f64(fc_wl *w, double v) { param(w, "f64: {bits: 0x%016" PRIx64 "}", fc_d2u(v)); }

int fc_wl_end(fc_wl *w) {
  end_launch(w);
  if (!w->nlaunch) die("no launches");
  {
    size_t n = strlen(w->ptxdir) + strlen(w->group) + 6;
    char *p = fc_alloc(n);
    snprintf(p, n, "%s/%s.ptx", w->ptxdir, w->group);
    FILE *f = fopen(p, "r");
    if (!f) die("%s: %s", p, strerror(errno));
    fclose(f);
    fc_release(p);
  }
  sbuf y = {0};
  sb_printf(&y,
            "# simtref functional regression '%s', written by gen_%s (tests/func/%s).\n"
            "# Generated: do not edit. Expected outputs come from the generator's CPU reference.\n"
            "ptx: %s/%s.ptx\n",
            w->group, w->group, w->group, w->ptxdir, w->group);
  sb_printf(&y, "buffers:\n%s", w->bufs.s ? w->bufs.s : "");
  sb_printf(&y, "launches:\n%s", w->launches.s ? w->launches.s : "");
  char *f = fname(w->group, ".yaml");
  write_file(w, f, y.s, y.len);
  printf("gen_%s: wrote %s/%s (%d buffers, %d launches)\n", w->group, w->outdir, f, w->nbufs,
         w->nlaunch);
  fc_release(f);
  free(y.s);
  free(w->bufs.s);
  free(w->launches.s);
  for (int i = 0; i < w->nbufs; i++) fc_release(w->names[i]);
  fc_release(w);
  return 0;
}
