/* Reading an experiment's results, the CSV, and normalisation. */
#include "sweep_results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sweep_util.h"

/* Adds the numeric keys of s to the column union: a new key goes right
 * after the key that precedes it in s (or first). */
static void merge_columns(sweep_results *res, const sweep_stats *s) {
  size_t after = 0; /* insert position for the next new key */
  for (size_t i = 0; i < s->n; i++) {
    if (!s->m[i].is_number) {
      continue;
    }
    size_t at = res->n_columns;
    for (size_t k = 0; k < res->n_columns; k++) {
      if (strcmp(res->columns[k], s->m[i].key) == 0) {
        at = k;
        break;
      }
    }
    if (at < res->n_columns) {
      after = at + 1;
      continue;
    }
    res->columns = sw_grow(res->columns, (res->n_columns + 1) * sizeof *res->columns);
    memmove(&res->columns[after + 1], &res->columns[after],
            (res->n_columns - after) * sizeof *res->columns);
    res->columns[after] = sw_strdup(s->m[i].key);
    res->n_columns++;
    after++;
  }
}

bool sweep_results_load(sweep_results *res, const char *out_dir, const char *cmd) {
  memset(res, 0, sizeof *res);
  char *file = sw_fmt("%s/experiment.yaml", out_dir);
  if (!sw_is_file(file)) {
    fprintf(stderr,
            "simtref %s: error: %s is not the output of a sweep (no experiment.yaml in it; "
            "run simtref sweep first)\n",
            cmd, out_dir);
    free(file);
    return false;
  }
  int nerr = sweep_exp_load(&res->exp, file, SWEEP_CHECK_SYNTAX, stderr);
  free(file);
  if (nerr != 0) {
    return false;
  }
  /* The directory's name is the experiment's name (a copy lost its file name). */
  size_t len = strlen(out_dir);
  while (len > 1 && out_dir[len - 1] == '/') {
    len--;
  }
  char *out = sw_fmt("%.*s", (int)len, out_dir);
  const char *base = strrchr(out, '/');
  base = base ? base + 1 : out;
  if (sweep_label_ok(base)) {
    snprintf(res->exp.name, sizeof res->exp.name, "%s", base);
  }
  sweep_plan_init_out(&res->plan, &res->exp, out);
  free(out);
  res->r = sw_alloc(res->plan.n_job * sizeof *res->r);
  for (size_t i = 0; i < res->plan.n_job; i++) {
    const sweep_job *job = &res->plan.job[i];
    res->r[i].state = sweep_job_state_of(job, NULL);
    if (res->r[i].state != SWEEP_STATE_DONE) {
      continue;
    }
    char *path = sw_fmt("%s/stats.json", job->dir);
    char err[256];
    if (sweep_stats_read(path, &res->r[i].stats, err, sizeof err)) {
      merge_columns(res, &res->r[i].stats);
    } else {
      fprintf(stderr, "simtref %s: warning: %s: %s\n", cmd, path, err);
      res->r[i].state = SWEEP_STATE_INCOMPLETE;
    }
    free(path);
  }
  return true;
}

void sweep_results_free(sweep_results *res) {
  for (size_t i = 0; i < res->plan.n_job; i++) {
    sweep_stats_free(&res->r[i].stats);
  }
  free(res->r);
  for (size_t i = 0; i < res->n_columns; i++) {
    free(res->columns[i]);
  }
  free(res->columns);
  sweep_plan_free(&res->plan);
  sweep_exp_free(&res->exp);
  memset(res, 0, sizeof *res);
}

size_t sweep_results_job(const sweep_results *res, size_t w, size_t c, size_t v) {
  return (w * res->exp.n_cfg + c) * res->exp.n_var + v;
}

bool sweep_results_value(const sweep_results *res, size_t i, const char *metric, double *v) {
  if (res->r[i].state != SWEEP_STATE_DONE) {
    return false;
  }
  const sweep_json_member *m = sweep_stats_get(&res->r[i].stats, metric);
  if (m == NULL || !m->is_number) {
    return false;
  }
  *v = m->number;
  return true;
}

bool sweep_results_has_metric(const sweep_results *res, const char *metric) {
  for (size_t k = 0; k < res->n_columns; k++) {
    if (strcmp(res->columns[k], metric) == 0) {
      return true;
    }
  }
  return false;
}

void sweep_results_unknown_metric(const sweep_results *res, const char *metric, const char *cmd) {
  if (res->n_columns == 0) {
    fprintf(stderr, "simtref %s: error: no job of %s has completed: no metric to show\n", cmd,
            res->plan.out);
    return;
  }
  const char **names = sw_alloc((res->n_columns + 1) * sizeof *names);
  for (size_t k = 0; k < res->n_columns; k++) {
    names[k] = res->columns[k];
  }
  const char *hint = sw_closest(metric, names);
  free(names);
  fprintf(stderr, "simtref %s: error: no metric '%s' in the statistics%s%s%s (the columns of "
                  "results.csv are the metrics; e.g. ipc, cycles, sm.ract, l1d.miss_rate)\n",
          cmd, metric, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
}

/* Writes s as a CSV field (quoted if it holds a comma, quote or newline). */
static void csv_field(FILE *f, const char *s) {
  if (strpbrk(s, ",\"\n\r") == NULL) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') {
      fputc('"', f);
    }
    fputc(*s, f);
  }
  fputc('"', f);
}

static const char *const fixed_columns[] = {"workload", "config",          "variant",
                                            "size",     "seed",            "status",
                                            "mode",     "simtref_version", "simtref_commit",
                                            "config_hash", "stopped_by"};

bool sweep_results_write_csv(const sweep_results *res, const char *path) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    fprintf(stderr, "simtref collect: error: cannot write %s\n", path);
    free(tmp);
    return false;
  }
  size_t n_fixed = sizeof fixed_columns / sizeof fixed_columns[0];
  for (size_t k = 0; k < n_fixed; k++) {
    fprintf(f, "%s%s", k ? "," : "", fixed_columns[k]);
  }
  for (size_t k = 0; k < res->n_columns; k++) {
    fputc(',', f);
    csv_field(f, res->columns[k]);
  }
  fputc('\n', f);
  const sweep_exp *e = &res->exp;
  for (size_t i = 0; i < res->plan.n_job; i++) {
    const sweep_job *j = &res->plan.job[i];
    const sweep_result *r = &res->r[i];
    const sweep_workload *w = &e->wl[j->w];
    fprintf(f, "%s,%s,%s,%s,%llu,%s", w->label, e->cfg[j->c].label, e->var[j->v].name,
            w->size, (unsigned long long)w->seed, sweep_state_name(r->state));
    for (size_t k = 6; k < n_fixed; k++) {
      const sweep_json_member *m = sweep_stats_get(&r->stats, fixed_columns[k]);
      fputc(',', f);
      if (m != NULL) {
        csv_field(f, m->text);
      }
    }
    for (size_t k = 0; k < res->n_columns; k++) {
      const sweep_json_member *m = sweep_stats_get(&r->stats, res->columns[k]);
      fputc(',', f);
      if (m != NULL && m->is_number) {
        fputs(m->text, f);
      }
    }
    fputc('\n', f);
  }
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
  if (!ok) {
    remove(tmp);
    fprintf(stderr, "simtref collect: error: cannot write %s\n", path);
  }
  free(tmp);
  return ok;
}

void sweep_results_normalise(const sweep_results *res, size_t config, const char *metric,
                             size_t baseline, sweep_norm *out) {
  const sweep_exp *e = &res->exp;
  out->n_wl = e->n_wl;
  out->n_var = e->n_var;
  out->ratio = sw_alloc(e->n_wl * e->n_var * sizeof *out->ratio);
  out->has = sw_alloc(e->n_wl * e->n_var * sizeof *out->has);
  out->gmean = sw_alloc(e->n_var * sizeof *out->gmean);
  out->amean = sw_alloc(e->n_var * sizeof *out->amean);
  out->count = sw_alloc(e->n_var * sizeof *out->count);
  for (size_t v = 0; v < e->n_var; v++) {
    double log_sum = 0.0, sum = 0.0;
    size_t n = 0;
    for (size_t w = 0; w < e->n_wl; w++) {
      double x = 0.0, base = 0.0;
      size_t k = w * e->n_var + v;
      bool ok = sweep_results_value(res, sweep_results_job(res, w, config, v), metric, &x) &&
                sweep_results_value(res, sweep_results_job(res, w, config, baseline), metric,
                                    &base) &&
                base != 0.0;
      double r = ok ? x / base : 0.0;
      out->has[k] = ok && isfinite(r) && r > 0.0;
      out->ratio[k] = out->has[k] ? r : 0.0;
      if (out->has[k]) {
        log_sum += log(r);
        sum += r;
        n++;
      }
    }
    out->count[v] = n;
    out->gmean[v] = n ? exp(log_sum / (double)n) : 0.0;
    out->amean[v] = n ? sum / (double)n : 0.0;
  }
}

void sweep_norm_free(sweep_norm *n) {
  free(n->ratio);
  free(n->has);
  free(n->gmean);
  free(n->amean);
  free(n->count);
  memset(n, 0, sizeof *n);
}
