/* pcbypass in the model: the L1D policy of l1d.policy pcbypass, one per L1D
 * (docs/units/pcbypass.md), on the shared binding of the PC-indexed policies
 * (units/l1d_pc_bind.c). */
#include "core/unit_host.h"
#include "mem/cache_policy.h"
#include "units/pcbypass/pcbypass.h"
#include "units/roles.h"

static const st_l1dpol_ops ops = {.cache = &l1dpc_cache_ops, .bind = l1dpc_bind};

static void report(const uint64_t *c, const st_config *cfg, unsigned n_sms, st_statset *out) {
  (void)cfg;
  (void)n_sms;
  l1dpc_report("pcbypass", c, out);
}

const st_unit pcbypass_unit = {
    .desc = &pcbypass_desc,
    .role = ST_ROLE_L1D_POLICY,
    .select = "l1d.policy=pcbypass",
    .summary = "PC-based adaptive L1D bypassing (per-PC confidence counters, Tian et al.)",
    .ops = &ops,
    .priv_size = sizeof(l1dpc_bind_state),
    .n_counters = L1DPC_CTR,
    .report = report,
};
