# measure/counters.c: hardware counters through CUPTI (issue 6).
#   measure_counters_api  CPU: keys, names, derived figures, reasons when
#                         counters cannot be opened, and every metric name
#                         against CUPTI's database for GH100, GA100, AD102,
#                         GB202 (CUPTI's host API needs no GPU).
#   measure_counters_abi  CPU: the profiler host API blocks counters.c
#                         declares itself (CUPTI's header is C++ only) are
#                         compiled against cupti_profiler_host.h; a
#                         mismatch fails the build.
#   measure_counters      GPU: v2/v3 counts equal their analytic values;
#                         prints "name value" lines for scripts/ncu-compare.
#                         Exits 77 without a device or without access to the
#                         counters. Runs alone too:
#                           build/tests/measure_counters [-n N] [v3:16 ...]
#   counters_ncu_compare  CPU: scripts/ncu-compare against stand-ins for
#                         measure_counters and ncu (parsing, the 1 % rule,
#                         exit statuses); the real comparison needs a GPU:
#                           scripts/ncu-compare -b build
# The tests compile measure/counters.c (with the CUPTI loader and the stop
# flag it uses) themselves, so they need nothing else from
# mmreport_measure.
set(COUNTERS_SRC ${PROJECT_SOURCE_DIR}/measure/counters.c
  ${PROJECT_SOURCE_DIR}/measure/cupti.c ${PROJECT_SOURCE_DIR}/measure/stop.c)

mmreport_test(measure_counters_api
  SOURCES measure_counters_api.c ${COUNTERS_SRC}
  LIBS CUDA::cudart_static ${CMAKE_DL_LIBS} m)
target_include_directories(measure_counters_api PRIVATE
  ${PROJECT_SOURCE_DIR}/measure)

mmreport_test(measure_counters
  SOURCES measure_counters.c ${COUNTERS_SRC}
  LIBS mmreport_kernels CUDA::cudart_static ${CMAKE_DL_LIBS} m
  LABELS gpu)
target_include_directories(measure_counters PRIVATE
  ${PROJECT_SOURCE_DIR}/measure)

# counters.c's section "profiler host API", up to the next section, as a
# header.
file(READ ${PROJECT_SOURCE_DIR}/measure/counters.c counters_text)
string(FIND "${counters_text}" "/* ---- profiler host API" counters_begin)
string(FIND "${counters_text}" "/* ---- the CUPTI functions" counters_end)
if(counters_begin EQUAL -1 OR counters_end LESS_EQUAL counters_begin)
  message(FATAL_ERROR "measure/counters.c: host API section not found")
endif()
math(EXPR counters_len "${counters_end} - ${counters_begin}")
string(SUBSTRING "${counters_text}" ${counters_begin} ${counters_len}
  counters_decls)
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/counters_host_decls.inc
  CONTENT "${counters_decls}" @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${COUNTERS_SRC})

mmreport_test(measure_counters_abi SOURCES measure_counters_abi.cpp
  LIBS CUDA::toolkit)
target_include_directories(measure_counters_abi PRIVATE
  ${CMAKE_CURRENT_BINARY_DIR})

add_test(NAME counters_ncu_compare
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/counters_ncu_compare.sh
          ${PROJECT_SOURCE_DIR})
set_tests_properties(counters_ncu_compare PROPERTIES SKIP_RETURN_CODE 77)
