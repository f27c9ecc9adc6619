// The shim of fetch_cff: its C fields (cmodel/src/units/fetch_cff/fetch_cff.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/fetch_cff.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_FETCH_CFF_SHIM_H
#define SIMTREF_VERIF_UNITS_FETCH_CFF_SHIM_H

#include "shim_common.h"

template <class M> void bind_fetch_cff(M &m, st_shim::Ports &p) {
  ST_IN(eligible);
  ST_IN(at_bar);
  ST_IN(tb);
  ST_IN(age);
  ST_IN(cnt);
  ST_IN(issue_valid);
  ST_IN(issue_warp);
  ST_IN(tb_launch);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_REG(fetch_cff, tb_last_valid);
  ST_REG(fetch_cff, tb_last);
  ST_REG(fetch_cff, sched_last_valid);
  ST_REG(fetch_cff, sched_last);
  ST_REG(fetch_cff, sm_last_valid);
  ST_REG(fetch_cff, sm_last);
}

#endif
