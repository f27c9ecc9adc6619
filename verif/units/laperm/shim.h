// The shim of laperm: its C fields (cmodel/src/units/laperm/laperm.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/laperm.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_LAPERM_SHIM_H
#define SIMTREF_VERIF_UNITS_LAPERM_SHIM_H

#include "shim_common.h"

template <class M> void bind_laperm(M &m, st_shim::Ports &p) {
  ST_IN(smx);
  ST_IN(ne0);
  ST_IN(ne);
  ST_IN(cnt);
  ST_IN(take);
  ST_OUT(valid);
  ST_OUT(stage);
  ST_OUT(qsm);
  ST_OUT(lvl);
  ST_REG(laperm, bvalid);
  ST_REG(laperm, backup);
}

#endif
