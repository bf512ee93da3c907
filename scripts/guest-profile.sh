#!/bin/bash
# Runs inside the guest for 'make profile': where the kernel's share of a
# cache-cold row's work goes, as the cold-* rows of make bench run it (the
# fast memory-backed disk, read_ahead_kb 128).
#   guest-profile.sh OUTDIR perf|insns RABENCH-ARGS...
# perf: perf samples cpu-clock; under RA_ICOUNT (vm-run.sh) the guest's
# clock counts instructions, so the samples do too. Writes OUTDIR/report.txt
# (symbols by samples).
# insns: the host's TCG plugin (profile.sh) counts what the kernel runs
# between two syncfs() calls, made right before and after the reader.
# Writes OUTDIR/kallsyms for the addresses.
# Both write OUTDIR/rabench.txt (what the reader read).
set -eu
. "$(dirname "$0")/guest-nullb.sh"
out=$1
mode=$2
shift 2
rabench=$(dirname "$out")/rabench	# profile.sh builds it there
hot=/tmp/raprof
trap 'nullb_remove rahot' EXIT
nullb_ext4 rahot "$hot" memory_backed=1 blocksize=4096 size=600 irqmode=0
"$rabench" fill "$hot/file" 512
echo 128 >/sys/block/rahot/queue/read_ahead_kb
echo 3 >/proc/sys/vm/drop_caches
case $mode in
perf)
	perf record -q -a -e cpu-clock -F 10000 -o /tmp/perf.data -- \
		"$rabench" "$@" "$hot/file" >"$out/rabench.txt"
	perf report -i /tmp/perf.data --stdio -n --sort sym --no-children \
		--percent-limit 0.05 2>/dev/null | grep -v '^$' >"$out/report.txt"
	rm -f /tmp/perf.data
	;;
insns)
	sync -f "$hot"
	"$rabench" "$@" "$hot/file" >"$out/rabench.txt"
	sync -f "$hot"
	cat /proc/kallsyms >"$out/kallsyms"
	;;
*)
	echo "guest-profile.sh: mode $mode: perf or insns" >&2
	exit 2
	;;
esac
