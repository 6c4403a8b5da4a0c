# Store: schema, migrations, refusal of files that are not ours, round
# trips, latest-measurement selection, merge, sessions of processes that
# are gone, one snapshot per read. Each test works in its own temporary
# directory.
foreach(t schema roundtrip merge liveness read create_denied)
  mmreport_test(store_${t} SOURCES store_${t}.c store_fixture.c
    LIBS mmreport_store LABELS store)
endforeach()
# The stored inputs of the report's rules (store_compare.c): pure
# functions, no database.
mmreport_test(store_compare SOURCES store_compare.c LIBS mmreport_store
  LABELS store)
