# The co-verified units as the build sees them (docs/cosim.md, "RTL builds").
#
# A unit U keeps everything the build needs about its RTL in its own files:
#   rtl/U.sv                    the module (and the rtl/prim/ modules it instantiates)
#   verif/units/U/shim.h        bind_U: its C fields onto the Verilated ports and registers
#   verif/units/U/builds.cmake  its extra build targets, its bench parameter sets and its
#                               planted faults, declared with the functions below
#   tests/units/U/              its directed vectors and random-bench stimulus
# Nothing shared names a unit: the RTL builds come from the unit registry
# (`simtref units --rtl-builds`, run at configure time by st_unitgen) and from
# these declarations; the files are found by their paths.
#
# In verif/units/U/builds.cmake (ST_UNIT is U while it is read):
#
#   st_unit_target(TARGET)
#       More RTL builds: every parameter set the units need under TARGET
#       ("CONFIG" or "CONFIG,KEY=VALUE,...", CONFIG a name in configs/ or a
#       path from the source root), beside SIMTREF_RTL_TARGETS. Linked into
#       simtref.
#   st_unit_params(NAME "PARAMS")
#       A test-only parameter set of the unit's bench ("NW=8 AGE_W=4 CAP=3",
#       every RTL parameter in the order the unit's rtl_params writes them).
#       The bench and the directed vectors read it by NAME
#       (tests/units/common/params.h); its build is linked into the bench only.
#   st_unit_fault(FAULT ON WHAT FILE FROM TO)
#       A planted fault: a build of the unit in which FILE (a path from the
#       source root: rtl/U.sv or one of the rtl/prim/ files it uses) has its
#       one occurrence of FROM replaced by TO. ON is a TARGET (the build uses
#       the unit's one parameter set under it and is linked into simtref:
#       `simtref run --cosim U:FAULT`) or @NAME (a parameter set of
#       st_unit_params; linked into the bench only). WHAT is one line saying
#       what the fault does.
#   st_unit_fault_edit(FAULT FILE FROM TO)
#       A further substitution of the same fault (any number, any files).
# A substitution whose FROM is not found exactly once is a configure error.
include_guard(GLOBAL)

set(SIMTREF_RTL_TARGETS "gtx480;dyncta30;tiny" CACHE STRING
    "Configurations whose RTL parameter sets are built for co-simulation (CONFIG or CONFIG,KEY=VALUE,...)")
set(SIMTREF_RTL_UNITS "" CACHE STRING
    "Units whose RTL builds are linked into simtref (empty: every unit); only without the unit benches")

# ---- declarations (verif/units/U/builds.cmake) -------------------------------

function(st_unit_target target)
  if(ARGN)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: st_unit_target takes one target")
  endif()
  set_property(GLOBAL APPEND PROPERTY ST_UNIT_TARGETS_${ST_UNIT} "${target}")
endfunction()

# st_unit_own_target(TARGET): builds of this unit alone under TARGET (its
# full-GPU co-simulation's configuration), where st_unit_target gives every
# unit's builds under it; a fault ON such a target adds nothing more. A unit
# with own targets has no builds from the shared targets (verif/CMakeLists.txt).
function(st_unit_own_target target)
  if(ARGN)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: st_unit_own_target takes one target")
  endif()
  set_property(GLOBAL APPEND PROPERTY ST_UNIT_OWN_TARGETS_${ST_UNIT} "${target}")
endfunction()

function(st_unit_params name params)
  if(ARGN)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: st_unit_params(NAME \"PARAMS\")")
  endif()
  if(NOT name MATCHES "^[a-z][a-z0-9_]*$")
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: parameter set name '${name}' "
                        "is not lower_case")
  endif()
  get_property(sets GLOBAL PROPERTY ST_UNIT_SETS_${ST_UNIT})
  if(name IN_LIST sets)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: parameter set ${name} twice")
  endif()
  if(NOT params MATCHES "^[A-Z][A-Z0-9_]*=[0-9]+( [A-Z][A-Z0-9_]*=[0-9]+)*$")
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: parameter set ${name}: "
                        "'${params}' is not NAME=VALUE ...")
  endif()
  set_property(GLOBAL APPEND PROPERTY ST_UNIT_SETS_${ST_UNIT} ${name})
  set_property(GLOBAL PROPERTY ST_UNIT_SET_${ST_UNIT}_${name} "${params}")
endfunction()

function(st_unit_fault fault on what file from to)
  if(ARGN)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: fault ${fault}: "
                        "st_unit_fault(FAULT ON WHAT FILE FROM TO), extra arguments ${ARGN}")
  endif()
  if(NOT fault MATCHES "^[a-z][a-z0-9_]*$")
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: fault name '${fault}' is not lower_case")
  endif()
  get_property(faults GLOBAL PROPERTY ST_UNIT_FAULTS_${ST_UNIT})
  if(fault IN_LIST faults)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: fault ${fault} declared twice")
  endif()
  set_property(GLOBAL APPEND PROPERTY ST_UNIT_FAULTS_${ST_UNIT} ${fault})
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_ON "${on}")
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_WHAT "${what}")
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_N 0)
  st_unit_fault_edit(${fault} "${file}" "${from}" "${to}")
endfunction()

# FROM and TO are kept as single strings (Verilog is full of ';', which a
# CMake list would split).
function(st_unit_fault_edit fault file from to)
  if(ARGN)
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: fault ${fault}: "
                        "st_unit_fault_edit(FAULT FILE FROM TO), extra arguments")
  endif()
  get_property(n GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_N)
  if(n STREQUAL "")
    message(FATAL_ERROR "verif/units/${ST_UNIT}/builds.cmake: st_unit_fault_edit of "
                        "undeclared fault ${fault}")
  endif()
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_FILE${n} "${file}")
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_FROM${n} "${from}")
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_TO${n} "${to}")
  math(EXPR n "${n} + 1")
  set_property(GLOBAL PROPERTY ST_FAULT_${ST_UNIT}_${fault}_N ${n})
endfunction()

# ---- loading -------------------------------------------------------------------

# Reads every verif/units/U/builds.cmake once; ST_UNITS (global property) is
# the list of units that have a verif/units/U/ folder.
function(st_units_load)
  get_property(loaded GLOBAL PROPERTY ST_UNITS_LOADED)
  if(loaded)
    return()
  endif()
  set_property(GLOBAL PROPERTY ST_UNITS_LOADED ON)
  file(GLOB dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/verif/units/*)
  set(units "")
  foreach(dir ${dirs})
    get_filename_component(u ${dir} NAME)
    if(IS_DIRECTORY ${dir})
      list(APPEND units ${u})
      if(EXISTS ${dir}/builds.cmake)
        set(ST_UNIT ${u})
        include(${dir}/builds.cmake)
        set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                     ${dir}/builds.cmake)
      endif()
    endif()
  endforeach()
  list(SORT units)
  set_property(GLOBAL PROPERTY ST_UNITS "${units}")
endfunction()

# ---- a unit's RTL files --------------------------------------------------------

# st_unit_rtl_files(UNIT OUT): the files of the unit's RTL, paths from the
# source root, in compile order: rtl/simtref_pkg.sv, the rtl/prim/ modules
# rtl/UNIT.sv instantiates (and those they instantiate), rtl/UNIT.sv.
function(st_unit_rtl_files unit out)
  set(top rtl/${unit}.sv)
  if(NOT EXISTS ${CMAKE_SOURCE_DIR}/${top})
    message(FATAL_ERROR "unit ${unit}: no ${top}")
  endif()
  file(GLOB prims RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rtl/prim/*.sv)
  set(used "")
  set(todo ${top})
  while(todo)
    list(POP_FRONT todo f)
    file(READ ${CMAKE_SOURCE_DIR}/${f} text)
    foreach(p ${prims})
      get_filename_component(m ${p} NAME_WE)
      if(NOT p IN_LIST used AND text MATCHES "(^|[^A-Za-z0-9_])${m}[ \t\r\n]*(#|[A-Za-z_])")
        list(APPEND used ${p})
        list(APPEND todo ${p})
      endif()
    endforeach()
  endwhile()
  list(SORT used)
  set(${out} rtl/simtref_pkg.sv ${used} ${top} PARENT_SCOPE)
endfunction()

# ---- the parameter sets the configurations need ---------------------------------

# st_unitgen(OUT TARGET...): the lines "UNIT PARAMS" that `simtref units
# --rtl-builds TARGET...` prints. simtref is built for this from this source
# tree, without co-simulation and tests, at -O0, in ${CMAKE_BINARY_DIR}/unitgen
# (once per configure run; incrementally after the first).
function(st_unitgen out)
  set(gen ${CMAKE_BINARY_DIR}/unitgen)
  get_property(built GLOBAL PROPERTY ST_UNITGEN_BUILT)
  if(NOT built)
    cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
    message(STATUS "simtref: building the unit generator (${gen})")
    execute_process(
      COMMAND ${CMAKE_COMMAND} -S ${CMAKE_SOURCE_DIR} -B ${gen} -G ${CMAKE_GENERATOR}
              -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
              -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG=-O0 -DSIMTREF_COSIM=OFF
              -DSIMTREF_TESTS=OFF -DSIMTREF_SANITIZE=OFF -DSIMTREF_FUZZ=OFF
      RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
    if(rc EQUAL 0)
      execute_process(COMMAND ${CMAKE_COMMAND} --build ${gen} --target simtref -j ${jobs}
                      RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
    endif()
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "simtref: building the unit generator in ${gen} failed:\n${log}")
    endif()
    set_property(GLOBAL PROPERTY ST_UNITGEN_BUILT ON)
  endif()
  execute_process(COMMAND ${gen}/simtref units --rtl-builds ${ARGN}
                  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE lines ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "simtref units --rtl-builds ${ARGN}: ${err}")
  endif()
  string(REGEX REPLACE "\n$" "" lines "${lines}")
  string(REPLACE "\n" ";" lines "${lines}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# A build's name: UNIT__PARAMS with "NW=24 AGE_W=6" written NW24_AGE_W6, and
# __FAULT for a planted fault: wsched_gto__NW24_AGE_W6, wpt__NTB8_NS2_CNT_W6_COUNT_EXITED0__stuck_bit.
function(st_rtl_build_name out unit params fault)
  string(REPLACE "=" "" p "${params}")
  string(REPLACE " " "_" p "${p}")
  set(name ${unit}__${p})
  if(NOT fault STREQUAL "")
    string(APPEND name __${fault})
  endif()
  set(${out} ${name} PARENT_SCOPE)
endfunction()

# The config files a target names (for CMAKE_CONFIGURE_DEPENDS).
function(st_target_config_file target out)
  string(REGEX REPLACE ",.*" "" cfg "${target}")
  if(EXISTS ${CMAKE_SOURCE_DIR}/configs/${cfg}.yaml)
    set(${out} ${CMAKE_SOURCE_DIR}/configs/${cfg}.yaml PARENT_SCOPE)
  elseif(EXISTS ${CMAKE_SOURCE_DIR}/${cfg})
    set(${out} ${CMAKE_SOURCE_DIR}/${cfg} PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# Writes FILE (C) with the bench parameter sets of every unit:
# const ut_param_set ut_param_sets[] = {{"unit", "name", "PARAMS"}, ...}.
function(st_units_write_param_sets file)
  get_property(units GLOBAL PROPERTY ST_UNITS)
  set(rows "")
  foreach(u ${units})
    get_property(sets GLOBAL PROPERTY ST_UNIT_SETS_${u})
    foreach(s ${sets})
      get_property(p GLOBAL PROPERTY ST_UNIT_SET_${u}_${s})
      string(APPEND rows "    {\"${u}\", \"${s}\", \"${p}\"},\n")
    endforeach()
  endforeach()
  file(WRITE ${file}.new
       "/* Generated by cmake/SimtrefUnits.cmake from verif/units/U/builds.cmake:\n"
       " * the test-only parameter sets of the unit benches (st_unit_params). */\n"
       "#include \"params.h\"\n\n"
       "const ut_param_set ut_param_sets[] = {\n${rows}    {0, 0, 0}};\n")
  configure_file(${file}.new ${file} COPYONLY)
endfunction()
