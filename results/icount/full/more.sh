#!/bin/bash
# rounds 2 and 3 of the full ssd run under icount (round 1: full.sh)
cd /work/main
while pgrep -f build/exp/ic/full.sh >/dev/null; do sleep 10; done
for rt in linux:2 base:2 base:3 linux:3; do
	t=${rt%:*} r=${rt#*:}
	RA_ICOUNT=1 scripts/vm-run.sh -m 6G -t 3600 -o build/exp/ic/full-$t-$r -k build/results/bench-20261123-172646/bzImage-$t -- env BENCH_ONLY= build/results/bench-20261123-172646/bin/guest-bench.sh ssd $r build/exp/ic/full-$t-$r
done
