#!/usr/bin/env bash
# Guest side, one-off: a throttled null_blk disk powered off, given mbps=0
# and powered on again must read (with a throttle flag left set and no
# timer, its first request stops the queues for good). Run with
#   scripts/vm-run.sh -k <bzImage> -o <dir> -t 300 -- \
#       results/runs/20261130-s63/nullb-cycle.sh
set -eu
. /work/main/scripts/guest-nullb.sh
cfg=/sys/kernel/config/nullb/cyc
nullb_create cyc memory_backed=1 size=64 blocksize=4096 irqmode=2 \
	completion_nsec=100000 mbps=50
read_once() {
	local t0 t1
	t0=$(date +%s%N)
	dd if=/dev/cyc of=/dev/null bs=1M count=32 iflag=direct status=none
	t1=$(date +%s%N)
	echo "$1: 32 MiB O_DIRECT in $(( (t1 - t0) / 1000000 )) ms"
}
read_once "mbps=50"
for round in 1 2 3; do
	echo 0 >"$cfg/power"
	echo 0 >"$cfg/mbps"
	echo 1 >"$cfg/power"
	read_once "round $round, powered on again with mbps=0"
	echo 0 >"$cfg/power"
	echo 50 >"$cfg/mbps"
	echo 1 >"$cfg/power"
	read_once "round $round, powered on again with mbps=50"
done
nullb_remove cyc
echo "nullb-cycle: ok"
