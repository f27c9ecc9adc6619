/* The lock-step co-simulation engine: a st_cosim_provider whose RTL twins
 * are the Verilated units linked into the program (verif/rtl_model.h).
 * See docs/cosim.md. */
#ifndef SIMTREF_VERIF_COSIM_H
#define SIMTREF_VERIF_COSIM_H

#include "units/cosim_hook.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The provider to attach to a GPU (st_gpu_set_cosim). */
const st_cosim_provider *st_verilator_provider(void);

/* Writes a unit struct's fields ("name = value" lines, arrays as their
 * elements from index 0) to buf; returns the length written. */
size_t st_cosim_format(const st_ufield *fields, unsigned n, const void *base, const char *indent,
                       char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
