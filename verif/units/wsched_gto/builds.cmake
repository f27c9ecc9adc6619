# wsched_gto: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_gto/): 8 warps.
st_unit_params(small "NW=8 AGE_W=4")

st_unit_fault(gto_greedy_left @small "the greedy warp stays greedy after it left its slot"
  rtl/wsched_gto.sv "!(last_valid_q && last_q == IDX_W'(j) && valid_i[j])"
  "!(last_valid_q && last_q == IDX_W'(j))")
