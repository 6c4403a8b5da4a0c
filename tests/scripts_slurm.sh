#!/usr/bin/env bash
# Issue 16: scripts/slurm-measure run for real on a private Slurm cluster
# of one machine: its own munged (own key and socket), slurmctld and
# slurmd (own slurm.conf, ports, spool, state and logs in a temporary
# directory), whatever Slurm or munge the system runs. The measuring
# command is standin_measure (no GPU needed).
#   scripts_slurm.sh MMREPORT STANDIN_MEASURE SOURCE_DIR
# Checks: six tasks write six parts; the merged database holds six
# devices with distinct UUIDs; merging again (the report job run again,
# and mmreport merge) changes no row count; report.tex has the cross-GPU
# comparison of six devices; a failing task makes Slurm cancel the report
# job (--kill-on-invalid-dep=yes) unless --allow-partial, and --resubmit
# measures that task again into the same directory and reports all
# three; the GPU-request path's sbatch options (--gres=gpu:1, or
# --gpus-per-task, --exclusive, the report job's own --time) reach Slurm,
# on a node that declares two GPUs as GRES. Exit 77 (skipped) without root
# or without the Slurm and munge daemons. Every daemon it started is
# stopped on exit, and its directory removed.
set -euo pipefail

bin=$(realpath "$1") standin=$(realpath "$2") src=$(realpath "$3")
script=$src/scripts/slurm-measure
me=scripts_slurm
# seconds for the daemons to come up, and for each recipe run
UP_TIMEOUT=${UP_TIMEOUT:-60}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}

skip() {
	echo "$me: skipped: $*"
	exit 77
}
[ "$(id -u)" -eq 0 ] || skip "needs root (slurmd runs jobs as root here)"
# the daemons are in sbin, which a user's PATH may lack
export PATH=$PATH:/usr/sbin:/sbin
for c in munged mungekey munge slurmctld slurmd sbatch sinfo squeue \
	scontrol scancel sqlite3; do
	command -v "$c" >/dev/null ||
		skip "$c is not installed (scripts/setup installs it)"
done

# munged's socket lives in here: a path of at most 107 bytes
base=${TMPDIR:-/tmp}
((${#base} < 60)) || base=/tmp
tmp=$(mktemp -d "$base/mmr-slurm.XXXXXX")
chmod 700 "$tmp"
pids=()
failed=1

# Processes whose environment names our slurm.conf: slurmstepd and job
# processes that slurmd left behind (they inherit SLURM_CONF from it).
ours() {
	local p
	for p in /proc/[0-9]*; do
		{ tr '\0' '\n' <"$p/environ"; } 2>/dev/null |
			grep -qxF "SLURM_CONF=$tmp/slurm.conf" &&
			echo "${p#/proc/}"
	done
	return 0
}

# Stops what this script started, then (on failure) prints the logs and
# removes the directory. Daemons first: a closed output must not keep
# them running.
cleanup() {
	local p i rest f
	set +e
	trap '' PIPE
	if [ -n "${SLURM_CONF:-}" ] && ((${#pids[@]} > 1)); then
		# cancelled jobs end within KillWait (5 s): then slurmd
		# has no step to wait for when it is told to stop
		scancel --quiet --user=root >/dev/null 2>&1
		for i in $(seq 40); do
			[ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
			sleep 0.5
		done
	fi
	# from here no child of this script carries our SLURM_CONF
	unset SLURM_CONF
	# the daemons we started, by pid: slurmd, slurmctld, munged
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill -TERM "${pids[i]}" 2>/dev/null
	done
	for i in $(seq 150); do
		rest=
		for p in "${pids[@]}"; do
			kill -0 "$p" 2>/dev/null && rest+=" $p"
		done
		[ -z "$rest" ] && break
		sleep 0.1
	done
	for p in $rest; do
		echo "$me: daemon $p did not stop on TERM; KILL"
		kill -KILL "$p" 2>/dev/null
	done
	for p in $(ours); do
		echo "$me: leftover process $p ($(tr '\0' ' ' \
			<"/proc/$p/cmdline" 2>/dev/null)); KILL"
		kill -KILL "$p" 2>/dev/null
	done
	wait 2>/dev/null
	if ((failed)); then
		echo "$me: FAILED; the logs:"
		for f in "$tmp"/log/*.log "$tmp"/run*/logs/*; do
			[ -f "$f" ] || continue
			echo "---- $f (last 30 lines)"
			tail -n 30 "$f"
		done
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
	echo "$me: $*"
	exit 1
}

# Runs "$@" until it succeeds, every 0.5 s, at most $1 seconds; says
# what it waited for ($2) on failure.
wait_for() {
	local limit=$1 what=$2 t0=$SECONDS
	shift 2
	until "$@" >/dev/null 2>&1; do
		((SECONDS - t0 < limit)) ||
			fail "timed out after $limit s waiting for $what"
		for p in "${pids[@]}"; do
			kill -0 "$p" 2>/dev/null ||
				fail "daemon $p died while waiting for $what"
		done
		sleep 0.5
	done
}

# A TCP port nobody listens on (IPv4 or IPv6), from a random start.
used_ports() {
	awk 'NR > 1 && $4 == "0A" { split($2, a, ":"); print a[2] }' \
		/proc/net/tcp /proc/net/tcp6 2>/dev/null
}
free_port() {
	local p hex
	for _ in $(seq 200); do
		p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
		hex=$(printf '%04X' "$p")
		used_ports | grep -qx "$hex" || {
			echo "$p"
			return
		}
	done
	fail "no free TCP port found"
}

mkdir -p "$tmp/munge" "$tmp/log" "$tmp/state" "$tmp/spool"
# munged wants its socket's directory searchable by all ($tmp is not)
chmod 755 "$tmp/munge"

# munge: a key of our own and a socket nobody else uses
sock=$tmp/munge/munge.socket
mungekey --create --keyfile="$tmp/munge/munge.key" >/dev/null 2>&1 ||
	dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 \
		status=none
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --socket="$sock" \
	--key-file="$tmp/munge/munge.key" \
	--log-file="$tmp/log/munged.log" \
	--pid-file="$tmp/munge/munged.pid" \
	--seed-file="$tmp/munge/munged.seed" >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
wait_for "$UP_TIMEOUT" "munged" munge -n -S "$sock"

host=$(hostname -s)
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
: >"$tmp/plugstack.conf"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=mmrtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
GresTypes=gpu
MinJobAge=600
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=mmrnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$(nproc) Gres=gpu:2
PartitionName=mmrtest Nodes=mmrnode Default=YES MaxTime=INFINITE State=UP
EOF
# two GPUs as GRES, their "device files" plain files (Slurm drops a GPU
# without one): Slurm grants and counts them; nothing here uses a GPU
: >"$tmp/gpu0"
: >"$tmp/gpu1"
cat >"$tmp/gres.conf" <<EOF
NodeName=mmrnode Name=gpu File=$tmp/gpu[0-1]
EOF
export SLURM_CONF=$tmp/slurm.conf
# sbatch's own variables of the caller's environment would change the jobs
for v in $(compgen -e); do
	case $v in SBATCH_* | SLURM_*) [ "$v" = SLURM_CONF ] || unset "$v" ;; esac
done

slurmctld -D -c -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
wait_for "$UP_TIMEOUT" "slurmctld" scontrol ping
slurmd -D -N mmrnode -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
node_idle() {
	[ "$(sinfo -h -n mmrnode -o %T)" = idle ]
}
wait_for "$UP_TIMEOUT" "the node to be idle (sinfo)" node_idle
echo "$me: private Slurm up: ports $ctld_port/$slurmd_port, $(nproc) CPUs"

# Row counts of every table of database $1, one "table count" a line.
counts() {
	local t
	for t in $(sqlite3 "$1" "SELECT name FROM sqlite_master WHERE \
		type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"); do
		echo "$t $(sqlite3 "$1" "SELECT COUNT(*) FROM \"$t\"")"
	done
}

# The value of key $1 (measure_job, report_job) in file $2.
job_id() {
	sed -n "s/^$1=\([0-9][0-9]*\)\$/\1/p" "$2"
}

export MMREPORT_BIN=$bin MMREPORT_MEASURE_CMD=$standin

# 1. Six tasks, the report after them.
out=$tmp/run1
rc=0
timeout "$RUN_TIMEOUT" "$script" --outdir "$out" --tasks 6 --gres none \
	--no-pdf --wait --wait-timeout "$RUN_TIMEOUT" --poll 1 \
	>"$tmp/ids1" 2>"$tmp/err1" || rc=$?
cat "$tmp/err1"
((rc == 0)) || fail "slurm-measure exited $rc"
aid=$(job_id measure_job "$tmp/ids1")
rid=$(job_id report_job "$tmp/ids1")
{ [ -n "$aid" ] && [ -n "$rid" ]; } ||
	fail "no job ids on stdout: $(cat "$tmp/ids1")"
echo "$me: array job $aid, report job $rid"
nparts=$(find "$out" -maxdepth 1 -name "part-$aid-*.db" | wc -l)
((nparts == 6)) || fail "$nparts parts, not 6: $(ls "$out")"
for i in 0 1 2 3 4 5; do
	[ -s "$out/part-$aid-$i.db" ] || fail "no part-$aid-$i.db"
done
db=$out/mmreport.db
read -r ndev nuuid < <(sqlite3 -separator ' ' "$db" \
	"SELECT COUNT(*), COUNT(DISTINCT uuid) FROM device")
[ "$ndev $nuuid" = "6 6" ] ||
	fail "merged database: $ndev devices, $nuuid distinct UUIDs, not 6 6"
nsess=$(sqlite3 "$db" "SELECT COUNT(*) FROM session")
((nsess == 6)) || fail "merged database: $nsess sessions, not 6"
tex=$out/report.tex
[ -s "$tex" ] || fail "no report.tex"
grep -q '^\\section{Comparison of the devices}' "$tex" ||
	fail "report.tex has no cross-GPU section"
grep -q '^% mmreport-table: cross$' "$tex" ||
	fail "report.tex lacks the cross table"
for k in 2 3 4 5 6; do
	for s in 'Kernel versions' 'Transfers' 'Bandwidth and ILP'; do
		grep -q "^GPU~$k: $s & " "$tex" ||
			fail "report.tex's cross table lacks $s of GPU $k"
	done
done
grep -q '^GPU~7: ' "$tex" && fail "report.tex compares a seventh device"
echo "$me: 6 parts, 6 devices with distinct UUIDs, cross-GPU section ok"

# 2. Idempotent: the report job again (through Slurm), then merge again.
counts "$db" >"$tmp/counts1"
grep -q '^config [1-9]' "$tmp/counts1" || fail "no configurations merged"
timeout "$RUN_TIMEOUT" sbatch --wait --quiet --output="$out/logs/again.out" \
	"$out/jobs/report.sh" "$aid" 6 || fail "the report job again failed"
counts "$db" >"$tmp/counts2"
diff "$tmp/counts1" "$tmp/counts2" ||
	fail "running the report job again changed row counts"
"$bin" merge --db "$db" "$out"/part-"$aid"-*.db >"$tmp/merge3"
counts "$db" >"$tmp/counts3"
diff "$tmp/counts1" "$tmp/counts3" ||
	fail "merging the parts again changed row counts"
[ "$(grep -c ' 0 device(s) added, 0 session(s) added, 1 already' \
	"$tmp/merge3")" = 6 ] || fail "merge again: $(cat "$tmp/merge3")"
echo "$me: merging again changes nothing ($(wc -l <"$tmp/counts1") tables)"

# 3. A task that fails (task 1, while $tmp/fail1 exists): Slurm itself
# cancels the report job (--kill-on-invalid-dep=yes; no --wait here to
# do it); --resubmit measures task 1 again into the same directory and
# reports all three; --allow-partial reports the others.
cat >"$tmp/flaky" <<EOF
#!/bin/sh
if [ "\$SLURM_ARRAY_TASK_ID" = 1 ] && [ -e "$tmp/fail1" ]; then
	echo "task 1 fails" >&2
	exit 7
fi
exec "$standin" "\$@"
EOF
chmod +x "$tmp/flaky"
: >"$tmp/fail1"
MMREPORT_MEASURE_CMD=$tmp/flaky "$script" --outdir "$tmp/run2" --tasks 3 \
	--gres none --no-pdf >"$tmp/ids2" 2>"$tmp/err2" ||
	fail "submitting run2: $(cat "$tmp/err2")"
aid=$(job_id measure_job "$tmp/ids2")
rid=$(job_id report_job "$tmp/ids2")
job_cancelled() {
	scontrol -o show job "$1" | grep -q 'JobState=CANCELLED'
}
wait_for "$RUN_TIMEOUT" "Slurm to cancel report job $rid" job_cancelled "$rid"
[ ! -e "$tmp/run2/report.tex" ] || fail "a failed task, yet a report"
[ -e "$tmp/run2/part-$aid-0.db" ] && [ -e "$tmp/run2/part-$aid-2.db" ] ||
	fail "tasks 0 and 2 wrote no parts"
rm "$tmp/fail1"
rc=0
timeout "$RUN_TIMEOUT" "$script" --outdir "$tmp/run2" --resubmit "$aid" \
	--wait --wait-timeout "$RUN_TIMEOUT" --poll 1 >"$tmp/ids2b" \
	2>"$tmp/err2b" || rc=$?
cat "$tmp/err2b"
((rc == 0)) || fail "--resubmit $aid exited $rc"
grep -q "task(s) 1 of array $aid again" "$tmp/err2b" ||
	fail "--resubmit did not measure task 1 (only) again"
ndev=$(sqlite3 "$tmp/run2/mmreport.db" "SELECT COUNT(*) FROM device")
((ndev == 3)) || fail "after --resubmit: $ndev devices, not 3"
[ -s "$tmp/run2/part-$aid-1.db" ] && [ -s "$tmp/run2/report.tex" ] ||
	fail "after --resubmit: no part-$aid-1.db or no report.tex"
echo "$me: a failed task: Slurm cancelled the report; --resubmit of" \
	"task 1 reported 3 of 3"
: >"$tmp/fail1"
rc=0
MMREPORT_MEASURE_CMD=$tmp/flaky timeout "$RUN_TIMEOUT" "$script" \
	--outdir "$tmp/run3" --tasks 3 --gres none --no-pdf --wait \
	--allow-partial --wait-timeout "$RUN_TIMEOUT" --poll 1 \
	>"$tmp/ids3" 2>"$tmp/err3" || rc=$?
cat "$tmp/err3"
((rc == 0)) || fail "--allow-partial: slurm-measure exited $rc"
ndev=$(sqlite3 "$tmp/run3/mmreport.db" "SELECT COUNT(*) FROM device")
((ndev == 2)) || fail "--allow-partial: $ndev devices, not 2"
grep -q 'none from task(s) 1$' "$tmp"/run3/logs/report-*.out ||
	fail "--allow-partial: the report job did not name the missing task"
[ -s "$tmp/run3/report.tex" ] || fail "--allow-partial: no report.tex"
echo "$me: --allow-partial reports 2 of 3"

# 4. The GPU-request path: --gres=gpu:1 (the default of --per gpu) with
# --exclusive and the report job's own --time; then --gpus-per-task.
# The options are read back from Slurm, and the run must complete.
show() {
	scontrol -o show job "$1"
}
rc=0
timeout "$RUN_TIMEOUT" "$script" --outdir "$tmp/run4" --tasks 2 \
	--exclusive --report-time 0:20:00 --no-pdf --wait \
	--wait-timeout "$RUN_TIMEOUT" --poll 1 >"$tmp/ids4" 2>"$tmp/err4" ||
	rc=$?
cat "$tmp/err4"
((rc == 0)) || fail "--gres gpu:1 --exclusive: slurm-measure exited $rc"
grep -q 'warning: the transfer suite' "$tmp/err4" &&
	fail "--exclusive, yet the transfer warning"
aid=$(job_id measure_job "$tmp/ids4")
rid=$(job_id report_job "$tmp/ids4")
show "${aid}_0" >"$tmp/job4"
grep -q 'gres:gpu:1' "$tmp/job4" ||
	fail "task 0 did not ask for gres gpu:1: $(cat "$tmp/job4")"
grep -q 'OverSubscribe=NO' "$tmp/job4" ||
	fail "task 0 is not exclusive: $(cat "$tmp/job4")"
show "$rid" >"$tmp/rjob4"
grep -q 'TimeLimit=00:20:00' "$tmp/rjob4" ||
	fail "the report job's time limit: $(cat "$tmp/rjob4")"
ndev=$(sqlite3 "$tmp/run4/mmreport.db" "SELECT COUNT(*) FROM device")
((ndev == 2)) || fail "--gres gpu:1: $ndev devices, not 2"
rc=0
timeout "$RUN_TIMEOUT" "$script" --outdir "$tmp/run5" --tasks 2 \
	--gpus-per-task 1 --no-pdf --wait --wait-timeout "$RUN_TIMEOUT" \
	--poll 1 >"$tmp/ids5" 2>"$tmp/err5" || rc=$?
cat "$tmp/err5"
((rc == 0)) || fail "--gpus-per-task 1: slurm-measure exited $rc"
grep -q 'warning: the transfer suite' "$tmp/err5" ||
	fail "transfer measured by tasks sharing a node, and no warning"
aid=$(job_id measure_job "$tmp/ids5")
show "${aid}_1" >"$tmp/job5"
grep -q 'gpu:1' "$tmp/job5" && ! grep -q 'TresPerNode=gres:gpu' "$tmp/job5" ||
	fail "task 1 did not ask for --gpus-per-task 1: $(cat "$tmp/job5")"
echo "$me: --gres gpu:1 with --exclusive and --report-time, and" \
	"--gpus-per-task, reached Slurm and completed"

failed=0
echo "$me: ok"
