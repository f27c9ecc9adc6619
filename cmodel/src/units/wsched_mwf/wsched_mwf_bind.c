/* wsched_mwf in the model: BAWS's most-waiting-first issue scheduler of
 * sm.warp_scheduler mwf_lrr and mwf_gto, one per warp scheduler. It reads
 * each warp's TB slot, the per-TB barrier counts the warp priority table
 * publishes (st_sm_signals.tb_count, the start-of-cycle snapshot) and the TB
 * launches since its last clock edge. */
#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_mwf/wsched_mwf.h"

ST_ISSUE_UNIT_CHECK(wsched_mwf);

static void gather(st_uinst *u, const st_sm *sm, unsigned s, uint64_t was_mem) {
  (void)was_mem;
  wsched_mwf_in *in = u->in;
  const wsched_mwf_params *p = u->p;
  unsigned ns = st_uh_sched_count(sm), nw = st_uh_sched_warps(sm, s);
  uint64_t occ = st_uh_occupied(sm);
  for (unsigned j = 0; j < nw; j++) {
    unsigned slot = j * ns + s;
    if (occ >> slot & 1) {
      in->tb[j] = (uint8_t)st_uh_warp_tb(sm, slot);
    }
  }
  const st_sm_signals *sig = st_uh_signals_c(sm);
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = sig->tb_count[b];
    in->tb_launch[b] = (uint8_t)(u->tb_launch >> b & 1);
  }
}

static const st_issue_ops ops = {offsetof(wsched_mwf_in, ready), gather};

const st_unit wsched_mwf_unit = {
    .desc = &wsched_mwf_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=mwf_lrr|mwf_gto",
    .summary = "BAWS most-waiting-first issue scheduler (round robin or GTO within a TB)",
    .ops = &ops,
};
