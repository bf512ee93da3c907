#!/usr/bin/env bash
# make bench: build the base and the patched kernel, boot them alternately
# (REPEAT rounds each, default 3) on the same emulated disks, run the
# workloads of scripts/guest-bench.sh in each boot, and report medians side
# by side: results/<model>.md, .csv, .jsonl and plots.
#   MODELS="hdd ssd" (default; also "array" and "hdd64", see guest-bench.sh)
#   REPEAT=3   QUICK=1: hdd only, a reduced
#   set of workloads, results under build/results/quick/ (not committed)
#   ONLY=REGEX: only the workloads it matches (and the device's limits),
#   results under build/results/only/ (not committed)
#   ICOUNT=1: the guests' clocks count instructions (RA_ICOUNT in
#   vm-run.sh), for CPU-bound rows (ONLY='^hot-'): their MiB/s are then
#   bytes per guest instruction, free of the host's load; results under
#   build/results/icount/ (not committed)
. "$(dirname "$0")/lib.sh"

repeat=${REPEAT:-3}
quick=${QUICK:-}
only=${ONLY:-}
icount=${ICOUNT:-}
if [ -n "$icount" ]; then
	models=${MODELS:-ssd}
	dest=$BUILD/results/icount
	export RA_ICOUNT=1
elif [ -n "$quick" ] || [ -n "$only" ]; then
	models=${MODELS:-hdd}
	dest=$BUILD/results/$([ -n "$only" ] && echo only || echo quick)
else
	models=${MODELS:-hdd ssd}
	dest=$TOP/results
fi
((repeat >= 3)) || die "REPEAT=$repeat: medians need at least 3 rounds"
stamp=$(date -u +%Y%m%d-%H%M%S)
raw=$BUILD/results/bench-$stamp
mkdir -p "$raw" "$dest"

# Boot copies of the images: the trees stay free for work while this runs.
for t in base linux; do
	[ -d "$BUILD/$t/.git" ] || "$TOP/scripts/tree.sh" "$t"
	"$TOP/scripts/build.sh" "$t" test
	cp "$BUILD/$t/.out-test/arch/x86/boot/bzImage" "$raw/bzImage-$t"
done
git -C "$BUILD/linux" log --oneline base..HEAD >"$raw/series.txt"
# ...and copies of the guest side, so that editing scripts/ cannot change
# a run halfway (bash reads a script as it runs it).
mkdir -p "$raw/bin"
cp "$TOP/scripts/guest-bench.sh" "$TOP/scripts/guest-nullb.sh" "$raw/bin/"
gcc -O2 -Wall -pthread -o "$raw/bin/rabench" "$TOP/scripts/rabench.c"

# boot MODEL KERNEL LABEL ROUND [ENV...]: one guest run of guest-bench.sh,
# its rows appended to MODEL.jsonl with "kernel": LABEL.
boot() {
	local model=$1 t=$2 label=$3 round=$4 run
	shift 4
	run=$raw/$model-$label-$round
	"$TOP/scripts/vm-run.sh" -m 6G -t 1800 -o "$run" -k "$raw/bzImage-$t" \
		-- env BENCH_ONLY="$only" "$@" \
		"$raw/bin/guest-bench.sh" "$model" "$round" "$run" $quick ||
		die "benchmark run failed: $run"
	grep '^{' "$run/out.log" |
		sed "s/^{/{\"kernel\": \"$label\", /" >>"$raw/$model.jsonl"
}

start=$SECONDS
for model in $models; do
	# Alternate the order each round (ABBA...) so drift on the host hits both.
	for ((i = 1; i <= repeat; i++)); do
		order=(base linux)
		((i % 2 == 0)) && order=(linux base)
		for t in "${order[@]}"; do
			label=$([ "$t" = linux ] && echo patched || echo base)
			say "$model round $i/$repeat: $label ($((SECONDS - start)) s so far)"
			boot "$model" "$t" "$label" "$i"
		done
	done
	# One more patched boot counts the decisions (see guest-bench.sh);
	# its rows are kept apart ("traced") and timings come from the others.
	say "$model: decisions of the patched kernel ($((SECONDS - start)) s so far)"
	boot "$model" linux traced 0 BENCH_DECISIONS=1
	/usr/bin/python3 "$TOP/scripts/bench-report.py" "$raw" "$model" \
		"$(cat "$BASE_GIT/debian-version")" "$dest"
done
say "make bench: $((SECONDS - start)) s of guest runs; results in $dest"
