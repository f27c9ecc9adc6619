/* wsched_tls in the model: the two-level issue scheduler of
 * sm.warp_scheduler tls, one per warp scheduler. It reads which warp slots
 * hold a warp, which finished, their age ranks, and which waited on a
 * load's result in the previous cycle (that demotes a warp from the active
 * set). */
#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_tls/wsched_tls.h"

ST_ISSUE_UNIT_CHECK(wsched_tls);

static void gather(st_uinst *u, const st_sm *sm, unsigned s, uint64_t was_mem) {
  wsched_tls_in *in = u->in;
  unsigned ns = st_uh_sched_count(sm), nw = st_uh_sched_warps(sm, s);
  uint64_t occ = st_uh_occupied(sm);
  for (unsigned j = 0; j < nw; j++) {
    unsigned slot = j * ns + s;
    if (occ >> slot & 1) {
      in->valid[j] = 1;
      in->exited[j] = st_uh_warp_finished(sm, slot);
      in->mem_wait[j] = (uint8_t)(was_mem >> slot & 1);
      in->age[j] = (uint8_t)st_uh_warp_age(sm, slot);
    }
  }
}

static const st_issue_ops ops = {offsetof(wsched_tls_in, ready), gather};

const st_unit wsched_tls_unit = {
    .desc = &wsched_tls_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=tls",
    .summary = "two-level issue scheduler (an active set served round robin)",
    .ops = &ops,
};
