/* HeteroPDP's models: terms, prediction, least-squares fit, K-fold
 * cross-validation and model files (hetero.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetero/hetero.h"

static const char *const model_names[HM_COUNT] = {"cpu_alone", "gpu_alone", "cpu_coloc",
                                                  "gpu_coloc"};

const char *st_hmodel_name(st_hmodel_kind k) { return k < HM_COUNT ? model_names[k] : "?"; }

/* The features of each model, in Appendix A's order. */
static unsigned feature_list(st_hmodel_kind k, bool with_xfer, st_hfeat *out) {
  static const st_hfeat cpu[] = {HF_THREADS, HF_SALU,   HF_SMEM,   HF_VALU,
                                 HF_VMEM,    HF_BRANCH, HF_ATOMIC, HF_BUF};
  static const st_hfeat gpu[] = {HF_THREADS, HF_MEM,    HF_INT,     HF_FP,
                                 HF_MATH,    HF_BRANCH, HF_BARRIER, HF_BUF};
  unsigned n = 0;
  const st_hfeat *base = k == HM_CPU_ALONE || k == HM_CPU_COLOC ? cpu : gpu;
  for (unsigned i = 0; i < 8; i++) {
    out[n++] = base[i];
  }
  if (with_xfer && (k == HM_GPU_ALONE || k == HM_GPU_COLOC)) {
    out[n++] = HF_XFER;
  }
  if (k == HM_CPU_COLOC) {
    out[n++] = HF_LLC_MISS;
  }
  if (k == HM_CPU_COLOC || k == HM_GPU_COLOC) {
    out[n++] = HF_DRAM_BW;
  }
  return n;
}

void st_hmodel_init(st_hmodel *m, st_hmodel_kind k, bool with_xfer) {
  memset(m, 0, sizeof *m);
  m->kind = k;
  m->n_feats = feature_list(k, with_xfer, m->feats);
  for (int f = 0; f < HF_COUNT; f++) {
    m->scale[f] = 1.0;
  }
  m->ridge = 1e-9;
}

unsigned st_hmodel_terms(const st_hmodel *m) {
  return m->n_feats + m->n_feats * (m->n_feats - 1) / 2;
}

void st_hmodel_term(const st_hmodel *m, unsigned t, st_hfeat *a, st_hfeat *b) {
  if (t < m->n_feats) {
    *a = m->feats[t];
    *b = HF_COUNT;
    return;
  }
  t -= m->n_feats;
  for (unsigned i = 0; i < m->n_feats; i++) {
    unsigned row = m->n_feats - 1 - i; /* pairs (i, j > i) */
    if (t < row) {
      *a = m->feats[i];
      *b = m->feats[i + 1 + t];
      return;
    }
    t -= row;
  }
  *a = *b = HF_COUNT;
}

void st_hmodel_row(const st_hmodel *m, const st_hfeatures *f, double *row) {
  double x[ST_HMODEL_MAX_FEATS];
  for (unsigned i = 0; i < m->n_feats; i++) {
    x[i] = f->v[m->feats[i]] / m->scale[m->feats[i]];
  }
  unsigned t = 0;
  for (unsigned i = 0; i < m->n_feats; i++) {
    row[t++] = x[i];
  }
  for (unsigned i = 0; i < m->n_feats; i++) {
    for (unsigned j = i + 1; j < m->n_feats; j++) {
      row[t++] = x[i] * x[j];
    }
  }
}

double st_hmodel_predict(const st_hmodel *m, const st_hfeatures *f) {
  double row[ST_HMODEL_MAX_TERMS];
  st_hmodel_row(m, f, row);
  double y = 0.0;
  for (unsigned t = 0; t < st_hmodel_terms(m); t++) {
    y += m->coef[t] * row[t];
  }
  return y;
}

/* Solves the symmetric positive definite system a x = b (n x n, a
 * overwritten) by Cholesky; false if not positive definite. */
static bool cholesky_solve(double *a, double *b, unsigned n) {
  for (unsigned j = 0; j < n; j++) {
    double d = a[j * n + j];
    for (unsigned k = 0; k < j; k++) {
      d -= a[j * n + k] * a[j * n + k];
    }
    if (!(d > 0.0)) {
      return false;
    }
    d = sqrt(d);
    a[j * n + j] = d;
    for (unsigned i = j + 1; i < n; i++) {
      double s = a[i * n + j];
      for (unsigned k = 0; k < j; k++) {
        s -= a[i * n + k] * a[j * n + k];
      }
      a[i * n + j] = s / d;
    }
  }
  for (unsigned i = 0; i < n; i++) { /* L y = b */
    double s = b[i];
    for (unsigned k = 0; k < i; k++) {
      s -= a[i * n + k] * b[k];
    }
    b[i] = s / a[i * n + i];
  }
  for (unsigned i = n; i-- > 0;) { /* L^T x = y */
    double s = b[i];
    for (unsigned k = i + 1; k < n; k++) {
      s -= a[k * n + i] * b[k];
    }
    b[i] = s / a[i * n + i];
  }
  return true;
}

st_status st_hmodel_fit(st_hmodel *m, const st_hfeatures *f, const double *y, size_t n,
                        st_error *err) {
  unsigned nt = st_hmodel_terms(m);
  if (n == 0) {
    return st_error_set(err, ST_ERR_USAGE, "%s: no samples to fit", st_hmodel_name(m->kind));
  }
  for (size_t i = 0; i < n; i++) {
    if (!(y[i] > 0.0)) {
      return st_error_set(err, ST_ERR_USAGE, "%s: sample %zu has a time of %g s",
                          st_hmodel_name(m->kind), i, y[i]);
    }
  }
  /* Feature scales: root mean square over the samples (1 when all zero). */
  for (unsigned i = 0; i < m->n_feats; i++) {
    double s = 0.0;
    for (size_t r = 0; r < n; r++) {
      s += f[r].v[m->feats[i]] * f[r].v[m->feats[i]];
    }
    s = sqrt(s / (double)n);
    m->scale[m->feats[i]] = s > 0.0 ? s : 1.0;
  }
  double *rows = malloc(n * nt * sizeof *rows);
  double *ata = calloc((size_t)nt * nt, sizeof *ata);
  double norm[ST_HMODEL_MAX_TERMS] = {0}, atb[ST_HMODEL_MAX_TERMS] = {0};
  unsigned idx[ST_HMODEL_MAX_TERMS], na = 0;
  if (rows == NULL || ata == NULL) {
    free(rows);
    free(ata);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  /* Rows weighted by 1 / y: the residual is the relative error. */
  for (size_t r = 0; r < n; r++) {
    st_hmodel_row(m, &f[r], rows + r * nt);
    for (unsigned t = 0; t < nt; t++) {
      rows[r * nt + t] /= y[r];
      norm[t] += rows[r * nt + t] * rows[r * nt + t];
    }
  }
  for (unsigned t = 0; t < nt; t++) {
    norm[t] = sqrt(norm[t]);
    m->coef[t] = 0.0;
    if (norm[t] > 0.0) {
      idx[na++] = t;
    }
  }
  /* Normal equations over the non-zero columns, each scaled to unit norm,
   * with the model's ridge. */
  for (unsigned a = 0; a < na; a++) {
    for (unsigned b = 0; b <= a; b++) {
      double s = 0.0;
      for (size_t r = 0; r < n; r++) {
        s += rows[r * nt + idx[a]] * rows[r * nt + idx[b]];
      }
      s /= norm[idx[a]] * norm[idx[b]];
      ata[a * na + b] = ata[b * na + a] = s;
    }
    ata[a * na + a] += m->ridge > 0.0 ? m->ridge : 1e-9;
    double s = 0.0;
    for (size_t r = 0; r < n; r++) {
      s += rows[r * nt + idx[a]];
    }
    atb[a] = s / norm[idx[a]];
  }
  bool ok = cholesky_solve(ata, atb, na);
  if (ok) {
    for (unsigned a = 0; a < na; a++) {
      m->coef[idx[a]] = atb[a] / norm[idx[a]];
    }
  }
  free(rows);
  free(ata);
  if (!ok) {
    return st_error_set(err, ST_ERR_INTERNAL, "%s: the least-squares system is singular",
                        st_hmodel_name(m->kind));
  }
  return ST_OK;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void st_hfit_measure(const double *p, const double *y, size_t n, st_hfit_quality *q) {
  memset(q, 0, sizeof *q);
  q->n = n;
  if (n == 0) {
    return;
  }
  double *e = malloc(n * sizeof *e);
  double mean = 0.0, ss_tot = 0.0, ss_res = 0.0;
  size_t w20 = 0, w10 = 0;
  for (size_t i = 0; i < n; i++) {
    mean += log10(y[i]);
  }
  mean /= (double)n;
  for (size_t i = 0; i < n; i++) {
    double rel = fabs(p[i] - y[i]) / y[i];
    w20 += rel <= 0.2;
    w10 += rel <= 0.1;
    if (e != NULL) {
      e[i] = rel;
    }
    /* A prediction of zero or less is taken at a thousandth of the time. */
    double lp = log10(p[i] > 0.0 ? p[i] : y[i] * 1e-3);
    ss_res += (lp - log10(y[i])) * (lp - log10(y[i]));
    ss_tot += (log10(y[i]) - mean) * (log10(y[i]) - mean);
  }
  q->r2 = ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : 0.0;
  q->within20 = (double)w20 / (double)n;
  q->within10 = (double)w10 / (double)n;
  if (e != NULL) {
    qsort(e, n, sizeof *e, cmp_double);
    q->median_err = n % 2 ? e[n / 2] : 0.5 * (e[n / 2 - 1] + e[n / 2]);
    free(e);
  }
}

st_status st_hmodel_crossval(const st_hmodel *proto, const st_hfeatures *f, const double *y,
                             const int *group, size_t n, unsigned k, double *pred,
                             st_error *err) {
  int *fold = malloc(n * sizeof *fold);
  int *seen = malloc(n * sizeof *seen);
  st_hfeatures *tf = malloc(n * sizeof *tf);
  double *ty = malloc(n * sizeof *ty);
  if (fold == NULL || seen == NULL || tf == NULL || ty == NULL) {
    free(fold);
    free(seen);
    free(tf);
    free(ty);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  /* Groups in order of first appearance, dealt round-robin into folds. */
  size_t ng = 0;
  for (size_t i = 0; i < n; i++) {
    size_t g = 0;
    while (g < ng && seen[g] != group[i]) g++;
    if (g == ng) {
      seen[ng++] = group[i];
    }
    fold[i] = (int)g;
  }
  unsigned folds = k < 2 ? 2 : k;
  if (folds > ng) {
    folds = (unsigned)ng;
  }
  st_status rc = ST_OK;
  for (unsigned fo = 0; fo < folds && rc == ST_OK; fo++) {
    size_t nt = 0;
    for (size_t i = 0; i < n; i++) {
      if ((unsigned)fold[i] % folds != fo) {
        tf[nt] = f[i];
        ty[nt++] = y[i];
      }
    }
    st_hmodel m = *proto;
    rc = st_hmodel_fit(&m, tf, ty, nt, err);
    for (size_t i = 0; rc == ST_OK && i < n; i++) {
      if ((unsigned)fold[i] % folds == fo) {
        pred[i] = st_hmodel_predict(&m, &f[i]);
      }
    }
  }
  free(fold);
  free(seen);
  free(tf);
  free(ty);
  return rc;
}

const double st_hridges[ST_HRIDGE_COUNT] = {1e-9, 1e-6, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0};

st_status st_hmodel_choose_ridge(st_hmodel *m, const st_hfeatures *f, const double *y,
                                 const int *group, size_t n, unsigned k, st_error *err) {
  double *pred = malloc((n + 1) * sizeof *pred);
  if (pred == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  double best = INFINITY, best_ridge = 1e-9;
  for (int r = 0; r < ST_HRIDGE_COUNT; r++) {
    st_hmodel t = *m;
    t.ridge = st_hridges[r];
    st_status rc = st_hmodel_crossval(&t, f, y, group, n, k, pred, err);
    if (rc != ST_OK) {
      free(pred);
      return rc;
    }
    st_hfit_quality q;
    st_hfit_measure(pred, y, n, &q);
    if (q.median_err < best) {
      best = q.median_err;
      best_ridge = st_hridges[r];
    }
  }
  free(pred);
  m->ridge = best_ridge;
  return ST_OK;
}

/* ---- model files ---------------------------------------------------------- */

st_status st_hmodel_set_save(const st_hmodel_set *set, const char *path, st_error *err) {
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
    return st_error_set(err, ST_ERR_IO, "%s: path too long", path);
  }
  FILE *out = fopen(tmp, "w");
  if (out == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
  }
  fprintf(out, "# simtref HeteroPDP model set (docs/units/heteropdp.md)\nset %s\n", set->name);
  for (int k = 0; k < HM_COUNT; k++) {
    const st_hmodel *m = &set->m[k];
    fprintf(out, "\nmodel %s\nfeatures", st_hmodel_name(m->kind));
    for (unsigned i = 0; i < m->n_feats; i++) {
      fprintf(out, " %s", st_hfeat_name(m->feats[i]));
    }
    fprintf(out, "\nridge %.17g\nscale", m->ridge);
    for (unsigned i = 0; i < m->n_feats; i++) {
      fprintf(out, " %.17g", m->scale[m->feats[i]]);
    }
    fputc('\n', out);
    for (unsigned t = 0; t < st_hmodel_terms(m); t++) {
      st_hfeat a, b;
      st_hmodel_term(m, t, &a, &b);
      fprintf(out, "term %s %s %.17g\n", st_hfeat_name(a), b == HF_COUNT ? "1" : st_hfeat_name(b),
              m->coef[t]);
    }
  }
  bool ok = fflush(out) == 0 && !ferror(out);
  ok = fclose(out) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) {
    remove(tmp);
    return st_error_set(err, ST_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
  }
  return ST_OK;
}

#define LOAD_FAIL(...)                                                                      \
  do {                                                                                      \
    st_error_set(err, ST_ERR_USAGE, __VA_ARGS__);                                           \
    fclose(in);                                                                             \
    return ST_ERR_USAGE;                                                                    \
  } while (0)

st_status st_hmodel_set_load(const char *path, st_hmodel_set *set, st_error *err) {
  FILE *in = fopen(path, "r");
  if (in == NULL) {
    return st_error_set(err, ST_ERR_USAGE, "%s: cannot read: %s", path, strerror(errno));
  }
  memset(set, 0, sizeof *set);
  snprintf(set->name, sizeof set->name, "%s", "fitted");
  char line[4096];
  unsigned ln = 0;
  int cur = -1;
  bool have[HM_COUNT] = {false}, feats_seen = false;
  uint8_t term_seen[ST_HMODEL_MAX_TERMS];
  unsigned n_terms = 0;
  while (fgets(line, sizeof line, in) != NULL) {
    ln++;
    char *save = NULL, *w = strtok_r(line, " \t\r\n", &save);
    if (w == NULL || w[0] == '#') {
      continue;
    }
    if (strcmp(w, "set") == 0) {
      char *name = strtok_r(NULL, " \t\r\n", &save);
      if (name == NULL || strlen(name) >= sizeof set->name) {
        LOAD_FAIL("%s:%u:1: error: 'set' needs a name of 1 to 31 characters", path, ln);
      }
      snprintf(set->name, sizeof set->name, "%s", name);
    } else if (strcmp(w, "model") == 0) {
      if (cur >= 0 && (!feats_seen || n_terms != st_hmodel_terms(&set->m[cur]))) {
        LOAD_FAIL("%s:%u:1: error: model %s ends with %u of its %u terms", path, ln,
                  st_hmodel_name((st_hmodel_kind)cur), n_terms,
                  feats_seen ? st_hmodel_terms(&set->m[cur]) : 0);
      }
      n_terms = 0;
      char *name = strtok_r(NULL, " \t\r\n", &save);
      cur = -1;
      for (int k = 0; name != NULL && k < HM_COUNT; k++) {
        if (strcmp(name, model_names[k]) == 0) cur = k;
      }
      if (cur < 0) {
        LOAD_FAIL("%s:%u:7: error: unknown model '%s' (cpu_alone, gpu_alone, cpu_coloc, "
                  "gpu_coloc)", path, ln, name != NULL ? name : "");
      }
      if (have[cur]) {
        LOAD_FAIL("%s:%u:7: error: model %s given twice", path, ln, name);
      }
      have[cur] = true;
      feats_seen = false;
      st_hmodel_init(&set->m[cur], (st_hmodel_kind)cur, false);
      memset(term_seen, 0, sizeof term_seen);
    } else if (cur < 0) {
      LOAD_FAIL("%s:%u:1: error: '%s' before any 'model' line", path, ln, w);
    } else if (strcmp(w, "features") == 0) {
      st_hfeat got[ST_HMODEL_MAX_FEATS + 1];
      unsigned n = 0;
      for (char *f = strtok_r(NULL, " \t\r\n", &save); f != NULL;
           f = strtok_r(NULL, " \t\r\n", &save)) {
        if (n > ST_HMODEL_MAX_FEATS || !st_hfeat_parse(f, &got[n])) {
          LOAD_FAIL("%s:%u: error: unknown feature '%s'", path, ln, f);
        }
        n++;
      }
      bool match = false;
      for (int x = 0; x < 2 && !match; x++) {
        st_hmodel want;
        st_hmodel_init(&want, (st_hmodel_kind)cur, x == 1);
        match = want.n_feats == n && memcmp(want.feats, got, n * sizeof got[0]) == 0;
        if (match) {
          set->m[cur] = want;
        }
      }
      if (!match) {
        st_hmodel a, b;
        st_hmodel_init(&a, (st_hmodel_kind)cur, false);
        st_hmodel_init(&b, (st_hmodel_kind)cur, true);
        char want[256] = "";
        for (unsigned i = 0; i < b.n_feats; i++) {
          strncat(want, i ? " " : "", sizeof want - strlen(want) - 1);
          strncat(want, st_hfeat_name(b.feats[i]), sizeof want - strlen(want) - 1);
        }
        LOAD_FAIL("%s:%u: error: model %s has the wrong feature set: expected the "
                  "dissertation's %u features or ours (%s)", path, ln,
                  st_hmodel_name((st_hmodel_kind)cur), a.n_feats, want);
      }
      feats_seen = true;
    } else if (strcmp(w, "ridge") == 0) {
      char *v = strtok_r(NULL, " \t\r\n", &save), *end = NULL;
      double x = v != NULL ? strtod(v, &end) : 0.0;
      if (!feats_seen || v == NULL || *end != '\0' || !(x > 0.0) || !isfinite(x)) {
        LOAD_FAIL("%s:%u: error: 'ridge' needs a positive number, after 'features'", path, ln);
      }
      set->m[cur].ridge = x;
    } else if (strcmp(w, "scale") == 0) {
      if (!feats_seen) {
        LOAD_FAIL("%s:%u:1: error: 'scale' before 'features'", path, ln);
      }
      st_hmodel *m = &set->m[cur];
      for (unsigned i = 0; i < m->n_feats; i++) {
        char *v = strtok_r(NULL, " \t\r\n", &save), *end = NULL;
        double x = v != NULL ? strtod(v, &end) : 0.0;
        if (v == NULL || *end != '\0' || !(x > 0.0) || !isfinite(x)) {
          LOAD_FAIL("%s:%u: error: 'scale' needs %u positive numbers, one per feature", path,
                    ln, m->n_feats);
        }
        m->scale[m->feats[i]] = x;
      }
    } else if (strcmp(w, "term") == 0) {
      if (!feats_seen) {
        LOAD_FAIL("%s:%u:1: error: 'term' before 'features'", path, ln);
      }
      st_hmodel *m = &set->m[cur];
      char *a = strtok_r(NULL, " \t\r\n", &save), *b = strtok_r(NULL, " \t\r\n", &save);
      char *v = strtok_r(NULL, " \t\r\n", &save), *end = NULL;
      double x = v != NULL ? strtod(v, &end) : 0.0;
      if (v == NULL || *end != '\0' || !isfinite(x)) {
        LOAD_FAIL("%s:%u: error: expected 'term FEATURE FEATURE|1 COEFFICIENT'", path, ln);
      }
      unsigned t = 0, nt = st_hmodel_terms(m);
      for (; t < nt; t++) {
        st_hfeat fa, fb;
        st_hmodel_term(m, t, &fa, &fb);
        if (strcmp(a, st_hfeat_name(fa)) == 0 &&
            strcmp(b, fb == HF_COUNT ? "1" : st_hfeat_name(fb)) == 0) {
          break;
        }
      }
      if (t == nt) {
        LOAD_FAIL("%s:%u: error: model %s has no term '%s x %s'", path, ln,
                  st_hmodel_name(m->kind), a, b);
      }
      if (term_seen[t]) {
        LOAD_FAIL("%s:%u: error: term '%s x %s' given twice", path, ln, a, b);
      }
      term_seen[t] = 1;
      n_terms++;
      m->coef[t] = x;
    } else {
      LOAD_FAIL("%s:%u:1: error: unknown line '%s' (set, model, features, ridge, scale, term)", path,
                ln, w);
    }
  }
  if (cur >= 0 && (!feats_seen || n_terms != st_hmodel_terms(&set->m[cur]))) {
    LOAD_FAIL("%s:%u:1: error: model %s ends with %u of its %u terms", path, ln,
              st_hmodel_name((st_hmodel_kind)cur), n_terms,
              feats_seen ? st_hmodel_terms(&set->m[cur]) : 0);
  }
  fclose(in);
  for (int k = 0; k < HM_COUNT; k++) {
    if (!have[k]) {
      return st_error_set(err, ST_ERR_USAGE, "%s: error: model %s is missing", path,
                          model_names[k]);
    }
  }
  return ST_OK;
}
