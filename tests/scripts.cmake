# scripts/: the Slurm recipe (issue 16), run for real on a private
# slurmctld, slurmd and munged on this machine; skipped (77) where they
# are not installed or the test is not root. standin_measure writes a
# small database where `mmreport measure` would need a GPU.
add_executable(standin_measure standin_measure.c)
target_link_libraries(standin_measure PRIVATE mmreport_store m)
target_compile_options(standin_measure PRIVATE ${MMREPORT_C_WARNINGS})
add_test(NAME scripts_slurm
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts_slurm.sh
          $<TARGET_FILE:mmreport> $<TARGET_FILE:standin_measure>
          ${PROJECT_SOURCE_DIR})
set_tests_properties(scripts_slurm PROPERTIES SKIP_RETURN_CODE 77
  TIMEOUT 600 LABELS scripts)
# scripts/gpu-check's sanitizer runs cover every registry kernel and
# every suite (issue 29, item 8); its plan mode needs no GPU.
add_test(NAME scripts_gpu_check
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/scripts_gpu_check.sh
          ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR})
set_tests_properties(scripts_gpu_check PROPERTIES TIMEOUT 300
  LABELS scripts)
