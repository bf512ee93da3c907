#!/bin/bash
# one full ssd boot per kernel under icount (patched first, then base)
cd /work/main
for t in linux base; do
	RA_ICOUNT=1 scripts/vm-run.sh -m 6G -t 3600 -o build/exp/ic/full-$t -k build/results/bench-20261123-172646/bzImage-$t -- env BENCH_ONLY= build/results/bench-20261123-172646/bin/guest-bench.sh ssd 1 build/exp/ic/full-$t
done
