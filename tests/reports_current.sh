#!/usr/bin/env bash
# The committed reference reports are what the current renderer makes of
# the committed database, reports/reference.db.xz, decompressed to a
# temporary directory (scripts/regen-reports updates them).
set -euo pipefail
bin=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=$tmp/reference.db
"$root/scripts/reference-db" "$db"
status=0
for lang in en pl de; do
	if ! "$bin" render --db "$db" --lang "$lang" |
		cmp -s - "$root/reports/report-$lang.tex"; then
		echo "reports/report-$lang.tex differs from the renderer's output;" \
			"run scripts/regen-reports" >&2
		status=1
	fi
done
exit $status
