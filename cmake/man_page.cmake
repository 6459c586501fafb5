# man_page.cmake: writes one man page with the built flowbench (BIN --man SECTION > OUT),
# so the pages come from the same tables as the parser and `help`.
execute_process(COMMAND ${BIN} --man ${SECTION} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "${BIN} --man ${SECTION} failed: ${rc}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
