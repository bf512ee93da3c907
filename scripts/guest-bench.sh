#!/bin/bash
# Runs inside the guest for 'make bench': one line of JSON per measurement
# on stdout. guest-bench.sh MODEL REPEAT
#   MODEL hdd: null_blk, 8 ms per request, 100 MiB/s, max request 1 MiB
#              (the disk of ../shared/seeds/003_*.txt).
set -eu
. "$(dirname "$0")/guest-nullb.sh"
model=$1
rep=$2
name=rabench
mnt=/tmp/rabench
size_mb=2048
file_mb=256

case $model in
hdd) lat_ns=8000000 mbps=100 ;;
*) echo "unknown model $model" >&2; exit 2 ;;
esac

# The model is fixed before power-on: null_blk refuses changes after it.
trap 'nullb_remove $name; nullb_remove rahot' EXIT
nullb_ext4 $name "$mnt" memory_backed=1 blocksize=4096 size=$size_mb \
	max_sectors=2048 irqmode=2 completion_nsec=$lat_ns mbps=$mbps hw_queue_depth=64
dd if=/dev/urandom of="$mnt/file" bs=1M count=$file_mb conv=fsync status=none
sum=$(md5sum <"$mnt/file")

q=/sys/block/$name/queue
echo "{\"device\": \"$model\", \"rep\": $rep, \"read_ahead_kb\": $(cat $q/read_ahead_kb), \"max_sectors_kb\": $(cat $q/max_sectors_kb), \"nr_requests\": $(cat $q/nr_requests)}"

# reads, in 512-byte sectors, from /sys/block/<dev>/stat
stat_reads() { awk '{print $1, $3}' "/sys/block/$name/stat"; }

# measure LABEL fio-args...: drop the cache, run fio, report MiB/s and the
# device's request count and average request size.
measure() {
	local label=$1
	shift
	sync
	echo 3 >/proc/sys/vm/drop_caches
	read -r r0 s0 < <(stat_reads)
	fio --output-format=json --name="$label" --filename="$mnt/file" \
		--size=${file_mb}M "$@" >/tmp/fio.json
	read -r r1 s1 < <(stat_reads)
	python3 - "$label" "$model" "$rep" $((r1 - r0)) $((s1 - s0)) <<'PY'
import json, sys
label, model, rep, reqs, sectors = sys.argv[1:]
job = json.load(open("/tmp/fio.json"))["jobs"][0]["read"]
reqs, sectors = int(reqs), int(sectors)
print(json.dumps({"workload": label, "model": model, "rep": int(rep),
                  "mib_s": round(job["bw_bytes"] / 2**20, 2),
                  "requests": reqs,
                  "avg_req_kib": round(sectors * 512 / 1024 / max(reqs, 1), 1)}))
PY
}

# The device's limit: large O_DIRECT reads at depth.
measure odirect-1m-qd8 --rw=read --bs=1M --direct=1 --ioengine=libaio --iodepth=8
# One sequential buffered reader, 4 KiB reads (seed 001's fio job).
measure seq-4k --rw=read --bs=4k --ioengine=psync
# Verify the data read back through the page cache.
echo 3 >/proc/sys/vm/drop_caches
[ "$(md5sum <"$mnt/file")" = "$sum" ] || { echo "data mismatch" >&2; exit 1; }

# The cost of cache hits: 4 KiB reads of a fully cached 1 GiB file on a
# fast disk, for a fixed time. Under TCG this is CPU-bound: compare the
# kernels' ratio, not the MiB/s.
hot=/tmp/rahot
nullb_ext4 rahot "$hot" memory_backed=1 blocksize=4096 size=1200 irqmode=0
dd if=/dev/urandom of="$hot/file" bs=1M count=1024 status=none
cat "$hot/file" >/dev/null
for rw in read randread; do
	fio --output-format=json --name="hot-$rw-4k" --filename="$hot/file" \
		--size=1G --rw=$rw --bs=4k --ioengine=psync --randrepeat=1 \
		--norandommap --time_based --runtime=8 >/tmp/fio.json
	python3 - "hot-$rw-4k" "$model" "$rep" <<'PY'
import json, sys
label, model, rep = sys.argv[1:]
job = json.load(open("/tmp/fio.json"))["jobs"][0]["read"]
print(json.dumps({"workload": label, "model": model, "rep": int(rep),
                  "mib_s": round(job["bw_bytes"] / 2**20, 2), "hot": True}))
PY
done
