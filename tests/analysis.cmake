# The report's rules, each decided on small inputs (no GPU, no files).
mmreport_test(analysis_rules SOURCES analysis_rules.c
  LIBS mmreport_analysis mmreport_stats LABELS analysis)
