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
# Issue 29, item 1: merges creating one new (or empty) target at once,
# and a merge that fails half way into a new target.
mmreport_test(cli_merge SOURCES cli_merge.c store_fixture.c
  LIBS mmreport_store SQLite::SQLite3)
add_dependencies(cli_merge mmreport)
