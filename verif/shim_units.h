// The binding of each unit's C fields to its Verilated model's ports
// (NAME_i, NAME_o) and registers (NAME_q, public_flat_rw in the RTL).
// One template per unit; verif/CMakeLists.txt instantiates one per build.
#ifndef SIMTREF_VERIF_SHIM_UNITS_H
#define SIMTREF_VERIF_SHIM_UNITS_H

#include "shim_common.h"

#define ST_IN(f) p.i(#f, m.f##_i)
#define ST_OUT(f) p.o(#f, m.f##_o)
#define ST_REG(unit, f) p.s(#f, m.rootp->unit##__DOT__##f##_q)

template <class M> void bind_wsched_lrr(M &m, st_shim::Ports &p) {
  ST_IN(ready);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_lrr, last_valid);
  ST_REG(wsched_lrr, last);
}

template <class M> void bind_wsched_gto(M &m, st_shim::Ports &p) {
  ST_IN(valid);
  ST_IN(ready);
  ST_IN(age);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_gto, last_valid);
  ST_REG(wsched_gto, last);
}

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

template <class M> void bind_wsched_mwf(M &m, st_shim::Ports &p) {
  ST_IN(ready);
  ST_IN(tb);
  ST_IN(cnt);
  ST_IN(tb_launch);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_OUT(key);
  ST_REG(wsched_mwf, last_valid);
  ST_REG(wsched_mwf, last);
}

template <class M> void bind_fetch_rr(M &m, st_shim::Ports &p) {
  ST_IN(eligible);
  ST_OUT(grant_valid);
  ST_OUT(grant);
  ST_REG(fetch_rr, ptr);
}

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

template <class M> void bind_wpt(M &m, st_shim::Ports &p) {
  ST_IN(arr_valid);
  ST_IN(arr_tb);
  ST_IN(arr_rel);
  ST_IN(exit_valid);
  ST_IN(exit_tb);
  ST_IN(exit_rel);
  ST_IN(tb_launch);
  ST_OUT(cnt);
  ST_REG(wpt, cnt);
}

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
