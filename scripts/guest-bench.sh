#!/bin/bash
# Runs inside the guest for 'make bench': one line of JSON per measurement
# on stdout.
#   guest-bench.sh MODEL ROUND OUTDIR [quick]
# BENCH_ONLY=REGEX runs only the workloads it matches (and the limits).
# BENCH_ROW_SECONDS=N: the rows that read for a fixed time ($rt) read for
# N seconds, not 3 (bench.sh refuses it with QUICK).
# MODEL: a device of configs/devices.conf (hdd, ssd, cloud, array, hdd64, many),
# as the block layer sets it up: read_ahead_kb is its default for that
# device (the hdd is rotational, so 2 MiB; the others 128 KiB).
# Every row carries the device's block requests and sectors for the run;
# rabench checks every byte it reads, fio rows are re-read and checked at
# the end. On a kernel with readahead:page_cache_ra_decision, with
# BENCH_DECISIONS=1, the decisions are counted by reason with an in-kernel
# histogram.
set -eu
. "$(dirname "$0")/guest-nullb.sh"
# A run that hangs is reported and killed by watched(), below, and the
# benchmark goes on; the hung task detector would fail the whole boot.
hung=/proc/sys/kernel/hung_task_timeout_secs
[ ! -e $hung ] || echo 0 >$hung
model=$1 round=$2 out=$3 quick=${4:-}
rabench=$(dirname "$0")/rabench	# bench.sh puts it beside this script
name=rabench mnt=/tmp/rabench
cg=/tmp/cg2	# cgroup2, for the thrash rows' memory cgroup
rt=${BENCH_ROW_SECONDS:-3} main_mb=512 bsr_mb=64 hot_mb=512
# Random 64 KiB reads on the hdd run at ~116 a second: in 3 s the start and
# the drain of a 64-deep queue are a fifth of the run, and rows of one
# kernel spread by 10%. On the ssd a row ends when it has read the file.
rand_rt=10
[ -n "$quick" ] && rt=2 main_mb=256 bsr_mb=16 hot_mb=128 rand_rt=2

params=$(nullb_model_words "$model") || exit 2
trap 'nullb_remove $name; nullb_remove rahot' EXIT
nullb_model $name "$model" "$mnt"
q=/sys/block/$name/queue
"$rabench" fill "$mnt/main" $main_mb
# want WORKLOAD: is it selected by BENCH_ONLY (the limits always are)?
want() { [ -z "${BENCH_ONLY:-}" ] || [[ $1 == limit-* || $1 =~ $BENCH_ONLY ]]; }
for n in 1 2 4 8 16; do
	want bsr-$n || want rand-4k-beside-16 || continue
	for i in $(seq 0 15); do "$rabench" fill "$mnt/bsr.$i" $bsr_mb; done
	break
done
default_ra=$(cat $q/read_ahead_kb)

echo "{\"device\": \"$model\", \"params\": \"$params\", \"scheduler\": \"$(sed 's/.*\[\(.*\)\].*/\1/' $q/scheduler)\", \"read_ahead_kb\": $default_ra, \"rotational\": $(cat $q/rotational), \"max_sectors_kb\": $(cat $q/max_sectors_kb), \"nr_requests\": $(cat $q/nr_requests), \"mem_mib\": $(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024))}"

# The readahead decisions by reason, patched kernel only.
ev=/sys/kernel/tracing/events/readahead/page_cache_ra_decision
mountpoint -q /sys/kernel/tracing || mount -t tracefs tracefs /sys/kernel/tracing
# blk-mq's queues, for nullb_busy and hang reports.
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
# Count only the bench disk's decisions (s_dev is MKDEV(major, minor)).
read -r major minor < <(stat -L -c '%t %T' /dev/$name | while read -r a b; do echo $((16#$a)) $((16#$b)); done)
filter="if s_dev == $(((major << 20) | minor))"
# The histogram costs each decision ~10% of a CPU-bound row's throughput
# under TCG, so it is only on in a boot of its own (BENCH_DECISIONS=1),
# whose rows report decisions and are left out of the timings.
traced=${BENCH_DECISIONS:-}
hist_on() { [ -n "$traced" ] && [ -d $ev ] && echo "hist:keys=reason $filter" >$ev/trigger || true; }
hist_off() { [ -n "$traced" ] && [ -d $ev ] && echo "!hist:keys=reason $filter" >$ev/trigger || true; }
decisions() {
	[ -n "$traced" ] && [ -d $ev ] || { echo '{}'; return; }
	python3 - $ev <<'PY'
import json, re, sys
ev = sys.argv[1]
fmt = open(f"{ev}/format").read()
sym = re.search(r"__print_symbolic\(REC->reason,(.*?)\)", fmt).group(1)
names = {int(n, 0): s for n, s in re.findall(r'\{\s*([0-9x]+),\s*"([^"]+)"\s*\}', sym)}
counts = {}
for key, n in re.findall(r"reason:\s*(\d+)\s*\}\s*hitcount:\s*(\d+)", open(f"{ev}/hist").read()):
    counts[names.get(int(key), key)] = int(n)
print(json.dumps(counts))
PY
}

stat_reads() { awk '{print $1, $3}' /sys/block/$name/stat; }

# kill_tree PID: kill PID and every process below it. CMD may be a shell
# function, whose $! is a subshell: killing only that would leave the
# reader running, holding the pipe that measure() reads its result from.
kill_tree() {
	local child
	for child in $(pgrep -P "$1"); do
		kill_tree "$child"
	done
	kill -9 "$1" 2>/dev/null || true
}

# hang_state: what a hang report needs besides the blocked tasks.
hang_state() { nullb_queue_state $name; }

# watched SECS CMD...: run CMD. A stall (no read completed for 3 s while
# CMD runs: the device model lost a queue run, or worse) or a run not
# done after SECS ends the boot with a failure: blk-mq's state goes to
# $out/hang.txt, the blocked tasks' stacks to the dmesg (sysrq w). A
# stall is never left out quietly: the numbers of a boot that had one
# are not comparable. CMD's output goes through a file, so that a reader
# that cannot be killed holds no pipe of ours.
watched() {
	local secs=$1 pid t=0 idle=0 reads done=-1 what=
	shift
	"$@" >/tmp/watched.out &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		reads=$(awk '{print $1}' /sys/block/$name/stat)
		if [ "$reads" != "$done" ] || ! nullb_busy $name; then
			idle=0 done=$reads
		elif ((++idle >= 3)); then
			what="stall: no read completed for 3 s with reads queued"
		fi
		((t++ < secs)) || what="hang: not done after $secs s"
		if [ -n "$what" ]; then
			{ echo "$what: $*"; date; hang_state; } >>"$out/hang.txt" 2>&1
			echo w >/proc/sysrq-trigger
			kill_tree $pid
			echo "guest-bench: $what: $* (see hang.txt)" >&2
			exit 3
		fi
		sleep 1
	done
	wait $pid || return
	cat /tmp/watched.out
}

# row WORKLOAD READERS BS_KB REQUESTS SECTORS DECISIONS RUN [EXTRA]: one
# result line (EXTRA: more JSON members, each with a trailing comma).
row() {
	echo "{\"workload\": \"$1\", \"model\": \"$model\", \"round\": $round, \"readers\": $2, \"bs_kb\": $3, \"requests\": $4, \"sectors\": $5, \"decisions\": $6, ${8:-}\"run\": $7}"
}

# The device's reads in flight every 50 ms, until killed.
inflight_sample() {
	local r w
	while read -r r w </sys/block/$name/inflight; do
		echo "$r"
		sleep 0.05
	done
}

# The samples' mean and maximum, as members for row's EXTRA.
inflight_json() {
	awk '{ n++; s += $1; if ($1 > m) m = $1 }
	     END { printf "\"inflight_reads\": {\"mean\": %.1f, \"max\": %d}, ", n ? s / n : 0, m }' /tmp/inflight.txt
}

# measure WORKLOAD READERS BS_KB CMD...: cold cache, run CMD (which prints
# JSON with mib_s), report it with the device's requests during the run,
# and for the rand64k rows the reads in flight. A run that hangs (5 min;
# the longest takes ~40 s) is reported as such and left out of the results.
measure() {
	local w=$1 readers=$2 bs=$3 res st kills sampler= extra=
	shift 3
	want "$w" || return 0
	sync
	echo 3 >/proc/sys/vm/drop_caches
	hist_on
	read -r r0 s0 < <(stat_reads)
	kills=$(oom_kills)
	if [[ $w == rand64k-* ]]; then
		inflight_sample >/tmp/inflight.txt &
		sampler=$!
	fi
	res=$(watched 300 "$@") || {
		st=$?
		# A thrash row's readers killed by their memory cgroup's OOM
		# killer: an outcome to report, not a broken bench. A stall
		# (3) never is.
		[ -z "$sampler" ] || kill $sampler
		[ "$st" != 3 ] && [ "$(oom_kills)" -gt "$kills" ] || exit $st
		echo "{\"oom_killed\": \"$w\", \"round\": $round, \"readers\": $readers, \"bs_kb\": $bs}"
		hist_off
		return 0
	}
	read -r r1 s1 < <(stat_reads)
	if [ -n "$sampler" ]; then
		kill $sampler
		wait $sampler 2>/dev/null || true
		extra=$(inflight_json)
	fi
	row "$w" "$readers" "$bs" $((r1 - r0)) $((s1 - s0)) "$(decisions)" "$res" "$extra"
	hist_off
}

rb() { "$rabench" "$@"; }

# OOM kills so far in the thrash rows' memory cgroup (0 before it exists)
oom_kills() {
	local f=$cg/thrash/memory.events
	if [ -e $f ]; then awk '$1 == "oom_kill" {print $2}' $f; else echo 0; fi
}

# fio_run FIO-ARGS...: fio on the main file, printing {"mib_s", "bytes"}.
fio_run() {
	fio --output-format=json --name=job --filename="$mnt/main" \
		--size=${main_mb}M --runtime=$rt "$@" >/tmp/fio.json
	python3 -c '
import json
r = json.load(open("/tmp/fio.json"))["jobs"][0]["read"]
print(json.dumps({"mib_s": round(r["bw_bytes"] / 2**20, 2), "bytes": r["io_bytes"], "iops": round(r["iops"]),
                  "max_read_ms": round(r["clat_ns"]["max"] / 1e6, 1)}))'
}

# --- the device's limit: large O_DIRECT reads at depth (4 MiB ones are
# all split into max-sized requests, 1 MiB ones not always), 4 KiB IOPS
measure limit-odirect-1m 1 1024 fio_run --rw=read --bs=1M --direct=1 --ioengine=libaio --iodepth=8
measure limit-odirect-4m 1 4096 fio_run --rw=read --bs=4M --direct=1 --ioengine=libaio --iodepth=4
measure limit-odirect-4k-rand 1 4 fio_run --rw=randread --bs=4k --direct=1 --ioengine=libaio --iodepth=32

# --- 1: one sequential reader (seed 001's fio job)
measure seq-4k 1 4 rb seq -b 4 -r $rt "$mnt/main"
measure seq-1m 1 1024 rb seq -b 1024 -r $rt "$mnt/main"
# --- 10: read_ahead_kb sweep
sweep="128 256 512 1024 2048 4096"
[ -n "$quick" ] && sweep="4096"
for ra in $sweep; do
	echo $ra >$q/read_ahead_kb
	measure rasweep-$ra 1 4 rb seq -b 4 -r $rt "$mnt/main"
done
echo "$default_ra" >$q/read_ahead_kb
# --- 2: bsr, seed 003: N readers on separate files, 32 KiB reads, each
# reading its file to the end as tiobench's bsr does (a timed run would
# count the readahead still unread at the end as lost throughput)
for n in $([ -n "$quick" ] && echo 16 || echo 1 2 4 8 16); do
	# shellcheck disable=SC2046
	measure bsr-$n $n 32 rb seq -b 32 $(seq -f "$mnt/bsr.%g" 0 $((n - 1)))
done
# --- a random 4 KiB reader of the main file, for 3 s from 1 s after
# bsr-16's 16 streams start (they read 1 GiB to their ends): how long
# other reads wait behind what streams queue. The row's rate is the
# random reader's, with 4 decimals (mean_read_ms is 4 KiB over it); the
# streams' rate is streams_mib_s; requests and sectors are all of them.
# Not in quick runs: 16 MiB streams end before the reader starts.
beside_streams() {
	local streams rc=0
	# shellcheck disable=SC2046
	rb seq -b 32 $(seq -f "$mnt/bsr.%g" 0 15) >/tmp/beside-streams.json &
	streams=$!
	sleep 1
	rb rand -b 4 -r 3 "$mnt/main" >/tmp/beside-rand.json || rc=$?
	wait $streams || rc=$((rc ? rc : $?))
	[ $rc = 0 ] || return $rc
	python3 -c '
import json
r = json.load(open("/tmp/beside-rand.json"))
s = json.load(open("/tmp/beside-streams.json"))
reads = r["bytes"] / 4096
r["mib_s"] = round(r["bytes"] / r["seconds"] / 2**20, 4)
r["mean_read_ms"] = round(r["seconds"] * 1000 / reads, 2) if reads else None
r["streams_mib_s"] = s["mib_s"]
print(json.dumps(r))'
}
[ -n "$quick" ] || measure rand-4k-beside-16 1 4 beside_streams
# --- 4: buffered vs O_DIRECT random 64 KiB at depth 64, and 16 (seed
# 000); the reads in flight are sampled during these rows (inflight).
# fio's libaio rows (here and batch-*) cannot set IOCB_FLAG_BUFFERED_ASYNC:
# their io_submit() waits for buffered reads on both kernels. The aioflag
# rows are rabench's io_submit() with the flag on every iocb; the base
# ignores it. All random rows advise POSIX_FADV_RANDOM, as fio does.
for depth in 64 16; do
	w=rand64k-aioflag
	[ $depth = 64 ] || w=rand64k-d$depth-aioflag
	measure $w-buffered 1 64 rb aio -F -A random -d $depth -b 64 \
		-r $rand_rt "$mnt/main"
	measure $w-direct 1 64 rb aio -D -A random -d $depth -b 64 \
		-r $rand_rt "$mnt/main"
done
# The same 64 reads in flight from two submitters (32 each, a context and
# half the file each): if these read more than the depth-64 rows, it is
# the one submitting thread's CPU that holds those back, not the path.
measure rand64k-t2-aioflag-buffered 2 64 rb aio -F -A random -t 2 -d 32 \
	-b 64 -r $rand_rt "$mnt/main"
measure rand64k-t2-aioflag-direct 2 64 rb aio -D -A random -t 2 -d 32 \
	-b 64 -r $rand_rt "$mnt/main"
for engine in libaio $([ -n "$quick" ] || echo io_uring); do
	for direct in 0 1; do
		kind=$([ $direct = 1 ] && echo direct || echo buffered)
		for depth in 64 16; do
			w=rand64k-$engine-$kind
			[ $depth = 64 ] || w=rand64k-d$depth-$engine-$kind
			measure $w 1 64 fio_run --rw=randread --bs=64k \
				--ioengine=$engine --iodepth=$depth --direct=$direct \
				--randrepeat=1 --runtime=$rand_rt
		done
	done
	# buffered sequential 128 KiB reads at depth 16 (4 KiB: batch-1)
	measure seq128k-$engine 1 128 fio_run --rw=read --bs=128k \
		--ioengine=$engine --iodepth=16
done
# io_uring's depth-64 rows from two submitting threads, as the t2-aioflag
# rows: two jobs, 32 in flight each, half the file each.
if [ -z "$quick" ]; then
	for direct in 0 1; do
		kind=$([ $direct = 1 ] && echo direct || echo buffered)
		measure rand64k-t2-io_uring-$kind 2 64 fio_run --rw=randread \
			--bs=64k --ioengine=io_uring --iodepth=32 --direct=$direct \
			--numjobs=2 --group_reporting --size=$((main_mb / 2))M \
			--offset_increment=$((main_mb / 2))M --randrepeat=1 \
			--runtime=$rand_rt
	done
fi
# --- 8: splice and mmap sequential readers
measure splice-64k 1 64 rb splice -b 64 -r $rt "$mnt/main"
measure mmap-4k 1 4 rb mmap -b 4 -r $rt "$mnt/main"
# a MADV_HUGEPAGE mapping, from the file's start and from 64 MiB on: each
# fault reads two PMD folios and marks the second, whose hit must read the
# next two ahead. The reader checks its data 32 times (-w): work to overlap
# with the device's, about as long as the hdd takes to read it.
measure mmap-thp-0 1 4 rb mmap -H -w 32 -b 4 -r $rt "$mnt/main"
measure mmap-thp-64m 1 4 rb mmap -H -O 64 -w 32 -b 4 -r $rt "$mnt/main"
if [ -z "$quick" ]; then
	# --- 3: threads on one shared fd, each its own region; the same
	# with an fd each; threads taking turns on one stream (seed 001, nfsd)
	for n in 2 4 8 16; do
		measure shared-$n $n 4 rb shared -t $n -b 4 -r $rt "$mnt/main"
		measure shared-sepfd-$n $n 4 rb shared -s -t $n -b 4 -r $rt "$mnt/main"
	done
	for n in 2 4; do
		measure coop-$n $n 128 rb coop -t $n -b 128 -r $rt "$mnt/main"
	done
	# --- 11: one sequential stream beside 3 random readers on its fd
	measure mixed-4 4 4 rb mixed -t 4 -b 4 -r $rt "$mnt/main"
	# --- 5: 16 x 4 KiB per io_submit vs one per call (seed 002)
	for b in 1 16; do
		measure batch-$b 1 4 fio_run --rw=read --bs=4k --ioengine=libaio \
			--iodepth=16 --iodepth_batch_submit=$b --iodepth_batch_complete_min=$b
	done
	# --- 7: iozone's read, re-read, reverse, stride, random (seed 004)
	measure seq-64k 1 64 rb seq -b 64 -r $rt "$mnt/main"
	measure reverse-64k 1 64 rb reverse -b 64 -r $rt "$mnt/main"
	measure stride-4k 1 4 rb stride -b 4 -r $rt "$mnt/main"
	# strides of 16 and 256 pages: 4 KiB every 64 KiB (within a window),
	# and every 1 MiB (larger than one: to the end of the file, unless
	# -r stops it first)
	measure stride-4k-64k 1 4 rb stride -b 4 -S 64 -r $rt "$mnt/main"
	measure stride-4k-1m 1 4 rb stride -b 4 -S 1024 -r $rand_rt "$mnt/main"
	measure rand-4k 1 4 rb rand -b 4 -r $rt "$mnt/main"
	# --- 13: streams that end within a file, so that their first
	# window is most of what they read: 1024 files of 32 KiB, each read
	# whole in 4 KiB reads, one after another; the first 4 KiB of 1024
	# files of 64 KiB (a file's header, as file(1) or an indexer reads it)
	for w in files-32k files-head-64k; do
		want $w || continue
		mkdir -p "$mnt/f32k" "$mnt/f64k"
		rb fill $(seq -f "$mnt/f32k/%g" 0 1023) 32k
		rb fill $(seq -f "$mnt/f64k/%g" 0 1023) 64k
		break
	done
	measure files-32k 1 4 rb files -b 4 -r $rt $(seq -f "$mnt/f32k/%g" 0 1023)
	measure files-head-64k 1 4 rb files -b 4 -c 1 -r $rt $(seq -f "$mnt/f64k/%g" 0 1023)
	# --- 6: readahead thrashing (seed 004: 100 KiB/s streams started one
	# per second under mem=128m): 100 streams at 400 KiB/s, an fd each,
	# one started every 50 ms, in a 32 MiB memory cgroup. They ask for
	# more than the hdd gives at 8 ms per request unless requests are
	# large, and memory keeps only ~300 KiB per stream. Each reads its
	# 5 MiB to the end (-r is only a cap): a run cut at a fixed time
	# mostly measures the streams' start-up and counts the readahead
	# still unread at the end as lost. The cap, 60 s, binds only where a
	# kernel reads under ~8 MiB/s (thrash-200 and thrash-100-16m on the
	# hdd model): their MiB/s is then what was read in 60 s. At 120 s
	# four such rows made one hdd boot 13 minutes.
	mkdir -p $cg
	mountpoint -q $cg || mount -t cgroup2 none $cg
	echo +memory >$cg/cgroup.subtree_control
	mkdir -p $cg/thrash
	# thrash_row NAME STREAMS KIB_PER_S START_MS: rabench's thrash readers,
	# an fd each, in the thrash memory cgroup
	thrash_row() {
		measure "$1" "$2" 4 sh -c "echo \$\$ >$cg/thrash/cgroup.procs && exec $rabench thrash -s -t $2 -b 4 -R $3 -i $4 -r 60 $mnt/main"
	}
	echo 32M >$cg/thrash/memory.max
	thrash_row thrash-100 100 400 50
	# Less memory than the base's windows need (128 KiB, two of them a
	# stream): the same streams in 16 MiB, and seed 004's 200 streams of
	# 100 KiB/s (one every 25 ms, 2.5 MiB each) in 32 MiB. Both kernels
	# lose pages here.
	echo 16M >$cg/thrash/memory.max
	thrash_row thrash-100-16m 100 400 50
	echo 32M >$cg/thrash/memory.max
	thrash_row thrash-200 200 100 25
	# thrash-100 at the read_ahead_kb a SATA hdd gets by default: twice
	# its largest request when it reports no optimal I/O size (2 MiB for
	# this model's 1 MiB requests; blk_apply_bdi_limits()). The base's
	# windows ramp up to it whatever memory holds.
	# (on a rotational model that is its default already: thrash-100)
	if want thrash-100-ra2m && [ "$default_ra" != 2048 ]; then
		echo 2048 >$q/read_ahead_kb
		thrash_row thrash-100-ra2m 100 400 50
		echo "$default_ra" >$q/read_ahead_kb
	fi
	# seed 004's own workload and setting: its 200 streams of 100 KiB/s
	# (thrash-200) with the 1 MiB maximum window it was measured with.
	if want thrash-200-ra1m; then
		echo 1024 >$q/read_ahead_kb
		thrash_row thrash-200-ra1m 200 100 25
		echo "$default_ra" >$q/read_ahead_kb
	fi
	# the cgroup's OOM kills, if any thrash row ran (ONLY may pick one)
	for w in thrash-100 thrash-100-16m thrash-200 thrash-100-ra2m thrash-200-ra1m; do
		want $w || continue
		echo "{\"thrash_oom_kills\": $(oom_kills), \"round\": $round}"
		break
	done
fi

# fio read the main file through the page cache too: check it once more,
# watched as the rows are.
echo 3 >/proc/sys/vm/drop_caches
watched 300 rb seq -b 1024 "$mnt/main" >/dev/null

# --- 9: cache-hot reads on a fast disk; also the CPU ceiling for each size
hot=/tmp/rahot
nullb_ext4 rahot "$hot" memory_backed=1 blocksize=4096 size=600 irqmode=0
"$rabench" fill "$hot/file" $hot_mb
cat "$hot/file" >/dev/null
for bs in 4 $([ -n "$quick" ] || echo 32 64) 1024; do
	want hot-seq-$bs || continue
	res=$(rb seq -q -l -b $bs -r $rt "$hot/file")
	row "hot-seq-$bs" 1 "$bs" 0 0 '{}' "$res" '"hot": true, '
done
want hot-rand-4 && res=$(rb rand -q -b 4 -r $rt "$hot/file") &&
	row hot-rand-4 1 4 0 0 '{}' "$res" '"hot": true, '
# the same 4 KiB reads, the data (checked above) left unchecked: the read
# path's own cost, without the check's
for mode in seq rand; do
	want hot-nocheck-$mode-4 || continue
	res=$(rb $mode -q -n $([ $mode = seq ] && echo -l) -b 4 -r $rt "$hot/file")
	row hot-nocheck-$mode-4 1 4 0 0 '{}' "$res" '"hot": true, '
done

# --- 12: the paths that do not read ahead, cache-cold on the same device
# without latency: what they cost is CPU, compared under ICOUNT=1 (make
# bench ICOUNT=1 ONLY='^cold-'). Random 4 KiB reads by one thread and by
# 16 on one fd, with POSIX_FADV_RANDOM, faults in a MADV_RANDOM mapping,
# random faults in a mapping without advice (fault read-around until the
# misses turn it off: the memory bound's lookup on each such miss), and
# random reads of a file half in the cache (every other MiB, read with
# POSIX_FADV_RANDOM so that both kernels cache the same pages).
cold_stat() { awk '{print $1, $3}' /sys/block/rahot/stat; }
cold_row() {
	local w=$1 readers=$2 res r0 s0 r1 s1
	shift 2
	want "$w" || return 0
	echo 3 >/proc/sys/vm/drop_caches
	if [ "$w" = cold-rand-4k-half ]; then
		rb stride -q -n -A random -b 1024 -S 2048 -r 600 "$hot/file" >/dev/null
	fi
	read -r r0 s0 < <(cold_stat)
	res=$(rb "$@" "$hot/file")
	read -r r1 s1 < <(cold_stat)
	row "$w" "$readers" 4 $((r1 - r0)) $((s1 - s0)) '{}' "$res" '"cold": true, '
}
# At read_ahead_kb 128 on both kernels: these rows compare the code paths,
# not the default window (a random read right after cached pages reads a
# context window, larger with a larger limit).
echo 128 >/sys/block/rahot/queue/read_ahead_kb
# The random rows read a fixed number of blocks (-c), from the same seeds:
# both kernels then do the same reads and find the same pages cached, and
# the faster one does not read more of them twice, as it would in a fixed
# time (cold-rand-4k-3s shows that effect).
cold_row cold-rand-4k 1 rand -q -b 4 -c 200000
cold_row cold-rand-4k-3s 1 rand -q -b 4 -r $rt
cold_row cold-rand-4k-t16 16 rand -q -t 16 -b 4 -c 12500
cold_row cold-fadv-rand-4k 1 rand -q -A random -b 4 -c 200000
cold_row cold-madv-rand-4k 1 mmap -q -A random -b 4 -r $rt
cold_row cold-mmap-rand-4k 1 mmaprand -q -b 4 -c 200000
cold_row cold-rand-4k-half 1 rand -q -b 4 -c 200000

# --- window ramp-up of one 4 KiB sequential reader, from the events both
# kernels have, for the plot
t=/sys/kernel/tracing
echo 3 >/proc/sys/vm/drop_caches
echo >$t/trace
echo 1 >$t/events/readahead/page_cache_ra_order/enable
echo 1 >$t/events/readahead/page_cache_ra_unbounded/enable
rb seq -b 4 -r 2 "$mnt/main" >/dev/null
echo 0 >$t/events/readahead/enable
grep -E 'page_cache_ra_(order|unbounded):' $t/trace >"$out/ramp.trace" || true
