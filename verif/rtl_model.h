/* The C ABI of a Verilated unit (verif/shim_*.cpp): one entry per RTL build
 * (a unit's module with one set of parameters, possibly a planted fault).
 * The functions take and return the unit's own C structs (cmodel/src/units),
 * laid out by the unit's st_ulayout; the shim packs each field into the
 * Verilator port or register of the same name. */
#ifndef SIMTREF_VERIF_RTL_MODEL_H
#define SIMTREF_VERIF_RTL_MODEL_H

#include <stddef.h>

#include "units/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_rtl_model st_rtl_model; /* one Verilated instance */

typedef struct st_rtl_build {
  const char *unit;   /* RTL module name (st_unit_desc.name) */
  const char *params; /* Verilog parameters, as the unit's rtl_params() writes them */
  const char *mutant; /* "" for the real RTL, else the planted fault's name */
  /* Creates an instance (tracing possible when trace is nonzero). */
  st_rtl_model *(*create)(int trace);
  void (*destroy)(st_rtl_model *m);
  /* rst_ni low, then high: the registers take their reset values. */
  void (*reset)(st_rtl_model *m);
  /* Drives the inputs from in, evaluates, and writes the outputs to out
   * (every field of the layout's in and out lists). */
  void (*eval)(st_rtl_model *m, const st_ulayout *l, const void *in, void *out);
  /* A rising clock edge. */
  void (*tick)(st_rtl_model *m);
  /* Reads (or, as a backdoor, writes) the registers of the layout's state
   * list. After a write the outputs are re-evaluated on the next eval. */
  void (*read_state)(st_rtl_model *m, const st_ulayout *l, void *state);
  void (*write_state)(st_rtl_model *m, const st_ulayout *l, const void *state);
  /* FST waveform of the instance (created with trace): opens path, dumps
   * at every eval and edge, closes. 0 on success. */
  int (*trace_open)(st_rtl_model *m, const char *path);
  void (*trace_close)(st_rtl_model *m);
} st_rtl_build;

/* Every RTL build linked in, and their count. */
const st_rtl_build *const *st_rtl_builds(size_t *n);

/* The build of unit with exactly these parameters and mutant ("" = real),
 * or NULL. */
const st_rtl_build *st_rtl_find(const char *unit, const char *params, const char *mutant);

#ifdef __cplusplus
}
#endif

#endif
