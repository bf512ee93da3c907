#!/bin/bash
# In the guest: random 64 KiB reads at depth 64 over a 512 MiB file, each
# block once (fio's random map), buffered and O_DIRECT, libaio and io_uring,
# 3 rounds, on the array model (8 requests in service, 64 queued) with the
# request latency given in ms ($1, default 5 as in make bench).
# Run from a directory with guest-nullb.sh and a rabench build beside it:
#   scripts/vm-run.sh -m 6G -- .../aio-latency-guest.sh 10
# With $2 = inflight, /sys/block/<disk>/inflight is sampled every ~20 ms
# (the sampling loop costs guest CPU itself; the 5 ms runs used it).
set -eu
cd "$(dirname "$0")"
. ./guest-nullb.sh
ms=${1:-5}
name=ra0 mnt=/tmp/ra0
trap 'nullb_remove $name' EXIT
nullb_ext4 $name $mnt memory_backed=1 blocksize=4096 size=2048 max_sectors=2048 \
	irqmode=2 completion_nsec=$((ms * 1000000)) hw_queue_depth=8
echo mq-deadline >/sys/block/$name/queue/scheduler
echo 64 >/sys/block/$name/queue/nr_requests
./rabench fill $mnt/main 512
for round in 1 2 3; do
for engine in libaio io_uring; do
for direct in 0 1; do
	sync; echo 3 >/proc/sys/vm/drop_caches
	fio --output-format=json --name=job --filename=$mnt/main --size=512M \
		--rw=randread --bs=64k --ioengine=$engine --iodepth=64 \
		--direct=$direct --randrepeat=1 --runtime=10 >/tmp/fio.json &
	pid=$!
	n=0 full=0 sum=0
	while [ "${2:-}" = inflight ] && kill -0 $pid 2>/dev/null; do
		read -r r _ </sys/block/$name/inflight
		n=$((n + 1)) sum=$((sum + r))
		[ "$r" -ge 8 ] && full=$((full + 1))
		sleep 0.02
	done
	wait $pid
	python3 - "$engine" "$direct" "$n" "$full" "$sum" <<'PY'
import json, sys
e, d, n, full, s = sys.argv[1:]
j = json.load(open("/tmp/fio.json"))["jobs"][0]
r = j["read"]
line = (f"{e} direct={d} MiB/s={r['bw_bytes'] / 2**20:.1f} "
        f"runtime_ms={r['runtime']} clat_ms={r['clat_ns']['mean'] / 1e6:.2f} "
        f"slat_us={r['slat_ns']['mean'] / 1e3:.0f} "
        f"usr={j['usr_cpu']:.0f}% sys={j['sys_cpu']:.0f}%")
if int(n):
    line += f" inflight_avg={int(s) / int(n):.2f} full={100 * int(full) / int(n):.0f}%"
print(line)
PY
done
done
done
