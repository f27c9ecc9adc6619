/* Experiment files: the checks that need the rest of simtref. Workload names
 * against the registry; configs resolved to files and loaded with every
 * variant's overrides (st_config_load), so that a -s mistake is reported at
 * its line in the experiment file before anything runs. */
#include <stdlib.h>
#include <string.h>

#include "simtref/config.h"
#include "sweep_exp.h"
#include "sweep_util.h"
#include "workload.h"

const char **sw_workload_names(void) {
  size_t n = 0;
  while (st_workloads[n] != NULL) {
    n++;
  }
  const char **names = sw_alloc((n + 1) * sizeof *names);
  for (size_t i = 0; i < n; i++) {
    names[i] = st_workloads[i]->name;
  }
  names[n] = NULL;
  return names;
}

int sweep_exp_check_workloads(sweep_exp *exp, FILE *errs) {
  const char **names = sw_workload_names();
  int nerr = 0;
  for (size_t i = 0; i < exp->n_wl; i++) {
    const sweep_workload *w = &exp->wl[i];
    const st_workload_desc *wd = st_workload_find(w->name);
    if (wd != NULL) {
      const char *bad = w->variant[0] && !st_wl_word_in(wd->variants, w->variant) ? w->variant
                        : w->input[0] && !st_wl_word_in(wd->inputs, w->input)     ? w->input
                                                                                  : NULL;
      if (bad != NULL) {
        bool v = bad == w->variant;
        const char *list = v ? wd->variants : wd->inputs;
        sweep_exp_error(errs, exp->file, w->line, w->col,
                        "workload %s has no %s '%s' (its %ss: %s)",
                        w->name, v ? "variant" : "input", bad, v ? "variant" : "input",
                        list != NULL ? list : "none");
        nerr++;
      }
      continue;
    }
    const char *hint = sw_closest(w->name, names);
    sweep_exp_error(errs, exp->file, w->line, w->col,
                    "no workload named '%s' (%s%s%ssee simtref list)", w->name,
                    hint ? "did you mean '" : "", hint ? hint : "", hint ? "'? " : "");
    nerr++;
  }
  free(names);
  return nerr;
}

static bool is_file_spec(const char *spec) {
  size_t n = strlen(spec);
  return strchr(spec, '/') != NULL || (n > 5 && strcmp(spec + n - 5, ".yaml") == 0) ||
         (n > 4 && strcmp(spec + n - 4, ".yml") == 0);
}

/* Sets c->path to the absolute config file, or prints an error. */
static int resolve_config(sweep_exp *exp, sweep_config *c, FILE *errs) {
  if (is_file_spec(c->spec)) {
    char *rel = c->spec[0] == '/' ? sw_strdup(c->spec) : sw_fmt("%s/%s", exp->dir, c->spec);
    c->path = sw_is_file(rel) ? sw_realpath(rel) : NULL;
    free(rel);
    if (c->path == NULL) {
      sweep_exp_error(errs, exp->file, c->line, c->col,
                      "config file '%s' not found (a relative path is read from the "
                      "experiment file's directory, %s)",
                      c->spec, exp->dir);
      return 1;
    }
    return 0;
  }
  char found[ST_PATH_MAX];
  if (!st_config_find(c->spec, found, sizeof found) || (c->path = sw_realpath(found)) == NULL) {
    sweep_exp_error(errs, exp->file, c->line, c->col,
                    "no config '%s' (not in %s; see simtref list)", c->spec, st_config_dir());
    return 1;
  }
  return 0;
}

/* If msg is the loader's "-s TEXT:L:C: error: REST" for one of the
 * overrides, returns it and sets *rest; else NULL. */
static const sweep_override *blame(const char *msg, const sweep_override *const *ovr, size_t n,
                                   const char **rest) {
  if (strncmp(msg, "-s ", 3) != 0) {
    return NULL;
  }
  for (size_t i = n; i-- > 0;) {
    size_t len = strlen(ovr[i]->text);
    if (strncmp(msg + 3, ovr[i]->text, len) != 0 || msg[3 + len] != ':') {
      continue;
    }
    const char *p = msg + 3 + len + 1;
    p += strspn(p, "0123456789");
    p += *p == ':' ? 1 : 0;
    p += strspn(p, "0123456789");
    p += *p == ':' ? 1 : 0;
    p += strspn(p, " ");
    if (strncmp(p, "error: ", 7) == 0) {
      p += 7;
    }
    *rest = p;
    return ovr[i];
  }
  return NULL;
}

/* Loads config c with the common overrides and those of variant v. On
 * failure prints the error at the override it concerns, then tries again
 * without that override, so that independent mistakes are all found. Each
 * override is reported once (*reported remembers which were); a message
 * tied to no override is printed once in a row (*last). Returns the number
 * of errors (0: *hash is the resolved config's hash). */
static int load_one(sweep_exp *exp, const sweep_config *c, const sweep_variant *v,
                    const sweep_override **reported, size_t *n_reported, char **last,
                    uint64_t *hash, FILE *errs) {
  size_t n = exp->n_common + v->n_ovr;
  const sweep_override **ovr = sw_alloc((n + 1) * sizeof *ovr);
  const char **texts = sw_alloc((n + 1) * sizeof *texts);
  for (size_t i = 0; i < exp->n_common; i++) {
    ovr[i] = &exp->common[i];
  }
  for (size_t i = 0; i < v->n_ovr; i++) {
    ovr[exp->n_common + i] = &v->ovr[i];
  }
  st_config *cfg = sw_alloc(sizeof *cfg);
  char *msg = sw_alloc(ST_ERROR_MSG_MAX);
  int nerr = 0;
  for (;;) {
    for (size_t i = 0; i < n; i++) {
      texts[i] = ovr[i]->text;
    }
    msg[0] = '\0';
    if (st_config_load(cfg, c->path, texts, n, msg, ST_ERROR_MSG_MAX) == ST_OK) {
      *hash = st_config_hash(cfg);
      break;
    }
    nerr++;
    const char *rest = NULL;
    const sweep_override *o = blame(msg, ovr, n, &rest);
    if (o == NULL) {
      if (*last == NULL || strcmp(*last, msg) != 0) {
        sweep_exp_error(errs, exp->file, v->line, v->col, "variant '%s' on config %s: %s",
                        v->name, c->label, msg);
        free(*last);
        *last = sw_strdup(msg);
      }
      break;
    }
    bool seen = false;
    for (size_t i = 0; i < *n_reported; i++) {
      seen = seen || reported[i] == o;
    }
    if (!seen) {
      bool common = false;
      for (size_t i = 0; i < exp->n_common; i++) {
        common = common || o == &exp->common[i];
      }
      bool at_value = strstr(rest, "unknown key") == NULL && strstr(rest, "key=value") == NULL;
      sweep_exp_error(errs, exp->file, at_value ? o->vline : o->line,
                      at_value ? o->vcol : o->col, "%s%s%s (config %s): %s",
                      common ? "overrides" : "variant '", common ? "" : v->name,
                      common ? "" : "'", c->label, rest);
      reported[(*n_reported)++] = o;
    }
    /* Again without the override at fault. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
      if (ovr[i] != o) {
        ovr[k++] = ovr[i];
      }
    }
    n = k;
  }
  free(msg);
  free(cfg);
  free(ovr);
  free(texts);
  return nerr;
}

int sweep_exp_check_configs(sweep_exp *exp, FILE *errs) {
  int nerr = 0;
  for (size_t c = 0; c < exp->n_cfg; c++) {
    nerr += resolve_config(exp, &exp->cfg[c], errs);
  }
  size_t n_all = exp->n_common;
  for (size_t v = 0; v < exp->n_var; v++) {
    n_all += exp->var[v].n_ovr;
  }
  const sweep_override **reported = sw_alloc((n_all + 1) * sizeof *reported);
  size_t n_reported = 0;
  exp->hash = sw_alloc(exp->n_cfg * exp->n_var * sizeof *exp->hash);
  for (size_t c = 0; c < exp->n_cfg; c++) {
    if (exp->cfg[c].path == NULL) {
      continue; /* not found: reported above */
    }
    char *last = NULL; /* the last message not tied to an override, printed once */
    for (size_t v = 0; v < exp->n_var; v++) {
      nerr += load_one(exp, &exp->cfg[c], &exp->var[v], reported, &n_reported, &last,
                       &exp->hash[c * exp->n_var + v], errs);
    }
    free(last);
  }
  free(reported);
  return nerr;
}
