# st_verilated_unity(TARGET): compile each Verilated model of TARGET (the
# many small C++ files Verilator writes for it, and the shim named after it)
# as one translation unit. Each file otherwise parses the large Verilator
# headers again; one unit per model (not more: the files of different models
# define the same static helpers) cuts the compile time by more than half.
# SIMTREF_COSIM_UNITY=OFF turns it off.
option(SIMTREF_COSIM_UNITY "Compile each Verilated model as one translation unit" ON)

# SIMTREF_COSIM_OPT: the optimisation the Verilated models' C++ is compiled
# with (after the build type's flags, so it wins). The models are small and
# run a few thousand cycles per test; -O1 compiles them in about 40% less
# time than the Release build's -O3 (docs/cosim.md, "Build time"). Empty:
# the build type's own.
set(SIMTREF_COSIM_OPT "-O1" CACHE STRING "Optimisation flags of the Verilated models' C++")

function(st_verilated_unity target)
  if(NOT SIMTREF_COSIM_OPT STREQUAL "")
    separate_arguments(opt UNIX_COMMAND "${SIMTREF_COSIM_OPT}")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${opt}>)
  endif()
  if(NOT SIMTREF_COSIM_UNITY)
    return()
  endif()
  get_target_property(srcs ${target} SOURCES)
  set(models "")
  foreach(f ${srcs})
    if(f MATCHES "/(V[A-Za-z0-9_]+)\\.dir/[^/]+\\.cpp$")
      list(APPEND models ${CMAKE_MATCH_1})
    endif()
  endforeach()
  foreach(f ${srcs})
    get_filename_component(stem ${f} NAME_WE)
    set(group "")
    if(f MATCHES "/(V[A-Za-z0-9_]+)\\.dir/[^/]+\\.cpp$")
      set(group ${CMAKE_MATCH_1})
    elseif(f MATCHES "\\.cpp$" AND "V${stem}" IN_LIST models)
      set(group V${stem}) # the model's shim
    endif()
    if(group STREQUAL "")
      set_source_files_properties(${f} TARGET_DIRECTORY ${target}
                                  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    else()
      set_source_files_properties(${f} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP ${group})
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()
