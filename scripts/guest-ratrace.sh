#!/bin/bash
# Runs inside the guest: the block requests that five readers cause, for
# comparing two kernels' readahead (make ratrace). guest-ratrace.sh OUTDIR
# For each reader: the read requests' (sector, size) sequence in
# OUTDIR/<reader>.req and a summary line on stdout.
set -eu
. "$(dirname "$0")/guest-nullb.sh"
out=$1
name=ratrace
mnt=/tmp/ratrace
tr=/sys/kernel/tracing

# Synchronous completion: the same reader gives the same requests.
trap 'nullb_remove $name' EXIT
nullb_ext4 $name "$mnt" memory_backed=1 blocksize=4096 size=512 irqmode=0
dd if=/dev/zero of="$mnt/file" bs=1M count=64 conv=fsync status=none
dev=$(stat -c '%t:%T' "/dev/$name")
devnum=$((16#${dev%%:*})),$((16#${dev##*:}))

for reader in seq4k seq128k random reverse stride mmap-seq mmap-random; do
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 0 >$tr/tracing_on
	echo >$tr/trace
	echo 1 >$tr/events/block/block_rq_issue/enable
	echo 1 >$tr/tracing_on
	python3 "$(dirname "$0")/ra-readers.py" "$reader" "$mnt/file"
	echo 0 >$tr/tracing_on
	echo 0 >$tr/events/block/block_rq_issue/enable
	# Data reads (rwbs R or RA; ext4's metadata reads, RM, depend on what
	# else the filesystem cached): "... 254,0 RA 16384 () 278528 + 32 ..."
	# -> "278528 32" (sector, sectors).
	grep -E " $devnum RA? " $tr/trace |
		sed -E 's/.* RA? [0-9]+ \(.*\) ([0-9]+) \+ ([0-9]+).*/\1 \2/' \
		>"$out/$reader.req" || true
	awk -v r="$reader" '{n++; s+=$2} END {printf "%s: %d requests, %d KiB, avg %.1f KiB\n", r, n, s/2, n ? s/2/n : 0}' \
		"$out/$reader.req"
done
