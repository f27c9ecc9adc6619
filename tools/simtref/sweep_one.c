/* One job of a sweep (`simtref sweep EXP --job KEY`): the command that the
 * local pool, GNU parallel and Slurm all run. It writes the job's directory
 * (see sweep_jobs.h) and runs `simtref config --dump` and `simtref run` as
 * child processes of this same executable. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "simtref_version.h"
#include "sweep_pool.h"
#include "sweep_proc.h"
#include "sweep_util.h"

/* Runs argv with stdout and stderr appended to log_fd (stdout to out_fd
 * when out_fd >= 0). Returns the wait status (-1: not started). */
static int run_logged(char **argv, int out_fd, int log_fd, sweep_sigs *sigs, int *stop_sig) {
  return sweep_run_child(argv, out_fd >= 0 ? out_fd : log_fd, log_fd, NULL, sigs, stop_sig);
}

static void write_log_line(int fd, const char *text) {
  size_t n = strlen(text);
  while (n > 0) {
    ssize_t w = write(fd, text, n);
    if (w <= 0) {
      return;
    }
    text += w;
    n -= (size_t)w;
  }
}

static void remove_in(const char *dir, const char *name) {
  char *p = sw_fmt("%s/%s", dir, name);
  remove(p);
  free(p);
}

int sweep_job_execute(const sweep_plan *plan, const sweep_job *job) {
  char *ident = sweep_job_ident(plan, job);
  if (sweep_job_state_of(job, ident) == SWEEP_STATE_DONE) {
    printf("skipped %s: complete already (%s/stats.json)\n", job->key, job->dir);
    free(ident);
    return EXIT_OK;
  }
  if (!sw_mkdir_p(job->dir)) {
    free(ident);
    return EXIT_FAIL;
  }
  const char *stale[] = {"stats.json", "stats.tmp.json", "stats.tmp.json.tmp", "status.txt",
                         "config.yaml", "config.yaml.tmp"};
  for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
    remove_in(job->dir, stale[i]);
  }
  char *p_job = sw_fmt("%s/job.txt", job->dir);
  char *p_version = sw_fmt("%s/version.txt", job->dir);
  char *version = sw_fmt("simtref %s (git %s)\n", SIMTREF_VERSION, SIMTREF_GIT_COMMIT);
  char *p_log = sw_fmt("%s/run.log", job->dir);
  char *p_cfg = sw_fmt("%s/config.yaml", job->dir);
  char *p_cfg_tmp = sw_fmt("%s/config.yaml.tmp", job->dir);
  char *p_stats_tmp = sw_fmt("%s/stats.tmp.json", job->dir);
  char *p_stats = sw_fmt("%s/stats.json", job->dir);
  char *p_status = sw_fmt("%s/status.txt", job->dir);
  bool ok = sw_write_file(p_job, ident) && sw_write_file(p_version, version);
  int log_fd = ok ? open(p_log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) : -1;
  int cfg_fd = log_fd >= 0 ? open(p_cfg_tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)
                           : -1;
  if (ok && (log_fd < 0 || cfg_fd < 0)) {
    fprintf(stderr, "simtref sweep: error: cannot write in %s: %s\n", job->dir, strerror(errno));
    ok = false;
  }
  int status = EXIT_FAIL;
  if (ok) {
    sweep_sigs sigs;
    sweep_sigs_begin(&sigs);
    int stop_sig = 0;
    char what[128] = "";
    char **cargv = sweep_job_config_argv(plan, job);
    int ws = run_logged(cargv, cfg_fd, log_fd, &sigs, &stop_sig);
    sw_argv_free(cargv);
    close(cfg_fd);
    bool passed = false, budget = false;
    if (stop_sig == 0 && ws == 0 && rename(p_cfg_tmp, p_cfg) == 0) {
      char **rargv = sweep_job_run_argv(plan, job, p_stats_tmp);
      char *line = sw_shell_join(rargv);
      char *head = sw_fmt("$ %s\n", line);
      write_log_line(log_fd, head);
      ws = run_logged(rargv, -1, log_fd, &sigs, &stop_sig);
      sweep_describe_status(ws, what, sizeof what);
      /* A run that reached sim.max_insts is complete up to that budget. */
      budget = ws > 0 && WIFEXITED(ws) && WEXITSTATUS(ws) == EXIT_BUDGET;
      passed = stop_sig == 0 && (ws == 0 || budget) && sw_is_file(p_stats_tmp) &&
               rename(p_stats_tmp, p_stats) == 0;
      free(head);
      free(line);
      sw_argv_free(rargv);
    } else {
      remove(p_cfg_tmp);
      sweep_describe_status(ws, what, sizeof what);
      char *msg = sw_fmt("simtref config --dump failed (%s)\n", what);
      write_log_line(log_fd, msg);
      free(msg);
      snprintf(what, sizeof what, "simtref config --dump failed");
    }
    close(log_fd);
    sweep_sigs_end(&sigs);
    remove(p_stats_tmp);
    if (stop_sig != 0) {
      /* Interrupted: no status.txt, so the job counts as incomplete and reruns. */
      printf("interrupted %s\n", job->key);
      status = 128 + stop_sig;
    } else if (passed) {
      sw_write_file(p_status, budget ? "done: stopped at sim.max_insts\n" : "done\n");
      printf("done %s%s\n", job->key, budget ? " (stopped at sim.max_insts)" : "");
      status = EXIT_OK;
    } else {
      if (ws == 0) {
        snprintf(what, sizeof what, "no statistics written");
      }
      char *st = sw_fmt("failed: %s\n", what);
      sw_write_file(p_status, st);
      free(st);
      printf("FAILED %s (%s): see %s\n", job->key, what, p_log);
      status = EXIT_FAIL;
    }
  } else {
    if (log_fd >= 0) {
      close(log_fd);
    }
  }
  fflush(stdout);
  free(ident);
  free(p_job);
  free(p_version);
  free(version);
  free(p_log);
  free(p_cfg);
  free(p_cfg_tmp);
  free(p_stats_tmp);
  free(p_stats);
  free(p_status);
  return status;
}
