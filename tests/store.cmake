# Store: schema, migrations, refusal of files that are not ours, round
# trips, latest-measurement selection, merge, sessions of processes that
# are gone, one snapshot per read. Each test works in its own temporary
# directory.
foreach(t schema roundtrip merge liveness read create_denied)
  mmreport_test(store_${t} SOURCES store_${t}.c store_fixture.c
    LIBS mmreport_store LABELS store)
endforeach()
