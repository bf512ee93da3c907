#!/bin/bash
# Guest: 2 and 4 streams (a file each) on the many model at read_ahead_kb 128 and 512: MiB/s and readahead_grow.
set -u
. /work/main/scripts/guest-nullb.sh
name=rabench mnt=/tmp/rabench-two rb=/tmp/lat/rabench
nullb_model $name many $mnt || exit 2
for i in 0 1 2 3; do $rb fill $mnt/f.$i 128; done
g() { awk '$1=="readahead_grow"{v=$2} END{print v+0}' /proc/vmstat; }
for kb in 128 512; do
  echo $kb > /sys/block/$name/queue/read_ahead_kb
  for n in 2 4; do
    for r in 1 2; do
      sync; echo 3 > /proc/sys/vm/drop_caches
      g0=$(g)
      out=$($rb seq -b 4 -r 3 $(seq -f "$mnt/f.%g" 0 $((n - 1))))
      echo "ra $kb streams $n round $r grow $(( $(g) - g0 )) $out"
    done
  done
done
nullb_remove $name
