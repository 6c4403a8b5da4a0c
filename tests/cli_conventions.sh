#!/usr/bin/env bash
# Issue 28, item 5: the command-line conventions, on the real binary.
#   cli_conventions.sh MMREPORT STANDIN_MEASURE
# mmreport help CMD and CMD -h print CMD --help (and -h as an option's
# value stays a value); render -o FILE writes FILE only once the report
# is whole (a failed render leaves an earlier FILE as it was, and no
# temporary file behind); render refuses a terminal as its output
# without -o; every reading command, devices too, takes the database
# from $MMREPORT_DB; --device takes an id, a UUID prefix or a unique
# part of the name and refuses an ambiguous one with the candidates.
set -euo pipefail
bin=$(realpath "$1") standin=$(realpath "$2")
me=cli_conventions

fail() {
	echo "$me: FAIL: $*" >&2
	exit 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
"$standin" --db two.db --index 0 --uuid GPU-2aaaaaaa-0000 \
	--name "NVIDIA H100 80GB HBM3" >/dev/null 2>&1
"$standin" --db two.db --index 1 --uuid GPU-1bbbbbbb-0000 \
	--name "NVIDIA H200" >/dev/null 2>&1

# help CMD, CMD -h, CMD --help: one text
for c in measure render export devices sessions merge compare; do
	"$bin" "$c" --help >want 2>&1 || true
	"$bin" help "$c" >got 2>&1 || true
	cmp -s want got || fail "'help $c' differs from '$c --help'"
	"$bin" "$c" -h >got 2>&1 || true
	cmp -s want got || fail "'$c -h' differs from '$c --help'"
	grep -q "Usage: mmreport $c\|this build has no CUDA" want ||
		fail "$c --help prints no usage"
done
"$bin" render --db two.db --lang en -h >got
grep -q "Usage: mmreport render" got || fail "-h after options"
# -h as the value of an option is that value
set +e
"$bin" render --db two.db --author -h --sections nosuch >/dev/null 2>err
rc=$?
set -e
[ "$rc" -eq 64 ] && grep -q "unknown section" err ||
	fail "--author -h was taken for help (exit $rc)"
set +e
"$bin" help nosuch >/dev/null 2>&1
rc=$?
set -e
[ "$rc" -eq 64 ] || fail "help of an unknown command exited $rc"

# render -o FILE
"$bin" render --db two.db --sections intro -o report.tex || fail "render -o"
grep -q '^\\end{document}' report.tex || fail "-o wrote no whole report"
"$bin" render --db two.db --sections intro --output=r2.tex &&
	cmp -s report.tex r2.tex ||
	fail "--output=FILE differs from -o FILE"
cp report.tex before.tex
set +e
"$bin" render --db missing.db -o report.tex 2>/dev/null
rc=$?
set -e
[ "$rc" -eq 66 ] || fail "render of a missing database exited $rc"
cmp -s before.tex report.tex || fail "a failed render changed report.tex"
for f in *.tmp-*; do
	[ ! -e "$f" ] || fail "a temporary file was left: $f"
done
"$bin" export --db two.db --format json -o stats.json ||
	fail "export -o"
grep -q '"export_version":3' stats.json || fail "export -o wrote no JSON"

# a terminal as the output: refused without -o (script gives a pty)
if command -v script >/dev/null; then
	script -qec "$bin render --db two.db" /dev/null >tty.out 2>&1 &&
		fail "render wrote to a terminal"
	grep -q "standard output is a terminal" tty.out ||
		fail "render to a terminal: $(head -c 300 tty.out)"
	[ "$(wc -c <tty.out)" -lt 1000 ] || fail "LaTeX reached the terminal"
	script -qec "$bin render --db two.db --sections device -o t.tex" \
		/dev/null >/dev/null ||
		fail "render -o with a terminal refused"
else
	echo "$me: no script(1): the terminal check is skipped"
fi

# $MMREPORT_DB in every reading command, devices too
export MMREPORT_DB=two.db
# (into files: grep -q would end a pipe early)
"$bin" sessions >out && grep -q complete out ||
	fail "sessions ignores MMREPORT_DB"
"$bin" devices >out && grep -q GPU-1bbbbbbb out ||
	fail "devices ignores MMREPORT_DB"
"$bin" export --format md >out && grep -q 'NVIDIA H200' out ||
	fail "export ignores MMREPORT_DB"
"$bin" compare --session 1 --session 2 >out && grep -q 'cross-device' out ||
	fail "compare ignores MMREPORT_DB"
"$bin" render --sections intro -o env.tex && cmp -s env.tex report.tex ||
	fail "render ignores MMREPORT_DB"
"$bin" merge one.db >/dev/null 2>&1 && fail "merge of a missing source"
"$bin" merge two.db >/dev/null 2>err && fail "merge of the target itself"
grep -q "is the target" err || fail "merge ignores MMREPORT_DB: $(cat err)"
unset MMREPORT_DB

# --device: an id, a UUID prefix, a unique part of the name
dev() {
	"$bin" export --db two.db --device "$1" >dev.csv
	tail -n +2 dev.csv | cut -d, -f2 | sort -u | tr '\n' ' '
}
[ "$(dev 1)" = "1 " ] || fail "--device 1 selects: $(dev 1)"
[ "$(dev 2)" = "2 " ] || fail "--device 2 selects: $(dev 2)"
[ "$(dev GPU-1b)" = "2 " ] || fail "--device GPU-1b selects: $(dev GPU-1b)"
[ "$(dev 1bbb)" = "2 " ] || fail "--device 1bbb selects: $(dev 1bbb)"
[ "$(dev h200)" = "2 " ] || fail "--device h200 selects: $(dev h200)"
[ "$(dev H100)" = "1 " ] || fail "--device H100 selects: $(dev H100)"
set +e
"$bin" export --db two.db --device NVIDIA >/dev/null 2>err
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q ambiguous err && grep -q -- "--device 1 " err &&
	grep -q -- "--device 2 " err ||
	fail "--device NVIDIA (two devices): exit $rc, $(cat err)"
echo "$me: ok"
