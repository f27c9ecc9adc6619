/* wsched_lrr in the model: the issue scheduler of sm.warp_scheduler lrr, one
 * per warp scheduler. It reads only the ready vector the SM writes. */
#include "core/unit_host.h"
#include "units/roles.h"
#include "units/wsched_lrr/wsched_lrr.h"

ST_ISSUE_UNIT_CHECK(wsched_lrr);

static const st_issue_ops ops = {offsetof(wsched_lrr_in, ready), NULL};

const st_unit wsched_lrr_unit = {
    .desc = &wsched_lrr_desc,
    .role = ST_ROLE_WARP_ISSUE,
    .select = "sm.warp_scheduler=lrr",
    .summary = "loose round robin issue scheduler",
    .ops = &ops,
};
