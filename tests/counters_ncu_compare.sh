#!/usr/bin/env bash
# scripts/ncu-compare without a GPU: stand-ins for measure_counters and
# ncu print what the real ones print (the "config"/"metric value" lines;
# ncu's raw CSV page with its units row and two launches per
# configuration), so that the script's parsing, matching of launches,
# 1 % rule, derived GIPS/CGMA and exit statuses are checked.
#   usage: counters_ncu_compare.sh REPO_ROOT
set -euo pipefail
root=$1
command -v python3 >/dev/null || { echo "no python3, skipped"; exit 77; }
work=$(mktemp -d /tmp/ncu-compare-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build/tests" "$work/out"

metrics=(gpu__time_duration.sum smsp__inst_executed.sum
	smsp__sass_thread_inst_executed_op_ffma_pred_on.sum
	smsp__sass_thread_inst_executed_op_fadd_pred_on.sum
	smsp__sass_thread_inst_executed_op_fmul_pred_on.sum
	smsp__sass_inst_executed_op_global_ld.sum
	smsp__sass_inst_executed_op_global_st.sum dram__bytes_read.sum)

# value of metric m (index) for configuration c (index): distinct numbers
value() {
	echo $(( (c + 1) * 1000003 + ($1 + 1) * 7919 ))
}

{
	echo '#!/usr/bin/env bash'
	echo '[ "${1:-}" = --launch-only ] && exit 0'
	echo 'echo "# device 0: fake"'
	c=0
	for cfg in v2:8 v2:16 v3:8 v3:16 v5:8 v5:16; do
		echo "echo 'config ${cfg%:*} ${cfg#*:} 64'"
		for i in "${!metrics[@]}"; do
			echo "echo '${metrics[$i]} $(value "$i")'"
		done
		echo "echo '# kernels 1 passes 5'"
		c=$((c + 1))
	done
	echo 'exit ${FAKE_OURS_RC:-0}'
} >"$work/build/tests/measure_counters"

# ncu: SKEW (percent) is added to one metric of one launch that counts
{
	echo '#!/usr/bin/env bash'
	echo '[ "${1:-}" = --version ] && { echo "fake ncu"; exit 0; }'
	echo 'echo "==PROF== Connected to process 1"'
	printf 'echo '"'"'"ID","Kernel Name"'
	for m in "${metrics[@]}"; do printf ',"%s"' "$m"; done
	echo "'"
	printf 'echo '"'"'"",""'
	for m in "${metrics[@]}"; do printf ',"u"'; done
	echo "'"
	c=0
	for cfg in v2:8 v2:16 v3:8 v3:16 v5:8 v5:16; do
		for launch in 0 1; do
			printf 'echo "\\"%d\\",\\"mm_%s\\"' $((2 * c + launch)) \
				"${cfg%:*}"
			for i in "${!metrics[@]}"; do
				v=$(value "$i")
				if [ $launch = 0 ]; then
					v=1	# the warm-up launch: not compared
				elif [ $c = 4 ] && [ $i = 7 ]; then
					printf ',\\"$(( %d + %d * ${SKEW:-0} / 100 ))\\"' \
						"$v" "$v"
					continue
				fi
				printf ',\\"%s\\"' "$v"
			done
			echo '"'
		done
		c=$((c + 1))
	done
} >"$work/ncu"
chmod +x "$work/build/tests/measure_counters" "$work/ncu"

run() {
	set +e
	OUT=$work/out "$root/scripts/ncu-compare" -b "$work/build" \
		--ncu "$work/ncu" >"$work/stdout" 2>"$work/stderr"
	rc=$?
	set -e
}
fail() {
	echo "counters_ncu_compare: $*" >&2
	cat "$work/stdout" "$work/stderr" >&2
	exit 1
}

run
[ $rc -eq 0 ] || fail "identical values: exit $rc, want 0"
# 6 configurations x 8 metrics, all ok, and 6 derived rows
[ "$(grep -c ' ok$' "$work/stdout")" -eq 48 ] || fail "want 48 ok rows"
grep -q '^0 metric(s) or figure(s) outside 1 %' "$work/stdout" ||
	fail "summary line missing"
grep -q '^v5:8 n=64 ' "$work/stdout" || fail "v5:8 not compared"
[ -s "$work/out/compare.txt" ] || fail "compare.txt not written to \$OUT"

SKEW=2 run
[ $rc -eq 1 ] || fail "2 % off: exit $rc, want 1"
grep -q 'v5:8 n=64 .*dram__bytes_read.sum .*DIFFERS' "$work/stdout" ||
	fail "the 2 % difference is not flagged"

FAKE_OURS_RC=1 run
[ $rc -eq 1 ] || fail "measure_counters failed: exit $rc, want 1"

FAKE_OURS_RC=77 run
[ $rc -eq 77 ] || fail "counters unavailable: exit $rc, want 77"
echo "counters_ncu_compare: ok"
