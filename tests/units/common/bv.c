/* A unit under test, C model and optional RTL twin: see bv.h. */
#include "bv.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "params.h"

static void report(bv_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(bv_env *e, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (e->fail != NULL) {
    e->fail(e->ctx, msg);
  }
}

bool bv_check(bv_env *e, const char *file, int line, bool cond, const char *what,
              const char *fmt, ...) {
  e->checks++;
  if (cond) {
    return true;
  }
  char detail[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  const char *base = strrchr(file, '/');
  e->failures++;
  report(e, "%s:%d: expected %s: %s", base ? base + 1 : file, line, what, detail);
  return false;
}

bv_unit *bv_open(bv_env *e, const st_unit_desc *d, const void *params) {
  bv_unit *u = NULL;
  for (unsigned i = 0; i < BV_MAX_UNITS; i++) {
    if (!e->units[i].open) {
      u = &e->units[i];
      break;
    }
  }
  if (u == NULL || d->params_size > BV_MAX_BYTES || d->state_size > BV_MAX_BYTES ||
      d->in_size > BV_MAX_BYTES || d->out_size > BV_MAX_BYTES) {
    e->failures++;
    report(e, "bench: cannot open %s (too many units, or a struct too large)", d->name);
    return NULL;
  }
  memset(u, 0, sizeof *u);
  u->env = e;
  u->desc = d;
  memcpy(u->p, params, d->params_size);
  d->layout(u->p, &u->l);
  st_unit_rtl_params(d, u->p, u->rtl_params, sizeof u->rtl_params);
  if (e->find_rtl != NULL) {
    const char *mutant = e->mutant != NULL ? e->mutant : "";
    u->rtl = e->find_rtl(e->ctx, d->name, u->rtl_params, mutant);
    if (u->rtl == NULL) {
      e->failures++;
      report(e, "bench: no RTL build of %s with %s%s%s", d->name, u->rtl_params,
             mutant[0] ? " mutant " : "", mutant);
      return NULL;
    }
    u->m = u->rtl->create(0);
  }
  u->open = true;
  bv_reset(u);
  return u;
}

bv_unit *bv_open_set(bv_env *e, const st_unit_desc *d, const char *set, void *params_out) {
  _Alignas(8) unsigned char p[BV_MAX_BYTES];
  char why[256];
  if (d->params_size > sizeof p || !ut_params_of(d, set, p, why, sizeof why)) {
    if (d->params_size > sizeof p) {
      snprintf(why, sizeof why, "%s: parameters too large", d->name);
    }
    e->failures++;
    report(e, "bench: %s", why);
    return NULL;
  }
  if (params_out != NULL) {
    memcpy(params_out, p, d->params_size);
  }
  return bv_open(e, d, p);
}

void bv_close(bv_unit *u) {
  if (u == NULL || !u->open) {
    return;
  }
  if (u->m != NULL) {
    u->rtl->destroy(u->m);
  }
  u->m = NULL;
  u->open = false;
}

void bv_close_all(bv_env *e) {
  for (unsigned i = 0; i < BV_MAX_UNITS; i++) {
    bv_close(&e->units[i]);
  }
}

void bv_reset(bv_unit *u) {
  u->desc->reset(u->p, u->s);
  if (u->m != NULL) {
    u->rtl->reset(u->m);
  }
  u->cycle = 0;
}

/* Appends the fields' values to buf ("name=v,v,..; "). */
static size_t fmt_fields(const st_ufield *f, unsigned n, const void *base, char *buf,
                         size_t size, size_t o) {
  for (unsigned i = 0; i < n && o + 1 < size; i++) {
    int w = snprintf(buf + o, size - o, "%s%s=", i ? " " : "", f[i].name);
    o += w > 0 ? (size_t)w : 0;
    for (unsigned k = 0; k < f[i].count && o + 1 < size; k++) {
      w = snprintf(buf + o, size - o, "%s%" PRIu64, k ? "," : "", st_ufield_get(&f[i], base, k));
      o += w > 0 ? (size_t)w : 0;
    }
  }
  return o < size ? o : size - 1;
}

/* Compares field list f of C struct a and RTL struct b; reports the first
 * difference. Returns true when equal. */
static bool compare(bv_unit *u, const char *kind, const st_ufield *f, unsigned n, const void *a,
                    const void *b) {
  for (unsigned i = 0; i < n; i++) {
    for (unsigned k = 0; k < f[i].count; k++) {
      uint64_t c = st_ufield_get(&f[i], a, k), r = st_ufield_get(&f[i], b, k);
      if (c != r) {
        char inputs[700];
        size_t o = fmt_fields(u->l.in, u->l.n_in, u->in, inputs, sizeof inputs, 0);
        (void)o;
        u->env->mismatches++;
        report(u->env,
               "MISMATCH %s%s%s cycle %" PRIu64 " %s %s[%u]: C %" PRIu64 ", RTL %" PRIu64
               "; inputs: %s",
               u->desc->name, u->env->mutant && u->env->mutant[0] ? " mutant " : "",
               u->env->mutant ? u->env->mutant : "", u->cycle, kind, f[i].name, k, c, r, inputs);
        return false;
      }
    }
  }
  return true;
}

const void *bv_eval(bv_unit *u, const void *in) {
  memcpy(u->in, in, u->desc->in_size);
  u->desc->eval(u->p, u->s, u->in, u->out);
  if (u->m == NULL) {
    return u->out;
  }
  memcpy(u->rout, u->out, u->desc->out_size);
  u->rtl->eval(u->m, &u->l, u->in, u->rout);
  memcpy(u->rs, u->s, u->desc->state_size);
  u->rtl->read_state(u->m, &u->l, u->rs);
  bv_env *e = u->env;
  if (!(e->stop_on_mismatch && e->mismatches > 0)) {
    e->compares++;
    if (compare(u, "output", u->l.out, u->l.n_out, u->out, u->rout)) {
      compare(u, "register", u->l.state, u->l.n_state, u->s, u->rs);
    }
  }
  return u->rout;
}

void bv_tick(bv_unit *u) {
  u->desc->tick(u->p, u->s, u->in, u->out);
  if (u->m != NULL) {
    u->rtl->tick(u->m);
  }
  u->cycle++;
}

const void *bv_step(bv_unit *u, const void *in) {
  const void *out = bv_eval(u, in);
  bv_tick(u);
  return out;
}

const void *bv_state(const bv_unit *u) { return u->s; }

const void *bv_c_out(const bv_unit *u) { return u->out; }

unsigned bv_run_vector(bv_env *e, const bv_vector *v) {
  unsigned before = e->failures + e->mismatches;
  v->run(e);
  bv_close_all(e);
  return e->failures + e->mismatches - before;
}

void bv_expect_reset_zero(bv_env *e, bv_unit *u) {
  for (unsigned i = 0; i < u->l.n_state; i++) {
    const st_ufield *f = &u->l.state[i];
    for (unsigned k = 0; k < f->count; k++) {
      uint64_t v = st_ufield_get(f, bv_state(u), k);
      bv_check(e, __FILE__, __LINE__, v == 0, "reset value 0", "%s %s[%u] = %" PRIu64,
               u->desc->name, f->name, k, v);
    }
  }
}

void bv_expect_order(bv_env *e, const char *file, int line, const char *what,
                     const uint8_t *got, unsigned n, const uint8_t *want, unsigned wn) {
  char g[200] = "", w[200] = "";
  size_t og = 0, ow = 0;
  for (unsigned i = 0; i < n && og + 8 < sizeof g; i++) {
    og += (size_t)snprintf(g + og, sizeof g - og, "%sw%u", i ? "," : "", got[i]);
  }
  for (unsigned i = 0; i < wn && ow + 8 < sizeof w; i++) {
    ow += (size_t)snprintf(w + ow, sizeof w - ow, "%sw%u", i ? "," : "", want[i]);
  }
  bv_check(e, file, line, n == wn && memcmp(got, want, n) == 0, what, "order %s, want %s", g, w);
}

void bv_set_bits(uint8_t *a, const uint8_t *idx, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    a[idx[i]] = 1;
  }
}
