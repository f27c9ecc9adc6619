/* The job matrix of an experiment: one job per workload x config x variant,
 * its output directory, its state on disk, and the command lines that run
 * it. Every way of running a sweep (the local pool, GNU parallel, a Slurm
 * array) runs the same per-job command, sweep_job_argv():
 *
 *   SIMTREF sweep EXP.yaml --runs RUNS --job WORKLOAD/CONFIG/VARIANT
 *
 * which writes, in RUNS/<experiment>/WORKLOAD/CONFIG/VARIANT/:
 *   job.txt      what the job is (workload, size, seed, config hash)
 *   version.txt  `simtref --version`
 *   config.yaml  `simtref config -c CONFIG -s ... --dump` (resolved config + hash)
 *   run.log      the `simtref run` command line, then its output
 *   stats.json   `simtref run --stats`, renamed into place only when the run passed
 *   status.txt   "done", or "failed: ..." */
#ifndef SIMTREF_TOOL_SWEEP_JOBS_H
#define SIMTREF_TOOL_SWEEP_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sweep_exp.h"

typedef struct sweep_job {
  size_t id;        /* position in the matrix, from 0 */
  size_t w, c, v;   /* workload, config and variant indices */
  char *key;        /* "workload/config/variant" */
  char *dir;        /* OUT/key */
} sweep_job;

typedef struct sweep_plan {
  const sweep_exp *exp;
  char *self;     /* absolute path of this simtref executable (NULL: not needed) */
  char *exp_file; /* absolute path of the experiment file (NULL: not needed) */
  char *runs;     /* the runs root */
  char *out;      /* RUNS/<experiment> */
  sweep_job *job;
  size_t n_job;
} sweep_plan;

/* Expands exp into jobs under runs_dir/<experiment>. With for_running, also
 * resolves runs_dir (which need not exist yet), this executable and the
 * experiment file to absolute paths for the job command lines. Creates
 * nothing. Returns false after printing an error. */
bool sweep_plan_init(sweep_plan *plan, const sweep_exp *exp, const char *runs_dir,
                     bool for_running);

/* Expands exp into jobs under an existing experiment output directory
 * (for collect and plot). */
void sweep_plan_init_out(sweep_plan *plan, const sweep_exp *exp, const char *out_dir);

void sweep_plan_free(sweep_plan *plan);

/* The job with this key, or NULL. */
const sweep_job *sweep_plan_find(const sweep_plan *plan, const char *key);

/* The per-job command (NULL-terminated; free with sw_argv_free). */
char **sweep_job_argv(const sweep_plan *plan, const sweep_job *job);

/* `simtref run` for the job, writing its statistics to stats_path. */
char **sweep_job_run_argv(const sweep_plan *plan, const sweep_job *job, const char *stats_path);

/* `simtref config --dump` for the job's resolved configuration. */
char **sweep_job_config_argv(const sweep_plan *plan, const sweep_job *job);

/* The text of job.txt for the job (needs exp->hash); newly allocated. */
char *sweep_job_ident(const sweep_plan *plan, const sweep_job *job);

typedef enum sweep_job_state {
  SWEEP_STATE_DONE,       /* a complete stats.json (of this very job, when checked) */
  SWEEP_STATE_STALE,      /* complete, but the job has changed since (size, seed, config) */
  SWEEP_STATE_FAILED,     /* status.txt says it failed */
  SWEEP_STATE_INCOMPLETE, /* started, never finished (interrupted, or half-written) */
  SWEEP_STATE_MISSING     /* never started */
} sweep_job_state;

/* The state of a job's directory. ident (may be NULL: not checked) is what
 * job.txt must hold for a complete job to count as done. */
sweep_job_state sweep_job_state_of(const sweep_job *job, const char *ident);

const char *sweep_state_name(sweep_job_state s);

/* Writes the job table: a comment line, a header, then one line per job:
 * id, workload, config, variant, output dir, command (tab-separated). */
void sweep_plan_write_table(const sweep_plan *plan, FILE *f);

#endif
