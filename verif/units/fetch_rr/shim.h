// The shim of fetch_rr: its C fields (cmodel/src/units/fetch_rr/fetch_rr.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/fetch_rr.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_FETCH_RR_SHIM_H
#define SIMTREF_VERIF_UNITS_FETCH_RR_SHIM_H

#include "shim_common.h"

template <class M> void bind_fetch_rr(M &m, st_shim::Ports &p) {
  ST_IN(eligible);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_REG(fetch_rr, ptr);
}

#endif
