// The shim of wpt: its C fields (cmodel/src/units/wpt/wpt.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wpt.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WPT_SHIM_H
#define SIMTREF_VERIF_UNITS_WPT_SHIM_H

#include "shim_common.h"

template <class M> void bind_wpt(M &m, st_shim::Ports &p) {
  ST_IN(arr_valid);
  ST_IN(arr_tb);
  ST_IN(arr_rel);
  ST_IN(exit_valid);
  ST_IN(exit_tb);
  ST_IN(exit_rel);
  ST_IN(tb_launch);
  ST_OUT(cnt);
  ST_REG(wpt, cnt);
}

#endif
