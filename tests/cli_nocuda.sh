#!/usr/bin/env bash
# Issue 28, item 3: a machine with no CUDA toolkit builds and renders.
# Configures the source tree with every directory holding nvcc taken off
# PATH (and CUDACXX, CUDA_PATH, CUDAToolkit_ROOT unset), so the build
# chooses MMREPORT_CUDA=OFF by itself; builds it, installs it into a
# temporary prefix (cmake --install) and, with the installed binary,
# renders, exports, lists and merges a database that standin_measure
# wrote in place of a GPU run; measure and devices say in one line that
# the build has no CUDA (exit 69).
#   cli_nocuda.sh SOURCE_DIR BUILD_DIR STANDIN_MEASURE
# The build folder BUILD_DIR is kept between runs (its cache is removed
# each time, so the choice is made afresh; its objects are reused), and
# ccache is used where installed.
set -euo pipefail
src=$(realpath "$1") build=$2 standin=$(realpath "$3")
me=cli_nocuda

fail() {
	echo "$me: FAIL: $*" >&2
	exit 1
}

path=
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
	[ -n "$d" ] && [ ! -x "$d/nvcc" ] && path=${path:+$path:}$d
done
export PATH=$path
unset CUDACXX CUDA_PATH CUDAToolkit_ROOT CUDA_HOME
! command -v nvcc >/dev/null || fail "nvcc still on PATH"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$build"
rm -rf "$build/CMakeCache.txt" "$build/CMakeFiles/CMakeCache.txt"
launcher=()
command -v ccache >/dev/null &&
	launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S "$src" -B "$build" -DBUILD_TESTING=OFF "${launcher[@]}" \
	>"$tmp/configure.log" 2>&1 || {
	cat "$tmp/configure.log" >&2
	fail "configure failed"
}
grep -q "building without CUDA" "$tmp/configure.log" ||
	fail "configure did not say that it builds without CUDA"
grep -q '^MMREPORT_CUDA:BOOL=OFF' "$build/CMakeCache.txt" ||
	fail "MMREPORT_CUDA is not OFF"
cmake --build "$build" -j 2 >"$tmp/build.log" 2>&1 || {
	tail -30 "$tmp/build.log" >&2
	fail "build failed"
}
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/mmreport include/mmreport_kernel.h share/man/man1/mmreport.1 \
	share/doc/mmreport/mmreport-help.txt share/doc/mmreport/LICENSE; do
	[ -f "$tmp/prefix/$f" ] || fail "cmake --install did not put $f"
done
bin=$tmp/prefix/bin/mmreport
grep -q '^\.TH MMREPORT 1' "$tmp/prefix/share/man/man1/mmreport.1" ||
	fail "the man page has no .TH line"
grep -q 'mmreport render' "$tmp/prefix/share/man/man1/mmreport.1" ||
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
echo "$me: ok: built without CUDA, installed, rendered two devices"
