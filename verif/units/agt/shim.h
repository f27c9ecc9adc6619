// The shim of agt: its C fields (cmodel/src/units/agt/agt.h) bound to the ports (NAME_i,
// NAME_o) and registers (NAME_q, public_flat_rw in rtl/agt.sv) of a Verilated model.
// verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_AGT_SHIM_H
#define SIMTREF_VERIF_UNITS_AGT_SHIM_H

#include "shim_common.h"

template <class M> void bind_agt(M &m, st_shim::Ports &p) {
  ST_IN(cmd);
  ST_IN(kde);
  ST_IN(hwtid);
  ST_IN(gref);
  ST_IN(ref);
  ST_IN(gnext);
  ST_OUT(accept);
  ST_OUT(hit);
  ST_OUT(conflict);
  ST_OUT(ref);
  ST_OUT(requeue);
  ST_OUT(link_global);
  ST_OUT(unmark);
  ST_OUT(freed);
  ST_OUT(error);
  ST_OUT(nagei);
  ST_OUT(marked);
  ST_OUT(first);
  ST_OUT(n_valid);
  ST_REG(agt, nagei);
  ST_REG(agt, lagei);
  ST_REG(agt, marked);
  ST_REG(agt, first);
  ST_REG(agt, nvalid);
  ST_REG(agt, valid);
  ST_REG(agt, dist);
  ST_RAM(agt, u_exebl, exebl);
  ST_RAM(agt, u_next, next);
}

#endif
