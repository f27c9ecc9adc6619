/* wsched_gcaws in the model: the issue scheduler of sm.warp_scheduler gcaws,
 * one per warp scheduler. Besides the ready vector it reads which of its
 * warp slots hold a warp, their age ranks and the criticality CPL publishes
 * (st_sm_signals.crit; gcaws selects cpl). */
#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_gcaws/wsched_gcaws.h"

ST_ISSUE_UNIT_CHECK(wsched_gcaws);

static void gather(st_uinst *u, const st_sm *sm, unsigned s, uint64_t was_mem) {
  (void)was_mem;
  wsched_gcaws_in *in = u->in;
  const wsched_gcaws_params *p = u->p;
  uint32_t cmask = (UINT32_C(1) << p->crit_w) - 1;
  unsigned ns = st_uh_sched_count(sm), nw = st_uh_sched_warps(sm, s);
  uint64_t occ = st_uh_occupied(sm);
  const st_sm_signals *sig = st_uh_signals_c(sm);
  for (unsigned j = 0; j < nw; j++) {
    unsigned slot = j * ns + s;
    if (occ >> slot & 1) {
      in->valid[j] = 1;
      in->age[j] = (uint8_t)st_uh_warp_age(sm, slot);
      in->crit[j] = sig->crit[slot] & cmask;
    }
  }
}

static const st_issue_ops ops = {offsetof(wsched_gcaws_in, ready), gather};

const st_unit wsched_gcaws_unit = {
    .desc = &wsched_gcaws_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=gcaws",
    .summary = "CAWA greedy criticality-aware issue scheduler (greedy, then most critical)",
    .ops = &ops,
};
