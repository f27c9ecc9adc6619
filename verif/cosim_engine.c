/* The lock-step co-simulation engine (docs/cosim.md).
 *
 * For every unit instance with co-simulation on, the SM calls eval with the
 * inputs it gave the C model and the C model's outputs and state; the
 * engine drives the Verilated twin with the same inputs, compares every
 * output field and every register with the C model's, and either stops at
 * the first difference or hands back the outputs the model goes on with
 * (the RTL's in rtl_drives mode). It keeps the last `cosim.window` steps
 * (inputs and the RTL's registers before each) so that, on a mismatch, a
 * fresh traced instance is loaded with the registers at the start of the
 * window (a backdoor write) and replays the window into an FST waveform. */
#include "cosim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtl_model.h"

struct st_cosim_check {
  const st_unit_desc *desc;
  const st_rtl_build *build;
  st_rtl_model *m;
  st_ulayout l;
  unsigned char params[256];
  char instance[32];
  char *trace_dir;            /* cosim.trace_dir (a copy, any length) */
  bool rtl_drives;
  unsigned slots;             /* window + 1 */
  unsigned char *ring_in;     /* per step since reset: the inputs of its last eval */
  unsigned char *ring_state;  /* the RTL's registers before it */
  uint64_t *ring_cycle;
  uint64_t steps;             /* clock edges since reset */
  unsigned char *rout, *rstate;
  /* The previous step: when a step's inputs and registers equal it, the RTL
   * (a deterministic function of them) would give the same outputs and keep
   * its registers, so it is not evaluated again (see eval). */
  unsigned char *prev_in, *prev_state;
  bool prev_valid, skip_edge;
  uint64_t prev_step;         /* the step the previous evaluation belonged to */
  uint64_t evals, reused;
};

size_t st_cosim_format(const st_ufield *fields, unsigned n, const void *base, const char *indent,
                       char *buf, size_t size) {
  size_t o = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < n && o + 1 < size; i++) {
    const st_ufield *f = &fields[i];
    int w = snprintf(buf + o, size - o, "%s%s", indent, f->name);
    o += w > 0 ? (size_t)w : 0;
    if (f->count > 1 && o + 1 < size) {
      w = snprintf(buf + o, size - o, "[0..%u]", f->count - 1);
      o += w > 0 ? (size_t)w : 0;
    }
    if (o + 1 < size) {
      w = snprintf(buf + o, size - o, " =");
      o += w > 0 ? (size_t)w : 0;
    }
    for (unsigned k = 0; k < f->count && o + 1 < size; k++) {
      w = snprintf(buf + o, size - o, " %" PRIu64, st_ufield_get(f, base, k));
      o += w > 0 ? (size_t)w : 0;
    }
    if (o + 1 < size) {
      w = snprintf(buf + o, size - o, "\n");
      o += w > 0 ? (size_t)w : 0;
    }
  }
  return o < size ? o : size - 1;
}

static st_status attach(void *ctx, const st_unit_desc *desc, const void *params,
                        const char *instance, const char *mutant, bool rtl_drives,
                        const st_config *cfg, st_cosim_check **out, st_error *err) {
  (void)ctx;
  char pstr[256];
  st_unit_rtl_params(desc, params, pstr, sizeof pstr);
  const st_rtl_build *b = st_rtl_find(desc->name, pstr, mutant != NULL ? mutant : "");
  if (b == NULL) {
    size_t n = 0;
    const st_rtl_build *const *all = st_rtl_builds(&n);
    char have[600] = "";
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < sizeof have; i++) {
      if (strcmp(all[i]->unit, desc->name) == 0) {
        int w = snprintf(have + o, sizeof have - o, "\n  %s%s%s", all[i]->params,
                         all[i]->mutant[0] ? " mutant " : "", all[i]->mutant);
        o += w > 0 ? (size_t)w : 0;
      }
    }
    return st_error_set(err, ST_ERR_UNSUPPORTED,
                        "co-simulation of %s: no RTL build of %s with %s%s%s (add the "
                        "configuration to SIMTREF_RTL_TARGETS, or the unit to SIMTREF_RTL_UNITS "
                        "where that is set, docs/cosim.md); builds of %s:%s",
                        instance, desc->name, pstr, mutant ? " mutant " : "", mutant ? mutant : "",
                        desc->name, o ? have : " none");
  }
  st_cosim_check *c = calloc(1, sizeof *c);
  if (c == NULL || desc->params_size > sizeof c->params) {
    free(c);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  c->desc = desc;
  c->build = b;
  memcpy(c->params, params, desc->params_size);
  desc->layout(c->params, &c->l);
  snprintf(c->instance, sizeof c->instance, "%s", instance);
  c->trace_dir = strdup(cfg->cosim.trace_dir);
  c->rtl_drives = rtl_drives;
  c->slots = (unsigned)cfg->cosim.window + 1;
  c->ring_in = calloc(c->slots, desc->in_size);
  c->ring_state = calloc(c->slots, desc->state_size);
  c->ring_cycle = calloc(c->slots, sizeof *c->ring_cycle);
  c->rout = calloc(1, desc->out_size);
  c->rstate = calloc(1, desc->state_size);
  c->prev_in = calloc(1, desc->in_size);
  c->prev_state = calloc(1, desc->state_size);
  c->m = b->create(0);
  if (c->ring_in == NULL || c->ring_state == NULL || c->ring_cycle == NULL || c->rout == NULL ||
      c->rstate == NULL || c->prev_in == NULL || c->prev_state == NULL || c->m == NULL ||
      c->trace_dir == NULL) {
    free(c->trace_dir);
    free(c->prev_in);
    free(c->prev_state);
    free(c->ring_in);
    free(c->ring_state);
    free(c->ring_cycle);
    free(c->rout);
    free(c->rstate);
    if (c->m != NULL) {
      b->destroy(c->m);
    }
    free(c);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  *out = c;
  return ST_OK;
}

static void reset(st_cosim_check *c) {
  c->build->reset(c->m);
  c->steps = 0;
  c->prev_valid = false;
  c->skip_edge = false;
}

static void tick(st_cosim_check *c) {
  if (!c->skip_edge) {
    c->build->tick(c->m);
  }
  c->steps++;
}

static void destroy(st_cosim_check *c) {
  c->build->destroy(c->m);
  free(c->ring_in);
  free(c->ring_state);
  free(c->ring_cycle);
  free(c->rout);
  free(c->rstate);
  free(c->prev_in);
  free(c->prev_state);
  free(c->trace_dir);
  free(c);
}

/* A newly allocated string formatted like printf; NULL when out of memory. */
static char *fmt_alloc(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *fmt_alloc(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (s != NULL) {
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  return s;
}

/* Makes dir and its missing parents (errors show when the files are written). */
static void make_dirs(const char *dir) {
  char *path = strdup(dir);
  if (path == NULL) {
    return;
  }
  for (char *p = path + 1;; p++) {
    if (*p == '/' || *p == '\0') {
      char c = *p;
      *p = '\0';
      mkdir(path, 0777); /* may exist */
      *p = c;
      if (c == '\0') {
        break;
      }
    }
  }
  free(path);
}

/* Appends len bytes of src to dst (size bytes, *o used), truncating. */
static void append(char *dst, size_t size, size_t *o, const char *src, size_t len) {
  if (*o + 1 >= size) {
    return;
  }
  if (len > size - 1 - *o) {
    len = size - 1 - *o;
  }
  memcpy(dst + *o, src, len);
  *o += len;
  dst[*o] = '\0';
}

/* The first differing element of a field list over structs of size bytes,
 * or -1. Structs equal byte for byte have no differing field: the usual
 * case, where the bytes outside the fields are zero on both sides (the
 * RTL's copy is unpacked into a zeroed buffer). */
static int first_diff(const st_ufield *f, unsigned n, size_t size, const void *a, const void *b,
                      unsigned *elem) {
  if (memcmp(a, b, size) == 0) {
    return -1;
  }
  for (unsigned i = 0; i < n; i++) {
    size_t len = (size_t)f[i].count * f[i].elem_bytes;
    if (memcmp((const char *)a + f[i].offset, (const char *)b + f[i].offset, len) == 0) {
      continue; /* the usual case: equal */
    }
    for (unsigned k = 0; k < f[i].count; k++) {
      if (st_ufield_get(&f[i], a, k) != st_ufield_get(&f[i], b, k)) {
        *elem = k;
        return (int)i;
      }
    }
  }
  return -1;
}

/* Traced instances are never destroyed: with Verilator 5.006, destroying a
 * model that had an FST trace open makes the later destruction of any other
 * instance of the same build hang (a lock left taken in the shared scope
 * registry). A mismatch ends the run, so at most a few are kept, reachable
 * from here until the process exits. */
#define ST_KEPT_TRACED 16
static st_rtl_model *kept_traced[ST_KEPT_TRACED];
static unsigned n_kept_traced;

/* Replays the window before (and including) the current step into a fresh
 * traced instance. Returns the first cycle in the waveform, or UINT64_MAX if
 * no waveform could be written. */
static uint64_t write_waveform(st_cosim_check *c, const char *path) {
  uint64_t last = c->steps;
  uint64_t first = last + 1 > c->slots ? last + 1 - c->slots : 0;
  if (n_kept_traced == ST_KEPT_TRACED) {
    return UINT64_MAX;
  }
  st_rtl_model *t = c->build->create(1);
  if (t == NULL) {
    return UINT64_MAX;
  }
  kept_traced[n_kept_traced++] = t;
  if (c->build->trace_open(t, path) != 0) {
    return UINT64_MAX;
  }
  c->build->reset(t);
  if (first > 0) {
    /* backdoor: the registers as the RTL had them before step `first` */
    c->build->write_state(t, &c->l, c->ring_state + (first % c->slots) * c->desc->state_size);
  }
  unsigned char *scratch = calloc(1, c->desc->out_size);
  for (uint64_t s = first; s <= last && scratch != NULL; s++) {
    c->build->eval(t, &c->l, c->ring_in + (s % c->slots) * c->desc->in_size, scratch);
    c->build->tick(t);
  }
  free(scratch);
  c->build->trace_close(t);
  return c->ring_cycle[first % c->slots];
}

static st_status report(st_cosim_check *c, uint64_t cycle, const void *in, const void *c_state,
                        const void *c_out, bool in_state, int field, unsigned elem,
                        st_error *err) {
  const st_ufield *f = in_state ? &c->l.state[field] : &c->l.out[field];
  uint64_t want = st_ufield_get(f, in_state ? c_state : c_out, elem);
  uint64_t got = st_ufield_get(f, in_state ? c->rstate : c->rout, elem);
  make_dirs(c->trace_dir);
  char *fst = fmt_alloc("%s/cosim-%s-c%" PRIu64 ".fst", c->trace_dir, c->instance, cycle);
  char *txt = fmt_alloc("%s/cosim-%s-c%" PRIu64 ".txt", c->trace_dir, c->instance, cycle);
  if (fst == NULL || txt == NULL) {
    free(fst);
    free(txt);
    return st_error_set(err, ST_ERR_COSIM,
                        "co-simulation mismatch at core cycle %" PRIu64 " in %s (out of memory "
                        "for its report)", cycle, c->instance);
  }
  uint64_t from = write_waveform(c, fst);

  char head[700];
  char fname[64];
  if (f->count > 1) {
    snprintf(fname, sizeof fname, "%s %s[%u]", in_state ? "register" : "output", f->name, elem);
  } else {
    snprintf(fname, sizeof fname, "%s %s", in_state ? "register" : "output", f->name);
  }
  /* Where: "SM n" for an SM's instance (smN.*), "GPU" for a GPU-level one. */
  unsigned sm = 0;
  char where[24] = "GPU";
  if (sscanf(c->instance, "sm%u", &sm) == 1) {
    snprintf(where, sizeof where, "SM %u", sm);
  }
  int hn = snprintf(head, sizeof head,
                    "co-simulation mismatch at core cycle %" PRIu64 ", %s, unit %s "
                    "(instance %s, RTL %s%s%s), step %" PRIu64 " since reset: %s expected %" PRIu64
                    " (C model), actual %" PRIu64 " (RTL)",
                    cycle, where, c->desc->name, c->instance, c->build->params,
                    c->build->mutant[0] ? " mutant " : "", c->build->mutant, c->steps, fname, want,
                    got);
  (void)hn;
  char inputs[4096], cs[2048], rs[2048], co[4096], ro[4096];
  st_cosim_format(c->l.in, c->l.n_in, in, "  ", inputs, sizeof inputs);
  st_cosim_format(c->l.state, c->l.n_state, c_state, "  ", cs, sizeof cs);
  st_cosim_format(c->l.state, c->l.n_state, c->rstate, "  ", rs, sizeof rs);
  st_cosim_format(c->l.out, c->l.n_out, c_out, "  ", co, sizeof co);
  st_cosim_format(c->l.out, c->l.n_out, c->rout, "  ", ro, sizeof ro);
  char *wave = from != UINT64_MAX ? fmt_alloc("waveform: %s (core cycles %" PRIu64 "..%" PRIu64
                                               ")", fst, from, cycle)
                                   : fmt_alloc("waveform: could not write %s", fst);
  FILE *fp = fopen(txt, "w");
  if (fp != NULL) {
    fprintf(fp, "%s\n\ninputs of the cycle:\n%s\nregisters before the edge, C model:\n%s"
                "registers before the edge, RTL:\n%s\noutputs, C model:\n%soutputs, RTL:\n%s\n%s\n",
            head, inputs, cs, rs, co, ro, wave != NULL ? wave : "");
    fclose(fp);
  }
  /* The message: the headline, the inputs as far as they fit, the files. */
  char *tail = fmt_alloc("\n%s\nfull report: %s", wave != NULL ? wave : "",
                         fp != NULL ? txt : "(not written)");
  free(wave);
  free(fst);
  free(txt);
  if (tail == NULL) {
    return st_error_set(err, ST_ERR_COSIM, "%s", head);
  }
  char msg[sizeof err->msg];
  size_t o = 0;
  append(msg, sizeof msg, &o, head, strlen(head));
  append(msg, sizeof msg, &o, "\ninputs of the cycle:\n", 22);
  size_t tl = strlen(tail), il = strlen(inputs);
  if (il > 0 && inputs[il - 1] == '\n') {
    il--;
  }
  size_t avail = sizeof msg - 1 - o > tl ? sizeof msg - 1 - o - tl : 0;
  if (il > avail) {
    append(msg, sizeof msg, &o, inputs, avail > 4 ? avail - 4 : 0);
    append(msg, sizeof msg, &o, " ...", 4);
  } else {
    append(msg, sizeof msg, &o, inputs, il);
  }
  append(msg, sizeof msg, &o, tail, tl);
  free(tail);
  return st_error_set(err, ST_ERR_COSIM, "%s", msg);
}

static st_status eval(st_cosim_check *c, uint64_t cycle, const void *in, const void *c_state,
                      const void *c_out, void *out, st_error *err) {
  const st_unit_desc *d = c->desc;
  unsigned slot = (unsigned)(c->steps % c->slots);
  c->build->read_state(c->m, &c->l, c->rstate);
  memcpy(c->ring_in + (size_t)slot * d->in_size, in, d->in_size);
  memcpy(c->ring_state + (size_t)slot * d->state_size, c->rstate, d->state_size);
  c->ring_cycle[slot] = cycle;
  /* The same inputs and registers as the last evaluation: the RTL's
   * outputs are those (still in rout). If that evaluation belonged to an
   * earlier step, its edge (or the chain of identical steps since) kept the
   * registers, so f(state, in) = state and this step's edge is not needed
   * either. Otherwise evaluate. */
  c->evals++;
  if (c->prev_valid && memcmp(c->prev_state, c->rstate, d->state_size) == 0 &&
      memcmp(c->prev_in, in, d->in_size) == 0) {
    c->reused++;
    c->skip_edge = c->prev_step != c->steps;
  } else {
    c->build->eval(c->m, &c->l, in, c->rout);
    memcpy(c->prev_in, in, d->in_size);
    memcpy(c->prev_state, c->rstate, d->state_size);
    c->prev_valid = true;
    c->prev_step = c->steps;
    c->skip_edge = false;
  }
  unsigned elem = 0;
  int f = first_diff(c->l.state, c->l.n_state, d->state_size, c_state, c->rstate, &elem);
  if (f >= 0) {
    return report(c, cycle, in, c_state, c_out, true, f, elem, err);
  }
  f = first_diff(c->l.out, c->l.n_out, d->out_size, c_out, c->rout, &elem);
  if (f >= 0) {
    return report(c, cycle, in, c_state, c_out, false, f, elem, err);
  }
  memcpy(out, c->rtl_drives ? (const void *)c->rout : c_out, d->out_size);
  return ST_OK;
}

static const st_cosim_provider provider = {NULL, attach, reset, eval, tick, destroy};

const st_cosim_provider *st_verilator_provider(void) { return &provider; }
