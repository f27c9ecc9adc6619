/* The unit registry (registry.h): the list of units (registry.def), the
 * roles, selection by configuration, and the checks of the entries. */
#include "units/registry.h"

#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "config/options.h"

#define ST_UNIT(U) extern const st_unit U##_unit;
#include "units/registry.def"
#undef ST_UNIT

static const st_unit *const registry[] = {
#define ST_UNIT(U) &U##_unit,
#include "units/registry.def"
#undef ST_UNIT
};

#define N_UNITS (sizeof registry / sizeof registry[0])

const st_unit *st_unit_get(size_t i) { return i < N_UNITS ? registry[i] : NULL; }

size_t st_unit_count(void) { return N_UNITS; }

const st_unit *st_unit_by_name(const char *name) {
  for (size_t i = 0; i < N_UNITS; i++) {
    if (strcmp(registry[i]->desc->name, name) == 0) {
      return registry[i];
    }
  }
  return NULL;
}

const st_unit_desc *st_unit_find(const char *name) {
  const st_unit *u = st_unit_by_name(name);
  return u != NULL ? u->desc : NULL;
}

const st_unit_desc *st_unit_at(size_t i) { return i < N_UNITS ? registry[i]->desc : NULL; }

size_t st_unit_ctr_offset(const st_unit *u) {
  size_t o = 0;
  for (size_t i = 0; i < N_UNITS && registry[i] != u; i++) {
    o += registry[i]->n_counters;
  }
  return o;
}

size_t st_unit_ctr_total(void) {
  size_t o = 0;
  for (size_t i = 0; i < N_UNITS; i++) {
    o += registry[i]->n_counters;
  }
  return o;
}

/* ---- roles ----------------------------------------------------------------- */

typedef struct role_info {
  const char *name;
  const char *title;
  st_unit_scope scope;
  bool exactly_one;
  bool hosted;
} role_info;

static const role_info roles[ST_ROLE_COUNT] = {
    [ST_ROLE_WARP_ISSUE] = {"wsched", "issue scheduler (one per warp scheduler)", ST_USCOPE_SCHED,
                            true, true},
    [ST_ROLE_FETCH] = {"fetch", "fetch arbiter (one per SM)", ST_USCOPE_SM, true, true},
    [ST_ROLE_SM_CTRL] = {"smctl", "SM controller (one per SM)", ST_USCOPE_SM, false, true},
    [ST_ROLE_L1D_POLICY] = {"l1d", "L1D policy (one per L1 data cache)", ST_USCOPE_L1D, false,
                            true},
    [ST_ROLE_L2_POLICY] = {"l2", "L2 policy (one per L2 slice)", ST_USCOPE_L2, false, false},
    [ST_ROLE_TB_SCHED] = {"tbsched", "thread-block scheduler (one per GPU)", ST_USCOPE_GPU, false,
                          true},
    [ST_ROLE_CLOCK_CTRL] = {"clock", "per-SM clock controller (one per SM)", ST_USCOPE_SM, false,
                            false},
    [ST_ROLE_GPU] = {"gpu", "GPU-level unit (one per GPU)", ST_USCOPE_GPU, false, true},
};

const char *st_role_name(st_role r) { return r < ST_ROLE_COUNT ? roles[r].name : "?"; }
const char *st_role_title(st_role r) { return r < ST_ROLE_COUNT ? roles[r].title : "?"; }
st_unit_scope st_role_scope(st_role r) { return r < ST_ROLE_COUNT ? roles[r].scope : ST_USCOPE_GPU; }
bool st_role_exactly_one(st_role r) { return r < ST_ROLE_COUNT && roles[r].exactly_one; }
bool st_role_hosted(st_role r) { return r < ST_ROLE_COUNT && roles[r].hosted; }

unsigned st_unit_instances(const st_unit *u, const st_config *cfg) {
  switch (st_role_scope(u->role)) {
  case ST_USCOPE_SCHED: {
    int64_t n = cfg->sm.num_schedulers;
    return (unsigned)(n < 1 ? 1 : n > ST_U_MAX_SCHED ? ST_U_MAX_SCHED : n);
  }
  case ST_USCOPE_L2: return (unsigned)(cfg->dram.channels * cfg->dram.subpartitions);
  default: return 1;
  }
}

/* ---- selection --------------------------------------------------------------- */

/* Walks the clauses of a select string: for each "KEY=V1|V2", calls fn with
 * the key and the value list (not terminated); stops when fn returns true
 * (and returns true). */
typedef bool (*clause_fn)(void *ctx, const char *key, size_t key_len, const char *vals,
                          size_t vals_len);

static bool each_clause(const char *sel, clause_fn fn, void *ctx) {
  const char *p = sel;
  while (*p != '\0') {
    while (*p == ' ' || *p == ';') {
      p++;
    }
    if (*p == '\0') {
      break;
    }
    size_t len = strcspn(p, ";");
    const char *eq = memchr(p, '=', len);
    size_t klen = eq != NULL ? (size_t)(eq - p) : len;
    const char *vals = eq != NULL ? eq + 1 : p + len;
    size_t vlen = eq != NULL ? len - klen - 1 : 0;
    while (vlen > 0 && vals[vlen - 1] == ' ') {
      vlen--;
    }
    if (fn(ctx, p, klen, vals, vlen)) {
      return true;
    }
    p += len;
  }
  return false;
}

/* True if word (length n) is one of the '|'-separated values. */
static bool in_values(const char *word, size_t n, const char *vals, size_t vlen) {
  const char *p = vals, *end = vals + vlen;
  while (p < end) {
    const char *bar = memchr(p, '|', (size_t)(end - p));
    size_t len = bar != NULL ? (size_t)(bar - p) : (size_t)(end - p);
    if (len == n && memcmp(p, word, n) == 0) {
      return true;
    }
    p += len + (bar != NULL);
  }
  return false;
}

static const st_option *option_n(const char *key, size_t len) {
  char k[128];
  if (len >= sizeof k) {
    return NULL;
  }
  memcpy(k, key, len);
  k[len] = '\0';
  return st_option_find(k);
}

static bool clause_holds(void *ctx, const char *key, size_t klen, const char *vals,
                         size_t vlen) {
  const st_config *cfg = ctx;
  const st_option *opt = option_n(key, klen);
  if (opt == NULL) {
    return false;
  }
  char v[128];
  st_option_format(opt, cfg, v, sizeof v);
  return in_values(v, strlen(v), vals, vlen);
}

bool st_unit_selected(const st_unit *u, const st_config *cfg) {
  return each_clause(u->select, clause_holds, (void *)(uintptr_t)cfg);
}

bool st_unit_config_rtl_params(const st_unit *u, const st_config *cfg, char *buf, size_t size) {
  alignas(max_align_t) unsigned char p[4096];
  if (u->desc->params_size > sizeof p) {
    return false;
  }
  memset(p, 0, sizeof p);
  u->desc->config_params(cfg, p);
  return st_unit_rtl_params(u->desc, p, buf, size);
}

typedef struct keys_ctx {
  const char **keys;
  size_t n, max;
} keys_ctx;

static bool collect_key(void *ctx, const char *key, size_t klen, const char *vals, size_t vlen) {
  (void)vals;
  (void)vlen;
  keys_ctx *k = ctx;
  const st_option *opt = option_n(key, klen);
  if (opt == NULL) {
    return false;
  }
  for (size_t i = 0; i < k->n; i++) {
    if (k->keys[i] == opt->key) {
      return false;
    }
  }
  if (k->n < k->max) {
    k->keys[k->n++] = opt->key;
  }
  return false;
}

size_t st_registry_select_keys(const char **keys, size_t max) {
  keys_ctx k = {keys, 0, max};
  for (size_t i = 0; i < N_UNITS; i++) {
    each_clause(registry[i]->select, collect_key, &k);
  }
  return k.n;
}

/* ---- checks of the entries ----------------------------------------------------- */

typedef struct check_ctx {
  const st_unit *u;
  char *why;
  size_t why_size;
  bool bad;
  /* the single clause of an exactly-one role's unit */
  const st_option *opt;
  const char *vals;
  size_t vlen;
  unsigned clauses;
} check_ctx;

static bool check_clause(void *ctx, const char *key, size_t klen, const char *vals, size_t vlen) {
  check_ctx *c = ctx;
  c->clauses++;
  const st_option *opt = option_n(key, klen);
  if (opt == NULL || (opt->type != ST_OPT_ENUM && opt->type != ST_OPT_BOOL)) {
    snprintf(c->why, c->why_size, "unit %s: select names '%.*s', not an enum or bool option",
             c->u->desc->name, (int)klen, key);
    c->bad = true;
    return true;
  }
  const char *p = vals, *end = vals + vlen;
  if (vlen == 0) {
    snprintf(c->why, c->why_size, "unit %s: select '%.*s' has no value", c->u->desc->name,
             (int)klen, key);
    c->bad = true;
    return true;
  }
  while (p < end) {
    const char *bar = memchr(p, '|', (size_t)(end - p));
    size_t len = bar != NULL ? (size_t)(bar - p) : (size_t)(end - p);
    bool ok = false;
    if (opt->type == ST_OPT_BOOL) {
      ok = (len == 4 && memcmp(p, "true", 4) == 0) || (len == 5 && memcmp(p, "false", 5) == 0);
    } else {
      for (size_t i = 0; opt->names[i] != NULL && !ok; i++) {
        ok = strlen(opt->names[i]) == len && memcmp(opt->names[i], p, len) == 0;
      }
    }
    if (!ok) {
      snprintf(c->why, c->why_size, "unit %s: '%.*s' is not a value of %s", c->u->desc->name,
               (int)len, p, opt->key);
      c->bad = true;
      return true;
    }
    p += len + (bar != NULL);
  }
  c->opt = opt;
  c->vals = vals;
  c->vlen = vlen;
  return false;
}

bool st_registry_check_list(const st_unit *const *list, size_t n, char *why, size_t why_size) {
  for (size_t i = 0; i < n; i++) {
    const st_unit *u = list[i];
    check_ctx c = {.u = u, .why = why, .why_size = why_size};
    if (u->desc == NULL || u->select == NULL || u->ops == NULL || u->role >= ST_ROLE_COUNT) {
      snprintf(why, why_size, "registry entry %zu is incomplete", i);
      return false;
    }
    for (size_t k = 0; k < i; k++) {
      if (strcmp(list[k]->desc->name, u->desc->name) == 0) {
        snprintf(why, why_size, "unit %s is registered twice", u->desc->name);
        return false;
      }
    }
    if (!st_role_hosted(u->role)) {
      snprintf(why, why_size, "unit %s: role %s has no host in this model yet", u->desc->name,
               st_role_name(u->role));
      return false;
    }
    if (strlen(u->desc->name) >= 24) {
      snprintf(why, why_size, "unit %s: name longer than 23 characters", u->desc->name);
      return false;
    }
    if (u->desc->n_params == 0 || u->desc->n_params > ST_UNIT_MAX_FIELDS) {
      snprintf(why, why_size, "unit %s: %u RTL parameters", u->desc->name, u->desc->n_params);
      return false;
    }
    each_clause(u->select, check_clause, &c);
    if (c.bad) {
      return false;
    }
    if (c.clauses == 0) {
      snprintf(why, why_size, "unit %s: select is empty", u->desc->name);
      return false;
    }
    if (st_role_exactly_one(u->role) && c.clauses != 1) {
      snprintf(why, why_size, "unit %s: a %s unit is selected by one key", u->desc->name,
               st_role_name(u->role));
      return false;
    }
  }
  size_t counters = 0;
  for (size_t i = 0; i < n; i++) {
    counters += list[i]->n_counters;
  }
  if (counters > ST_UNIT_CTR_MAX) {
    snprintf(why, why_size, "the units have %zu statistics counters, more than %d", counters,
             ST_UNIT_CTR_MAX);
    return false;
  }
  /* Every value of an exactly-one role's key selects one unit of the role. */
  for (int r = 0; r < ST_ROLE_COUNT; r++) {
    if (!st_role_exactly_one((st_role)r)) {
      continue;
    }
    const st_option *opt = NULL;
    for (size_t i = 0; i < n; i++) {
      if (list[i]->role != (st_role)r) {
        continue;
      }
      check_ctx c = {.u = list[i], .why = why, .why_size = why_size};
      each_clause(list[i]->select, check_clause, &c);
      if (opt != NULL && c.opt != opt) {
        snprintf(why, why_size, "the %s units are selected by different keys (%s, %s)",
                 st_role_name((st_role)r), opt->key, c.opt->key);
        return false;
      }
      opt = c.opt;
    }
    if (opt == NULL) {
      snprintf(why, why_size, "no unit plays the role %s", st_role_name((st_role)r));
      return false;
    }
    for (size_t v = 0; opt->names[v] != NULL; v++) {
      unsigned hits = 0;
      for (size_t i = 0; i < n; i++) {
        if (list[i]->role != (st_role)r) {
          continue;
        }
        check_ctx c = {.u = list[i], .why = why, .why_size = why_size};
        each_clause(list[i]->select, check_clause, &c);
        hits += in_values(opt->names[v], strlen(opt->names[v]), c.vals, c.vlen);
      }
      if (hits != 1) {
        snprintf(why, why_size, "%s: %s selects %u %s units (one expected)", opt->key,
                 opt->names[v], hits, st_role_name((st_role)r));
        return false;
      }
    }
  }
  return true;
}

bool st_registry_check(char *why, size_t why_size) {
  return st_registry_check_list(registry, N_UNITS, why, why_size);
}

/* ---- unit lists (--cosim, --rtl-drives, --trace) ------------------------------ */

bool st_unit_list_each(const char *list,
                       bool (*fn)(void *ctx, const char *name, size_t name_len,
                                  const char *fault, size_t fault_len),
                       void *ctx) {
  const char *p = list;
  while (*p != '\0') {
    size_t len = strcspn(p, ",");
    const char *colon = memchr(p, ':', len);
    size_t nlen = colon != NULL ? (size_t)(colon - p) : len;
    if (len > 0 && !fn(ctx, p, nlen, colon != NULL ? colon + 1 : NULL,
                       colon != NULL ? len - nlen - 1 : 0)) {
      return false;
    }
    p += len;
    if (*p == ',') {
      p++;
    }
  }
  return true;
}

static bool eqn(const char *s, size_t len, const char *word) {
  return strlen(word) == len && memcmp(s, word, len) == 0;
}

bool st_unit_list_names(const st_unit *u, const char *name, size_t len) {
  return eqn(name, len, "all") || eqn(name, len, st_role_name(u->role)) ||
         eqn(name, len, u->desc->name);
}
