#!/bin/bash
# Guest: 16 sequential readers (32 KiB reads, a file each) on the cloud
# model; block request latencies split into queued (insert->issue) and in
# service (issue->complete), and the readers' longest read.
set -u
. /work/main/scripts/guest-nullb.sh
out=$1; mkdir -p $out; export SCHED=${2:-} RAKB=${3:-}
name=rabench mnt=/tmp/rabench-lat
nullb_model $name cloud $mnt || exit 2
[ -n "${SCHED:-}" ] && echo $SCHED > /sys/block/$name/queue/scheduler
[ -n "${RAKB:-}" ] && echo $RAKB > /sys/block/$name/queue/read_ahead_kb
cat /sys/block/$name/queue/read_ahead_kb /sys/block/$name/queue/max_sectors_kb /sys/block/$name/queue/scheduler > $out/queue.txt
for i in $(seq 0 15); do /tmp/lat/rabench fill $mnt/bsr.$i 64; done
T=/sys/kernel/tracing
mountpoint -q $T || mount -t tracefs nodev $T
for r in 1 2 3; do
  sync; echo 3 > /proc/sys/vm/drop_caches
  echo 0 > $T/tracing_on; echo > $T/trace
  echo 65536 > $T/buffer_size_kb
  for e in block/block_rq_insert block/block_rq_issue block/block_rq_complete; do echo 1 > $T/events/$e/enable; done
  [ -d $T/events/readahead/page_cache_ra_decision ] && echo 1 > $T/events/readahead/page_cache_ra_decision/enable
  echo 1 > $T/tracing_on
  /tmp/lat/rabench seq -b 32 $(seq -f "$mnt/bsr.%g" 0 15) > $out/run$r.json
  echo 0 > $T/tracing_on
  cat $T/trace > $out/trace$r.txt
  cat $out/run$r.json
done
nullb_remove $name
