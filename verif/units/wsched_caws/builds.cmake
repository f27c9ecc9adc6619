# wsched_caws: its RTL builds beyond the named configurations, the parameter sets of its
# bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_caws/): 8 warps, 4-bit ages, the
# dissertation's 6-bit counters and reset values; "pool48" has the dissertation's one pool of
# 48 warps (the 1.2x issue share of a boosted warp, spec §7 item 5); "narrow" small reset
# values, so that the random bench drives counters to 0 often.
st_unit_params(small "NW=8 AGE_W=4 CNT_W=6 RST_CRIT=40 RST_NORM=48 RST_FAST=60")
st_unit_params(pool48 "NW=48 AGE_W=6 CNT_W=6 RST_CRIT=40 RST_NORM=48 RST_FAST=60")
st_unit_params(narrow "NW=8 AGE_W=4 CNT_W=6 RST_CRIT=3 RST_NORM=5 RST_FAST=9")
# Every reset value NW - 1: the counters make a round robin (spec §1.2.2, §7 C-5).
st_unit_params(rr8 "NW=8 AGE_W=4 CNT_W=6 RST_CRIT=7 RST_NORM=7 RST_FAST=7")

st_unit_fault(caws_no_saturate @small "a counter at 0 wraps to 63 when it decrements"
  rtl/wsched_caws.sv "(c != '0) ? c - CNT_W'(1) : '0;" "c - CNT_W'(1);")
st_unit_fault(caws_idle_decrement @small "a cycle without a grant changes the counters (as if warp 0 issued)"
  rtl/wsched_caws.sv "if (!grant_valid_o) begin" "if (1'b0) begin")
st_unit_fault(caws_tie_youngest @small "equal counters: the youngest goes first (age inverted)"
  rtl/wsched_caws.sv "age_i[j*AGE_W +: AGE_W]};" "~age_i[j*AGE_W +: AGE_W]};")
st_unit_fault(caws_no_boost "gtx480,sm.warp_scheduler=caws_blk" "a critical warp gets the normal reset value"
  rtl/wsched_caws.sv "(lv == LvlCritical) ? CNT_W'(RST_CRIT) :" "(lv == LvlCritical) ? CNT_W'(RST_NORM) :")
