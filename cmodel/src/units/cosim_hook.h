/* The registration interface between the GPU model and a co-simulation
 * provider (verif/: Verilated RTL of the units, the lock-step engine).
 *
 * libsimtref has no Verilator dependency: the SM only calls a provider
 * through this table. The simtref command attaches one to a GPU with
 * st_gpu_set_cosim() when it was built with Verilator; a GPU without one
 * refuses to run with cosim.units set. */
#ifndef SIMTREF_UNITS_COSIM_HOOK_H
#define SIMTREF_UNITS_COSIM_HOOK_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "simtref/config.h"
#include "units/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_cosim_check st_cosim_check; /* one RTL twin of a unit instance */
typedef struct st_gpu st_gpu;

typedef struct st_cosim_provider {
  void *ctx;
  /* Creates the RTL twin of one unit instance. instance names it in reports
   * ("sm3.wsched1"); mutant (NULL: none) selects a planted-fault build;
   * rtl_drives makes the RTL's outputs drive the model. Fails with
   * ST_ERR_UNSUPPORTED when no RTL model was built for these parameters. */
  st_status (*attach)(void *ctx, const st_unit_desc *desc, const void *params,
                      const char *instance, const char *mutant, bool rtl_drives,
                      const st_config *cfg, st_cosim_check **out, st_error *err);
  /* rst_ni: the RTL goes to its reset state (the C model was reset too). */
  void (*reset)(st_cosim_check *c);
  /* Drives the RTL with in (the C model saw the same), and compares its
   * outputs with c_out and its state with c_state (the C model's state
   * before the edge). Writes to out the outputs the model goes on with: the
   * C model's, or the RTL's when it drives. On the first difference returns
   * ST_ERR_MISMATCH with a report in err (and writes a waveform). May be
   * called more than once per cycle; the last call before tick counts. */
  st_status (*eval)(st_cosim_check *c, uint64_t cycle, const void *in, const void *c_state,
                    const void *c_out, void *out, st_error *err);
  /* The clock edge, after the last eval of the cycle. */
  void (*tick)(st_cosim_check *c);
  void (*destroy)(st_cosim_check *c);
} st_cosim_provider;

/* Attaches a provider to a GPU (NULL detaches). Must be called before the
 * first timing-mode kernel runs. */
void st_gpu_set_cosim(st_gpu *gpu, const st_cosim_provider *p);

/* Builds the timing machine now rather than at the first kernel, attaching
 * the co-simulated units: a bad cosim.units (an unknown unit, no RTL build
 * for these parameters, no provider) fails here, before anything runs. */
st_status st_gpu_prepare_cosim(st_gpu *gpu, st_error *err);

#ifdef __cplusplus
}
#endif

#endif
