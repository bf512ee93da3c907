#!/bin/bash
# Guest: readahead_grow during 16 streams + a random reader, and during one stream, on cloud.
set -u
. /work/main/scripts/guest-nullb.sh
out=$1; mkdir -p $out
name=rabench mnt=/tmp/rabench-mix rb=/tmp/lat/rabench
nullb_model $name cloud $mnt || exit 2
[ -n "${2:-}" ] && echo $2 > /sys/block/$name/queue/read_ahead_kb
echo "ra_kb $(cat /sys/block/$name/queue/read_ahead_kb)"
for i in $(seq 0 15); do $rb fill $mnt/bsr.$i 64; done
$rb fill $mnt/rnd 256
$rb fill $mnt/one 512
g() { awk '$1=="readahead_grow"{v=$2} END{print v+0}' /proc/vmstat; }
for r in 1 2 3; do
  sync; echo 3 > /proc/sys/vm/drop_caches
  g0=$(g)
  $rb seq -b 32 $(seq -f "$mnt/bsr.%g" 0 15) > $out/seq-$r.json &
  sp=$!
  sleep 1
  $rb rand -b 4 -r 3 $mnt/rnd > $out/rand-$r.json
  wait $sp
  echo "beside $r grow $(( $(g) - g0 )) seq $(cat $out/seq-$r.json) rand $(cat $out/rand-$r.json)"
done
for r in 1 2; do
  sync; echo 3 > /proc/sys/vm/drop_caches
  g0=$(g)
  echo "one $r $($rb seq -b 4 -r 3 $mnt/one) grow $(( $(g) - g0 ))"
done
nullb_remove $name
nullb_model $name many $mnt || exit 2
$rb fill $mnt/one 512
for r in 1 2; do
  sync; echo 3 > /proc/sys/vm/drop_caches
  g0=$(g)
  echo "many-one $r $($rb seq -b 4 -r 3 $mnt/one) grow $(( $(g) - g0 ))"
done
nullb_remove $name
