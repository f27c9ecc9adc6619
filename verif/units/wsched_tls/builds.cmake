# wsched_tls: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_tls/): 8 warps, an
# active set of 3.
st_unit_params(small "NW=8 AGE_W=4 CAP=3")

st_unit_fault(tls_rr_start @small "the round robin starts at the last issued warp, not after it"
  rtl/wsched_tls.sv "start = CNT_W'(p + 1);" "start = CNT_W'(p);")
