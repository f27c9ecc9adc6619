/* The results of an experiment as they are on disk: the experiment file the
 * sweep recorded (OUT/experiment.yaml), the state of every job, the
 * statistics of those that completed, and what collect and plot compute
 * from them (CSV, values normalised to the baseline variant, means). */
#ifndef SIMTREF_TOOL_SWEEP_RESULTS_H
#define SIMTREF_TOOL_SWEEP_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sweep_exp.h"
#include "sweep_jobs.h"
#include "sweep_json.h"

typedef struct sweep_result {
  sweep_job_state state;
  sweep_stats stats; /* empty unless state is SWEEP_STATE_DONE */
} sweep_result;

typedef struct sweep_results {
  sweep_exp exp;
  sweep_plan plan;
  sweep_result *r;  /* one per plan.job */
  char **columns;   /* the numeric top-level keys of every stats.json: their union,
                     * each key placed after the key it follows where first seen */
  size_t n_columns;
} sweep_results;

/* Reads OUT/experiment.yaml and every job's stats.json under out_dir.
 * Prints an error prefixed by "simtref CMD" and returns false if out_dir
 * is not a sweep's output. */
bool sweep_results_load(sweep_results *res, const char *out_dir, const char *cmd);

void sweep_results_free(sweep_results *res);

/* The metric of job i, if the job completed and has it as a number. */
bool sweep_results_value(const sweep_results *res, size_t i, const char *metric, double *v);

/* True if any completed job has the metric. */
bool sweep_results_has_metric(const sweep_results *res, const char *metric);

/* Prints "simtref CMD: error: no metric 'M' ..." with a hint. */
void sweep_results_unknown_metric(const sweep_results *res, const char *metric, const char *cmd);

/* Writes the CSV: a row per job (workload, config, variant order), fixed
 * columns then the numeric keys (docs/experiments.md). Returns false after
 * printing an error. */
bool sweep_results_write_csv(const sweep_results *res, const char *path);

/* The metric normalised to the baseline variant, for one config. */
typedef struct sweep_norm {
  size_t n_wl, n_var;
  double *ratio;  /* [w * n_var + v]: metric(w, v) / metric(w, baseline) */
  bool *has;      /* [w * n_var + v]: both values exist and the ratio is finite and > 0 */
  double *gmean;  /* [v]: geometric mean of the ratios present */
  double *amean;  /* [v]: arithmetic mean of the ratios present */
  size_t *count;  /* [v]: how many ratios the means cover */
} sweep_norm;

void sweep_results_normalise(const sweep_results *res, size_t config, const char *metric,
                             size_t baseline, sweep_norm *out);
void sweep_norm_free(sweep_norm *n);

/* The job index of (workload w, config c, variant v). */
size_t sweep_results_job(const sweep_results *res, size_t w, size_t c, size_t v);

#endif
