// The shim of dvfs: its C fields (cmodel/src/units/dvfs/dvfs.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/dvfs.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_DVFS_SHIM_H
#define SIMTREF_VERIF_UNITS_DVFS_SHIM_H

#include "shim_common.h"

template <class M> void bind_dvfs(M &m, st_shim::Ports &p) {
  ST_IN(active);
  ST_IN(pending);
  ST_IN(fits);
  ST_OUT(sample);
  ST_OUT(closed);
  ST_OUT(flow);
  ST_OUT(vlow);
  ST_OUT(gflow);
  ST_OUT(gvlow);
  ST_OUT(dvr);
  ST_OUT(drn);
  ST_OUT(dvfs);
  ST_REG(dvfs, acc);
  ST_REG(dvfs, dvr);
  ST_REG(dvfs, drn);
  ST_REG(dvfs, dcnt);
  ST_REG(dvfs, lvl);
  ST_REG(dvfs, xcnt);
  ST_REG(dvfs, xtgt);
  ST_REG(dvfs, cnt);
  ST_REG(dvfs, glvl);
  ST_REG(dvfs, gxcnt);
  ST_REG(dvfs, gxtgt);
}

#endif
