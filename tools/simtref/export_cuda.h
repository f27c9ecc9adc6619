/* simtref run --export-cuda DIR: records a run's host API calls and writes a
 * standalone CUDA program that replays them (docs/export-cuda.md). */
#ifndef SIMTREF_TOOLS_EXPORT_CUDA_H
#define SIMTREF_TOOLS_EXPORT_CUDA_H

#include <stdbool.h>

#include "simtref/simtref.h"

typedef struct st_exporter st_exporter;

/* Checks that dir can be made (it must not exist, or be an empty directory)
 * and starts recording into a temporary directory beside it. NULL after
 * printing why. */
st_exporter *st_export_begin(const char *dir);

/* The recorder to pass to st_gpu_record_api with the exporter as context. */
void st_export_record(void *ctx, const st_api_event *ev);

/* Writes the program (main.cu, kernels.h, the kernels' sources, Makefile,
 * README) and moves the directory into place. title names the run in the
 * README. False after printing why; the partial directory is removed. */
bool st_export_finish(st_exporter *x, const char *title);

/* Removes the partial directory (the run failed) and frees x. */
void st_export_abort(st_exporter *x);

#endif
