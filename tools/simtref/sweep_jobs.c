/* The job matrix of an experiment and the command lines of its jobs. */
#include "sweep_jobs.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sweep_json.h"
#include "sweep_util.h"

static void expand(sweep_plan *plan) {
  const sweep_exp *e = plan->exp;
  plan->n_job = e->n_wl * e->n_cfg * e->n_var;
  plan->job = sw_alloc(plan->n_job * sizeof *plan->job);
  size_t id = 0;
  for (size_t w = 0; w < e->n_wl; w++) {
    for (size_t c = 0; c < e->n_cfg; c++) {
      for (size_t v = 0; v < e->n_var; v++) {
        sweep_job *j = &plan->job[id];
        j->id = id++;
        j->w = w;
        j->c = c;
        j->v = v;
        j->key = sw_fmt("%s/%s/%s", e->wl[w].label, e->cfg[c].label, e->var[v].name);
        j->dir = sw_fmt("%s/%s", plan->out, j->key);
      }
    }
  }
}

/* This executable, from /proc/self/exe (any length). */
static char *self_exe(void) {
  for (size_t size = 4096;; size *= 2) {
    char *buf = sw_alloc(size);
    ssize_t n = readlink("/proc/self/exe", buf, size);
    if (n > 0 && (size_t)n < size) {
      buf[n] = '\0';
      return buf;
    }
    free(buf);
    if (n <= 0 || size > (1u << 20)) {
      return NULL;
    }
  }
}

bool sweep_plan_init(sweep_plan *plan, const sweep_exp *exp, const char *runs_dir,
                     bool for_running) {
  memset(plan, 0, sizeof *plan);
  plan->exp = exp;
  if (for_running) {
    plan->runs = sw_abspath(runs_dir);
    plan->self = self_exe();
    plan->exp_file = sw_realpath(exp->file);
    if (plan->runs == NULL || plan->self == NULL || plan->exp_file == NULL) {
      fprintf(stderr, "simtref sweep: error: cannot resolve %s\n",
              plan->self == NULL       ? "this executable (/proc/self/exe)"
              : plan->exp_file == NULL ? exp->file
                                       : runs_dir);
      sweep_plan_free(plan);
      return false;
    }
  } else {
    plan->runs = sw_strdup(runs_dir);
  }
  size_t len = strlen(plan->runs);
  plan->out = sw_fmt("%s%s%s", plan->runs, len && plan->runs[len - 1] == '/' ? "" : "/", exp->name);
  expand(plan);
  return true;
}

void sweep_plan_init_out(sweep_plan *plan, const sweep_exp *exp, const char *out_dir) {
  memset(plan, 0, sizeof *plan);
  plan->exp = exp;
  plan->out = sw_strdup(out_dir);
  const char *slash = strrchr(out_dir, '/');
  plan->runs = slash ? sw_fmt("%.*s", (int)(slash - out_dir), out_dir) : sw_strdup(".");
  expand(plan);
}

void sweep_plan_free(sweep_plan *plan) {
  for (size_t i = 0; i < plan->n_job; i++) {
    free(plan->job[i].key);
    free(plan->job[i].dir);
  }
  free(plan->job);
  free(plan->self);
  free(plan->exp_file);
  free(plan->runs);
  free(plan->out);
  memset(plan, 0, sizeof *plan);
}

const sweep_job *sweep_plan_find(const sweep_plan *plan, const char *key) {
  for (size_t i = 0; i < plan->n_job; i++) {
    if (strcmp(plan->job[i].key, key) == 0) {
      return &plan->job[i];
    }
  }
  return NULL;
}

char **sweep_job_argv(const sweep_plan *plan, const sweep_job *job) {
  char **v = NULL;
  size_t n = 0;
  const char *words[] = {plan->self, "sweep", plan->exp_file, "--runs", plan->runs, "--job",
                         job->key};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
    sw_argv_push(&v, &n, words[i]);
  }
  return v;
}

/* Appends -c CONFIG and every -s override of the job. */
static void push_config(char ***v, size_t *n, const sweep_plan *plan, const sweep_job *job) {
  const sweep_exp *e = plan->exp;
  sw_argv_push(v, n, "-c");
  sw_argv_push(v, n, e->cfg[job->c].path ? e->cfg[job->c].path : e->cfg[job->c].spec);
  for (size_t i = 0; i < e->n_common; i++) {
    sw_argv_push(v, n, "-s");
    sw_argv_push(v, n, e->common[i].text);
  }
  const sweep_variant *var = &e->var[job->v];
  for (size_t i = 0; i < var->n_ovr; i++) {
    sw_argv_push(v, n, "-s");
    sw_argv_push(v, n, var->ovr[i].text);
  }
}

char **sweep_job_run_argv(const sweep_plan *plan, const sweep_job *job, const char *stats_path) {
  const sweep_workload *w = &plan->exp->wl[job->w];
  char **v = NULL;
  size_t n = 0;
  char seed[32];
  snprintf(seed, sizeof seed, "%" PRIu64, w->seed);
  const char *words[] = {plan->self, "run", w->name, "--size", w->size,
                         "--seed", seed};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
    sw_argv_push(&v, &n, words[i]);
  }
  if (w->variant[0] != '\0') {
    sw_argv_push(&v, &n, "--variant");
    sw_argv_push(&v, &n, w->variant);
  }
  if (w->input[0] != '\0') {
    sw_argv_push(&v, &n, "--input");
    sw_argv_push(&v, &n, w->input);
  }
  push_config(&v, &n, plan, job);
  sw_argv_push(&v, &n, "--stats");
  sw_argv_push(&v, &n, stats_path);
  return v;
}

char **sweep_job_config_argv(const sweep_plan *plan, const sweep_job *job) {
  char **v = NULL;
  size_t n = 0;
  sw_argv_push(&v, &n, plan->self);
  sw_argv_push(&v, &n, "config");
  push_config(&v, &n, plan, job);
  sw_argv_push(&v, &n, "--dump");
  return v;
}

char *sweep_job_ident(const sweep_plan *plan, const sweep_job *job) {
  const sweep_exp *e = plan->exp;
  const sweep_workload *w = &e->wl[job->w];
  uint64_t hash = e->hash ? e->hash[job->c * e->n_var + job->v] : 0;
  /* variant and input only when given: earlier jobs keep their identity */
  return sw_fmt("workload: %s\nsize: %s\nseed: %" PRIu64 "%s%s%s%s\nconfig_hash: %016" PRIx64
                "\n",
                w->name, w->size, w->seed, w->variant[0] ? "\nvariant: " : "",
                w->variant, w->input[0] ? "\ninput: " : "", w->input, hash);
}

sweep_job_state sweep_job_state_of(const sweep_job *job, const char *ident) {
  char *stats = sw_fmt("%s/stats.json", job->dir);
  sweep_job_state st;
  if (sweep_stats_complete(stats)) {
    st = SWEEP_STATE_DONE;
    if (ident != NULL) {
      char *path = sw_fmt("%s/job.txt", job->dir);
      char *have = sw_read_file(path, NULL);
      if (have == NULL || strcmp(have, ident) != 0) {
        st = SWEEP_STATE_STALE;
      }
      free(have);
      free(path);
    }
  } else if (!sw_is_dir(job->dir)) {
    st = SWEEP_STATE_MISSING;
  } else {
    char *path = sw_fmt("%s/status.txt", job->dir);
    char *status = sw_read_file(path, NULL);
    st = status != NULL && strncmp(status, "failed", 6) == 0 ? SWEEP_STATE_FAILED
                                                             : SWEEP_STATE_INCOMPLETE;
    free(status);
    free(path);
  }
  free(stats);
  return st;
}

const char *sweep_state_name(sweep_job_state s) {
  switch (s) {
  case SWEEP_STATE_DONE:
    return "done";
  case SWEEP_STATE_STALE:
    return "stale";
  case SWEEP_STATE_FAILED:
    return "failed";
  case SWEEP_STATE_INCOMPLETE:
    return "incomplete";
  case SWEEP_STATE_MISSING:
    return "missing";
  }
  return "?";
}

void sweep_plan_write_table(const sweep_plan *plan, FILE *f) {
  const sweep_exp *e = plan->exp;
  fprintf(f, "# simtref sweep job table: experiment %s, %zu jobs, baseline %s\n", e->name,
          plan->n_job, e->baseline);
  fprintf(f, "id\tworkload\tconfig\tvariant\tdir\tcommand\n");
  for (size_t i = 0; i < plan->n_job; i++) {
    const sweep_job *j = &plan->job[i];
    char **argv = sweep_job_argv(plan, j);
    char *cmd = sw_shell_join(argv);
    fprintf(f, "%zu\t%s\t%s\t%s\t%s\t%s\n", j->id, e->wl[j->w].label, e->cfg[j->c].label,
            e->var[j->v].name, j->dir, cmd);
    free(cmd);
    sw_argv_free(argv);
  }
}
