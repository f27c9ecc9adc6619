/* Experiment files: which workloads run on which configs under which named
 * variants (sets of -s overrides), and the baseline variant results are
 * normalised to. Format: docs/experiments.md.
 *
 * An experiment expands into a job matrix, workload-major:
 *   for each workload, for each config, for each variant: one job,
 * whose outputs go to RUNS/<experiment>/<workload>/<config>/<variant>/. */
#ifndef SIMTREF_TOOL_SWEEP_EXP_H
#define SIMTREF_TOOL_SWEEP_EXP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SWEEP_LABEL_MAX 64

/* One "key=value" configuration override and where it was written. */
typedef struct sweep_override {
  char *text;          /* "key=value" */
  char *key;           /* "key" */
  char *value;         /* "value" */
  unsigned line, col;  /* of the key */
  unsigned vline, vcol; /* of the value */
} sweep_override;

typedef struct sweep_workload {
  char name[SWEEP_LABEL_MAX];  /* the benchmark (simtref list) */
  char label[SWEEP_LABEL_MAX]; /* its directory name: name, unless label: is given */
  const char *size;            /* --size: "small", "medium" or "paper" (static text) */
  uint64_t seed;               /* --seed */
  char variant[SWEEP_LABEL_MAX]; /* --variant, "" for the default */
  char input[SWEEP_LABEL_MAX];   /* --input, "" for the default */
  unsigned line, col;
} sweep_workload;

typedef struct sweep_config {
  char label[SWEEP_LABEL_MAX]; /* directory name: the name, or the file name without .yaml */
  char *spec;                  /* as written in the experiment */
  char *path;                  /* the resolved file (absolute); NULL unless checked */
  unsigned line, col;
} sweep_config;

typedef struct sweep_variant {
  char name[SWEEP_LABEL_MAX];
  sweep_override *ovr;
  size_t n_ovr;
  unsigned line, col;
} sweep_variant;

typedef struct sweep_exp {
  char *file;     /* the experiment file as given */
  char *dir;      /* the directory relative config files are resolved from */
  char name[SWEEP_LABEL_MAX];
  sweep_override *common; /* overrides: applied to every job before the variant's */
  size_t n_common;
  sweep_workload *wl;
  size_t n_wl;
  sweep_config *cfg;
  size_t n_cfg;
  sweep_variant *var;
  size_t n_var;
  char baseline[SWEEP_LABEL_MAX]; /* a variant name */
  /* With SWEEP_CHECK_CONFIGS: hash of the resolved config of (config c,
   * variant v) at hash[c * n_var + v]. */
  uint64_t *hash;
} sweep_exp;

enum {
  SWEEP_CHECK_SYNTAX = 0,        /* the file's structure and names only */
  SWEEP_CHECK_WORKLOADS = 1 << 0, /* workload names against the registry */
  SWEEP_CHECK_CONFIGS = 1 << 1,   /* resolve configs, load each with each variant's overrides */
  SWEEP_CHECK_ALL = SWEEP_CHECK_WORKLOADS | SWEEP_CHECK_CONFIGS
};

/* Loads and checks an experiment file. Every problem is printed to errs as
 * "file:line:col: error: ..." (all of them, not only the first). Returns the
 * number of errors: 0 means *exp is filled (free it with sweep_exp_free);
 * otherwise *exp is empty. */
int sweep_exp_load(sweep_exp *exp, const char *file, int checks, FILE *errs);

void sweep_exp_free(sweep_exp *exp);

/* The variant named name, or -1. */
int sweep_exp_variant(const sweep_exp *exp, const char *name);

/* True if s is usable as a directory name: 1 to 63 characters of
 * [A-Za-z0-9_.+-], not starting with '.'. */
bool sweep_label_ok(const char *s);

/* Internal to sweep_exp*.c (sweep_exp_check.c): workload names against the
 * registry; the resolution of configs and the loading of each with each
 * variant's overrides (filling exp->hash). Each returns the number of
 * errors printed. */
int sweep_exp_check_workloads(sweep_exp *exp, FILE *errs);
/* Prints "file:line:col: error: MESSAGE" and a newline to errs, with any
 * control character of MESSAGE escaped (\n, \r, \t, \xHH), so that each
 * message is one line (sweep_exp_load sorts them by line). */
void sweep_exp_error(FILE *errs, const char *file, unsigned line, unsigned col, const char *fmt,
                     ...) __attribute__((format(printf, 5, 6)));
int sweep_exp_check_configs(sweep_exp *exp, FILE *errs);

#endif
