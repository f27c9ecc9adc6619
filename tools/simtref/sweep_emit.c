/* Files to run an experiment's jobs on a cluster, with engines that exist:
 * a GNU parallel job list and a Slurm job-array script. Both run the very
 * commands the local pool runs (sweep_job_argv), one per job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sweep_pool.h"
#include "sweep_util.h"

/* The Slurm script: array task i runs line i + 1 of jobs.txt. With
 * SIMTREF_SWEEP_DRY_RUN set it prints the command instead of running it. */
static char *slurm_script(const sweep_plan *plan, const char *dir) {
  const sweep_exp *e = plan->exp;
  char *jobs = sw_fmt("%s/jobs.txt", dir);
  char *words[] = {jobs, NULL};
  char *jobs_q = sw_shell_join(words);
  char *text = sw_fmt(
      "#!/bin/bash\n"
      "# Slurm job array for the simtref experiment '%s': %zu jobs.\n"
      "# Written by `simtref sweep %s --emit slurm %s`.\n"
      "#\n"
      "#   sbatch %s/sweep.sbatch      (add sbatch options: --partition, --time, ...)\n"
      "#\n"
      "# Array task i runs line i+1 of jobs.txt: the same command `simtref sweep`\n"
      "# runs for that job on one machine. A job whose stats.json is complete is\n"
      "# skipped, so resubmitting resumes the experiment. Then:\n"
      "#   simtref collect %s\n"
      "#SBATCH --job-name=simtref-%s\n"
      "#SBATCH --array=0-%zu\n"
      "#SBATCH --ntasks=1\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --output=%s/logs/%%A_%%a.out\n"
      "set -eu\n"
      "jobs_file=%s\n"
      "task=${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task (sbatch)}\n"
      "cmd=$(sed -n \"$((task + 1))p\" \"$jobs_file\")\n"
      "if [ -z \"$cmd\" ]; then\n"
      "  echo \"simtref sweep: no job $task in $jobs_file\" >&2\n"
      "  exit 2\n"
      "fi\n"
      "if [ -n \"${SIMTREF_SWEEP_DRY_RUN:-}\" ]; then\n"
      "  printf '%%s\\n' \"$cmd\"\n"
      "  exit 0\n"
      "fi\n"
      "eval \"exec $cmd\"\n",
      e->name, plan->n_job, plan->exp_file, dir, dir, plan->out, e->name,
      plan->n_job ? plan->n_job - 1 : 0, dir, jobs_q);
  free(jobs_q);
  free(jobs);
  return text;
}

static bool write_job_files(const sweep_plan *plan, const char *dir) {
  char *p_txt = sw_fmt("%s/jobs.txt", dir);
  char *p_tsv = sw_fmt("%s/jobs.tsv", dir);
  FILE *f = fopen(p_txt, "w");
  bool ok = f != NULL;
  for (size_t i = 0; ok && i < plan->n_job; i++) {
    char **argv = sweep_job_argv(plan, &plan->job[i]);
    char *cmd = sw_shell_join(argv);
    fprintf(f, "%s\n", cmd);
    free(cmd);
    sw_argv_free(argv);
  }
  ok = ok && fclose(f) == 0;
  FILE *g = ok ? fopen(p_tsv, "w") : NULL;
  ok = g != NULL;
  if (ok) {
    sweep_plan_write_table(plan, g);
    ok = fclose(g) == 0;
  }
  if (!ok) {
    fprintf(stderr, "simtref sweep: error: cannot write %s\n", dir);
  }
  free(p_txt);
  free(p_tsv);
  return ok;
}

int sweep_emit(const sweep_plan *plan, const char *kind, const char *dir_arg) {
  if (!sw_mkdir_p(dir_arg)) {
    return EXIT_USAGE;
  }
  char *dir = sw_realpath(dir_arg);
  if (dir == NULL || !write_job_files(plan, dir)) {
    free(dir);
    return EXIT_USAGE;
  }
  int status = EXIT_OK;
  if (strcmp(kind, "slurm") == 0) {
    char *logs = sw_fmt("%s/logs", dir);
    char *path = sw_fmt("%s/sweep.sbatch", dir);
    char *text = slurm_script(plan, dir);
    if (!sw_mkdir_p(logs) || !sw_write_file(path, text) || chmod(path, 0755) != 0) {
      status = EXIT_USAGE;
    } else {
      printf("wrote %s (array of %zu jobs), %s/jobs.txt and %s/jobs.tsv\n"
             "submit: sbatch %s\n",
             path, plan->n_job, dir, dir, path);
    }
    free(text);
    free(path);
    free(logs);
  } else {
    printf("wrote %s/jobs.txt (%zu commands) and %s/jobs.tsv\n"
           "run:    parallel --jobs N < %s/jobs.txt\n"
           "across machines sharing this file system:\n"
           "        parallel --jobs N --sshloginfile HOSTS < %s/jobs.txt\n",
           dir, plan->n_job, dir, dir, dir);
  }
  if (status == EXIT_OK) {
    printf("then:   simtref collect %s\n", plan->out);
  }
  free(dir);
  return status;
}
