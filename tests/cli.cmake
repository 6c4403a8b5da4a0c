mmreport_test(cli_errors SOURCES cli_errors.c LIBS mmreport_store)
add_dependencies(cli_errors mmreport)
