#!/bin/bash
# Guest: a random 4 KiB reader of one file beside 16 sequential readers
# (32 KiB reads, a file each) on the cloud model: the random reader's reads
# wait behind what the streams have queued. For each I/O scheduler, 3 rounds.
# $2: a read_ahead_kb to set instead of the block layer's.
set -u
. /work/main/scripts/guest-nullb.sh
out=$1; mkdir -p $out
name=rabench mnt=/tmp/rabench-mix rb=/tmp/lat/rabench
nullb_model $name cloud $mnt || exit 2
[ -n "${2:-}" ] && echo $2 > /sys/block/$name/queue/read_ahead_kb
for i in $(seq 0 15); do $rb fill $mnt/bsr.$i 64; done
$rb fill $mnt/rnd 256
for sched in mq-deadline none; do
  echo $sched > /sys/block/$name/queue/scheduler
  for r in 1 2 3; do
    sync; echo 3 > /proc/sys/vm/drop_caches
    $rb seq -b 32 $(seq -f "$mnt/bsr.%g" 0 15) > $out/seq-$sched-$r.json &
    sp=$!
    sleep 1
    $rb rand -b 4 -r 4 $mnt/rnd > $out/rand-$sched-$r.json
    wait $sp
    echo "$sched $r seq $(cat $out/seq-$sched-$r.json) rand $(cat $out/rand-$sched-$r.json) ra_kb $(cat /sys/block/$name/queue/read_ahead_kb)"
  done
done
# The random reader alone, for its latency on an idle device.
for r in 1 2; do
  sync; echo 3 > /proc/sys/vm/drop_caches
  echo "alone $r rand $($rb rand -b 4 -r 4 $mnt/rnd)"
done
nullb_remove $name
