# Writes build_info.cpp with the version and the git commit of the source tree, at every build
# (a commit made after configuring must show), touching the file only when its text changes.
#   cmake -DSOURCE_DIR=... -DVERSION=... -DINPUT=build_info.cpp.in -DOUTPUT=build_info.cpp -P build_info.cmake
set(XQ_COMMIT unknown)
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse --short=12 HEAD
    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE status ERROR_QUIET)
  if(status EQUAL 0 AND commit)
    set(XQ_COMMIT ${commit})
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} status --porcelain --untracked-files=no
      OUTPUT_VARIABLE changes RESULT_VARIABLE status ERROR_QUIET)
    if(status EQUAL 0 AND changes)
      string(APPEND XQ_COMMIT "-modified")
    endif()
  endif()
endif()
set(XQ_VERSION ${VERSION})
configure_file(${INPUT} ${OUTPUT} @ONLY)
