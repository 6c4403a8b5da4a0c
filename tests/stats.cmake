# Statistics: known answers and edge cases (no GPU, no files).
mmreport_test(stats_summary SOURCES stats_summary.c LIBS mmreport_stats
  LABELS stats)
mmreport_test(stats_significance SOURCES stats_significance.c
  LIBS mmreport_stats LABELS stats)
