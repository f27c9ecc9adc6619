/* Workload files: a YAML description of buffers and kernel launches that
 * `simtref run FILE.yaml` executes without any host code.
 *
 *   ptx: kernels.ptx                  # relative to this file
 *   buffers:
 *     a:   {bytes: 4096, init: a.bin} # raw little-endian file, or init: zero
 *     out: {bytes: 4096, init: zero, output: out.bin, expect: out.expected.bin}
 *     f:   {bytes: 64, init: zero, output: f.bin, expect: f.exp.bin,
 *           compare: {type: f32, ulp: 2}}
 *   launches:                         # in order, one stream
 *     - entry: _Z6kernelPfS_i
 *       grid: [128, 1, 1]
 *       block: [100, 1, 1]
 *       shared_bytes: 0
 *       params: [{buffer: a}, {buffer: out, offset: 16}, {s32: 1000}, {f32: 0.5},
 *                {f32: {bits: 0x3f000000}}]
 */
#ifndef SIMTREF_WORKLOAD_H
#define SIMTREF_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/error.h"
#include "simtref/simtref.h"

/* Bytes of a buffer name (checked: a longer one is an error) and of a path
 * (ST_PATH_MAX: any path the OS accepts; a longer one is an error). */
#define ST_WL_NAME_MAX 128
#define ST_WL_PATH_MAX ST_PATH_MAX

typedef struct st_wl_buffer {
  char name[ST_WL_NAME_MAX];
  uint64_t bytes;
  char init[ST_WL_PATH_MAX];   /* "" = zero-filled; else a resolved file path */
  char output[ST_WL_PATH_MAX]; /* "" = not written */
  char expect[ST_WL_PATH_MAX]; /* "" = not compared */
  int compare_type;            /* 0 = bytes; else st_ptype PT_F32 / PT_F64 */
  uint32_t compare_ulp;
  unsigned line, col;          /* where the buffer is declared */
} st_wl_buffer;

typedef struct st_wl_param {
  int is_buffer;
  uint32_t buffer;   /* index into buffers */
  uint64_t offset;   /* byte offset added to the buffer's address */
  st_arg arg;        /* scalar: bits and size; by-value bytes: size and data (= bytes) */
  uint8_t *bytes;    /* a struct or array passed by value ({bytes:}, {file:}, {fields:}) */
  uint32_t align;    /* the alignment the file states for it (align:), 0 when none */
  unsigned line, col; /* where the parameter is in the file */
} st_wl_param;

typedef struct st_wl_launch {
  char entry[256];
  st_dim3 grid, block;
  uint32_t shared_bytes;
  uint32_t stream;       /* the file's stream number (0: the default stream) */
  st_wl_param *params;
  size_t n_params;
  unsigned line, col;
} st_wl_launch;

typedef struct st_workload {
  char path[ST_WL_PATH_MAX];  /* the YAML file */
  char ptx[ST_WL_PATH_MAX];   /* resolved PTX path */
  st_wl_buffer *buffers;
  size_t n_buffers;
  st_wl_launch *launches;
  size_t n_launches;
} st_workload;

/* Reads and checks a workload file. Relative paths resolve against the
 * file's directory; outputs resolve against out_dir when it is not NULL.
 * Errors ("file:line:col: error: ...") go to err with ST_ERR_WORKLOAD; a
 * resolved path longer than ST_WL_PATH_MAX - 1 is one of them. */
st_status st_workload_load(const char *path, const char *out_dir, st_workload **out,
                           st_error *err);
void st_workload_free(st_workload *wl);

/* The verdict on one buffer after a run. */
typedef struct st_wl_verdict {
  const char *buffer;
  bool compared;
  bool match;
  uint64_t mismatches;       /* elements (or bytes) that differ */
  uint64_t first_offset;     /* byte offset of the first difference */
  char detail[256];          /* expected vs actual at the first difference */
} st_wl_verdict;

/* Runs a workload on gpu: allocates and fills the buffers, loads the PTX,
 * performs the launches, then writes outputs (whole files, written to a
 * temporary name and renamed) and compares against expected files.
 * verdicts (one per buffer, may be NULL) is filled in. Returns ST_OK if the
 * run completed, whatever the comparisons say. */
st_status st_workload_run(const st_workload *wl, st_gpu *gpu, st_wl_verdict *verdicts,
                          st_error *err);

/* Compares a buffer's contents with the expected bytes under the buffer's
 * comparison rule (exact bytes, or per-element ulp tolerance). */
void st_workload_compare(const st_wl_buffer *b, const uint8_t *got, const uint8_t *want,
                         st_wl_verdict *v);

/* Reads exactly n bytes of a file. */
st_status st_read_whole_file(const char *path, uint8_t *buf, uint64_t n, st_error *err);

/* Writes a whole file through a temporary name and a rename, so that no
 * partial file is ever left under path. */
st_status st_write_whole_file(const char *path, const uint8_t *buf, uint64_t n, st_error *err);

#endif
