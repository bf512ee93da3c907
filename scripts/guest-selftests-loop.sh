#!/bin/bash
# Runs inside the guest for 'make selftests-loaded':
#   guest-selftests-loop.sh KSELFTEST_INSTALL_DIR LOOPS
# The readahead selftests LOOPS times, from a copy on an ext4 null_blk disk
# (as guest-check.sh runs them); a "loop N: ..." line each, with the
# time it took, its longest test program (each has the settings file's
# timeout; one past half of it fails the loop) and the tests that failed.
# Each program runs on its own, so loop-N.tap holds one TAP stream per
# program. Exits 1 if any loop failed.
set -u
. "$(dirname "$0")/guest-nullb.sh"
src=$1 loops=$2
work=/tmp/kstloop
status=0

nullb_ext4 kstloop "$work" memory_backed=1 blocksize=4096 size=512 irqmode=0 &&
	cp -a "$src/." "$work/" || exit 2
cd "$work" || exit 2
tests=$(./run_kselftest.sh -l | grep '^readahead:') || exit 2
limit=$(sed -n 's/^timeout=//p' readahead/settings)
limit=${limit:-45}	# kselftest's default without a settings file
for ((i = 1; i <= loops; i++)); do
	start=$SECONDS st=0 longest=0 slowest=
	# one program at a time, to time each against the settings timeout
	for t in $tests; do
		t0=$SECONDS
		./run_kselftest.sh -t "$t" >>"loop-$i.tap" 2>&1 || st=$?
		if ((SECONDS - t0 > longest)); then
			longest=$((SECONDS - t0)) slowest=${t#readahead:}
		fi
	done
	cat "loop-$i.tap"
	failed=$(grep -E '^(# )?not ok ' "loop-$i.tap" | sed 's/^# //' | tr '\n' ';')
	took="$((SECONDS - start)) s; longest $slowest $longest s of $limit"
	# a program past half its timeout would time out on a slower machine
	((longest <= $limit / 2)) || failed+="$slowest took over half its timeout;"
	if [ "$st" = 0 ] && [ -z "$failed" ]; then
		echo "loop $i: pass ($took)"
	else
		echo "loop $i: FAIL ($took): ${failed:-exit $st}"
		status=1
	fi
done
cd /
nullb_remove kstloop
exit $status
