/* Unit instances (uinst.h): storage, reset, evaluation with an optional RTL
 * twin, the clock edge and the generic I/O trace. */
#include "units/uinst.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Storage of one instance, each part aligned for any field type. */
static size_t round16(size_t n) { return (n + 15) & ~(size_t)15; }

st_status st_uinst_create(const st_unit *u, const st_config *cfg, uint32_t sm, uint32_t index,
                          st_uinst **out, st_error *err) {
  const st_unit_desc *d = u->desc;
  size_t sizes[8] = {round16(sizeof(st_uinst)), round16(d->params_size), round16(d->state_size),
                     round16(d->in_size),       round16(d->out_size),    round16(d->out_size),
                     round16(u->priv_size),     round16(d->state_size)};
  size_t total = 0;
  for (int i = 0; i < 8; i++) {
    total += sizes[i];
  }
  total += (size_t)u->n_counters * sizeof(uint64_t);
  unsigned char *m = aligned_alloc(16, round16(total));
  if (m == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory creating unit %s", d->name);
  }
  memset(m, 0, round16(total));
  st_uinst *x = (st_uinst *)(void *)m;
  size_t o = sizes[0];
  x->p = m + o;
  o += sizes[1];
  x->s = m + o;
  o += sizes[2];
  x->in = m + o;
  o += sizes[3];
  x->out = m + o;
  o += sizes[4];
  x->c_out = m + o;
  o += sizes[5];
  x->priv = m + o;
  o += sizes[6];
  x->s_prev = m + o;
  o += sizes[7];
  x->ctr = (uint64_t *)(void *)(m + o);
  x->unit = u;
  x->desc = d;
  x->sm = sm;
  x->index = index;
  if (sm == UINT32_MAX) {
    snprintf(x->name, sizeof x->name, "%s", d->name); /* one per GPU */
  } else if (st_unit_instances(u, cfg) > 1) {
    snprintf(x->name, sizeof x->name, "sm%u.%s%u", sm, st_role_name(u->role), index);
  } else if (u->role == ST_ROLE_SM_CTRL) {
    snprintf(x->name, sizeof x->name, "sm%u.%s", sm, d->name);
  } else {
    snprintf(x->name, sizeof x->name, "sm%u.%s", sm, st_role_name(u->role));
  }
  d->config_params(cfg, x->p);
  d->reset(x->p, x->s);
  *out = x;
  return ST_OK;
}

void st_uinst_destroy(st_uinst *u) {
  if (u == NULL) {
    return;
  }
  if (u->chk != NULL) {
    u->prov->destroy(u->chk);
  }
  free(u);
}

void st_uinst_reset(st_uinst *u) {
  u->desc->reset(u->p, u->s);
  if (u->chk != NULL) {
    u->prov->reset(u->chk);
  }
}

/* Writes the fields of a struct as CSV fields (arrays as their elements
 * separated by spaces). */
static void trace_fields(FILE *f, const st_ufield *fl, unsigned n, const void *base) {
  for (unsigned i = 0; i < n; i++) {
    fputc(',', f);
    for (unsigned k = 0; k < fl[i].count; k++) {
      fprintf(f, k ? " %" PRIu64 : "%" PRIu64, st_ufield_get(&fl[i], base, k));
    }
  }
}

void st_uinst_trace_header(const st_unit_desc *d, const void *params, FILE *f) {
  st_ulayout l;
  d->layout(params, &l);
  fprintf(f, "cycle,instance");
  for (unsigned i = 0; i < l.n_in; i++) {
    fprintf(f, ",in.%s", l.in[i].name);
  }
  for (unsigned i = 0; i < l.n_out; i++) {
    fprintf(f, ",out.%s", l.out[i].name);
  }
  for (unsigned i = 0; i < l.n_state; i++) {
    fprintf(f, ",state.%s", l.state[i].name);
  }
  fputc('\n', f);
}

static void trace_eval(st_uinst *u, uint64_t now) {
  st_ulayout l;
  u->desc->layout(u->p, &l);
  fprintf(u->trace, "%" PRIu64 ",%s", now, u->name);
  trace_fields(u->trace, l.in, l.n_in, u->in);
  trace_fields(u->trace, l.out, l.n_out, u->out);
  trace_fields(u->trace, l.state, l.n_state, u->s);
  fputc('\n', u->trace);
}

st_status st_uinst_eval(st_uinst *u, uint64_t now, st_error *err) {
  st_status rc = ST_OK;
  if (u->chk == NULL) {
    u->desc->eval(u->p, u->s, u->in, u->out);
  } else {
    u->desc->eval(u->p, u->s, u->in, u->c_out);
    rc = u->prov->eval(u->chk, now, u->in, u->s, u->c_out, u->out, err);
  }
  if (u->trace != NULL) {
    trace_eval(u, now);
  }
  return rc;
}

void st_uinst_tick(st_uinst *u) {
  u->desc->tick(u->p, u->s, u->in, u->chk != NULL ? u->c_out : u->out);
  if (u->chk != NULL) {
    u->prov->tick(u->chk);
  }
  u->tb_launch = 0;
}

st_status st_uinst_attach(st_uinst *u, const st_cosim_provider *prov, const char *fault,
                          bool drives, const st_config *cfg, st_error *err) {
  st_status rc = prov->attach(prov->ctx, u->desc, u->p, u->name, fault, drives, cfg, &u->chk, err);
  if (rc != ST_OK) {
    u->chk = NULL;
    return rc;
  }
  u->prov = prov;
  /* The twin starts from reset, like the C model did. */
  u->desc->reset(u->p, u->s);
  prov->reset(u->chk);
  return ST_OK;
}
