#!/bin/bash
cd /work/main
P=build/linux/.out-test/arch/x86/boot/bzImage
B=build/base/.out-test/arch/x86/boot/bzImage
i=0
for k in patched base patched base; do
  i=$((i+1)); img=$P; [ $k = base ] && img=$B
  scripts/vm-run.sh -k $img -o /tmp/lat/mix/$i-$k -t 1200 -- bash /tmp/lat/mix.sh /tmp/lat/mix/$i-$k/out
done
scripts/vm-run.sh -k $P -o /tmp/lat/mix/5-patched-128 -t 1200 -- bash /tmp/lat/mix.sh /tmp/lat/mix/5-patched-128/out 128
