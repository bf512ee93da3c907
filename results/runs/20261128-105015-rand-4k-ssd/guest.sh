#!/bin/bash
# In the guest: timed random 4 KiB reads (make bench's rand-4k row) of a
# 512 MiB file on the ssd model's disk, at read_ahead_kb 128 and 512,
# three times each, alternated; decisions by reason where the kernel
# traces them. One JSON line per run.
#   guest.sh TOP RABENCH (run.sh calls it)
set -eu
top=$1 rabench=$2
. "$top/scripts/guest-nullb.sh"
mnt=/tmp/rabench
trap 'nullb_remove rabench' EXIT
nullb_model rabench ssd "$mnt"
"$rabench" fill "$mnt/main" 512
mountpoint -q /sys/kernel/tracing || mount -t tracefs tracefs /sys/kernel/tracing
ev=/sys/kernel/tracing/events/readahead/page_cache_ra_decision
q=/sys/block/rabench/queue
for i in 1 2 3; do
	for ra in 128 512; do
		for traced in 0 1; do
			[ $traced = 0 ] || [ -d $ev ] || continue
			echo $ra >$q/read_ahead_kb
			sync
			echo 3 >/proc/sys/vm/drop_caches
			[ $traced = 0 ] || echo "hist:keys=reason" >$ev/trigger
			read -r r0 < <(awk '{print $1}' /sys/block/rabench/stat)
			res=$("$rabench" rand -b 4 -r 3 "$mnt/main")
			read -r r1 < <(awk '{print $1}' /sys/block/rabench/stat)
			hist='""'
			if [ $traced = 1 ]; then
				hist="\"$(grep -E 'reason|hitcount' $ev/hist | tr -s ' \n' ' ')\""
				echo "!hist:keys=reason" >$ev/trigger
			fi
			echo "{\"ra\": $ra, \"round\": $i, \"traced\": $traced, \"requests\": $((r1 - r0)), \"run\": $res, \"hist\": $hist}"
		done
	done
done
