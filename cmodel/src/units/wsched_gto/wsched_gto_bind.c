/* wsched_gto in the model: the issue scheduler of sm.warp_scheduler gto, one
 * per warp scheduler. Besides the ready vector it reads which of its warp
 * slots hold a warp and their age ranks. */
#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_gto/wsched_gto.h"

ST_ISSUE_UNIT_CHECK(wsched_gto);

static void gather(st_uinst *u, const st_sm *sm, unsigned s, uint64_t was_mem) {
  (void)was_mem;
  wsched_gto_in *in = u->in;
  unsigned ns = st_uh_sched_count(sm), nw = st_uh_sched_warps(sm, s);
  uint64_t occ = st_uh_occupied(sm);
  for (unsigned j = 0; j < nw; j++) {
    unsigned slot = j * ns + s;
    if (occ >> slot & 1) {
      in->valid[j] = 1;
      in->age[j] = (uint8_t)st_uh_warp_age(sm, slot);
    }
  }
}

static const st_issue_ops ops = {offsetof(wsched_gto_in, ready), gather};

const st_unit wsched_gto_unit = {
    .desc = &wsched_gto_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=gto",
    .summary = "greedy-then-oldest issue scheduler",
    .ops = &ops,
};
