#!/bin/bash
# In the guest: rand-4k of make bench on the ssd model, alone, timed
# (and with PROF=1 once more under perf, reports into OUTDIR). Run as
#   gcc -O2 -pthread -o build/exp/prof/rabench scripts/rabench.c
#   scripts/vm-run.sh -k BZIMAGE -o DIR -- env PROF=1 \
#	results/rand-4k/guest-prof.sh DIR 2
out=$1 runs=${2:-3}
here=$(dirname "$0")/../..
. "$here/scripts/guest-nullb.sh"
rb=$here/build/exp/prof/rabench
nullb_ext4 ra0 /tmp/mnt memory_backed=1 blocksize=4096 size=2048 max_sectors=2048 irqmode=2 completion_nsec=100000 hw_queue_depth=64 || exit 1
echo mq-deadline >/sys/block/ra0/queue/scheduler
$rb fill /tmp/mnt/main 512
for i in $(seq $runs); do
	sync; echo 3 >/proc/sys/vm/drop_caches
	r0=$(awk '{print $1}' /sys/block/ra0/stat)
	cp /proc/vmstat /tmp/vm0
	res=$($rb rand -b 4 -r 3 /tmp/mnt/main)
	r1=$(awk '{print $1}' /sys/block/ra0/stat)
	echo "rand $i: $res requests $((r1 - r0))"
	awk 'NR==FNR {a[$1]=$2; next} $2-a[$1] != 0 {printf "%s=%d ", $1, $2-a[$1]} END {print ""}' /tmp/vm0 /proc/vmstat
done
if [ -n "${PROF:-}" ]; then
	sync; echo 3 >/proc/sys/vm/drop_caches
	echo 0 >/proc/sys/kernel/kptr_restrict
	echo -1 >/proc/sys/kernel/perf_event_paranoid
	perf record -q -a -g -e cpu-clock -F 4000 -o /tmp/perf.data -- $rb rand -b 4 -r 5 /tmp/mnt/main
	perf report -i /tmp/perf.data --no-children --sort sym --stdio -g none 2>/dev/null | head -150 >$out/flat.txt
	perf report -i /tmp/perf.data --children --sort sym --stdio -g none 2>/dev/null | head -200 >$out/children.txt
	perf script -i /tmp/perf.data -F comm,cpu,ip,sym 2>/dev/null | gzip >$out/script.gz
fi
nullb_remove ra0
