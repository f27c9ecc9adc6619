// The shim of dyncta: its C fields (cmodel/src/units/dyncta/dyncta.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/dyncta.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_DYNCTA_SHIM_H
#define SIMTREF_VERIF_UNITS_DYNCTA_SHIM_H

#include "shim_common.h"

template <class M> void bind_dyncta(M &m, st_shim::Ports &p) {
  ST_IN(kernel_start);
  ST_IN(n_max);
  ST_IN(drained);
  ST_IN(stall);
  ST_IN(ready);
  ST_IN(mem_any);
  ST_IN(mem_all);
  ST_IN(membar_all);
  ST_IN(launch_valid);
  ST_IN(launch_slot);
  ST_IN(cta_exit);
  ST_IN(paused_ready);
  ST_IN(paused_issued);
  ST_OUT(n);
  ST_OUT(n_paused);
  ST_OUT(can_accept);
  ST_OUT(paused);
  ST_OUT(rank);
  ST_OUT(decision);
  ST_OUT(dec_valid);
  ST_OUT(boost);
  ST_REG(dyncta, c_idle);
  ST_REG(dyncta, c_mem);
  ST_REG(dyncta, timer);
  ST_REG(dyncta, n);
  ST_REG(dyncta, n_max);
  ST_REG(dyncta, n_cta);
  ST_REG(dyncta, valid);
  ST_REG(dyncta, rank);
  ST_REG(dyncta, decision);
  ST_REG(dyncta, dec_valid);
  ST_REG(dyncta, starve);
}

#endif
