#!/usr/bin/env bash
# make profile: where one cache-cold reader's kernel work goes, base vs
# patched, to find what a row's cost is made of (make bench ICOUNT=1 says
# how much it is).
#   ROW="rand -q -b 4 -r 3" (rabench's arguments; the default is the
#   cold-rand-4k row, for 3 s)
#   INSNS=1: exact guest instructions per kernel symbol, counted by a TCG
#   plugin (qemu-insns.c) between two syncfs() calls around a fixed number
#   of reads (default ROW "rand -q -b 4 -c 100000"). Without it, a perf
#   profile under the instruction clock.
# Writes results/runs/<date>-profile[-insns]-<row>/: each kernel's
# report.txt (or insns.txt) and rabench.txt, and diff.txt, the symbols
# whose cost per MiB read (per read with INSNS) differs most.
. "$(dirname "$0")/lib.sh"

insns=${INSNS:-}
if [ -n "$insns" ]; then
	row=${ROW:-rand -q -b 4 -c 100000}
	kind=profile-insns
else
	row=${ROW:-rand -q -b 4 -r 3}
	kind=profile
fi
stamp=$(date -u +%Y%m%d-%H%M%S)
out=$BUILD/profile-$stamp
dest=$TOP/results/runs/$stamp-$kind-$(echo "$row" | tr -c 'a-zA-Z0-9\n' '-' | tr -s - | sed 's/-$//')
mkdir -p "$out" "$dest"
gcc -O2 -Wall -pthread -o "$out/rabench" "$TOP/scripts/rabench.c"
[ -z "$insns" ] || gcc -O2 -Wall -shared -fPIC -o "$out/qemu-insns.so" "$TOP/scripts/qemu-insns.c"
RA_FLAVOUR=bench "$TOP/scripts/meta.py" "$dest/meta.json" "make profile${insns:+ INSNS=1} ROW=\"$row\""
for t in base linux; do
	"$TOP/scripts/build.sh" "$t" bench
	kernel=$BUILD/$t/.out-bench/arch/x86/boot/bzImage
	if [ -z "$insns" ]; then
		mkdir -p "$out/$t"
		# shellcheck disable=SC2086
		RA_ICOUNT=1 "$TOP/scripts/vm-run.sh" -k "$kernel" -o "$out/$t" -t 1200 -- \
			"$TOP/scripts/guest-profile.sh" "$out/$t" perf $row ||
			die "profile run failed: $out/$t"
		cp "$out/$t/report.txt" "$dest/$t-report.txt"
		cp "$out/$t/rabench.txt" "$dest/$t-rabench.txt"
		continue
	fi
	# The kernels are built without KASLR: System.map has the address.
	mark=$(awk '$3 == "__x64_sys_syncfs" { print $1 }' \
		"$BUILD/$t/.out-bench/System.map")
	[ -n "$mark" ] || die "no __x64_sys_syncfs in $t's System.map"
	run=$out/$t
	mkdir -p "$run"
	# shellcheck disable=SC2086
	RA_QEMU_PLUGIN="$out/qemu-insns.so,arg=out=$run/counts.txt,arg=mark=$mark" \
		"$TOP/scripts/vm-run.sh" -k "$kernel" -o "$run" -t 1200 -- \
		"$TOP/scripts/guest-profile.sh" "$run" insns $row ||
		die "profile run failed: $run"
	[ -s "$run/counts.txt" ] || die "no instruction counts in $run"
	cp "$run/rabench.txt" "$dest/$t-rabench.txt"
done
if [ -n "$insns" ]; then
	python3 "$TOP/scripts/insns-diff.py" "$out" | tee "$dest/diff.txt"
else
	python3 "$TOP/scripts/profile-diff.py" "$dest/base" "$dest/linux" | tee "$dest/diff.txt"
fi
say "profile: $dest"
