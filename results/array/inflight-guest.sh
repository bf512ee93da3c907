#!/bin/bash
# In the guest: random 64 KiB reads at depth 64 on the array model,
# buffered and O_DIRECT, with the device's in-flight reads sampled.
set -eu
cd "$(dirname "$0")"	# with guest-nullb.sh and a rabench build beside it
. ./guest-nullb.sh
name=ra0 mnt=/tmp/ra0
trap 'nullb_remove $name' EXIT
nullb_ext4 $name $mnt memory_backed=1 blocksize=4096 size=2048 max_sectors=2048 irqmode=2 completion_nsec=5000000 hw_queue_depth=8
echo mq-deadline >/sys/block/$name/queue/scheduler
echo 64 >/sys/block/$name/queue/nr_requests
./rabench fill $mnt/main 512
for engine in libaio io_uring; do
for direct in 0 1; do
	sync; echo 3 >/proc/sys/vm/drop_caches
	fio --output-format=json --name=job --filename=$mnt/main --size=512M --rw=randread --bs=64k \
		--ioengine=$engine --iodepth=64 --direct=$direct --randrepeat=1 --runtime=10 >/tmp/fio.json &
	pid=$!
	n=0 sum=0 zero=0 max=0
	while kill -0 $pid 2>/dev/null; do
		read -r r w < /sys/block/$name/inflight
		n=$((n+1)); sum=$((sum+r)); [ $r = 0 ] && zero=$((zero+1)); [ $r -gt $max ] && max=$r
		sleep 0.02
	done
	wait $pid
	bw=$(python3 -c 'import json; print(round(json.load(open("/tmp/fio.json"))["jobs"][0]["read"]["bw_bytes"]/2**20,1))')
	echo "$engine direct=$direct MiB/s=$bw samples=$n avg_inflight=$(echo "scale=2; $sum/$n" | bc) zero=$zero max=$max"
done
done
