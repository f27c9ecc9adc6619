/* Running an experiment's jobs: one job in this process, all of them in a
 * local pool of processes, or none here but files for GNU parallel or a
 * Slurm job array. All three run the same per-job command (sweep_jobs.h). */
#ifndef SIMTREF_TOOL_SWEEP_POOL_H
#define SIMTREF_TOOL_SWEEP_POOL_H

#include <stdbool.h>

#include "sweep_jobs.h"

/* Runs one job (what `simtref sweep EXP --job KEY` does): skipped when its
 * stats.json is complete and current; else it writes the job directory and
 * runs the job. Prints one line to stdout: "done KEY", "skipped KEY: ...",
 * "FAILED KEY (...): see LOG" or "interrupted KEY". Returns 0 (done or
 * skipped), 1 (failed) or 128 + the signal that interrupted it. */
int sweep_job_execute(const sweep_plan *plan, const sweep_job *job);

/* Runs every job that is not complete, at most max_jobs at a time, each as
 * a child process running sweep_job_argv(). Prints a line per finished job
 * (failures with their log; jobs done, running and left and the time
 * left, which on a terminal go to a status line below, unless quiet) and a
 * summary to stderr. SIGINT,
 * SIGTERM or SIGHUP stop it: running jobs are terminated (they count as
 * incomplete and rerun next time). Returns 0 when every job is done, 1 when
 * any failed, 128 + the signal when stopped. */
int sweep_pool_run(const sweep_plan *plan, int max_jobs, bool quiet);

/* Writes the files to run the jobs elsewhere into dir: jobs.txt (one
 * command per line, for GNU parallel), jobs.tsv (the job table) and, for
 * kind "slurm", sweep.sbatch (a job array over jobs.txt). kind is
 * "parallel" or "slurm". Returns an exit status. */
int sweep_emit(const sweep_plan *plan, const char *kind, const char *dir);

#endif
