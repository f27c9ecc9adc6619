/* Shared pieces of the simtref command: subcommand table, exit codes and
 * the -c/-s configuration options every simulating subcommand accepts. */
#ifndef SIMTREF_TOOL_CLI_H
#define SIMTREF_TOOL_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "simtref/config.h"

/* Exit statuses of the simtref command. */
enum {
  EXIT_OK = 0,
  EXIT_FAIL = 1,  /* the run finished but a check failed, or a kernel faulted */
  EXIT_USAGE = 2, /* bad command line, bad config or input file: nothing was run */
  EXIT_BUDGET = 3 /* the run reached sim.max_insts and stopped there: its statistics are
                     complete up to that point, its outputs are not checked */
};

#define CLI_MAX_OVERRIDES 256

/* The -c FILE and -s key=value options. */
typedef struct cli_config_args {
  const char *config;                          /* name or path; default "gtx480" */
  const char *overrides[CLI_MAX_OVERRIDES];
  size_t n_overrides;
} cli_config_args;

/* If argv[*i] is -c/--config or -s/--set (with its value in the same or the
 * next argument), consumes it into args and returns 1. Returns 0 if argv[*i]
 * is something else, -1 (after printing an error) if it is malformed. */
int cli_take_config_arg(cli_config_args *args, int argc, char **argv, int *i);

/* Resolves and loads the configuration named by args. Prints the error and
 * returns false on failure. path_out (may be NULL; ST_PATH_MAX bytes hold any
 * path) receives the file used. */
bool cli_load_config(const cli_config_args *args, st_config *cfg, char *path_out, size_t path_size);

/* Output paths are checked before anything runs, so that a run never
 * simulates for an hour and then fails to write its result. Paths have no
 * length limit of simtref's own: only the OS's (PATH_MAX, NAME_MAX).
 *
 * cli_check_output_file: path can be written the way simtref writes an
 * output (a temporary file PATH.tmp beside it, then a rename over it): its
 * directory exists and lets us create files, and path is not a directory.
 * To be sure, the temporary file is created and removed again; an existing
 * file at path is left untouched, so nothing is left behind when the run
 * later fails. On failure prints "simtref CMD: error: cannot write WHAT
 * PATH: REASON" and returns false (the caller exits with EXIT_USAGE). */
bool cli_check_output_file(const char *cmd, const char *what, const char *path);

/* cli_check_output_dir: dir can receive outputs. With create, dir and its
 * missing parents are made now; without, dir must exist, or its nearest
 * existing ancestor must be a directory we may create it in (the writer
 * makes it when it needs it). Either way an existing dir must let us create
 * files. On failure prints "simtref CMD: error: ..." and returns false. */
bool cli_check_output_dir(const char *cmd, const char *what, const char *dir, bool create);

/* Prints "simtref <cmd>: unknown option 'X'" with a hint; returns EXIT_USAGE. */
int cli_unknown_option(const char *cmd, const char *arg);

int cmd_config(int argc, char **argv);
int cmd_hetero(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_sweep(int argc, char **argv);   /* cmd_sweep.c */
int cmd_collect(int argc, char **argv); /* cmd_collect.c */
int cmd_plot(int argc, char **argv);    /* cmd_plot.c */
int cmd_area(int argc, char **argv);    /* cmd_area.c */
int cmd_units(int argc, char **argv);   /* cmd_units.c */

/* The RTL co-simulation provider of this build (cosim_provider.c), or NULL
 * when simtref was built without Verilator. */
struct st_cosim_provider;
const struct st_cosim_provider *cli_cosim_provider(void);

#include <stdio.h>
#include "simtref/simtref.h"
/* Prints the headline figures of a run (counts, and in timing mode cycles,
 * IPC, RACT, cache and DRAM figures, and the simulation rate). */
void report_summary(st_gpu *gpu, FILE *f);
/* Writes every statistic of the run and its kernels to path (JSON if it
 * ends in .json, else key = value text). Returns an exit status. */
int report_write_stats(st_gpu *gpu, const char *path, const char *what);

#endif
