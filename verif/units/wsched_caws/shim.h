// The shim of wsched_caws: its C fields (cmodel/src/units/wsched_caws/wsched_caws.h) bound to
// the ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wsched_caws.sv) of a
// Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WSCHED_CAWS_SHIM_H
#define SIMTREF_VERIF_UNITS_WSCHED_CAWS_SHIM_H

#include "shim_common.h"

template <class M> void bind_wsched_caws(M &m, st_shim::Ports &p) {
  ST_IN(valid);
  ST_IN(ready);
  ST_IN(launch);
  ST_IN(level);
  ST_IN(age);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_caws, cnt);
}

#endif
