# DYNCTA's tests beyond the unit bench (included by tests/units/CMakeLists.txt;
# test_dyncta.c, its C-model test, is built there as unit/test_dyncta).

# Full-GPU runs with every SM's controller co-simulated (simtref --cosim
# dyncta), and a planted fault caught: label "cosim".
if(SIMTREF_HAVE_COSIM)
  add_test(NAME cosim/dyncta-gpu
           COMMAND sh ${UT_DIR}/gpu_cosim.sh $<TARGET_FILE:simtref> ${CMAKE_SOURCE_DIR})
  set_tests_properties(cosim/dyncta-gpu PROPERTIES LABELS cosim TIMEOUT 600)
endif()

# The policy in full-GPU runs, C model only: results still match their CPU
# references under dyncta and a static limit of 1, idle-cycle skipping
# changes no statistic, and the window trace is written: label "unit".
add_test(NAME unit/dyncta-gpu
         COMMAND sh ${UT_DIR}/gpu_run.sh $<TARGET_FILE:simtref> ${CMAKE_SOURCE_DIR})
set_tests_properties(unit/dyncta-gpu PROPERTIES LABELS unit TIMEOUT 600)
