#!/bin/bash
export LD_LIBRARY_PATH=$PWD/build/runtime-libs:$LD_LIBRARY_PATH
B=$PWD/build
{
$B/tests/kernels_verify --kernel v11 2>&1 | grep -E "PASSED|FAILED|^FAIL|v11 .*1000x"
compute-sanitizer --tool memcheck --error-exitcode 9 $B/tests/kernels_verify --quick --kernel v11 2>&1 | grep SUMMARY
compute-sanitizer --tool racecheck --error-exitcode 9 $B/tests/kernels_verify --quick --kernel v11 2>&1 | grep SUMMARY
compute-sanitizer --tool memcheck --error-exitcode 9 $B/cli/mmreport measure --db /tmp/mc.db --suite progression --variants v11 --sizes 132,260 --repeat 2 --quiet 2>&1 | grep SUMMARY
$B/cli/mmreport measure --db $OUT/v11.db --suite progression --variants v10,v11,cublas --sizes 1024,2048,4096,8192 --min-samples 20 --counters --quiet 2>&1 | tail -3
timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum --csv -k regex:'mm_v11' $B/cli/mmreport measure --db /tmp/ncu.db --suite progression --variants v11 --sizes 4096,8192 --repeat 5 --min-samples 5 --max-time 0.1 --quiet 2>/dev/null | grep -v "^==" | awk -F'","' '{print $9, $NF}' | tail -8
} > $OUT/log.txt 2>&1
cat $OUT/log.txt
