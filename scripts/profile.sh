#!/usr/bin/env bash
# make profile: a perf profile of one cache-cold reader on both kernels,
# under the instruction clock, to find what a row's cost is made of (make
# bench ICOUNT=1 says how much it is).
#   ROW="rand -q -b 4 -r 3" (rabench's arguments; the default is the
#   cold-rand-4k row)
# Writes results/runs/<date>-profile-<row>/: each kernel's report.txt, and
# diff.txt, the symbols whose samples per MiB read differ most.
. "$(dirname "$0")/lib.sh"

row=${ROW:-rand -q -b 4 -r 3}
stamp=$(date -u +%Y%m%d-%H%M%S)
out=$BUILD/profile-$stamp
dest=$TOP/results/runs/$stamp-profile-$(echo "$row" | tr -c 'a-zA-Z0-9\n' '-' | tr -s - | sed 's/-$//')
mkdir -p "$out" "$dest"
gcc -O2 -Wall -pthread -o "$out/rabench" "$TOP/scripts/rabench.c"
RA_FLAVOUR=bench "$TOP/scripts/meta.py" "$dest/meta.json" "make profile ROW=\"$row\""
for t in base linux; do
	"$TOP/scripts/build.sh" "$t" bench
	mkdir -p "$out/$t"
	# shellcheck disable=SC2086
	RA_ICOUNT=1 "$TOP/scripts/vm-run.sh" -k "$BUILD/$t/.out-bench/arch/x86/boot/bzImage" \
		-o "$out/$t" -t 1200 -- "$TOP/scripts/guest-profile.sh" "$out/$t" $row ||
		die "profile run failed: $out/$t"
	cp "$out/$t/report.txt" "$dest/$t-report.txt"
	cp "$out/$t/rabench.txt" "$dest/$t-rabench.txt"
done
python3 "$TOP/scripts/profile-diff.py" "$dest/base" "$dest/linux" | tee "$dest/diff.txt"
say "profile: $dest"
