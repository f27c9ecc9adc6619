/* The co-simulation provider the simtref command attaches to its GPUs: the
 * Verilator-based engine (verif/) when CMake found Verilator and built it
 * (SIMTREF_HAVE_COSIM), none otherwise. */
#include "cli.h"
#include "units/cosim_hook.h"

#ifdef SIMTREF_HAVE_COSIM
#include "verif/cosim.h"
#endif

const st_cosim_provider *cli_cosim_provider(void) {
#ifdef SIMTREF_HAVE_COSIM
  return st_verilator_provider();
#else
  return NULL;
#endif
}
