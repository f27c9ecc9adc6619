# wsched_lrr: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_lrr/): 8 warps.
st_unit_params(small "NW=8")

st_unit_fault(lrr_hold @small "the last-issued pointer loads the grant index even without a grant"
  rtl/wsched_lrr.sv "last_d       = grant_valid_o ? grant_o : last_q;" "last_d       = grant_o;")
