#!/bin/bash
# Runs inside the guest for 'make fstests':
#   guest-fstests.sh FSTESTS_DIR FSTYP GROUP [CHECK_ARG...]
# fstests' check on two memory-backed null_blk disks of 3 GiB (TEST_DEV,
# SCRATCH_DEV; discard frees their memory), with xunit results in
# FSTESTS_DIR/results, and FSTESTS_DIR/results/finished once check has
# run to its end. GROUP may be empty; CHECK_ARGs (tests, -E FILE) go to
# check as they are, but @FILE, which stands for the tests FILE names.
set -u
. "$(dirname "$0")/guest-nullb.sh"
dir=$1 fstyp=$2 group=$3
shift 3
force=-F
[ "$fstyp" = xfs ] && force=-f
for d in fstest fscratch; do
	nullb_create "$d" memory_backed=1 blocksize=4096 size=3072 irqmode=0 \
		discard=1 || exit 2
done
"mkfs.$fstyp" -q "$force" /dev/fstest || exit 2
mkdir -p /tmp/fstests-test /tmp/fstests-scratch
cat >"$dir/local.config" <<CFG
export FSTYP=$fstyp
export TEST_DEV=/dev/fstest
export TEST_DIR=/tmp/fstests-test
export SCRATCH_DEV=/dev/fscratch
export SCRATCH_MNT=/tmp/fstests-scratch
CFG
cd "$dir" || exit 2
# An argument @FILE stands for the tests FILE names, one a line: a
# resumed run's, too many for the kernel command line the guest gets.
args=()
for a in "$@"; do
	if [[ $a == @* ]]; then
		mapfile -t -O "${#args[@]}" args <"${a#@}"
	else
		args+=("$a")
	fi
done
./check -R xunit ${group:+-g "$group"} "${args[@]}"
status=$?
mkdir -p "$dir/results"
echo "$status" >"$dir/results/finished"
cd /
for d in fstest fscratch; do nullb_remove "$d"; done
exit $status
