# LaPerm's tests beyond the unit bench (included by tests/units/CMakeLists.txt).

# Full-GPU runs of the nested workloads under the LaPerm policies with the unit
# co-simulated (simtref --cosim laperm), and a planted fault caught: label "cosim".
if(SIMTREF_HAVE_COSIM)
  add_test(NAME cosim/laperm-gpu
           COMMAND sh ${UT_DIR}/gpu_cosim.sh $<TARGET_FILE:simtref> ${CMAKE_SOURCE_DIR})
  set_tests_properties(cosim/laperm-gpu PROPERTIES LABELS cosim TIMEOUT 600)
endif()
