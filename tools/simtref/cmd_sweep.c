/* simtref sweep: run an experiment (workloads x configs x variants) here, or
 * write the files that run it with GNU parallel or Slurm. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sweep_exp.h"
#include "sweep_pool.h"
#include "sweep_util.h"

static const char *const sweep_usage =
    "usage: simtref sweep EXPERIMENT.yaml [-j N] [--runs DIR] [-q]\n"
    "       simtref sweep EXPERIMENT.yaml [--runs DIR] --emit parallel|slurm DIR\n"
    "       simtref sweep EXPERIMENT.yaml [--runs DIR] --list\n"
    "       simtref sweep EXPERIMENT.yaml [--runs DIR] --job WORKLOAD/CONFIG/VARIANT\n"
    "\n"
    "Runs every workload of an experiment file on every config under every variant\n"
    "(a named set of -s overrides); see docs/experiments.md. The file is checked\n"
    "first, configs and overrides included: any error is reported as file:line:col\n"
    "and nothing runs (exit status 2). Each job writes\n"
    "DIR/<experiment>/<workload>/<config>/<variant>/: stats.json, run.log,\n"
    "config.yaml, version.txt, job.txt, status.txt. A job whose stats.json is\n"
    "complete is skipped, so rerunning the same command resumes a sweep.\n"
    "\n"
    "  -j, --jobs N           jobs at a time on this machine (default: the number of cores)\n"
    "  --runs DIR             root of the output (default runs)\n"
    "  -q, --quiet            no status line on a terminal (the per-job lines then\n"
    "                         carry the counts, as on a pipe)\n"
    "  --emit parallel DIR    write DIR/jobs.txt, one command per job, for\n"
    "                         `parallel --jobs N < DIR/jobs.txt` (add --sshloginfile\n"
    "                         for several machines), and the job table DIR/jobs.tsv\n"
    "  --emit slurm DIR       write DIR/sweep.sbatch, a Slurm job array over\n"
    "                         DIR/jobs.txt, and DIR/jobs.tsv\n"
    "  --list                 print the job table (id, workload, config, variant,\n"
    "                         output dir, command) and run nothing\n"
    "  --job KEY              run only the job WORKLOAD/CONFIG/VARIANT: the command\n"
    "                         each job of the pool, of jobs.txt and of the Slurm array runs\n"
    "\n"
    "Paths have no length limit but the OS's; the output directories are made and\n"
    "checked writable before any job runs.\n"
    "Progress goes to stderr, a line per finished job with the jobs done, running\n"
    "and left and an estimate of the time left (ETA); on a terminal those go to one\n"
    "status line below, redrawn every second. Exit status: 0 every job done,\n"
    "1 a job failed (the others still run), 2 bad usage or a bad experiment file,\n"
    "128+N stopped by signal N (rerun to resume).\n"
    "Then: simtref collect DIR/<experiment>; simtref plot DIR/<experiment>.\n";

/* Copies the experiment file to OUT/experiment.yaml (what collect and plot
 * read) and writes the job table OUT/jobs.tsv. */
static bool record_experiment(const sweep_plan *plan) {
  if (!sw_mkdir_p(plan->out)) {
    return false;
  }
  size_t len = 0;
  char *text = sw_read_file(plan->exp->file, &len);
  if (text == NULL) {
    fprintf(stderr, "simtref sweep: error: cannot read %s\n", plan->exp->file);
    return false;
  }
  char *copy = sw_fmt("%s/experiment.yaml", plan->out);
  bool ok = sw_write_file(copy, text);
  free(copy);
  free(text);
  char *table = sw_fmt("%s/jobs.tsv", plan->out);
  FILE *f = ok ? fopen(table, "w") : NULL;
  if (f != NULL) {
    sweep_plan_write_table(plan, f);
    ok = fclose(f) == 0;
  } else if (ok) {
    fprintf(stderr, "simtref sweep: error: cannot write %s\n", table);
    ok = false;
  }
  free(table);
  return ok;
}

static int parse_jobs(const char *v, int *jobs) {
  char *end = NULL;
  long n = strtol(v, &end, 10);
  if (*v == '\0' || *end != '\0' || n < 1 || n > 4096) {
    fprintf(stderr, "simtref sweep: error: -j takes a number from 1 to 4096, not '%s'\n", v);
    return -1;
  }
  *jobs = (int)n;
  return 0;
}

int cmd_sweep(int argc, char **argv) {
  const char *file = NULL, *runs = "runs", *emit_kind = NULL, *emit_dir = NULL, *job_key = NULL;
  bool list = false, quiet = false;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int jobs = cores > 0 ? (int)(cores > 4096 ? 4096 : cores) : 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(sweep_usage, stdout);
      return EXIT_OK;
    } else if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0) {
      if (!has_value || parse_jobs(argv[++i], &jobs) != 0) {
        if (!has_value) {
          fprintf(stderr, "simtref sweep: error: %s needs a number\n", a);
        }
        return EXIT_USAGE;
      }
    } else if (strncmp(a, "-j", 2) == 0 && a[2] >= '0' && a[2] <= '9') {
      if (parse_jobs(a + 2, &jobs) != 0) {
        return EXIT_USAGE;
      }
    } else if (strcmp(a, "--runs") == 0 || strcmp(a, "--job") == 0) {
      if (!has_value) {
        fprintf(stderr, "simtref sweep: error: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      *(strcmp(a, "--runs") == 0 ? &runs : &job_key) = argv[++i];
    } else if (strcmp(a, "--emit") == 0) {
      if (i + 2 >= argc) {
        fprintf(stderr, "simtref sweep: error: --emit needs a kind (parallel or slurm) and a "
                        "directory\n");
        return EXIT_USAGE;
      }
      emit_kind = argv[++i];
      emit_dir = argv[++i];
      if (strcmp(emit_kind, "parallel") != 0 && strcmp(emit_kind, "slurm") != 0) {
        fprintf(stderr, "simtref sweep: error: --emit takes parallel or slurm, not '%s'\n",
                emit_kind);
        return EXIT_USAGE;
      }
    } else if (strcmp(a, "--list") == 0) {
      list = true;
    } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
      quiet = true;
    } else if (a[0] == '-' && a[1] != '\0') {
      return cli_unknown_option("sweep", a);
    } else if (file == NULL) {
      file = a;
    } else {
      fprintf(stderr, "simtref sweep: error: more than one experiment file ('%s', '%s')\n", file,
              a);
      return EXIT_USAGE;
    }
  }
  if (file == NULL) {
    fputs(sweep_usage, stderr);
    return EXIT_USAGE;
  }
  if ((emit_kind != NULL) + list + (job_key != NULL) > 1) {
    fprintf(stderr, "simtref sweep: error: --emit, --list and --job exclude each other\n");
    return EXIT_USAGE;
  }
  sweep_exp exp;
  if (sweep_exp_load(&exp, file, SWEEP_CHECK_ALL, stderr) != 0) {
    fprintf(stderr, "simtref sweep: %s: nothing was run\n", file);
    return EXIT_USAGE;
  }
  sweep_plan plan;
  if (!sweep_plan_init(&plan, &exp, runs, true)) {
    sweep_exp_free(&exp);
    return EXIT_USAGE;
  }
  int status;
  if (job_key != NULL) {
    const sweep_job *job = sweep_plan_find(&plan, job_key);
    if (job == NULL) {
      fprintf(stderr,
              "simtref sweep: error: %s has no job '%s' (a job is WORKLOAD/CONFIG/VARIANT; "
              "see --list)\n",
              file, job_key);
      status = EXIT_USAGE;
    } else {
      status = sweep_job_execute(&plan, job);
    }
  } else if (list) {
    sweep_plan_write_table(&plan, stdout);
    status = EXIT_OK;
  } else if (!cli_check_output_dir("sweep", "the output directory", plan.out, true) ||
             (emit_dir != NULL &&
              !cli_check_output_dir("sweep", "the --emit directory", emit_dir, true)) ||
             !record_experiment(&plan)) {
    status = EXIT_USAGE;
  } else if (emit_kind != NULL) {
    status = sweep_emit(&plan, emit_kind, emit_dir);
  } else {
    status = sweep_pool_run(&plan, jobs, quiet);
  }
  sweep_plan_free(&plan);
  sweep_exp_free(&exp);
  return status;
}
