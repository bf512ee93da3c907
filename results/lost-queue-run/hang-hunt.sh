#!/bin/bash
# hang-hunt.sh OUT ITER: the hdd model, seq-1m, coop-4 and seq-4k in a
# loop (HUNT_RA: read_ahead_kb). Requests waiting in blk-mq's dispatch
# list with none in flight and no read completed for 3 s: record blk-mq's
# state in OUT/hang.txt and run the queue (KICK). A run that does not
# finish in 60 s: blk-mq state + sysrq w, then stop (HANG).
set -u
. "$(dirname "$0")/../../scripts/guest-nullb.sh"
out=$1 iter=$2
rabench=${RABENCH:-$(dirname "$0")/rabench}	# gcc -O2 -pthread scripts/rabench.c
name=rabench mnt=/tmp/rabench
echo 0 >/proc/sys/kernel/hung_task_timeout_secs
trap 'nullb_remove $name' EXIT
nullb_ext4 $name "$mnt" memory_backed=1 blocksize=4096 size=2048 \
	max_sectors=2048 irqmode=2 completion_nsec=8000000 mbps=101 hw_queue_depth=1 || exit 1
q=/sys/block/$name/queue
echo mq-deadline >$q/scheduler
echo 64 >$q/nr_requests
[ -z "${HUNT_RA:-}" ] || echo $HUNT_RA >$q/read_ahead_kb
"$rabench" fill "$mnt/main" 512
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
kicks=0 lost=0
for ((i = 1; i <= iter; i++)); do
	for cmd in "seq -b 1024 -r 3" "coop -t 4 -b 128 -r 3" "seq -b 4 -r 2"; do
		sync; echo 3 >/proc/sys/vm/drop_caches
		# shellcheck disable=SC2086
		"$rabench" $cmd "$mnt/main" >/tmp/hh.out 2>&1 &
		pid=$! t=0
		while kill -0 $pid 2>/dev/null; do
			reads=$(awk '{print $1}' /sys/block/$name/stat)
			if [ "$reads" != "${done:-x}" ]; then
				lost=0 done=$reads
			elif nullb_lost_queue_run $name; then
				((++lost < 3)) || {
					{ echo "LOST RUN iter $i: $cmd"; date; nullb_queue_state $name; } >>"$out/hang.txt" 2>&1
					nullb_run_queue $name
					kicks=$((kicks + 1)); lost=0
					echo "KICK iter $i $cmd"
				}
			else
				lost=0
			fi
			if ((t++ >= 60)); then
				{ echo "HANG iter $i: $cmd"; date; nullb_queue_state $name; } >>"$out/hang.txt" 2>&1
				echo w >/proc/sysrq-trigger
				sleep 2
				dmesg >"$out/hang-dmesg.txt"
				echo "HANG iter $i $cmd"
				exit 3
			fi
			sleep 1
		done
		wait $pid || { echo "iter $i $cmd failed: $(cat /tmp/hh.out)"; exit 1; }
	done
	echo "iter $i ok kicks=$kicks $(cat /tmp/hh.out)"
done
