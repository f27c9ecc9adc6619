// The shim of wsched_gcaws: its C fields (cmodel/src/units/wsched_gcaws/wsched_gcaws.h) bound
// to the ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wsched_gcaws.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WSCHED_GCAWS_SHIM_H
#define SIMTREF_VERIF_UNITS_WSCHED_GCAWS_SHIM_H

#include "shim_common.h"

template <class M> void bind_wsched_gcaws(M &m, st_shim::Ports &p) {
  ST_IN(valid);
  ST_IN(ready);
  ST_IN(age);
  ST_IN(crit);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_gcaws, last_valid);
  ST_REG(wsched_gcaws, last);
}

#endif
