/* Status codes returned by every fallible simtref call. */
#ifndef SIMTREF_STATUS_H
#define SIMTREF_STATUS_H

typedef enum st_status {
  ST_OK = 0,
  ST_ERR_USAGE,     /* bad command line or API misuse */
  ST_ERR_CONFIG,    /* malformed, unknown or impossible configuration */
  ST_ERR_PTX,       /* malformed or unsupported PTX */
  ST_ERR_WORKLOAD,  /* malformed workload file */
  ST_ERR_IO,        /* a file could not be read or written */
  ST_ERR_NOMEM,     /* out of memory */
  ST_ERR_FAULT,     /* a kernel made a bad memory access */
  ST_ERR_DEADLOCK,  /* no warp can make progress */
  ST_ERR_MISMATCH,  /* a workload's result differs from its CPU reference */
  ST_ERR_LIMIT,     /* a run limit (cycles, instructions) was reached */
  ST_ERR_UNSUPPORTED,
  ST_ERR_INTERNAL,
  ST_ERR_COSIM      /* a co-simulated RTL unit differs from the C model */
} st_status;

/* A short lower-case name for a status ("config", "fault", ...). */
const char *st_status_name(st_status s);

#endif
