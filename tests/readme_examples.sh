#!/usr/bin/env bash
# Issue 28: the README's examples run as printed. Every indented code
# block of README.md that follows a marker line
#   <!-- example -->               run against a stand-in database
#   <!-- example: nocuda -->       run in a copy of the source tree, with
#                                  no nvcc on PATH
#   <!-- example: gpu REASON -->   skipped: needs a GPU
#   <!-- example: skip REASON -->  skipped, for the reason given
# is run (or its skip and reason printed); a block that starts with an
# mmreport, scripts/ or cmake command and has no marker fails the test,
# so a new example cannot go untested.
#   readme_examples.sh SOURCE_DIR MMREPORT STANDIN_MEASURE WORK_DIR
# "example" blocks run with bash -e in a fresh directory holding
# mmreport.db (two stand-in devices, tests/standin_measure), h100.db and
# h200.db (one each), lab3.txt (title-page fields) and figs/, with the
# binary on PATH as mmreport and HOME a fresh directory.
# "nocuda" blocks run in WORK_DIR/src, a copy of the source tree whose
# build/ folder is kept between runs (so a rerun compiles only what
# changed), holding classmate.db; every directory with nvcc is taken off
# PATH, and MMREPORT_CUDA=OFF is set because scripts/build also looks in
# /usr/local/cuda, which a GPU-less laptop lacks but this machine may
# have. After them, the copy must hold out/report.pdf and the installed
# binary, built without CUDA.
set -euo pipefail
src=$(realpath "$1") bin=$(realpath "$2") standin=$(realpath "$3")
work=$4
me=readme_examples

fail() {
	echo "$me: FAIL: $*" >&2
	exit 1
}

mkdir -p "$work"
work=$(realpath "$work")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- the blocks
mkdir "$tmp/blocks"
n=0 kind='' reason='' inblock=0 lineno=0 first=''
flush() {
	if ((inblock)); then
		if [ -z "$kind" ]; then
			case $first in
			mmreport\ * | scripts/* | cmake\ *)
				fail "README.md:$start: an example with no" \
					"<!-- example --> marker: $first"
				;;
			esac
		else
			printf '%s\n' "$kind" >"$tmp/blocks/$n.kind"
			printf '%s\n' "$reason" >"$tmp/blocks/$n.reason"
			printf '%s\n' "$start" >"$tmp/blocks/$n.line"
		fi
		kind='' reason=''
	fi
	inblock=0
}
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	if [[ $line =~ ^\<!--\ example(:\ ([a-z]+)( (.*))?)?\ --\>$ ]]; then
		flush
		kind=${BASH_REMATCH[2]:-run}
		reason=${BASH_REMATCH[4]}
		continue
	fi
	if [[ $line == "    "* ]]; then
		if ((!inblock)); then
			n=$((n + 1))
			inblock=1 start=$lineno first=${line#    }
			: >"$tmp/blocks/$n.sh"
		fi
		printf '%s\n' "${line#    }" >>"$tmp/blocks/$n.sh"
	elif [ -n "$line" ]; then
		flush
	fi
done <"$src/README.md"
flush

# ---- the stand-in databases
run=$tmp/run
mkdir -p "$run/figs" "$tmp/bin" "$tmp/home"
ln -s "$bin" "$tmp/bin/mmreport"
q() { "$standin" "$@" >/dev/null 2>&1 || fail "standin_measure $*"; }
q --db "$run/mmreport.db" --index 0 --uuid GPU-2aaaaaaa-0000 \
	--name "NVIDIA H100 80GB HBM3"
q --db "$run/mmreport.db" --index 1 --uuid GPU-1bbbbbbb-0000 \
	--name "NVIDIA H200"
q --db "$run/h100.db" --index 2
q --db "$run/h200.db" --index 3
printf 'title: Lab 3\nauthor: A. Student\ncourse: GPU programming\n' \
	>"$run/lab3.txt"

# ---- the copy for the nocuda blocks: everything but build/ replaced
copy=$work/src
mkdir -p "$copy"
find "$copy" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
tar -C "$src" --exclude='./build*' --exclude=./out --exclude=./.git \
	-cf - . | tar -C "$copy" -xf -
rm -f "$copy/build/CMakeCache.txt"
q --db "$copy/classmate.db" --index 4
nocuda_path=
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
	[ -n "$d" ] && [ ! -x "$d/nvcc" ] &&
		nocuda_path=${nocuda_path:+$nocuda_path:}$d
done

ran=0 skipped=0 nocuda=0
for ((i = 1; i <= n; i++)); do
	[ -f "$tmp/blocks/$i.kind" ] || continue
	kind=$(cat "$tmp/blocks/$i.kind")
	reason=$(cat "$tmp/blocks/$i.reason")
	at="README.md:$(cat "$tmp/blocks/$i.line")"
	case $kind in
	run)
		if ! (cd "$run" && env -u MMREPORT_DB HOME="$tmp/home" \
			PATH="$tmp/bin:$PATH" bash -e -o pipefail \
			"$tmp/blocks/$i.sh") >"$tmp/out" 2>&1; then
			tail -n 20 "$tmp/out" >&2
			fail "$at: the example failed:$(sed 's/^/ /' \
				"$tmp/blocks/$i.sh")"
		fi
		ran=$((ran + 1))
		;;
	nocuda)
		if ! (cd "$copy" && env -u MMREPORT_DB -u CUDACXX -u CUDA_PATH \
			-u CUDAToolkit_ROOT HOME="$tmp/home" \
			PATH="$nocuda_path" MMREPORT_CUDA=OFF \
			bash -e -o pipefail "$tmp/blocks/$i.sh") \
			>"$tmp/out" 2>&1; then
			tail -n 20 "$tmp/out" >&2
			fail "$at: the example failed without CUDA:$(sed \
				's/^/ /' "$tmp/blocks/$i.sh")"
		fi
		ran=$((ran + 1)) nocuda=$((nocuda + 1))
		;;
	gpu)
		echo "$me: $at skipped: needs a GPU${reason:+ ($reason)}"
		skipped=$((skipped + 1))
		;;
	skip)
		echo "$me: $at skipped: ${reason:-no reason given}"
		[ -n "$reason" ] || fail "$at: a skip without a reason"
		skipped=$((skipped + 1))
		;;
	*) fail "$at: unknown example kind '$kind'" ;;
	esac
done
((ran > 0)) || fail "no example ran"
if ((nocuda)); then
	grep -q '^MMREPORT_CUDA:BOOL=OFF' "$copy/build/CMakeCache.txt" ||
		fail "the nocuda examples built with CUDA"
	[ -s "$copy/out/report.pdf" ] ||
		fail "the nocuda examples left no out/report.pdf"
	[ -x "$tmp/home/.local/bin/mmreport" ] ||
		fail "the nocuda examples installed no ~/.local/bin/mmreport"
	"$src/tests/nocuda_installed.sh" "$tmp/home/.local" "$standin" ||
		fail "the installed build without CUDA failed its checks"
else
	fail "no nocuda example: the build without CUDA went untested"
fi
echo "$me: ok: $ran example blocks ran ($nocuda without CUDA)," \
	"$skipped skipped"
