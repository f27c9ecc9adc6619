# fetch_rr: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/fetch_rr/): 16 warp slots.
st_unit_params(small "NWS=16")

st_unit_fault(rr_ptr @small "the pointer loads the grant index even without a grant"
  rtl/fetch_rr.sv "assign ptr_d = grant_valid_o ? grant_o : ptr_q;" "assign ptr_d = grant_o;")
