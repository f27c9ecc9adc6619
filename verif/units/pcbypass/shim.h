// The shim of pcbypass: its C fields (cmodel/src/units/pcbypass/pcbypass.h, units/l1d_pc.h) bound to the ports
// (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/pcbypass.sv) of a Verilated model.
// verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_PCBYPASS_SHIM_H
#define SIMTREF_VERIF_UNITS_PCBYPASS_SHIM_H

#include "shim_common.h"

template <class M> void bind_pcbypass(M &m, st_shim::Ports &p) {
  ST_IN(op);
  ST_IN(pc);
  ST_IN(load);
  ST_IN(meta);
  ST_OUT(bypass);
  ST_OUT(meta);
  ST_REG(pcbypass, cnt);
}

#endif
