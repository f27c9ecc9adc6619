// The shim of cacp: its C fields (cmodel/src/units/cacp/cacp.h) bound to the ports (NAME_i,
// NAME_o) and registers (NAME_q, public_flat_rw in rtl/cacp.sv) of a Verilated model.
// verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_CACP_SHIM_H
#define SIMTREF_VERIF_UNITS_CACP_SHIM_H

#include "shim_common.h"

template <class M> void bind_cacp(M &m, st_shim::Ports &p) {
  ST_IN(op);
  ST_IN(req);
  ST_IN(pc);
  ST_IN(addr);
  ST_IN(crit);
  ST_IN(load);
  ST_IN(store);
  ST_IN(clean_only);
  ST_IN(way);
  ST_IN(replaced);
  ST_IN(old_meta);
  ST_IN(wstate);
  ST_IN(wdirty);
  ST_IN(meta);
  ST_OUT(sig);
  ST_OUT(part_crit);
  ST_OUT(victim_valid);
  ST_OUT(victim);
  ST_OUT(meta);
  ST_REG(cacp, ccbp);
  ST_REG(cacp, ship);
}

#endif
