# The occupancy-bubble controller's tests beyond the unit bench (included by
# tests/units/CMakeLists.txt).

# A full-GPU run with the controller on and the unit co-simulated (simtref
# --cosim dvfs), and a planted fault caught: label "cosim". It needs the
# unit's GPU host, which clocks the controller every core cycle.
if(SIMTREF_HAVE_COSIM)
  add_test(NAME cosim/dvfs-gpu
           COMMAND sh ${UT_DIR}/gpu_cosim.sh $<TARGET_FILE:simtref> ${CMAKE_SOURCE_DIR})
  set_tests_properties(cosim/dvfs-gpu PROPERTIES LABELS cosim TIMEOUT 600)
endif()
