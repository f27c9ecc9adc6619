/* simtref collect: gather a sweep's statistics into one CSV and print a
 * metric normalised to the baseline variant, with geometric and arithmetic
 * means. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sweep_results.h"
#include "sweep_util.h"

static const char *const collect_usage =
    "usage: simtref collect RUNS/EXPERIMENT [--metric KEY] [--baseline VARIANT] [-o FILE]\n"
    "\n"
    "Reads the statistics of every job of a sweep that completed and writes one CSV\n"
    "(default RUNS/EXPERIMENT/results.csv): a row per workload, config and variant,\n"
    "fixed columns (workload, config, variant, size, seed, status, mode,\n"
    "simtref_version, simtref_commit, config_hash, stopped_by), then a column per\n"
    "numeric statistic (docs/experiments.md). Jobs that did not complete have their\n"
    "status (failed, incomplete, missing, stale) and empty values.\n"
    "\n"
    "Then prints, per config, the metric of each workload under each variant divided\n"
    "by its value under the baseline variant, and the geometric and arithmetic means\n"
    "of those ratios over the workloads that have both values.\n"
    "\n"
    "  --metric KEY          a statistic of stats.json (default ipc)\n"
    "  --baseline VARIANT    the variant to normalise to (default: the experiment's)\n"
    "  -o, --out FILE        write the CSV to FILE\n"
    "\n"
    "Exit status: 0 the CSV was written (even with jobs missing), 2 bad usage, not a\n"
    "sweep's output, or an unknown metric or variant.\n";

/* Prints the normalised table of one config. */
static void print_table(const sweep_results *res, size_t c, const char *metric, size_t base) {
  const sweep_exp *e = &res->exp;
  sweep_norm n;
  sweep_results_normalise(res, c, metric, base, &n);
  int w0 = 8;
  for (size_t w = 0; w < e->n_wl; w++) {
    int len = (int)strlen(e->wl[w].label);
    w0 = len > w0 ? len : w0;
  }
  int cw = 8;
  for (size_t v = 0; v < e->n_var; v++) {
    int len = (int)strlen(e->var[v].name);
    cw = len > cw ? len : cw;
  }
  printf("\n%s normalised to variant %s, config %s:\n", metric, e->var[base].name,
         e->cfg[c].label);
  printf("%-*s", w0, "workload");
  for (size_t v = 0; v < e->n_var; v++) {
    printf("  %*s", cw, e->var[v].name);
  }
  printf("\n");
  for (size_t w = 0; w < e->n_wl; w++) {
    printf("%-*s", w0, e->wl[w].label);
    for (size_t v = 0; v < e->n_var; v++) {
      size_t k = w * e->n_var + v;
      if (n.has[k]) {
        printf("  %*.4f", cw, n.ratio[k]);
      } else {
        printf("  %*s", cw, "-");
      }
    }
    printf("\n");
  }
  bool partial = false;
  const char *names[2] = {"geomean", "mean"};
  for (int m = 0; m < 2; m++) {
    printf("%-*s", w0, names[m]);
    for (size_t v = 0; v < e->n_var; v++) {
      partial = partial || n.count[v] < e->n_wl;
      if (n.count[v] > 0) {
        printf("  %*.4f", cw, m == 0 ? n.gmean[v] : n.amean[v]);
      } else {
        printf("  %*s", cw, "-");
      }
    }
    printf("\n");
  }
  if (partial) {
    printf("(- : no value; the means cover only the workloads with a value)\n");
  }
  sweep_norm_free(&n);
}

int cmd_collect(int argc, char **argv) {
  const char *dir = NULL, *metric = "ipc", *baseline = NULL, *out = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(collect_usage, stdout);
      return EXIT_OK;
    } else if (strcmp(a, "--metric") == 0 || strcmp(a, "--baseline") == 0 ||
               strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref collect: error: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      const char **slot = strcmp(a, "--metric") == 0     ? &metric
                          : strcmp(a, "--baseline") == 0 ? &baseline
                                                         : &out;
      *slot = argv[++i];
    } else if (a[0] == '-' && a[1] != '\0') {
      return cli_unknown_option("collect", a);
    } else if (dir == NULL) {
      dir = a;
    } else {
      fprintf(stderr, "simtref collect: error: more than one directory ('%s', '%s')\n", dir, a);
      return EXIT_USAGE;
    }
  }
  if (dir == NULL) {
    fputs(collect_usage, stderr);
    return EXIT_USAGE;
  }
  if (out != NULL && !cli_check_output_file("collect", "the -o file", out)) {
    return EXIT_USAGE;
  }
  sweep_results res;
  if (!sweep_results_load(&res, dir, "collect")) {
    return EXIT_USAGE;
  }
  const sweep_exp *e = &res.exp;
  int base = sweep_exp_variant(e, baseline ? baseline : e->baseline);
  int status = EXIT_OK;
  if (base < 0) {
    fprintf(stderr, "simtref collect: error: no variant '%s' in %s\n", baseline, dir);
    status = EXIT_USAGE;
  } else if (res.n_columns > 0 && !sweep_results_has_metric(&res, metric)) {
    sweep_results_unknown_metric(&res, metric, "collect");
    status = EXIT_USAGE;
  }
  char *csv = out ? sw_strdup(out) : sw_fmt("%s/results.csv", res.plan.out);
  if (status == EXIT_OK && out == NULL && !cli_check_output_file("collect", "the CSV file", csv)) {
    status = EXIT_USAGE;
  }
  if (status == EXIT_OK && !sweep_results_write_csv(&res, csv)) {
    status = EXIT_USAGE;
  }
  if (status == EXIT_OK) {
    size_t counts[5] = {0};
    for (size_t i = 0; i < res.plan.n_job; i++) {
      counts[res.r[i].state]++;
    }
    printf("experiment %s: %zu jobs: %zu done, %zu failed, %zu incomplete, %zu not run\n",
           e->name, res.plan.n_job, counts[SWEEP_STATE_DONE], counts[SWEEP_STATE_FAILED],
           counts[SWEEP_STATE_INCOMPLETE], counts[SWEEP_STATE_MISSING]);
    printf("wrote %s (%zu rows, %zu metric columns)\n", csv, res.plan.n_job, res.n_columns);
    for (size_t i = 0; i < res.plan.n_job; i++) {
      if (res.r[i].state != SWEEP_STATE_DONE) {
        if (res.r[i].state == SWEEP_STATE_MISSING) {
          printf("  not run: %s\n", res.plan.job[i].key);
        } else {
          printf("  %s: %s (see %s/run.log)\n", sweep_state_name(res.r[i].state),
                 res.plan.job[i].key, res.plan.job[i].dir);
        }
      }
    }
    if (res.n_columns > 0) {
      for (size_t c = 0; c < e->n_cfg; c++) {
        print_table(&res, c, metric, (size_t)base);
      }
    }
  }
  free(csv);
  sweep_results_free(&res);
  return status;
}
