#!/usr/bin/env bash
# Issue 28, item 3: a machine with no CUDA toolkit builds and renders.
# readme_examples builds and installs the source tree as the README's
# "nocuda" blocks print it, with every directory holding nvcc taken off
# PATH (so the build chooses MMREPORT_CUDA=OFF by itself), and then calls
# this check of what was installed under PREFIX: the files cmake
# --install puts, a binary linking no CUDA library, which renders,
# exports, lists and merges databases that standin_measure wrote in place
# of a GPU run, while measure and devices say in one line that the build
# has no CUDA (exit 69). One build serves both checks: a second cold
# build was a minute of the suite's time.
#   nocuda_installed.sh PREFIX STANDIN_MEASURE
set -euo pipefail
prefix=$(realpath "$1") standin=$(realpath "$2")
me=nocuda_installed

fail() {
	echo "$me: FAIL: $*" >&2
	exit 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in bin/mmreport include/mmreport_kernel.h share/man/man1/mmreport.1 \
	share/doc/mmreport/mmreport-help.txt share/doc/mmreport/LICENSE; do
	[ -f "$prefix/$f" ] || fail "cmake --install did not put $f"
done
bin=$prefix/bin/mmreport
grep -q '^\.TH MMREPORT 1' "$prefix/share/man/man1/mmreport.1" ||
	fail "the man page has no .TH line"
grep -q 'mmreport render' "$prefix/share/man/man1/mmreport.1" ||
	fail "the man page lacks render's help"
ldd "$bin" >"$tmp/ldd" || true
if grep -qi 'cuda\|cublas' "$tmp/ldd"; then
	fail "the binary links a CUDA library"
fi

cd "$tmp"
"$standin" --db a.db --index 0 >/dev/null 2>&1 || fail "standin_measure a"
"$standin" --db b.db --index 1 >/dev/null 2>&1 || fail "standin_measure b"

set +e
"$bin" measure --suite versions >out 2>err
rc=$?
set -e
[ "$rc" -eq 69 ] || fail "measure exited $rc, not 69"
[ "$(wc -l <err)" -eq 1 ] && grep -q "this build has no CUDA" err ||
	fail "measure did not say in one line that the build has no CUDA"
[ ! -e mmreport.db ] || fail "measure created mmreport.db"
set +e
"$bin" devices >out 2>err
rc=$?
set -e
[ "$rc" -eq 69 ] && grep -q "this build has no CUDA" err ||
	fail "devices without --db: exit $rc, $(cat err)"

"$bin" merge --db all.db a.db b.db >/dev/null || fail "merge"
[ "$("$bin" devices --db all.db | wc -l)" -eq 3 ] ||
	fail "devices --db does not list two devices"
"$bin" sessions --db all.db >/dev/null || fail "sessions"
MMREPORT_DB=all.db "$bin" export --format md >stats.md || fail "export md"
grep -q '^| device | suite' stats.md || fail "export md has no table"
"$bin" render --db all.db -o report.tex || fail "render"
grep -q "^\\\\documentclass" report.tex &&
	grep -q "^\\\\end{document}" report.tex ||
	fail "report.tex is not a whole LaTeX document"
grep -q 'mmreport-table: cross' report.tex ||
	fail "the report does not compare the two devices"
echo "$me: ok: installed without CUDA, rendered two devices"
