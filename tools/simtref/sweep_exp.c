/* Experiment files: the YAML structure (libyaml document API, so that every
 * error points at a line and column). Names are checked against the
 * workload registry and configs are loaded in sweep_exp_check.c. */
#include "sweep_exp.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "simtref/config.h"
#include "sweep_util.h"

typedef struct exp_parser {
  yaml_document_t doc;
  const char *file;
  FILE *errs;
  int nerr;
  sweep_exp *exp;
} exp_parser;

static const char *const top_keys[] = {"name",     "description", "size",     "seed",
                                       "workloads", "configs",    "overrides", "variants",
                                       "baseline", NULL};
static const char *const workload_keys[] = {"name",    "size",  "seed", "label",
                                             "variant", "input", NULL};

static void error_at(exp_parser *p, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void verror(FILE *errs, const char *file, unsigned line, unsigned col, const char *fmt,
                   va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *text = sw_alloc(n > 0 ? (size_t)n + 1 : 1);
  vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, fmt, again);
  va_end(again);
  fprintf(errs, "%s:%u:%u: error: ", file, line, col);
  /* One message a line: a name or value with a line break in it (a quoted
   * "a\nb", or plain text folded over lines) is shown escaped. */
  for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
    if (*c == '\n') {
      fputs("\\n", errs);
    } else if (*c == '\r') {
      fputs("\\r", errs);
    } else if (*c == '\t') {
      fputs("\\t", errs);
    } else if (*c < 0x20 || *c == 0x7f) {
      fprintf(errs, "\\x%02x", *c);
    } else {
      fputc(*c, errs);
    }
  }
  fputc('\n', errs);
  free(text);
}

void sweep_exp_error(FILE *errs, const char *file, unsigned line, unsigned col, const char *fmt,
                     ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(errs, file, line, col, fmt, ap);
  va_end(ap);
}

static void error_at(exp_parser *p, unsigned line, unsigned col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(p->errs, p->file, line, col, fmt, ap);
  va_end(ap);
  p->nerr++;
}

#define NODE_LINE(n) ((unsigned)(n)->start_mark.line + 1)
#define NODE_COL(n) ((unsigned)(n)->start_mark.column + 1)
#define FAIL(p, n, ...) error_at((p), NODE_LINE(n), NODE_COL(n), __VA_ARGS__)

static yaml_node_t *node(exp_parser *p, int id) { return yaml_document_get_node(&p->doc, id); }

static const char *scalar(const yaml_node_t *n) {
  return n != NULL && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A YAML null: an empty plain scalar, "~" or "null". */
static bool is_null(const yaml_node_t *n) {
  const char *s = scalar(n);
  return s != NULL && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
         (s[0] == '\0' || strcmp(s, "~") == 0 || strcmp(s, "null") == 0);
}

#define FOR_PAIRS(p, map, k_, v_)                                                           \
  for (yaml_node_pair_t *pr_##k_ = (map)->data.mapping.pairs.start;                         \
       pr_##k_ < (map)->data.mapping.pairs.top &&                                           \
       ((k_) = node(p, pr_##k_->key), (v_) = node(p, pr_##k_->value), 1);                   \
       pr_##k_++)

static void unknown_key(exp_parser *p, const yaml_node_t *k, const char *where,
                        const char *const *known) {
  const char *s = scalar(k);
  if (s == NULL) { /* a list or a mapping used as a key */
    FAIL(p, k, "a key%s must be a word, not a list or a mapping", where);
    return;
  }
  const char *hint = sw_closest(s, known);
  char list[512] = "";
  size_t used = 0;
  for (size_t i = 0; known[i] != NULL && used < sizeof list - 64; i++) {
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", known[i]);
  }
  if (hint != NULL) {
    FAIL(p, k, "unknown key '%s'%s (did you mean '%s'?)", s, where, hint);
  } else {
    FAIL(p, k, "unknown key '%s'%s (expected one of: %s)", s, where, list);
  }
}

bool sweep_label_ok(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n >= SWEEP_LABEL_MAX || s[0] == '.') {
    return false;
  }
  return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") == n;
}

/* A label (a directory name) from a scalar node. */
static bool want_label(exp_parser *p, const yaml_node_t *n, const char *what, char *out) {
  const char *s = scalar(n);
  if (s == NULL) {
    FAIL(p, n, "%s: expected a name", what);
    return false;
  }
  if (!sweep_label_ok(s)) {
    FAIL(p, n,
         "%s '%s': a name must be 1 to 63 characters of letters, digits, '_', '.', '+', '-' "
         "(and not start with '.')",
         what, s);
    return false;
  }
  snprintf(out, SWEEP_LABEL_MAX, "%s", s);
  return true;
}

static bool want_size(exp_parser *p, const yaml_node_t *n, const char **size) {
  static const char *const sizes[] = {"small", "medium", "paper"};
  const char *s = scalar(n);
  for (size_t i = 0; s != NULL && i < sizeof sizes / sizeof sizes[0]; i++) {
    if (strcmp(s, sizes[i]) == 0) {
      *size = sizes[i];
      return true;
    }
  }
  FAIL(p, n, "size: expected small, medium or paper");
  return false;
}

static bool want_seed(exp_parser *p, const yaml_node_t *n, uint64_t *seed) {
  const char *s = scalar(n);
  char *end = NULL;
  errno = 0;
  unsigned long long v = s != NULL && s[0] != '-' ? strtoull(s, &end, 0) : 0;
  if (s == NULL || s[0] == '\0' || s[0] == '-' || errno != 0 || *end != '\0') {
    FAIL(p, n, "seed: expected a non-negative integer");
    return false;
  }
  *seed = v;
  return true;
}

/* ---- overrides ---------------------------------------------------------- */

static void push_override(exp_parser *p, sweep_override **list, size_t *n, const char *key,
                          const char *value, const yaml_node_t *kn, const yaml_node_t *vn,
                          const char *where) {
  for (size_t i = 0; i < *n; i++) {
    if (strcmp((*list)[i].key, key) == 0) {
      FAIL(p, kn, "%s: key '%s' is set twice (first at line %u)", where, key, (*list)[i].line);
      return;
    }
  }
  *list = sw_grow(*list, (*n + 1) * sizeof **list);
  sweep_override *o = &(*list)[(*n)++];
  o->key = sw_strdup(key);
  o->value = sw_strdup(value);
  o->text = sw_fmt("%s=%s", key, value);
  o->line = NODE_LINE(kn);
  o->col = NODE_COL(kn);
  o->vline = NODE_LINE(vn);
  o->vcol = NODE_COL(vn);
}

/* Mappings of overrides nest at most this deep: configuration keys have at
 * most 4 components (sm.op.int_add.latency); the rest is room to spare. */
#define OVERRIDE_DEPTH_MAX 8

/* Flattens a mapping of overrides ({sm.warp_scheduler: gto} or nested
 * {sm: {warp_scheduler: gto}}) into "key=value" strings. */
static void parse_override_map(exp_parser *p, const char *prefix, yaml_node_t *map,
                               sweep_override **list, size_t *n, const char *where, int depth) {
  yaml_node_t *k, *v;
  FOR_PAIRS(p, map, k, v) {
    const char *key = scalar(k);
    if (key == NULL || key[0] == '\0') {
      FAIL(p, k, "%s: expected a configuration key", where);
      continue;
    }
    char *full = prefix[0] ? sw_fmt("%s.%s", prefix, key) : sw_strdup(key);
    if (v->type == YAML_MAPPING_NODE && depth >= OVERRIDE_DEPTH_MAX) {
      FAIL(p, v, "%s: key '%s' is nested deeper than any configuration key", where, full);
    } else if (v->type == YAML_MAPPING_NODE) {
      parse_override_map(p, full, v, list, n, where, depth + 1);
    } else if (v->type == YAML_SCALAR_NODE && !is_null(v)) {
      push_override(p, list, n, full, scalar(v), k, v, where);
    } else {
      FAIL(p, v, "%s: key '%s' needs a value", where, full);
    }
    free(full);
  }
}

/* Overrides as a mapping, or as a list of "key=value" strings (-s syntax). */
static void parse_overrides(exp_parser *p, yaml_node_t *n, sweep_override **list, size_t *count,
                            const char *where) {
  if (n->type == YAML_MAPPING_NODE) {
    parse_override_map(p, "", n, list, count, where, 1);
  } else if (n->type == YAML_SEQUENCE_NODE) {
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      yaml_node_t *item = node(p, *it);
      const char *s = scalar(item);
      const char *eq = s != NULL ? strchr(s, '=') : NULL;
      if (eq == NULL || eq == s) {
        FAIL(p, item, "%s: expected key=value", where);
        continue;
      }
      char *key = sw_fmt("%.*s", (int)(eq - s), s);
      push_override(p, list, count, key, eq + 1, item, item, where);
      free(key);
    }
  } else if (!is_null(n)) {
    FAIL(p, n, "%s: expected a mapping of configuration keys {key: value, ...}", where);
  }
}

/* ---- sections ----------------------------------------------------------- */

static void parse_workload(exp_parser *p, yaml_node_t *n, const char *size, uint64_t seed) {
  sweep_exp *e = p->exp;
  sweep_workload w;
  memset(&w, 0, sizeof w);
  w.size = size;
  w.seed = seed;
  w.line = NODE_LINE(n);
  w.col = NODE_COL(n);
  bool ok = true;
  if (n->type == YAML_SCALAR_NODE) {
    ok = want_label(p, n, "workload", w.name);
  } else if (n->type == YAML_MAPPING_NODE) {
    yaml_node_t *k, *v, *name_node = NULL;
    FOR_PAIRS(p, n, k, v) {
      const char *key = scalar(k);
      if (key != NULL && strcmp(key, "name") == 0) {
        ok = want_label(p, v, "workload", w.name) && ok;
        name_node = v;
      } else if (key != NULL && strcmp(key, "size") == 0) {
        ok = want_size(p, v, &w.size) && ok;
      } else if (key != NULL && strcmp(key, "seed") == 0) {
        ok = want_seed(p, v, &w.seed) && ok;
      } else if (key != NULL && strcmp(key, "label") == 0) {
        ok = want_label(p, v, "label", w.label) && ok;
      } else if (key != NULL && strcmp(key, "variant") == 0) {
        ok = want_label(p, v, "variant", w.variant) && ok;
      } else if (key != NULL && strcmp(key, "input") == 0) {
        ok = want_label(p, v, "input", w.input) && ok;
      } else {
        unknown_key(p, k, " in a workload", workload_keys);
        ok = false;
      }
    }
    if (name_node == NULL) {
      FAIL(p, n, "workload: needs name: (a benchmark, see simtref list)");
      ok = false;
    } else {
      w.line = NODE_LINE(name_node);
      w.col = NODE_COL(name_node);
    }
  } else {
    FAIL(p, n, "workload: expected a name or {name: N, size: small|medium|paper, seed: S, label: L, "
               "variant: V, input: I}");
    ok = false;
  }
  if (!ok) {
    return;
  }
  if (w.label[0] == '\0') {
    snprintf(w.label, sizeof w.label, "%s", w.name);
  }
  for (size_t i = 0; i < e->n_wl; i++) {
    if (strcmp(e->wl[i].label, w.label) == 0) {
      FAIL(p, n, "workload '%s' is listed twice (first at line %u; give one a label:)", w.label,
           e->wl[i].line);
      return;
    }
  }
  e->wl = sw_grow(e->wl, (e->n_wl + 1) * sizeof *e->wl);
  e->wl[e->n_wl++] = w;
}

static void parse_workloads(exp_parser *p, yaml_node_t *n, const char *size, uint64_t seed) {
  if (n->type == YAML_SEQUENCE_NODE) {
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      parse_workload(p, node(p, *it), size, seed);
    }
  } else if (n->type == YAML_SCALAR_NODE && !is_null(n)) {
    parse_workload(p, n, size, seed);
  } else {
    FAIL(p, n, "workloads: expected a list of benchmark names");
  }
}

/* The directory label of a config: NAME, or the file name without .yaml.
 * False (out empty) when it is longer than a label may be. */
static bool config_label(const char *spec, char *out) {
  const char *base = strrchr(spec, '/');
  base = base ? base + 1 : spec;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".yaml") == 0) {
    n -= 5;
  } else if (n > 4 && strcmp(base + n - 4, ".yml") == 0) {
    n -= 4;
  }
  if (n >= SWEEP_LABEL_MAX) {
    out[0] = '\0';
    return false;
  }
  memcpy(out, base, n);
  out[n] = '\0';
  return true;
}

static void parse_config(exp_parser *p, yaml_node_t *n) {
  sweep_exp *e = p->exp;
  const char *s = scalar(n);
  if (s == NULL || s[0] == '\0') {
    FAIL(p, n, "configs: expected a config name (see simtref list) or a file");
    return;
  }
  sweep_config c;
  memset(&c, 0, sizeof c);
  bool fits = config_label(s, c.label);
  c.line = NODE_LINE(n);
  c.col = NODE_COL(n);
  if (strlen(s) >= ST_PATH_MAX) {
    FAIL(p, n, "config: the path is %zu characters, longer than the limit of %d (PATH_MAX - 1)",
         strlen(s), ST_PATH_MAX - 1);
    return;
  }
  if (!fits) {
    FAIL(p, n,
         "config '%s': its name (the file name without .yaml, the name of its directory in the "
         "runs) is longer than %d characters",
         s, SWEEP_LABEL_MAX - 1);
    return;
  }
  if (!sweep_label_ok(c.label)) {
    FAIL(p, n, "config '%s': its name must be usable as a directory name", s);
    return;
  }
  for (size_t i = 0; i < e->n_cfg; i++) {
    if (strcmp(e->cfg[i].label, c.label) == 0) {
      FAIL(p, n,
           "config '%s' is listed twice (first at line %u; a config is known by its name, or "
           "by its file name without .yaml)",
           c.label, e->cfg[i].line);
      return;
    }
  }
  c.spec = sw_strdup(s);
  e->cfg = sw_grow(e->cfg, (e->n_cfg + 1) * sizeof *e->cfg);
  e->cfg[e->n_cfg++] = c;
}

static void parse_configs(exp_parser *p, yaml_node_t *n) {
  if (n->type == YAML_SEQUENCE_NODE) {
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      parse_config(p, node(p, *it));
    }
  } else if (n->type == YAML_SCALAR_NODE && !is_null(n)) {
    parse_config(p, n);
  } else {
    FAIL(p, n, "configs: expected a list of config names or files");
  }
}

static void free_overrides(sweep_override *o, size_t n);

static void parse_variants(exp_parser *p, yaml_node_t *n) {
  sweep_exp *e = p->exp;
  if (n->type != YAML_MAPPING_NODE) {
    FAIL(p, n, "variants: expected a mapping {NAME: {key: value, ...}, ...}");
    return;
  }
  yaml_node_t *k, *v;
  FOR_PAIRS(p, n, k, v) {
    sweep_variant var;
    memset(&var, 0, sizeof var);
    if (!want_label(p, k, "variant", var.name)) {
      continue;
    }
    var.line = NODE_LINE(k);
    var.col = NODE_COL(k);
    char *where = sw_fmt("variant '%s'", var.name);
    parse_overrides(p, v, &var.ovr, &var.n_ovr, where);
    free(where);
    int first = sweep_exp_variant(e, var.name);
    if (first >= 0) {
      FAIL(p, k, "variant '%s' is defined twice (first at line %u)", var.name,
           e->var[first].line);
      free_overrides(var.ovr, var.n_ovr);
      continue;
    }
    e->var = sw_grow(e->var, (e->n_var + 1) * sizeof *e->var);
    e->var[e->n_var++] = var;
  }
}

/* Experiment files take no YAML aliases: a node reached a second time (the
 * anchored node an alias names) is an error at that node. Expanding them
 * would take time exponential in the file's size (aliases of mappings of
 * aliases), or forever (an alias inside its own anchor). Walks the document
 * once, without recursion. Returns false after reporting. */
static bool no_aliases(exp_parser *p, yaml_node_t *root) {
  size_t n = (size_t)(p->doc.nodes.top - p->doc.nodes.start);
  if (root == NULL || n == 0) {
    return true;
  }
  unsigned char *seen = sw_alloc(n + 1);
  memset(seen, 0, n + 1);
  int *stack = sw_alloc((n + 1) * sizeof *stack);
  size_t top = 0;
  bool ok = true;
  stack[top++] = (int)(root - p->doc.nodes.start) + 1;
  seen[stack[0]] = 1;
  while (top > 0 && ok) {
    yaml_node_t *nd = node(p, stack[--top]);
    int kids[2];
    if (nd->type == YAML_SEQUENCE_NODE) {
      for (yaml_node_item_t *it = nd->data.sequence.items.start;
           ok && it < nd->data.sequence.items.top; it++) {
        ok = !seen[*it];
        seen[*it] = 1;
        stack[top++] = *it;
      }
    } else if (nd->type == YAML_MAPPING_NODE) {
      for (yaml_node_pair_t *pr = nd->data.mapping.pairs.start;
           ok && pr < nd->data.mapping.pairs.top; pr++) {
        kids[0] = pr->key;
        kids[1] = pr->value;
        for (int i = 0; i < 2 && ok; i++) {
          ok = !seen[kids[i]];
          seen[kids[i]] = 1;
          stack[top++] = kids[i];
        }
      }
    }
  }
  if (!ok) {
    FAIL(p, node(p, stack[top - 1]),
         "YAML aliases are not supported: this node is used again by an alias (write it out "
         "where it is needed)");
  }
  free(stack);
  free(seen);
  return ok;
}

static void parse_root(exp_parser *p, yaml_node_t *root) {
  sweep_exp *e = p->exp;
  if (root == NULL || root->type != YAML_MAPPING_NODE) {
    if (root == NULL) {
      error_at(p, 1, 1, "empty experiment file (expected workloads:, configs:, variants:)");
    } else {
      FAIL(p, root, "expected a mapping (workloads:, configs:, variants:, ...)");
    }
    return;
  }
  yaml_node_t *seen[sizeof top_keys / sizeof top_keys[0]] = {0};
  yaml_node_t *k, *v;
  FOR_PAIRS(p, root, k, v) {
    const char *key = scalar(k);
    size_t i = 0;
    while (top_keys[i] != NULL && (key == NULL || strcmp(key, top_keys[i]) != 0)) {
      i++;
    }
    if (top_keys[i] == NULL) {
      if (key == NULL) {
        FAIL(p, k, "expected a key");
      } else {
        unknown_key(p, k, "", top_keys);
      }
    } else if (seen[i] != NULL) {
      FAIL(p, k, "key '%s' is given twice (first at line %u)", key, NODE_LINE(seen[i]));
    } else {
      seen[i] = v;
    }
  }
  enum { K_NAME, K_DESC, K_SIZE, K_SEED, K_WL, K_CFG, K_OVR, K_VAR, K_BASE };
  const char *size = "small";
  uint64_t seed = 1;
  if (seen[K_NAME] != NULL) {
    want_label(p, seen[K_NAME], "name", e->name);
  } else {
    /* the file name without .yaml */
    if (!config_label(p->file, e->name) || !sweep_label_ok(e->name)) {
      error_at(p, 1, 1,
               "the file name does not make a valid experiment name (1 to %d characters of "
               "letters, digits, '_', '.', '+', '-'): set name:",
               SWEEP_LABEL_MAX - 1);
    }
  }
  if (seen[K_DESC] != NULL && scalar(seen[K_DESC]) == NULL) {
    FAIL(p, seen[K_DESC], "description: expected text");
  }
  if (seen[K_SIZE] != NULL) {
    want_size(p, seen[K_SIZE], &size);
  }
  if (seen[K_SEED] != NULL) {
    want_seed(p, seen[K_SEED], &seed);
  }
  if (seen[K_WL] != NULL) {
    parse_workloads(p, seen[K_WL], size, seed);
  }
  if (seen[K_CFG] != NULL) {
    parse_configs(p, seen[K_CFG]);
  }
  if (seen[K_OVR] != NULL) {
    parse_overrides(p, seen[K_OVR], &e->common, &e->n_common, "overrides");
  }
  if (seen[K_VAR] != NULL) {
    parse_variants(p, seen[K_VAR]);
  }
  const char *missing[3] = {seen[K_WL] ? NULL : "workloads", seen[K_CFG] ? NULL : "configs",
                            seen[K_VAR] ? NULL : "variants"};
  for (size_t i = 0; i < 3; i++) {
    if (missing[i] != NULL) {
      FAIL(p, root, "no %s: given", missing[i]);
    }
  }
  const int empty_ids[3] = {K_WL, K_CFG, K_VAR};
  const char *empty_what[3] = {"workloads: the list is empty", "configs: the list is empty",
                               "variants: none defined (an empty variant is written NAME: {})"};
  for (size_t i = 0; i < 3; i++) {
    yaml_node_t *n = seen[empty_ids[i]];
    bool empty = n != NULL && ((n->type == YAML_SEQUENCE_NODE &&
                                n->data.sequence.items.top == n->data.sequence.items.start) ||
                               (n->type == YAML_MAPPING_NODE &&
                                n->data.mapping.pairs.top == n->data.mapping.pairs.start));
    if (empty) {
      FAIL(p, n, "%s", empty_what[i]);
    }
  }
  if (seen[K_BASE] != NULL) {
    const char *b = scalar(seen[K_BASE]);
    if (b == NULL || sweep_exp_variant(e, b) < 0) {
      char list[512] = "";
      size_t used = 0;
      for (size_t i = 0; i < e->n_var && used < sizeof list - 80; i++) {
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                                 e->var[i].name);
      }
      FAIL(p, seen[K_BASE], "baseline '%s' is not a variant (variants: %s)", b ? b : "", list);
    } else {
      snprintf(e->baseline, sizeof e->baseline, "%s", b);
    }
  } else if (e->n_var > 0) {
    snprintf(e->baseline, sizeof e->baseline, "%s", e->var[0].name);
  }
}

int sweep_exp_variant(const sweep_exp *exp, const char *name) {
  for (size_t i = 0; i < exp->n_var; i++) {
    if (strcmp(exp->var[i].name, name) == 0) {
      return (int)i;
    }
  }
  return -1;
}

static void free_overrides(sweep_override *o, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(o[i].text);
    free(o[i].key);
    free(o[i].value);
  }
  free(o);
}

void sweep_exp_free(sweep_exp *exp) {
  free(exp->file);
  free(exp->dir);
  free_overrides(exp->common, exp->n_common);
  free(exp->wl);
  for (size_t i = 0; i < exp->n_cfg; i++) {
    free(exp->cfg[i].spec);
    free(exp->cfg[i].path);
  }
  free(exp->cfg);
  for (size_t i = 0; i < exp->n_var; i++) {
    free_overrides(exp->var[i].ovr, exp->var[i].n_ovr);
  }
  free(exp->var);
  free(exp->hash);
  memset(exp, 0, sizeof *exp);
}

/* sweep_exp_load, with the messages printed to errs as they are found. */
static int load_checked(sweep_exp *exp, const char *file, int checks, FILE *errs) {
  memset(exp, 0, sizeof *exp);
  exp->file = sw_strdup(file);
  const char *slash = strrchr(file, '/');
  exp->dir = slash == NULL   ? sw_strdup(".")
             : slash == file ? sw_strdup("/")
                             : sw_fmt("%.*s", (int)(slash - file), file);
  exp_parser p;
  memset(&p, 0, sizeof p);
  p.file = exp->file;
  p.errs = errs;
  p.exp = exp;
  FILE *f = fopen(file, "rb");
  if (f == NULL) {
    fprintf(errs, "%s: error: cannot open experiment file: %s\n", file, strerror(errno));
    sweep_exp_free(exp);
    return 1;
  }
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    fclose(f);
    fprintf(errs, "simtref: error: out of memory\n");
    sweep_exp_free(exp);
    return 1;
  }
  yaml_parser_set_input_file(&parser, f);
  bool loaded = yaml_parser_load(&parser, &p.doc);
  if (!loaded) {
    error_at(&p, (unsigned)parser.problem_mark.line + 1, (unsigned)parser.problem_mark.column + 1,
             "YAML: %s", parser.problem ? parser.problem : "syntax error");
  } else {
    yaml_node_t *root = yaml_document_get_root_node(&p.doc);
    if (no_aliases(&p, root)) {
      parse_root(&p, root);
    }
    yaml_document_delete(&p.doc);
  }
  yaml_parser_delete(&parser);
  fclose(f);
  if (loaded && (checks & SWEEP_CHECK_WORKLOADS)) {
    p.nerr += sweep_exp_check_workloads(exp, errs);
  }
  if (loaded && (checks & SWEEP_CHECK_CONFIGS) && exp->n_cfg > 0 && exp->n_var > 0) {
    p.nerr += sweep_exp_check_configs(exp, errs);
  }
  if (p.nerr != 0) {
    sweep_exp_free(exp);
  }
  return p.nerr;
}

/* Line and column of a "FILE:L:C: ..." message, for sorting; 0 if none. */
static void message_pos(const char *msg, const char *file, unsigned long *line,
                        unsigned long *col) {
  *line = *col = 0;
  size_t n = strlen(file);
  if (strncmp(msg, file, n) == 0 && msg[n] == ':') {
    char *end = NULL;
    *line = strtoul(msg + n + 1, &end, 10);
    *col = *end == ':' ? strtoul(end + 1, NULL, 10) : 0;
  }
}

typedef struct sorted_msg {
  unsigned long line, col;
  size_t order;
  const char *text;
} sorted_msg;

static int cmp_msg(const void *a, const void *b) {
  const sorted_msg *x = a, *y = b;
  if (x->line != y->line) {
    return x->line < y->line ? -1 : 1;
  }
  if (x->col != y->col) {
    return x->col < y->col ? -1 : 1;
  }
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Prints the buffered messages (one per line) to errs, in file order. */
static void print_sorted(char *buf, const char *file, FILE *errs) {
  size_t n = 0;
  for (char *c = buf; *c; c++) {
    n += *c == '\n';
  }
  sorted_msg *m = sw_alloc((n + 1) * sizeof *m);
  size_t k = 0;
  for (char *line = buf; *line && k < n; k++) {
    char *nl = strchr(line, '\n');
    *nl = '\0';
    m[k].text = line;
    m[k].order = k;
    message_pos(line, file, &m[k].line, &m[k].col);
    line = nl + 1;
  }
  qsort(m, k, sizeof *m, cmp_msg);
  for (size_t i = 0; i < k; i++) {
    fprintf(errs, "%s\n", m[i].text);
  }
  free(m);
}

int sweep_exp_load(sweep_exp *exp, const char *file, int checks, FILE *errs) {
  char *buf = NULL;
  size_t buf_len = 0;
  FILE *mem = open_memstream(&buf, &buf_len);
  if (mem == NULL) {
    fprintf(errs, "simtref: error: out of memory\n");
    return 1;
  }
  int nerr = load_checked(exp, file, checks, mem);
  fclose(mem);
  print_sorted(buf, file, errs);
  free(buf);
  return nerr;
}
