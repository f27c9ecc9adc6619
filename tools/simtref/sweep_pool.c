/* The local pool: runs an experiment's jobs as child processes, at most N
 * at a time, with a progress line per finished job: jobs done, running and
 * left and an estimate of the time left, appended to each line, or on a
 * terminal in a status line of their own below them (progress.h). */
#include "sweep_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "progress.h"
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
  size_t running, next;  /* jobs running; the next of todo to start */
  int max_jobs;
  pool_slot *slot;       /* max_jobs of them */
  double job_seconds;    /* wall time of the finished jobs that ran, summed */
  size_t n_timed;        /* ... and their number */
  bool line;             /* a status line on the terminal */
  double t0;
  char **failed_lines; /* "KEY (why): LOG" */
  size_t n_failed_lines;
} pool;

/* Seconds until every job is finished, estimated from the mean time of the
 * finished ones: the work left (jobs not started, and what the running ones
 * still need) spread over the pool, but no less than the running job
 * furthest from its end still needs. Negative when nothing finished yet. */
static double eta(const pool *p, double now) {
  if (p->n_timed == 0) {
    return -1.0;
  }
  double mean = p->job_seconds / (double)p->n_timed;
  double work = mean * (double)(p->todo - p->next), longest = 0.0;
  for (int s = 0; s < p->max_jobs; s++) {
    if (p->slot[s].pid != 0) {
      double need = mean - (now - p->slot[s].started);
      need = need > 0.0 ? need : 0.0;
      work += need;
      longest = need > longest ? need : longest;
    }
  }
  double spread = work / (double)p->max_jobs;
  return spread > longest ? spread : longest;
}

/* "N done, M running, K left, ETA T" (T is --:-- until a job finished). */
static char *counts(const pool *p) {
  char t[32] = "--:--";
  double e = eta(p, sw_now());
  if (e >= 0.0) {
    sw_format_duration(e, t, sizeof t);
  }
  return sw_fmt("%zu done, %zu running, %zu left, ETA %s", p->skipped + p->done, p->running,
                p->todo - p->next, t);
}

/* The status line: where the sweep stands, now. */
static void draw(const pool *p) {
  if (!p->line) {
    return;
  }
  char el[32];
  sw_format_duration(sw_now() - p->t0, el, sizeof el);
  char *c = counts(p);
  char *text = sw_fmt("sweep %s: %s | %zu failed | elapsed %s", p->plan->exp->name, c,
                      p->failed, el);
  cli_status_draw(text);
  free(text);
  free(c);
}

static void report(pool *p, const sweep_job *job, int wstatus, double seconds) {
  char el[32], what[128];
  if (wstatus >= 0) {
    p->job_seconds += seconds;
    p->n_timed++;
  }
  double elapsed = sw_now() - p->t0;
  size_t finished = p->done + p->failed;
  sw_format_duration(elapsed, el, sizeof el);
  int width = snprintf(NULL, 0, "%zu", p->total);
  size_t count = p->skipped + finished;
  /* On a terminal the counts are in the status line below; else on each line. */
  char *c = counts(p);
  char *tail = p->line ? sw_fmt("%s", "") : sw_fmt(" | %s", c);
  free(c);
  cli_status_erase();
  if (wstatus == 0) {
    fprintf(stderr, "[%*zu/%zu] done   %s (%.1f s) | %zu failed | elapsed %s%s\n", width, count,
            p->total, job->key, seconds, p->failed, el, tail);
  } else {
    sweep_describe_status(wstatus, what, sizeof what);
    char *line = sw_fmt("%s (%s): %s/run.log", job->key, what, job->dir);
    fprintf(stderr, "[%*zu/%zu] FAILED %s | %zu failed | elapsed %s%s\n", width, count, p->total,
            line, p->failed, el, tail);
    sw_argv_push(&p->failed_lines, &p->n_failed_lines, line);
    free(line);
  }
  free(tail);
  draw(p);
}

int sweep_pool_run(const sweep_plan *plan, int max_jobs, bool quiet) {
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
  p.slot = slot;
  p.max_jobs = max_jobs;
  p.line = cli_status_wanted(quiet);
  size_t running = 0, next = 0;
  int stop_sig = 0;
  sweep_sigs sigs;
  sweep_sigs_begin(&sigs);
  p.t0 = sw_now();
  for (;;) {
    while (stop_sig == 0 && running < (size_t)max_jobs && next < p.todo) {
      size_t j = todo[next++];
      p.next = next;
      char **argv = sweep_job_argv(plan, &plan->job[j]);
      cli_status_erase(); /* a failed start says so on stderr */
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
      p.running = running;
    }
    if (running == 0) {
      break;
    }
    draw(&p);
    /* With a status line, its clock moves on every second. */
    int sig = p.line ? sweep_sigs_wait_for(&sigs, 1.0) : sweep_sigs_wait(&sigs);
    if (sig == 0) {
      continue;
    }
    if (sig != SIGCHLD && stop_sig == 0) {
      stop_sig = sig;
      cli_status_erase();
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
        p.running = running;
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
  cli_status_erase();
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
