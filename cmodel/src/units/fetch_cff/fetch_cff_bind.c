/* fetch_cff in the model: BAWS's critical-fetch-first arbiter of
 * sm.fetch_arbiter cff, one per SM. It runs after issue and reads what the
 * issue policy knows of each warp (barrier, TB slot, age rank), this cycle's
 * issue decisions, the warp priority table's counts (st_sm_signals.tb_count)
 * and the TB launches since its last clock edge. */
#include "core/unit_host.h"
#include "units/fetch_cff/fetch_cff.h"
#include "units/roles.h"

ST_FETCH_UNIT_CHECK(fetch_cff);

static void gather(st_uinst *u, const st_sm *sm) {
  fetch_cff_in *in = u->in;
  const fetch_cff_params *p = u->p;
  for (uint64_t m = st_uh_occupied(sm); m != 0; m &= m - 1) {
    unsigned i = (unsigned)__builtin_ctzll(m);
    in->at_bar[i] = st_uh_warp_at_barrier(sm, i);
    in->tb[i] = (uint8_t)st_uh_warp_tb(sm, i);
    in->age[i] = (uint8_t)st_uh_warp_age(sm, i);
  }
  const st_sm_signals *sig = st_uh_signals_c(sm);
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->cnt[b] = sig->tb_count[b];
    in->tb_launch[b] = (uint8_t)(u->tb_launch >> b & 1);
  }
  for (unsigned s = 0; s < st_uh_sched_count(sm); s++) {
    unsigned slot = 0;
    bool issued = st_uh_issued(sm, s, &slot);
    in->issue_valid[s] = issued;
    in->issue_warp[s] = (uint8_t)(issued ? slot : 0);
  }
}

static const st_fetch_ops ops = {offsetof(fetch_cff_in, eligible), gather};

const st_unit fetch_cff_unit = {
    .desc = &fetch_cff_desc,
    .role = ST_ROLE_FETCH,
    .select = "sm.fetch_arbiter=cff",
    .summary = "BAWS critical-fetch-first arbiter (fetches for the issue policy's next warp)",
    .ops = &ops,
};
