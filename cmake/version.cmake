# Writes simtref_version.h with the project version and the git commit the
# tree is at. Run at every build; the header is rewritten only when it changes.
set(commit "unknown")
if(GIT_EXECUTABLE AND EXISTS "${SRC}/.git")
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE commit
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT commit)
    set(commit "unknown")
  endif()
endif()
set(text "/* Generated at build time by cmake/version.cmake. */
#ifndef SIMTREF_VERSION_H
#define SIMTREF_VERSION_H
#define SIMTREF_VERSION \"${VERSION}\"
#define SIMTREF_GIT_COMMIT \"${commit}\"
#endif
")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
