# xqarb validate gives the same bytes whatever --jobs is: runs it with 1, 2 and 3 jobs in each
# format over the test archives and compares (leaving out the summary's time: lines, the only
# ones that vary from run to run).
#   -DXQARB=path -DSOURCE_DIR=dir -DWORK_DIR=dir

file(MAKE_DIRECTORY ${WORK_DIR})
foreach(format IN ITEMS summary jsonl csv)
  foreach(jobs IN ITEMS 1 2 3)
    set(output ${WORK_DIR}/${format}.jobs${jobs})
    execute_process(COMMAND ${XQARB} validate --recursive testdata/validate testdata/records --format ${format}
                            --jobs ${jobs} --progress never -o ${output}
      WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE code ERROR_VARIABLE err)
    if(NOT code EQUAL 1)
      message(FATAL_ERROR "validate --format ${format} --jobs ${jobs}: exit code ${code}, expected 1 (findings)\n${err}")
    endif()
    if(format STREQUAL "summary")
      file(READ ${output} text)
      string(REGEX REPLACE "\ntime: [^\n]*" "" text "${text}")
      file(WRITE ${output} "${text}")
    endif()
    if(NOT jobs EQUAL 1)
      execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/${format}.jobs1 ${output}
        RESULT_VARIABLE differs)
      if(differs)
        message(FATAL_ERROR "validate --format ${format}: --jobs ${jobs} differs from --jobs 1 (see ${WORK_DIR})")
      endif()
    endif()
  endforeach()
endforeach()
