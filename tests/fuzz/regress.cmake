# The fuzz targets' seed corpora and the inputs that once made them fail
# (tests/fuzz/regress/<target>/), replayed through the same
# LLVMFuzzerTestOneInput by regress_main.c with the normal compiler and
# flags (so under ASan/UBSan in `make test-asan`). Included from
# tests/CMakeLists.txt; labels "unit" and "fuzz-regress".
set(SIMTREF_FUZZ_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz)
foreach(target ptx_parse config_yaml set_option workload experiment)
  set(exe fuzz_regress_${target})
  add_executable(${exe} ${SIMTREF_FUZZ_DIR}/regress_main.c ${SIMTREF_FUZZ_DIR}/fuzz_${target}.c)
  target_include_directories(${exe} PRIVATE ${CMAKE_SOURCE_DIR}/cmodel/src
                             ${CMAKE_SOURCE_DIR}/tools/simtref ${CMAKE_BINARY_DIR}/generated)
  target_compile_options(${exe} PRIVATE ${SIMTREF_C_FLAGS})
  target_compile_definitions(${exe} PRIVATE _POSIX_C_SOURCE=200809L
    SIMTREF_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_link_libraries(${exe} PRIVATE simtref_lib)
  set(corpus ${SIMTREF_FUZZ_DIR}/corpus/${target})
  if(target STREQUAL "ptx_parse")
    set(corpus ${SIMTREF_FUZZ_DIR}/corpus/ptx)
  endif()
  add_test(NAME fuzz-regress/${target}
           COMMAND ${exe} ${corpus} ${SIMTREF_FUZZ_DIR}/regress/${target})
  set_tests_properties(fuzz-regress/${target} PROPERTIES LABELS "unit;fuzz-regress" TIMEOUT 300)
endforeach()
# The experiment checks need the suite's registry and the rest of the tool's
# sweep sources.
target_sources(fuzz_regress_experiment PRIVATE ${CMAKE_SOURCE_DIR}/tools/simtref/sweep_exp.c
               ${CMAKE_SOURCE_DIR}/tools/simtref/sweep_exp_check.c
               ${CMAKE_SOURCE_DIR}/tools/simtref/sweep_util.c)
target_link_libraries(fuzz_regress_experiment PRIVATE simtref_workloads)
