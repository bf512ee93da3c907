#!/bin/bash
# Runs inside the guest for 'make hangloop': the readers that lost queue
# runs on the hdd model's throttle, in a loop, every byte checked.
#   guest-hangloop.sh MODEL ROUNDS OUTDIR
# A round: seq-1m (1 MiB reads), coop-4 (4 threads taking 128 KiB turns on
# one fd) and seq-4k, from a cold cache. A stall (no read completed for
# 3 s while a reader runs and reads are queued) fails the loop at once,
# with blk-mq's state and the last block, timer and workqueue events in
# OUTDIR/stall.txt; so does a reader not done after 60 s. With
# HANGLOOP_KICK=1 a stall runs the queue instead and the loop goes on (to
# count stalls on a kernel that has them). HANGLOOP_RA sets read_ahead_kb.
set -eu
. "$(dirname "$0")/guest-nullb.sh"
model=$1 rounds=$2 out=$3
rabench=${RABENCH:-$(dirname "$0")/rabench}
name=rahang mnt=/tmp/rahang t=/sys/kernel/tracing
echo 0 >/proc/sys/kernel/hung_task_timeout_secs
trap 'nullb_remove $name' EXIT
nullb_model $name "$model" $mnt
[ -z "${HANGLOOP_RA:-}" ] || echo "$HANGLOOP_RA" >/sys/block/$name/queue/read_ahead_kb
"$rabench" fill $mnt/main 512
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
mountpoint -q $t || mount -t tracefs tracefs $t

# The events that show a lost queue run: a request handed back by the
# driver (block_rq_requeue), the throttle's timer, and blk-mq's queue
# runs from kblockd, in a ring buffer read when a reader stalls.
echo 8192 >$t/buffer_size_kb
for e in block/block_rq_requeue block/block_rq_issue block/block_rq_complete \
	 timer/hrtimer_expire_entry workqueue/workqueue_execute_start; do
	echo 1 >$t/events/$e/enable
done
echo 1 >$t/tracing_on

stalls=0
for ((i = 1; i <= rounds; i++)); do
	for cmd in "seq -b 1024 -r 3" "coop -t 4 -b 128 -r 3" "seq -b 4 -r 2"; do
		sync
		echo 3 >/proc/sys/vm/drop_caches
		# shellcheck disable=SC2086
		"$rabench" $cmd $mnt/main >/tmp/hangloop.out 2>&1 &
		pid=$! idle=0 done= secs=0
		while kill -0 $pid 2>/dev/null; do
			reads=$(awk '{print $1}' /sys/block/$name/stat)
			if ((secs++ > 60)); then
				echo "round $i, $cmd: not done after 60 s"
				kill -9 $pid
				exit 1
			fi
			if [ "$reads" != "$done" ] || ! nullb_busy $name; then
				idle=0 done=$reads
			elif ((++idle >= 3)); then
				stalls=$((stalls + 1))
				echo 0 >$t/tracing_on
				{ echo "round $i, $cmd: no read completed for 3 s"; date
				  nullb_queue_state $name
				  echo "== the last trace events (ns since boot)"
				  grep -v 'tick_sched_timer\|function=\(vmstat\|flush_to_ldisc\|wb_workfn\)' \
					$t/trace | tail -n 60
				} >>"$out/stall.txt" 2>&1
				echo "STALL round $i: $cmd (blk-mq state and trace in stall.txt)"
				if [ "${HANGLOOP_KICK:-0}" != 1 ]; then
					kill -9 $pid
					exit 1
				fi
				nullb_run_queue $name
				echo >$t/trace
				echo 1 >$t/tracing_on
				idle=0
			fi
			sleep 1
		done
		wait $pid || { echo "round $i, $cmd failed: $(cat /tmp/hangloop.out)"; exit 1; }
	done
	echo >$t/trace
	echo "round $i/$rounds ok, $stalls stalls: $(cat /tmp/hangloop.out)"
done
echo "hangloop: $model, $rounds rounds, $stalls stalls"
((stalls == 0))
