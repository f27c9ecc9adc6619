/* fetch_rr in the model: the round-robin fetch arbiter of sm.fetch_arbiter
 * rr, one per SM. It reads only the eligibility vector the SM writes. */
#include "core/unit_host.h"
#include "units/fetch_rr/fetch_rr.h"
#include "units/roles.h"

ST_FETCH_UNIT_CHECK(fetch_rr);

static const st_fetch_ops ops = {offsetof(fetch_rr_in, eligible), NULL};

const st_unit fetch_rr_unit = {
    .desc = &fetch_rr_desc,
    .role = ST_ROLE_FETCH,
    .select = "sm.fetch_arbiter=rr",
    .summary = "round-robin fetch arbiter",
    .ops = &ops,
};
