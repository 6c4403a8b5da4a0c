# kernels/: the registry's consistency (CPU only) and every kernel
# verified on the GPU (label gpu; exits 77 without a CUDA device). The GPU
# test also runs on its own, from a copied build folder:
#   build/tests/kernels_verify [--quick] [--kernel NAME]
# The test links the store for its legacy table of kernel traits, which
# must say what the registry says; kernels/ itself still links no store.
mmreport_test(kernels_registry SOURCES kernels_registry.c
  LIBS mmreport_kernels mmreport_store)
mmreport_test(kernels_verify SOURCES kernels_verify.c
  LIBS mmreport_kernels LABELS gpu)
# Own kernels compiled by NVRTC and checked (CPU only; exits 77 without
# NVRTC).
mmreport_test(kernels_user SOURCES kernels_user.c LIBS mmreport_kernels)
target_compile_definitions(kernels_user PRIVATE
  EXAMPLES_DIR="${PROJECT_SOURCE_DIR}/examples")
# ... and on the GPU: the examples loaded, launched and verified (label
# gpu; exits 77 without a CUDA device or NVRTC).
mmreport_test(kernels_user_gpu SOURCES kernels_user_gpu.c
  LIBS mmreport_kernels LABELS gpu)
target_compile_definitions(kernels_user_gpu PRIVATE
  EXAMPLES_DIR="${PROJECT_SOURCE_DIR}/examples")
# ... read from MMREPORT_SOURCE_DIR where the build folder runs elsewhere
# (issue 29, item 8): a copy of the examples stands for a moved tree.
file(COPY ${PROJECT_SOURCE_DIR}/examples/regtile.cu
  ${PROJECT_SOURCE_DIR}/examples/buggy.cu
  DESTINATION ${CMAKE_CURRENT_BINARY_DIR}/moved-source/examples)
add_test(NAME kernels_user_gpu_examples
  COMMAND kernels_user_gpu --check-examples)
set_tests_properties(kernels_user_gpu_examples PROPERTIES
  ENVIRONMENT "MMREPORT_SOURCE_DIR=${CMAKE_CURRENT_BINARY_DIR}/moved-source"
  PASS_REGULAR_EXPRESSION "examples: [^\n]*/moved-source/examples")
