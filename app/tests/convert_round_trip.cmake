# xqarb convert through -o, end to end: converting the output again must give the same bytes,
# and an output that is also an input is refused before anything is written.
#   -DXQARB=path -DSOURCE_DIR=dir -DWORK_DIR=dir -DFILES="a;b" (relative to SOURCE_DIR)

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(failed FALSE)

foreach(input IN LISTS FILES)
  foreach(target IN ITEMS pgn-iccs pgn-wxf pgn-chinese pgn-chinese-traditional)
    if(target STREQUAL "pgn-chinese-traditional")
      set(to_args --to pgn-chinese --traditional)
    else()
      set(to_args --to ${target})
    endif()
    execute_process(COMMAND ${XQARB} convert ${SOURCE_DIR}/${input} ${to_args} -o ${WORK_DIR}/once.pgn
      RESULT_VARIABLE first_code OUTPUT_VARIABLE first_out ERROR_QUIET)
    execute_process(COMMAND ${XQARB} convert ${WORK_DIR}/once.pgn ${to_args} -o ${WORK_DIR}/twice.pgn
      RESULT_VARIABLE second_code OUTPUT_VARIABLE second_out ERROR_QUIET)
    if(NOT first_out STREQUAL "" OR NOT second_out STREQUAL "")
      message(SEND_ERROR "${input} ${target}: -o given, yet something was written on stdout")
      set(failed TRUE)
    endif()
    if(first_code GREATER 1 OR second_code GREATER 1)
      message(SEND_ERROR "${input} ${target}: exit codes ${first_code} and ${second_code}")
      set(failed TRUE)
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/once.pgn ${WORK_DIR}/twice.pgn
      RESULT_VARIABLE differ)
    if(differ)
      execute_process(COMMAND diff -u ${WORK_DIR}/once.pgn ${WORK_DIR}/twice.pgn)
      message(SEND_ERROR "${input} ${target}: converting the output again changed it")
      set(failed TRUE)
    endif()
  endforeach()
endforeach()

list(GET FILES 0 first_input)
file(COPY ${SOURCE_DIR}/${first_input} DESTINATION ${WORK_DIR})
get_filename_component(copy_name ${first_input} NAME)
file(SHA256 ${WORK_DIR}/${copy_name} before)
execute_process(COMMAND ${XQARB} convert ${WORK_DIR}/${copy_name} --to pgn-wxf -o ${WORK_DIR}/${copy_name}
  RESULT_VARIABLE code ERROR_QUIET OUTPUT_QUIET)
file(SHA256 ${WORK_DIR}/${copy_name} after)
if(NOT code EQUAL 2 OR NOT before STREQUAL after)
  message(SEND_ERROR "an output that is also an input: exit code ${code}, file changed: ${before} ${after}")
  set(failed TRUE)
endif()

if(failed)
  message(FATAL_ERROR "convert round trip failed")
endif()
