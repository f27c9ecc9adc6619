/* The criticality profile (docs/latency-study.md, "The criticality
 * profile"): one record per warp of every kernel launch of a timing run (its
 * execution time and probe categories), written by `simtref run
 * --profile-criticality FILE`, and read back as the oracle of the CAWS
 * schedulers (sm.caws_profile; docs/units/wsched_caws.md).
 *
 * The file (format version 1) is text: `#` header lines naming the
 * workload and every launch (kernel, grid, block), a column line, then one
 * CSV row per warp, sorted by (launch, CTA, warp). */
#ifndef SIMTREF_GPU_CRITPROF_H
#define SIMTREF_GPU_CRITPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "core/sm.h"
#include "simtref/simtref.h"

#define ST_CRITPROF_VERSION 1
#define ST_CRITPROF_NAME_MAX 256
#define ST_CRITPROF_NO_TIME UINT64_MAX

/* One launch as the profile knows it, and its warps' times. */
typedef struct st_critlaunch {
  char kernel[ST_CRITPROF_NAME_MAX];
  st_dim3 grid, block;
  uint32_t warps_per_cta;
  uint64_t n_ctas;
  uint64_t *time;      /* [cta * warps_per_cta + warp]; ST_CRITPROF_NO_TIME: no row */
  unsigned line;       /* its header line (for messages) */
} st_critlaunch;

/* A loaded profile (the oracle), or the record of a run being profiled. */
typedef struct st_critprof {
  char path[ST_PATH_MAX];                  /* the file read (oracle) */
  char workload[ST_CRITPROF_NAME_MAX * 4]; /* the workload and its size/arguments */
  st_critlaunch *launch;
  size_t n_launch, cap_launch;
  st_critrec *rec;                         /* recording: the warps retired so far */
  size_t n_rec, cap_rec;
  bool oom;                                /* recording: a record was lost (out of memory) */
} st_critprof;

void st_critprof_free(st_critprof *p);

/* Recording: launch `index` (the kernel statistics' index) of kernel k
 * began. */
st_status st_critprof_add_launch(st_critprof *p, size_t index, const st_kernel *k,
                                 st_error *err);
/* Recording: a warp retired (an st_critrec_sink, ctx the st_critprof).
 * False when out of memory. */
bool st_critprof_add_record(void *p, const st_critrec *r);

/* Writes the recorded profile to path (a temporary name, then renamed: no
 * partial file is ever left under path). */
st_status st_critprof_write(st_critprof *p, const char *path, const char *workload,
                            const char *config, st_error *err);

/* Reads path into p (format errors as path:line:col). */
st_status st_critprof_load(st_critprof *p, const char *path, st_error *err);

/* The oracle's launch `index` checked against kernel k (name, grid, block
 * and a time for every warp): NULL with the difference in err when they
 * disagree or the profile lacks it. */
const st_critlaunch *st_critprof_match(const st_critprof *p, size_t index, const st_kernel *k,
                                       st_error *err);

#endif
