/* wpt in the model: BAWS's warp priority table, an SM controller selected by
 * the most-waiting-first issue policies (sm.warp_scheduler mwf_lrr,
 * mwf_gto). At the start of the issue stage it publishes its registered
 * counts (st_sm_signals.tb_count, the snapshot both schedulers and the CFF
 * fetch arbiter read, spec/baws.md §7 A6); at the end of the SM's stages it
 * takes the cycle's barrier arrivals and exits and the TB launches since its
 * last edge. */
#include <string.h>

#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wpt/wpt.h"

static st_status issue_begin(st_uinst *u, st_sm *sm, uint64_t now, st_error *err) {
  memset(u->in, 0, sizeof(wpt_in));
  st_status rc = st_uinst_eval(u, now, err);
  if (rc != ST_OK) {
    return rc;
  }
  const wpt_out *out = u->out;
  st_sm_signals *sig = st_uh_signals(sm);
  if (memcmp(sig->tb_count, out->cnt, sizeof sig->tb_count) != 0) {
    memcpy(sig->tb_count, out->cnt, sizeof sig->tb_count);
    st_uh_wake_all(sm); /* the counts order the MWF and CFF policies */
  }
  return ST_OK;
}

static st_status sm_end(st_uinst *u, st_sm *sm, uint64_t now, st_error *err) {
  wpt_in *in = u->in;
  const wpt_params *p = u->p;
  const st_sm_events *ev = st_uh_events(sm);
  memcpy(in->arr_valid, ev->arr_valid, sizeof in->arr_valid);
  memcpy(in->arr_tb, ev->arr_tb, sizeof in->arr_tb);
  memcpy(in->arr_rel, ev->arr_rel, sizeof in->arr_rel);
  memcpy(in->exit_valid, ev->exit_valid, sizeof in->exit_valid);
  memcpy(in->exit_tb, ev->exit_tb, sizeof in->exit_tb);
  memcpy(in->exit_rel, ev->exit_rel, sizeof in->exit_rel);
  memset(in->tb_launch, 0, sizeof in->tb_launch);
  for (unsigned b = 0; b < p->n_tbs; b++) {
    in->tb_launch[b] = (uint8_t)(u->tb_launch >> b & 1);
  }
  st_status rc = st_uinst_eval(u, now, err);
  if (rc == ST_OK) {
    st_uinst_tick(u);
  }
  return rc;
}

static const st_smctl_ops ops = {.issue_begin = issue_begin, .sm_end = sm_end};

/* spec/baws.md §2: the paper counts only the warp priority table, 6 bytes
 * per SM, and gives no area. */
static const st_unit_seed_cost seed_cost = {
    "BAWS paper: 6 bytes = 48 bits of storage per SM (the warp priority table only), no area "
    "given",
    0, 48, "BAWS", {"wsched_mwf", "fetch_cff", NULL}};

const st_unit wpt_unit = {
    .desc = &wpt_desc,
    .role = ST_ROLE_SM_CTRL,
    .select = "sm.warp_scheduler=mwf_lrr|mwf_gto",
    .summary = "BAWS warp priority table (warps waiting at a barrier, per TB)",
    .ops = &ops,
    .seed_cost = &seed_cost,
};
