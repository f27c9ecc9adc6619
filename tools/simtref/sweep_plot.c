/* gnuplot data files and scripts for an experiment's results. */
#include "sweep_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sweep_proc.h"
#include "sweep_util.h"

/* The terminal settings and output of both pictures, around a plot command. */
static void write_outputs(FILE *f, const char *name, const char *plot_cmd) {
  fprintf(f,
          "set terminal svg size 960,540 dynamic noenhanced font \"sans,11\" background rgb "
          "\"white\"\n"
          "set output \"%s.svg\"\n"
          "%s\n"
          "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
          "  set terminal pngcairo size 960,540 noenhanced font \"sans,10\" background rgb "
          "\"white\"\n"
          "} else {\n"
          "  set terminal png size 960,540 noenhanced\n"
          "}\n"
          "set output \"%s.png\"\n"
          "%s\n"
          "unset output\n",
          name, plot_cmd, name, plot_cmd);
}

static FILE *open_in(const char *dir, const char *name, const char *ext, char **path) {
  *path = sw_fmt("%s/%s.%s", dir, name, ext);
  FILE *f = fopen(*path, "w");
  if (f == NULL) {
    fprintf(stderr, "simtref plot: error: cannot write %s\n", *path);
  }
  return f;
}

static bool close_file(FILE *f, char *path) {
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "simtref plot: error: cannot write %s\n", path);
  }
  free(path);
  return ok;
}

bool sweep_plot_bars(const sweep_results *res, size_t config, const char *metric, size_t base,
                     const char *out_dir, const char *name) {
  const sweep_exp *e = &res->exp;
  sweep_norm n;
  sweep_results_normalise(res, config, metric, base, &n);
  char *path;
  FILE *f = open_in(out_dir, name, "dat", &path);
  if (f == NULL) {
    free(path);
    sweep_norm_free(&n);
    return false;
  }
  fprintf(f, "# simtref plot: %s of experiment %s, config %s, normalised to variant %s\n",
          metric, e->name, e->cfg[config].label, e->var[base].name);
  fprintf(f, "# '-' marks a missing value; geomean and mean cover the values present\n");
  fprintf(f, "workload");
  for (size_t v = 0; v < e->n_var; v++) {
    fprintf(f, " %s", e->var[v].name);
  }
  fprintf(f, "\n");
  for (size_t w = 0; w < e->n_wl; w++) {
    fprintf(f, "%s", e->wl[w].label);
    for (size_t v = 0; v < e->n_var; v++) {
      size_t k = w * e->n_var + v;
      if (n.has[k]) {
        fprintf(f, " %.6f", n.ratio[k]);
      } else {
        fprintf(f, " -");
      }
    }
    fprintf(f, "\n");
  }
  fprintf(f, "\"\"");
  for (size_t v = 0; v < e->n_var; v++) {
    fprintf(f, " -");
  }
  fprintf(f, "\n");
  for (int m = 0; m < 2; m++) {
    fprintf(f, "%s", m == 0 ? "geomean" : "mean");
    for (size_t v = 0; v < e->n_var; v++) {
      if (n.count[v] > 0) {
        fprintf(f, " %.6f", m == 0 ? n.gmean[v] : n.amean[v]);
      } else {
        fprintf(f, " -");
      }
    }
    fprintf(f, "\n");
  }
  sweep_norm_free(&n);
  if (!close_file(f, path)) {
    return false;
  }
  f = open_in(out_dir, name, "gp", &path);
  if (f == NULL) {
    free(path);
    return false;
  }
  fprintf(f,
          "# simtref plot: %s of experiment %s (config %s) normalised to variant %s.\n"
          "# Written by simtref plot; run `gnuplot %s.gp` in this directory to redraw.\n"
          "set datafile missing \"-\"\n"
          "set style data histograms\n"
          "set style histogram clustered gap 1\n"
          "set style fill solid 0.85 border lt -1\n"
          "set boxwidth 0.9 relative\n"
          "set key outside right top vertical\n"
          "set grid ytics\n"
          "set yrange [0:*]\n"
          "set offsets 0, 0, graph 0.08, 0\n"
          "set xtics rotate by -45 scale 0\n"
          "set ylabel \"%s / %s of %s\"\n"
          "set title \"%s: %s normalised to %s (config %s)\"\n"
          "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc rgb "
          "\"#444444\" front\n",
          metric, e->name, e->cfg[config].label, e->var[base].name, name, metric, metric,
          e->var[base].name, e->name, metric, e->var[base].name, e->cfg[config].label);
  char *plot = sw_fmt("plot for [i=2:%zu] \"%s.dat\" using i:xtic(1) title columnheader(i)",
                      e->n_var + 1, name);
  write_outputs(f, name, plot);
  free(plot);
  return close_file(f, path);
}

typedef struct sweep_point {
  size_t v;
  const char *value;
  double x;
} sweep_point;

static int cmp_point(const void *a, const void *b) {
  const sweep_point *p = a, *q = b;
  if (p->x != q->x) {
    return p->x < q->x ? -1 : 1;
  }
  return p->v < q->v ? -1 : p->v > q->v;
}

bool sweep_plot_lines(const sweep_results *res, size_t config, const char *metric,
                      const char *key, int base, const char *out_dir, const char *name) {
  const sweep_exp *e = &res->exp;
  sweep_point *pt = sw_alloc((e->n_var + 1) * sizeof *pt);
  size_t n = 0;
  bool numeric = true;
  char *left_out = sw_strdup("");
  for (size_t v = 0; v < e->n_var; v++) {
    const char *value = NULL;
    for (size_t i = 0; i < e->var[v].n_ovr; i++) {
      if (strcmp(e->var[v].ovr[i].key, key) == 0) {
        value = e->var[v].ovr[i].value;
      }
    }
    if (value == NULL) {
      char *t = sw_fmt("%s%s%s", left_out, left_out[0] ? ", " : "", e->var[v].name);
      free(left_out);
      left_out = t;
      continue;
    }
    char *end = NULL;
    double x = strtod(value, &end);
    numeric = numeric && end != value && *end == '\0';
    pt[n++] = (sweep_point){v, value, x};
  }
  if (n == 0) {
    fprintf(stderr, "simtref plot: error: no variant of %s sets '%s' (--sweep takes a key the "
                    "variants override)\n",
            e->name, key);
    free(pt);
    free(left_out);
    return false;
  }
  if (left_out[0] != '\0') {
    printf("  variants that do not set %s, left out: %s\n", key, left_out);
  }
  free(left_out);
  if (numeric) {
    qsort(pt, n, sizeof *pt, cmp_point);
  }
  char *path;
  FILE *f = open_in(out_dir, name, "dat", &path);
  if (f == NULL) {
    free(path);
    free(pt);
    return false;
  }
  char *ylabel = base >= 0 ? sw_fmt("%s / %s of %s", metric, metric, e->var[base].name)
                           : sw_strdup(metric);
  bool nonneg = true;
  fprintf(f, "# simtref plot: %s of experiment %s, config %s, against %s\n", ylabel, e->name,
          e->cfg[config].label, key);
  fprintf(f, "# '-' marks a missing value\n");
  fprintf(f, "%s", key);
  for (size_t w = 0; w < e->n_wl; w++) {
    fprintf(f, " %s", e->wl[w].label);
  }
  fprintf(f, "\n");
  for (size_t i = 0; i < n; i++) {
    if (numeric) {
      fprintf(f, "%s", pt[i].value);
    } else {
      fprintf(f, "\"%s\"", e->var[pt[i].v].name);
    }
    for (size_t w = 0; w < e->n_wl; w++) {
      double y = 0.0, b = 1.0;
      bool ok = sweep_results_value(res, sweep_results_job(res, w, config, pt[i].v), metric, &y);
      if (ok && base >= 0) {
        ok = sweep_results_value(res, sweep_results_job(res, w, config, (size_t)base), metric,
                                 &b) &&
             b != 0.0;
      }
      if (ok) {
        fprintf(f, " %.6f", y / b);
        nonneg = nonneg && y / b >= 0.0;
      } else {
        fprintf(f, " -");
      }
    }
    fprintf(f, "\n");
  }
  if (!close_file(f, path)) {
    free(pt);
    free(ylabel);
    return false;
  }
  f = open_in(out_dir, name, "gp", &path);
  if (f == NULL) {
    free(path);
    free(pt);
    free(ylabel);
    return false;
  }
  fprintf(f,
          "# simtref plot: %s of experiment %s (config %s) against %s.\n"
          "# Written by simtref plot; run `gnuplot %s.gp` in this directory to redraw.\n"
          "set datafile missing \"-\"\n"
          "set key outside right top vertical\n"
          "set grid\n"
          "set xlabel \"%s\"\n"
          "set ylabel \"%s\"\n"
          "set title \"%s: %s against %s (config %s)\"\n"
          "set offsets graph 0.02, graph 0.02, graph 0.05, 0\n"
          "%s",
          ylabel, e->name, e->cfg[config].label, key, name, key, ylabel, e->name, ylabel, key,
          e->cfg[config].label, nonneg ? "set yrange [0:*]\n" : "");
  free(ylabel);
  if (numeric) {
    fprintf(f, "set xtics (");
    for (size_t i = 0; i < n; i++) {
      fprintf(f, "%s\"%s\" %s", i ? ", " : "", pt[i].value, pt[i].value);
    }
    fprintf(f, ")\n");
  }
  free(pt);
  char *plot = sw_fmt("plot for [i=2:%zu] \"%s.dat\" using %s:i%s with linespoints pointtype 7 "
                      "title columnheader(i)",
                      e->n_wl + 1, name, numeric ? "1" : "0", numeric ? "" : ":xtic(1)");
  write_outputs(f, name, plot);
  free(plot);
  return close_file(f, path);
}

bool sweep_plot_have_gnuplot(void) {
  const char *path = getenv("PATH");
  if (path == NULL) {
    return false;
  }
  char *copy = sw_strdup(path);
  bool found = false;
  for (char *dir = strtok(copy, ":"); dir != NULL && !found; dir = strtok(NULL, ":")) {
    char *exe = sw_fmt("%s/gnuplot", dir[0] ? dir : ".");
    found = access(exe, X_OK) == 0 && sw_is_file(exe);
    free(exe);
  }
  free(copy);
  return found;
}

static bool non_empty(const char *dir, const char *name, const char *ext) {
  char *p = sw_fmt("%s/%s.%s", dir, name, ext);
  struct stat st;
  bool ok = stat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
  if (!ok) {
    fprintf(stderr, "simtref plot: error: gnuplot did not write %s\n", p);
  }
  free(p);
  return ok;
}

bool sweep_plot_run(const char *out_dir, const char *name) {
  char *script = sw_fmt("%s.gp", name);
  char *argv[] = {"gnuplot", script, NULL};
  for (size_t i = 0; i < 2; i++) {
    char *p = sw_fmt("%s/%s.%s", out_dir, name, i ? "png" : "svg");
    remove(p);
    free(p);
  }
  sweep_sigs sigs;
  sweep_sigs_begin(&sigs);
  int stop = 0;
  int ws = sweep_run_child(argv, -1, -1, out_dir, &sigs, &stop);
  sweep_sigs_end(&sigs);
  free(script);
  if (ws != 0) {
    char what[128];
    sweep_describe_status(ws, what, sizeof what);
    fprintf(stderr, "simtref plot: error: gnuplot %s.gp (in %s) failed: %s\n", name, out_dir,
            what);
    return false;
  }
  bool svg = non_empty(out_dir, name, "svg");
  bool png = non_empty(out_dir, name, "png");
  return svg && png;
}

/* ---- a power trace (--power-trace) over time --------------------------------- */

bool sweep_plot_power(const char *csv, const char *out_dir, const char *name) {
  size_t len = 0;
  char *text = sw_read_file(csv, &len);
  if (text == NULL) {
    fprintf(stderr, "simtref plot: error: cannot read %s\n", csv);
    return false;
  }
  static const char magic[] = "# simtref power trace v1";
  char *hdr = strchr(text, '\n');
  if (strncmp(text, magic, sizeof magic - 1) != 0 || hdr == NULL ||
      strncmp(hdr + 1, "cycle,time_us,total_w", 21) != 0) {
    fprintf(stderr, "simtref plot: error: %s:1:1: not a simtref power trace (it must begin "
                    "with '%s' and a header row)\n", csv, magic);
    free(text);
    return false;
  }
  /* The SMs: the columns smI_w. */
  size_t n_sms = 0;
  char *eol = strchr(hdr + 1, '\n');
  for (char *p = hdr + 1; p != NULL && p < (eol ? eol : text + len); p = strchr(p + 1, ',')) {
    char *q = *p == ',' ? p + 1 : p;
    size_t i;
    if (sscanf(q, "sm%zu_w", &i) == 1 && strncmp(q + strcspn(q, "_"), "_w", 2) == 0) {
      n_sms++;
    }
  }
  bool has_rows = eol != NULL && eol[1] != '\0';
  char *path;
  FILE *f = has_rows ? open_in(out_dir, name, "dat", &path) : NULL;
  if (!has_rows) {
    fprintf(stderr, "simtref plot: error: %s has no samples\n", csv);
    free(text);
    return false;
  }
  if (f == NULL) {
    free(path);
    free(text);
    return false;
  }
  fwrite(text, 1, len, f);
  free(text);
  if (!close_file(f, path)) {
    return false;
  }
  f = open_in(out_dir, name, "gp", &path);
  if (f == NULL) {
    free(path);
    return false;
  }
  /* Columns: 1 cycle, 2 time_us, 3 total_w, 4.. the SMs' power, then their
   * clocks, then their occupancies. */
  size_t c_w = 4, c_mhz = 4 + n_sms, c_occ = 4 + 2 * n_sms;
  char *body = sw_fmt(
      "set multiplot layout 3,1 title \"power trace %s\"\n"
      "set xlabel \"time (us)\"\n"
      "set ylabel \"W\"\n"
      "set title \"GPU power\"\n"
      "plot \"%s.dat\" using 2:3 with lines linewidth 2 title \"total\"\n"
      "set title \"power of each SM\"\n"
      "plot for [i=%zu:%zu] \"%s.dat\" using 2:i with steps title columnheader(i)\n"
      "set title \"occupancy (shaded) and clock of each SM\"\n"
      "set ylabel \"SM\"\n"
      "set cblabel \"occupancy\"\n"
      "set cbrange [0:1]\n"
      "set palette defined (0 \"white\", 1 \"navy\")\n"
      "plot for [i=0:%zu] \"%s.dat\" using 2:(i):(column(%zu+i)) with points pointtype 5 "
      "pointsize 0.6 palette notitle, for [i=0:%zu] \"%s.dat\" using 2:(i + 0.45 * "
      "column(%zu+i) / fmax) with steps linecolor rgb \"red\" notitle\n"
      "unset multiplot",
      name, name, c_w, c_w + n_sms - 1, name, n_sms - 1, name, c_occ, n_sms - 1, name, c_mhz);
  /* The clock lines are scaled by the highest clock in the file (fmax). */
  fprintf(f,
          "# simtref plot: the power trace %s over time.\n"
          "# Written by simtref plot; run `gnuplot %s.gp` in this directory to redraw.\n"
          "set datafile separator \",\"\n"
          "set datafile commentschars \"#\"\n"
          "set key outside right top vertical\n"
          "set grid\n"
          "stats \"%s.dat\" using %zu nooutput\n"
          "fmax = STATS_max > 0 ? STATS_max : 1\n",
          csv, name, name, c_mhz);
  const char *plot = body;
  fprintf(f,
          "set terminal svg size 960,900 dynamic noenhanced font \"sans,11\" background rgb "
          "\"white\"\n"
          "set output \"%s.svg\"\n%s\n"
          "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
          "  set terminal pngcairo size 960,900 noenhanced font \"sans,10\" background rgb "
          "\"white\"\n"
          "} else {\n"
          "  set terminal png size 960,900 noenhanced\n"
          "}\n"
          "set output \"%s.png\"\n%s\nunset output\n",
          name, plot, name, plot);
  free(body);
  return close_file(f, path);
}
