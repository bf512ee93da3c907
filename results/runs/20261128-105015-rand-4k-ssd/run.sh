#!/bin/bash
# Why rand-4k reads slower on the ssd model with the series: boots each
# image of a make bench run (BENCH=build/results/bench-<stamp>, the newest
# by default) and runs guest.sh in it. Writes out-<kernel>/out.log here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
bench=${BENCH:-$(ls -d "$top"/build/results/bench-* | tail -n 1)}
for k in base linux; do
	mkdir -p "$here/out-$k"
	"$top/scripts/vm-run.sh" -m 6G -t 900 -o "$here/out-$k" \
		-k "$bench/bzImage-$k" -- \
		"$here/guest.sh" "$top" "$bench/bin/rabench" || echo "$k: status $?"
done
