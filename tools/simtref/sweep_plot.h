/* Plots of an experiment's results with gnuplot: the data file and the
 * script are written next to the pictures, so a plot can be restyled by
 * editing NAME.gp and running `gnuplot NAME.gp` in that directory. */
#ifndef SIMTREF_TOOL_SWEEP_PLOT_H
#define SIMTREF_TOOL_SWEEP_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "sweep_results.h"

/* Writes out_dir/NAME.dat and NAME.gp: grouped bars of the metric of each
 * workload (and the geometric and arithmetic means) under each variant of
 * config, normalised to variant base. The script draws NAME.svg and
 * NAME.png. Returns false after printing an error. */
bool sweep_plot_bars(const sweep_results *res, size_t config, const char *metric, size_t base,
                     const char *out_dir, const char *name);

/* Writes out_dir/NAME.dat and NAME.gp: the metric (y; divided by its value
 * under variant base unless base < 0) against the value the variants give
 * key (x), a line per workload, for config. Variants that do not set key
 * are left out (and listed on stdout). x is numeric when every value is a
 * number, else the values are categories in variant order. Returns false
 * after printing an error (no variant sets key). */
bool sweep_plot_lines(const sweep_results *res, size_t config, const char *metric,
                      const char *key, int base, const char *out_dir, const char *name);

/* Writes out_dir/NAME.dat (a copy of the power trace csv, written by
 * simtref run --power-trace) and NAME.gp: the GPU's power, each SM's power,
 * and each SM's occupancy and clock over time. Returns false after printing
 * an error (not a power trace, no samples, not writable). */
bool sweep_plot_power(const char *csv, const char *out_dir, const char *name);

/* True if gnuplot is found in PATH. */
bool sweep_plot_have_gnuplot(void);

/* Runs `gnuplot NAME.gp` in out_dir. Returns false (after printing the
 * reason) if gnuplot failed or an output is missing or empty. */
bool sweep_plot_run(const char *out_dir, const char *name);

#endif
