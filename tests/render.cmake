# render/: tables, gains and significance, LaTeX that compiles, errors,
# export. No GPU needed; tests that need gnuplot or pdflatex exit 77
# (skipped) without them.
set(RENDER_TEST_LIBS mmreport_render mmreport_store mmreport_stats
  SQLite::SQLite3 m)
foreach(t
    render_tables
    render_latex
    render_errors
    render_export
    render_conclusions
    render_regime
    render_ilp
    render_ilp_counts
    render_versions
    render_transfer
    render_lang
    render_memory
    render_dot_walkers
    render_precision
    render_rect
    render_progression
    render_parts
    render_appendix
    render_matprod
    render_sections
    )
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${t}.c)
    mmreport_test(${t} SOURCES ${t}.c render_fixture.c render_check.c
      LIBS ${RENDER_TEST_LIBS} LABELS render)
  endif()
endforeach()
