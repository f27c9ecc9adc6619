// The shim of ctrlc: its C fields (cmodel/src/units/ctrlc/ctrlc.h, units/l1d_pc.h) bound to the ports
// (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/ctrlc.sv) of a Verilated model.
// verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_CTRLC_SHIM_H
#define SIMTREF_VERIF_UNITS_CTRLC_SHIM_H

#include "shim_common.h"

template <class M> void bind_ctrlc(M &m, st_shim::Ports &p) {
  ST_IN(op);
  ST_IN(pc);
  ST_IN(load);
  ST_IN(meta);
  ST_OUT(bypass);
  ST_OUT(meta);
  ST_REG(ctrlc, agg);
  ST_REG(ctrlc, byp);
  ST_REG(ctrlc, zero);
  ST_REG(ctrlc, insert);
}

#endif
