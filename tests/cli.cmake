# cli_errors and cli_readonly run measure too: CUDA builds only.
if(MMREPORT_CUDA)
mmreport_test(cli_errors SOURCES cli_errors.c LIBS mmreport_store)
add_dependencies(cli_errors mmreport)
# Issue 15: the reading commands write nothing; locked and broken files
# get one code each. "cli_readonly user" reads as another user (root:
# through setpriv, skipped without it; else in a read-only directory).
mmreport_test(cli_readonly SOURCES cli_readonly.c render_fixture.c
  LIBS mmreport_store SQLite::SQLite3 m)
add_dependencies(cli_readonly mmreport)
add_test(NAME cli_readonly_user COMMAND cli_readonly user)
set_tests_properties(cli_readonly_user PROPERTIES SKIP_RETURN_CODE 77
  ENVIRONMENT "MMREPORT_BIN=$<TARGET_FILE:mmreport>;MMREPORT_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endif()
# Issue 29, item 1: merges creating one new (or empty) target at once,
# and a merge that fails half way into a new target.
mmreport_test(cli_merge SOURCES cli_merge.c store_fixture.c
  LIBS mmreport_store SQLite::SQLite3)
add_dependencies(cli_merge mmreport)
# Issue 28, item 5: help CMD and CMD -h, render -o and a terminal,
# $MMREPORT_DB everywhere, --device by id, UUID or name part.
add_test(NAME cli_conventions
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli_conventions.sh
          $<TARGET_FILE:mmreport> $<TARGET_FILE:standin_measure>)
set_tests_properties(cli_conventions PROPERTIES LABELS cli)
# Issue 28: the README's examples, as printed: against a stand-in
# database, and the no-CUDA ones in a copy of the source tree with nvcc
# off PATH (its build folder kept in tests/readme-work between runs);
# what they installed then passes tests/nocuda_installed.sh (item 3).
add_test(NAME readme_examples
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/readme_examples.sh ${PROJECT_SOURCE_DIR}
          $<TARGET_FILE:mmreport> $<TARGET_FILE:standin_measure>
          ${CMAKE_CURRENT_BINARY_DIR}/readme-work)
set_tests_properties(readme_examples PROPERTIES TIMEOUT 600 LABELS cli)
# Issue 26: mmreport compare on databases built in the test.
mmreport_test(cli_compare SOURCES cli_compare.c store_fixture.c
  LIBS mmreport_store SQLite::SQLite3 LABELS cli)
add_dependencies(cli_compare mmreport)
