#!/usr/bin/env bash
# The committed reference reports are what the current renderer makes of
# the committed database (scripts/regen-reports updates them).
set -euo pipefail
bin=$1 root=$2
status=0
for lang in en pl de; do
	if ! "$bin" render --db "$root/reports/reference.db" --lang "$lang" |
		cmp -s - "$root/reports/report-$lang.tex"; then
		echo "reports/report-$lang.tex differs from the renderer's output;" \
			"run scripts/regen-reports" >&2
		status=1
	fi
done
exit $status
