/* The units `simtref area` synthesises and their parameters for a
 * configuration: every unit of the registry (units/registry.h), with the
 * parameters its C model takes from the configuration (the same ones the
 * co-simulation's RTL builds use, verif/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "units/registry.h"

size_t area_unit_count(void) { return st_unit_count(); }

const char *area_unit_name(size_t i) {
  const st_unit *u = st_unit_get(i);
  return u != NULL ? u->desc->name : NULL;
}

bool area_unit_known(const char *name) { return st_unit_by_name(name) != NULL; }

bool area_unit_params(const char *unit, const st_config *cfg, char *buf, size_t size) {
  const st_unit *u = st_unit_by_name(unit);
  return u != NULL && st_unit_config_rtl_params(u, cfg, buf, size);
}

size_t area_sm_units(const st_config *cfg, area_member *out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < st_unit_count() && n < max; i++) {
    const st_unit *u = st_unit_get(i);
    st_unit_scope sc = st_role_scope(u->role);
    if ((sc == ST_USCOPE_SCHED || sc == ST_USCOPE_SM || sc == ST_USCOPE_L1D) &&
        st_unit_selected(u, cfg)) {
      out[n++] = (area_member){u->desc->name, st_unit_instances(u, cfg)};
    }
  }
  return n;
}

/* The state layout of unit under the parameters text; false if either is unknown. */
static bool unit_layout(const char *unit, const char *params, st_ulayout *l) {
  const st_unit_desc *d = st_unit_find(unit);
  if (d == NULL) {
    return false;
  }
  void *p = calloc(1, d->params_size ? d->params_size : 1);
  if (p == NULL) {
    return false;
  }
  char why[160];
  bool ok = st_unit_parse_params(d, params, p, why, sizeof why);
  if (ok) {
    d->layout(p, l);
  }
  free(p);
  return ok;
}

unsigned long area_unit_state_bits(const char *unit, const char *params) {
  st_ulayout l;
  unsigned long bits = 0;
  if (!unit_layout(unit, params, &l)) {
    return 0;
  }
  for (unsigned i = 0; i < l.n_state; i++) {
    if (!l.state[i].sram) { /* a storage array is a black box for synthesis */
      bits += (unsigned long)l.state[i].bits * l.state[i].count;
    }
  }
  return bits;
}

unsigned long area_unit_table_bits(const char *unit, const char *params, char *names,
                                   size_t size) {
  if (size > 0) {
    names[0] = '\0';
  }
  st_ulayout l;
  unsigned long bits = 0;
  size_t used = 0;
  if (!unit_layout(unit, params, &l)) {
    return 0;
  }
  for (unsigned i = 0; i < l.n_state; i++) {
    unsigned long b = (unsigned long)l.state[i].bits * l.state[i].count;
    if (l.state[i].sram || l.state[i].count < 2 || b < AREA_TABLE_MIN_BITS) {
      continue;
    }
    bits += b;
    if (used < size) {
      int n = snprintf(names + used, size - used, "%s%s %ux%u", used ? ", " : "",
                       l.state[i].name, (unsigned)l.state[i].count, (unsigned)l.state[i].bits);
      used += n > 0 ? (size_t)n : 0;
    }
  }
  return bits;
}
