# measure/: the plan, option lists, dry run and occupancy arithmetic (CPU,
# no device needed); the no-device path (skipped where a device exists);
# and the measured sweeps themselves (label gpu; exit 77 without a CUDA
# device). The GPU test also runs on its own from a copied build folder
# (scripts/gpu-check): build/tests/measure_gpu, with MMREPORT_BIN naming
# the mmreport binary for the interruption tests.
mmreport_test(measure_plan SOURCES measure_plan.c LIBS mmreport_measure)
# The time model against the reference database's stored sessions
# (issue 27, item 3); prints where it errs per suite.
mmreport_test(measure_estimate SOURCES measure_estimate.c
  LIBS mmreport_measure ARGS ${PROJECT_SOURCE_DIR})
mmreport_test(measure_nodev SOURCES measure_nodev.c LIBS mmreport_measure)
# A session's setting (host CPU, nvcc and cuBLAS versions) and the
# progress line's noise and throttled samples, without a device.
mmreport_test(measure_setting SOURCES measure_setting.c
  LIBS mmreport_measure)
# The launch time limit (watchdog), in child processes.
mmreport_test(measure_watchdog SOURCES measure_watchdog.c
  LIBS mmreport_measure)
# The stop request: SIGINT, SIGTERM, SIGHUP, repeated and through
# timeout(1), in child processes (issue 29, item 10).
mmreport_test(measure_stop SOURCES measure_stop.c LIBS mmreport_measure)
mmreport_test(measure_gpu SOURCES measure_gpu.c LIBS mmreport_measure
  LABELS gpu)
# The kernel timer (CUPTI activity records, events behind a blocking
# kernel) against spins of known length; runs alone too:
#   build/tests/measure_timer
mmreport_test(measure_timer SOURCES measure_timer.c LIBS mmreport_measure
  LABELS gpu)
# kernels/ holds CUDA objects and cuBLAS (C++): link with the CUDA driver.
set_target_properties(measure_plan measure_estimate measure_nodev
  measure_setting measure_watchdog
  measure_stop
  measure_gpu measure_timer
  PROPERTIES
  LINKER_LANGUAGE CUDA)
add_dependencies(measure_gpu mmreport)
