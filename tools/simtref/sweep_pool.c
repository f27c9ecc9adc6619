/* The local pool: runs an experiment's jobs as child processes, at most N
 * at a time, with a progress line per finished job. */
#include "sweep_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "sweep_proc.h"
#include "sweep_util.h"

typedef struct pool_slot {
  pid_t pid;      /* 0: free */
  size_t job;     /* index into plan->job */
  double started;
} pool_slot;

typedef struct pool {
  const sweep_plan *plan;
  size_t total, skipped, done, failed, todo;
  double t0;
  char **failed_lines; /* "KEY (why): LOG" */
  size_t n_failed_lines;
} pool;

static void report(pool *p, const sweep_job *job, int wstatus, double seconds) {
  char el[32], left[32], what[128];
  double elapsed = sw_now() - p->t0;
  size_t finished = p->done + p->failed;
  sw_format_duration(elapsed, el, sizeof el);
  sw_format_duration(finished ? elapsed / (double)finished * (double)(p->todo - finished) : 0,
                     left, sizeof left);
  int width = snprintf(NULL, 0, "%zu", p->total);
  size_t count = p->skipped + finished;
  if (wstatus == 0) {
    fprintf(stderr, "[%*zu/%zu] done   %s (%.1f s) | %zu failed | elapsed %s | about %s left\n",
            width, count, p->total, job->key, seconds, p->failed, el, left);
  } else {
    sweep_describe_status(wstatus, what, sizeof what);
    char *line = sw_fmt("%s (%s): %s/run.log", job->key, what, job->dir);
    fprintf(stderr, "[%*zu/%zu] FAILED %s | %zu failed | elapsed %s | about %s left\n", width,
            count, p->total, line, p->failed, el, left);
    sw_argv_push(&p->failed_lines, &p->n_failed_lines, line);
    free(line);
  }
}

int sweep_pool_run(const sweep_plan *plan, int max_jobs) {
  const sweep_exp *e = plan->exp;
  pool p;
  memset(&p, 0, sizeof p);
  p.plan = plan;
  p.total = plan->n_job;
  size_t *todo = sw_alloc((plan->n_job + 1) * sizeof *todo);
  for (size_t i = 0; i < plan->n_job; i++) {
    char *ident = sweep_job_ident(plan, &plan->job[i]);
    sweep_job_state st = sweep_job_state_of(&plan->job[i], ident);
    free(ident);
    if (st == SWEEP_STATE_DONE) {
      p.skipped++;
      continue;
    }
    if (st == SWEEP_STATE_STALE) {
      fprintf(stderr, "sweep %s: %s changed since it ran (size, seed or config): redoing it\n",
              e->name, plan->job[i].key);
    }
    todo[p.todo++] = i;
  }
  if (max_jobs < 1) {
    max_jobs = 1;
  }
  fprintf(stderr,
          "sweep %s: %zu jobs (%zu complete already), %zu to run, %d at a time; output in %s\n",
          e->name, p.total, p.skipped, p.todo, max_jobs, plan->out);
  int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
  pool_slot *slot = sw_alloc((size_t)max_jobs * sizeof *slot);
  size_t running = 0, next = 0;
  int stop_sig = 0;
  sweep_sigs sigs;
  sweep_sigs_begin(&sigs);
  p.t0 = sw_now();
  for (;;) {
    while (stop_sig == 0 && running < (size_t)max_jobs && next < p.todo) {
      size_t j = todo[next++];
      char **argv = sweep_job_argv(plan, &plan->job[j]);
      pid_t pid = sweep_spawn(argv, devnull, -1, NULL, &sigs);
      sw_argv_free(argv);
      if (pid < 0) {
        p.failed++;
        report(&p, &plan->job[j], -1, 0.0);
        continue;
      }
      for (int s = 0; s < max_jobs; s++) {
        if (slot[s].pid == 0) {
          slot[s] = (pool_slot){pid, j, sw_now()};
          break;
        }
      }
      running++;
    }
    if (running == 0) {
      break;
    }
    int sig = sweep_sigs_wait(&sigs);
    if (sig != SIGCHLD && stop_sig == 0) {
      stop_sig = sig;
      fprintf(stderr, "sweep %s: stopping (signal %d): terminating %zu running job(s)\n", e->name,
              sig, running);
      for (int s = 0; s < max_jobs; s++) {
        if (slot[s].pid != 0) {
          kill(slot[s].pid, SIGTERM);
        }
      }
    }
    int ws;
    pid_t pid;
    while ((pid = waitpid(-1, &ws, WNOHANG)) > 0) {
      for (int s = 0; s < max_jobs; s++) {
        if (slot[s].pid != pid) {
          continue;
        }
        slot[s].pid = 0;
        running--;
        if (stop_sig != 0 && ws != 0) {
          break; /* terminated by us: incomplete, not failed */
        }
        if (ws == 0) {
          p.done++;
        } else {
          p.failed++;
        }
        report(&p, &plan->job[slot[s].job], ws, sw_now() - slot[s].started);
        break;
      }
    }
  }
  sweep_sigs_end(&sigs);
  if (devnull >= 0) {
    close(devnull);
  }
  char el[32];
  sw_format_duration(sw_now() - p.t0, el, sizeof el);
  size_t not_run = p.todo - p.done - p.failed;
  if (stop_sig != 0) {
    fprintf(stderr,
            "sweep %s: interrupted: %zu done, %zu failed, %zu skipped (complete already), %zu not "
            "run, in %s; rerun the same command to resume\n",
            e->name, p.done, p.failed, p.skipped, not_run, el);
  } else {
    fprintf(stderr,
            "sweep %s: %zu jobs: %zu done, %zu failed, %zu skipped (complete already), in %s\n",
            e->name, p.total, p.done, p.failed, p.skipped, el);
  }
  for (size_t i = 0; i < p.n_failed_lines; i++) {
    fprintf(stderr, "  failed: %s\n", p.failed_lines[i]);
  }
  if (stop_sig == 0) {
    fprintf(stderr, "results: simtref collect %s\n", plan->out);
  }
  sw_argv_free(p.failed_lines);
  free(slot);
  free(todo);
  if (stop_sig != 0) {
    return 128 + stop_sig;
  }
  return p.failed ? EXIT_FAIL : EXIT_OK;
}
