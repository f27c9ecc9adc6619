// The shim of cpl: its C fields (cmodel/src/units/cpl/cpl.h) bound to the ports (NAME_i,
// NAME_o) and registers (NAME_q, public_flat_rw in rtl/cpl.sv) of a Verilated model.
// verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_CPL_SHIM_H
#define SIMTREF_VERIF_UNITS_CPL_SHIM_H

#include "shim_common.h"

template <class M> void bind_cpl(M &m, st_shim::Ports &p) {
  ST_IN(now);
  ST_IN(live);
  ST_IN(tb);
  ST_IN(launch);
  ST_IN(kstatic);
  ST_IN(commit);
  ST_IN(iss_valid);
  ST_IN(iss_slot);
  ST_IN(iss_pc);
  ST_IN(iss_next);
  ST_OUT(crit);
  ST_OUT(critical);
  ST_REG(cpl, ninst);
  ST_REG(cpl, nstall);
  ST_REG(cpl, committed);
  ST_REG(cpl, t_launch);
  ST_REG(cpl, t_last);
  ST_REG(cpl, crit);
}

#endif
