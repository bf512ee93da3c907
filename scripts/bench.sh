#!/usr/bin/env bash
# make bench: build the base and the patched kernel, boot them alternately
# (REPEAT rounds each, default 3) on the same emulated disks, run the
# workloads of scripts/guest-bench.sh in each boot, and report medians side
# by side: <model>.md, .csv, .jsonl, plots, and meta.json (what was
# measured: date, host, base, series commit and patches, command, models).
#   MODELS="hdd ssd cloud" (default; any device of configs/devices.conf)
#   REPEAT=3
#   QUICK=1: hdd only, a reduced set of workloads
#   ONLY=REGEX: only the workloads it matches (and the device's limits)
#   ICOUNT=1: the guests' clocks count instructions (RA_ICOUNT in
#   vm-run.sh), for CPU-bound rows (ONLY='^hot-'): their MiB/s are then
#   bytes per guest instruction, free of the host's load; ssd by default
#   DECISIONS=1: one more patched boot per model counts the decisions
#   (readahead trace) beside the timed rows
#   RESUME=<stamp>: go on with the interrupted run build/results/bench-<stamp>
#   (same images, same settings: its boots that finished are kept)
# A full run (none of QUICK, ONLY, ICOUNT and the default models) replaces
# results/latest/ once every model is done; any other run goes to
# results/runs/<date>-<time>-<what>/. A stall or hang in any boot stops the run.
. "$(dirname "$0")/lib.sh"

repeat=${REPEAT:-3}
quick=${QUICK:-}
only=${ONLY:-}
icount=${ICOUNT:-}
all_models="hdd ssd cloud"
if [ -n "$icount" ]; then
	models=${MODELS:-ssd}
	export RA_ICOUNT=1
elif [ -n "$quick" ] || [ -n "$only" ]; then
	models=${MODELS:-hdd}
else
	models=${MODELS:-$all_models}
fi
((repeat >= 3)) || die "REPEAT=$repeat: medians need at least 3 rounds"
for m in $models; do
	awk -v m="$m" '$1 == m && m != "default" { f = 1 } END { exit !f }' \
		"$TOP/configs/devices.conf" ||
		die "MODELS: no device '$m' in configs/devices.conf"
done
st=0
[[ x =~ $only ]] || st=$?
((st < 2)) || die "ONLY='$only' is not a valid regular expression"
resume=${RESUME:-}
decisions=${DECISIONS:-}
stamp=${resume:-$(date -u +%Y%m%d-%H%M%S)}
if [ -z "$quick$only$icount" ] && [ "$models" = "$all_models" ]; then
	dest=$TOP/results/latest
else
	what=$(echo "${quick:+quick }${icount:+icount }${only:+only-$only }$models" |
	       tr -c 'a-zA-Z0-9\n-' '-' | tr -s - | sed 's/-$//' | cut -c1-60)
	dest=$TOP/results/runs/$stamp-$what
fi
raw=$BUILD/results/bench-$stamp
cmd="make bench"
for v in MODELS REPEAT QUICK ONLY ICOUNT DECISIONS; do
	[ -z "${!v:-}" ] || cmd+=" $v=${!v}"
done
if [ -n "$resume" ]; then
	# The images, guest scripts and meta of the first attempt, and its
	# settings: a resumed run measures what the interrupted one did.
	[ -f "$raw/meta.json" ] && [ -f "$raw/bzImage-linux" ] ||
		die "RESUME=$resume: no interrupted run in $raw"
	was=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["command"])' "$raw/meta.json")
	[ "$was" = "$cmd" ] ||
		die "RESUME=$resume was '$was', not '$cmd': give the same settings"
	say "resuming $raw"
else
	mkdir -p "$raw"
fi
mkdir -p "$(dirname "$dest")"
[ -w "$(dirname "$dest")" ] || die "cannot write $(dirname "$dest")"

if [ -z "$resume" ]; then
	# The series measured is patches/ as committed: refuse a tree that
	# differs, and for results/latest, patches/ with changes not committed.
	"$TOP/scripts/export.sh" --verify ||
		die "build/linux differs from patches/: 'make export' (or 'make tree') first"
	[ "$dest" != "$TOP/results/latest" ] || [ -z "$(git -C "$TOP" status --porcelain patches)" ] ||
		die "patches/ has changes that are not committed: commit them first"
	# Boot copies of the images: the trees stay free for work while this
	# runs.
	for t in base linux; do
		"$TOP/scripts/build.sh" "$t" bench
		cp "$BUILD/$t/.out-bench/arch/x86/boot/bzImage" "$raw/bzImage-$t"
	done
	# ...and copies of the guest side, so that editing scripts/ cannot
	# change a run halfway (bash reads a script as it runs it).
	mkdir -p "$raw/bin"
	cp "$TOP/scripts/guest-bench.sh" "$TOP/scripts/guest-nullb.sh" \
		"$TOP/configs/devices.conf" "$raw/bin/"
	gcc -O2 -Wall -pthread -o "$raw/bin/rabench" "$TOP/scripts/rabench.c"
	# What is measured, written before the first boot.
	# shellcheck disable=SC2086
	RA_FLAVOUR=bench "$TOP/scripts/meta.py" "$raw/meta.json" "$cmd" $models
fi

# boot MODEL KERNEL LABEL ROUND [ENV...]: one guest run of guest-bench.sh,
# its rows kept in its run directory (rows.jsonl) with "kernel": LABEL. A
# boot whose rows are there already (RESUME) is not run again.
boot() {
	local model=$1 t=$2 label=$3 round=$4 run
	shift 4
	run=$raw/$model-$label-$round
	if [ -f "$run/rows.jsonl" ]; then
		say "$model round $round: $label done already"
		return
	fi
	rm -rf "$run"
	"$TOP/scripts/vm-run.sh" -m 6G -t 1800 -o "$run" -k "$raw/bzImage-$t" \
		-- env BENCH_ONLY="$only" "$@" \
		"$raw/bin/guest-bench.sh" "$model" "$round" "$run" $quick ||
		die "benchmark run failed: $run (hang.txt, dmesg.txt)"
	grep '^{' "$run/out.log" |
		sed "s/^{/{\"kernel\": \"$label\", /" >"$run/rows.tmp"
	mv "$run/rows.tmp" "$run/rows.jsonl"
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
	# DECISIONS=1: one more patched boot counts the decisions (see
	# guest-bench.sh); its rows are kept apart ("traced") and timings
	# come from the others. Not under ICOUNT: those runs measure cost.
	if [ -n "$decisions" ] && [ -z "$icount" ]; then
		say "$model: decisions of the patched kernel ($((SECONDS - start)) s so far)"
		boot "$model" linux traced 0 BENCH_DECISIONS=1
	fi
	for f in "$raw/$model"-{base,patched,traced}-*/rows.jsonl; do
		if [ -e "$f" ]; then cat "$f"; fi
	done >"$raw/$model.jsonl"
	/usr/bin/python3 "$TOP/scripts/bench-report.py" "$raw" "$model" \
		"$(cat "$BASE_GIT/debian-version")" "$raw/report"
done
python3 - "$raw/meta.json" "$repeat" $((SECONDS - start)) <<'PY'
import datetime, json, sys
meta = json.load(open(sys.argv[1]))
meta["rounds"] = int(sys.argv[2])
meta["guest_seconds"] = int(sys.argv[3])
meta["finished"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
json.dump(meta, open(sys.argv[1], "w"), indent=1)
PY
cp "$raw/meta.json" "$raw/report/"
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
cp -r "$raw/report" "$dest"
say "make bench: $((SECONDS - start)) s of guest runs; results in $dest"
