// The shim of wsched_mwf: its C fields (cmodel/src/units/wsched_mwf/wsched_mwf.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wsched_mwf.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WSCHED_MWF_SHIM_H
#define SIMTREF_VERIF_UNITS_WSCHED_MWF_SHIM_H

#include "shim_common.h"

template <class M> void bind_wsched_mwf(M &m, st_shim::Ports &p) {
  ST_IN(ready);
  ST_IN(tb);
  ST_IN(cnt);
  ST_IN(tb_launch);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_mwf, last_valid);
  ST_REG(wsched_mwf, last);
}

#endif
