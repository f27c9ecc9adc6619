// The shim of wsched_tls: its C fields (cmodel/src/units/wsched_tls/wsched_tls.h) bound to the
// ports (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in rtl/wsched_tls.sv)
// of a Verilated model. verif/CMakeLists.txt instantiates it once per RTL build.
#ifndef SIMTREF_VERIF_UNITS_WSCHED_TLS_SHIM_H
#define SIMTREF_VERIF_UNITS_WSCHED_TLS_SHIM_H

#include "shim_common.h"

template <class M> void bind_wsched_tls(M &m, st_shim::Ports &p) {
  ST_IN(valid);
  ST_IN(ready);
  ST_IN(exited);
  ST_IN(mem_wait);
  ST_IN(age);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_tls, n_active);
  ST_REG(wsched_tls, active);
  ST_REG(wsched_tls, last_valid);
  ST_REG(wsched_tls, last);
}

#endif
