#!/bin/bash
# Host: boots for grow.sh, one at a time.
cd /work/main
NEW=build/linux/.out-bench/arch/x86/boot/bzImage
B=build/results/bench-20261203-061148/bzImage-base
OLD=build/results/bench-20261203-061148/bzImage-linux
o=/tmp/lat/grow-out
run() { scripts/vm-run.sh -k $2 -o $o/$1 -t 900 -- bash /tmp/lat/grow.sh $o/$1/out $3; }
run 1-new $NEW
run 2-base $B
run 3-new-128 $NEW 128
run 4-old53 $OLD
run 5-new $NEW
run 6-base $B
