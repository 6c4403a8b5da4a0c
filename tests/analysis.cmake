# The report's rules, each decided on small inputs (no GPU, no files).
mmreport_test(analysis_rules SOURCES analysis_rules.c
  LIBS mmreport_analysis mmreport_stats LABELS analysis)
# Issue 26: compare's matching, verdicts, threshold and gate on small
# sides built in the test.
mmreport_test(analysis_compare SOURCES analysis_compare.c
  LIBS mmreport_analysis mmreport_stats LABELS analysis)
# The suites' one list (analysis/suites.h): names and report places.
mmreport_test(analysis_suites SOURCES analysis_suites.c
  LIBS mmreport_analysis LABELS analysis)
