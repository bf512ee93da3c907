#!/bin/bash
# order.sh OUT MODES...: hdd64 model, rabench runs in the given order, 3 s each
set -eu
d=$(dirname "$0"); . $d/guest-nullb.sh
out=$1; shift
name=rabench mnt=/tmp/rabench
trap 'nullb_remove $name' EXIT
nullb_ext4 $name $mnt memory_backed=1 blocksize=4096 size=2048 max_sectors=2048 irqmode=2 completion_nsec=8000000 mbps=101 hw_queue_depth=64
echo mq-deadline >/sys/block/$name/queue/scheduler
echo 64 >/sys/block/$name/queue/nr_requests
$d/rabench fill $mnt/main 512
for mode in "$@"; do
	sync; echo 3 >/proc/sys/vm/drop_caches
	case $mode in
	seq) args="seq -b 4" ;;
	shared) args="mixed -t 4 -b 4" ;;
	sepfd) args="mixed -s -t 4 -b 4" ;;
	esac
	echo "$mode $($d/rabench $args -r 3 $mnt/main)"
done
