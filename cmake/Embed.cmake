# mmreport_embed(OUT_C SYMBOL FILE)
# Generates OUT_C at build time, defining
#   const char SYMBOL[];            the bytes of FILE, NUL-terminated
#   const unsigned long SYMBOL_len; their count without the NUL
# so that templates and kernel sources stay files in the tree while the
# binary needs no data directory at run time.
function(mmreport_embed out_c symbol file)
  add_custom_command(
    OUTPUT ${out_c}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out_c} -DSYM=${symbol}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedRun.cmake
    DEPENDS ${file} ${PROJECT_SOURCE_DIR}/cmake/EmbedRun.cmake
    COMMENT "Embedding ${file}"
    VERBATIM)
endfunction()
