#!/bin/bash
# Runs inside the guest (see vm-run.sh): guest-wrap.sh RESULTS cmd args...
res=$1
shift
ulimit -c 0
# virtme-ng points /dev/stdout and /dev/stderr at its own virtio ports;
# kselftest's runner writes to /dev/stdout, so make them the usual links.
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
"$@" 2>&1 | cat >"$res/out.log"
echo "${PIPESTATUS[0]}" >"$res/status.tmp"
dmesg >"$res/dmesg.txt"
mv "$res/status.tmp" "$res/status"
