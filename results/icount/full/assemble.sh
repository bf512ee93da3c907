#!/bin/bash
# full ssd run under icount, 3 boots per kernel: the bench's raw layout, then its report
set -e
cd /work/main/build/exp/ic
rm -rf fullraw && mkdir fullraw
ln -s ../full-linux fullraw/ssd-patched-1
ln -s ../full-base fullraw/ssd-base-1
for d in full-linux full-base full-linux-2 full-base-2 full-base-3 full-linux-3; do
	label=patched; [[ $d == full-base* ]] && label=base
	grep '^{' $d/out.log | sed "s/^{/{\"kernel\": \"$label\", /"
done >fullraw/ssd.jsonl
cd /work/main
. scripts/lib.sh
RA_ICOUNT=1 /usr/bin/python3 scripts/bench-report.py build/exp/ic/fullraw ssd "$(cat "$BASE_GIT/debian-version")" build/exp/ic/fullreport
