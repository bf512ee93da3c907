#!/bin/bash
cd /work/main
P49=/tmp/lat/bzImage-49
OLD=build/results/bench-20261203-061148/bzImage-linux
o=/tmp/lat/two-out
scripts/vm-run.sh -k $P49 -o $o/1-p49 -t 600 -- bash /tmp/lat/two.sh
scripts/vm-run.sh -k $OLD -o $o/2-old53 -t 600 -- bash /tmp/lat/two.sh
