#!/usr/bin/env bash
# make bench: build the base and the patched kernel, boot them alternately
# (REPEAT rounds each, default 3) on the same emulated disks, run the
# workloads of scripts/guest-bench.sh in each boot, and report medians side
# by side: <model>.md, .csv, .jsonl, plots, and meta.json (what was
# measured: date, host, base, series commit and patches, command, models).
#   MODELS="hdd ssd cloud many" (default; any device of configs/devices.conf)
#   REPEAT=3
#   QUICK=1: hdd only, a reduced set of workloads
#   ONLY=REGEX: only the workloads it matches (and the device's limits)
#   ICOUNT=1: the guests' clocks count instructions (RA_ICOUNT in
#   vm-run.sh), for CPU-bound rows (ONLY='^hot-'): their MiB/s are then
#   bytes per guest instruction, free of the host's load; ssd by default
#   AGAINST=<commit>: in place of the base, another revision of the
#   series (a commit or branch of build/linux, e.g. v1), built in
#   build/against (a git worktree of build/linux); its rows keep the
#   label "base", and the report names the revision
#   DECISIONS=1: one more patched boot per model counts the decisions
#   (readahead trace) beside the timed rows
#   ROW_SECONDS=N (1-60, with ONLY=): how long the rows that read for a
#   fixed time read (default 3: the sequential, shared, mmap, splice,
#   hot and cold rows, not the random 64 KiB ones); readers still stop
#   at the end of their region, so a large N times each such row to the
#   end of what it reads. A row is stopped at 300 s and a boot at
#   1800 s, hence the bound and the selection
#   RESUME=<stamp>: go on with the interrupted run build/results/bench-<stamp>
#   (same images, same settings: its boots that finished are kept). On
#   another machine (build/ is gone), from results/pending/<stamp>/: the
#   rows of its finished boots, kept there as each boot ends so that a run
#   longer than a session survives it. The images are rebuilt from the
#   same source tree and guest scripts, or the run is refused; meta.json
#   records each attempt's host and the images' sha256.
# A full run (none of QUICK, ONLY, ICOUNT, AGAINST and the default models) replaces
# results/latest/ once every model is done; any other run goes to
# results/runs/<date>-<time>-<what>/. A stall or hang in any boot stops the run.
. "$(dirname "$0")/lib.sh"

repeat=${REPEAT:-3}
quick=${QUICK:-}
only=${ONLY:-}
icount=${ICOUNT:-}
all_models="hdd ssd cloud many"
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
row_seconds=${ROW_SECONDS:-}
if [ -n "$row_seconds" ]; then
	[[ $row_seconds =~ ^[1-9][0-9]*$ ]] && ((row_seconds <= 60)) ||
		die "ROW_SECONDS='$row_seconds': a whole number of seconds, 1 to 60"
	[ -n "$only" ] ||
		die "ROW_SECONDS=$row_seconds needs ONLY=: every row that long would not fit a boot's 1800 s"
	[ -z "$quick" ] || die "ROW_SECONDS and QUICK=1 do not go together (QUICK sets its own rows)"
fi
against=${AGAINST:-}
if [ -n "$against" ]; then
	against_commit=$(git -C "$BUILD/linux" rev-parse -q --verify "$against^{commit}") ||
		die "AGAINST=$against: not a commit of build/linux"
fi
stamp=${resume:-$(date -u +%Y%m%d-%H%M%S)}
if [ -z "$quick$only$icount$against$row_seconds" ] && [ "$models" = "$all_models" ]; then
	dest=$TOP/results/latest
else
	what=$(echo "${against:+against-$against }${quick:+quick }${icount:+icount }${row_seconds:+rows-${row_seconds}s }${only:+only-$only }$models" |
	       tr -c 'a-zA-Z0-9\n-' '-' | tr -s - | sed 's/-$//' | cut -c1-60)
	dest=$TOP/results/runs/$stamp-$what
fi
raw=$BUILD/results/bench-$stamp
keep=$TOP/results/pending/$stamp
cmd="make bench"
for v in MODELS REPEAT QUICK ONLY ICOUNT AGAINST DECISIONS ROW_SECONDS; do
	[ -z "${!v:-}" ] || cmd+=" $v=${!v}"
done
# meta KEY: a member of the run's meta.json
meta() { meta_json "$raw/meta.json" "$1"; }
# guest_sum: one sha256 over what runs in the guest
guest_sum() {
	cat "$TOP/scripts/guest-bench.sh" "$TOP/scripts/guest-nullb.sh" \
		"$TOP/configs/devices.conf" "$TOP/scripts/rabench.c" | sha256sum | cut -c1-64
}
# prepare: the images and the guest side of the run, in $raw. The
# series measured is patches/ as committed: a tree that differs is
# refused, and for results/latest, patches/ with changes not committed.
# The images are boot copies, and the guest side copies, so that the
# trees and scripts/ stay free for work while the run goes on (bash
# reads a script as it runs it).
prepare() {
	local tree
	# a new machine (RESUME= from results/pending): the tree from patches/
	[ -d "$BUILD/linux/.git" ] || "$TOP/scripts/tree.sh" linux
	"$TOP/scripts/export.sh" --verify ||
		die "build/linux differs from patches/: 'make export' (or 'make tree') first"
	[ "$dest" != "$TOP/results/latest" ] || [ -z "$(git -C "$TOP" status --porcelain patches)" ] ||
		die "patches/ has changes that are not committed: commit them first"
	# RESUME= on another machine: the source the run started with
	tree=$(git -C "$BUILD/linux" rev-parse 'HEAD^{tree}')
	[ ! -f "$raw/meta.json" ] || [ "$(meta series.tree)" = "$tree" ] ||
		die "RESUME=$resume measured source tree $(meta series.tree), build/linux is $tree"
	"$TOP/scripts/build.sh" linux bench
	cp "$BUILD/linux/.out-bench/arch/x86/boot/bzImage" "$raw/bzImage-linux"
	if [ -n "$against" ]; then
		[ -e "$BUILD/against/.git" ] ||
			git -C "$BUILD/linux" worktree add -q --detach ../against "$against_commit"
		git -C "$BUILD/against" checkout -q --detach "$against_commit"
		"$TOP/scripts/build.sh" against bench
		cp "$BUILD/against/.out-bench/arch/x86/boot/bzImage" "$raw/bzImage-base"
	else
		"$TOP/scripts/build.sh" base bench
		cp "$BUILD/base/.out-bench/arch/x86/boot/bzImage" "$raw/bzImage-base"
	fi
	mkdir -p "$raw/bin"
	cp "$TOP/scripts/guest-bench.sh" "$TOP/scripts/guest-nullb.sh" \
		"$TOP/configs/devices.conf" "$raw/bin/"
	gcc -O2 -Wall -pthread -o "$raw/bin/rabench" "$TOP/scripts/rabench.c"
}
# attempt: this machine (CPU, count, accelerator, QEMU and fio versions)
# and its images, appended to meta.json's attempts; a resumed run whose
# accelerator differs from the first attempt's is refused. $raw/ready
# marks a run directory whose setup is complete.
attempt() {
	python3 - "$raw/meta.json" "$raw/bzImage-base" "$raw/bzImage-linux" <<'PY' ||
import datetime, hashlib, json, os, subprocess, sys
path, base, linux = sys.argv[1:]
meta = json.load(open(path))
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
            if l.startswith("model name")), "unknown")
sha = lambda f: hashlib.sha256(open(f, "rb").read()).hexdigest()
first = lambda cmd: subprocess.run(cmd, capture_output=True, text=True).stdout.split("\n")[0]
accel = "KVM" if os.environ.get("RA_KVM") == "1" else "TCG"
if os.environ.get("RA_ICOUNT") == "1":
    accel += ", icount"
if accel != meta["host"]["accel"]:
    sys.exit(f"the run was measured under {meta['host']['accel']}, this attempt would be {accel}")
meta.setdefault("attempts", []).append({
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "host_cpu": cpu, "cpus": os.cpu_count(), "accel": accel,
    "qemu": first(["qemu-system-x86_64", "--version"]), "fio": first(["fio", "--version"]),
    "image_sha256": {"base": sha(base), "linux": sha(linux)}, "boots": []})
json.dump(meta, open(path, "w"), indent=1)
PY
		die "RESUME=$resume: refused"
	mkdir -p "$keep"
	cp "$raw/meta.json" "$keep/meta.json"
	touch "$raw/ready"
}
if [ -n "$resume" ] && [ -f "$raw/ready" ]; then
	# The images, guest scripts and meta of the first attempt, and its
	# settings: a resumed run measures what the interrupted one did.
	[ "$(meta command)" = "$cmd" ] ||
		die "RESUME=$resume was '$(meta command)', not '$cmd': give the same settings"
	mkdir -p "$keep"	# a run started before pending/ existed
	say "resuming $raw"
elif [ -n "$resume" ]; then
	# Another machine: the same source and guest side, rebuilt; the
	# boots that finished are the rows kept in results/pending.
	[ -f "$keep/meta.json" ] ||
		die "RESUME=$resume: no interrupted run in $raw or $keep"
	rm -rf "$raw"	# a setup that did not complete
	mkdir -p "$raw"
	cp "$keep/meta.json" "$raw/meta.json"
	[ "$(meta command)" = "$cmd" ] ||
		die "RESUME=$resume was '$(meta command)', not '$cmd': give the same settings"
	[ "$(meta guest_sha256)" = "$(guest_sum)" ] ||
		die "RESUME=$resume: the guest scripts or devices.conf changed since it started"
	prepare
	for f in "$keep"/*-*-*.jsonl; do
		[ -e "$f" ] || continue
		run=$raw/$(basename "$f" .jsonl)
		mkdir -p "$run"
		cp "$f" "$run/rows.jsonl"
		if [ -e "${f%.jsonl}.ramp.trace" ]; then cp "${f%.jsonl}.ramp.trace" "$run/ramp.trace"; fi
	done
	attempt
	say "resuming $keep on this machine: $(ls "$keep" | grep -c jsonl) boots done"
else
	mkdir -p "$raw"
	prepare
	# What is measured, written before the first boot.
	# shellcheck disable=SC2086
	RA_FLAVOUR=bench "$TOP/scripts/meta.py" "$raw/meta.json" "$cmd" $models
	python3 - "$raw/meta.json" "$(guest_sum)" "$against" "${against_commit:-}" \
		"$(git -C "$BUILD/linux" rev-list --count "base..${against_commit:-base}")" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
meta["guest_sha256"] = sys.argv[2]
if sys.argv[3]:
    # the kernel in the base's place: a revision of the series
    meta["against"] = {"ref": sys.argv[3], "commit": sys.argv[4],
                       "patches": int(sys.argv[5])}
json.dump(meta, open(sys.argv[1], "w"), indent=1)
PY
	attempt
fi
mkdir -p "$(dirname "$dest")"
[ -w "$(dirname "$dest")" ] || die "cannot write $(dirname "$dest")"


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
		-- env BENCH_ONLY="$only" BENCH_ROW_SECONDS="$row_seconds" "$@" \
		"$raw/bin/guest-bench.sh" "$model" "$round" "$run" $quick ||
		die "benchmark run failed: $run (hang.txt, dmesg.txt)"
	grep '^{' "$run/out.log" |
		sed "s/^{/{\"kernel\": \"$label\", /" >"$run/rows.tmp"
	mv "$run/rows.tmp" "$run/rows.jsonl"
	# ...and in results/pending, with the window trace the report plots,
	# each written whole; the attempt that ran the boot lists it
	if [ -e "$run/ramp.trace" ]; then
		cp "$run/ramp.trace" "$keep/.tmp" && mv "$keep/.tmp" "$keep/$model-$label-$round.ramp.trace"
	fi
	cp "$run/rows.jsonl" "$keep/.tmp" && mv "$keep/.tmp" "$keep/$model-$label-$round.jsonl"
	python3 - "$raw/meta.json" "$model-$label-$round" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
meta.setdefault("attempts", [{}])[-1].setdefault("boots", []).append(sys.argv[2])
json.dump(meta, open(sys.argv[1], "w"), indent=1)
PY
	cp "$raw/meta.json" "$keep/.tmp" && mv "$keep/.tmp" "$keep/meta.json"
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
rm -rf "$keep"
rmdir "$TOP/results/pending" 2>/dev/null || true
say "make bench: $((SECONDS - start)) s of guest runs; results in $dest"
