/* simtref hetero: the measured data set (measure), the models' fit with
 * cross-validation (fit) and the selector's evaluation (evaluate); files
 * under one directory (docs/units/heteropdp.md "Data"). */
#ifndef SIMTREF_TOOLS_HETERO_DATA_H
#define SIMTREF_TOOLS_HETERO_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "hetero/hetero.h"
#include "hetero_host.h"

/* One row of data.csv: a benchmark at a size, alone (corun "-") or beside
 * one co-runner. */
typedef struct hd_row {
  char workload[32], size[8], input[32], corun[32];
  st_hfeatures f;        /* system features 0 when alone */
  double gpu_kernel_s, gpu_xfer_s;
  double cpu_s, gpu_s;   /* alone */
  double cpu_coloc_s, gpu_coloc_s;
  double corun_alone_s, corun_sd_cpu, corun_sd_gpu;
  double copy_factor;
} hd_row;

typedef struct hd_set {
  hd_row *rows;
  size_t n, cap;
} hd_set;

bool hd_read(const char *path, hd_set *set, char *err, size_t errn);
bool hd_write(const hd_set *set, const char *path, char *err, size_t errn);
bool hd_add(hd_set *set, const hd_row *row);
void hd_free(hd_set *set);

/* Bubble-up tables as text files. */
bool hd_bubble_save(const hh_bubble *b, const char *path, char *err, size_t errn);
bool hd_bubble_load(const char *path, hh_bubble *b, char *err, size_t errn);
/* The decision library's view of a table (wall-time slowdowns). */
void hd_bubble_view(const hh_bubble *b, st_hbubble *out);

/* The directory of host data: $SIMTREF_HETERO_DATA, else
 * $HOME/.cache/simtref/hetero; made if missing. */
bool hd_host_dir(const char *given, char *out, size_t n, char *err, size_t errn);

/* The calibration and a co-runner's Bubble-up table under dir, measured and
 * saved there when missing (says so on stdout). */
bool hd_calib(const char *dir, int threads, hh_calib *cal, char *err, size_t errn);
bool hd_bubble(const char *dir, const char *name, int threads, hh_bubble *b, char *err,
               size_t errn);

/* The co-runners a --co-run list names (NULL or "all": every program;
 * "none", where allow_none: no program), as the programs' own names. false
 * after printing "simtref CMD: error: unknown co-runner 'X'". */
bool hd_corun_list(const char *cmd, const char *list, bool allow_none, const char **out,
                   size_t *n);

/* The pressure context for the decision on this host. */
void hd_pressure(const hh_calib *cal, st_hpressure *p);

int hetero_measure(int argc, char **argv);
int hetero_fit(int argc, char **argv);
int hetero_evaluate(int argc, char **argv);

#endif
