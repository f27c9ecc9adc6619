# The AGT's tests beyond the unit bench (included by tests/units/CMakeLists.txt).

# Full-GPU runs of DTBL workloads with the AGT co-simulated (simtref --cosim agt), and a
# planted fault caught: label "cosim".
if(SIMTREF_HAVE_COSIM)
  add_test(NAME cosim/agt-gpu
           COMMAND sh ${UT_DIR}/gpu_cosim.sh $<TARGET_FILE:simtref> ${CMAKE_SOURCE_DIR})
  set_tests_properties(cosim/agt-gpu PROPERTIES LABELS cosim TIMEOUT 600)
endif()
