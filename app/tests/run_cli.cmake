# Runs xqarb once and checks what it did.
#   -DXQARB=path -DARGS="a;b" -DEXPECT_EXIT=n       exit code only; stderr must be one line
#   -DXQARB=path -DCASE=golden/name -DSOURCE_DIR=dir -DACTUAL_DIR=dir
#                                                    golden files (see CMakeLists.txt;
#                                                    <case>.ignore: stdout lines left out); a
#                                                    case that differs leaves what it wrote in
#                                                    ACTUAL_DIR/<name>.actual.stdout|stderr
# With UPDATE_GOLDEN=1 in the environment, a golden case rewrites its expected files.

if(DEFINED CASE)
  file(STRINGS ${CASE}.args ARGS ENCODING UTF-8)
  execute_process(COMMAND ${XQARB} ${ARGS} WORKING_DIRECTORY ${SOURCE_DIR}
    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  # <case>.ignore, when present, holds a regular expression for the stdout lines that vary
  # from run to run (timings): they are left out of the comparison and of the expected file.
  if(EXISTS ${CASE}.ignore)
    file(STRINGS ${CASE}.ignore ignored)
    string(REGEX REPLACE "\n${ignored}[^\n]*" "" out "${out}")
  endif()
  if("$ENV{UPDATE_GOLDEN}" STREQUAL "1")
    file(WRITE ${CASE}.stdout "${out}")
    file(WRITE ${CASE}.stderr "${err}")
    file(WRITE ${CASE}.exit "${code}\n")
    return()
  endif()
  file(READ ${CASE}.stdout want_out)
  file(READ ${CASE}.stderr want_err)
  file(STRINGS ${CASE}.exit want_code)
  set(failed FALSE)
  get_filename_component(case_name ${CASE} NAME)
  foreach(stream IN ITEMS out err)
    set(actual ${ACTUAL_DIR}/${case_name}.actual.std${stream})
    file(REMOVE ${actual})
    if(NOT "${${stream}}" STREQUAL "${want_${stream}}")
      file(WRITE ${actual} "${${stream}}")
      execute_process(COMMAND diff -u ${CASE}.std${stream} ${actual})
      set(failed TRUE)
    endif()
  endforeach()
  if(NOT "${code}" STREQUAL "${want_code}")
    message(SEND_ERROR "exit code ${code}, expected ${want_code}")
    set(failed TRUE)
  endif()
  if(failed)
    message(FATAL_ERROR "golden case ${CASE} differs")
  endif()
  return()
endif()

execute_process(COMMAND ${XQARB} ${ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${code}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECT_EXIT}\nstderr: ${err}")
endif()
string(STRIP "${err}" err)
string(FIND "${err}" "\n" newline)
if(err STREQUAL "" OR NOT newline EQUAL -1)
  message(FATAL_ERROR "expected exactly one line on stderr, got:\n${err}")
endif()
