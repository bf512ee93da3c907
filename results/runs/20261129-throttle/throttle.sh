#!/usr/bin/env bash
# Guest: null_blk's mbps throttle against request size. O_DIRECT random
# reads of the raw disk at depth 32 (no file system, no page cache), one
# request size a run, on the 'many' model (8 ms, 32 in service, mbps=101),
# then a 1 MiB request at mbps=10 (larger than one tick's budget).
. "$(dirname "$0")/../../../scripts/guest-nullb.sh"
set -u
run() {	# run NAME BS SECS: MiB/s, requests, average request
	local name=$1 bs=$2 secs=$3 r0 r1 s0 s1 out mib
	r0=$(awk '{print $1}' /sys/block/$name/stat); s0=$(awk '{print $3}' /sys/block/$name/stat)
	out=$(timeout $((secs + 30)) fio --output-format=json --name=t --filename=/dev/$name \
		--direct=1 --ioengine=libaio --iodepth=32 --rw=randread --bs=$bs \
		--runtime=$secs --time_based --norandommap 2>&1)
	local rc=$?
	r1=$(awk '{print $1}' /sys/block/$name/stat); s1=$(awk '{print $3}' /sys/block/$name/stat)
	mib=$(echo "$out" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("%.1f" % (j["jobs"][0]["read"]["bw"]/1024))' 2>/dev/null || echo "-")
	echo "$name bs=$bs rc=$rc MiB/s=$mib requests=$((r1 - r0)) avg_KiB=$(( (r1 - r0) ? (s1 - s0) / 2 / (r1 - r0) : 0 ))"
}
mk() {	# mk NAME ATTR=VALUE...
	local name=$1; shift
	nullb_create $name memory_backed=1 blocksize=4096 size=2048 max_sectors=2048 irqmode=2 "$@"
	echo none >/sys/block/$name/queue/scheduler
}
mk many completion_nsec=8000000 mbps=101 hw_queue_depth=32
for bs in 1m 704k 512k 256k 224k 128k 1m 704k; do run many $bs 15; done
nullb_remove many
mk slow completion_nsec=8000000 mbps=10 hw_queue_depth=32
run slow 128k 10
# A request larger than a tick's budget (204.8 KiB): before the fix it is
# never admitted. fio runs in the background; what the disk completed in
# 15 s is the result, and a hung fio is left behind (it cannot be killed).
r0=$(awk '{print $1}' /sys/block/slow/stat)
fio --name=t --filename=/dev/slow --direct=1 --ioengine=libaio --iodepth=32 \
	--rw=randread --bs=1m --runtime=10 --time_based --norandommap >/dev/null 2>&1 &
sleep 15
echo "slow bs=1m: $(( $(awk '{print $1}' /sys/block/slow/stat) - r0 )) requests completed in 15 s, in flight (r w): $(cat /sys/block/slow/inflight)"
