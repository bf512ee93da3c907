#!/usr/bin/env bash
# make bench: build the base and the patched kernel, boot them alternately
# (REPEAT times each, default 3) on the same emulated disk, run the
# workloads of scripts/guest-bench.sh in each boot, and report medians
# side by side in results/.
. "$(dirname "$0")/lib.sh"

repeat=${REPEAT:-5}
model=${MODEL:-hdd}
stamp=$(date -u +%Y%m%d-%H%M%S)
raw=$BUILD/results/bench-$stamp
mkdir -p "$raw" "$TOP/results"

for t in base linux; do
	[ -d "$BUILD/$t/.git" ] || "$TOP/scripts/tree.sh" "$t"
	"$TOP/scripts/build.sh" "$t" test
done

# Alternate the order each round (ABBA...) so drift on the host hits both.
for ((i = 1; i <= repeat; i++)); do
	order=(base linux)
	((i % 2 == 0)) && order=(linux base)
	for t in "${order[@]}"; do
		label=$([ "$t" = linux ] && echo patched || echo base)
		say "round $i/$repeat: $label"
		"$TOP/scripts/vm-run.sh" -m 6G -k "$BUILD/$t/.out-test/arch/x86/boot/bzImage" \
			-o "$raw/$label-$i" -- "$TOP/scripts/guest-bench.sh" "$model" "$i" ||
			die "benchmark run failed: $raw/$label-$i"
		grep '^{' "$raw/$label-$i/out.log" |
			sed "s/^{/{\"kernel\": \"$label\", /" >>"$raw/results.jsonl"
	done
done

python3 "$TOP/scripts/bench-report.py" "$raw/results.jsonl" \
	"$(cat "$BASE_GIT/debian-version")" >"$TOP/results/bench-$model-$stamp.md"
cp "$raw/results.jsonl" "$TOP/results/bench-$model-$stamp.jsonl"
cat "$TOP/results/bench-$model-$stamp.md"
