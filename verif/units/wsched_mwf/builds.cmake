# wsched_mwf: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_mwf/): one scheduler
# holding the 16 warps of spec/baws.md Fig. 7, 4 TB slots, 3-bit counts.
st_unit_params(lrr "NW=16 NTB=4 CNT_W=3 VARIANT=0")
st_unit_params(gto "NW=16 NTB=4 CNT_W=3 VARIANT=1")

# The regression's fault (tests/cosim: simtref run --cosim wsched:flip_cmp), in
# this build's own copy of the argmin: the other units' builds are not touched.
st_unit_fault(flip_cmp "gtx480,sm.warp_scheduler=mwf_gto" "the argmin comparison reversed"
  rtl/prim/prim_argmin.sv "node_key[Hi*KEY_W +: KEY_W] < node_key[Lo*KEY_W +: KEY_W]"
  "node_key[Hi*KEY_W +: KEY_W] > node_key[Lo*KEY_W +: KEY_W]")
st_unit_fault(mwf_launch @lrr "a TB launch no longer clears the TB's last-issued pointer"
  rtl/wsched_mwf.sv "last_valid_d[b]              = last_valid_q[b] && !tb_launch_i[b];"
  "last_valid_d[b]              = last_valid_q[b];")
