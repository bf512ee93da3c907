#!/bin/sh
# Runs inside the guest (see vm-run.sh): guest-wrap.sh RESULTS cmd args...
res=$1
shift
ulimit -c 0
"$@" >"$res/out.log" 2>&1
echo $? >"$res/status.tmp"
dmesg >"$res/dmesg.txt"
mv "$res/status.tmp" "$res/status"
