// The shim of wsched_lrr: its C fields (cmodel/src/units/wsched_lrr/wsched_lrr.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wsched_lrr.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WSCHED_LRR_SHIM_H
#define SIMTREF_VERIF_UNITS_WSCHED_LRR_SHIM_H

#include "shim_common.h"

template <class M> void bind_wsched_lrr(M &m, st_shim::Ports &p) {
  ST_IN(ready);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_lrr, last_valid);
  ST_REG(wsched_lrr, last);
}

#endif
