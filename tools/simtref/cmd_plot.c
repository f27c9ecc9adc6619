/* simtref plot: draw an experiment's results with gnuplot (SVG and PNG). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sweep_plot.h"
#include "sweep_util.h"

static const char *const plot_usage =
    "usage: simtref plot RUNS/EXPERIMENT [--metric KEY] [--baseline VARIANT] [--out DIR]\n"
    "       simtref plot RUNS/EXPERIMENT --sweep KEY [--normalise] [--metric KEY] [--out DIR]\n"
    "       simtref plot --power TRACE.csv [--out DIR]\n"
    "\n"
    "Draws, per config, grouped bars of the metric of each workload under each\n"
    "variant divided by its value under the baseline variant (the speedup, for ipc),\n"
    "with the geometric and arithmetic means. With --sweep KEY, draws instead the\n"
    "metric against the value each variant gives KEY (e.g. cta_scheduler.limit), a\n"
    "line per workload. Writes NAME.dat, NAME.gp (the gnuplot script), NAME.svg and\n"
    "NAME.png into the output directory; needs gnuplot (Debian: gnuplot-nox).\n"
    "With --power, draws a power trace of simtref run --power-trace over time: the\n"
    "GPU's power, each SM's power, each SM's occupancy and clock (NAME: the trace's\n"
    "file name without .csv; default output directory: the trace's).\n"
    "\n"
    "  --metric KEY          a statistic of stats.json (default ipc)\n"
    "  --baseline VARIANT    the variant to normalise to (default: the experiment's)\n"
    "  --sweep KEY           line plot against the configuration key KEY\n"
    "  --power TRACE.csv     plot a power trace instead of an experiment\n"
    "  --normalise           with --sweep: divide each workload's values by its value\n"
    "                        under the baseline variant\n"
    "  --out DIR             output directory (default RUNS/EXPERIMENT/plots)\n"
    "\n"
    "Exit status: 0 plots written, 1 gnuplot missing or failed, 2 bad usage, not a\n"
    "sweep's output, or an unknown metric, variant or key.\n";

/* A file name part from a key or label: '/' and the like become '_'. */
static char *file_part(const char *s) {
  char *d = sw_strdup(s);
  for (char *c = d; *c; c++) {
    if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-", *c) == NULL) {
      *c = '_';
    }
  }
  return d;
}

/* Draws out_dir/NAME.gp, whose data and script were written: the exit
 * status (gnuplot missing or failed: EXIT_FAIL, with the reason). */
static int draw(const char *out_dir, const char *name) {
  if (!sweep_plot_have_gnuplot()) {
    fprintf(stderr,
            "simtref plot: error: gnuplot not found in PATH (Debian: apt-get install "
            "gnuplot-nox, or scripts/install-deps.sh); the data and script are written: "
            "run `gnuplot %s.gp` in %s\n",
            name, out_dir);
    return EXIT_FAIL;
  }
  if (!sweep_plot_run(out_dir, name)) {
    return EXIT_FAIL;
  }
  printf("wrote %s/%s.svg and %s.png (data %s.dat, script %s.gp)\n", out_dir, name, name, name,
         name);
  return EXIT_OK;
}

/* --power TRACE.csv: the trace over time. */
static int plot_power(const char *csv, const char *dir, const char *out) {
  if (dir != NULL) {
    fprintf(stderr, "simtref plot: error: --power takes a trace, not an experiment ('%s')\n",
            dir);
    return EXIT_USAGE;
  }
  const char *base = strrchr(csv, '/') ? strrchr(csv, '/') + 1 : csv;
  size_t n = strlen(base);
  if (n > 4 && strcmp(base + n - 4, ".csv") == 0) {
    n -= 4;
  }
  char *raw = sw_fmt("%.*s", (int)n, base);
  char *name = file_part(raw[0] ? raw : "power");
  char *out_dir = out ? sw_strdup(out)
                      : (base == csv ? sw_strdup(".") : sw_fmt("%.*s", (int)(base - csv - 1), csv));
  int status = EXIT_OK;
  if (out_dir[0] == '\0') {
    free(out_dir);
    out_dir = sw_strdup("/");
  }
  if (!cli_check_output_dir("plot", "the output directory", out_dir, true) ||
      !sweep_plot_power(csv, out_dir, name)) {
    status = EXIT_USAGE;
  } else {
    status = draw(out_dir, name);
  }
  free(raw);
  free(name);
  free(out_dir);
  return status;
}

int cmd_plot(int argc, char **argv) {
  const char *dir = NULL, *metric = "ipc", *baseline = NULL, *out = NULL, *sweep_key = NULL;
  const char *power = NULL;
  bool normalise = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(plot_usage, stdout);
      return EXIT_OK;
    } else if (strcmp(a, "--normalise") == 0 || strcmp(a, "--normalize") == 0) {
      normalise = true;
    } else if (strcmp(a, "--metric") == 0 || strcmp(a, "--baseline") == 0 ||
               strcmp(a, "--out") == 0 || strcmp(a, "-o") == 0 || strcmp(a, "--sweep") == 0 ||
               strcmp(a, "--power") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref plot: error: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      const char **slot = strcmp(a, "--metric") == 0     ? &metric
                          : strcmp(a, "--baseline") == 0 ? &baseline
                          : strcmp(a, "--sweep") == 0    ? &sweep_key
                          : strcmp(a, "--power") == 0    ? &power
                                                         : &out;
      *slot = argv[++i];
    } else if (a[0] == '-' && a[1] != '\0') {
      return cli_unknown_option("plot", a);
    } else if (dir == NULL) {
      dir = a;
    } else {
      fprintf(stderr, "simtref plot: error: more than one directory ('%s', '%s')\n", dir, a);
      return EXIT_USAGE;
    }
  }
  if (power != NULL) {
    return plot_power(power, dir, out);
  }
  if (dir == NULL) {
    fputs(plot_usage, stderr);
    return EXIT_USAGE;
  }
  if (normalise && sweep_key == NULL) {
    fprintf(stderr, "simtref plot: error: --normalise goes with --sweep (bars are always "
                    "normalised)\n");
    return EXIT_USAGE;
  }
  sweep_results res;
  if (!sweep_results_load(&res, dir, "plot")) {
    return EXIT_USAGE;
  }
  const sweep_exp *e = &res.exp;
  int base = sweep_exp_variant(e, baseline ? baseline : e->baseline);
  int status = EXIT_OK;
  if (base < 0) {
    fprintf(stderr, "simtref plot: error: no variant '%s' in %s\n", baseline, dir);
    status = EXIT_USAGE;
  } else if (!sweep_results_has_metric(&res, metric)) {
    sweep_results_unknown_metric(&res, metric, "plot");
    status = EXIT_USAGE;
  }
  char *out_dir = out ? sw_strdup(out) : sw_fmt("%s/plots", res.plan.out);
  if (status == EXIT_OK && !cli_check_output_dir("plot", "the output directory", out_dir, true)) {
    status = EXIT_USAGE;
  }
  char *m = file_part(metric);
  char *k = sweep_key ? file_part(sweep_key) : NULL;
  for (size_t c = 0; status == EXIT_OK && c < e->n_cfg; c++) {
    char *cfg = file_part(e->cfg[c].label);
    char *name = sweep_key ? sw_fmt("%s%s-by-%s-%s", m, normalise ? "-norm" : "", k, cfg)
                           : sw_fmt("%s-%s", m, cfg);
    bool ok = sweep_key ? sweep_plot_lines(&res, c, metric, sweep_key, normalise ? base : -1,
                                           out_dir, name)
                        : sweep_plot_bars(&res, c, metric, (size_t)base, out_dir, name);
    status = ok ? draw(out_dir, name) : EXIT_USAGE;
    free(name);
    free(cfg);
  }
  free(m);
  free(k);
  free(out_dir);
  sweep_results_free(&res);
  return status;
}
