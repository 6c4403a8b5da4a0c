#!/usr/bin/env bash
# Issue 29, item 8: scripts/gpu-check sanitizes every kernel of the
# registry and every suite of the plan, without a list of its own to
# keep up. Its plan (GPU_CHECK_PLAN=1: the runs it would make, no GPU
# needed) must name, for memcheck and for racecheck, each name that
# `kernels_verify --list` gives and each suite that `mmreport measure
# --dry-run --suite all` plans; racecheck at --tiny sizes, memcheck at
# --quick ones; each run with a budget.
#   scripts_gpu_check.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1 build=$2
out=$(mktemp -d /tmp/mmreport-gpucheck-XXXXXX)
trap 'rm -rf "$out"' EXIT
fails=0
fail() {
	echo "scripts_gpu_check: $*"
	fails=$((fails + 1))
}

# GPU_CHECK_CPU=0: a gpu-check without a plan mode runs no CPU test here
plan=$(GPU_CHECK_PLAN=1 GPU_CHECK_CPU=0 OUT=$out timeout 120 \
	"$src/scripts/gpu-check" "$build" 2>&1)
names=$("$build/tests/kernels_verify" --list | awk '{ print $1 }')
suites=$("$build/cli/mmreport" measure --dry-run --suite all --sizes 33 |
	awk '!/^#/ && !/^estimate/ && !seen[$1]++ { print $1 }')
[ -n "$names" ] || fail "kernels_verify --list gave no names"
[ -n "$suites" ] || fail "the dry run planned no suite"
for n in v6 v13 tr_pad bank dot walk_shared cublas verifier l2_scrub; do
	grep -qx "$n" <<<"$names" || fail "kernels_verify --list lacks $n"
done
for tool in memcheck racecheck; do
	size=$([ "$tool" = racecheck ] && echo --tiny || echo --quick)
	for n in $names; do
		grep -q "^plan $tool kernels_verify --kernel $n budget=[0-9]*s: .*kernels_verify $size --kernel $n\$" \
			<<<"$plan" || fail "no $tool run of kernel $n at $size"
	done
	for s in $suites; do
		grep -q "^plan $tool mmreport measure --suite $s budget=[0-9]*s: .* --suite $s --sizes 33 " \
			<<<"$plan" || fail "no $tool run of suite $s"
	done
done
if [ "$fails" != 0 ]; then
	echo "---- gpu-check's plan:"
	printf '%s\n' "$plan" | head -40
	exit 1
fi
echo "scripts_gpu_check: $(grep -c '^plan ' <<<"$plan") sanitizer runs planned," \
	"$(wc -w <<<"$names") kernels, $(wc -w <<<"$suites") suites: ok"
