# Writes a ruling as PDF and checks it with poppler-utils (Debian's poppler-utils):
#  - pdfinfo: A4 pages, as many as PAGES says, none of them blank (pdftotext); the Title and
#    Author metadata TITLE and AUTHOR give (none when AUTHOR is empty), the verdict as Subject;
#  - pdftotext: the ruling's one-sentence verdict and both players, taken from the JSON
#    document of the same game, are in the text (white space aside: the PDF wraps lines);
#  - pdffonts: every font is embedded;
#  - pdftoppm: page 1 renders to a PNG.
#   -DXQARB=path -DPOPPLER_DIR=dir -DSOURCE_DIR=dir -DWORK_DIR=dir -DNAME=name -DPAGES=n
#   "-DTITLE=title" "-DAUTHOR=author"
#   "-DARGS=record;--game;19;..."  (adjudicate's arguments but --format and -o)

foreach(tool IN ITEMS pdfinfo pdftotext pdffonts pdftoppm)
  if(NOT EXISTS ${POPPLER_DIR}/${tool})
    message(FATAL_ERROR "${tool} is not installed: scripts/install-deps.sh installs poppler-utils")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
set(pdf ${WORK_DIR}/${NAME}.pdf)
file(REMOVE ${pdf} ${WORK_DIR}/${NAME}-1.png)

execute_process(COMMAND ${XQARB} adjudicate ${ARGS} --format pdf -o ${pdf} WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT out STREQUAL "" OR NOT EXISTS ${pdf})
  message(FATAL_ERROR "exit code ${code}, stdout '${out}' (it should go to -o)\n${err}")
endif()

# Without -o, PDF goes to standard output when that is not a terminal (here, a file).
execute_process(COMMAND ${XQARB} adjudicate ${ARGS} --format pdf WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE code OUTPUT_FILE ${WORK_DIR}/${NAME}.stdout.pdf ERROR_VARIABLE err)
file(READ ${WORK_DIR}/${NAME}.stdout.pdf start LIMIT 5 HEX)
if(NOT code EQUAL 0 OR NOT start STREQUAL "255044462d") # %PDF-
  message(FATAL_ERROR "adjudicate --format pdf to a file as standard output: exit code ${code}, starts '${start}'\n${err}")
endif()

execute_process(COMMAND ${POPPLER_DIR}/pdfinfo ${pdf} RESULT_VARIABLE code OUTPUT_VARIABLE info ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "pdfinfo cannot read ${pdf}:\n${err}")
endif()
string(REGEX MATCH "Pages: +([0-9]+)" ignored "${info}")
if(NOT CMAKE_MATCH_1 EQUAL PAGES)
  message(FATAL_ERROR "${pdf}: ${CMAKE_MATCH_1} pages, expected ${PAGES}\n${info}")
endif()
if(NOT info MATCHES "Page size: +595\\.[0-9]+ x 841\\.[0-9]+ pts \\(A4\\)")
  message(FATAL_ERROR "${pdf} is not A4:\n${info}")
endif()

# What the PDF must say, from the JSON document of the same ruling.
execute_process(COMMAND ${XQARB} adjudicate ${ARGS} --format json WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE code OUTPUT_VARIABLE json ERROR_VARIABLE err)
# The verdict sentence, or without a ruling the note that says why there is none.
string(JSON sentences LENGTH "${json}" document summary)
if(sentences EQUAL 0)
  string(JSON verdict GET "${json}" document notes 0)
else()
  string(JSON verdict GET "${json}" document summary 0)
endif()
set(expected "${verdict}")
# The metadata: a title naming the game, the verdict as the subject, the arbiter as the author.
foreach(field IN ITEMS Title Subject Author)
  string(REGEX MATCH "\n${field}: +([^\n]*)" ignored "\n${info}")
  set(found_${field} "${CMAKE_MATCH_1}")
endforeach()
if(NOT found_Title STREQUAL TITLE OR NOT found_Subject STREQUAL verdict OR NOT found_Author STREQUAL AUTHOR)
  message(FATAL_ERROR "${pdf}: Title '${found_Title}', Subject '${found_Subject}', Author '${found_Author}'; "
                      "expected '${TITLE}', '${verdict}', '${AUTHOR}'")
endif()
string(JSON fields LENGTH "${json}" document header)
math(EXPR last "${fields} - 1")
foreach(i RANGE ${last})
  string(JSON key GET "${json}" document header ${i} key)
  if(key STREQUAL "red" OR key STREQUAL "black")
    string(JSON value GET "${json}" document header ${i} value)
    list(APPEND expected "${value}")
  endif()
endforeach()
execute_process(COMMAND ${POPPLER_DIR}/pdftotext -enc UTF-8 ${pdf} - RESULT_VARIABLE code OUTPUT_VARIABLE text)
string(ASCII 12 form_feed) # pdftotext ends each page with one
# No blank page: each page has text besides its page number.
string(REGEX REPLACE "[][;\\]" "_" page_texts "${text}") # nothing that a CMake list would read
string(REPLACE "${form_feed}" ";" page_texts "${page_texts}")
list(POP_BACK page_texts) # what follows the last page's form feed
set(page 0)
foreach(page_text IN LISTS page_texts)
  math(EXPR page "${page} + 1")
  string(REGEX REPLACE "[ \n]" "" page_text "${page_text}")
  string(LENGTH "${page_text}" length)
  if(length LESS 40)
    message(FATAL_ERROR "${pdf}: page ${page} is blank but for '${page_text}'")
  endif()
endforeach()
string(REGEX REPLACE "[ \n${form_feed}]" "" text "${text}")
foreach(phrase IN LISTS expected)
  string(REGEX REPLACE "[ \n]" "" squeezed "${phrase}")
  string(FIND "${text}" "${squeezed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${pdf}: pdftotext does not find '${phrase}'")
  endif()
endforeach()

# pdffonts: a header, a rule, then one line per font ending "emb sub uni object generation".
execute_process(COMMAND ${POPPLER_DIR}/pdffonts ${pdf} RESULT_VARIABLE code OUTPUT_VARIABLE fonts)
string(REGEX MATCHALL "(yes|no) +(yes|no) +(yes|no) +[0-9]+ +[0-9]+\n" rows "${fonts}")
list(LENGTH rows font_count)
if(font_count EQUAL 0)
  message(FATAL_ERROR "${pdf}: pdffonts lists no font:\n${fonts}")
endif()
foreach(row IN LISTS rows)
  if(row MATCHES "^no")
    message(FATAL_ERROR "${pdf}: a font is not embedded:\n${fonts}")
  endif()
endforeach()

execute_process(COMMAND ${POPPLER_DIR}/pdftoppm -r 40 -png -f 1 -l 1 ${pdf} ${WORK_DIR}/${NAME} RESULT_VARIABLE code)
file(GLOB png ${WORK_DIR}/${NAME}-1.png)
if(NOT code EQUAL 0 OR NOT png)
  message(FATAL_ERROR "pdftoppm cannot render page 1 of ${pdf}")
endif()
file(SIZE ${png} png_size)
if(png_size LESS 1000)
  message(FATAL_ERROR "${png} is ${png_size} bytes: page 1 is blank")
endif()
